/**
 * Issue 27 item 21, on every demo combo, at the table and in the kitchen: a combo pick's own required choice (the demo's
 * K04 with the curry fish balls, G03, whose spice is '*Spice:…') on a round placed at a table,
 * through the real gateway on the demo menu, SQLite and (with DATABASE_URL) PostgreSQL. The round
 * is refused without the pick's spice (21200, naming the pick, in the diner's language); with it,
 * the kitchen's board and its printed ticket name the pick with its spice in the kitchen's
 * language (zh-CN; one pick a printed row), the staff's order details as ordered, and a raise of the sent line at the table
 * keeps it. Every demo combo with a required group among its picks (K01–K04, M04) asks for it.
 * tests/server/combo-pick-remarks.test.ts has the prepay order, the diner's languages
 * and the reorder.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { KitchenTicketRow } from '../../src/gateway/kitchen-contract'
import { RESULTCODES } from '../../src/gateway/codes'
import { parseGoodsRemarks } from '../../src/core/goods-remarks'
import type { MenuFile } from '../../server/src/domain/catalogue/menu-file'
import { importMenu } from '../../server/src/domain/catalogue/menu-import.service'
import { kitchenTicketLayout } from '../../server/src/printing/kitchen-ticket.escpos'
import { B201, S101, clientLine, device, gid, openAllDay, requestKey, takeaway } from './helpers/order-fixtures'
import { ownerOf, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
let owner: StaffSession
let cook: StaffSession
let table: { table_id: string; code: string }

const menuDir = path.join(__dirname, '../../server/seed/menus')
const menus: MenuFile[] = ['menu-S101.json', 'menu-S102.json'].map((f) => JSON.parse(fs.readFileSync(path.join(menuDir, f), 'utf8')))

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
  // The demo menus without their daily sale windows (the breakfast set sells 07:00–11:00), so every
  // combo can be ordered whatever the hour the test runs at.
  for (const menu of menus) {
    const always = { ...menu, goods: menu.goods.map(({ onSaleTime, offSaleTime, ...g }) => g) } as MenuFile
    await importMenu(server.db, always, menuDir, { filesDir: server.config.filesDir })
  }
  await server.db.insertInto('enterprise_settings').values({ ent_id: 'E1001', parm_id: 'KitchenLocale', parm_value: 'zh-CN' }).execute()
  // Diners may change a sent round's quantities (raise only while it is with the kitchen).
  await server.db.updateTable('enterprise_settings').set({ parm_value: '1' }).where('ent_id', '=', 'E1001').where('parm_id', '=', 'CYSheetGoodsQuaEdit').execute()
  owner = await ownerOf(server)
  cook = await personWithRole(server, owner, 'kitchen', { shopIds: S101, baseIds: B201 })
  table = await server.db.selectFrom('qr_codes').select(['table_id', 'code']).where('table_id', '=', 'B201-A03').executeTakeFirstOrThrow() as { table_id: string; code: string }
}, 60_000)
afterAll(() => server?.close())

const codes = (res: { body: { errcode: string; resultcode: string } }) => `${res.body.errcode}/${res.body.resultcode}`
const phone = { 'X-Device-Key': 'combo-pick-kitchen-phone-0123456789' }
const round = (input: object, lang: string) =>
  server.call(
    'MealPosOrderSubmit',
    [{ ShopID: S101, BaseID: B201, TableID: table.table_id, QRCode: table.code, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [input] }],
    { headers: phone, lang }
  )
const board = async (): Promise<KitchenTicketRow[]> => ok(await server.call('KitchenBoardGet', [{ BaseID: B201, StationID: '*' }], { headers: cook.headers })).table1

describe("a combo pick's required choice at the table", () => {
  it('a round without it is refused, naming the pick and its group in the diner’s language; nothing reaches the kitchen', async () => {
    const bare = await clientLine(server, { code: 'K04', bom: { MAIN: ['C02'], EXTRAS: ['G03'] } })
    const tw = await round(bare.input, 'zh-TW')
    expect(codes(tw)).toBe(`0/${RESULTCODES.CHOICE_REQUIRED}`)
    expect(tw.body.resultmsg).toBe('請為 咖喱魚蛋 選擇辣度')
    const en = await round(bare.input, 'en')
    expect(en.body.resultmsg).toBe('Choose Spice for Curry Fish Balls')
    expect((await board()).filter((t) => t.TableID === table.table_id)).toEqual([])
  })

  it("with it, the kitchen's board, its printout and the staff's order name the pick with its spice; a raise at the table keeps it", async () => {
    // Ordered in English; the kitchen reads Simplified Chinese.
    const set = await clientLine(server, { code: 'K04', bom: { MAIN: ['C02'], EXTRAS: ['H04', 'G03'] }, pickRemarks: { G03: [{ name: 'Spice', option: 'Hot' }] } })
    const placed = ok(await round(set.input, 'en'))
    const sheetId = placed.table1[0].SheetID as string
    const roundId = placed.table2[0].SheetID as string
    const zh = '干炒牛河、冻柠茶、咖喱鱼蛋（辣度：大辣）'

    const ticket = (await board()).find((t) => t.OrderID === roundId)!
    expect(ticket.Lines.map((l) => [l.GoodsID, l.Qua, l.BomText])).toEqual([[gid('K04'), '1', zh]])
    // Printed one pick a row: the pick's spice whole on its row, not broken across two.
    const printed = kitchenTicketLayout(ticket, 'zh-CN').map((line) => line.segments.map((s) => s.text).join(''))
    const combo = printed.indexOf('    套餐：干炒牛河')
    expect(printed.slice(combo, combo + 3)).toEqual(['    套餐：干炒牛河', '          冻柠茶', '          咖喱鱼蛋（辣度：大辣）'])

    // The staff's order details (the console's Orders page): the line as it was ordered.
    const staff = ok(await server.call('StaffOrderGet', [{ SheetID: roundId }], { entId: owner.entId, headers: owner.headers, lang: 'en' }))
    expect(staff.table2[0].BomText).toBe('Dry-fried Beef Ho Fun, Iced Lemon Tea, Curry Fish Balls (Spice: Hot)')

    // Two of the set: the same line, raised, its pick still hot.
    ok(await server.call('PosSheetGoodsQuaEdit', [{ SheetID: sheetId, RoundID: roundId, LineNo: 1, Qua: 2, QRCode: table.code }], { headers: phone }))
    const raised = (await board()).find((t) => t.OrderID === roundId)!
    expect(raised.Lines.map((l) => [l.Qua, l.Change, l.BomText])).toEqual([['2', 'raised', zh]])
  })
})

describe('every demo combo with a required group among its picks', () => {
  it('K01–K04 and M04 are refused without the pick’s choice (21200 naming the pick) and priced with it', async () => {
    const asked: string[] = []
    for (const menu of menus) {
      const shop = menu.ShopID
      const base = (await server.db.selectFrom('bases').select('base_id').where('shop_id', '=', shop).orderBy('base_id').executeTakeFirstOrThrow()).base_id
      const goods = new Map(menu.goods.map((g) => [g.code, g]))
      const required = (code: string) => parseGoodsRemarks((goods.get(code)!.remarks as Record<string, string> | undefined)?.en).filter((g) => g.required)
      for (const combo of menu.goods.filter((g) => g.type === 3)) {
        for (const cls of combo.combo ?? []) {
          for (const item of cls.items.filter((i) => required(i.goods).length > 0)) {
            // This pick in its class; each other required class filled with picks that ask nothing.
            const bom: Record<string, string[]> = {}
            for (const other of combo.combo ?? []) {
              const plain = other.items.filter((i) => required(i.goods).length === 0).map((i) => i.goods)
              if (other === cls) bom[other.code] = [item.goods, ...(other.select === 0 ? plain.slice(0, other.pick - 1) : [])]
              else if (other.select === 0) bom[other.code] = plain.slice(0, other.pick)
            }
            const groups = required(item.goods)
            const line = (withChoice: boolean) =>
              clientLine(server, { code: combo.code, shop, base, bom, ...(withChoice ? { pickRemarks: { [item.goods]: groups.map((g) => ({ name: g.name, option: g.options[0] })) } } : {}) })
            const preview = async (withChoice: boolean) =>
              server.call('OrderPricePreview', [{ ...takeaway([(await line(withChoice)).input], { ShopID: shop, BaseID: base }) }], { headers: device().headers, lang: 'en' })
            const bare = await preview(false)
            expect([combo.code, item.goods, codes(bare), bare.body.resultmsg]).toEqual([
              combo.code,
              item.goods,
              `0/${RESULTCODES.CHOICE_REQUIRED}`,
              `Choose ${groups[0].name} for ${(goods.get(item.goods)!.names as Record<string, string>).en}`
            ])
            expect([combo.code, item.goods, codes(await preview(true))]).toEqual([combo.code, item.goods, '0/0'])
            if (!asked.includes(combo.code)) asked.push(combo.code)
          }
        }
      }
    }
    expect(asked).toEqual(['K01', 'K02', 'K03', 'K04', 'M04'])
  })
})
