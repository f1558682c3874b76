/**
 * Stock and limits (issue 11, item 5), through the real gateway on the demo menu, SQLite and (with
 * DATABASE_URL) PostgreSQL: an order above the stock left is refused naming the goods and what is
 * left; the stock is taken with the order (prepay orders and table-sheet rounds) and comes back
 * once when the order expires or is cancelled; orders racing for the last units never oversell;
 * a line above the per-line cap and an order above the line-count cap are refused with their codes.
 */
import path from 'node:path'
import fs from 'node:fs'
import { RESULTCODES } from '../../src/gateway/codes'
import { importMenu } from '../../server/src/domain/catalogue/menu-import.service'
import { ORDER_STATUS } from '../../src/gateway/order-rows'
import { applyShopAction } from '../../server/src/domain/orders/order.service'
import { expireDueOrders, markOrderPaid } from '../../server/src/domain/orders/order-state'
import { B201, clientLine, device, gid, openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { createTestServer, type SecondInstance, type TestServer } from './helpers/test-server'

const MILK_TEA = gid('H01')
const L_ICED = `${MILK_TEA}.k.L-ICED`

let server: TestServer
let second: SecondInstance
beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
  second = await server.openSecondInstance()
}, 60_000)
afterAll(() => server?.close())

const stockOf = async (skuId = L_ICED) =>
  (await server.db.selectFrom('skus').select('stock').where('sku_id', '=', skuId).executeTakeFirstOrThrow()).stock
const setStock = (stock: number | null, skuId = L_ICED) => server.db.updateTable('skus').set({ stock }).where('sku_id', '=', skuId).execute()
const milkTea = async (qua: string) => (await clientLine(server, { code: 'H01', sku: 'L-ICED', qua })).input

async function submit(lines: Awaited<ReturnType<typeof milkTea>>[], options: { lang?: string; headers?: Record<string, string>; via?: 'second' } = {}) {
  const call = options.via === 'second' ? second.call : server.call
  return call('OrderSubmit', [{ ...takeaway(lines), RequestKey: requestKey() }], { headers: options.headers ?? device().headers, lang: options.lang })
}

