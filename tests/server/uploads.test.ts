/**
 * Signed uploads (issue 17 item 1) over real HTTP, on SQLite and (DATABASE_URL) PostgreSQL:
 * FileBatchNameGet signs a POST form per file; the 'local' store's endpoint checks the policy as
 * S3 does (signature, expiry, key, Content-Type, size, extra fields); useCheckedImages decodes the
 * file with sharp, refuses what is not the picture it claims, strips EXIF/GPS, records the size and
 * makes a thumbnail; only checked pictures are served. Pictures are made with sharp in the test.
 */
import type { AddressInfo } from 'node:net'
import http from 'node:http'
import sharp from 'sharp'
import { MAX_PHOTOS, UPLOAD_MAX_BYTES, type UploadTicketRow } from '../../src/gateway/after-rows'
import { ERRCODES, RESULTCODES } from '../../src/gateway/codes'
import { copyRemoteImage, imageRows, loadCheckedImages, useCheckedImages } from '../../server/src/domain/files/uploaded-images'
import { DomainError } from '../../server/src/domain/errors'
import type { LocalObjectStorage } from '../../server/src/providers/storage/local.storage'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
let base: string

beforeAll(async () => {
  server = await createTestServer({ uploadRatePerHour: 1000 })
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`
})
afterAll(() => server.close())

const picture = (format: 'jpeg' | 'png' | 'webp', width = 640, height = 480): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer()

/** A JPEG carrying EXIF with a GPS position and a camera make. */
const jpegWithGps = (): Promise<Buffer> =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'Spy 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '22/1 11/1 3600/100', GPSLongitudeRef: 'E', GPSLongitude: '113/1 32/1 3000/100' }
    })
    .toBuffer()

const TYPE = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const

async function tickets(m: TestMember, files: Record<string, unknown>[], purpose = 'review') {
  return server.call('FileBatchNameGet', [{ Purpose: purpose, Files: files }], { headers: m.headers })
}
async function ticket(m: TestMember, file: { name?: string; size: number; type: string }, purpose = 'review'): Promise<UploadTicketRow> {
  const data = ok(await tickets(m, [{ FileName: file.name ?? 'photo', FileSize: file.size, FileType: file.type }], purpose))
  return data.table1[0] as UploadTicketRow
}

/** POSTs the form as a browser's FormData would: the fields, then the file. */
async function upload(t: Pick<UploadTicketRow, 'UploadUrl' | 'FormFields'>, body: Buffer, type = 'application/octet-stream', extra: Record<string, string> = {}): Promise<Response> {
  const form = new FormData()
  for (const [k, v] of Object.entries({ ...t.FormFields, ...extra })) form.append(k, v)
  form.append('file', new Blob([new Uint8Array(body)], { type }), 'photo')
  return fetch(here(t.UploadUrl), { method: 'POST', body: form })
}

/** The gateway calls are injected (origin http://localhost); the store is reached on the listening port. */
const here = (url: string): string => new URL(new URL(url).pathname, base).toString()

const use = (m: TestMember, fileIds: string[], purpose: 'review' | 'aftersale' | 'avatar' = 'review') =>
  useCheckedImages(server.db, server.providers.storage, { entId: 'E1001', vipId: m.vipId, purpose, fileIds })

async function refusedWith(promise: Promise<unknown>, code: string): Promise<void> {
  await expect(promise).rejects.toBeInstanceOf(DomainError)
  await promise.catch((e: DomainError) => expect(e.code).toBe(code))
}

describe('FileBatchNameGet', () => {
  test('records each file with the spec §3 fields and answers a signed form per file', async () => {
    const m = await makeMember(server.db, { name: 'Ana' })
    const data = ok(
      await tickets(m, [
        { FileName: 'dish.jpg', FileSize: 12345, FileType: 'image/jpeg', Width: 640, Height: 480 },
        { FileName: 'receipt.png', FileSize: 999, FileType: 'image/png', ClassName: 'receipt' }
      ])
    )
    expect(data.table1).toHaveLength(2)
    const [a, b] = data.table1 as UploadTicketRow[]
    expect(a.FileName).toBe('dish.jpg')
    expect(a.ObjectKey).toMatch(new RegExp(`^uploads/E1001/review/${m.vipId}/[0-9a-f]{32}\\.jpg$`))
    expect(b.ObjectKey).toMatch(/\.png$/)
    expect(a.ObjectKey).not.toBe(b.ObjectKey)
    expect(new URL(a.UploadUrl).pathname).toBe('/storage/upload')
    expect(a.UploadUrl).toMatch(/^http:\/\//)
    expect(a.MaxBytes).toBe(UPLOAD_MAX_BYTES)
    expect(a.FormFields.key).toBe(a.ObjectKey)
    expect(a.FormFields['Content-Type']).toBe('image/jpeg')
    expect(a.FormFields.success_action_status).toBe('200')
    expect(a.FormFields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/)
    const policy = JSON.parse(Buffer.from(a.FormFields.Policy, 'base64').toString())
    expect(policy.conditions).toEqual(expect.arrayContaining([{ key: a.ObjectKey }, { 'Content-Type': 'image/jpeg' }, ['content-length-range', 1, 5242880]]))
    const minutes = (Date.parse(a.ExpiresAt) - Date.now()) / 60000
    expect(minutes).toBeGreaterThan(8)
    expect(minutes).toBeLessThanOrEqual(10)

    const rows = await server.db.selectFrom('uploads').selectAll().where('vip_id', '=', m.vipId).orderBy('file_name').execute()
    expect(rows.map((r) => [r.ent_id, r.user_id, r.user_name, r.class_name, r.file_name, r.file_size, r.file_type, r.width, r.height, r.purpose])).toEqual([
      ['E1001', m.vipId, 'Ana', 'enterprise certificate', 'dish.jpg', 12345, 'image/jpeg', 640, 480, 'review'],
      ['E1001', m.vipId, 'Ana', 'receipt', 'receipt.png', 999, 'image/png', 0, 0, 'review']
    ])
  })

  test('refuses a type not accepted, a missing file, an oversized file and too many files before signing', async () => {
    const m = await makeMember(server.db)
    expect((await tickets(m, [{ FileName: 'a.gif', FileSize: 10, FileType: 'image/gif' }])).body.resultcode).toBe(RESULTCODES.UPLOAD_FILE_INVALID)
    expect((await tickets(m, [{ FileName: 'a.html', FileSize: 10, FileType: 'text/html' }])).body.resultcode).toBe(RESULTCODES.UPLOAD_FILE_INVALID)
    const none = await tickets(m, [])
    expect(none.body.resultcode).toBe(RESULTCODES.UPLOAD_FILE_INVALID)
    expect(none.body.resultmsg).toBe('File error')
    expect((await tickets(m, [{ FileName: 'a.jpg', FileSize: UPLOAD_MAX_BYTES + 1, FileType: 'image/jpeg' }])).body.resultcode).toBe(RESULTCODES.UPLOAD_TOO_LARGE)
    const seven = Array.from({ length: MAX_PHOTOS + 1 }, (_, i) => ({ FileName: `${i}.jpg`, FileSize: 10, FileType: 'image/jpeg' }))
    expect((await tickets(m, seven)).body.errcode).toBe(ERRCODES.INVALID_INPUT)
    expect((await tickets(m, [{ FileName: 'a.jpg', FileSize: 10, FileType: 'image/jpeg' }], 'passport')).body.errcode).toBe(ERRCODES.INVALID_INPUT)
    expect(await server.db.selectFrom('uploads').select('file_id').where('vip_id', '=', m.vipId).execute()).toEqual([])
  })

  test('needs a signed-in member', async () => {
    const res = await server.call('FileBatchNameGet', [{ Purpose: 'review', Files: [{ FileName: 'a.jpg', FileSize: 10, FileType: 'image/jpeg' }] }])
    expect(res.body.errcode).toBe(ERRCODES.LOGIN_REQUIRED)
  })

  test('a member asking for more files in an hour than the limit is refused (10009)', async () => {
    const limited = await createTestServer({ uploadRatePerHour: 3 })
    try {
      const m = await makeMember(limited.db)
      const files = (n: number) => Array.from({ length: n }, (_, i) => ({ FileName: `${i}.jpg`, FileSize: 10, FileType: 'image/jpeg' }))
      ok(await limited.call('FileBatchNameGet', [{ Purpose: 'review', Files: files(2) }], { headers: m.headers }))
      expect((await limited.call('FileBatchNameGet', [{ Purpose: 'review', Files: files(2) }], { headers: m.headers })).body.errcode).toBe(ERRCODES.RATE_LIMITED)
      ok(await limited.call('FileBatchNameGet', [{ Purpose: 'review', Files: files(1) }], { headers: m.headers }))
      const other = await makeMember(limited.db)
      ok(await limited.call('FileBatchNameGet', [{ Purpose: 'review', Files: files(3) }], { headers: other.headers }))
    } finally {
      await limited.close()
    }
  })
})

describe('the local store checks the signed policy as S3 does', () => {
  test.each(['jpeg', 'png', 'webp'] as const)('a good %s goes through (200), is checked, sized, thumbnailed and served', async (format) => {
    const m = await makeMember(server.db)
    const body = await picture(format, 1200, 900)
    const t = await ticket(m, { size: body.length, type: TYPE[format] })
    const res = await upload(t, body, TYPE[format])
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('')
    // Not served before it is checked, to anyone.
    expect((await fetch(`${base}/storage/${t.ObjectKey}`)).status).toBe(404)

    const [image] = await use(m, [t.FileID])
    expect(image).toMatchObject({ fileId: t.FileID, width: 1200, height: 900 })
    expect(image.key).toMatch(new RegExp(`^images/E1001/review/${t.FileID}\\.`))
    const [row] = imageRows(server.providers.storage, [image], base)
    const full = await fetch(row.Url)
    expect(full.status).toBe(200)
    expect(full.headers.get('content-type')).toBe(TYPE[format])
    expect(full.headers.get('x-content-type-options')).toBe('nosniff')
    expect(full.headers.get('cache-control')).toContain('max-age')
    expect(full.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect((await sharp(Buffer.from(await full.arrayBuffer())).metadata()).width).toBe(1200)
    const thumb = await sharp(Buffer.from(await (await fetch(row.ThumbUrl)).arrayBuffer())).metadata()
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(320)
    // The upload itself is gone once checked; the checked copy stays.
    expect(await server.providers.storage.read(t.ObjectKey)).toBeNull()
    // Idempotent: a second use answers the same.
    expect(await use(m, [t.FileID])).toEqual([image])
    expect(await loadCheckedImages(server.db, 'E1001', [t.FileID])).toEqual([image])
  })

  test('EXIF and GPS are stripped from the checked picture', async () => {
    const m = await makeMember(server.db)
    const body = await jpegWithGps()
    expect((await sharp(body).metadata()).exif).toBeDefined()
    expect(body.includes(Buffer.from('SecretCam'))).toBe(true)
    const t = await ticket(m, { size: body.length, type: 'image/jpeg' })
    expect((await upload(t, body, 'image/jpeg')).status).toBe(200)
    const [image] = await use(m, [t.FileID])
    for (const key of [image.key, image.thumbKey]) {
      const stored = (await server.providers.storage.read(key)) as Buffer
      const meta = await sharp(stored).metadata()
      expect(meta.exif).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      expect(stored.includes(Buffer.from('SecretCam'))).toBe(false)
    }
  })

  test('a forged signature, a tampered policy, an expired policy, another key, another content type, extra fields and an oversized body are refused; nothing is stored', async () => {
    const m = await makeMember(server.db)
    const body = await picture('jpeg')
    const t = await ticket(m, { size: body.length, type: 'image/jpeg' })
    const refused = async (res: Response, status: number, code: string) => {
      expect(res.status).toBe(status)
      expect(await res.text()).toContain(`<Code>${code}</Code>`)
    }
    const forged = { ...t, FormFields: { ...t.FormFields, 'X-Amz-Signature': 'a'.repeat(64) } }
    await refused(await upload(forged, body, 'image/jpeg'), 403, 'SignatureDoesNotMatch')

    const policy = JSON.parse(Buffer.from(t.FormFields.Policy, 'base64').toString())
    const widened = { ...policy, conditions: policy.conditions.map((c: unknown) => (Array.isArray(c) ? ['content-length-range', 1, 50_000_000] : c)) }
    const tampered = { ...t, FormFields: { ...t.FormFields, Policy: Buffer.from(JSON.stringify(widened)).toString('base64') } }
    await refused(await upload(tampered, body, 'image/jpeg'), 403, 'SignatureDoesNotMatch')

    // An expired policy signed by the store itself.
    const storage = server.providers.storage as LocalObjectStorage
    const expired = await storage.signUpload({ key: t.ObjectKey, contentType: 'image/jpeg', maxBytes: UPLOAD_MAX_BYTES, expiresAt: new Date(Date.now() - 1000) })
    await refused(await upload({ UploadUrl: t.UploadUrl, FormFields: expired.fields }, body, 'image/jpeg'), 403, 'AccessDenied')

    const other = await ticket(m, { size: body.length, type: 'image/jpeg' })
    await refused(await upload({ ...t, FormFields: { ...t.FormFields, key: other.ObjectKey } }, body, 'image/jpeg'), 403, 'AccessDenied')
    await refused(await upload({ ...t, FormFields: { ...t.FormFields, key: 'images/E1001/review/' + 'f'.repeat(32) + '.jpg' } }, body, 'image/jpeg'), 403, 'AccessDenied')
    await refused(await upload({ ...t, FormFields: { ...t.FormFields, 'Content-Type': 'text/html' } }, body, 'text/html'), 403, 'AccessDenied')
    await refused(await upload(t, body, 'image/jpeg', { 'Cache-Control': 'no-cache' }), 403, 'AccessDenied')

    // Over the policy's range: the whole body (5 MB + 1) is refused.
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1, 1)
    const tooBig = await upload(t, big, 'image/jpeg')
    expect(tooBig.status).toBeGreaterThanOrEqual(400)
    expect(tooBig.status).toBeLessThan(500)
    const empty = await upload(t, Buffer.alloc(0), 'image/jpeg')
    await refused(empty, 400, 'EntityTooSmall')

    expect(await storage.read(t.ObjectKey)).toBeNull()
    expect(await storage.read(other.ObjectKey)).toBeNull()
    await refusedWith(use(m, [t.FileID]), 'UPLOAD_NOT_FOUND')
  })

  test('an H5 build on an allowed origin may read the answer (CORS); another origin is not told', async () => {
    const other = await createTestServer({ allowedOrigins: ['https://app.shop.example'] })
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' })
      const otherBase = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`
      const m = await makeMember(other.db)
      const body = await picture('png')
      const data = ok(await other.call('FileBatchNameGet', [{ Purpose: 'review', Files: [{ FileName: 'a.png', FileSize: body.length, FileType: 'image/png' }] }], { headers: m.headers }))
      const t = data.table1[0] as UploadTicketRow
      const post = (origin: string) => {
        const form = new FormData()
        for (const [k, v] of Object.entries(t.FormFields)) form.append(k, v)
        form.append('file', new Blob([new Uint8Array(body)], { type: 'image/png' }), 'a.png')
        return fetch(new URL(new URL(t.UploadUrl).pathname, otherBase), { method: 'POST', body: form, headers: { origin } })
      }
      const allowed = await post('https://app.shop.example')
      expect(allowed.status).toBe(200)
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.shop.example')
      expect((await post('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull()
    } finally {
      await other.close()
    }
  })

  test('a form without a file or not multipart is refused', async () => {
    const m = await makeMember(server.db)
    const t = await ticket(m, { size: 100, type: 'image/jpeg' })
    const form = new FormData()
    for (const [k, v] of Object.entries(t.FormFields)) form.append(k, v)
    expect((await fetch(here(t.UploadUrl), { method: 'POST', body: form })).status).toBe(400)
    expect((await fetch(here(t.UploadUrl), { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } })).status).toBe(412)
  })
})

