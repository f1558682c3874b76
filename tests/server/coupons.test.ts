/**
 * Coupon plans and cards (issue 15): claiming (idempotent, stock and per-member limits under 50
 * concurrent claims), validity on the enterprise's clock across midnight, cards by state, a
 * member's own cards only, typed voucher codes with limited tries, the demo plans and the
 * recharge gift as a card. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
import { randomBytes } from 'node:crypto'
import { RESULTCODES } from '../../src/gateway/codes'
import { CARD_STATUS, VALID_KIND } from '../../src/gateway/coupon-rows'
import { wallClockIn } from '../../src/core/wall-clock'
import { addDays } from '../../server/src/domain/coupons/card-validity'
import { claimCard, issueCards, listMemberCards, voidCard, VOUCHER_TRIES } from '../../server/src/domain/coupons/coupon-cards'
import { createPlan, setPlanStatus, type NewPlan } from '../../server/src/domain/coupons/coupon-plans'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

const TZ = 'Asia/Macau'
const ENT = 'E1001'
const key = () => `ck-${randomBytes(8).toString('hex')}`
const names = (en: string) => ({ 'zh-CN': en, 'zh-TW': en, en })
let planSeq = 0
const plan = (over: Partial<NewPlan> = {}) =>
  createPlan(server.db, { entId: ENT, code: `T${++planSeq}-${randomBytes(3).toString('hex')}`, names: names('Test 3 off'), couponType: 1, amount: '3', validKind: 1, validDays: 10, claimable: true, ...over }, new Date())

const claim = (m: TestMember, planId: string, requestKey = key()) => server.call('CouponCardProvide', [{ PlanID: planId, RequestKey: requestKey }], { headers: m.headers })
const today = () => wallClockIn(TZ, new Date()).date

describe('plans', () => {
  test('CouponPlanList: the demo welcome voucher everywhere, the Signatures discount only at its shop; claimable without a session, HeldQua with one', async () => {
    const atS101 = ok(await server.call('CouponPlanList', [{ ShopID: 'S101' }])).table1
    const welcome = atS101.find((p) => p.PlanCode === 'WELCOME5')
    expect(welcome).toMatchObject({ CouponType: 1, Amount: '5', MinAmount: '0', ValidKind: 1, ValidDays: 30, CanClaim: 1, Reason: '', HeldQua: 0, LeftQua: -1, PerMemberQua: 1 })
    expect(welcome.CouponName).toBe('Welcome voucher: 5 off')
    expect(atS101.find((p) => p.PlanCode === 'SIGNATURE20')).toMatchObject({ CouponType: 2, DiscountRate: '20', MinAmount: '30', ClassIDs: 'S101.c.SIGNATURE' })
    const atS102 = ok(await server.call('CouponPlanList', [{ ShopID: 'S102' }])).table1
    expect(atS102.map((p) => p.PlanCode)).toContain('WELCOME5')
    expect(atS102.map((p) => p.PlanCode)).not.toContain('SIGNATURE20')
    // Recharge gifts are plans too, but not claimable in the app.
    expect(atS101.some((p) => String(p.PlanCode).startsWith('recharge-gift:'))).toBe(false)
    const zh = ok(await server.call('CouponPlanList', [{ ShopID: 'S101' }], { lang: 'zh-TW' })).table1
    expect(zh.find((p) => p.PlanCode === 'WELCOME5').CouponName).toBe('新人禮 5 元代金券')
  })

  test('a paused plan leaves the list and cannot be claimed; resumed, it can', async () => {
    const p = await plan()
    const m = await makeMember(server.db)
    await setPlanStatus(server.db, ENT, p.code, 0, new Date())
    expect(ok(await server.call('CouponPlanList', [{ ShopID: 'S101' }])).table1.map((r) => r.PlanID)).not.toContain(p.plan_id)
    expect((await claim(m, p.plan_id)).body.resultcode).toBe(RESULTCODES.COUPON_NOT_CLAIMABLE)
    expect(ok(await server.call('CouponPlanDetail', [{ PlanID: p.plan_id }])).table1[0]).toMatchObject({ Status: 0, CanClaim: 0, Reason: 'paused' })
    await setPlanStatus(server.db, ENT, p.code, 1, new Date())
    ok(await claim(m, p.plan_id))
  })

  test('a fixed-days plan whose last day is over is not listed, and claiming it → 20058 (Reason ended)', async () => {
    const p = await plan({ validKind: VALID_KIND.FIXED, validFrom: addDays(today(), -10), validTo: addDays(today(), -1) })
    expect(ok(await server.call('CouponPlanList', [{ ShopID: 'S101' }])).table1.map((r) => r.PlanID)).not.toContain(p.plan_id)
    expect(ok(await server.call('CouponPlanDetail', [{ PlanID: p.plan_id }])).table1[0]).toMatchObject({ CanClaim: 0, Reason: 'ended' })
    expect((await claim(await makeMember(server.db), p.plan_id)).body.resultcode).toBe(RESULTCODES.COUPON_NOT_CLAIMABLE)
  })

  test('unknown plan → 20054; an issue-only plan → 20058', async () => {
    const m = await makeMember(server.db)
    expect((await server.call('CouponPlanDetail', [{ PlanID: 'nope' }])).body.resultcode).toBe(RESULTCODES.COUPON_NOT_FOUND)
    expect((await claim(m, 'nope')).body.resultcode).toBe(RESULTCODES.COUPON_NOT_FOUND)
    const issued = await plan({ claimable: false })
    expect((await claim(m, issued.plan_id)).body.resultcode).toBe(RESULTCODES.COUPON_NOT_CLAIMABLE)
  })

  test('claiming needs a session (errcode 10010)', async () => {
    const res = await server.call('CouponCardProvide', [{ PlanID: 'E1001-CP-WELCOME5', RequestKey: key() }])
    expect(res.body.errcode).toBe('10010')
  })
})

describe('claiming', () => {
  test('the welcome voucher: one card with a 12-digit code, valid 30 days from today; a retry answers the same card; a second claim → 20057', async () => {
    const m = await makeMember(server.db)
    const k = key()
    const first = ok(await claim(m, 'E1001-CP-WELCOME5', k))
    const card = first.table1[0]
    expect(card).toMatchObject({ Status: CARD_STATUS.AVAILABLE, Amount: '5', ValidFrom: today(), ValidTo: addDays(today(), 29), Source: 'claim', SheetID: '' })
    expect(card.CardCode).toMatch(/^\d{12}$/)
    expect(first.table2[0]).toMatchObject({ HeldQua: 1, CanClaim: 0, Reason: 'limit' })
    const again = ok(await claim(m, 'E1001-CP-WELCOME5', k)).table1[0]
    expect(again.CardID).toBe(card.CardID)
    expect((await claim(m, 'E1001-CP-WELCOME5')).body.resultcode).toBe(RESULTCODES.COUPON_LIMIT_REACHED)
    // The same key for another plan is a reused key.
    const other = await plan()
    expect((await claim(m, other.plan_id, k)).body.resultcode).toBe(RESULTCODES.REQUEST_KEY_REUSED)
    const vip = ok(await server.call('VipDetailGet', [{}], { headers: m.headers })).table1[0]
    expect(vip.CouponCount).toBe(1)
    // The list says so to this member, and still offers it to others.
    const mine = ok(await server.call('CouponPlanList', [{ ShopID: 'S101' }], { headers: m.headers })).table1.find((p) => p.PlanCode === 'WELCOME5')
    expect(mine).toMatchObject({ HeldQua: 1, CanClaim: 0, Reason: 'limit' })
    const theirs = ok(await server.call('CouponPlanList', [{ ShopID: 'S101' }], { headers: (await makeMember(server.db)).headers })).table1.find((p) => p.PlanCode === 'WELCOME5')
    expect(theirs).toMatchObject({ HeldQua: 0, CanClaim: 1 })
  })

  test('50 concurrent claims by 50 members of a plan with 10 cards: exactly 10 cards, 40 refused as sold out', async () => {
    const p = await plan({ totalQua: 10, perMemberQua: 1 })
    const members = await Promise.all(Array.from({ length: 50 }, () => makeMember(server.db)))
    const results = await Promise.all(members.map((m) => claim(m, p.plan_id)))
    const codes = results.map((r) => r.body.resultcode)
    expect(codes.filter((c) => c === '0')).toHaveLength(10)
    expect(codes.filter((c) => c === RESULTCODES.COUPON_SOLD_OUT)).toHaveLength(40)
    const cards = await server.db.selectFrom('coupon_cards').select(['vip_id', 'code']).where('plan_id', '=', p.plan_id).execute()
    expect(cards).toHaveLength(10)
    expect(new Set(cards.map((c) => c.vip_id)).size).toBe(10)
    expect(new Set(cards.map((c) => c.code)).size).toBe(10)
    const detail = ok(await server.call('CouponPlanDetail', [{ PlanID: p.plan_id }])).table1[0]
    expect(detail).toMatchObject({ IssuedQua: 10, LeftQua: 0, CanClaim: 0, Reason: 'sold-out' })
  })

  test('one member, 50 concurrent claims of a plan allowing 3 each: 3 cards; 50 retries of one key: still one card for that key', async () => {
    const p = await plan({ perMemberQua: 3 })
    const m = await makeMember(server.db)
    const codes = (await Promise.all(Array.from({ length: 50 }, () => claim(m, p.plan_id)))).map((r) => r.body.resultcode)
    expect(codes.filter((c) => c === '0')).toHaveLength(3)
    expect(codes.filter((c) => c === RESULTCODES.COUPON_LIMIT_REACHED)).toHaveLength(47)

    const q = await plan({ perMemberQua: 0 })
    const k = key()
    const same = await Promise.all(Array.from({ length: 50 }, () => claim(m, q.plan_id, k)))
    expect(new Set(same.map((r) => ok(r).table1[0].CardID)).size).toBe(1)
    expect(await server.db.selectFrom('coupon_cards').select('card_id').where('plan_id', '=', q.plan_id).execute()).toHaveLength(1)
  })
})

describe('validity on the enterprise clock (Asia/Macau, UTC+8)', () => {
  // 23:59:30 on 1 March in Macau is 15:59:30 UTC; a minute later it is 2 March there.
  const beforeMidnight = new Date('2031-03-01T15:59:30Z')
  const afterMidnight = new Date('2031-03-01T16:00:30Z')

  test('from the day of collection: claimed at 23:59:30 it starts that day, at 00:00:30 the next; N days both ends included', async () => {
    const p = await plan({ validKind: VALID_KIND.FROM_COLLECTION, validDays: 3, perMemberQua: 0 })
    const m = await makeMember(server.db)
    const late = await claimCard(server.db, { entId: ENT, vipId: m.vipId, planId: p.plan_id, requestKey: key(), now: beforeMidnight })
    expect([late.card.valid_from, late.card.valid_to]).toEqual(['2031-03-01', '2031-03-03'])
    const early = await claimCard(server.db, { entId: ENT, vipId: m.vipId, planId: p.plan_id, requestKey: key(), now: afterMidnight })
    expect([early.card.valid_from, early.card.valid_to]).toEqual(['2031-03-02', '2031-03-04'])
  })

  test('from the next day: claimed at 23:59:30 it starts the next day', async () => {
    const p = await plan({ validKind: VALID_KIND.FROM_NEXT_DAY, validDays: 1, perMemberQua: 0 })
    const m = await makeMember(server.db)
    const late = await claimCard(server.db, { entId: ENT, vipId: m.vipId, planId: p.plan_id, requestKey: key(), now: beforeMidnight })
    expect([late.card.valid_from, late.card.valid_to]).toEqual(['2031-03-02', '2031-03-02'])
    const early = await claimCard(server.db, { entId: ENT, vipId: m.vipId, planId: p.plan_id, requestKey: key(), now: afterMidnight })
    expect([early.card.valid_from, early.card.valid_to]).toEqual(['2031-03-03', '2031-03-03'])
  })

  test('fixed days: claimable up to the last day in Macau, not a minute after it ends there', async () => {
    const p = await plan({ validKind: VALID_KIND.FIXED, validFrom: '2031-02-20', validTo: '2031-03-01', perMemberQua: 0 })
    const m = await makeMember(server.db)
    const late = await claimCard(server.db, { entId: ENT, vipId: m.vipId, planId: p.plan_id, requestKey: key(), now: beforeMidnight })
    expect([late.card.valid_from, late.card.valid_to]).toEqual(['2031-02-20', '2031-03-01'])
    await expect(claimCard(server.db, { entId: ENT, vipId: m.vipId, planId: p.plan_id, requestKey: key(), now: afterMidnight })).rejects.toMatchObject({ code: 'COUPON_NOT_CLAIMABLE' })
  })

  test('a card is listed available through its last day and expired from the next (counts per state follow)', async () => {
    const p = await plan({ validKind: VALID_KIND.FROM_COLLECTION, validDays: 1 })
    const m = await makeMember(server.db)
    await claimCard(server.db, { entId: ENT, vipId: m.vipId, planId: p.plan_id, requestKey: key(), now: beforeMidnight })
    const on = await listMemberCards(server.db, { entId: ENT, vipId: m.vipId, status: CARD_STATUS.AVAILABLE, limit: 10, offset: 0, today: '2031-03-01' })
    expect(on.total).toBe(1)
    const after = await listMemberCards(server.db, { entId: ENT, vipId: m.vipId, status: CARD_STATUS.EXPIRED, limit: 10, offset: 0, today: '2031-03-02' })
    expect(after.total).toBe(1)
    expect(after.counts.get(CARD_STATUS.AVAILABLE)).toBe(0)
  })
})

describe('cards', () => {
  test('CouponCardList by state with counts; CouponCardDetail with history; another member’s card or a tampered id → 20054', async () => {
    const m = await makeMember(server.db)
    const other = await makeMember(server.db)
    const a = ok(await claim(m, (await plan()).plan_id)).table1[0]
    const b = ok(await claim(m, (await plan()).plan_id)).table1[0]
    await voidCard(server.db, { entId: ENT, code: b.CardCode, now: new Date() })

    const all = ok(await server.call('CouponCardList', [{}], { headers: m.headers }))
    expect(all.table2[0].Total).toBe(2)
    expect(Object.fromEntries(all.table3.map((r) => [r.Status, r.Qua]))).toEqual({ 0: 1, 1: 0, 2: 0, 3: 1 })
    const available = ok(await server.call('CouponCardList', [{ Status: 0 }], { headers: m.headers })).table1
    expect(available.map((c) => c.CardID)).toEqual([a.CardID])
    const returned = ok(await server.call('CouponCardList', [{ Status: 3 }], { headers: m.headers })).table1
    expect(returned.map((c) => [c.CardID, c.Status])).toEqual([[b.CardID, CARD_STATUS.RETURNED]])

    const detail = ok(await server.call('CouponCardDetail', [{ CardID: b.CardID }], { headers: m.headers }))
    expect(detail.table1[0]).toMatchObject({ CardID: b.CardID, CardCode: b.CardCode, Status: CARD_STATUS.RETURNED })
    expect(detail.table2.map((e) => [e.Action, e.ToStatus])).toEqual([
      ['claim', 0],
      ['void', 3]
    ])
    const issue = ok(await server.call('CouponIssueCardDetail', [{ CardID: a.CardID }], { headers: m.headers }))
    expect(issue.table1[0]).toMatchObject({ CardID: a.CardID, Source: 'claim', IssuedBy: 'member' })
    expect(issue.table2[0].PlanID).toBe(a.PlanID)

    for (const op of ['CouponCardDetail', 'CouponIssueCardDetail']) {
      expect((await server.call(op, [{ CardID: a.CardID }], { headers: other.headers })).body.resultcode).toBe(RESULTCODES.COUPON_NOT_FOUND)
      expect((await server.call(op, [{ CardID: `${a.CardID}X` }], { headers: m.headers })).body.resultcode).toBe(RESULTCODES.COUPON_NOT_FOUND)
    }
    expect(ok(await server.call('CouponCardList', [{}], { headers: other.headers })).table1).toEqual([])
  })
})

describe('typed voucher codes', () => {
  test('a printed voucher: VoucherQuery shows it redeemable; VoucherVerify makes it the member’s card; for anyone else it is held (20055)', async () => {
    const p = await plan({ claimable: false, amount: '8' })
    const [printed] = await issueCards(server.db, { entId: ENT, planId: p.plan_id, vipId: '', qua: 1, now: new Date() })
    const m = await makeMember(server.db)
    const other = await makeMember(server.db)
    const spaced = `${printed.code.slice(0, 4)} ${printed.code.slice(4, 8)}-${printed.code.slice(8)}`
    expect(ok(await server.call('VoucherQuery', [{ Code: spaced }], { headers: m.headers })).table1[0]).toMatchObject({ Amount: '8', Redeemable: 1, Reason: '', IsMine: 0 })
    const card = ok(await server.call('VoucherVerify', [{ Code: printed.code }], { headers: m.headers })).table1[0]
    expect(card).toMatchObject({ CardID: printed.card_id, Status: 0, Source: 'voucher' })
    // Again by its holder: the same card (a retry).
    expect(ok(await server.call('VoucherVerify', [{ Code: printed.code }], { headers: m.headers })).table1[0].CardID).toBe(printed.card_id)
    expect(ok(await server.call('CouponCardList', [{ Status: 0 }], { headers: m.headers })).table1.map((c) => c.CardID)).toContain(printed.card_id)
    expect(ok(await server.call('VoucherQuery', [{ Code: printed.code }], { headers: other.headers })).table1[0]).toMatchObject({ Redeemable: 0, Reason: 'held', IsMine: 0 })
    expect((await server.call('VoucherVerify', [{ Code: printed.code }], { headers: other.headers })).body.resultcode).toBe(RESULTCODES.COUPON_NOT_AVAILABLE)
  })

  test('a voided voucher is refused (20055); unknown codes → 20054; after the allowed wrong tries even a good code → 20060', async () => {
    const p = await plan({ claimable: false })
    const [voided, good] = await issueCards(server.db, { entId: ENT, planId: p.plan_id, vipId: '', qua: 2, now: new Date() })
    await voidCard(server.db, { entId: ENT, code: voided.code, now: new Date() })
    const m = await makeMember(server.db)
    expect(ok(await server.call('VoucherQuery', [{ Code: voided.code }], { headers: m.headers })).table1[0]).toMatchObject({ Redeemable: 0, Reason: 'returned' })
    expect((await server.call('VoucherVerify', [{ Code: voided.code }], { headers: m.headers })).body.resultcode).toBe(RESULTCODES.COUPON_NOT_AVAILABLE)
    for (let i = 1; i < VOUCHER_TRIES; i++) {
      expect((await server.call('VoucherQuery', [{ Code: `99999999999${i}` }], { headers: m.headers })).body.resultcode).toBe(RESULTCODES.COUPON_NOT_FOUND)
    }
    expect((await server.call('VoucherVerify', [{ Code: good.code }], { headers: m.headers })).body.resultcode).toBe(RESULTCODES.COUPON_CODE_TRIES)
    // Another member is not held back by them.
    const other = await makeMember(server.db)
    ok(await server.call('VoucherVerify', [{ Code: good.code }], { headers: other.headers }))
  })
})

describe('recharge gift', () => {
  test('the gift plan of a rule exists from the seed, and its card counts as usable', async () => {
    const gift = await server.db.selectFrom('coupon_plans').selectAll().where('code', '=', 'recharge-gift:E1001-RR100:1').executeTakeFirstOrThrow()
    expect(gift).toMatchObject({ amount: '10', min_amount: '50', claimable: 0, valid_kind: 1, valid_days: 30 })
    const m = await makeMember(server.db)
    await issueCards(server.db, { entId: ENT, planId: gift.plan_id, vipId: m.vipId, qua: 1, now: new Date() })
    expect(ok(await server.call('VipDetailGet', [{}], { headers: m.headers })).table1[0].CouponCount).toBe(1)
  })
})
