/**
 * Red-team review of issue 17 (uploads, reviews, after-sale, avatar), attacked over real HTTP as a
 * stranger and as a signed-in member: the local store's POST /storage/upload and GET /storage/…,
 * FileBatchNameGet's limits, the checks before a file is used (decompression bombs, pictures that
 * are something else) and copyRemoteImage (the host avatar a new member names: SSRF). SQLite, and
 * PostgreSQL with DATABASE_URL.
 *
 * Tests named "found:" failed before their fix (docs/security.md "Issue 17"); every other test is
 * an attack that was already refused, kept as a guard against regression.
 */
import dns from 'node:dns/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { MAX_PHOTOS, type UploadTicketRow } from '../../src/gateway/after-rows'
import { ERRCODES, RESULTCODES } from '../../src/gateway/codes'
import { copyRemoteImage, isPublicAddress, useCheckedImages } from '../../server/src/domain/files/uploaded-images'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
let base: string

beforeAll(async () => {
  server = await createTestServer({ uploadRatePerHour: 1000 }, { demoMenus: true })
  await openAllDay(server.db)
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`
})
afterAll(() => server.close())

const jpeg = (width = 64, height = 48): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer()

const tickets = (m: TestMember, files: Record<string, unknown>[], purpose = 'review') =>
  server.call('FileBatchNameGet', [{ Purpose: purpose, Files: files }], { headers: m.headers })
async function ticket(m: TestMember, type = 'image/jpeg', purpose = 'review', size = 1000): Promise<UploadTicketRow> {
  return ok(await tickets(m, [{ FileName: 'photo.jpg', FileSize: size, FileType: type }], purpose)).table1[0] as UploadTicketRow
}
const here = (url: string): string => new URL(new URL(url).pathname, base).toString()

/** POSTs the form as a browser would (fields, then the file), with fields replaced or added. */
async function upload(t: UploadTicketRow, body: Buffer | string, over: Record<string, string> = {}): Promise<Response> {
  const form = new FormData()
  for (const [k, v] of Object.entries({ ...t.FormFields, ...over })) form.append(k, v)
  form.append('file', new Blob([typeof body === 'string' ? body : new Uint8Array(body)], { type: 'image/jpeg' }), 'photo.jpg')
  return fetch(here(t.UploadUrl), { method: 'POST', body: form })
}

const use = (m: TestMember, fileIds: string[], purpose: 'review' | 'aftersale' | 'avatar' = 'review') =>
  useCheckedImages(server.db, server.providers.storage, { entId: 'E1001', vipId: m.vipId, purpose, fileIds })

/** A PNG whose header says width × height but whose data is a few bytes (a decompression bomb's header). */
function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf: Buffer) => {
    let c = 0xffffffff
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([len, body, sum])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 1 // bit depth 1
  ihdr[9] = 0 // greyscale
  // The first rows of zeros, highly compressed (the whole picture would be 50 MB of zeros).
  const idat = deflateSync(Buffer.alloc(Math.ceil(width / 8 + 1) * 64))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))])
}

describe('the local store (POST /storage/upload, GET /storage/…)', () => {
  test('a policy signed for one key does not write another: a changed key, a traversal, an absolute path, a backslash, a NUL', async () => {
    const m = await makeMember(server.db)
    const t = await ticket(m)
    const other = t.ObjectKey.replace(/[0-9a-f]{32}/, 'f'.repeat(32))
    for (const key of [other, `${t.ObjectKey}/../../../../images/x.jpg`, '/etc/passwd', 'uploads\\..\\..\\x', `${t.ObjectKey}\u0000.html`, '%2e%2e/%2e%2e/x']) {
      const res = await upload(t, await jpeg(), { key })
      expect(res.status).toBe(403)
      expect(await res.text()).toContain('Policy Condition failed')
    }
    // Field names are matched case-insensitively, as S3 does: a second 'KEY' is the same field, still checked.
    expect((await upload(t, await jpeg(), { KEY: other })).status).toBe(403)
    // Nothing was written under the other key or outside.
    expect(await server.providers.storage.read(other)).toBeNull()
  })

  test('a forged policy (own conditions, our signature of another policy) and a tampered expiry are refused', async () => {
    const m = await makeMember(server.db)
    const t = await ticket(m)
    const policy = JSON.parse(Buffer.from(t.FormFields.Policy, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] }
    const wide = Buffer.from(JSON.stringify({ ...policy, expiration: '2999-01-01T00:00:00Z', conditions: [...policy.conditions, ['content-length-range', 1, 1e9]] })).toString('base64')
    const res = await upload(t, await jpeg(), { Policy: wide })
    expect(res.status).toBe(403)
    expect(await res.text()).toContain('SignatureDoesNotMatch')
    expect((await upload(t, await jpeg(), { 'X-Amz-Signature': '0'.repeat(64) })).status).toBe(403)
  })

  test('multipart tricks: the file before the fields, no file, the file as a text field, a body past the limit', async () => {
    const m = await makeMember(server.db)
    const t = await ticket(m)
    const first = new FormData()
    first.append('file', new Blob([new Uint8Array(await jpeg())]), 'p.jpg')
    for (const [k, v] of Object.entries(t.FormFields)) first.append(k, v)
    expect((await fetch(here(t.UploadUrl), { method: 'POST', body: first })).status).toBe(403)
    const none = new FormData()
    for (const [k, v] of Object.entries(t.FormFields)) none.append(k, v)
    expect((await fetch(here(t.UploadUrl), { method: 'POST', body: none })).status).toBe(400)
    none.append('file', 'just text')
    expect((await fetch(here(t.UploadUrl), { method: 'POST', body: none })).status).toBe(400)
    const huge = await upload(t, Buffer.alloc(6 * 1024 * 1024, 1))
    expect([400, 413]).toContain(huge.status)
    expect(await server.providers.storage.read(t.ObjectKey)).toBeNull()
  })

  test('nothing but checked pictures is served: not the pending upload, no traversal, no listing', async () => {
    const m = await makeMember(server.db)
    const t = await ticket(m)
    expect((await upload(t, await jpeg())).status).toBe(200)
    const paths = [
      `/storage/${t.ObjectKey}`,
      `/storage/images/../${t.ObjectKey}`,
      `/storage/images/%2e%2e/${t.ObjectKey}`,
      `/storage/images/E1001/review/..%2f..%2f${t.ObjectKey}`,
      '/storage/',
      '/storage/images/',
      '/storage/images/E1001/review/'
    ]
    for (const path of paths) {
      const res = await fetch(`${base}${path}`)
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).not.toContain('image')
    }
  })

  test('HTML, SVG and an HTML/JPEG polyglot named as pictures are never used nor served', async () => {
    const m = await makeMember(server.db)
    const html = '<html><script>alert(document.cookie)</script></html>'
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'
    const polyglot = Buffer.concat([(await jpeg()).subarray(0, 20), Buffer.from(html)])
    for (const [type, body] of [['image/jpeg', html], ['image/png', svg], ['image/jpeg', polyglot]] as const) {
      const t = await ticket(m, type)
      expect((await upload(t, body, {})).status).toBe(200)
      await expect(use(m, [t.FileID])).rejects.toMatchObject({ code: 'UPLOAD_FILE_INVALID' })
    }
    // An SVG ticket is never signed.
    const svgTicket = await tickets(m, [{ FileName: 'a.svg', FileSize: 100, FileType: 'image/svg+xml' }])
    expect(svgTicket.body.resultcode).toBe(RESULTCODES.UPLOAD_FILE_INVALID)
  })

  test('a decompression bomb (a few KB claiming 20000 × 20000 pixels) is refused before decoding', async () => {
    const m = await makeMember(server.db)
    const bomb = pngClaiming(20000, 20000)
    expect(bomb.length).toBeLessThan(10_000)
    const t = await ticket(m, 'image/png')
    expect((await upload(t, bomb)).status).toBe(200)
    const started = Date.now()
    await expect(use(m, [t.FileID])).rejects.toMatchObject({ code: 'UPLOAD_FILE_INVALID' })
    expect(Date.now() - started).toBeLessThan(5000)
  })
})

describe('FileBatchNameGet abuse', () => {
  test('negative, fractional, NaN and huge sizes, odd dimensions, too many files, no session', async () => {
    const m = await makeMember(server.db)
    const file = { FileName: 'p.jpg', FileType: 'image/jpeg' }
    for (const FileSize of [-1, 0, 1.5, 'NaN', '1e3x', 1e20]) {
      const res = await tickets(m, [{ ...file, FileSize }])
      expect([ERRCODES.INVALID_INPUT, RESULTCODES.UPLOAD_FILE_INVALID, RESULTCODES.UPLOAD_TOO_LARGE]).toContain(res.body.errcode === ERRCODES.INVALID_INPUT ? res.body.errcode : res.body.resultcode)
      expect(res.status).toBeLessThan(500)
    }
    for (const Width of [-5, 1e12]) expect((await tickets(m, [{ ...file, FileSize: 10, Width }])).body.errcode).toBe(ERRCODES.INVALID_INPUT)
    const many = await tickets(m, Array.from({ length: 1000 }, () => ({ ...file, FileSize: 10 })))
    expect(many.body.errcode).toBe(ERRCODES.INVALID_INPUT)
    expect((await tickets(m, Array.from({ length: MAX_PHOTOS + 1 }, () => ({ ...file, FileSize: 10 })))).body.errcode).toBe(ERRCODES.INVALID_INPUT)
    const anon = await server.call('FileBatchNameGet', [{ Purpose: 'review', Files: [{ ...file, FileSize: 10 }] }])
    expect(anon.body.errcode).toBe(ERRCODES.LOGIN_REQUIRED)
    const rows = await server.db.selectFrom('uploads').select('file_id').where('vip_id', '=', m.vipId).execute()
    expect(rows).toEqual([])
  })

  test('a key is never made from the file name: traversal, HTML and long names are only recorded', async () => {
    const m = await makeMember(server.db)
    const res = ok(await tickets(m, [{ FileName: '../../<img src=x onerror=alert(1)>.jpg', FileSize: 10, FileType: 'image/jpeg' }]))
    expect(res.table1[0].ObjectKey).toMatch(new RegExp(`^uploads/E1001/review/${m.vipId}/[0-9a-f]{32}\\.jpg$`))
  })
})

describe('copyRemoteImage: no requests into our own network (SSRF)', () => {
  let inside: http.Server
  let port = 0
  let hits = 0
  beforeAll(async () => {
    const picture = await jpeg()
    inside = http.createServer((_req, res) => {
      hits++
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture)
    })
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve))
    port = (inside.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => inside.close(() => resolve())))

  const copy = (m: TestMember, url: string) => copyRemoteImage(server.db, server.providers.storage, { entId: 'E1001', vipId: m.vipId, purpose: 'avatar', url, now: new Date(), timeoutMs: 1000 })

  test('loopback by name, by number in any spelling, and private addresses are not fetched', async () => {
    const m = await makeMember(server.db)
    for (const host of ['localhost', '127.0.0.1', '2130706433', '0x7f.1', '127.1', '[::1]', '0.0.0.0']) {
      expect(await copy(m, `http://${host}:${port}/a.jpg`)).toBeNull()
    }
    expect(hits).toBe(0)
  })

  test('found: an IPv4-mapped IPv6 literal of loopback ([::ffff:127.0.0.1]) is not fetched', async () => {
    const m = await makeMember(server.db)
    hits = 0
    expect(await copy(m, `http://[::ffff:127.0.0.1]:${port}/a.jpg`)).toBeNull()
    expect(await copy(m, `http://[0:0:0:0:0:ffff:7f00:1]:${port}/a.jpg`)).toBeNull()
    expect(hits).toBe(0)
  })

  test('found: a name that answers a public address to the check and loopback to the fetch (DNS rebinding) is not fetched', async () => {
    const m = await makeMember(server.db)
    hits = 0
    // The attacker's name server: a public address the first time it is asked, loopback after.
    // 'localhost' stands for that name: the system resolves it to loopback whenever our mock does not answer.
    const real = dns.lookup.bind(dns)
    let asked = 0
    const spy = jest.spyOn(dns, 'lookup').mockImplementation((async (host: string, options: unknown) =>
      host === 'localhost' && asked++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : real(host, options as never)) as never)
    try {
      expect(await copy(m, `http://localhost:${port}/a.jpg`)).toBeNull()
    } finally {
      spy.mockRestore()
    }
    expect(asked).toBeGreaterThan(0)
    expect(hits).toBe(0)
  })

  test('found: IPv6 spellings of private and metadata addresses count as private', () => {
    const inner = [
      '::ffff:7f00:1', // IPv4-mapped loopback (the URL parser writes ::ffff:127.0.0.1 so)
      '::ffff:a9fe:a9fe', // mapped 169.254.169.254 (cloud metadata)
      '::ffff:a00:1', // mapped 10.0.0.1
      '::7f00:1', // IPv4-compatible loopback
      '::ffff:0:7f00:1', // SIIT-translated loopback
      '64:ff9b::a9fe:a9fe', // NAT64 of the metadata address
      '64:ff9b:1::a00:1', // local-use NAT64
      '2002:7f00:1::1', // 6to4 of loopback
      '2002:a9fe:a9fe::1', // 6to4 of the metadata address
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      'fec0::1', // site-local
      '100::1' // discard-only
    ]
    for (const address of inner) expect([address, isPublicAddress(address)]).toEqual([address, false])
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:5db8:d822', '2002:5db8:d822::1']) {
      expect([address, isPublicAddress(address)]).toEqual([address, true])
    }
  })
})

