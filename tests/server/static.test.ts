/** The H5 build and uploaded files served beside the gateway, with the right caching. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { createTestServer, type TestServer } from './helpers/test-server'

let server: TestServer
let dir: string
const script = `console.log(${JSON.stringify('點餐 '.repeat(200))})`

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-static-'))
  const h5 = path.join(dir, 'h5')
  const files = path.join(dir, 'files')
  fs.mkdirSync(path.join(h5, 'js'), { recursive: true })
  fs.mkdirSync(files, { recursive: true })
  fs.writeFileSync(path.join(h5, 'index.html'), '<!doctype html><html lang="zh-Hant"><title>ScanOrder</title></html>')
  fs.writeFileSync(path.join(h5, 'js', 'app.3f2a1b.js'), script)
  fs.writeFileSync(path.join(files, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
  server = await createTestServer({ staticDir: h5, filesDir: files })
})
afterAll(async () => {
  await server.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('static files', () => {
  it('serves index.html at / without long caching', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toContain('<title>ScanOrder</title>')
  })

  it('caches hashed assets for a year and gzips them for clients that accept it', async () => {
    const plain = await server.app.inject({ method: 'GET', url: '/js/app.3f2a1b.js' })
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)

    const gz = await server.app.inject({ method: 'GET', url: '/js/app.3f2a1b.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i)
    expect(gz.rawPayload.length).toBeLessThan(Buffer.byteLength(script))
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(script)
  })

  it('serves uploaded files at /files/', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/files/logo.png' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
  })

  it('keeps the gateway and health check working beside the static files', async () => {
    expect((await server.call('ShopListByPage', [{}])).body.errcode).toBe('0')
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true })
    expect((await server.app.inject({ method: 'GET', url: '/nope.js' })).statusCode).toBe(404)
    // The static wildcard does not swallow the gateway path.
    expect((await server.post('', {}, 'GET')).body.errcode).toBe('10008')
  })
})
