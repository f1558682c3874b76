/**
 * The member's avatar (issue 17 item 4; spec §8) over real HTTP, SQLite and (DATABASE_URL)
 * PostgreSQL: VipAvatarUpdate makes the member's own checked 'avatar' upload their HeadImg (an
 * absolute URL in our storage, served), '' removes it, another member's upload or one for
 * another purpose is refused; a new member's host picture is copied into our storage at
 * registration, and a copy that fails leaves the avatar empty, never the host's URL.
 */
import type { AddressInfo } from 'node:net'
import http from 'node:http'
import sharp from 'sharp'
import type { UploadTicketRow } from '../../src/gateway/after-rows'
import { RESULTCODES } from '../../src/gateway/codes'
import { copyHostAvatar } from '../../server/src/domain/members/member-avatar.service'
import { register } from '../../server/src/domain/members/member-login.service'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
let base: string
let remote: http.Server
let remoteBase: string

beforeAll(async () => {
  server = await createTestServer({ uploadRatePerHour: 1000 })
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`
  const face = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 250, g: 200, b: 0 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '22/1 11/1 3600/100' } })
    .toBuffer()
  remote = http.createServer((req, res) => {
    if (req.url === '/face.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(face)
    if (req.url === '/page.html') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>not a picture</html>')
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve))
  remoteBase = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`
}, 60_000)
afterAll(async () => {
  await new Promise((resolve) => remote?.close(resolve))
  await server?.close()
})

const png = (): Promise<Buffer> => sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 90, b: 160 } } }).png().toBuffer()
const here = (url: string): string => new URL(new URL(url).pathname, base).toString()

/** FileBatchNameGet + the form upload, as the app does it: the FileID of an uploaded picture. */
async function uploaded(m: TestMember, purpose: 'avatar' | 'review' = 'avatar'): Promise<string> {
  const body = await png()
  const t = ok(await server.call('FileBatchNameGet', [{ Purpose: purpose, Files: [{ FileName: 'me.png', FileSize: body.length, FileType: 'image/png' }] }], { headers: m.headers })).table1[0] as UploadTicketRow
  const form = new FormData()
  for (const [k, v] of Object.entries(t.FormFields)) form.append(k, v)
  form.append('file', new Blob([new Uint8Array(body)], { type: 'image/png' }), 'me.png')
  expect((await fetch(here(t.UploadUrl), { method: 'POST', body: form })).status).toBe(200)
  return t.FileID
}

const setAvatar = (m: TestMember, FileID: string) => server.call('VipAvatarUpdate', [{ FileID }], { headers: m.headers })
const headImgOf = async (m: TestMember): Promise<string> => ok(await server.call('VipDetailGet', [{}], { headers: m.headers })).table1[0].HeadImg

