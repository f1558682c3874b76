/**
 * Recharge (issue 5): the demo rules, RechargeSubmit (phone-bound members, idempotent, ReturnUrl
 * checked), the sandbox's hosted page for a recharge, signed notices granting amount + gift and
 * the gift coupons exactly once (a replay changes nothing), a declined recharge granting nothing,
 * RechargeStatusGet (own recharges only, the member with the new balance), and the demo rules
 * seeded into a database that had none. SQLite by default; PostgreSQL with DATABASE_URL.
 */
import { randomBytes } from 'node:crypto'
import { RECHARGE_STATUS } from '../../src/gateway/member-rows'
import { SandboxPaymentProvider } from '../../server/src/providers/payment/sandbox.provider'
import { wallClockIn } from '../../src/core/wall-clock'
import { toDecimal } from '../../src/core/money'
import { seedDemo } from '../../server/src/storage/seed'
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { makeMember, type TestMember } from './helpers/member-fixtures'

const SECRET = 'recharge-test-secret'
const sandbox = new SandboxPaymentProvider(SECRET)
const RETURN = '/#/pages/rechargeResult/rechargeResult?RechargeID={RechargeID}'
const RULE_100 = 'E1001-RR100'
const RULE_200 = 'E1001-RR200'
const RULE_500 = 'E1001-RR500'
const key = () => `rk-${randomBytes(8).toString('hex')}`

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({ sandboxPaySecret: SECRET })
})
afterAll(() => server.close())

const submit = (m: TestMember, ruleId: string, requestKey = key(), extra: Record<string, string> = {}) =>
  server.call('RechargeSubmit', [{ RuleID: ruleId, ShopID: 'S101', RequestKey: requestKey, ReturnUrl: RETURN, ...extra }], { headers: m.headers })
const memberRow = (m: TestMember) => server.db.selectFrom('members').selectAll().where('vip_id', '=', m.vipId).executeTakeFirstOrThrow()
const ledger = (m: TestMember) => server.db.selectFrom('balance_ledger').selectAll().where('vip_id', '=', m.vipId).execute()
// Gift coupons are coupon cards of the gift's plan (issue 15), read with the plan's value.
const coupons = (m: TestMember) =>
  server.db
    .selectFrom('coupon_cards as c')
    .innerJoin('coupon_plans as p', 'p.plan_id', 'c.plan_id')
    .select(['c.card_id', 'p.names', 'p.amount as value', 'p.min_amount', 'c.valid_from', 'c.valid_to', 'c.source', 'c.source_id', 'c.status'])
    .where('c.vip_id', '=', m.vipId)
    .orderBy('c.card_id')
    .execute()
const rechargeRow = (id: string) => server.db.selectFrom('recharges').selectAll().where('recharge_id', '=', id).executeTakeFirstOrThrow()

async function notify(body: string, headers: Record<string, string>) {
  const res = await server.app.inject({ method: 'POST', url: '/pay/notify/sandbox', payload: body, headers })
  return { status: res.statusCode, body: res.json() as { ok: boolean; outcome: string } }
}

/** A signed notice for a recharge, as the sandbox sends it. */
async function noticeFor(rechargeId: string, result: 'paid' | 'declined', amount?: string) {
  const row = await rechargeRow(rechargeId)
  return sandbox.signNotice({ payId: rechargeId, providerRef: row.provider_ref, result, amount: amount ?? row.amount, at: new Date().toISOString() })
}