describe('useCheckedImages', () => {
  test('a text file named .jpg, a PNG declared as JPEG and a truncated JPEG are refused (20065), and stay refused', async () => {
    const m = await makeMember(server.db)
    const text = Buffer.from('<html><script>alert(1)</script></html>')
    const t1 = await ticket(m, { name: 'cat.jpg', size: text.length, type: 'image/jpeg' })
    expect((await upload(t1, text, 'image/jpeg')).status).toBe(200)
    await refusedWith(use(m, [t1.FileID]), 'UPLOAD_FILE_INVALID')
    await refusedWith(use(m, [t1.FileID]), 'UPLOAD_FILE_INVALID')

    const png = await picture('png')
    const t2 = await ticket(m, { size: png.length, type: 'image/jpeg' })
    expect((await upload(t2, png, 'image/jpeg')).status).toBe(200)
    await refusedWith(use(m, [t2.FileID]), 'UPLOAD_FILE_INVALID')

    const jpeg = await picture('jpeg', 1600, 1200)
    const cut = jpeg.subarray(0, 200)
    const t3 = await ticket(m, { size: cut.length, type: 'image/jpeg' })
    expect((await upload(t3, cut, 'image/jpeg')).status).toBe(200)
    await refusedWith(use(m, [t3.FileID]), 'UPLOAD_FILE_INVALID')
    const stored = await server.db.selectFrom('uploads').select(['status']).where('file_id', 'in', [t1.FileID, t2.FileID, t3.FileID]).execute()
    expect(stored.map((r) => r.status)).toEqual(['invalid', 'invalid', 'invalid'])
  })

  test("another member's FileID, one for another purpose, one never uploaded and an unknown one are not found (20067)", async () => {
    const a = await makeMember(server.db)
    const b = await makeMember(server.db)
    const body = await picture('jpeg')
    const t = await ticket(a, { size: body.length, type: 'image/jpeg' })
    expect((await upload(t, body, 'image/jpeg')).status).toBe(200)
    await refusedWith(use(b, [t.FileID]), 'UPLOAD_NOT_FOUND')
    await refusedWith(use(a, [t.FileID], 'aftersale'), 'UPLOAD_NOT_FOUND')
    const never = await ticket(a, { size: body.length, type: 'image/jpeg' })
    await refusedWith(use(a, [never.FileID]), 'UPLOAD_NOT_FOUND')
    await refusedWith(use(a, ['0'.repeat(32)]), 'UPLOAD_NOT_FOUND')
    // Still the owner's to use.
    expect(await use(a, [t.FileID, t.FileID])).toHaveLength(1)
  })

  test('uploads never used are let go a day after their form expired: the object removed, the record kept as expired', async () => {
    const m = await makeMember(server.db)
    const body = await picture('jpeg')
    const old = await ticket(m, { size: body.length, type: 'image/jpeg' })
    const fresh = await ticket(m, { size: body.length, type: 'image/jpeg' })
    expect((await upload(old, body, 'image/jpeg')).status).toBe(200)
    expect((await upload(fresh, body, 'image/jpeg')).status).toBe(200)
    await server.db.updateTable('uploads').set({ expires_at: new Date(Date.now() - 25 * 3600_000).toISOString() }).where('file_id', '=', old.FileID).execute()
    // Any member's next FileBatchNameGet sweeps.
    await ticket(await makeMember(server.db), { size: 10, type: 'image/png' })
    expect(await server.providers.storage.read(old.ObjectKey)).toBeNull()
    expect((await server.db.selectFrom('uploads').select('status').where('file_id', '=', old.FileID).executeTakeFirstOrThrow()).status).toBe('expired')
    await refusedWith(use(m, [old.FileID]), 'UPLOAD_NOT_FOUND')
    expect(await use(m, [fresh.FileID])).toHaveLength(1)
  })

  test('at most MAX_PHOTOS', async () => {
    const m = await makeMember(server.db)
    const ids = Array.from({ length: MAX_PHOTOS + 1 }, (_, i) => String(i).padStart(32, '0'))
    await expect(use(m, ids)).rejects.toMatchObject({ code: 'INVALID_INPUT' })
  })
})

