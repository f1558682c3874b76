/**
 * Compressed answers (issue 13 item 4): a large gateway answer (GoodsListByClass, a page of the
 * menu) comes in brotli or gzip when the client asks for it and plain when it does not; the H5
 * build's text files of 1 KB and more likewise (brotli first), smaller ones plain, and a file's
 * later requests get its best compression, made once; a file the build compressed goes as the
 * build made it.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { OPERATIONS } from '../../src/gateway/operation-list'
import { AUTH_CODE, createTestServer, DEMO_ENT, type TestServer } from './helpers/test-server'
import { B201, S101 } from './helpers/order-fixtures'

let server: TestServer
let dir: string
// A script like the build's: repetitive text, well over 1 KB.
const script = Array.from({ length: 400 }, (_, i) => `export function goods${i}(row){return row.GoodsName+' '+row.SalesPrice+' 點餐 ${i % 7}'}`).join('\n')
const small = 'console.log("hi")'
const builtScript = script.replace(/goods/g, 'dish')
const builtBrotli = zlib.brotliCompressSync(builtScript, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-compress-'))
  const h5 = path.join(dir, 'h5')
  fs.mkdirSync(path.join(h5, 'js'), { recursive: true })
  fs.writeFileSync(path.join(h5, 'index.html'), '<!doctype html><html lang="en"><title>ScanOrder</title></html>')
  fs.writeFileSync(path.join(h5, 'js', 'app.5e1f.js'), script)
  fs.writeFileSync(path.join(h5, 'js', 'tiny.5e1f.js'), small)
  // A script with the brotli copy the build makes beside it (config/precompress-plugin.js).
  fs.writeFileSync(path.join(h5, 'js', 'built.7c2d.js'), builtScript)
  fs.writeFileSync(path.join(h5, 'js', 'built.7c2d.js.br'), builtBrotli)
  server = await createTestServer({ staticDir: h5, filesDir: path.join(dir, 'files') }, { demoMenus: true })
})
afterAll(async () => {
  await server.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const menuPage = (headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/GetData',
    payload: new URLSearchParams({
      ServerType: OPERATIONS.GoodsListByClass,
      KeyName: 'GoodsListByClass',
      strJsonData: JSON.stringify({ tableData: [{ EntID: DEMO_ENT, UserID: 'guest', AppName: 'ScanOrder-test', ShopID: S101, BaseID: B201, PageSize: 30 }] }),
      AuthCode: AUTH_CODE,
      IsRSA: '0',
      EntID: DEMO_ENT
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', ...headers }
  })

describe('gateway answers', () => {
  it('GoodsListByClass (a menu page, well over 1 KB) comes in brotli or gzip when asked, plain when not, the same JSON each way', async () => {
    const plain = await menuPage()
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    const json = JSON.parse(plain.body)
    expect(json.errcode).toBe('0')
    expect(json.data.table1.length).toBeGreaterThan(10)
    expect(plain.rawPayload.length).toBeGreaterThan(4096)

    const br = await menuPage({ 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i)
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(json)

    const gz = await menuPage({ 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(json)

    // Refused encodings (q=0) are not used.
    const none = await menuPage({ 'accept-encoding': 'br;q=0, gzip;q=0' })
    expect(none.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(none.body)).toEqual(json)
  })
})

describe('static files', () => {
  it('a script of 1 KB or more comes in brotli to a browser, gzip to a gzip-only client, plain otherwise', async () => {
    const plain = await server.app.inject({ method: 'GET', url: '/js/app.5e1f.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)

    const br = await server.app.inject({ method: 'GET', url: '/js/app.5e1f.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i)
    expect(String(br.headers.etag)).toMatch(/^W\//)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script)

    const gz = await server.app.inject({ method: 'GET', url: '/js/app.5e1f.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(script)
  })

  it('later requests for the same file get its best compression, no larger than the first', async () => {
    const ask = () => server.app.inject({ method: 'GET', url: '/js/app.5e1f.js', headers: { 'accept-encoding': 'br' } })
    const first = await ask()
    // The best brotli is made in the background; it takes a moment.
    let later = await ask()
    for (let i = 0; i < 10 && later.rawPayload.length >= first.rawPayload.length; i++) {
      await new Promise((r) => setTimeout(r, 20))
      later = await ask()
    }
    expect(later.rawPayload.length).toBeLessThanOrEqual(first.rawPayload.length)
    expect(later.headers['content-length']).toBe(String(later.rawPayload.length))
    expect(zlib.brotliDecompressSync(later.rawPayload).toString('utf8')).toBe(script)
  })

  it("a script with the build's brotli copy beside it: that copy, as it is, to a browser; the script itself to others", async () => {
    const br = await server.app.inject({ method: 'GET', url: '/js/built.7c2d.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(String(br.headers['content-type'])).toMatch(/javascript/)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(Buffer.compare(br.rawPayload, builtBrotli)).toBe(0)
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(builtScript)

    const gz = await server.app.inject({ method: 'GET', url: '/js/built.7c2d.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(builtScript)
    const plain = await server.app.inject({ method: 'GET', url: '/js/built.7c2d.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(builtScript)
  })

  it('files under 1 KB go plain', async () => {
    const tiny = await server.app.inject({ method: 'GET', url: '/js/tiny.5e1f.js', headers: { 'accept-encoding': 'gzip, br' } })
    expect(tiny.statusCode).toBe(200)
    expect(tiny.headers['content-encoding']).toBeUndefined()
    expect(tiny.body).toBe(small)
    const index = await server.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } })
    expect(index.headers['content-encoding']).toBeUndefined()
    expect(index.body).toContain('<title>ScanOrder</title>')
  })
})
