/**
 * Allergens and dietary marks (issue 26 item 1) through the real gateway on the demo menus, on
 * SQLite and (DATABASE_URL) PostgreSQL: carried from the menu file to diners' goods rows, sku
 * values, skus, add-ons and combo picks; refused by code in the menu file and in the console's
 * MenuGoodsSave (naming the field); set from the console and seen by diners; staff without menu
 * editing refused; and on the kitchen ticket (board, live event, printout) as each line's goods,
 * sku, add-ons and combo picks together, in words of the kitchen's language.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { KitchenTicketRow } from '../../src/gateway/kitchen-contract'
import type { MenuFileGoods, StaffMenuGoodsRow } from '../../src/gateway/staff-contract'
import { importMenu, MenuImportError } from '../../server/src/domain/catalogue/menu-import.service'
import { kitchenTicketLayout } from '../../server/src/printing/kitchen-ticket.escpos'
import { B201, clientLine, gid, openAllDay, requestKey } from './helpers/order-fixtures'
import { ownerOf, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
let owner: StaffSession

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
  owner = await ownerOf(server)
}, 60_000)
afterAll(() => server?.close())

const codes = (res: { body: { errcode: string; resultcode: string } }) => `${res.body.errcode}/${res.body.resultcode}`
const scope = { ShopID: 'S101', BaseID: B201 }
const detail = async (code: string) => ok(await server.call('GoodsDetailGet', [{ ...scope, GoodsID: gid(code) }]))
const menuDir = path.join(__dirname, '../../server/seed/menus')
const demoFile = () => JSON.parse(fs.readFileSync(path.join(menuDir, 'menu-S101.json'), 'utf8'))

describe('from the menu file to diners’ rows', () => {
  it('goods rows and details carry the goods’ own codes', async () => {
    const satay = (await detail('C03')).table1[0]
    expect(satay).toMatchObject({ Allergens: 'gluten,peanuts,soy,sesame', Diets: 'spicy1' })
    expect((await detail('H01')).table1[0]).toMatchObject({ Allergens: 'milk', Diets: 'vegetarian' })
    expect((await detail('H10')).table1[0]).toMatchObject({ Allergens: '', Diets: 'vegetarian,vegan' })
    const list = ok(await server.call('GoodsListByClass', [{ ...scope, ClassID: 'S101.c.NOODLES', PageIndex: 1, PageSize: 50 }])).table1
    expect(list.find((g: { GoodsID: string }) => g.GoodsID === gid('C01'))).toMatchObject({ Allergens: 'gluten,crustaceans,eggs,fish,soy', Diets: '' })
  })

  it('sku values carry what choosing them adds, and skus their values’ together', async () => {
    const rolls = await detail('E04')
    const values = rolls.table3.map((v: { ValueID: string; Allergens: string }) => [v.ValueID.split('.').pop(), v.Allergens])
    expect(values).toEqual([
      ['SHRIMP', 'crustaceans'],
      ['BEEF', ''],
      ['CHARSIU', 'sesame']
    ])
    expect(rolls.table4.find((s: { SkuCode: string }) => s.SkuCode === 'SHRIMP')).toMatchObject({ Allergens: 'crustaceans', Diets: '' })
  })

  it('add-ons and combo picks carry their own', async () => {
    const addOns = ok(await server.call('AttachmentChargingList', [{ ...scope, GoodsID: gid('C03') }])).table1
    expect(addOns.map((a: { OptionID: string; Allergens: string; Diets: string }) => [a.OptionID.split('.').pop(), a.Allergens, a.Diets])).toEqual([
      ['EGG', 'eggs', 'vegetarian'],
      ['SPAM', 'soy', '']
    ])
    const picks = ok(await server.call('GoodsBOMListGet', [{ ...scope, GoodsID: gid('K02') }])).table2
    expect(picks.find((p: { GoodsID: string }) => p.GoodsID === gid('G01'))).toMatchObject({ Allergens: 'gluten,eggs,peanuts,milk', Diets: 'vegetarian' })
    expect(picks.find((p: { GoodsID: string }) => p.GoodsID === gid('H03'))).toMatchObject({ Allergens: '', Diets: 'vegetarian,vegan' })
  })

  it('a menu file with a bad code is refused whole, each problem at its place', async () => {
    const file = demoFile()
    const c03 = file.goods.find((g: { code: string }) => g.code === 'C03')
    c03.allergens = ['gluten', 'peanut', 'soy']
    c03.diets = ['spicy1', 'spicy3']
    c03.addOns[0].allergens = ['shellfish']
    const e04 = file.goods.find((g: { code: string }) => g.code === 'E04')
    e04.skus.attributes[0].values[0].diets = ['kosher']
    file.goods.find((g: { code: string }) => g.code === 'H01').allergens = 'milk'
    const error = await importMenu(server.db, file, menuDir, { filesDir: server.config.filesDir }).catch((e) => e)
    expect(error).toBeInstanceOf(MenuImportError)
    const all = 'gluten, crustaceans, eggs, fish, peanuts, soy, milk, nuts, celery, mustard, sesame, sulphites, lupin, molluscs'
    expect((error as MenuImportError).problems).toEqual([
      `goods[12] "C03" addOns[0].allergens[0]: unknown allergen code "shellfish" (use ${all})`,
      `goods[12] "C03" allergens[1]: unknown allergen code "peanut" (use ${all})`,
      'goods[12] "C03" diets[1]: "spicy3": only one spice level (spicy1, spicy2 or spicy3) per list',
      'goods[29] "E04" skus.attributes[0].values[0].diets[0]: unknown dietary mark code "kosher" (use vegetarian, vegan, halal, alcohol, spicy1, spicy2, spicy3)',
      'goods[49] "H01" allergens: must be a list'
    ])
    // Nothing was imported: the rows say what they said.
    expect((await detail('C03')).table1[0].Allergens).toBe('gluten,peanuts,soy,sesame')
  })
})

describe('from the console', () => {
  const as = (who: StaffSession) => ({ headers: who.headers })
  const goodsOf = async (code: string): Promise<StaffMenuGoodsRow> => ok(await server.call('MenuGoodsGet', [{ ShopID: 'S101', GoodsID: gid(code) }], as(owner))).table1[0]
  const save = (goods: MenuFileGoods, who = owner) =>
    server.call('MenuGoodsSave', [{ ShopID: 'S101', GoodsID: gid(goods.code), Goods: goods, PictureFileID: '', RemovePicture: 0, KeepStock: 1, Reason: '' }], as(who))

  it('the goods editor reads the marks of the goods, its values and add-ons, and writes them back; diners see them at once', async () => {
    const row = await goodsOf('D01')
    expect(row.Goods).toMatchObject({ allergens: ['gluten', 'eggs', 'milk'], diets: [] })
    expect(row.Goods.skus!.attributes[0].values.map((v) => [v.code, v.allergens])).toEqual([
      ['TOMATO', []],
      ['CREAM', ['milk']],
      ['PORTUGUESE', ['milk']]
    ])
    expect(row.Goods.addOns!.map((a) => [a.code, a.allergens, a.diets])).toEqual([['CHEESE', ['milk'], ['vegetarian']]])

    const changed: MenuFileGoods = {
      ...row.Goods,
      allergens: ['milk', 'gluten', 'eggs', 'celery'],
      diets: ['spicy2'],
      skus: { ...row.Goods.skus!, attributes: [{ ...row.Goods.skus!.attributes[0], values: row.Goods.skus!.attributes[0].values.map((v) => (v.code === 'TOMATO' ? { ...v, allergens: ['celery'] } : v)) }] },
      addOns: row.Goods.addOns!.map((a) => ({ ...a, allergens: ['milk', 'mustard'] }))
    }
    const saved = ok(await save(changed)).table1[0] as StaffMenuGoodsRow
    expect(saved.Goods).toMatchObject({ allergens: ['gluten', 'eggs', 'milk', 'celery'], diets: ['spicy2'] })
    const diner = await detail('D01')
    expect(diner.table1[0]).toMatchObject({ Allergens: 'gluten,eggs,milk,celery', Diets: 'spicy2' })
    expect(diner.table3.find((v: { ValueID: string }) => v.ValueID.endsWith('.TOMATO'))).toMatchObject({ Allergens: 'celery' })
    const addOns = ok(await server.call('AttachmentChargingList', [{ ...scope, GoodsID: gid('D01') }])).table1
    expect(addOns[0]).toMatchObject({ Allergens: 'milk,mustard', Diets: 'vegetarian' })

    // Unticking everything clears them.
    ok(await save({ ...changed, allergens: [], diets: [] }))
    expect((await detail('D01')).table1[0]).toMatchObject({ Allergens: '', Diets: '' })
  })

  it('a bad code is refused naming the field; nothing changes', async () => {
    const row = await goodsOf('A03')
    const refused = await save({ ...row.Goods, allergens: ['gluten', 'nut'], addOns: [] })
    expect(codes(refused)).toBe('0/21201')
    expect(refused.body.resultmsg).toContain('goods "A03" allergens[1]: unknown allergen code "nut"')
    expect((await detail('A03')).table1[0].Allergens).toBe('gluten,eggs,milk')
  })

  it('staff who may not edit the menu cannot set them', async () => {
    const cashier = await personWithRole(server, owner, 'cashier', { shopIds: 'S101' })
    const row = await goodsOf('A03')
    expect(codes(await save({ ...row.Goods, allergens: [] }, cashier))).toBe('10013/')
    expect((await detail('A03')).table1[0].Allergens).toBe('gluten,eggs,milk')
  })
})

describe('on the kitchen ticket', () => {
  it('each line shows its goods’, sku’s, add-ons’ and combo picks’ allergens together: on the board, in the live event and on the printout', async () => {
    const cook = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201' })
    const satay = await clientLine(server, { code: 'C03', addOns: ['EGG'], remarks: [{ name: 'Spice', option: 'Mild' }] })
    const set = await clientLine(server, { code: 'K04', bom: { MAIN: ['C07'], EXTRAS: ['H03'] } })
    const rolls = await clientLine(server, { code: 'E04', sku: 'SHRIMP' })
    const table = await server.db.selectFrom('qr_codes').select(['table_id', 'code']).where('table_id', 'like', 'B201-%').orderBy('table_id', 'desc').executeTakeFirstOrThrow()
    const lastEvent = Number((await server.db.selectFrom('event_counters').select('last_id').where('ent_id', '=', 'E1001').executeTakeFirst())?.last_id ?? 0)
    const placed = ok(
      await server.call(
        'MealPosOrderSubmit',
        [{ ...scope, TableID: table.table_id, QRCode: table.code, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [satay.input, set.input, rolls.input] }],
        { headers: { 'X-Device-Key': 'allergen-phone-0123456789' }, lang: 'en' }
      )
    )
    const roundId = placed.table2[0].SheetID as string
    const board = ok(await server.call('KitchenBoardGet', [{ BaseID: 'B201', StationID: '*' }], { headers: cook.headers }))
    const ticket = (board.table1 as KitchenTicketRow[]).find((t) => t.OrderID === roundId)!
    expect(ticket.Lines.map((l) => [l.GoodsID, l.Allergens])).toEqual([
      [gid('C03'), 'gluten,eggs,peanuts,soy,sesame'],
      // K04 itself has none; C07 and H03 picked.
      [gid('K04'), 'gluten,eggs,soy,sesame'],
      [gid('E04'), 'gluten,crustaceans,soy']
    ])
    expect(ticket.Lines[0].Diets).toBe('spicy1')

    const events = await server.db.selectFrom('events').select(['kind', 'payload']).where('ent_id', '=', 'E1001').where('id', '>', lastEvent).where('kind', '=', 'ticket.sent').execute()
    const sent = events.map((e) => JSON.parse(e.payload).ticket as KitchenTicketRow).find((t) => t.OrderID === roundId)!
    expect(sent.Lines.map((l) => l.Allergens)).toEqual(ticket.Lines.map((l) => l.Allergens))

    const printed = (locale: string) => kitchenTicketLayout(ticket, locale).map((line) => line.segments.map((s) => s.text).join(''))
    // Bold under the line's choices, wrapped at 42 cells like every row of the ticket.
    expect(printed('en')).toEqual(expect.arrayContaining(['    ALLERGENS: Gluten, Eggs, Peanuts, Soy,', '    Sesame']))
    expect(printed('en')).toContain('    ALLERGENS: Gluten, Crustaceans, Soy')
    expect(printed('zh-CN')).toContain('    过敏原：麸质谷物、甲壳类、大豆')
    expect(printed('zh-TW')).toContain('    過敏原：麩質穀物、蛋類、大豆、芝麻')
    // A line without allergens prints no allergen row.
    const plain = { ...ticket, Lines: [{ ...ticket.Lines[2], Allergens: '' }] }
    expect(kitchenTicketLayout(plain, 'en').some((line) => line.segments.some((s) => s.text.includes('ALLERGENS')))).toBe(false)
  })
})