describe('copyRemoteImage (the host avatar)', () => {
  let remote: http.Server
  let remoteBase: string
  beforeAll(async () => {
    const good = await jpegWithGps()
    remote = http.createServer((req, res) => {
      if (req.url === '/avatar.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(good)
      if (req.url === '/text') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end('not a picture')
      if (req.url === '/moved') return res.writeHead(302, { location: '/avatar.jpg' }).end()
      if (req.url === '/slow') return void setTimeout(() => res.writeHead(200).end(good), 2000)
      res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve))
    remoteBase = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => remote.close(() => resolve())))

  const copy = (m: TestMember, path: string, extra: { allowPrivateAddresses?: boolean; timeoutMs?: number } = { allowPrivateAddresses: true }) =>
    copyRemoteImage(server.db, server.providers.storage, { entId: 'E1001', vipId: m.vipId, purpose: 'avatar', url: `${remoteBase}${path}`, now: new Date(), ...extra })

  test('copies a picture, checked and without metadata, usable as the member avatar upload', async () => {
    const m = await makeMember(server.db)
    const image = await copy(m, '/avatar.jpg')
    expect(image).toMatchObject({ width: 800, height: 600 })
    const stored = (await server.providers.storage.read(image!.key)) as Buffer
    expect((await sharp(stored).metadata()).exif).toBeUndefined()
    expect(await use(m, [image!.fileId], 'avatar')).toEqual([image])
  })

  test('null on anything else: not a picture, a redirect, a timeout, a 404, a private address unless allowed', async () => {
    const m = await makeMember(server.db)
    expect(await copy(m, '/text')).toBeNull()
    expect(await copy(m, '/moved')).toBeNull()
    expect(await copy(m, '/missing')).toBeNull()
    expect(await copy(m, '/slow', { allowPrivateAddresses: true, timeoutMs: 200 })).toBeNull()
    expect(await copy(m, '/avatar.jpg', {})).toBeNull()
    expect(await copyRemoteImage(server.db, server.providers.storage, { entId: 'E1001', vipId: m.vipId, purpose: 'avatar', url: 'file:///etc/passwd', now: new Date() })).toBeNull()
  })
})
