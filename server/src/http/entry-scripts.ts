/**
 * The app's own scripts inside the HTML of `/` for a phone that has not got them yet (issue 28
 * item 2; docs/first-load.md "2 Dec").
 *
 * The H5 build names three scripts in index.html's head (Taro's runtime, React DOM, the app:
 * `defer`, fetched at high priority by config/entry-scripts-plugin.js). As files, a phone over a
 * weak signal asks for them only once the HTML has come and its commit has run, each on a
 * connection of its own (HTTP/1.1: a handshake and a round trip before its first byte), and
 * nothing on screen can draw before they have come. Inside the HTML they arrive with it, on the
 * connection it already has: Lighthouse's simulated LCP fell 2.04 → 1.79 s on Home and 2.17 →
 * 1.97 s on the goods list (medians of three runs each, this machine, the same hour).
 *
 * Inline scripts are not cached apart from the page, so only a phone that lacks them gets them
 * inline. Once such a page has loaded and the phone is idle, index.html's first script has the
 * files fetched into the browser's cache (`<link rel="prefetch">`) and, when all have come, sets
 * the cookie BOOT_COOKIE to the build's key; a later `/` with that cookie gets the script tags as
 * the build wrote them, answered from the cache. So the return from a payment page or a reload
 * costs no script bytes. A new build has another key. A phone that asks to save data
 * (`Save-Data: on`) gets the files, which it keeps, as before.
 *
 * Written at the end of <body>, in their order: run there, after the document above them is
 * parsed, as `defer` scripts run. The Content-Security-Policy allows them by hash
 * (security-headers.ts, entryScriptHashes, computed at start), and the first-screen route inlines
 * only scripts whose hashes that policy holds, so a build replaced while the server runs is served
 * as files until the server restarts.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** The cookie that says this phone has the build's scripts cached: its value is EntryScripts.key. */
export const BOOT_COOKIE = 'so-scripts'
/** The id of the data block naming the inlined scripts and the build's key (src/index.html reads it). */
export const BOOT_ID = 'so-scripts'
/** More than this in all and the scripts stay files: a page that large would be slower than its round trips. */
const INLINE_SCRIPTS_MAX = 1024 * 1024

export interface EntryScripts {
  /** The build's script tags, as index.html has them. */
  tags: string[]
  /** Their paths ('/js/app.0789ecc0.js'). */
  files: string[]
  /** Their sources, in order. */
  sources: string[]
  /** 'sha256-…' of each source, as a Content-Security-Policy names an inline script. */
  hashes: string[]
  /** Names this build's scripts (the files' hashed names): the cookie's value. */
  key: string
}

const SCRIPT_TAG = /<script\b([^>]*)\bsrc="(\/js\/[\w.-]+\.js)"([^>]*)><\/script>/g

/**
 * The head's script tags of index.html and their sources, when every one can come inline
 * unchanged: a file of the build, readable, and nothing in it that would end the <script> element
 * or change how it is parsed ('</script', or '<!--', after which a '<script' would hide the end:
 * HTML's script data states; React DOM's own '<script><\/script>' is harmless without it), nor a
 * carriage return or NUL, which the parser rewrites before the browser hashes the text (a line
 * break becomes '\n', NUL U+FFFD), so the policy's hash would refuse it and the app would not
 * start (an unminified build's scripts hold CRLF line ends). Null otherwise, or when there is none.
 */
export function entryScripts(staticDir: string, html: string): EntryScripts | null {
  const head = html.slice(0, Math.max(0, html.search(/<\/head>/i)))
  const tags: string[] = []
  const files: string[] = []
  const sources: string[] = []
  let total = 0
  for (const m of head.matchAll(SCRIPT_TAG)) {
    // Only the build's deferred scripts: one that runs where it stands must stay where it is.
    if (!/\bdefer\b/.test(`${m[1]} ${m[3]}`) || /\b(async|type|nomodule)\b/.test(`${m[1]} ${m[3]}`)) return null
    let source: string
    try {
      source = fs.readFileSync(path.join(staticDir, m[2]), 'utf8')
    } catch {
      return null
    }
    if (/<\/script|<!--|[\r\0]/i.test(source)) return null
    total += source.length
    tags.push(m[0])
    files.push(m[2])
    sources.push(source)
  }
  if (!tags.length || total > INLINE_SCRIPTS_MAX) return null
  const hashes = sources.map(cspHash)
  const key = createHash('sha256').update(files.join('\n')).digest('base64url').slice(0, 16)
  return { tags, files, sources, hashes, key }
}

/** An inline script's source as a Content-Security-Policy allows it: 'sha256-…'. */
export const cspHash = (source: string): string => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`

/** The build's index.html, or null when there is no build. */
export function readIndexHtml(staticDir: string): string | null {
  try {
    return fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8')
  } catch {
    return null
  }
}

/** The hashes of the scripts the first-screen route may inline, for the Content-Security-Policy. */
export function entryScriptHashes(staticDir: string): string[] {
  const html = readIndexHtml(staticDir)
  return (html && entryScripts(staticDir, html)?.hashes) || []
}

/**
 * The page with the scripts inside it: their tags taken out of the head, and at the end of the
 * body the data block naming them (for the prefetch and the cookie) and the scripts themselves.
 */
export function withInlineScripts(html: string, scripts: EntryScripts): string {
  let out = html
  for (const tag of scripts.tags) out = out.split(tag).join('')
  const boot = JSON.stringify({ key: scripts.key, files: scripts.files }).replace(/</g, '\\u003c')
  const body = `<script type="application/json" id="${BOOT_ID}">${boot}</script>${scripts.sources.map((s) => `<script>${s}</script>`).join('')}`
  const end = out.lastIndexOf('</body>')
  // Spliced, not String.replace: a '$&' in a minified script would be read as a pattern.
  return end < 0 ? `${out}${body}` : `${out.slice(0, end)}${body}${out.slice(end)}`
}

/** Whether the request's cookies say the phone has these scripts cached. */
export function hasBootCookie(cookieHeader: string | string[] | undefined, key: string): boolean {
  const text = Array.isArray(cookieHeader) ? cookieHeader.join('; ') : (cookieHeader ?? '')
  for (const part of text.split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === BOOT_COOKIE && part.slice(at + 1).trim() === key) return true
  }
  return false
}
