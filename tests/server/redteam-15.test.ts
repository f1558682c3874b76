/**
 * Red-team review of issue 15's coupons, attacked through the gateway only (app.inject) as a
 * stranger and as a signed-in member of another account: claims (limits, request keys, races),
 * typed voucher codes (tries, formats), another member's card at checkout. SQLite, and PostgreSQL
 * with DATABASE_URL.
 *
 * Tests named "found:" failed before their fix (docs/security.md "Issue 15"); every other test is an
 * attack that was already refused, kept as a guard against regression.
 */
import { randomBytes } from 'node:crypto'
import { RESULTCODES } from '../../src/gateway/codes'
import { CARD_STATUS } from '../../src/gateway/coupon-rows'
import { ADDRESS_VOUCHER_TRIES, issueCards, VOUCHER_TRIES } from '../../server/src/domain/coupons/coupon-cards'
import { createPlan, type NewPlan } from '../../server/src/domain/coupons/coupon-plans'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { expireDueOrders } from '../../server/src/domain/orders/order-state'
import { ORDER_STATUS } from '../../src/gateway/order-rows'

let server: TestServer
beforeAll(async () => {
  // Forwarded addresses (trustProxy) so each test types from an address of its own.
  server = await createTestServer({ trustProxy: true }, { demoMenus: true })
  await openAllDay(server.db)
}, 60_000)
afterAll(() => server?.close())

const ENT = 'E1001'
const key = () => `rk-${randomBytes(8).toString('hex')}`
const names = (en: string) => ({ 'zh-CN': en, 'zh-TW': en, en })
let planSeq = 0
const plan = (over: Partial<NewPlan> = {}) =>
  createPlan(server.db, { entId: ENT, code: `RT15-${++planSeq}-${randomBytes(3).toString('hex')}`, names: names('RT 3 off'), couponType: 1, amount: '3', validKind: 1, validDays: 10, claimable: true, ...over }, new Date())
const claim = (m: TestMember, planId: string, requestKey = key()) => server.call('CouponCardProvide', [{ PlanID: planId, RequestKey: requestKey }], { headers: m.headers })
let addressSeq = 0
/** A member typing from an address of their own (so the per-address tries of one test do not reach another's). */
const member = async (): Promise<TestMember> => {
  const m = await makeMember(server.db)
  m.headers['X-Forwarded-For'] = `10.15.${Math.floor(++addressSeq / 250) + 1}.${(addressSeq % 250) + 1}`
  return m
}
const codeOf = (res: { body: { resultcode?: unknown; errcode?: unknown } }) => res.body.resultcode
const cardsOf = async (vipId: string) => server.db.selectFrom('coupon_cards').selectAll().where('vip_id', '=', vipId).execute()
/** A 12-digit code that is no card's (codes start 1..9). */
const wrongCode = () => `0${String(randomBytes(6).readUIntBE(0, 6) % 10 ** 11).padStart(11, '0')}`