describe('FileBatchNameGet: the hourly limit under parallel requests', () => {
  let limited: TestServer
  beforeAll(async () => {
    limited = await createTestServer({ uploadRatePerHour: 12 })
  })
  afterAll(() => limited.close())

  test('found: twenty requests at once sign no more than the hourly limit', async () => {
    const m = await makeMember(limited.db)
    const files = Array.from({ length: MAX_PHOTOS }, () => ({ FileName: 'p.jpg', FileSize: 10, FileType: 'image/jpeg' }))
    const answers = await Promise.all(Array.from({ length: 20 }, () => limited.call('FileBatchNameGet', [{ Purpose: 'review', Files: files }], { headers: m.headers })))
    const signed = answers.filter((a) => a.body.errcode === '0' && a.body.resultcode === RESULTCODES.OK).length * MAX_PHOTOS
    expect(signed).toBeLessThanOrEqual(12)
    const rows = await limited.db.selectFrom('uploads').select('file_id').where('vip_id', '=', m.vipId).execute()
    expect(rows.length).toBeLessThanOrEqual(12)
  })
})

async function paidOrder(m: TestMember): Promise<{ sheetId: string; amount: string }> {
  const order = ok(await server.call('OrderSubmit', [{ ...takeaway([soupLine('1')]), RequestKey: requestKey() }], { headers: m.headers })).table1[0]
  ok(await server.call('BalancePay', [{ SheetID: order.SheetID, RequestKey: requestKey() }], { headers: m.headers }))
  return { sheetId: order.SheetID, amount: order.Amount }
}