describe('stock', () => {
  it('refuses more than the stock left, naming the goods and what is left (the finding: 9,999 of 40 was accepted)', async () => {
    await setStock(40)
    const huge = await submit([await milkTea('9999')])
    expect(huge.body.resultcode).not.toBe('0')
    const over = await submit([await milkTea('41')])
    expect(over.body).toMatchObject({ resultcode: RESULTCODES.STOCK_SHORT, resultmsg: 'Only 40 left of Hong Kong Milk Tea (Large / Iced)' })
    const zh = await submit([await milkTea('41')], { lang: 'zh-TW' })
    expect(zh.body.resultmsg).toContain('40')
    // The preview (the confirm page) says the same before anything is placed.
    const preview = await server.call('OrderPricePreview', [{ ...takeaway([await milkTea('41')]) }])
    expect(preview.body.resultcode).toBe(RESULTCODES.STOCK_SHORT)
    // Two lines of the same sku count together.
    const split = await submit([await milkTea('21'), await milkTea('20')])
    expect(split.body).toMatchObject({ resultcode: RESULTCODES.STOCK_SHORT, resultmsg: 'Only 40 left of Hong Kong Milk Tea (Large / Iced)' })
    expect(await stockOf()).toBe(40)
  })

  it('takes the stock with the order; the next order sees what is left', async () => {
    await setStock(40)
    const placed = await submit([await milkTea('30')])
    expect(placed.body.resultcode).toBe('0')
    expect(await stockOf()).toBe(10)
    const next = await submit([await milkTea('11')])
    expect(next.body).toMatchObject({ resultcode: RESULTCODES.STOCK_SHORT, resultmsg: 'Only 10 left of Hong Kong Milk Tea (Large / Iced)' })
    expect((await submit([await milkTea('10')])).body.resultcode).toBe('0')
    expect(await stockOf()).toBe(0)
    expect((await submit([await milkTea('1')])).body.resultcode).not.toBe('0')
    // Goods without a stock are unlimited.
    expect((await submit([soupLine('20')])).body.resultcode).toBe('0')
  })

  it('gives the stock back exactly once when the order is cancelled by the diner, cancelled by the shop, or expires', async () => {
    // Earlier tests' orders expire first, so only this test's orders move the stock.
    const later = new Date(Date.now() + 60 * 60_000)
    await expireDueOrders(server.db, later)
    await setStock(20)
    const me = device()
    const cancelled = (await submit([await milkTea('5')], { headers: me.headers })).body.data.table1[0].SheetID
    const paid = (await submit([await milkTea('4')])).body.data.table1[0].SheetID
    const expiring = (await submit([await milkTea('3')])).body.data.table1[0].SheetID
    expect(await stockOf()).toBe(8)

    expect((await server.call('OrderCancel', [{ SheetID: cancelled }], { headers: me.headers })).body.resultcode).toBe('0')
    expect(await stockOf()).toBe(13)
    // Cancelling again is refused and gives nothing back twice.
    expect((await server.call('OrderCancel', [{ SheetID: cancelled }], { headers: me.headers })).body.resultcode).toBe(RESULTCODES.ORDER_STATUS_CONFLICT)
    expect(await stockOf()).toBe(13)

    await server.db.transaction().execute((trx) => markOrderPaid(trx, paid, '112.00', new Date()))
    await applyShopAction(server.db, paid, 'cancel', 'en', new Date(), server.providers.payments)
    expect(await stockOf()).toBe(17)

    expect(await expireDueOrders(server.db, later)).toBe(1)
    expect(await expireDueOrders(server.db, later)).toBe(0)
    expect((await server.db.selectFrom('orders').select('status').where('order_id', '=', expiring).executeTakeFirstOrThrow()).status).toBe(ORDER_STATUS.EXPIRED)
    expect(await stockOf()).toBe(20)
  })

  it('a table-sheet round takes stock too', async () => {
    await setStock(6)
    const line = await milkTea('4')
    // The table's code as scanned: the proof of sitting at the table a round needs.
    const qr = await server.db.selectFrom('qr_codes').select('code').where('table_id', '=', 'B201-A04').where('is_enable', '=', 1).executeTakeFirstOrThrow()
    const round = (key: string) => ({ ShopID: 'S101', BaseID: B201, TableID: 'B201-A04', QRCode: qr.code, ServiceType: 'dinein', RequestKey: key, Lines: [line] })
    const first = await server.call('MealPosOrderSubmit', [round(requestKey())], { headers: device().headers })
    expect(first.body.resultcode).toBe('0')
    expect(await stockOf()).toBe(2)
    const again = await server.call('MealPosOrderSubmit', [round(requestKey())], { headers: device().headers })
    expect(again.body).toMatchObject({ resultcode: RESULTCODES.STOCK_SHORT, resultmsg: 'Only 2 left of Hong Kong Milk Tea (Large / Iced)' })
    expect(await stockOf()).toBe(2)
  })

  it('orders racing for the last units never oversell (two server instances)', async () => {
    await setStock(10)
    const one = await milkTea('1')
    const three = await milkTea('3')
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => submit([i % 4 === 0 ? three : one], { via: i % 2 ? 'second' : undefined }))
    )
    const codes = answers.map((a) => a.body.resultcode)
    // Refused with what is left, or as sold out once nothing is.
    expect(codes.filter((c) => c !== '0' && c !== RESULTCODES.STOCK_SHORT && c !== RESULTCODES.GOODS_OFF_SALE)).toEqual([])
    const placed = answers.filter((a) => a.body.resultcode === '0')
    const sold = placed.reduce((n, a) => n + a.body.data.table2.reduce((m: number, l: { Qua: string }) => m + Number(l.Qua), 0), 0)
    const left = await stockOf()
    expect(left).toBeGreaterThanOrEqual(0)
    expect(sold + (left ?? 0)).toBe(10)
    // Ones are always available while any stock is left, so the last unit goes.
    expect(left).toBe(0)
  })
})

