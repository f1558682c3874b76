/**
 * The app's scripts inside the HTML of / for a phone that has not got them (issue 28 item 2;
 * server/src/http/entry-scripts.ts): inline, in their order, at the end of the body, each allowed
 * by the Content-Security-Policy's hash of it; the script tags as the build wrote them for a phone
 * whose cookie says it has this build's files; never a script that would break out of its element.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { FIRST_ANSWERS_ID } from '../../src/core/first-answers'
import { entryScripts, hasBootCookie } from '../../server/src/http/entry-scripts'
import { createTestServer, type TestServer } from './helpers/test-server'
import { tableCode } from './helpers/table-codes'

const TAGS = ['/js/3743.1a2b3c4d.js', '/js/react-dom.1a2b3c4d.js', '/js/app.1a2b3c4d.js'].map((f) => `<script defer="defer" src="${f}" fetchpriority="high"></script>`)
const INDEX = `<!doctype html><html lang="zh-Hant"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>ScanOrder</title>${TAGS.join('')}<script>window.sized=1</script></head><body><div id="app"></div></body></html>`
/** Minified code holds what String.replace would read as a pattern ('$&', "$'"), and React DOM its own '<script><\/script>'. */
const SOURCES: Record<string, string> = {
  'js/3743.1a2b3c4d.js': 'var runtime="$&$\'$`";',
  'js/react-dom.1a2b3c4d.js': 'd.innerHTML="<script><\\/script>";',
  // Over 1 KB with the rest, so the page goes compressed.
  'js/app.1a2b3c4d.js': `window.app=1;/*${'app '.repeat(300)}*/`
}

let server: TestServer
let dir: string

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-entry-scripts-'))
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX)
  fs.mkdirSync(path.join(dir, 'js'))
  for (const [file, source] of Object.entries(SOURCES)) fs.writeFileSync(path.join(dir, file), source)
  server = await createTestServer({ staticDir: dir, filesDir: path.join(dir, 'files') })
})
afterAll(async () => {
  await server.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } })
