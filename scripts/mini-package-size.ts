/**
 * A mini-program build's package sizes as the hosts count them (issue 28 item 3, `npm run size`):
 * the bytes of every file but source maps; the main package is every file outside the subpackage
 * roots its app.json names (weapp `subPackages`, alipay `subPackages` or `subpackages`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/** Every file under dir with its size, paths relative to dir with '/'. */
function files(dir: string, base = dir): { rel: string; bytes: number }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return files(full, base)
    return [{ rel: path.relative(base, full).split(path.sep).join('/'), bytes: statSync(full).size }]
  })
}

/** What the hosts allow: a main package (and each subpackage) of 2 MB at most. */
export const MINI_HOST_LIMIT = 2 * 1024 * 1024
/** Issue 28 item 3: the main package stays within 1 MiB on both hosts, room for the pages to come. */
export const MINI_MAIN_GOAL = 1024 * 1024

/** The subpackage roots app.json names, each with '/' at the end. */
function subpackageRoots(dir: string): string[] {
  const app = JSON.parse(readFileSync(path.join(dir, 'app.json'), 'utf8')) as { subPackages?: { root: string }[]; subpackages?: { root: string }[] }
  return (app.subPackages ?? app.subpackages ?? []).map((p) => p.root.replace(/^\/|\/$/g, '') + '/')
}

/** A mini-program build's main package and total bytes (source maps are not uploaded). */
export function packageSizes(dir: string): { main: number; total: number; subpackages: number } {
  const roots = subpackageRoots(dir)
  const all = files(dir).filter((f) => !f.rel.endsWith('.map'))
  const total = all.reduce((n, f) => n + f.bytes, 0)
  const main = all.filter((f) => !roots.some((r) => f.rel.startsWith(r))).reduce((n, f) => n + f.bytes, 0)
  return { main, total, subpackages: roots.length }
}

/** Each subpackage's bytes (root without the '/'), largest first. */
export function subpackageSizes(dir: string): { root: string; bytes: number }[] {
  const all = files(dir).filter((f) => !f.rel.endsWith('.map'))
  return subpackageRoots(dir)
    .map((r) => ({ root: r.slice(0, -1), bytes: all.filter((f) => f.rel.startsWith(r)).reduce((n, f) => n + f.bytes, 0) }))
    .sort((a, b) => b.bytes - a.bytes)
}

