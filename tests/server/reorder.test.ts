/**
 * Reorder (issue 17, OrderReorderGet), through the real gateway on the demo menu, SQLite and (with
 * DATABASE_URL) PostgreSQL: a paid order's lines come back priced from today's menu with their
 * choices as the cart takes them (the cart's own lineAmount agrees), the coupon line is skipped,
 * lines no longer sold say why, and another diner's or member's order is refused.
 */
import { completeLine, lineAmount } from '../../src/core/cart'
import { RESULTCODES } from '../../src/gateway/codes'
import { markOrderPaid } from '../../server/src/domain/orders/order-state'
import { COUPON_SALE_TYPE } from '../../server/src/domain/orders/order-placement'
import { makeMember } from './helpers/member-fixtures'
import { B201, clientLine, device, gid, openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { createTestServer, type TestServer } from './helpers/test-server'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
}, 60_000)
afterAll(() => server?.close())

async function paidOrder(headers: Record<string, string>, lines: Awaited<ReturnType<typeof clientLine>>['input'][]): Promise<string> {
  const placed = await server.call('OrderSubmit', [{ ...takeaway(lines), RequestKey: requestKey() }], { headers })
  expect(placed.body.resultcode).toBe('0')
  const order = placed.body.data.table1[0]
  await server.db.transaction().execute((trx) => markOrderPaid(trx, order.SheetID, order.Amount, new Date()))
  return order.SheetID
}

const reorder = (sheetId: string, headers: Record<string, string>, lang?: string) => server.call('OrderReorderGet', [{ SheetID: sheetId }], { headers, lang })

