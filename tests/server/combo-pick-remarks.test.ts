/**
 * Issue 27 item 21: a goods picked inside a combo keeps its own remark choices. The demo's K04
 * offers the curry fish balls (G03), whose spice is a required group ('*Spice:…'); before, the
 * combo reached the kitchen without it. Through the real gateway on the demo menu, SQLite and
 * (with DATABASE_URL) PostgreSQL: the pick's groups are answered with the combo's picks, the order
 * refuses a pick without its required choice (21200, naming the pick) or with an option it does not
 * have, and the choice reaches the order, the kitchen ticket, every reader's language and a reorder.
 */
import { completeLine, lineAmount } from '../../src/core/cart'
import { RESULTCODES } from '../../src/gateway/codes'
import { markOrderPaid } from '../../server/src/domain/orders/order-state'
import { shopOrder } from '../../server/src/domain/orders/order.service'
import { B201, S101, clientLine, device, gid, openAllDay, requestKey, takeaway } from './helpers/order-fixtures'
import { createTestServer, type TestServer } from './helpers/test-server'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
}, 60_000)
afterAll(() => server?.close())

const scope = { ShopID: S101, BaseID: B201 }
const codes = (res: { body: { errcode: string; resultcode: string } }) => `${res.body.errcode}/${res.body.resultcode}`
const submit = (input: object, headers: Record<string, string>, lang = 'en') =>
  server.call('OrderSubmit', [{ ...takeaway([input as never]), RequestKey: requestKey() }], { headers, lang })
const spice = (option: string) => ({ G03: [{ name: 'Spice', option }] })

