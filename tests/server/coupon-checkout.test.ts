/**
 * Coupon cards at checkout (issue 15), through the real gateway (SQLite; PostgreSQL with
 * DATABASE_URL): OrderPricePreview and OrderSubmit price the member's card with the order (a sale
 * type 5 line, CouponAmount, Amount = goods + bags + freight − coupon), re-check it (own card,
 * available, within its days on the enterprise's clock, applies), take it in the order's
 * transaction (one card raced by two orders: one wins), and give it back when the order expires
 * or is cancelled. Plans and cards are written straight to the tables so these tests depend only
 * on the contract's schema.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { wallClockIn } from '../../src/core/wall-clock'
import { CARD_STATUS } from '../../src/gateway/coupon-rows'
import { ORDER_STATUS } from '../../src/gateway/order-rows'
import { markOrderPaid, expireDueOrders } from '../../server/src/domain/orders/order-state'
import type { Database } from '../../server/src/storage/schema'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { B201, B202, S101, clientLine, device, gid, openAllDay, orderCounts, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { DEMO_ENT, createTestServer, ok, runCli, type TestServer } from './helpers/test-server'

let server: TestServer

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
})

afterAll(async () => {
  await server.close()
})

let seq = 0

/** 'YYYY-MM-DD' plus whole days. */
const addDays = (date: string, days: number): string => {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

interface PlanOptions {
  type?: 1 | 2
  amount?: string
  minAmount?: string
  rate?: string
  maxOff?: string
  shopIds?: string[]
  baseIds?: string[]
  serviceTypes?: string[]
  goodsIds?: string[]
  classIds?: string[]
  names?: { 'zh-CN': string; 'zh-TW': string; en: string }
}

async function makePlan(db: Kysely<Database>, o: PlanOptions = {}): Promise<string> {
  const planId = `PT${++seq}${randomBytes(3).toString('hex')}`
  const at = new Date().toISOString()
  await db
    .insertInto('coupon_plans')
    .values({
      plan_id: planId,
      ent_id: DEMO_ENT,
      code: planId,
      names: JSON.stringify(o.names ?? { 'zh-CN': `立减${o.amount ?? ''}`, 'zh-TW': `立減${o.amount ?? ''}`, en: `${o.amount ?? ''} off` }),
      coupon_type: o.type ?? 1,
      amount: o.amount ?? '0',
      min_amount: o.minAmount ?? '0',
      discount_rate: o.rate ?? '0',
      max_off: o.maxOff ?? '0',
      shop_ids: JSON.stringify(o.shopIds ?? []),
      base_ids: JSON.stringify(o.baseIds ?? []),
      service_types: JSON.stringify(o.serviceTypes ?? []),
      goods_ids: JSON.stringify(o.goodsIds ?? []),
      class_ids: JSON.stringify(o.classIds ?? []),
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
  return planId
}

/** The enterprise's date today (Asia/Macau unless a test changes the TimeZone setting). */
async function enterpriseToday(db: Kysely<Database>): Promise<string> {
  const zone = await db.selectFrom('enterprise_settings').select('parm_value').where('ent_id', '=', DEMO_ENT).where('parm_id', '=', 'TimeZone').executeTakeFirst()
  return wallClockIn(zone?.parm_value || 'Asia/Macau', new Date()).date
}

async function makeCard(db: Kysely<Database>, planId: string, member: TestMember, days: { from?: string; to?: string } = {}): Promise<string> {
  const cardId = `CT${++seq}${randomBytes(6).toString('hex').toUpperCase()}`
  const today = await enterpriseToday(db)
  const at = new Date().toISOString()
  await db
    .insertInto('coupon_cards')
    .values({
      card_id: cardId,
      ent_id: DEMO_ENT,
      plan_id: planId,
      vip_id: member.vipId,
      code: String(100000000000 + seq * 7919 + Math.floor(Math.random() * 1000)),
      status: CARD_STATUS.AVAILABLE,
      valid_from: days.from ?? today,
      valid_to: days.to ?? addDays(today, 29),
      source: 'issue',
      created_at: at,
      updated_at: at
    })
    .execute()
  return cardId
}

const cardRow = (db: Kysely<Database>, cardId: string) => db.selectFrom('coupon_cards').select(['status', 'order_id', 'used_at']).where('card_id', '=', cardId).executeTakeFirstOrThrow()
const cardEvents = (db: Kysely<Database>, cardId: string) =>
  db.selectFrom('coupon_card_events').select(['action', 'from_status', 'to_status', 'ref_id']).where('card_id', '=', cardId).orderBy('seq').execute()

const submit = (member: { headers: Record<string, string> }, record: object, lang = 'en') =>
  server.call('OrderSubmit', [{ ...record, RequestKey: requestKey() }], { headers: member.headers, lang })

describe('a cash voucher on a prepay order', () => {
  it('is priced by the preview: the total drops by exactly its value, with a sale type 5 line, and nothing is taken', async () => {
    const me = await makeMember(server.db)
    const plan = await makePlan(server.db, { amount: '10', minAmount: '30' })
    const card = await makeCard(server.db, plan, me)
    const without = ok(await server.call('OrderPricePreview', [{ ...takeaway([soupLine('2')]) }], { headers: me.headers }))
    expect(without.table1[0]).toMatchObject({ GoodsAmount: '44.00', Amount: '44.00', CardID: '', CouponAmount: '0.00' })

    const data = ok(await server.call('OrderPricePreview', [{ ...takeaway([soupLine('2')], { CardID: card }) }], { headers: me.headers }))
    expect(data.table1[0]).toMatchObject({ GoodsAmount: '44.00', CardID: card, CouponName: '10 off', CouponAmount: '10.00', Amount: '34.00', LineCount: 1 })
    expect(data.table2).toHaveLength(2)
    expect(data.table2[1]).toMatchObject({ SaleType: 5, GoodsID: '', GoodsName: '10 off', Qua: '1', Amount: '-10.00' })
    // A preview writes nothing: the card is still available and unheld.
    expect(await cardRow(server.db, card)).toEqual({ status: CARD_STATUS.AVAILABLE, order_id: '', used_at: null })
  })

  it('is taken with the order: the paid amount is the total after the card, the card used by that order, and not usable again', async () => {
    const me = await makeMember(server.db)
    const plan = await makePlan(server.db, { amount: '10', minAmount: '30' })
    const card = await makeCard(server.db, plan, me)
    const placed = ok(await submit(me, takeaway([soupLine('2')], { CardID: card, BagQua: 1 }), 'zh-TW'))
    const order = placed.table1[0]
    // Bags are paid for, never discounted: 44 + 1 − 10.
    expect(order).toMatchObject({ GoodsAmount: '44.00', BagFee: '1.00', CouponAmount: '10.00', CouponName: '立減10', Amount: '35.00', Status: ORDER_STATUS.AWAITING_PAYMENT, LineCount: 1 })
    expect(await cardRow(server.db, card)).toMatchObject({ status: CARD_STATUS.USED, order_id: order.SheetID })
    expect(await cardEvents(server.db, card)).toEqual([{ action: 'use', from_status: 0, to_status: 1, ref_id: order.SheetID }])

    // The order's details name the coupon line in the reader's language.
    const detail = ok(await server.call('OrderDetailGet', [{ SheetID: order.SheetID }], { headers: me.headers, lang: 'en' }))
    expect(detail.table1[0]).toMatchObject({ CardID: card, CouponAmount: '10.00', Amount: '35.00', LineCount: 1 })
    expect(detail.table2.map((l: any) => [l.SaleType, l.GoodsName, l.Amount])).toEqual([
      [0, 'Soup of the Day', '44'],
      [5, '10 off', '-10.00']
    ])

    const again = await submit(me, takeaway([soupLine('2')], { CardID: card }))
    expect(again.body.resultcode).toBe('20055')
    expect(again.body.resultmsg).toBe('Coupon not available')
  })

  it('refuses a spend below the minimum, or below the voucher itself, with the consumption-amount message', async () => {
    const me = await makeMember(server.db)
    const min50 = await makeCard(server.db, await makePlan(server.db, { amount: '10', minAmount: '50' }), me)
    const worth30 = await makeCard(server.db, await makePlan(server.db, { amount: '30' }), me)
    const before = await orderCounts(server.db)
    for (const card of [min50, worth30]) {
      const res = await submit(me, takeaway([soupLine('1')], { CardID: card }))
      expect(res.body.resultcode).toBe('20059')
      expect(res.body.resultmsg).toBe('The consumption amount must be greater than or equal to the amount of available vouchers')
      const preview = await server.call('OrderPricePreview', [{ ...takeaway([soupLine('1')], { CardID: card }) }], { headers: me.headers, lang: 'zh-CN' })
      expect(preview.body.resultmsg).toBe('消费金额须大于或等于可用代金券的金额')
    }
    expect(await orderCounts(server.db)).toEqual(before)
    // Bags do not count towards the spend: 22 + 9 bags is still 22 of goods.
    const res = await submit(me, takeaway([soupLine('1')], { CardID: worth30, BagQua: 9 }))
    expect(res.body.resultcode).toBe('20059')
  })

  it('pays an order the card covers entirely at once (nothing is left to pay)', async () => {
    const me = await makeMember(server.db)
    const card = await makeCard(server.db, await makePlan(server.db, { amount: '22' }), me)
    const order = ok(await submit(me, takeaway([soupLine('1')], { CardID: card }))).table1[0]
    expect(order).toMatchObject({ Amount: '0.00', CouponAmount: '22.00', Status: ORDER_STATUS.PAID, CanPay: 0 })
    expect(order.PickupNo).not.toBe('')
  })
})

describe('who may use a card, and when', () => {
  it('refuses a made-up card id, another member’s card and a card without a signed-in member alike (coupon does not exist)', async () => {
    const me = await makeMember(server.db)
    const other = await makeMember(server.db)
    const plan = await makePlan(server.db, { amount: '5' })
    const theirs = await makeCard(server.db, plan, other)
    for (const [who, card] of [
      [me, 'CC-NOT-A-CARD'],
      [me, theirs],
      [device(), theirs]
    ] as const) {
      const res = await submit(who, takeaway([soupLine('1')], { CardID: card }))
      expect(res.body.resultcode).toBe('20054')
      expect(res.body.resultmsg).toBe('Coupon does not exist')
    }
    // Their card is untouched.
    expect(await cardRow(server.db, theirs)).toEqual({ status: CARD_STATUS.AVAILABLE, order_id: '', used_at: null })
  })

  it('takes a card only within its days on the enterprise’s clock, whatever the server’s own date', async () => {
    const me = await makeMember(server.db)
    const plan = await makePlan(server.db, { amount: '5' })
    const today = await enterpriseToday(server.db)
    const tomorrow = await makeCard(server.db, plan, me, { from: addDays(today, 1), to: addDays(today, 5) })
    const ended = await makeCard(server.db, plan, me, { from: addDays(today, -5), to: addDays(today, -1) })
    const lastDay = await makeCard(server.db, plan, me, { from: addDays(today, -5), to: today })
    for (const card of [tomorrow, ended]) expect((await submit(me, takeaway([soupLine('1')], { CardID: card }))).body.resultcode).toBe('20055')
    expect((await submit(me, takeaway([soupLine('1')], { CardID: lastDay }))).body.resultcode).toBe('0')

    // Across midnight: a card whose last day is today in UTC−11 (Pago Pago) works for an
    // enterprise there, and is over for one in UTC+14 (Kiritimati), where that day has passed.
    const pagoToday = wallClockIn('Pacific/Pago_Pago', new Date()).date
    const card = await makeCard(server.db, plan, me, { from: addDays(pagoToday, -3), to: pagoToday })
    const setZone = (zone: string) => server.db.updateTable('enterprise_settings').set({ parm_value: zone }).where('ent_id', '=', DEMO_ENT).where('parm_id', '=', 'TimeZone').execute()
    try {
      await setZone('Pacific/Kiritimati')
      expect((await server.call('OrderPricePreview', [{ ...takeaway([soupLine('1')], { CardID: card }) }], { headers: me.headers })).body.resultcode).toBe('20055')
      await setZone('Pacific/Pago_Pago')
      expect(ok(await server.call('OrderPricePreview', [{ ...takeaway([soupLine('1')], { CardID: card }) }], { headers: me.headers })).table1[0].CouponAmount).toBe('5.00')
    } finally {
      await setZone('Asia/Macau')
    }
  })

  it('applies only where the plan says: its branch, service style and goods or classes', async () => {
    const me = await makeMember(server.db)
    const atB202 = await makeCard(server.db, await makePlan(server.db, { amount: '5', baseIds: [B202] }), me)
    const dineIn = await makeCard(server.db, await makePlan(server.db, { amount: '5', serviceTypes: ['dinein'] }), me)
    const otherShop = await makeCard(server.db, await makePlan(server.db, { amount: '5', shopIds: ['S102'] }), me)
    const drinks = await makeCard(server.db, await makePlan(server.db, { amount: '5', classIds: [`${S101}.c.DRINK`] }), me)
    for (const card of [atB202, dineIn, otherShop, drinks]) {
      expect((await server.call('OrderPricePreview', [{ ...takeaway([soupLine('2')], { CardID: card }) }], { headers: me.headers })).body.resultcode).toBe('20055')
    }
    // The soup's own class and the soup itself.
    const soups = await makeCard(server.db, await makePlan(server.db, { amount: '5', classIds: [`${S101}.c.SOUP`] }), me)
    const soup = await makeCard(server.db, await makePlan(server.db, { amount: '5', goodsIds: [gid('F01')], baseIds: [B201], serviceTypes: ['takeaway'] }), me)
    for (const card of [soups, soup]) {
      expect(ok(await server.call('OrderPricePreview', [{ ...takeaway([soupLine('2')], { CardID: card }) }], { headers: me.headers })).table1[0]).toMatchObject({ CouponAmount: '5.00', Amount: '39.00' })
    }
  })
})

describe('discounts', () => {
  it('takes the percent off the eligible lines only, rounded half-up at DiscountPoint', async () => {
    const me = await makeMember(server.db)
    const bun = await clientLine(server, { code: 'A02' })
    const lines = [soupLine('1'), bun.input]
    const bunAmount = Number(bun.input.Amount)
    const card = await makeCard(server.db, await makePlan(server.db, { type: 2, rate: '15', classIds: [`${S101}.c.SOUP`] }), me)
    const setPoint = (value: string) => server.db.updateTable('enterprise_settings').set({ parm_value: value }).where('ent_id', '=', DEMO_ENT).where('parm_id', '=', 'DiscountPoint').execute()
    try {
      // 15 % of the soup's 22 = 3.30: whole units at the demo's DiscountPoint 0 → 3.
      let order = ok(await server.call('OrderPricePreview', [{ ...takeaway(lines, { CardID: card }) }], { headers: me.headers })).table1[0]
      expect(order.CouponAmount).toBe('3.00')
      expect(Number(order.Amount)).toBe(22 + bunAmount - 3)
      await setPoint('2')
      order = ok(await server.call('OrderPricePreview', [{ ...takeaway(lines, { CardID: card }) }], { headers: me.headers })).table1[0]
      expect(order.CouponAmount).toBe('3.30')
      // 15 % of 3 soups (66) = 9.90; of 7 soups (154) = 23.10.
      order = ok(await server.call('OrderPricePreview', [{ ...takeaway([soupLine('7')], { CardID: card }) }], { headers: me.headers })).table1[0]
      expect(order).toMatchObject({ CouponAmount: '23.10', Amount: '130.90' })
    } finally {
      await setPoint('0')
    }
  })
})

describe('one card, two orders', () => {
  it('lets exactly one of two orders racing for one card take it; the other is refused and writes nothing', async () => {
    const second = await server.openSecondInstance()
    for (let round = 0; round < 5; round++) {
      const me = await makeMember(server.db)
      const card = await makeCard(server.db, await makePlan(server.db, { amount: '10' }), me)
      const before = await orderCounts(server.db)
      const answers = await Promise.all([
        server.call('OrderSubmit', [{ ...takeaway([soupLine('1')], { CardID: card }), RequestKey: requestKey() }], { headers: me.headers }),
        second.call('OrderSubmit', [{ ...takeaway([soupLine('2')], { CardID: card }), RequestKey: requestKey() }], { headers: me.headers })
      ])
      const codes = answers.map((a) => a.body.resultcode).sort()
      expect(codes).toEqual(['0', '20055'])
      const winner = answers.find((a) => a.body.resultcode === '0')!.body.data.table1[0]
      expect(await cardRow(server.db, card)).toMatchObject({ status: CARD_STATUS.USED, order_id: winner.SheetID })
      const after = await orderCounts(server.db)
      expect(after.orders - before.orders).toBe(1)
      expect(await cardEvents(server.db, card)).toHaveLength(1)
    }
  })

  it('answers a retried submission with the first order, not with “coupon not available”', async () => {
    const me = await makeMember(server.db)
    const card = await makeCard(server.db, await makePlan(server.db, { amount: '10' }), me)
    const record = { ...takeaway([soupLine('2')], { CardID: card }), RequestKey: requestKey() }
    const first = ok(await server.call('OrderSubmit', [record], { headers: me.headers })).table1[0]
    const retry = ok(await server.call('OrderSubmit', [record], { headers: me.headers })).table1[0]
    expect(retry.SheetID).toBe(first.SheetID)
    expect(retry.Amount).toBe('34.00')
  })
})

describe('giving the card back', () => {
  it('gives the card back when the diner cancels the unpaid order, and it can be used again', async () => {
    const me = await makeMember(server.db)
    const card = await makeCard(server.db, await makePlan(server.db, { amount: '10' }), me)
    const order = ok(await submit(me, takeaway([soupLine('2')], { CardID: card }))).table1[0]
    ok(await server.call('OrderCancel', [{ SheetID: order.SheetID }], { headers: me.headers }))
    expect(await cardRow(server.db, card)).toEqual({ status: CARD_STATUS.AVAILABLE, order_id: '', used_at: null })
    expect((await cardEvents(server.db, card)).map((e) => e.action)).toEqual(['use', 'give-back'])
    const again = ok(await submit(me, takeaway([soupLine('2')], { CardID: card }))).table1[0]
    expect(again).toMatchObject({ CouponAmount: '10.00', Amount: '34.00' })
  })

  it('gives it back when the unpaid order expires, or marks it expired when its last day has passed meanwhile', async () => {
    const me = await makeMember(server.db)
    const plan = await makePlan(server.db, { amount: '10' })
    const today = await enterpriseToday(server.db)
    const longCard = await makeCard(server.db, plan, me)
    const lastDayCard = await makeCard(server.db, plan, me, { from: today, to: today })
    const a = ok(await submit(me, takeaway([soupLine('2')], { CardID: longCard }))).table1[0]
    const b = ok(await submit(me, takeaway([soupLine('2')], { CardID: lastDayCard }))).table1[0]
    // The sweep two days on: both orders are long past their time, and the last-day card is over.
    const later = new Date(Date.now() + 2 * 86_400_000)
    expect(await expireDueOrders(server.db, later)).toBeGreaterThanOrEqual(2)
    const orders = await server.db.selectFrom('orders').select(['order_id', 'status']).where('order_id', 'in', [a.SheetID, b.SheetID]).execute()
    expect(orders.every((o) => o.status === ORDER_STATUS.EXPIRED)).toBe(true)
    expect(await cardRow(server.db, longCard)).toEqual({ status: CARD_STATUS.AVAILABLE, order_id: '', used_at: null })
    expect(await cardRow(server.db, lastDayCard)).toEqual({ status: CARD_STATUS.EXPIRED, order_id: '', used_at: null })
    expect((await cardEvents(server.db, lastDayCard)).map((e) => [e.action, e.to_status])).toEqual([
      ['use', CARD_STATUS.USED],
      ['give-back', CARD_STATUS.EXPIRED]
    ])
  })

  it('has the card back at once when its order is past its time, before the sweep has run', async () => {
    const me = await makeMember(server.db)
    const card = await makeCard(server.db, await makePlan(server.db, { amount: '10' }), me)
    const order = ok(await submit(me, takeaway([soupLine('2')], { CardID: card }))).table1[0]
    expect((await server.call('CouponCardsForOrder', [{ ...takeaway([soupLine('2')]) }], { headers: me.headers })).body.data.table1).toEqual([])
    // Its time to pay is over (as if 15 minutes had passed): listing and choosing the card find it back.
    await server.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('order_id', '=', order.SheetID).execute()
    const rows = ok(await server.call('CouponCardsForOrder', [{ ...takeaway([soupLine('2')]) }], { headers: me.headers })).table1
    expect(rows.map((r: any) => [r.CardID, r.Applies, r.OffAmount])).toEqual([[card, 1, '10.00']])
    const expired = await server.db.selectFrom('orders').select('status').where('order_id', '=', order.SheetID).executeTakeFirstOrThrow()
    expect(expired.status).toBe(ORDER_STATUS.EXPIRED)
    expect(ok(await submit(me, takeaway([soupLine('2')], { CardID: card }))).table1[0].CouponAmount).toBe('10.00')
  })

  it('keeps the card used on a paid order, and gives it back when the shop cancels and refunds it', async () => {
    const me = await makeMember(server.db, { balance: '100' })
    const card = await makeCard(server.db, await makePlan(server.db, { amount: '10' }), me)
    const order = ok(await submit(me, takeaway([soupLine('2')], { CardID: card }))).table1[0]
    ok(await server.call('BalancePay', [{ SheetID: order.SheetID, RequestKey: requestKey() }], { headers: me.headers }))
    const paid = await server.db.selectFrom('orders').select(['status', 'paid_amount']).where('order_id', '=', order.SheetID).executeTakeFirstOrThrow()
    expect(paid).toEqual({ status: ORDER_STATUS.PAID, paid_amount: '34.00' })
    expect((await cardRow(server.db, card)).status).toBe(CARD_STATUS.USED)

    const cancelled = await runCli(server, 'orders', 'cancel', order.SheetID)
    expect(cancelled.code).toBe(0)
    expect(await cardRow(server.db, card)).toEqual({ status: CARD_STATUS.AVAILABLE, order_id: '', used_at: null })
    const member = await server.db.selectFrom('members').select('balance').where('vip_id', '=', me.vipId).executeTakeFirstOrThrow()
    expect(member.balance).toBe('100.00')
  })
})

describe('where order lines are read', () => {
  it('shows the coupon on the kitchen ticket and the orders CLI as the coupon it is, not as goods', async () => {
    const me = await makeMember(server.db)
    const card = await makeCard(server.db, await makePlan(server.db, { amount: '10' }), me)
    const order = ok(await submit(me, takeaway([soupLine('2')], { CardID: card }))).table1[0]
    await server.db.transaction().execute((trx) => markOrderPaid(trx, order.SheetID, '34.00', new Date()))
    const shown = await runCli(server, 'orders', 'show', order.SheetID)
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain(`coupon -10.00 (card ${card})`)
    expect(shown.stdout).toContain('Coupon: 10 off  -10.00')
    expect(shown.stdout).not.toMatch(/2\. 10 off/)
    const list = ok(await server.call('OrderListByPage', [{ PageIndex: 1, PageSize: 10 }], { headers: me.headers }))
    expect(list.table1.find((o: any) => o.SheetID === order.SheetID)).toMatchObject({ LineCount: 1, CouponAmount: '10.00', Amount: '34.00' })
  })
})

describe('CouponCardsForOrder', () => {
  it('lists the cards that apply first with what each takes off (as the preview will), then the others with why', async () => {
    const me = await makeMember(server.db)
    const other = await makeMember(server.db)
    const today = await enterpriseToday(server.db)
    const five = await makeCard(server.db, await makePlan(server.db, { amount: '5' }), me)
    const ten = await makeCard(server.db, await makePlan(server.db, { amount: '10', minAmount: '40' }), me)
    const min100 = await makeCard(server.db, await makePlan(server.db, { amount: '20', minAmount: '100' }), me)
    const drinks = await makeCard(server.db, await makePlan(server.db, { amount: '3', classIds: [`${S101}.c.DRINK`] }), me)
    const dineIn = await makeCard(server.db, await makePlan(server.db, { amount: '3', serviceTypes: ['dinein'] }), me)
    const later = await makeCard(server.db, await makePlan(server.db, { amount: '3' }), me, { from: addDays(today, 1), to: addDays(today, 3) })
    // Not listed: ended, used, another member's.
    await makeCard(server.db, await makePlan(server.db, { amount: '3' }), me, { from: addDays(today, -3), to: addDays(today, -1) })
    const used = await makeCard(server.db, await makePlan(server.db, { amount: '4' }), me)
    ok(await submit(me, takeaway([soupLine('1')], { CardID: used })))
    await makeCard(server.db, await makePlan(server.db, { amount: '6' }), other)

    const cart = takeaway([soupLine('2')])
    const rows = ok(await server.call('CouponCardsForOrder', [{ ...cart, CardID: five }], { headers: me.headers })).table1
    // Those that apply, most off first; then the others, soonest last day first (then by id).
    const reasons = new Map([[min100, 'min-spend'], [drinks, 'goods'], [dineIn, 'service-type']])
    expect(rows.map((r: any) => [r.CardID, r.Applies, r.OffAmount, r.Reason])).toEqual([
      [ten, 1, '10.00', ''],
      [five, 1, '5.00', ''],
      [later, 0, '0.00', 'not-yet-valid'],
      ...[min100, drinks, dineIn].sort().map((id) => [id, 0, '0.00', reasons.get(id)])
    ])
    expect(rows.find((r: any) => r.CardID === min100)).toMatchObject({ EligibleAmount: '44.00', CouponName: '20 off', Status: CARD_STATUS.AVAILABLE })
    // What it says a card takes off is what the preview takes off.
    for (const row of rows.filter((r: any) => r.Applies === 1)) {
      const order = ok(await server.call('OrderPricePreview', [{ ...cart, CardID: row.CardID }], { headers: me.headers })).table1[0]
      expect(order.CouponAmount).toBe(row.OffAmount)
    }
  })

  it('needs a signed-in member, and refuses a cart the preview refuses', async () => {
    const anonymous = await server.call('CouponCardsForOrder', [{ ...takeaway([soupLine('1')]) }], { headers: device().headers })
    expect(anonymous.body.errcode).toBe('10010')
    const me = await makeMember(server.db)
    const empty = await server.call('CouponCardsForOrder', [{ ...takeaway([]) }], { headers: me.headers })
    expect(empty.body.resultcode).toBe('20026')
  })
})

describe('the demo plans at checkout', () => {
  it('a claimed welcome voucher, the recharge gift and the signatures discount each price an order as their plans say', async () => {
    const me = await makeMember(server.db)
    const claimed = ok(await server.call('CouponCardProvide', [{ PlanID: 'E1001-CP-WELCOME5', RequestKey: requestKey() }], { headers: me.headers })).table1[0]
    const welcome = ok(await server.call('OrderPricePreview', [{ ...takeaway([soupLine('1')], { CardID: claimed.CardID }) }], { headers: me.headers })).table1[0]
    expect(welcome).toMatchObject({ GoodsAmount: '22.00', CouponAmount: '5.00', Amount: '17.00' })

    // The recharge rule's gift (10 off from 50) as the recharge issues it: a card of the gift's plan.
    const gift = await server.db.selectFrom('coupon_plans').select('plan_id').where('code', '=', 'recharge-gift:E1001-RR100:1').executeTakeFirstOrThrow()
    const giftCard = await makeCard(server.db, gift.plan_id, me)
    expect((await server.call('OrderPricePreview', [{ ...takeaway([soupLine('2')], { CardID: giftCard }) }], { headers: me.headers })).body.resultcode).toBe('20059')
    const giftOrder = ok(await submit(me, takeaway([soupLine('3')], { CardID: giftCard }))).table1[0]
    expect(giftOrder).toMatchObject({ GoodsAmount: '66.00', CouponAmount: '10.00', Amount: '56.00' })

    // 20 % off Chef's Signatures from 30: the bun (a signature) counts, the soup does not.
    const signatures = ok(await server.call('CouponCardProvide', [{ PlanID: 'E1001-CP-SIGNATURE20', RequestKey: requestKey() }], { headers: me.headers })).table1[0]
    const bun = await clientLine(server, { code: 'A02' })
    expect((await server.call('OrderPricePreview', [{ ...takeaway([soupLine('2')], { CardID: signatures.CardID }) }], { headers: me.headers })).body.resultcode).toBe('20055')
    const both = ok(await server.call('OrderPricePreview', [{ ...takeaway([soupLine('1'), bun.input], { CardID: signatures.CardID }) }], { headers: me.headers })).table1[0]
    // 20 % of the bun's 38 is 7.60: whole units at the demo's DiscountPoint 0 → 8.
    expect(bun.input.Amount).toBe('38')
    expect(both).toMatchObject({ GoodsAmount: '60.00', CouponAmount: '8.00', Amount: '52.00' })
  })
})