/** Every inline <script> of a page that runs (not a data block): its source. */
const inlineScripts = (html: string) => [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc=|type="application\/json"/.test(m[1] ?? '')).map((m) => m[2])
const sha = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`
const named = (html: string) => JSON.parse(/<script type="application\/json" id="so-scripts">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as { key: string; files: string[] } | null

describe("the app's scripts inside the HTML", () => {
  it('come inline, in their order after the body, for a phone without the cookie: an entry URL and any other /', async () => {
    const code = await tableCode(server.db, 'B202-T01')
    for (const url of ['/', `/?QRCode=${encodeURIComponent(code)}`, '/?TableID=B202-T01']) {
      const res = await get(url)
      expect(res.statusCode).toBe(200)
      expect(String(res.headers.vary)).toMatch(/Cookie/)
      expect(String(res.headers.vary)).toMatch(/Save-Data/)
      const html = res.body
      for (const tag of TAGS) expect(html).not.toContain(tag)
      expect(inlineScripts(html)).toEqual(['window.sized=1', ...Object.values(SOURCES)])
      // After the app's root, where a deferred script would run: the document above them is parsed.
      expect(html.indexOf(SOURCES['js/3743.1a2b3c4d.js'])).toBeGreaterThan(html.indexOf('<div id="app">'))
      expect(named(html)).toEqual({ key: expect.stringMatching(/^[\w-]{16}$/), files: Object.keys(SOURCES).map((f) => `/${f}`) })
      if (url.includes('QRCode')) expect(html).toContain(`id="${FIRST_ANSWERS_ID}"`)
    }
  })

  it('each is allowed by the Content-Security-Policy, and nothing else inline is', async () => {
    const res = await get('/')
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1].split(' ')
    for (const source of inlineScripts(res.body)) expect(scriptSrc).toContain(sha(source))
    expect(scriptSrc).not.toContain("'unsafe-inline'")
    expect(scriptSrc).toHaveLength(1 + inlineScripts(res.body).length)
  })

  it("come as the build's script tags for a phone whose cookie names this build's files; another key or none gets them inline", async () => {
    const key = named((await get('/')).body)!.key
    const cached = await get('/', { cookie: `lang=en; so-scripts=${key}` })
    expect(inlineScripts(cached.body)).toEqual(['window.sized=1'])
    for (const tag of TAGS) expect(cached.body).toContain(tag)
    expect(named(cached.body)).toBeNull()
    expect(String(cached.headers.vary)).toMatch(/Cookie/)
    for (const cookie of ['so-scripts=old-build-key', `so-scripts-x=${key}`, `x=so-scripts=${key}`, '']) {
      expect(named((await get('/', { cookie })).body)?.key).toBe(key)
    }
  })

  it('come as files to a phone that asks to save data: it keeps them for every later page', async () => {
    const res = await get('/', { 'save-data': 'on' })
    for (const tag of TAGS) expect(res.body).toContain(tag)
    expect(named(res.body)).toBeNull()
    expect(String(res.headers.vary)).toMatch(/Save-Data/)
  })

  it('compressed as any page, and varying by both the cookie and the encoding', async () => {
    const res = await get('/', { 'accept-encoding': 'br' })
    expect(res.headers['content-encoding']).toBe('br')
    expect(String(res.headers.vary).split(/,\s*/).sort()).toEqual(['Accept-Encoding', 'Cookie', 'Save-Data'])
    expect(inlineScripts(zlib.brotliDecompressSync(res.rawPayload).toString('utf8'))).toHaveLength(4)
  })

  it('stay files when the build replaced while the server runs has scripts its policy does not allow', async () => {
    const file = path.join(dir, 'js', 'app.1a2b3c4d.js')
    fs.writeFileSync(file, 'window.app=2;')
    // The first-screen route reads index.html again when it changes.
    const later = new Date(Date.now() + 5000)
    fs.utimesSync(path.join(dir, 'index.html'), later, later)
    try {
      const res = await get('/')
      for (const tag of TAGS) expect(res.body).toContain(tag)
      expect(res.body).not.toContain('window.app=2')
    } finally {
      fs.writeFileSync(file, SOURCES['js/app.1a2b3c4d.js'])
      const again = new Date(Date.now() + 10000)
      fs.utimesSync(path.join(dir, 'index.html'), again, again)
    }
    expect(named((await get('/')).body)).not.toBeNull()
  })
})

describe('which scripts can come inline (entryScripts)', () => {
  const made: string[] = []
  afterAll(() => {
    for (const d of made) fs.rmSync(d, { recursive: true, force: true })
  })
  const build = (index: string, files: Record<string, string>) => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-entry-build-'))
    made.push(d)
    fs.mkdirSync(path.join(d, 'js'))
    for (const [f, s] of Object.entries(files)) fs.writeFileSync(path.join(d, f), s)
    return entryScripts(d, index)
  }
  const tag = (f: string, extra = 'defer="defer"') => `<script ${extra} src="/${f}"></script>`
  const page = (tags: string) => `<html><head>${tags}</head><body></body></html>`

  it("none when one would end its element or change how it is parsed, is missing, runs where it stands or is a module's", () => {
    expect(build(page(tag('js/a.js')), { 'js/a.js': 'x="</SCRIPT>"' })).toBeNull()
    expect(build(page(tag('js/a.js')), { 'js/a.js': 'x="<!--<script>"' })).toBeNull()
    // The parser turns CRLF into LF and NUL into U+FFFD before the browser hashes the text: the policy's hash would not match.
    expect(build(page(tag('js/a.js')), { 'js/a.js': 'a=1;\r\nb=2' })).toBeNull()
    expect(build(page(tag('js/a.js')), { 'js/a.js': '/*\0*/a=1' })).toBeNull()
    expect(build(page(tag('js/a.js') + tag('js/b.js')), { 'js/a.js': 'a=1' })).toBeNull()
    expect(build(page(tag('js/a.js', '')), { 'js/a.js': 'a=1' })).toBeNull()
    expect(build(page(tag('js/a.js', 'defer type="module"')), { 'js/a.js': 'a=1' })).toBeNull()
    expect(build(page(''), {})).toBeNull()
  })

  it('the key names the files, so a new build has another', () => {
    const a = build(page(tag('js/a.1.js')), { 'js/a.1.js': 'a=1' })!
    const b = build(page(tag('js/a.2.js')), { 'js/a.2.js': 'a=1' })!
    expect(a.key).not.toBe(b.key)
    expect(a.hashes).toEqual([sha('a=1')])
    expect(hasBootCookie(`so-scripts=${a.key}`, a.key)).toBe(true)
    expect(hasBootCookie([`x=1`, ` so-scripts=${a.key} `], a.key)).toBe(true)
    expect(hasBootCookie(`so-scripts=${b.key}`, a.key)).toBe(false)
    expect(hasBootCookie(undefined, a.key)).toBe(false)
  })
})
