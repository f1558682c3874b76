/**
 * The HTTP edges a stranger reaches first (issue 11, findings 4, 6, 7; items 6, 7 and 9): a Host
 * header that is no valid authority never makes a 500, slow clients are dropped while others are
 * served, security headers on everything, JSON answers compressed, cross-site form posts refused,
 * and request logs that stay quiet in production.
 */
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { OPERATIONS } from '../../src/gateway/operation-list'
import { loadConfig } from '../../server/src/config'
import { buildApp } from '../../server/src/http/app'
import { createTestServer, AUTH_CODE, DEMO_ENT, ok, type TestServer } from './helpers/test-server'
import { gid, S101, B201 } from './helpers/order-fixtures'

const BAD_HOSTS = ['x.example:99999', 'x:abc', '[::1', 'a b', 'x.example:']

/** Operations that answer links or picture URLs, with records that are valid for the demo. */
const LINK_READS: [string, Record<string, unknown>][] = [
  ['ServiceLinkGet', {}],
  ['ShopListByPage', {}],
  ['HomeShopDetailsGet', { QRCode: 'QR-S101' }],
  ['GoodsClassAllGet', { ShopID: S101, BaseID: B201 }],
  ['GoodsListByClass', { ShopID: S101, BaseID: B201, PageSize: 7 }],
  ['ShopHomeGoodsByPage', { ShopID: S101, BaseID: B201, PageIndex: 1, PageSize: 5 }],
  ['GoodsDetailGet', { ShopID: S101, BaseID: B201, GoodsID: gid('F01') }],
  ['AttachmentChargingList', { ShopID: S101, BaseID: B201, GoodsID: gid('F01') }],
  ['GoodsBOMListGet', { ShopID: S101, BaseID: B201, GoodsID: gid('F01') }],
  ['GroundingShopList', { GoodsID: gid('F01') }],
  ['GoodsCommentListByPage', { GoodsID: gid('F01'), PageIndex: 1, PageSize: 5 }],
  ['AvailablePromotionGoods', { ShopID: S101, BaseID: B201 }]
]

let server: TestServer
let dir: string

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-edges-'))
  const h5 = path.join(dir, 'h5')
  fs.mkdirSync(path.join(h5, 'js'), { recursive: true })
  // Like Taro's build: an inline script (the rem sizing) and an inline style.
  fs.writeFileSync(path.join(h5, 'index.html'), '<!doctype html><html><head><style>#a{}</style><script>var x=1</script></head><body></body></html>')
  fs.writeFileSync(path.join(h5, 'js', 'app.1.js'), 'console.log(1)')
  const files = path.join(dir, 'files')
  fs.mkdirSync(files)
  fs.writeFileSync(path.join(files, 'p.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
  server = await createTestServer({ staticDir: h5, filesDir: files, allowedOrigins: ['https://app.shop.example'] } as object, { demoMenus: true })
})
afterAll(async () => {
  await server.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('Host headers that are no valid authority (finding 4)', () => {
  it.each(BAD_HOSTS)('Host %j: every link-building read answers, none with a 5xx', async (host) => {
    for (const [name, record] of LINK_READS) {
      const res = await server.call(name, [record], { headers: { host } })
      expect({ name, status: res.status, errcode: res.body.errcode }).toEqual({ name, status: 200, errcode: '0' })
    }
  })

  it('a bad Host gets links on the server default, a good one its own', async () => {
    const bad = ok(await server.call('ServiceLinkGet', [{}], { headers: { host: 'x:abc' } })).table1
    // The map tiles' row is a setting (MAP_TILE_URL), not a link on our origin.
    for (const link of bad.filter((l: { LinkType: string }) => l.LinkType !== 'tiles')) expect(link.Url).toMatch(/^http:\/\/localhost(:\d+)?\//)
    const good = ok(await server.call('ServiceLinkGet', [{}], { headers: { host: 'order.example.mo:8443' } })).table1
    expect(good.map((l: { Url: string }) => l.Url)).toContain('http://order.example.mo:8443/')
  })

  it('PUBLIC_URL fixes every prefix whatever the Host says', async () => {
    const fixed = await createTestServer({ publicUrl: 'https://order.shop.example' } as object)
    try {
      for (const host of ['x:abc', 'evil.example', 'order.shop.example']) {
        const links = ok(await fixed.call('ServiceLinkGet', [{}], { headers: { host } })).table1
        expect(links.map((l: { Url: string }) => l.Url)).toContain('https://order.shop.example/files/')
      }
    } finally {
      await fixed.close()
    }
  })

  it('PUBLIC_URL must be an absolute http(s) URL without a path', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'order.shop.example' })).toThrow(/PUBLIC_URL/)
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://order.shop.example' })).toThrow(/PUBLIC_URL/)
    expect(() => loadConfig({ PUBLIC_URL: 'https://order.shop.example/app' })).toThrow(/PUBLIC_URL/)
    expect((loadConfig({ PUBLIC_URL: 'https://Order.Shop.example/' }) as unknown as { publicUrl: string }).publicUrl).toBe('https://order.shop.example')
  })

  it('behind a trusted proxy, X-Forwarded-Host and -Proto give the prefix, validated the same way', async () => {
    const proxied = await createTestServer({ trustProxy: true })
    try {
      const links = ok(await proxied.call('ServiceLinkGet', [{}], { headers: { 'x-forwarded-host': 'pub.example', 'x-forwarded-proto': 'https' } })).table1
      expect(links.map((l: { Url: string }) => l.Url)).toContain('https://pub.example/files/')
      const bad = await proxied.call('ServiceLinkGet', [{}], { headers: { 'x-forwarded-host': 'pub.example:99999', 'x-forwarded-proto': 'https' } })
      expect(bad.status).toBe(200)
      expect(ok(bad).table1.every((l: { Url: string }) => !l.Url.includes('99999'))).toBe(true)
    } finally {
      await proxied.close()
    }
  })
})