describe('rules', () => {
  test('the demo enterprise has three rules, in each language; the detail lists the gift coupons', async () => {
    const en = ok(await server.call('RechargeRuleList', [{}])).table1
    expect(en).toEqual([
      { RuleID: RULE_100, Amount: '100', GiftAmount: '10', RuleName: 'Top up 100, get 10', GiftCouponQua: 1, SortNo: 1 },
      { RuleID: RULE_200, Amount: '200', GiftAmount: '30', RuleName: 'Top up 200, get 30', GiftCouponQua: 0, SortNo: 2 },
      { RuleID: RULE_500, Amount: '500', GiftAmount: '100', RuleName: 'Top up 500, get 100', GiftCouponQua: 2, SortNo: 3 }
    ])
    const tw = ok(await server.call('RechargeRuleList', [{ ShopID: 'S102' }], { lang: 'zh-TW' })).table1
    expect(tw[0].RuleName).toBe('充值 100 送 10')
    const detail = ok(await server.call('RechargeRuleDetail', [{ RuleID: RULE_500 }]))
    expect(detail.table1[0].RuleID).toBe(RULE_500)
    expect(detail.table2).toEqual([{ CouponName: '10 off 50', Value: '10', MinAmount: '50', ValidDays: 30, Qua: 2 }])
    expect((await server.call('RechargeRuleDetail', [{ RuleID: 'no-such-rule' }])).body.resultcode).toBe('20043')
  })

  test('a database made before recharge existed gains the demo rules; rules of its own are kept', async () => {
    await server.db.deleteFrom('recharge_rules').where('ent_id', '=', 'E1001').where('rule_id', '<>', RULE_100).execute()
    await server.db.deleteFrom('recharge_rules').where('rule_id', '=', RULE_100).execute()
    await seedDemo(server.db, new Date())
    expect((await server.db.selectFrom('recharge_rules').select('rule_id').where('ent_id', '=', 'E1001').execute()).length).toBe(3)
    // The enterprise has rules now: seeding again adds nothing, even when one was removed.
    await server.db.updateTable('recharge_rules').set({ is_enable: 0 }).where('rule_id', '=', RULE_200).execute()
    await server.db.deleteFrom('recharge_rules').where('rule_id', '=', RULE_500).execute()
    await seedDemo(server.db, new Date())
    expect((await server.db.selectFrom('recharge_rules').select('rule_id').where('ent_id', '=', 'E1001').execute()).length).toBe(2)
    expect((await server.call('RechargeRuleDetail', [{ RuleID: RULE_200 }])).body.resultcode).toBe('20043')
    // Put the demo back for the other tests.
    await server.db.deleteFrom('recharge_rules').where('ent_id', '=', 'E1001').execute()
    await seedDemo(server.db, new Date())
  })
})

describe('RechargeSubmit', () => {
  test('makes a pending recharge with the sandbox page; idempotent by RequestKey', async () => {
    const m = await makeMember(server.db)
    const k = key()
    const first = ok(await submit(m, RULE_100, k)).table1[0]
    expect(first).toMatchObject({ RuleID: RULE_100, Amount: '100.00', GiftAmount: '10.00', Status: RECHARGE_STATUS.PENDING, Provider: 'sandbox', PaidDate: '' })
    expect(first.PayUrl).toBe(`http://localhost${sandbox.pagePath(first.RechargeID)}`)
    const again = ok(await submit(m, RULE_100, k)).table1[0]
    expect(again.RechargeID).toBe(first.RechargeID)
    expect(await server.db.selectFrom('recharges').select('recharge_id').where('vip_id', '=', m.vipId).execute()).toHaveLength(1)
    // The same key for another rule, or by another member, is not this recharge.
    expect((await submit(m, RULE_200, k)).body.resultcode).toBe('20029')
    expect((await submit(await makeMember(server.db), RULE_100, k)).body.resultcode).toBe('20029')
    // The return URL names the recharge.
    expect((await rechargeRow(first.RechargeID)).return_url).toBe(`/#/pages/rechargeResult/rechargeResult?RechargeID=${first.RechargeID}`)
    const list = ok(await server.call('RechargeRecordList', [{ PageIndex: 1, PageSize: 10 }], { headers: m.headers }))
    expect(list.table1.map((r: { RechargeID: string }) => r.RechargeID)).toEqual([first.RechargeID])
    expect(list.table2[0].Total).toBe(1)
  })

  test('refused: a guest (bind a phone first), an unknown rule or shop, a ReturnUrl elsewhere, Provider balance', async () => {
    const guest = await makeMember(server.db, { guest: true })
    const res = await submit(guest, RULE_100)
    expect(res.body.resultcode).toBe('20038')
    expect(res.body.resultmsg).toBe('Please bind your mobile number first')
    const m = await makeMember(server.db)
    expect((await submit(m, 'no-such-rule')).body.resultcode).toBe('20043')
    // A rule of nothing (a slip in the shop's data) is neither listed nor taken.
    await server.db
      .insertInto('recharge_rules')
      .values({ rule_id: 'R-ZERO', ent_id: 'E1001', names: '{"zh-CN":"0","zh-TW":"0","en":"0"}', amount: '0', gift_amount: '5' })
      .execute()
    expect(ok(await server.call('RechargeRuleList', [{}])).table1.map((r: { RuleID: string }) => r.RuleID)).not.toContain('R-ZERO')
    expect((await submit(m, 'R-ZERO')).body.resultcode).toBe('20043')
    await server.db.deleteFrom('recharge_rules').where('rule_id', '=', 'R-ZERO').execute()
    expect((await server.call('RechargeSubmit', [{ RuleID: RULE_100, ShopID: 'S999', RequestKey: key(), ReturnUrl: RETURN }], { headers: m.headers })).body.resultcode).toBe('20003')
    expect((await submit(m, RULE_100, key(), { ReturnUrl: 'https://evil.example/steal' })).body.errcode).toBe('10007')
    expect((await submit(m, RULE_100, key(), { Provider: 'balance' })).body.errcode).toBe('10007')
    expect(await server.db.selectFrom('recharges').select('recharge_id').where('vip_id', 'in', [m.vipId, guest.vipId]).execute()).toEqual([])
  })
})