describe('claims', () => {
  test('found: the same request key sent for two plans at once makes one card, the other → 20029', async () => {
    const [a, b] = [await plan(), await plan()]
    const m = await member()
    const k = key()
    const answers = await Promise.all([claim(m, a.plan_id, k), claim(m, b.plan_id, k), claim(m, a.plan_id, k), claim(m, b.plan_id, k)])
    const cards = await cardsOf(m.vipId)
    expect(cards).toHaveLength(1)
    const won = cards[0].plan_id
    for (const [i, res] of answers.entries()) {
      const asked = i % 2 === 0 ? a.plan_id : b.plan_id
      if (asked === won) expect(ok(res).table1[0].CardID).toBe(cards[0].card_id)
      else expect(codeOf(res)).toBe(RESULTCODES.REQUEST_KEY_REUSED)
    }
  })

  test('20 parallel claims with different keys: the per-member limit (2) and the stock (3) hold', async () => {
    const p = await plan({ totalQua: 3, perMemberQua: 2 })
    const [m1, m2] = [await member(), await member()]
    await Promise.all(Array.from({ length: 20 }, (_, i) => claim(i % 2 ? m1 : m2, p.plan_id)))
    const held = [(await cardsOf(m1.vipId)).length, (await cardsOf(m2.vipId)).length]
    expect(held.every((n) => n <= 2)).toBe(true)
    expect(held[0] + held[1]).toBe(3)
  })

  test('found: a stranger cannot farm a plan with fresh guest members (claims need a bound phone, 20038)', async () => {
    const p = await plan({ perMemberQua: 1 })
    for (let g = 0; g < 3; g++) {
      const dev = { 'X-Forwarded-For': '10.15.200.1', 'X-Device-Key': `rt15-${randomBytes(12).toString('hex')}` }
      const token = ok(await server.call('GuestRegister', [{}], { headers: dev })).table1[0].Token
      const res = await server.call('CouponCardProvide', [{ PlanID: p.plan_id, RequestKey: key() }], { headers: { ...dev, Authorization: `Bearer ${token}` } })
      expect(codeOf(res)).toBe(RESULTCODES.PHONE_NOT_BOUND)
    }
    expect(Number((await server.db.selectFrom('coupon_plans').select('issued_qua').where('plan_id', '=', p.plan_id).executeTakeFirstOrThrow()).issued_qua)).toBe(0)
    // A phone member still claims their one.
    ok(await claim(await member(), p.plan_id))
  })

  test('a stranger cannot claim or look at codes (errcode 10010)', async () => {
    const p = await plan()
    expect((await server.call('CouponCardProvide', [{ PlanID: p.plan_id, RequestKey: key() }])).body.errcode).toBe('10010')
    expect((await server.call('VoucherQuery', [{ Code: wrongCode() }])).body.errcode).toBe('10010')
    expect((await server.call('VoucherVerify', [{ Code: wrongCode() }])).body.errcode).toBe('10010')
  })
})

