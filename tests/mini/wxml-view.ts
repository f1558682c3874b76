/**
 * The chat-app build's pages rendered by WeChat's own tools: the build's base.wxml, comp.wxml and
 * utils.wxs compiled by WeChat's WXML compiler (wcc, npm miniprogram-compiler) and rendered by
 * j-component (exparser) through miniprogram-simulate into a DOM (jsdom). A test then reads the
 * text the templates put on screen, and a tap goes to a rendered element and bubbles through the
 * templates' own bindtap="eh" bindings, as on a phone. No such renderer exists for the payment
 * app's AXML: the alipay build is read from its setData tree (view-tree.ts).
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * The little of miniprogram-simulate used here, typed locally: its own typings pull in
 * miniprogram-api-typings, whose globals (a mini-program's `require` …) would replace Node's in
 * the whole project's typecheck.
 */
interface Simulate {
  load(componentPath: string, options: { compiler: 'official'; rootPath: string }): string
  render(id: string): Rendered
}
interface Rendered {
  dom: unknown
  setData(data: Record<string, unknown>): void
  attach(parent: unknown): void
  detach(): void
}

// Resolved from the project, whichever module format the test runner gives this file.
const projectRequire = createRequire(path.join(process.cwd(), 'package.json'))

let simulate: Simulate | null = null
/** Where the rendered view's `eh` goes: the page instance's own handler. One page is rendered at a time per process. */
let forward: ((event: unknown) => void) | null = null

/** Loads jsdom globals, then miniprogram-simulate (it needs a DOM when it loads). */
function loadSimulate(): Simulate {
  if (simulate) return simulate
  const { JSDOM } = projectRequire('jsdom') as typeof import('jsdom')
  const dom = new JSDOM('<!doctype html><html><body></body></html>')
  const g = globalThis as Record<string, unknown>
  for (const k of ['window', 'document', 'Node', 'Element', 'HTMLElement', 'Event', 'CustomEvent', 'MutationObserver', 'TouchEvent', 'Touch', 'getComputedStyle'] as const) {
    if (g[k] === undefined) g[k] = k === 'window' ? dom.window : (dom.window as unknown as Record<string, unknown>)[k]
  }
  g.__miniHostDoubleForward = (e: unknown) => forward?.(e)
  simulate = projectRequire('miniprogram-simulate') as Simulate
  return simulate
}

interface Exparser {
  Event: { create(name: string, detail: unknown, options: unknown): unknown; dispatchEvent(target: unknown, event: unknown): void }
}

/** exparser, the component framework j-component renders with (WeChat's own). */
function exparser(): Exparser {
  const from = path.dirname(projectRequire.resolve('j-component'))
  return projectRequire(projectRequire.resolve('miniprogram-exparser', { paths: [from] })) as Exparser
}

export class WxmlView {
  private readonly dir: string
  private readonly comp: Rendered
  private renderedPage: object | null = null
  private renderedVersion = -1

  constructor(buildDir: string) {
    const sim = loadSimulate()
    this.dir = mkdtempSync(path.join(tmpdir(), 'so-wxml-'))
    for (const f of ['base.wxml', 'comp.wxml', 'utils.wxs']) copyFileSync(path.join(buildDir, f), path.join(this.dir, f))
    // A page's own wxml is always these two lines (Taro renders every page from base.wxml).
    writeFileSync(path.join(this.dir, 'page.wxml'), '<import src="./base.wxml"/>\n<template is="taro_tmpl" data="{{root:root}}" />\n')
    writeFileSync(path.join(this.dir, 'page.json'), JSON.stringify({ component: true, usingComponents: { comp: './comp' } }))
    // Stand-ins for the page and for Taro's comp.js: data in, taps out to the running page.
    const handler = 'methods: { eh: function (e) { globalThis.__miniHostDoubleForward(e) } }'
    writeFileSync(path.join(this.dir, 'page.js'), `Component({ data: { root: { cn: [] } }, ${handler} })\n`)
    writeFileSync(path.join(this.dir, 'comp.json'), JSON.stringify({ component: true, usingComponents: { comp: './comp' } }))
    writeFileSync(path.join(this.dir, 'comp.js'), `Component({ properties: { i: { type: Object, value: {} }, l: { type: String, value: '' } }, ${handler} })\n`)
    const id = sim.load(path.join(this.dir, 'page'), { compiler: 'official', rootPath: this.dir })
    this.comp = sim.render(id)
    this.comp.attach((globalThis as unknown as { document: Document }).document.body)
  }

  /** Renders `page`'s tree when another page is on show or its data changed since the last render. */
  render(page: object, root: unknown, version: number): void {
    if (page === this.renderedPage && version === this.renderedVersion) return
    this.comp.setData({ root: JSON.parse(JSON.stringify(root ?? { cn: [] })) })
    this.renderedPage = page
    this.renderedVersion = version
  }

  /** The rendered text, one text node per line. */
  text(): string {
    const out: string[] = []
    const walk = (n: Node) => {
      if (n.nodeType === 3) {
        const t = (n.textContent ?? '').trim()
        if (t) out.push(t)
      }
      n.childNodes.forEach(walk)
    }
    walk(this.comp.dom as unknown as Node)
    return out.join('\n')
  }

  /**
   * Taps the innermost rendered element whose text is `label` (or matches it), with the page's
   * handler receiving what the templates pass. Resolves after the tap has bubbled.
   */
  async tap(label: string | RegExp, index: number, onEvent: (event: unknown) => void, event: { type: string; detail: Record<string, unknown> } = { type: 'tap', detail: { x: 0, y: 0 } }): Promise<boolean> {
    const matches = (s: string) => (typeof label === 'string' ? s === label.trim() : label.test(s))
    const hits: Element[] = []
    const walk = (el: Element) => {
      const kids = Array.from(el.children)
      const inner = kids.some((k) => contains(k))
      // The element reads the label, or holds it as a text of its own beside other elements
      // ('I have read and agree to the' + a link): a tap on that text lands on this element.
      const ownText = Array.from(el.childNodes).some((n) => n.nodeType === 3 && matches((n.textContent ?? '').trim()))
      if (el.getAttribute('data-sid') && (ownText || (!inner && matches(this.textOf(el))))) hits.push(el)
      kids.forEach(walk)
    }
    const contains = (el: Element): boolean => matches(this.textOf(el)) || Array.from(el.children).some(contains)
    walk(this.comp.dom as unknown as Element)
    const el = hits[index]
    if (!el) return false
    // The tap goes to exparser's element behind the DOM node and bubbles through the templates'
    // bindings, as j-component's own dispatchEvent does (minus a DOM event Node's globals cannot make).
    const element = (el as unknown as { __wxElement?: unknown }).__wxElement
    if (!element) return false
    forward = onEvent
    exparser().Event.dispatchEvent(
      element,
      exparser().Event.create(event.type, event.detail, { bubbles: true, composed: true, capturePhase: true, extraFields: { touches: [], changedTouches: [] } })
    )
    await new Promise((r) => setImmediate(r))
    return true
  }

  private textOf(el: Element): string {
    const parts: string[] = []
    const walk = (n: Node) => {
      if (n.nodeType === 3 && (n.textContent ?? '').trim()) parts.push((n.textContent ?? '').trim())
      n.childNodes.forEach(walk)
    }
    walk(el)
    return parts.join(' ')
  }

  dispose(): void {
    this.comp.detach()
    rmSync(this.dir, { recursive: true, force: true })
  }
}
