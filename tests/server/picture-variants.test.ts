/**
 * Pictures for phones (issue 28 item 1), on SQLite and (DATABASE_URL) PostgreSQL: a 12-megapixel
 * phone photo (a 4032 × 3024 JPEG made here, turned by its EXIF orientation) imported with a menu,
 * or uploaded from the console, is kept as it came and made once into WebP widths beside it; the
 * diner's answer names the widths (in the picture's name), each variant is served at its width as
 * WebP, a fraction of the original's bytes, with a year's immutable caching; a re-import keeps them
 * and makes none again; SVG drawings get none; a file that is no picture, and a 100-megapixel
 * decompression bomb, are refused with a clear problem (import) or 20065 (upload), never a 5xx.
 */
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import type { UploadTicketRow } from '../../src/gateway/after-rows'
import type { StaffMenuGoodsRow } from '../../src/gateway/staff-contract'
import { pictureVariants } from '../../src/core/picture-variants'
import { importMenu, MenuImportError } from '../../server/src/domain/catalogue/menu-import.service'
import { menuIds } from '../../server/src/domain/catalogue/ids'
import { ownerOf, type StaffSession } from './helpers/staff-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

const FIXTURE_DIR = path.join(__dirname, 'fixtures', 'menu')
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any
const fixture = (): Json => JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, 'tea-house.json'), 'utf8'))

let server: TestServer
let owner: StaffSession
let base: string
let photo: Buffer
let tmp: string

/** A phone's photo: 4032 × 3024 pixels stored, EXIF orientation 6 (upright it is 3024 wide, 4032 high). */
async function phonePhoto(): Promise<Buffer> {
  const detail = await sharp({ create: { width: 126, height: 95, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).png().toBuffer()
  return sharp(detail).resize(4032, 3024).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer()
}

/** A decompression bomb: a small JPEG whose header says 10000 × 10000 (100 megapixels). */
async function bomb(): Promise<Buffer> {
  const jpeg = Buffer.from(await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 9, g: 9, b: 9 } } }).jpeg().toBuffer())
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(10000, i + 5)
      jpeg.writeUInt16BE(10000, i + 7)
      return jpeg
    }
  }
  throw new Error('no SOF marker')
}