describe('VipAvatarUpdate', () => {
  test("the member's own checked upload becomes HeadImg, served from our storage; '' removes it", async () => {
    const m = await makeMember(server.db)
    const fileId = await uploaded(m)
    const data = ok(await setAvatar(m, fileId))
    const url: string = data.table1[0].HeadImg
    expect(url).toMatch(/^http:\/\/localhost\/storage\//)
    expect(data.table2).toEqual([expect.objectContaining({ FileID: fileId, Url: url, Width: 400, Height: 300 })])
    expect(await headImgOf(m)).toBe(url)
    // The picture is served, as a PNG.
    const got = await fetch(here(url))
    expect(got.status).toBe(200)
    expect((await sharp(Buffer.from(await got.arrayBuffer())).metadata()).format).toBe('png')

    const removed = ok(await setAvatar(m, ''))
    expect(removed.table1[0].HeadImg).toBe('')
    expect(removed.table2).toEqual([])
    expect(await headImgOf(m)).toBe('')
  })

  test('one upload used by six avatar updates at the same moment (a double tap, a retry): every one succeeds, the picture whole', async () => {
    const m = await makeMember(server.db)
    const fileId = await uploaded(m)
    const answers = await Promise.all(Array.from({ length: 6 }, () => setAvatar(m, fileId)))
    // The local store's temporary file was named by process and millisecond: some answered 50000.
    for (const answer of answers) expect(answer.body.errcode).toBe('0')
    const url = await headImgOf(m)
    expect((await sharp(Buffer.from(await (await fetch(here(url))).arrayBuffer())).metadata()).width).toBe(400)
  })

  test("another member's upload, an upload for reviews, or an unknown id is refused and changes nothing", async () => {
    const owner = await makeMember(server.db)
    const other = await makeMember(server.db)
    const mine = await uploaded(owner)
    ok(await setAvatar(owner, mine))
    const before = await headImgOf(owner)
    expect((await setAvatar(other, mine)).body.resultcode).toBe(RESULTCODES.UPLOAD_NOT_FOUND)
    expect(await headImgOf(other)).toBe('')
    const forReview = await uploaded(owner, 'review')
    expect((await setAvatar(owner, forReview)).body.resultcode).toBe(RESULTCODES.UPLOAD_NOT_FOUND)
    expect((await setAvatar(owner, 'F-never-uploaded')).body.resultcode).toBe(RESULTCODES.UPLOAD_NOT_FOUND)
    expect(await headImgOf(owner)).toBe(before)
  })

  test('needs a session; VipProfileUpdate no longer sets a picture URL', async () => {
    expect((await server.call('VipAvatarUpdate', [{ FileID: '' }])).body.errcode).toBe('10010')
    const m = await makeMember(server.db)
    const row = ok(await server.call('VipProfileUpdate', [{ VipName: 'Ana', Sex: '', Birthy: '', HeadImg: 'https://tracker.example/a.png' }], { headers: m.headers })).table1[0]
    expect(row.HeadImg).toBe('')
  })
})

describe("the host's picture at registration", () => {
  test('copied into our storage (metadata stripped) and kept as our URL', async () => {
    const m = await makeMember(server.db)
    const req = { db: server.db, storage: server.providers.storage, entId: 'E1001', vipId: m.vipId, origin: 'http://localhost', now: new Date() }
    const url = await copyHostAvatar(req, `${remoteBase}/face.jpg`, { allowPrivateAddresses: true })
    expect(url).toMatch(/^http:\/\/localhost\/storage\//)
    expect(url).not.toContain(remoteBase)
    expect(await headImgOf(m)).toBe(url)
    const stored = Buffer.from(await (await fetch(here(url))).arrayBuffer())
    const meta = await sharp(stored).metadata()
    expect(meta.exif).toBeUndefined()
    expect([meta.width, meta.height]).toEqual([300, 300])
  })

  test('a copy that fails leaves the avatar empty (spec §8): not a picture, gone, a private address', async () => {
    const m = await makeMember(server.db)
    const req = { db: server.db, storage: server.providers.storage, entId: 'E1001', vipId: m.vipId, origin: 'http://localhost', now: new Date() }
    await copyHostAvatar(req, `${remoteBase}/face.jpg`, { allowPrivateAddresses: true })
    expect(await headImgOf(m)).not.toBe('')
    expect(await copyHostAvatar(req, `${remoteBase}/page.html`, { allowPrivateAddresses: true })).toBe('')
    expect(await headImgOf(m)).toBe('')
    expect(await copyHostAvatar(req, `${remoteBase}/gone.jpg`, { allowPrivateAddresses: true })).toBe('')
    // Without the test's permission a loopback address is not fetched at all.
    expect(await copyHostAvatar(req, `${remoteBase}/face.jpg`)).toBe('')
    expect(await headImgOf(m)).toBe('')
  })

  test('VipRegister with the host picture: the new member gets our copy, or empty when it fails — never the host URL', async () => {
    const token = async (openId: string) => ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: `dev:${openId}` }])).table1[0]
    // Through the gateway: the host's URL is on a loopback address, which the server never fetches → empty.
    const first = await token(`av${Date.now().toString(36)}`)
    const reg = ok(await server.call('VipRegister', [{ RegisterType: 2, OpenID: first.OpenID, AccessToken: first.AccessToken, HeadImg: `${remoteBase}/face.jpg` }]))
    expect(reg.table2[0]).toMatchObject({ HeadImg: '' })
    // The same registration with the test's permission to fetch from this machine: the copy is made and kept.
    const second = await token(`aw${Date.now().toString(36)}`)
    const ctx = { db: server.db, entId: 'E1001', deviceKey: '', clientIp: '127.0.0.1', timeZone: 'Asia/Macau', now: new Date() }
    const answer = await register(ctx, server.providers, { RegisterType: 2, OpenID: second.OpenID, AccessToken: second.AccessToken, HeadImg: `${remoteBase}/face.jpg` }, {
      storage: server.providers.storage,
      origin: 'http://localhost',
      options: { allowPrivateAddresses: true }
    })
    expect(answer.table1[0].IsNew).toBe(1)
    expect(answer.table2[0].HeadImg).toMatch(/^http:\/\/localhost\/storage\//)
  })
})