describe('a combo pick with its own required choice', () => {
  it("is answered with the combo's picks: the fish balls' spice groups, in the request's language", async () => {
    const rows = async (lang: string) =>
      (await server.call('GoodsBOMListGet', [{ ...scope, GoodsID: gid('K04') }], { lang })).body.data.table2 as { GoodsID: string; GoodsRemarks: string }[]
    const en = await rows('en')
    expect(en.find((r) => r.GoodsID === gid('G03'))?.GoodsRemarks).toBe('*Spice:None;Mild；Medium，Hot')
    expect((await rows('zh-TW')).find((r) => r.GoodsID === gid('G03'))?.GoodsRemarks).toBe('*辣度:不辣;微辣；小辣，大辣')
    // An optional group (no '*') is offered too; a pick without groups answers ''.
    expect(en.find((r) => r.GoodsID === gid('H04'))?.GoodsRemarks).toBe('Sweetness: Normal; Less sweet; No sugar')
    expect(en.find((r) => r.GoodsID === gid('C07'))?.GoodsRemarks).toBe('')
  })

  it('is refused without the choice, naming the pick and the group, in the diner’s language', async () => {
    const me = device()
    const bare = await clientLine(server, { code: 'K04', bom: { MAIN: ['C02'], EXTRAS: ['H04', 'G03'] } })
    const en = await submit(bare.input, me.headers, 'en')
    expect(codes(en)).toBe(`0/${RESULTCODES.CHOICE_REQUIRED}`)
    expect(en.body.resultmsg).toBe('Choose Spice for Curry Fish Balls')
    const tw = await submit(bare.input, me.headers, 'zh-TW')
    expect(codes(tw)).toBe(`0/${RESULTCODES.CHOICE_REQUIRED}`)
    expect(tw.body.resultmsg).toBe('請為 咖喱魚蛋 選擇辣度')
    // The price preview says the same before the diner pays.
    expect(codes(await server.call('OrderPricePreview', [{ ...takeaway([bare.input]) }], { headers: me.headers }))).toBe(`0/${RESULTCODES.CHOICE_REQUIRED}`)
  })

  it('is refused with an option its goods does not have, or a choice on a pick that has none', async () => {
    const me = device()
    const wrong = await clientLine(server, { code: 'K04', bom: { MAIN: ['C02'], EXTRAS: ['G03'] }, pickRemarks: { G03: [{ name: 'Spice', option: 'Volcanic' }] } })
    expect(codes(await submit(wrong.input, me.headers))).toBe(`0/${RESULTCODES.INVALID_QUANTITY}`)
    // Another goods' option (the wonton noodles' spring onion) on the fish balls.
    const borrowed = await clientLine(server, { code: 'K04', bom: { MAIN: ['C02'], EXTRAS: ['G03'] }, pickRemarks: { G03: [{ name: 'Spring onion', option: 'No' }] } })
    expect(codes(await submit(borrowed.input, me.headers))).toBe(`0/${RESULTCODES.INVALID_QUANTITY}`)
    // Twice the same group.
    const twice = await clientLine(server, {
      code: 'K04',
      bom: { MAIN: ['C02'], EXTRAS: ['G03'] },
      pickRemarks: { G03: [{ name: 'Spice', option: 'Mild' }, { name: 'Spice', option: 'Hot' }] }
    })
    expect(codes(await submit(twice.input, me.headers))).toBe(`0/${RESULTCODES.INVALID_QUANTITY}`)
    // The lemon tea has a sweetness, not a spice.
    const tea = await clientLine(server, { code: 'K04', bom: { MAIN: ['C02'], EXTRAS: ['H04'] }, pickRemarks: { H04: [{ name: 'Spice', option: 'Mild' }] } })
    expect(codes(await submit(tea.input, me.headers))).toBe(`0/${RESULTCODES.INVALID_QUANTITY}`)
  })

  it('with its choice, reaches the order, the kitchen ticket and every reader’s language, at the price the cart showed', async () => {
    const me = device()
    const set = await clientLine(server, { code: 'K04', bom: { MAIN: ['C02'], EXTRAS: ['H04', 'G03'] }, pickRemarks: spice('Hot') })
    const placed = await submit(set.input, me.headers, 'en')
    expect(codes(placed)).toBe('0/0')
    const order = placed.body.data.table1[0]
    // The pick's choice costs nothing: the line is what the cart computed.
    expect(placed.body.data.table2[0].Amount).toBe(set.input.Amount)
    const bom = async (lang: string) => (await server.call('OrderDetailGet', [{ SheetID: order.SheetID }], { headers: me.headers, lang })).body.data.table2[0].BomText
    expect(await bom('en')).toBe('Dry-fried Beef Ho Fun, Iced Lemon Tea, Curry Fish Balls (Spice: Hot)')
    expect(await bom('zh-CN')).toBe('干炒牛河、冻柠茶、咖喱鱼蛋（辣度：大辣）')
    expect(await bom('zh-TW')).toBe('乾炒牛河、凍檸茶、咖喱魚蛋（辣度：大辣）')
    await server.db.transaction().execute((trx) => markOrderPaid(trx, order.SheetID, order.Amount, new Date()))
    const ticket = await shopOrder(server.db, order.SheetID, 'en', new Date())
    expect(ticket.lines[0].BomText).toBe('Dry-fried Beef Ho Fun, Iced Lemon Tea, Curry Fish Balls (Spice: Hot)')
  })

  it('comes back with a reorder, placed among its goods’ groups for the cart’s language switch, and orders again', async () => {
    const me = device()
    const set = await clientLine(server, { code: 'K04', bom: { MAIN: ['C02'], EXTRAS: ['G03'] }, pickRemarks: spice('Mild') })
    const placed = await submit(set.input, me.headers)
    expect(codes(placed)).toBe('0/0')
    const order = placed.body.data.table1[0]
    await server.db.transaction().execute((trx) => markOrderPaid(trx, order.SheetID, order.Amount, new Date()))
    const row = (await server.call('OrderReorderGet', [{ SheetID: order.SheetID }], { headers: me.headers, lang: 'zh-CN' })).body.data.table1[0]
    expect(row.Unavailable).toBe('')
    const pick = row.Cart.line.bomList.find((b: any) => b.GoodsID === gid('G03'))
    expect(pick.remarkList).toEqual([{ name: '辣度', option: '微辣', group: 0, index: 1 }])
    expect(lineAmount(completeLine(row.Cart.line, 'u'))).toBe(set.input.Amount)
    // The cart sends it back as it came, and the server takes it.
    const again = { ...set.input, Bom: row.Cart.line.bomList.map((b: any) => ({ BOMClassID: b.BOMClassID, GoodsID: b.GoodsID, Remarks: b.remarkList?.map((r: any) => ({ name: r.name, option: r.option })) ?? [] })) }
    expect(codes(await submit(again, me.headers, 'zh-CN'))).toBe('0/0')
  })
})