beforeAll(async () => {
  server = await createTestServer({ uploadRatePerHour: 1000 })
  owner = await ownerOf(server)
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`
  photo = await phonePhoto()
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'picture-variants-'))
  fs.cpSync(FIXTURE_DIR, tmp, { recursive: true })
  fs.writeFileSync(path.join(tmp, 'pictures', 'roast-pork.jpg'), photo)
  fs.writeFileSync(path.join(tmp, 'pictures', 'drawing.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>')
  fs.writeFileSync(path.join(tmp, 'pictures', 'notes.jpg'), 'this is a shopping list, not a picture')
  fs.writeFileSync(path.join(tmp, 'pictures', 'bomb.jpg'), await bomb())
  fs.writeFileSync(path.join(tmp, 'pictures', 'cut.jpg'), photo.subarray(0, 20_000))
})
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true })
  await server.close()
})

const files = () => path.join(server.config.filesDir, 'menu', 'E1001', 'S101')
const pathOf = (url: string) => new URL(url).pathname
const fetchFile = (url: string) => server.app.inject({ method: 'GET', url: pathOf(url) })
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** The menu fixture with goods A01's picture and B01's picture replaced. */
function menuWith(a01: string, b01 = 'pictures/drawing.svg'): Json {
  const menu = fixture()
  const index = (code: string) => menu.goods.findIndex((g: Json) => g.code === code)
  menu.goods[index('A01')].image = a01
  menu.goods[index('B01')].image = b01
  return menu
}

/** Checks a picture's variants as served: WebP, upright, at their widths, small (beside the photo's `photoBytes`), immutable. */
async function expectVariants(url: string, upright: { width: number; height: number }, photoBytes: number): Promise<number[]> {
  const variants = pictureVariants(url)
  expect(variants).not.toBeNull()
  const sizes: number[] = []
  for (const width of variants!.widths) {
    const served = await fetchFile(variants!.urlOf(width))
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toBe(IMMUTABLE)
    const meta = await sharp(served.rawPayload).metadata()
    expect(meta).toMatchObject({ format: 'webp', width })
    expect(Math.abs(meta.height! - (width * upright.height) / upright.width)).toBeLessThanOrEqual(1)
    expect(meta.exif).toBeUndefined()
    sizes.push(served.rawPayload.length)
  }
  // Each width a fraction of the original: a 640 px picture is a few dozen KB, not megabytes.
  expect(sizes[0]).toBeLessThan(12_000)
  expect(sizes[variants!.widths.indexOf(640)]).toBeLessThan(80_000)
  expect(Math.max(...sizes)).toBeLessThan(photoBytes / 4)
  return sizes
}

describe('menu import', () => {
  it('keeps the photo as it came and makes its WebP widths; the diner’s answer names them; all immutable', async () => {
    const summary = await importMenu(server.db, menuWith('pictures/roast-pork.jpg'), tmp, { filesDir: server.config.filesDir })
    // Every picture new on this server, each counted once (not its variants).
    expect(summary.picturesCopied).toBe(summary.pictures)
    const row = ok(await server.call('GoodsDetailGet', [{ ShopID: 'S101', GoodsID: menuIds.goodsId('S101', 'A01') }])).table1[0]
    expect(row.ImageUrl).toMatch(/^http:\/\/localhost\/files\/menu\/E1001\/S101\/roast-pork-[0-9a-f]{10}\.v160-320-640-1280\.jpg$/)
    expect(pictureVariants(row.ImageUrl)!.widths).toEqual([160, 320, 640, 1280])

    // The original, byte for byte (for the console), cached for a year under its content hash.
    const original = await fetchFile(row.ImageUrl)
    expect(original.statusCode).toBe(200)
    expect(original.headers['content-type']).toBe('image/jpeg')
    expect(original.headers['cache-control']).toBe(IMMUTABLE)
    expect(Buffer.compare(original.rawPayload, photo)).toBe(0)

    await expectVariants(row.ImageUrl, { width: 3024, height: 4032 }, photo.length)

    // The SVG drawing is kept as it is, without variants.
    const drawing = ok(await server.call('GoodsDetailGet', [{ ShopID: 'S101', GoodsID: menuIds.goodsId('S101', 'B01') }])).table1[0]
    expect(drawing.ImageUrl).toMatch(/\/drawing-[0-9a-f]{10}\.svg$/)
    expect(pictureVariants(drawing.ImageUrl)).toBeNull()
    expect(fs.readdirSync(files()).filter((n) => n.startsWith('drawing-'))).toHaveLength(1)
    // The 2 × 2 fixture pictures are smaller than the smallest width: none either.
    const webp = fs.readdirSync(files()).filter((n) => n.endsWith('.webp'))
    expect(webp.map((n) => /^roast-pork-[0-9a-f]{10}\.(\d+)\.webp$/.exec(n)?.[1]).sort()).toEqual(['1280', '160', '320', '640'])
  })

  it('a re-import keeps the variants and makes none again; a picture no longer used goes with its variants', async () => {
    const before = new Map(fs.readdirSync(files()).map((n) => [n, fs.statSync(path.join(files(), n)).mtimeMs]))
    const again = await importMenu(server.db, menuWith('pictures/roast-pork.jpg'), tmp, { filesDir: server.config.filesDir })
    expect(again.picturesCopied).toBe(0)
    expect(new Map(fs.readdirSync(files()).map((n) => [n, fs.statSync(path.join(files(), n)).mtimeMs]))).toEqual(before)

    await importMenu(server.db, menuWith('pictures/har-gow.png'), tmp, { filesDir: server.config.filesDir })
    expect(fs.readdirSync(files()).filter((n) => n.startsWith('roast-pork-'))).toEqual([])
  })

  it('refuses a file that is no picture, a 100-megapixel bomb and a cut-off photo, naming the item, and imports nothing', async () => {
    const problems = async (menu: Json): Promise<string[]> => {
      try {
        await importMenu(server.db, menu, tmp, { filesDir: server.config.filesDir })
      } catch (error) {
        if (error instanceof MenuImportError) return error.problems
        throw error
      }
      throw new Error('the menu was accepted')
    }
    const version = ok(await server.call('GoodsDetailGet', [{ ShopID: 'S101', GoodsID: menuIds.goodsId('S101', 'A01') }])).table1[0].ImageUrl
    expect(await problems(menuWith('pictures/notes.jpg'))).toEqual([
      'goods[0] "A01" image: picture file "pictures/notes.jpg" is not a picture that can be read (JPEG, PNG, WebP or AVIF)'
    ])
    expect(await problems(menuWith('pictures/bomb.jpg'))).toEqual([
      'goods[0] "A01" image: picture file "pictures/bomb.jpg" is 10000 × 10000 pixels (100.0 megapixels); at most 50 megapixels are taken: make it smaller'
    ])
    // Its header is whole, the rest cut off: found when its widths are made, before the menu is written.
    const [cut] = await problems(menuWith('pictures/cut.jpg'))
    expect(cut).toMatch(/^picture file "cut\.jpg" could not be decoded \(.+\)$/)
    expect(ok(await server.call('GoodsDetailGet', [{ ShopID: 'S101', GoodsID: menuIds.goodsId('S101', 'A01') }])).table1[0].ImageUrl).toBe(version)
    expect(fs.readdirSync(files()).filter((n) => n.startsWith('notes-') || n.startsWith('bomb-') || n.startsWith('cut-'))).toEqual([])
  })
})

describe('a picture uploaded from the console', () => {
  async function uploaded(body: Buffer): Promise<string> {
    const ticket = ok(await server.call('MenuPictureUploadTicket', [{ ShopID: 'S101', FileName: 'dish.jpg', FileSize: body.length, FileType: 'image/jpeg' }], { headers: owner.headers }))
      .table1[0] as UploadTicketRow
    const form = new FormData()
    for (const [k, v] of Object.entries(ticket.FormFields)) form.append(k, v)
    form.append('file', new Blob([new Uint8Array(body)], { type: 'image/jpeg' }), 'dish.jpg')
    expect((await fetch(new URL(new URL(ticket.UploadUrl).pathname, base), { method: 'POST', body: form })).status).toBe(200)
    return ticket.FileID
  }
  const save = async (fileId: string) => {
    const row = ok(await server.call('MenuGoodsGet', [{ ShopID: 'S101', GoodsID: menuIds.goodsId('S101', 'C02') }], { headers: owner.headers })).table1[0] as StaffMenuGoodsRow
    return server.call('MenuGoodsSave', [{ ShopID: 'S101', GoodsID: menuIds.goodsId('S101', 'C02'), Goods: row.Goods, PictureFileID: fileId, RemovePicture: 0, KeepStock: 1, Reason: '' }], {
      headers: owner.headers
    })
  }

  it('is stored as checked (at most 2560 px) for the console, with its widths made once beside it', async () => {
    const saved = ok(await save(await uploaded(photo))).table1[0] as StaffMenuGoodsRow
    expect(saved.ImageUrl).toMatch(/\/files\/menu\/E1001\/S101\/c02-[0-9a-f]{10}\.v160-320-640-1280\.jpg$/)
    const original = await fetchFile(saved.ImageUrl)
    expect(original.headers['cache-control']).toBe(IMMUTABLE)
    expect(await sharp(original.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1920, height: 2560 })
    await expectVariants(saved.ImageUrl, { width: 1920, height: 2560 }, photo.length)
    const diner = ok(await server.call('GoodsDetailGet', [{ ShopID: 'S101', GoodsID: menuIds.goodsId('S101', 'C02') }])).table1[0]
    expect(diner.ImageUrl).toBe(saved.ImageUrl)
  })

  it('a 100-megapixel bomb is refused with 20065, not a server error, and nothing is stored', async () => {
    const before = fs.readdirSync(files()).sort()
    const res = await save(await uploaded(await bomb()))
    expect(res.status).toBe(200)
    expect(res.body.resultcode).toBe('20065')
    expect(fs.readdirSync(files()).sort()).toEqual(before)
  })
})