describe('security headers (finding 7)', () => {
  const expectHardened = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['x-frame-options']).toBe('DENY')
    expect(String(headers['content-security-policy'])).toMatch(/frame-ancestors 'none'/)
    expect(headers['referrer-policy']).toBeDefined()
  }

  it('on the H5 app, with a CSP that lets its own inline script run and nothing foreign', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/' })
    expect(res.statusCode).toBe(200)
    expectHardened(res.headers)
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/)
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    expect(csp).toMatch(/object-src 'none'/)
  })

  it('on static files, gateway answers, gateway errors, 404s and the sandbox page', async () => {
    const script = await server.app.inject({ method: 'GET', url: '/js/app.1.js' })
    expectHardened(script.headers)
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin')
    // Uploaded pictures may be shown by an H5 build on an allowed origin.
    const picture = await server.app.inject({ method: 'GET', url: '/files/p.png' })
    expect(picture.statusCode).toBe(200)
    expectHardened(picture.headers)
    expect(picture.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expectHardened((await server.call('ShopListByPage', [{}])).headers)
    const error = await server.call('ShopListByPage', [{}], { authCode: 'wrong' })
    expect(error.body.errcode).toBe('10004')
    expectHardened(error.headers)
    expectHardened((await server.app.inject({ method: 'GET', url: '/nope/nothing' })).headers)
    const page = await server.app.inject({ method: 'GET', url: '/sandbox-pay/P-unknown?k=x' })
    expect(page.statusCode).toBe(404)
    expectHardened(page.headers)
  })
})

describe('compressed JSON answers (item 6)', () => {
  const menu = (headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url: '/GetData', payload: envelope('GoodsListByClass', { ShopID: S101, BaseID: B201, PageSize: 30 }), headers: { ...formHeaders, ...headers } })

  it('an answer above 1 KB comes gzipped or in brotli to a client that accepts it, and decodes to the same JSON', async () => {
    const plain = await menu()
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.length).toBeGreaterThan(1024)
    for (let i = 0; i < 2; i++) {
      const gz = await menu({ 'accept-encoding': 'gzip, deflate' })
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(String(gz.headers.vary)).toMatch(/accept-encoding/i)
      expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length)
      expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(JSON.parse(plain.body))
    }
    const br = await menu({ 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(JSON.parse(plain.body))
  })

  it('small answers go plain', async () => {
    const small = await server.call('ServiceLinkGet', [{}], { headers: { 'accept-encoding': 'gzip, br' } })
    expect(small.headers['content-encoding']).toBeUndefined()
    const error = await server.call('ShopListByPage', [{}], { authCode: 'wrong', headers: { 'accept-encoding': 'gzip' } })
    expect(error.headers['content-encoding']).toBeUndefined()
  })
})

