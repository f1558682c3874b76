/**
 * The console's menu editing (issue 23) through the real gateway, on SQLite and (DATABASE_URL)
 * PostgreSQL: required choice groups refuse an order line without a choice (CHOICE_REQUIRED, the
 * group named in the diner's language); a goods read whole, changed and written back in one
 * transaction with the import's rules (problems name the field), price changes with a reason and
 * audited before/after, diners on two server processes seeing the change, 'menu.changed' appended,
 * the menu version bumped; classes added and removed; a goods added, refused on a taken code and
 * removed; a goods in a combo and a class with goods kept; stock per sku; a picture uploaded
 * through the signed upload flow (a staff purpose members cannot use) and stored among the menu's
 * pictures; the whole shop needed (a branch-limited manager and another shop refused).
 */
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import sharp from 'sharp'
import type { UploadTicketRow } from '../../src/gateway/after-rows'
import type { MenuFileGoods, StaffMenuGoodsRow } from '../../src/gateway/staff-contract'
import { importMenu, MenuImportError } from '../../server/src/domain/catalogue/menu-import.service'
import { useCheckedImages } from '../../server/src/domain/files/uploaded-images'
import { readEvents } from '../../server/src/live/outbox'
import { findMenuVersion } from '../../server/src/storage/repositories/menu.repository'
import { makeMember } from './helpers/member-fixtures'
import { B201, clientLine, device, gid, openAllDay, requestKey, takeaway } from './helpers/order-fixtures'
import { ownerOf, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
let owner: StaffSession
let base: string

beforeAll(async () => {
  server = await createTestServer({ uploadRatePerHour: 1000 }, { demoMenus: true })
  await openAllDay(server.db)
  owner = await ownerOf(server)
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`
})
afterAll(() => server.close())

const codes = (res: { body: { errcode: string; resultcode: string } }) => `${res.body.errcode}/${res.body.resultcode}`
const as = (who: StaffSession) => ({ headers: who.headers })
const names = (en: string, zh = en) => ({ 'zh-CN': zh, 'zh-TW': zh, en })

async function goodsOf(code: string, who = owner): Promise<StaffMenuGoodsRow> {
  return ok(await server.call('MenuGoodsGet', [{ ShopID: 'S101', GoodsID: gid(code) }], as(who))).table1[0]
}
function save(goods: MenuFileGoods, extra: Record<string, unknown> = {}, who = owner) {
  return server.call('MenuGoodsSave', [{ ShopID: 'S101', GoodsID: gid(goods.code), Goods: goods, PictureFileID: '', RemovePicture: 0, KeepStock: 1, Reason: '', ...extra }], as(who))
}
const dinerRow = async (call: TestServer['call'], goodsId: string) =>
  ok(await call('GoodsDetailGet', [{ ShopID: 'S101', BaseID: B201, GoodsID: goodsId }])).table1[0]

describe('required choice groups', () => {
  it('an order line of A01 without its noodles and spice is refused, naming the group in the diner’s language; with them it is taken', async () => {
    const me = device()
    const bare = await clientLine(server, { code: 'A01' })
    const submit = (lines: (typeof bare)['input'][], lang = 'en') => server.call('OrderSubmit', [{ ...takeaway(lines), RequestKey: requestKey() }], { headers: me.headers, lang })
    const refused = await submit([bare.input])
    expect(codes(refused)).toBe('0/21200')
    expect(refused.body.resultmsg).toBe('Choose Noodles for Beef Brisket Noodles in Clear Broth')
    const zh = await submit([bare.input], 'zh-TW')
    expect(zh.body.resultmsg).toBe('請為 清湯牛腩麵 選擇麵底')
    // One of the two: the other is named.
    const half = await clientLine(server, { code: 'A01', remarks: [{ name: 'Noodles', option: 'Udon' }] })
    expect((await submit([half.input])).body.resultmsg).toBe('Choose Spice for Beef Brisket Noodles in Clear Broth')
    // Both, chosen on the Traditional Chinese menu, ordered by a diner now reading English.
    const both = await clientLine(server, { code: 'A01', remarks: [{ name: '麵底', option: '烏冬' }, { name: '辣度', option: '大辣' }] })
    expect(codes(await submit([both.input]))).toBe('0/0')
    // The preview says the same as the submit.
    const preview = await server.call('OrderPricePreview', [{ ...takeaway([bare.input]) }], { headers: me.headers })
    expect(codes(preview)).toBe('0/21200')
  })

  it("diners' rows carry the remark text with its marks (the app reads them off)", async () => {
    const row = await dinerRow(server.call, gid('A01'))
    expect(row.GoodsRemarks).toBe('*Noodles: Egg noodles; Rice noodles，Vermicelli；Udon\n*Spice:None;Mild；Medium，Hot')
  })

  it('a menu file whose languages disagree on a required mark is refused, naming the language', async () => {
    const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../../server/seed/menus/menu-S101.json'), 'utf8'))
    const a01 = file.goods.find((g: { code: string }) => g.code === 'A01')
    a01.remarks.en = 'Noodles: Egg noodles; Udon\n*Spice:None;Hot'
    const error = await importMenu(server.db, file, path.join(__dirname, '../../server/seed/menus'), { filesDir: server.config.filesDir }).catch((e) => e)
    expect(error).toBeInstanceOf(MenuImportError)
    expect((error as MenuImportError).problems).toEqual([
      'goods[0] "A01" remarks.en: group 1 "Noodles" is optional here but required in zh-CN (a "*" before the name marks a required group: mark it in every language or in none)'
    ])
  })
})

describe('one goods whole', () => {
  it('reads a goods as a menu-file item, writes it back changed in one transaction: diners on both processes see it, audited with the price change and its reason', async () => {
    const second = await server.openSecondInstance()
    expect((await dinerRow(second.call, gid('C01'))).GoodsName).toBe('Shrimp Wonton Noodles')
    const row = await goodsOf('C01')
    expect(row.Goods).toMatchObject({ code: 'C01', class: 'NOODLES', type: 5, names: { en: 'Shrimp Wonton Noodles' } })
    expect(row.Goods.skus?.items.map((s) => s.code)).toEqual(['SMALL', 'LARGE'])
    expect(row.ImageUrl).toMatch(/^http:\/\/localhost\/files\/menu\/E1001\/S101\/.+\.svg$/)
    const versionBefore = await findMenuVersion(server.db, 'S101')
    const events = await readEvents(server.db, { entId: 'E1001', afterId: 0, limit: 1000 })

    const changed: MenuFileGoods = {
      ...row.Goods,
      names: { ...row.Goods.names, en: 'Prawn Wonton Noodles' },
      skus: { ...row.Goods.skus!, items: row.Goods.skus!.items.map((s) => (s.code === 'LARGE' ? { ...s, price: '54', salesPrice: '54' } : s)) },
      remarks: { 'zh-CN': '*葱：要葱；走葱', 'zh-TW': '*蔥：要蔥；走蔥', en: '*Spring onion: Yes; No' }
    }
    // A price changes: a reason is asked for.
    const noReason = await save(changed)
    expect(codes(noReason)).toBe('0/21201')
    expect(noReason.body.resultmsg).toContain('Reason')
    const saved = ok(await save(changed, { Reason: 'prawn prices went up' })).table1[0] as StaffMenuGoodsRow
    expect(saved.Goods.names.en).toBe('Prawn Wonton Noodles')
    expect(saved.Version).toBe(versionBefore + 1)

    expect((await dinerRow(server.call, gid('C01'))).GoodsName).toBe('Prawn Wonton Noodles')
    const seen = await dinerRow(second.call, gid('C01'))
    expect(seen).toMatchObject({ GoodsName: 'Prawn Wonton Noodles', GoodsRemarks: '*Spring onion: Yes; No' })
    const skus = ok(await second.call('GoodsDetailGet', [{ ShopID: 'S101', BaseID: B201, GoodsID: gid('C01') }])).table4
    expect(skus.find((s: { SkuCode: string }) => s.SkuCode === 'LARGE').SalesPrice).toBe('54')

    // The event every open menu follows.
    const after = await readEvents(server.db, { entId: 'E1001', afterId: events.position, limit: 100 })
    expect(after.events.filter((e) => e.kind === 'menu.changed').map((e) => e.payload)).toEqual([{ version: saved.Version }])

    const audit = ok(await server.call('AuditListByPage', [{ Action: 'menu.' }], as(owner))).table1
    const price = audit.find((a: { Action: string }) => a.Action === 'menu.price')
    expect(price).toMatchObject({ TargetID: gid('C01'), Reason: 'prawn prices went up' })
    expect(JSON.parse(price.Detail).prices).toEqual({ 'skus.LARGE.price': ['52', '54'], 'skus.LARGE.salesPrice': ['52', '54'] })
    const entry = audit.find((a: { Action: string }) => a.Action === 'menu.goods.save')
    const detail = JSON.parse(entry.Detail)
    expect(detail.before.names.en).toBe('Shrimp Wonton Noodles')
    expect(detail.after.names.en).toBe('Prawn Wonton Noodles')

    // Its spring onion is now required: an order without it is refused.
    const me = device()
    const line = await clientLine(server, { code: 'C01', sku: 'LARGE' })
    expect(codes(await server.call('OrderSubmit', [{ ...takeaway([line.input]), RequestKey: requestKey() }], { headers: me.headers }))).toBe('0/21200')
  })

  it("refuses a goods that breaks the import's rules, every problem named by its field, and changes nothing", async () => {
    const row = await goodsOf('C02')
    const version = await findMenuVersion(server.db, 'S101')
    const bad = {
      ...row.Goods,
      names: { ...row.Goods.names, en: ' ' },
      price: 68,
      class: 'NOPE',
      onSaleTime: '25:00',
      addOns: [{ code: 'X', names: names('X'), price: '1' }, { code: 'X', names: names('Y'), price: '2' }],
      remarks: { ...row.Goods.remarks!, en: '*Oil: Normal; Less oil' },
      image: 'pictures/c02.png'
    } as unknown as MenuFileGoods
    const res = await save(bad, { Reason: 'x' })
    expect(codes(res)).toBe('0/21201')
    const message: string = res.body.resultmsg
    for (const part of [
      'goods "C02" names.en: must not be empty',
      'goods "C02" price: must be a decimal string such as "12.5", got the number 68',
      'goods "C02" onSaleTime: bad time',
      'goods "C02" class: unknown class code "NOPE"'
    ]) {
      expect(message).toContain(part)
    }
    const fixed = { ...bad, names: row.Goods.names, price: '68', class: 'NOODLES', onSaleTime: undefined }
    const second = await save(fixed as MenuFileGoods, { Reason: 'x' })
    expect(second.body.resultmsg).toContain('goods "C02" addOns[1].code: duplicate add-on code "X"')
    expect(second.body.resultmsg).toContain('goods "C02" remarks.en: group 1 "Oil" is required here but optional in zh-CN')
    expect(second.body.resultmsg).toContain('goods "C02" image: pictures are set with PictureFileID')
    // A goods keeps its code; control characters are refused.
    expect((await save({ ...row.Goods, code: 'C99' }, {}, owner)).body.resultcode).toBe('20007')
    const renamed = await server.call('MenuGoodsSave', [{ ShopID: 'S101', GoodsID: gid('C02'), Goods: { ...row.Goods, code: 'C02X' }, Reason: '' }], as(owner))
    expect(renamed.body.resultmsg).toContain('a goods keeps its code "C02"')
    const bidi = await save({ ...row.Goods, names: { ...row.Goods.names, en: 'Beef \u202eHo Fun' } })
    expect(bidi.body.resultmsg).toContain('names.en: control or direction characters are not allowed')
    expect(await findMenuVersion(server.db, 'S101')).toBe(version)
    expect((await goodsOf('C02')).Goods).toEqual(row.Goods)
  })

  it('keeps the stock orders left unless the form changed it; MenuStockSet sets one sku', async () => {
    const row = await goodsOf('C01')
    const large = row.Goods.skus!.items.find((s) => s.code === 'LARGE')!
    const stock = (rows: { SkuCode: string; Qua: number }[]) => rows.find((s) => s.SkuCode === 'LARGE')!.Qua
    const set = ok(await server.call('MenuStockSet', [{ ShopID: 'S101', GoodsID: gid('C01'), SkuID: `${gid('C01')}.k.LARGE`, Stock: 7, Reason: 'counted' }], as(owner))).table1[0]
    expect(set).toMatchObject({ Stock: 7 })
    expect(stock(ok(await server.call('GoodsDetailGet', [{ ShopID: 'S101', BaseID: B201, GoodsID: gid('C01') }])).table4)).toBe(7)
    // The form still shows the old stock: saved with KeepStock 1, the 7 stays.
    ok(await save({ ...row.Goods, names: { ...row.Goods.names, 'zh-CN': '鲜虾云吞面' } }))
    expect((await goodsOf('C01')).Goods.skus!.items.find((s) => s.code === 'LARGE')!.stock).toBe(7)
    // Written as given: unlimited again.
    ok(await save({ ...row.Goods, skus: { ...row.Goods.skus!, items: row.Goods.skus!.items.map((s) => ({ ...s, stock: undefined })) } }, { KeepStock: 0 }))
    expect((await goodsOf('C01')).Goods.skus!.items.find((s) => s.code === 'LARGE')!.stock).toBe(large.stock)
    ok(await server.call('MenuStockSet', [{ ShopID: 'S101', GoodsID: gid('C01'), SkuID: `${gid('C01')}.k.LARGE`, Stock: '', Reason: '' }], as(owner)))
    const audit = ok(await server.call('AuditListByPage', [{ Action: 'menu.stock' }], as(owner))).table1
    expect(audit.map((a: { Detail: string }) => JSON.parse(a.Detail)).map((d: { before: unknown; after: unknown }) => [d.before, d.after])).toEqual([
      [null, null],
      [null, 7]
    ])
    expect(codes(await server.call('MenuStockSet', [{ ShopID: 'S101', GoodsID: gid('C01'), SkuID: 'nope', Stock: 1, Reason: '' }], as(owner)))).toBe('0/20007')
  })
})

describe('classes and goods added and removed', () => {
  it('a new class and a new goods in it reach diners; a taken code, a class with goods and a goods in a combo are refused', async () => {
    const cls = ok(await server.call('MenuClassSave', [{ ShopID: 'S101', ClassID: '', Code: 'SPECIAL', Names: names('Specials', '特選'), Reason: '' }], as(owner))).table1[0]
    expect(cls).toMatchObject({ ClassID: 'S101.c.SPECIAL', Code: 'SPECIAL' })
    expect(codes(await server.call('MenuClassSave', [{ ShopID: 'S101', ClassID: '', Code: 'SPECIAL', Names: names('Again'), Reason: '' }], as(owner)))).toBe('0/21202')
    const emptyName = await server.call('MenuClassSave', [{ ShopID: 'S101', ClassID: '', Code: 'OTHER2', Names: { ...names('x'), 'zh-TW': '' }, Reason: '' }], as(owner))
    expect(emptyName.body.resultmsg).toContain('class "OTHER2" names.zh-TW: must not be empty')

    const goods: MenuFileGoods = {
      code: 'S01',
      class: 'SPECIAL',
      names: names('Dan dan noodles', '擔擔麵'),
      unit: names('bowl', '碗'),
      type: 5,
      price: '48',
      remarks: { 'zh-CN': '*辣度：小辣；大辣', 'zh-TW': '*辣度：小辣；大辣', en: '*Spice: Mild; Hot' },
      addOns: [{ code: 'EGG', names: names('Egg', '蛋'), price: '6' }]
    }
    const created = ok(await server.call('MenuGoodsSave', [{ ShopID: 'S101', GoodsID: '', Goods: goods, Reason: '' }], as(owner))).table1[0] as StaffMenuGoodsRow
    expect(created).toMatchObject({ GoodsID: gid('S01'), ClassID: 'S101.c.SPECIAL', SoldOut: 0, ImageUrl: '' })
    const listed = ok(await server.call('GoodsListByClass', [{ ShopID: 'S101', BaseID: B201, ClassID: 'S101.c.SPECIAL' }])).table1
    expect(listed.map((g: { GoodsCode: string; HasOptions: number }) => [g.GoodsCode, g.HasOptions])).toEqual([['S01', 1]])
    expect(codes(await server.call('MenuGoodsSave', [{ ShopID: 'S101', GoodsID: '', Goods: { ...goods, names: names('Other') }, Reason: '' }], as(owner)))).toBe('0/21202')

    const outline = ok(await server.call('MenuOutlineGet', [{ ShopID: 'S101' }], as(owner)))
    expect(outline.table1.find((c: { Code: string }) => c.Code === 'SPECIAL')).toMatchObject({ GoodsCount: 1 })
    expect(outline.table2.find((g: { Code: string }) => g.Code === 'S01')).toMatchObject({ Required: 1, Price: '48' })
    expect(outline.table2.find((g: { Code: string }) => g.Code === 'C02')).toMatchObject({ Required: 0 })
    expect(outline.table3.map((b: { BaseID: string }) => b.BaseID)).toEqual(expect.arrayContaining(['B201', 'B202']))

    // The class keeps its goods: refused; the goods goes, then the class.
    const notEmpty = await server.call('MenuClassRemove', [{ ShopID: 'S101', ClassID: 'S101.c.SPECIAL', Reason: '' }], as(owner))
    expect(codes(notEmpty)).toBe('0/21203')
    expect(notEmpty.body.resultmsg).toBe('Class Specials still has goods. Move or remove them first.')
    // C02 is a choice in the All-day Set.
    const inCombo = await server.call('MenuGoodsRemove', [{ ShopID: 'S101', GoodsID: gid('C02'), Reason: '' }], as(owner))
    expect(codes(inCombo)).toBe('0/21204')
    expect(inCombo.body.resultmsg).toMatch(/^Dry-fried Beef Ho Fun is a choice in the combo (All-day Set|Dinner Set for Two)\. Take it out of the combo first\.$/)
    ok(await server.call('MenuGoodsRemove', [{ ShopID: 'S101', GoodsID: gid('S01'), Reason: 'trial over' }], as(owner)))
    expect((await server.call('GoodsDetailGet', [{ ShopID: 'S101', BaseID: B201, GoodsID: gid('S01') }])).body.resultcode).toBe('20007')
    ok(await server.call('MenuClassRemove', [{ ShopID: 'S101', ClassID: 'S101.c.SPECIAL', Reason: '' }], as(owner)))
    const actions = ok(await server.call('AuditListByPage', [{ Action: 'menu.' }], as(owner))).table1.map((a: { Action: string }) => a.Action)
    expect(actions.slice(0, 4)).toEqual(['menu.class.remove', 'menu.goods.remove', 'menu.goods.save', 'menu.class.save'])
  })
})

describe('pictures', () => {
  const picture = () => sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 80, b: 40 } } }).jpeg().withExif({ IFD0: { Make: 'SecretCam' } }).toBuffer()
  async function upload(t: UploadTicketRow, body: Buffer): Promise<number> {
    const form = new FormData()
    for (const [k, v] of Object.entries(t.FormFields)) form.append(k, v)
    form.append('file', new Blob([new Uint8Array(body)], { type: 'image/jpeg' }), 'dish.jpg')
    return (await fetch(new URL(new URL(t.UploadUrl).pathname, base), { method: 'POST', body: form })).status
  }

  it('a picture uploaded through the signed flow is checked, stripped and stored among the menu pictures; members cannot use it, nor staff a member’s', async () => {
    const body = await picture()
    const ticket = ok(await server.call('MenuPictureUploadTicket', [{ ShopID: 'S101', FileName: 'dish.jpg', FileSize: body.length, FileType: 'image/jpeg' }], as(owner))).table1[0] as UploadTicketRow
    expect(ticket.ObjectKey).toMatch(/^uploads\/E1001\/goods-picture\/staff_/)
    expect(await upload(ticket, body)).toBe(200)
    // Refused before signing, as for members: a type the server does not take.
    expect(codes(await server.call('MenuPictureUploadTicket', [{ ShopID: 'S101', FileName: 'x.gif', FileSize: 10, FileType: 'image/gif' }], as(owner)))).toBe('0/20065')

    // A member naming the staff upload: not theirs, not their purpose.
    const member = await makeMember(server.db)
    await expect(useCheckedImages(server.db, server.providers.storage, { entId: 'E1001', vipId: member.vipId, purpose: 'avatar', fileIds: [ticket.FileID] })).rejects.toMatchObject({ code: 'UPLOAD_NOT_FOUND' })
    // Another staff member (a manager) cannot use the owner's upload either.
    const manager = await personWithRole(server, owner, 'manager')
    const row = await goodsOf('C02')
    expect(codes(await save(row.Goods, { PictureFileID: ticket.FileID }, manager))).toBe('0/20067')

    const saved = ok(await save(row.Goods, { PictureFileID: ticket.FileID })).table1[0] as StaffMenuGoodsRow
    // The original for the console, its widths in its name (variants: picture-variants.test.ts).
    expect(saved.ImageUrl).toMatch(/^http:\/\/localhost\/files\/menu\/E1001\/S101\/c02-[0-9a-f]{10}\.v160-320-640\.jpg$/)
    const file = path.join(server.config.filesDir, new URL(saved.ImageUrl).pathname.replace(/^\/files\//, ''))
    const meta = await sharp(fs.readFileSync(file)).metadata()
    expect(meta.format).toBe('jpeg')
    expect(meta.exif).toBeUndefined()
    const served = await server.app.inject({ method: 'GET', url: new URL(saved.ImageUrl).pathname })
    expect(served.statusCode).toBe(200)
    expect((await dinerRow(server.call, gid('C02'))).ImageUrl).toBe(saved.ImageUrl)
    // The old picture is no longer used by the shop, and is let go.
    expect(fs.existsSync(path.join(server.config.filesDir, 'menu/E1001/S101'))).toBe(true)
    expect(fs.readdirSync(path.join(server.config.filesDir, 'menu/E1001/S101')).some((n) => n.startsWith('c02-beef-chow-fun'))).toBe(false)

    // Removed: no picture.
    const removed = ok(await save(row.Goods, { RemovePicture: 1 })).table1[0] as StaffMenuGoodsRow
    expect(removed.ImageUrl).toBe('')
  })
})

describe('who may edit', () => {
  it('the whole shop is needed: a manager of one branch, a cashier and another shop’s manager are refused', async () => {
    const branchManager = await personWithRole(server, owner, 'manager', { shopIds: 'S101', baseIds: 'B201' })
    const otherShop = await personWithRole(server, owner, 'manager', { shopIds: 'S102' })
    const shopManager = await personWithRole(server, owner, 'manager', { shopIds: 'S101' })
    const cashier = await personWithRole(server, owner, 'cashier', { shopIds: 'S101' })
    const outline = (who: StaffSession) => server.call('MenuOutlineGet', [{ ShopID: 'S101' }], as(who))
    expect(codes(await outline(branchManager))).toBe('10013/')
    expect(codes(await outline(otherShop))).toBe('10013/')
    expect(codes(await outline(cashier))).toBe('10013/')
    expect(codes(await outline(shopManager))).toBe('0/0')
    const row = await goodsOf('C05', shopManager)
    expect(codes(await save(row.Goods, {}, branchManager))).toBe('10013/')
    expect(codes(await server.call('MenuPictureUploadTicket', [{ ShopID: 'S101', FileName: 'a.jpg', FileSize: 10, FileType: 'image/jpeg' }], as(otherShop)))).toBe('10013/')
  })
})