describe('after-sale amounts and other members', () => {
  const ask = (m: TestMember, record: Record<string, unknown>) =>
    server.call('AfterSaleSubmit', [{ Reason: 'quality', RequestKey: requestKey(), ...record }], { headers: m.headers })

  test("odd amounts ('1e3', 'NaN', '-1', '0x10', 'Infinity', '0.001', over what was paid) make no request; another member's order and request are refused alike", async () => {
    const m = await makeMember(server.db, { balance: '500' })
    const order = await paidOrder(m)
    for (const Amount of ['1e3', 'NaN', '-1', '0x10', 'Infinity', '1,5', '١']) {
      expect((await ask(m, { SheetID: order.sheetId, Amount })).body.errcode).toBe(ERRCODES.INVALID_INPUT)
    }
    for (const Amount of ['0.001', '0', '0.00', (Number(order.amount) + 0.01).toFixed(2), '999999999999']) {
      expect((await ask(m, { SheetID: order.sheetId, Amount })).body.resultcode).toBe(RESULTCODES.AFTERSALE_AMOUNT_INVALID)
    }
    const stranger = await makeMember(server.db, { balance: '500' })
    expect((await ask(stranger, { SheetID: order.sheetId, Amount: '1' })).body.resultcode).toBe(RESULTCODES.AFTERSALE_NOT_ALLOWED)
    expect(await server.db.selectFrom('after_sales').select('after_sale_id').where('order_id', '=', order.sheetId).execute()).toEqual([])

    const mine = ok(await ask(m, { SheetID: order.sheetId, Amount: '1' })).table1[0]
    const peek = await server.call('AfterSaleDetailGet', [{ AfterSaleID: mine.AfterSaleID }], { headers: stranger.headers })
    expect(peek.body.resultcode).toBe(RESULTCODES.AFTERSALE_NOT_FOUND)
    const theirs = await server.call('AfterSaleWithdraw', [{ AfterSaleID: mine.AfterSaleID }], { headers: stranger.headers })
    expect(theirs.body.resultcode).toBe(RESULTCODES.AFTERSALE_NOT_FOUND)
    const reorder = await server.call('OrderReorderGet', [{ SheetID: order.sheetId }], { headers: stranger.headers })
    expect(reorder.body.resultcode).toBe(RESULTCODES.ORDER_NOT_FOUND)
    expect(JSON.stringify(reorder.body.data ?? {})).not.toContain(order.sheetId)
  })
})