describe('OrderReorderGet', () => {
  it("answers every goods line with today's price and its choices as the cart takes them back", async () => {
    const me = device()
    const noodles = await clientLine(server, { code: 'C01', sku: 'LARGE', qua: '2', remarks: [{ name: 'Spring onion', option: 'No' }], addOns: ['WONTON3'] })
    const basket = await clientLine(server, { code: 'E01', pack: 'BASKET4', qua: '3' })
    const sheetId = await paidOrder(me.headers, [noodles.input, basket.input, soupLine('1')])
    // What the order cost then is not what counts: the stored amounts are made stale.
    await server.db.updateTable('order_lines').set({ amount: '1', sales_price: '1' }).where('order_id', '=', sheetId).execute()

    const answer = await reorder(sheetId, me.headers)
    expect(answer.body.resultcode).toBe('0')
    const rows = answer.body.data.table1
    expect(rows.map((r: any) => [r.LineNo, r.GoodsID, r.Unavailable])).toEqual([
      [1, gid('C01'), ''],
      [2, gid('E01'), ''],
      [3, gid('F01'), '']
    ])
    // Today's amounts, the same as the client's cart computes for the same choices.
    expect(rows[0].Amount).toBe(noodles.input.Amount)
    expect(rows[1].Amount).toBe(basket.input.Amount)
    expect(rows[2]).toMatchObject({ Amount: '22', Price: '22', Qua: 1 })
    // The cart line keeps the sku, pack, remark and add-on; completed by the cart it prices the same.
    const cartNoodles = rows[0].Cart
    expect(cartNoodles.goods).toMatchObject({ GoodsID: gid('C01'), ShopID: 'S101', BaseID: B201 })
    expect(cartNoodles.line.sku.SkuID).toBe(noodles.line.sku!.SkuID)
    expect(cartNoodles.line.remarkList).toEqual([{ name: 'Spring onion', option: 'No', group: expect.any(Number), index: expect.any(Number) }])
    expect(cartNoodles.line.attachmentList.map((a: any) => a.OptionID)).toEqual([`${gid('C01')}.o.WONTON3`])
    expect(lineAmount(completeLine(cartNoodles.line, 'u'))).toBe(noodles.input.Amount)
    expect(rows[1].Cart.line).toMatchObject({ PCode: basket.line.PCode, pQua: '3', mQua: '0' })
    expect(lineAmount(completeLine(rows[1].Cart.line, 'u'))).toBe(basket.input.Amount)
    // Nothing was written.
    const count = await server.db.selectFrom('orders').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()
    expect(Number((await reorder(sheetId, me.headers)).body.data.table1.length)).toBe(3)
    const again = await server.db.selectFrom('orders').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()
    expect(Number(again.n)).toBe(Number(count.n))
  })

  it("the remarks come back in the caller's language with their place, as the goods page gives them", async () => {
    const me = device()
    const noodles = await clientLine(server, { code: 'C01', sku: 'LARGE', remarks: [{ name: 'Spring onion', option: 'No' }] })
    const sheetId = await paidOrder(me.headers, [noodles.input])
    const en = (await reorder(sheetId, me.headers)).body.data.table1[0].Cart.line.remarkList[0]
    const zh = (await reorder(sheetId, me.headers, 'zh-TW')).body.data.table1[0].Cart.line.remarkList[0]
    expect(zh).toEqual({ name: '蔥', option: '走蔥', group: en.group, index: en.index })
    // The server takes the zh-TW remark back for the same line and price.
    const again = { ...noodles.input, Remarks: [{ name: zh.name, option: zh.option }] }
    expect((await server.call('OrderPricePreview', [{ ...takeaway([again]) }], { headers: me.headers })).body.resultcode).toBe('0')
  })

  it('names the lines that cannot come back and why; skips the coupon line', async () => {
    const me = device()
    const milkTea = await clientLine(server, { code: 'H01', sku: 'L-ICED', qua: '2' })
    const noodles = await clientLine(server, { code: 'C01', sku: 'LARGE' })
    const sheetId = await paidOrder(me.headers, [soupLine('1'), milkTea.input, noodles.input, soupLine('2')])
    const line = (no: number) => server.db.updateTable('order_lines').where('order_id', '=', sheetId).where('line_no', '=', no)
    // Line 1: goods gone from the menu. Line 3: its sku no longer exists. Line 4: made the coupon line.
    await line(1).set({ goods_id: gid('ZZ9') }).execute()
    await line(3).set({ detail: JSON.stringify({ SkuID: `${gid('C01')}.k.HUGE`, PCode: '', Remarks: [], AddOns: [], Bom: [] }) }).execute()
    await line(4).set({ sale_type: COUPON_SALE_TYPE, goods_id: '' }).execute()
    // Line 2: one left of the two asked.
    const skuId = milkTea.line.sku!.SkuID
    const stockBefore = (await server.db.selectFrom('skus').select('stock').where('sku_id', '=', skuId).executeTakeFirstOrThrow()).stock
    await server.db.updateTable('skus').set({ stock: 1 }).where('sku_id', '=', skuId).execute()
    try {
      const rows = (await reorder(sheetId, me.headers, 'zh-TW')).body.data.table1
      expect(rows.map((r: any) => [r.LineNo, r.Unavailable, r.Cart === null, r.Amount])).toEqual([
        [1, 'not-in-shop', true, ''],
        [2, 'stock', true, ''],
        [3, 'changed', true, '']
      ])
      // Named in the diner's language where the menu still has the goods.
      expect(rows[1].GoodsName).toMatch(/奶茶/)
      await server.db.updateTable('skus').set({ stock: 0 }).where('sku_id', '=', skuId).execute()
      expect((await reorder(sheetId, me.headers)).body.data.table1[1].Unavailable).toBe('stock')
    } finally {
      await server.db.updateTable('skus').set({ stock: stockBefore }).where('sku_id', '=', skuId).execute()
    }
  })

  it('a goods gone from the menu is not-in-shop; one outside its sale time today is off-sale', async () => {
    const me = device()
    const sheetId = await paidOrder(me.headers, [soupLine('1')])
    await server.db.updateTable('order_lines').set({ goods_id: gid('K99') }).where('order_id', '=', sheetId).execute()
    expect((await reorder(sheetId, me.headers)).body.data.table1[0].Unavailable).toBe('not-in-shop')
    // The breakfast set (07:00–11:00) and the afternoon tea set (14:00–17:30): find the one off sale now.
    const rows = await server.db.selectFrom('goods').select(['goods_id', 'on_sale_time', 'off_sale_time']).where('goods_id', 'in', [gid('K01'), gid('K02')]).execute()
    expect(rows.length).toBe(2)
    const { saleStatus } = await import('../../src/core/sale-status')
    const { wallClockIn } = await import('../../src/core/wall-clock')
    const now = wallClockIn('Asia/Macau', new Date()).secondsOfDay
    const off = rows.find((g) => !saleStatus(g.on_sale_time, g.off_sale_time, now).isOnSale && !saleStatus(g.on_sale_time, g.off_sale_time, now + 120).isOnSale)!
    await server.db.updateTable('order_lines').set({ goods_id: off.goods_id }).where('order_id', '=', sheetId).execute()
    expect((await reorder(sheetId, me.headers)).body.data.table1[0].Unavailable).toBe('off-sale')
  })

  it("refuses another device's and another member's order; unknown → ORDER_NOT_FOUND", async () => {
    const owner = await makeMember(server.db)
    const other = await makeMember(server.db)
    const sheetId = await paidOrder(owner.headers, [soupLine('1')])
    expect((await reorder(sheetId, owner.headers)).body.resultcode).toBe('0')
    expect((await reorder(sheetId, other.headers)).body.resultcode).toBe(RESULTCODES.ORDER_NOT_FOUND)
    expect((await reorder(sheetId, device().headers)).body.resultcode).toBe(RESULTCODES.ORDER_NOT_FOUND)
    expect((await reorder('NOPE', owner.headers)).body.resultcode).toBe(RESULTCODES.ORDER_NOT_FOUND)
    // Without a device key the request is unusable.
    const bare = await server.call('OrderReorderGet', [{ SheetID: sheetId }])
    expect(bare.body.errcode).toBe('10007')
  })
})