describe('settling a recharge', () => {
  test('the sandbox page shows the recharge; approving grants amount + gift and the coupons; RechargeStatusGet shows the new balance', async () => {
    const m = await makeMember(server.db, { balance: '5' })
    const r = ok(await submit(m, RULE_100)).table1[0]
    const page = await server.app.inject({ method: 'GET', url: sandbox.pagePath(r.RechargeID), headers: { 'accept-language': 'en' } })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('SANDBOX')
    expect(page.body).toContain('Recharge')
    expect(page.body).toContain(`Balance recharge ${r.RechargeID}`)
    expect(page.body).toContain('MOP$100.00')
    expect(page.body).toContain('Lotus Tea House')
    const approved = await server.app.inject({ method: 'POST', url: sandbox.pagePath(r.RechargeID, '/approve'), payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(approved.statusCode).toBe(303)
    expect(approved.headers.location).toBe(`/#/pages/rechargeResult/rechargeResult?RechargeID=${r.RechargeID}`)

    const status = ok(await server.call('RechargeStatusGet', [{ RechargeID: r.RechargeID }], { headers: m.headers }))
    expect(status.table1[0]).toMatchObject({ RechargeID: r.RechargeID, Status: RECHARGE_STATUS.PAID, PayUrl: '' })
    expect(status.table1[0].PaidDate).not.toBe('')
    expect(status.table2[0]).toMatchObject({ VipID: m.vipId, Balance: '115.00', CouponCount: 1 })
    const entries = (await ledger(m)).filter((e) => e.ref_id === r.RechargeID)
    expect(entries.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['gift', '10.00'],
      ['recharge', '100.00']
    ])
    const today = wallClockIn('Asia/Macau', new Date()).date
    const [coupon] = await coupons(m)
    expect(coupon).toMatchObject({ value: '10', min_amount: '50', valid_from: today, source: 'recharge', source_id: r.RechargeID, status: 0 })
    const to = new Date(`${today}T00:00:00Z`)
    to.setUTCDate(to.getUTCDate() + 29)
    expect(coupon.valid_to).toBe(to.toISOString().slice(0, 10))
    expect(JSON.parse(coupon.names).en).toBe('10 off 50')
    // Approving again: the page only shows its state.
    const twice = await server.app.inject({ method: 'POST', url: sandbox.pagePath(r.RechargeID, '/approve'), payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(twice.statusCode).toBe(303)
    expect(twice.headers.location).toBe(sandbox.pagePath(r.RechargeID))
    expect((await memberRow(m)).balance).toBe('115.00')
  })

  test('a replayed notice grants the gift once: balance, ledger rows and coupons counted', async () => {
    const m = await makeMember(server.db)
    const r = ok(await submit(m, RULE_500)).table1[0]
    const notice = await noticeFor(r.RechargeID, 'paid')
    const first = await notify(notice.body, notice.headers)
    expect(first).toEqual({ status: 200, body: { ok: true, outcome: 'paid' } })
    for (let i = 0; i < 3; i++) expect((await notify(notice.body, notice.headers)).body.outcome).toBe('replay')
    // Another notice (a new id) for the same recharge: ignored, it is paid already.
    const other = await noticeFor(r.RechargeID, 'paid')
    expect((await notify(other.body, other.headers)).body.outcome).toBe('ignored')
    // Concurrent replays, too.
    const racing = await noticeFor(r.RechargeID, 'paid')
    const outcomes = (await Promise.all(Array.from({ length: 5 }, () => notify(racing.body, racing.headers)))).map((x) => x.body.outcome).sort()
    expect(outcomes).toEqual(['ignored', 'replay', 'replay', 'replay', 'replay'])

    const row = await memberRow(m)
    expect(row.balance).toBe('600.00')
    const entries = await ledger(m)
    expect(entries.map((e) => e.kind).sort()).toEqual(['gift', 'recharge'])
    expect(entries.reduce((s, e) => s.plus(toDecimal(e.amount)), toDecimal(0)).eq(toDecimal(row.balance))).toBe(true)
    expect(await coupons(m)).toHaveLength(2)
    expect((await rechargeRow(r.RechargeID)).status).toBe(RECHARGE_STATUS.PAID)
  })

  test('declined grants nothing; a bad signature or a wrong amount changes nothing', async () => {
    const m = await makeMember(server.db)
    const r = ok(await submit(m, RULE_100)).table1[0]
    const forged = await noticeFor(r.RechargeID, 'paid')
    expect((await notify(forged.body, { ...forged.headers, 'x-sandbox-signature': 'a'.repeat(64) })).status).toBe(401)
    const wrong = await noticeFor(r.RechargeID, 'paid', '1.00')
    expect((await notify(wrong.body, wrong.headers)).body.outcome).toBe('amount_mismatch')
    expect((await rechargeRow(r.RechargeID)).status).toBe(RECHARGE_STATUS.PENDING)

    const declined = await server.app.inject({ method: 'POST', url: sandbox.pagePath(r.RechargeID, '/decline'), payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(declined.statusCode).toBe(303)
    const status = ok(await server.call('RechargeStatusGet', [{ RechargeID: r.RechargeID }], { headers: m.headers }))
    expect(status.table1[0]).toMatchObject({ Status: RECHARGE_STATUS.DECLINED, PayUrl: '', PaidDate: '' })
    expect(status.table2[0]).toMatchObject({ Balance: '0', CouponCount: 0 })
    expect(await ledger(m)).toEqual([])
    expect(await coupons(m)).toEqual([])
    // A late 'paid' after the decline is credited (late-notices.test.ts).
  })

  test('RechargeStatusGet: another member’s recharge or an unknown one → 20044; a pending one keeps its page', async () => {
    const a = await makeMember(server.db)
    const b = await makeMember(server.db)
    const r = ok(await submit(a, RULE_200)).table1[0]
    expect((await server.call('RechargeStatusGet', [{ RechargeID: r.RechargeID }], { headers: b.headers })).body.resultcode).toBe('20044')
    expect((await server.call('RechargeStatusGet', [{ RechargeID: 'R-nothing' }], { headers: a.headers })).body.resultcode).toBe('20044')
    const mine = ok(await server.call('RechargeStatusGet', [{ RechargeID: r.RechargeID }], { headers: a.headers })).table1[0]
    expect(mine).toMatchObject({ Status: RECHARGE_STATUS.PENDING, PayUrl: r.PayUrl })
    const list = ok(await server.call('RechargeRecordList', [{}], { headers: b.headers })).table1
    expect(list).toEqual([])
  })
})