describe('reviews and after-sale texts shown to others', () => {
  const review = (m: TestMember, sheetId: string, comment: Record<string, unknown>) =>
    server.call('GoodsCommentSubmit', [{ SheetID: sheetId, RequestKey: requestKey(), Comments: [{ LineNo: 1, Stars: 5, ...comment }] }], { headers: m.headers })

  test('found: control characters and bidi overrides in a public review or a request text are refused; newlines are kept', async () => {
    const m = await makeMember(server.db, { balance: '500' })
    const order = await paidOrder(m)
    for (const Content of ['Great \u202esoup', 'tasty\u0007', 'a\u0085b', 'x\u2066y', 'ok\u001b[2J']) {
      expect([JSON.stringify(Content), (await review(m, order.sheetId, { Content })).body.errcode]).toEqual([JSON.stringify(Content), ERRCODES.INVALID_INPUT])
      const asked = await server.call('AfterSaleSubmit', [{ SheetID: order.sheetId, Reason: 'quality', Amount: '1', Content, RequestKey: requestKey() }], { headers: m.headers })
      expect([JSON.stringify(Content), asked.body.errcode]).toEqual([JSON.stringify(Content), ERRCODES.INVALID_INPUT])
    }
    const written = ok(await review(m, order.sheetId, { Content: 'Hot soup.\nWould order again.' }))
    expect(written.table1[0].Content).toBe('Hot soup.\nWould order again.')
  })

  test("another purpose's and another member's uploads cannot be a review's photos", async () => {
    const m = await makeMember(server.db, { balance: '500' })
    const other = await makeMember(server.db)
    const order = await paidOrder(m)
    const avatar = await ticket(m, 'image/jpeg', 'avatar')
    expect((await upload(avatar, await jpeg())).status).toBe(200)
    const theirs = await ticket(other)
    expect((await upload(theirs, await jpeg())).status).toBe(200)
    for (const id of [avatar.FileID, theirs.FileID]) expect((await review(m, order.sheetId, { FileIDs: [id] })).body.resultcode).toBe(RESULTCODES.UPLOAD_NOT_FOUND)
    expect(await server.db.selectFrom('goods_reviews').select('review_id').where('order_id', '=', order.sheetId).execute()).toEqual([])
  })
})