describe('stock in main units: pack units and weight goods', () => {
  const names = (en: string) => ({ 'zh-CN': en, 'zh-TW': en, en })
  const sku = (stock: number, price: string) => ({
    attributes: [{ code: 'KIND', names: names('Kind'), values: [{ code: 'STD', names: names('Standard') }] }],
    items: [{ code: 'STD', values: ['STD'], price, stock }]
  })

  beforeAll(async () => {
    // The demo menu with stock on the egg tarts (also sold by the box of 6) and the roast goose (by the catty, 0.5 steps).
    const dir = path.join(__dirname, '../../server/seed/menus')
    const menu = JSON.parse(fs.readFileSync(path.join(dir, 'menu-S101.json'), 'utf8'))
    for (const g of menu.goods) {
      if (g.code === 'A03') g.skus = sku(20, g.price)
      if (g.code === 'B01') g.skus = sku(3, g.price)
    }
    await importMenu(server.db, menu, dir, { filesDir: server.config.filesDir })
  })

  it('a box of 6 takes 6 units; lines of one sku add up', async () => {
    const boxes = (await clientLine(server, { code: 'A03', sku: 'STD', pack: 'BOX6', qua: '2' })).input
    const pieces = (await clientLine(server, { code: 'A03', sku: 'STD', qua: '3' })).input
    expect((await submit([boxes, pieces])).body.resultcode).toBe('0')
    const tarts = gid('A03') + '.k.STD'
    expect(await stockOf(tarts)).toBe(5)
    const box = (await clientLine(server, { code: 'A03', sku: 'STD', pack: 'BOX6', qua: '1' })).input
    expect((await submit([box])).body).toMatchObject({ resultcode: RESULTCODES.STOCK_SHORT, resultmsg: 'Only 5 left of Portuguese Egg Tart (Standard)' })
  })

  it('1.5 catty takes 2 whole units and gives 2 back', async () => {
    const goose = gid('B01') + '.k.STD'
    const me = device()
    const placed = await submit([(await clientLine(server, { code: 'B01', sku: 'STD', qua: '1.5' })).input], { headers: me.headers })
    expect(placed.body.resultcode).toBe('0')
    expect(await stockOf(goose)).toBe(1)
    expect((await submit([(await clientLine(server, { code: 'B01', sku: 'STD', qua: '1.5' })).input])).body.resultcode).toBe(RESULTCODES.STOCK_SHORT)
    expect((await server.call('OrderCancel', [{ SheetID: placed.body.data.table1[0].SheetID }], { headers: me.headers })).body.resultcode).toBe('0')
    expect(await stockOf(goose)).toBe(3)
  })
})

describe('limits', () => {
  it('refuses a line above the per-line cap (the finding: 1,001 buns went through), 99 by default', async () => {
    const bun = async (qua: string) => (await clientLine(server, { code: 'A02', qua })).input
    const huge = await submit([await bun('1001')])
    expect(huge.body).toMatchObject({ resultcode: RESULTCODES.LINE_QUANTITY_OVER_LIMIT, resultmsg: 'At most 99 of Macau Pork Chop Bun per order' })
    expect((await submit([await bun('100')])).body.resultcode).toBe(RESULTCODES.LINE_QUANTITY_OVER_LIMIT)
    expect((await submit([await bun('99')])).body.resultcode).toBe('0')
    const zh = await submit([await bun('100')], { lang: 'zh-CN' })
    expect(zh.body.resultmsg).toContain('99')
  })

  it('refuses an order with more lines than the line-count cap, 50 by default', async () => {
    const lines = Array.from({ length: 51 }, () => soupLine('1'))
    expect((await submit(lines)).body).toMatchObject({ resultcode: RESULTCODES.TOO_MANY_LINES, resultmsg: 'An order can have at most 50 lines' })
    expect((await submit(lines.slice(0, 50))).body.resultcode).toBe('0')
  })

  it('takes the caps from the shop, else the enterprise', async () => {
    await server.db.insertInto('enterprise_settings').values({ ent_id: 'E1001', parm_id: 'MaxLineQuantity', parm_value: '10' }).execute()
    await server.db.insertInto('shop_params').values({ shop_id: 'S101', parm_id: 'MaxOrderLines', parm_value: '2' }).execute()
    try {
      expect((await submit([soupLine('11')])).body.resultmsg).toBe('At most 10 of Soup of the Day per order')
      expect((await submit([soupLine('10')])).body.resultcode).toBe('0')
      expect((await submit([soupLine('1'), soupLine('1'), soupLine('1')])).body.resultmsg).toBe('An order can have at most 2 lines')
      const params = await server.call('ShopParamsGet', [{ ShopID: 'S101' }])
      expect(params.body.data.table1).toEqual(expect.arrayContaining([expect.objectContaining({ ParmID: 'MaxOrderLines', ParmValue: '2' })]))
    } finally {
      await server.db.deleteFrom('enterprise_settings').where('parm_id', '=', 'MaxLineQuantity').execute()
      await server.db.deleteFrom('shop_params').where('parm_id', '=', 'MaxOrderLines').execute()
    }
  })
})
