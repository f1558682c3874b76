/**
 * The page's view as the mini-program host would hold it: Taro's setData patches applied to one
 * tree ({ root: { cn: [...] } }), read back as text, searched, and the element ids a tap goes
 * through. Which node kinds bind a tap is read from the build's own base template
 * (base.wxml / base.axml), so a tap bubbles exactly through the elements the host would call
 * the page's `eh` handler for.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

/** One node of Taro's setData tree: nn (template id), sid (element id), cn (children), v (text). */
export interface ViewNode {
  nn?: string
  sid?: string
  uid?: string
  v?: string
  cn?: ViewNode[]
  [prop: string]: unknown
}

/** Applies one setData payload ('root.cn.[0].cn.[2].v': 'x', 'root.cn': [...]) to `data`. */
export function applySetData(data: Record<string, unknown>, patch: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(patch)) {
    const parts = [...key.matchAll(/\[(\d+)\]|[^.[\]]+/g)].map((m) => (m[1] !== undefined ? Number(m[1]) : m[0]))
    let at: Record<string | number, unknown> = data
    for (let i = 0; i < parts.length - 1; i++) {
      const k = parts[i]
      const next = at[k]
      if (next === null || typeof next !== 'object') at[k] = typeof parts[i + 1] === 'number' ? [] : {}
      at = at[k] as Record<string | number, unknown>
    }
    // A deep copy: the page may reuse the objects it hands over (the host copies them too).
    at[parts[parts.length - 1]] = value === undefined ? undefined : JSON.parse(JSON.stringify(value))
  }
}

/** What the build's base template says about each node kind (nn). */
export interface TemplateFacts {
  /** nn → the host component it renders ('view', 'text', 'button', '#text' …). */
  tags: Map<string, string>
  /** nn of the kinds whose template binds tap to the page's `eh`. */
  tapBound: Set<string>
}

export function readTemplateFacts(buildDir: string, kind: 'weapp' | 'alipay'): TemplateFacts {
  const file = path.join(buildDir, kind === 'weapp' ? 'base.wxml' : 'base.axml')
  const source = readFileSync(file, 'utf8')
  const tags = new Map<string, string>()
  const tapBound = new Set<string>()
  const variantTags = new Map<string, string>()
  const tapAttr = kind === 'weapp' ? /\bbindtap="eh"/ : /\bonTap="eh"/
  for (const m of source.matchAll(/<template name="tmpl_0_([0-9a-z_]+)"[^>]*>([\s\S]*?)<\/template>\s*(?=<template name|$)/g)) {
    const nn = m[1]
    if (nn.includes('_')) {
      // focus/blur variants of input and textarea: the kind itself only picks one of them.
      const [base] = nn.split('_')
      const tag = /^\s*<([a-z-]+)/.exec(m[2])?.[1]
      if (tag && tags.get(base) === 'template') tags.set(base, tag)
      else if (tag) variantTags.set(base, tag)
      continue
    }
    const body = m[2].trim()
    const tag = /^<([a-z-]+)/.exec(body)?.[1]
    tags.set(nn, body.includes('{{i.v}}') && (tag === 'block' || !tag) ? '#text' : tag === 'template' && variantTags.has(nn) ? variantTags.get(nn)! : tag ?? '?')
    const open = /^<[^>]*>/.exec(body)?.[0] ?? ''
    if (tapAttr.test(open)) tapBound.add(nn)
  }
  return { tags, tapBound }
}

/** The text a person would read, one text node per line, in document order. */
export function treeText(root: ViewNode | undefined, facts: TemplateFacts): string {
  const lines: string[] = []
  const walk = (n: ViewNode) => {
    const tag = n.nn !== undefined ? facts.tags.get(String(n.nn)) : undefined
    if (tag === '#text' || (n.v !== undefined && !n.cn)) {
      const t = String(n.v ?? '').trim()
      if (t) lines.push(t)
      return
    }
    // Form fields show their value or placeholder: Taro keeps them as props (p-numbers differ per
    // build); a field's text is found by what it holds, so inputs are read through their value.
    for (const c of n.cn ?? []) walk(c)
  }
  if (root) walk(root)
  return lines.join('\n')
}

/** Path from the root to each node whose own text (all its text nodes joined) matches. */
export function findByText(root: ViewNode | undefined, facts: TemplateFacts, match: string | RegExp): ViewNode[][] {
  const found: ViewNode[][] = []
  const test = (s: string) => (typeof match === 'string' ? s === match.trim() : match.test(s))
  const walk = (n: ViewNode, trail: ViewNode[]) => {
    const here = [...trail, n]
    const kids = n.cn ?? []
    const deeper = kids.some((c) => test(treeText(c, facts).replace(/\n/g, ' ')) || containsMatch(c))
    if (!deeper && n.sid && test(treeText(n, facts).replace(/\n/g, ' '))) found.push(here)
    for (const c of kids) walk(c, here)
  }
  const containsMatch = (n: ViewNode): boolean => (n.cn ?? []).some((c) => test(treeText(c, facts).replace(/\n/g, ' ')) || containsMatch(c))
  if (root) walk(root, [])
  return found
}

/** Every node in document order with its ancestors. */
export function* walkTree(root: ViewNode | undefined, trail: ViewNode[] = []): Generator<ViewNode[]> {
  if (!root) return
  const here = [...trail, root]
  yield here
  for (const c of root.cn ?? []) yield* walkTree(c, here)
}

/**
 * The element ids the host calls `eh` for when `path`'s last node is tapped: that node and every
 * ancestor whose template binds tap, innermost first (the hosts bubble a tap this way).
 */
export function tapChain(pathToNode: ViewNode[], facts: TemplateFacts): string[] {
  const ids: string[] = []
  for (let i = pathToNode.length - 1; i >= 0; i--) {
    const n = pathToNode[i]
    if (n.sid && n.nn !== undefined && facts.tapBound.has(String(n.nn))) ids.push(String(n.uid || n.sid))
  }
  return ids
}