describe('typed codes', () => {
  test('found: wrong codes sent in parallel cannot pass the tries limit', async () => {
    const m = await member()
    const answers = await Promise.all(Array.from({ length: 20 }, () => server.call('VoucherQuery', [{ Code: wrongCode() }], { headers: m.headers })))
    const notFound = answers.filter((r) => codeOf(r) === RESULTCODES.COUPON_NOT_FOUND).length
    expect(notFound).toBeLessThanOrEqual(VOUCHER_TRIES)
    expect(answers.filter((r) => codeOf(r) === RESULTCODES.COUPON_CODE_TRIES).length).toBe(20 - notFound)
    // And a right code is refused too until the hour is over.
    const p = await plan()
    const [printed] = await issueCards(server.db, { entId: ENT, planId: p.plan_id, vipId: '', qua: 1, now: new Date() })
    expect(codeOf(await server.call('VoucherVerify', [{ Code: printed.code }], { headers: m.headers }))).toBe(RESULTCODES.COUPON_CODE_TRIES)
  })

  test('found: a stranger cannot enumerate codes with fresh guest members (the tries are counted per address too)', async () => {
    const from = { 'X-Forwarded-For': '10.15.0.1' }
    let notFound = 0
    let tooMany = 0
    // Each GuestRegister with a new device key is a new member with tries of its own.
    for (let g = 0; g < Math.ceil(ADDRESS_VOUCHER_TRIES / VOUCHER_TRIES) + 2; g++) {
      const dev = { ...from, 'X-Device-Key': `rt15-${randomBytes(12).toString('hex')}` }
      const token = ok(await server.call('GuestRegister', [{}], { headers: dev })).table1[0].Token
      for (let i = 0; i < VOUCHER_TRIES; i++) {
        const res = await server.call('VoucherQuery', [{ Code: wrongCode() }], { headers: { ...dev, Authorization: `Bearer ${token}` } })
        if (codeOf(res) === RESULTCODES.COUPON_NOT_FOUND) notFound++
        else if (codeOf(res) === RESULTCODES.COUPON_CODE_TRIES) tooMany++
      }
    }
    expect(notFound).toBe(ADDRESS_VOUCHER_TRIES)
    expect(tooMany).toBeGreaterThan(0)
    // A member at another address is not held up by it.
    const elsewhere = await member()
    const p = await plan()
    const [printed] = await issueCards(server.db, { entId: ENT, planId: p.plan_id, vipId: '', qua: 1, now: new Date() })
    ok(await server.call('VoucherVerify', [{ Code: printed.code }], { headers: { ...elsewhere.headers, 'X-Forwarded-For': '10.15.0.2' } }))
  })

  test('found: a code typed in full-width digits (a Chinese keyboard) is the same code', async () => {
    const p = await plan()
    const [printed] = await issueCards(server.db, { entId: ENT, planId: p.plan_id, vipId: '', qua: 1, now: new Date() })
    const m = await member()
    const wide = [...printed.code].map((d) => String.fromCharCode(0xff10 + Number(d))).join('')
    expect(ok(await server.call('VoucherQuery', [{ Code: wide }], { headers: m.headers })).table1[0]).toMatchObject({ CardCode: printed.code, Redeemable: 1 })
  })

  test('case, spaces, dashes, other digits (Arabic-Indic), huge and odd values', async () => {
    const p = await plan()
    const [printed] = await issueCards(server.db, { entId: ENT, planId: p.plan_id, vipId: '', qua: 1, now: new Date() })
    const m = await member()
    const spaced = `${printed.code.slice(0, 4)} ${printed.code.slice(4, 8)}-${printed.code.slice(8)}`
    expect(ok(await server.call('VoucherQuery', [{ Code: spaced }], { headers: m.headers })).table1[0].CardCode).toBe(printed.code)
    for (const Code of ['x'.repeat(100_000), ['1'], 123456789012, { a: 1 }, '']) {
      const res = await server.call('VoucherQuery', [{ Code }], { headers: m.headers })
      expect(res.status).toBeLessThan(500)
      expect(res.body.data?.table1).toBeUndefined()
    }
    // Arabic-Indic digits are not ours: unknown (a wrong try), never another card.
    const arabic = [...printed.code].map((d) => String.fromCharCode(0x660 + Number(d))).join('')
    expect(codeOf(await server.call('VoucherQuery', [{ Code: arabic }], { headers: m.headers }))).toBe(RESULTCODES.COUPON_NOT_FOUND)
  })

  test("another member's card code: VoucherVerify refuses (20055) and the card stays theirs", async () => {
    const p = await plan()
    const [owner, thief] = [await member(), await member()]
    const card = ok(await claim(owner, p.plan_id)).table1[0]
    expect(codeOf(await server.call('VoucherVerify', [{ Code: card.CardCode }], { headers: thief.headers }))).toBe(RESULTCODES.COUPON_NOT_AVAILABLE)
    const row = await server.db.selectFrom('coupon_cards').selectAll().where('card_id', '=', card.CardID).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ vip_id: owner.vipId, status: CARD_STATUS.AVAILABLE })
    // Nor by id: the card's detail is not found for them.
    expect(codeOf(await server.call('CouponCardDetail', [{ CardID: card.CardID }], { headers: thief.headers }))).toBe(RESULTCODES.COUPON_NOT_FOUND)
  })

  test('one printed voucher redeemed by two members at once: one gets it', async () => {
    const p = await plan()
    const [printed] = await issueCards(server.db, { entId: ENT, planId: p.plan_id, vipId: '', qua: 1, now: new Date() })
    const members = [await member(), await member(), await member()]
    const answers = await Promise.all(members.map((m) => server.call('VoucherVerify', [{ Code: printed.code }], { headers: m.headers })))
    expect(answers.filter((r) => r.body.data?.table1?.length === 1)).toHaveLength(1)
    const row = await server.db.selectFrom('coupon_cards').selectAll().where('card_id', '=', printed.card_id).executeTakeFirstOrThrow()
    expect(members.map((m) => m.vipId)).toContain(row.vip_id)
  })
})