describe('copyRemoteImage: huge and endless answers', () => {
  let remote: http.Server
  let remoteBase = ''
  beforeAll(async () => {
    remote = http.createServer((req, res) => {
      // 6 MB, no length declared.
      if (req.url === '/huge') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(6 * 1024 * 1024, 0xff))
      // A length within the cap but a body that never ends.
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': '1000000' })
      const drip = setInterval(() => res.write(Buffer.alloc(10, 0xff)), 50)
      res.on('close', () => clearInterval(drip))
    })
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve))
    remoteBase = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`
  })
  afterAll(() => {
    remote.closeAllConnections()
    return new Promise<void>((resolve) => remote.close(() => resolve()))
  })

  test('an answer past 5 MB and one that drips without end give no avatar, within the timeout', async () => {
    const m = await makeMember(server.db)
    const copy = (path: string) =>
      copyRemoteImage(server.db, server.providers.storage, { entId: 'E1001', vipId: m.vipId, purpose: 'avatar', url: `${remoteBase}${path}`, now: new Date(), allowPrivateAddresses: true, timeoutMs: 800 })
    const started = Date.now()
    expect(await copy('/huge')).toBeNull()
    expect(await copy('/drip')).toBeNull()
    expect(Date.now() - started).toBeLessThan(4000)
    expect(await server.db.selectFrom('uploads').select('file_id').where('vip_id', '=', m.vipId).execute()).toEqual([])
  })
})