describe('cross-site form posts (item 7)', () => {
  // HelpFeedbackAdd writes a row: what a cross-site page would want to make a diner's browser do.
  const feedback = (headers: Record<string, string>) => server.call('HelpFeedbackAdd', [{ FbContent: 'edges', FbType: '1' }], { headers: { host: 'localhost:8080', ...headers } })

  it('refuses a browser post from another site (Origin), with a clear errcode', async () => {
    const res = await feedback({ origin: 'https://evil.example' })
    expect(res.status).toBe(403)
    expect(res.body.errcode).toBe('10011')
    expect(res.body.errmsg).toMatch(/another site/i)
    const zh = await server.call('HelpFeedbackAdd', [{ FbContent: 'x', FbType: '1' }], { lang: 'zh-TW', headers: { origin: 'null' } })
    expect(zh.body.errcode).toBe('10011')
    expect(zh.body.errmsg).not.toMatch(/[A-Za-z]{4}/)
  })

  it('refuses Sec-Fetch-Site: cross-site even without an Origin', async () => {
    expect((await feedback({ 'sec-fetch-site': 'cross-site' })).body.errcode).toBe('10011')
    expect((await feedback({ 'sec-fetch-site': 'same-site', origin: 'https://other.localhost' })).body.errcode).toBe('10011')
  })

  it('reads are refused the same way (one rule, nothing a cross-site page could use)', async () => {
    expect((await server.call('ShopListByPage', [{}], { headers: { origin: 'https://evil.example' } })).body.errcode).toBe('10011')
  })

  it('accepts mini-programs and apps (no Origin), the same origin, and an allowed origin', async () => {
    expect((await feedback({})).body.errcode).toBe('0')
    expect((await feedback({ origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' })).body.errcode).toBe('0')
    expect((await feedback({ origin: 'http://localhost:8080' })).body.errcode).toBe('0')
    expect((await feedback({ origin: 'https://app.shop.example', 'sec-fetch-site': 'cross-site' })).body.errcode).toBe('0')
  })
})

describe('slow clients (finding 6)', () => {
  it('drops a client trickling headers or a body, and serves others meanwhile', async () => {
    const slow = await createTestServer({ headersTimeoutMs: 1000, requestTimeoutMs: 1500 } as object)
    try {
      await slow.app.listen({ port: 0, host: '127.0.0.1' })
      const port = (slow.app.server.address() as net.AddressInfo).port
      const headerTrickler = trickle(port, 'GET /healthz HTTP/1.1\r\nHost: a\r\n', () => 'X-Slow: 1\r\n')
      const bodyTrickler = trickle(port, 'POST /GetData HTTP/1.1\r\nHost: a\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n', () => 'a')
      // Meanwhile an ordinary request is answered.
      await new Promise((r) => setTimeout(r, 400))
      const healthy = await fetch(`http://127.0.0.1:${port}/healthz`)
      expect(healthy.status).toBe(200)
      const [headersClosed, bodyClosed] = await Promise.all([headerTrickler, bodyTrickler])
      expect(headersClosed).toBe(true)
      expect(bodyClosed).toBe(true)
    } finally {
      await slow.close()
    }
  })
})

describe('logs (item 9)', () => {
  it('production: no line per request at info; an unexpected error is logged with its request id', async () => {
    const lines: Record<string, unknown>[] = []
    const config = { ...server.config, production: true, logLevel: 'info', logFormat: 'json' as const }
    const failing = {
      ...server.providers,
      identity: { name: 'broken', verifiesPhones: false, exchangeCode: async () => Promise.reject(new Error('identity host down')), userInfo: async () => null }
    }
    const app = await buildApp({ config, db: server.db, providers: failing, logger: true, logStream: { write: (line: string) => lines.push(JSON.parse(line)) } } as never as Parameters<typeof buildApp>[0])
    try {
      const okRes = await app.inject({ method: 'POST', url: '/GetData', payload: envelope('ShopListByPage', {}), headers: formHeaders })
      expect(okRes.statusCode).toBe(200)
      expect(lines.filter((l) => Number(l.level) <= 30 && l.reqId)).toEqual([])
      const res = await app.inject({ method: 'POST', url: '/GetData', payload: envelope('ThirdPartyAccessTokenGet', { Code: 'dev:x' }), headers: formHeaders })
      expect(res.statusCode).toBe(500)
      const errors = lines.filter((l) => l.level === 50)
      expect(errors).toHaveLength(1)
      expect(errors[0].reqId).toEqual(expect.any(String))
      expect(JSON.stringify(errors[0])).toContain('identity host down')
    } finally {
      await app.close()
    }
  })
})

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' }

function envelope(keyName: string, record: Record<string, unknown>): string {
  return new URLSearchParams({
    ServerType: (OPERATIONS as Record<string, string>)[keyName],
    KeyName: keyName,
    strJsonData: JSON.stringify({ tableData: [{ EntID: DEMO_ENT, UserID: 'u', AppName: 'edges', ...record }] }),
    AuthCode: AUTH_CODE,
    IsRSA: '0',
    EntID: DEMO_ENT
  }).toString()
}

/**
 * Opens a socket, writes `start`, then one more piece every 250 ms; resolves true once the
 * server closes it, false if it is still open after 4 s.
 */
function trickle(port: number, start: string, next: () => string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(start))
    const timer = setInterval(() => {
      if (!socket.destroyed && socket.writable) socket.write(next())
    }, 250)
    const done = (closed: boolean) => {
      clearInterval(timer)
      clearTimeout(limit)
      socket.destroy()
      resolve(closed)
    }
    const limit = setTimeout(() => done(false), 4000)
    socket.on('data', () => {})
    socket.on('error', () => {})
    socket.on('close', () => done(true))
    socket.on('end', () => done(true))
  })
}