describe('cards at checkout', () => {
  const submit = (m: TestMember, CardID: string, qua = '2') => server.call('OrderSubmit', [{ ...takeaway([soupLine(qua)], { CardID }), RequestKey: requestKey() }], { headers: m.headers })
  const events = (cardId: string) => server.db.selectFrom('coupon_card_events').select(['action', 'to_status', 'ref_id']).where('card_id', '=', cardId).orderBy('seq').execute()

  test("another member's card by its code or a look-alike id, and absurd CardIDs: refused, nothing taken", async () => {
    const p = await plan({ amount: '5' })
    const [owner, thief] = [await member(), await member()]
    const card = ok(await claim(owner, p.plan_id)).table1[0]
    const mine = ok(await claim(thief, (await plan({ amount: '5' })).plan_id)).table1[0]
    for (const CardID of [card.CardCode, card.CardID, card.CardID.toLowerCase(), ` ${card.CardID} `, mine.CardCode, `${mine.CardID}%`, `${mine.CardID}' OR '1'='1`]) {
      const res = await submit(thief, CardID)
      expect(res.status).toBeLessThan(500)
      expect(res.body.resultcode).toBe(RESULTCODES.COUPON_NOT_FOUND)
    }
    for (const CardID of ['x'.repeat(10_000), ['a'], { a: 1 }]) {
      const res = await server.call('OrderSubmit', [{ ...takeaway([soupLine('2')]), CardID, RequestKey: requestKey() }], { headers: thief.headers })
      expect(res.status).toBeLessThan(500)
      expect(res.body.data?.table1).toBeUndefined()
    }
    const row = await server.db.selectFrom('coupon_cards').selectAll().where('card_id', '=', card.CardID).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: CARD_STATUS.AVAILABLE, order_id: '' })
  })

  test('an overdue order holding a card, expired by the sweep, cancelled and re-priced all at once: the card comes back once, then one new order takes it', async () => {
    const second = await server.openSecondInstance()
    const p = await plan({ amount: '5' })
    const m = await member()
    const card = ok(await claim(m, p.plan_id)).table1[0]
    const order = ok(await submit(m, card.CardID)).table1[0]
    await server.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('order_id', '=', order.SheetID).execute()
    await Promise.all([
      expireDueOrders(server.db, new Date()),
      server.call('OrderCancel', [{ SheetID: order.SheetID }], { headers: m.headers }),
      second.call('OrderCancel', [{ SheetID: order.SheetID }], { headers: m.headers }),
      server.call('OrderPricePreview', [{ ...takeaway([soupLine('2')], { CardID: card.CardID }) }], { headers: m.headers }),
      second.call('CouponCardsForOrder', [{ ...takeaway([soupLine('2')]) }], { headers: m.headers })
    ])
    expect((await server.db.selectFrom('orders').select('status').where('order_id', '=', order.SheetID).executeTakeFirstOrThrow()).status).toBe(ORDER_STATUS.EXPIRED)
    expect((await events(card.CardID)).map((e) => e.action)).toEqual(['claim', 'use', 'give-back'])
    const answers = await Promise.all([submit(m, card.CardID), second.call('OrderSubmit', [{ ...takeaway([soupLine('3')], { CardID: card.CardID }), RequestKey: requestKey() }], { headers: m.headers })])
    expect(answers.map((a) => a.body.resultcode).sort()).toEqual(['0', RESULTCODES.COUPON_NOT_AVAILABLE])
    expect((await events(card.CardID)).map((e) => e.action)).toEqual(['claim', 'use', 'give-back', 'use'])
  })

  test('found: a discount that rounds to nothing off (2 % of 22 at the demo DiscountPoint 0) is refused, not used up for nothing', async () => {
    const p = await plan({ couponType: 2, amount: undefined, discountRate: '2' })
    const m = await member()
    const card = ok(await claim(m, p.plan_id)).table1[0]
    const cards = ok(await server.call('CouponCardsForOrder', [{ ...takeaway([soupLine('1')]) }], { headers: m.headers })).table1
    expect(cards.find((c: { CardID: string }) => c.CardID === card.CardID)).toMatchObject({ Applies: 0, Reason: 'min-spend' })
    const res = await submit(m, card.CardID, '1')
    expect(res.body.resultcode).toBe(RESULTCODES.COUPON_MIN_SPEND)
    expect((await server.db.selectFrom('coupon_cards').select('status').where('card_id', '=', card.CardID).executeTakeFirstOrThrow()).status).toBe(CARD_STATUS.AVAILABLE)
    // 2 % of 44 = 0.88: one whole unit off.
    expect(ok(await submit(m, card.CardID, '2')).table1[0]).toMatchObject({ CouponAmount: '1.00', Amount: '43.00' })
  })
})
