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

/** A mini-program build's main package and total bytes (source maps are not uploaded). */
export function packageSizes(dir: string): { main: number; total: number; subpackages: number } {
  const app = JSON.parse(readFileSync(path.join(dir, 'app.json'), 'utf8')) as { subPackages?: { root: string }[]; subpackages?: { root: string }[] }
  const roots = (app.subPackages ?? app.subpackages ?? []).map((p) => p.root.replace(/^\/|\/$/g, '') + '/')
  const all = files(dir).filter((f) => !f.rel.endsWith('.map'))
  const total = all.reduce((n, f) => n + f.bytes, 0)
  const main = all.filter((f) => !roots.some((r) => f.rel.startsWith(r))).reduce((n, f) => n + f.bytes, 0)
  return { main, total, subpackages: roots.length }
}

