/**
 * Issue 27 items 16 and 18, through the real gateway on the demo menu (SQLite; PostgreSQL with
 * DATABASE_URL): what an order says reads in the language of whoever reads it, with that
 * language's punctuation. An order placed in English with a coupon and remark options, read in
 * Chinese, names its coupon row and its after-sale goods in Chinese, and writes its remark options
 * '面底：河粉；辣度：微辣' (full-width colon and semicolon), not 'Noodles: Rice noodles; Spice: Mild'
 * nor '面底: 河粉; 辣度: 微辣'.
 */
import { randomBytes } from 'node:crypto'
import { CARD_STATUS } from '../../src/gateway/coupon-rows'
import { wallClockIn } from '../../src/core/wall-clock'
import { makeMember } from './helpers/member-fixtures'
import { clientLine, gid, openAllDay, requestKey, takeaway } from './helpers/order-fixtures'
import { DEMO_ENT, createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
}, 60_000)

afterAll(async () => {
  await server?.close()
})

/** A cash coupon plan named in three languages and one card of it held by `vipId`. */
async function couponCard(vipId: string): Promise<string> {
  const suffix = randomBytes(4).toString('hex')
  const at = new Date().toISOString()
  const today = wallClockIn('Asia/Macau', new Date()).date
  const planId = `PW${suffix}`
  await server.db
    .insertInto('coupon_plans')
    .values({
      plan_id: planId,
      ent_id: DEMO_ENT,
      code: planId,
      names: JSON.stringify({ 'zh-CN': '满 50 减 10', 'zh-TW': '滿 50 減 10', en: 'MOP$10 off MOP$50' }),
      coupon_type: 1,
      amount: '10',
      min_amount: '50',
      discount_rate: '0',
      max_off: '0',
      shop_ids: '[]',
      base_ids: '[]',
      service_types: '[]',
      goods_ids: '[]',
      class_ids: '[]',
      total_qua: null,
      per_member_qua: 0,
      claimable: 0,
      claim_from: null,
      claim_to: null,
      valid_kind: 1,
      valid_days: 30,
      created_at: at,
      updated_at: at
    })
    .execute()
  const cardId = `CW${suffix.toUpperCase()}`
  await server.db
    .insertInto('coupon_cards')
    .values({
      card_id: cardId,
      ent_id: DEMO_ENT,
      plan_id: planId,
      vip_id: vipId,
      code: String(200000000000 + Math.floor(Math.random() * 99999999)),
      status: CARD_STATUS.AVAILABLE,
      valid_from: `${today.slice(0, 8)}01`,
      valid_to: '2099-12-31',
      source: 'issue',
      created_at: at,
      updated_at: at
    })
    .execute()
  return cardId
}

describe('an order placed in English, read in Chinese', () => {
  it('names its coupon row, its remark options (with full-width punctuation) and its after-sale goods in the reader’s language', async () => {
    const me = await makeMember(server.db, { balance: '500' })
    const card = await couponCard(me.vipId)
    const noodles = await clientLine(server, { code: 'A01', qua: '1', remarks: [{ name: 'Noodles', option: 'Rice noodles' }, { name: 'Spice', option: 'Mild' }] })
    const placed = ok(await server.call('OrderSubmit', [{ ...takeaway([noodles.input], { CardID: card }), RequestKey: requestKey() }], { headers: me.headers, lang: 'en' }))
    const sheetId = placed.table1[0].SheetID
    expect(placed.table1[0].CouponName).toBe('MOP$10 off MOP$50')

    const read = async (lang: string) => ok(await server.call('OrderDetailGet', [{ SheetID: sheetId }], { headers: me.headers, lang }))
    const cn = await read('zh-CN')
    expect(cn.table1[0].CouponName).toBe('满 50 减 10')
    expect(cn.table2.find((l: any) => l.SaleType === 5).GoodsName).toBe('满 50 减 10')
    expect(cn.table2[0].RemarkText).toBe('面底：河粉；辣度：微辣')
    const tw = await read('zh-TW')
    expect([tw.table1[0].CouponName, tw.table2[0].RemarkText]).toEqual(['滿 50 減 10', '麵底：河粉；辣度：微辣'])
    const en = await read('en')
    expect([en.table1[0].CouponName, en.table2[0].RemarkText]).toEqual(['MOP$10 off MOP$50', 'Noodles: Rice noodles; Spice: Mild'])
    // The list says the same as the details.
    const listed = ok(await server.call('OrderListByPage', [{ PageIndex: 1, PageSize: 20 }], { headers: me.headers, lang: 'zh-TW' })).table1.find((o: any) => o.SheetID === sheetId)
    expect(listed.CouponName).toBe('滿 50 減 10')

    // Paid, then money asked back in English for the noodles.
    ok(await server.call('BalancePay', [{ SheetID: sheetId, RequestKey: `pay-${randomBytes(6).toString('hex')}` }], { headers: me.headers }))
    const lineNo = en.table2.find((l: any) => l.GoodsID === gid('A01')).LineNo
    const asked = ok(
      await server.call('AfterSaleSubmit', [{ SheetID: sheetId, Lines: [{ LineNo: lineNo, Qua: 1 }], Amount: '10', Reason: 'quality', RequestKey: `as-${randomBytes(6).toString('hex')}` }], {
        headers: me.headers,
        lang: 'en'
      })
    )
    expect(asked.table2.map((l: any) => l.GoodsName)).toEqual(['Beef Brisket Noodles in Clear Broth'])
    const afterSale = async (lang: string) => ok(await server.call('AfterSaleDetailGet', [{ SheetID: sheetId }], { headers: me.headers, lang })).table2.map((l: any) => l.GoodsName)
    expect(await afterSale('zh-CN')).toEqual(['清汤牛腩面'])
    expect(await afterSale('zh-TW')).toEqual(['清湯牛腩麵'])
    expect(await afterSale('en')).toEqual(['Beef Brisket Noodles in Clear Broth'])
  })

  it('names add-ons and combo picks with the list separator of the reader’s language', async () => {
    const me = await makeMember(server.db)
    const set = await clientLine(server, { code: 'K04', bom: { MAIN: ['C02'], EXTRAS: ['H04', 'G03'] }, pickRemarks: { G03: [{ name: 'Spice', option: 'Mild' }] } })
    const placed = ok(await server.call('OrderSubmit', [{ ...takeaway([set.input]), RequestKey: requestKey() }], { headers: me.headers, lang: 'zh-TW' }))
    const sheetId = placed.table1[0].SheetID
    const bom = async (lang: string) => ok(await server.call('OrderDetailGet', [{ SheetID: sheetId }], { headers: me.headers, lang })).table2[0].BomText
    expect(await bom('zh-TW')).toBe('乾炒牛河、凍檸茶、咖喱魚蛋（辣度：微辣）')
    expect(await bom('zh-CN')).toBe('干炒牛河、冻柠茶、咖喱鱼蛋（辣度：微辣）')
    expect(await bom('en')).toBe('Dry-fried Beef Ho Fun, Iced Lemon Tea, Curry Fish Balls (Spice: Mild)')
  })
})
