/**
 * Points (issue 5): 1 point per whole currency unit of a member's paid order, whichever provider
 * paid it, given once (score_ledger 'earn', ref = the order); a walk-in order earns nothing, a
 * guest member earns like anyone; refunding the order takes the same points back ('reverse').
 * VipScoreRecordByPage lists them. SQLite by default; PostgreSQL with DATABASE_URL.
 */
import { randomBytes } from 'node:crypto'
import { SandboxPaymentProvider } from '../../server/src/providers/payment/sandbox.provider'
import { pointsFor } from '../../server/src/domain/wallet/points.service'
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { insertOrderRow } from './helpers/order-fixtures'
import { insertAwaitingOrder, makeMember, type TestMember } from './helpers/member-fixtures'

const TOKEN = 'points-admin-token'
const SECRET = 'points-test-secret'
const sandbox = new SandboxPaymentProvider(SECRET)
const RETURN = '/#/pages/paying/paying?PayID={PayID}'
const key = () => `rk-${randomBytes(8).toString('hex')}`

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({ adminToken: TOKEN, sandboxPaySecret: SECRET })
})
afterAll(() => server.close())

const score = async (m: TestMember) => (await server.db.selectFrom('members').select('score').where('vip_id', '=', m.vipId).executeTakeFirstOrThrow()).score
const entries = (vipId: string) => server.db.selectFrom('score_ledger').selectAll().where('vip_id', '=', vipId).execute()

/** Pays an order through the sandbox: PaySubmit, then the provider's signed notice (sent twice). */
async function payBySandbox(headers: Record<string, string>, orderId: string): Promise<string> {
  const pay = ok(await server.call('PaySubmit', [{ SheetID: orderId, RequestKey: key(), ReturnUrl: RETURN }], { headers })).table1[0]
  const row = await server.db.selectFrom('payments').selectAll().where('pay_id', '=', pay.PayID).executeTakeFirstOrThrow()
  const notice = sandbox.signNotice({ payId: pay.PayID, providerRef: row.provider_ref, result: 'paid', amount: row.amount, at: new Date().toISOString() })
  for (let i = 0; i < 2; i++) {
    const res = await server.app.inject({ method: 'POST', url: '/pay/notify/sandbox', payload: notice.body, headers: notice.headers })
    expect(res.statusCode).toBe(200)
  }
  return pay.PayID
}

test('the rule: whole currency units of the paid amount', () => {
  expect(pointsFor('23.50')).toBe(23)
  expect(pointsFor('0.99')).toBe(0)
  expect(pointsFor('100')).toBe(100)
  expect(pointsFor('100.00')).toBe(100)
  // Cut exactly, never through a float (which rounds 0.99999999999999999 up to 1).
  expect(pointsFor('0.99999999999999999')).toBe(0)
  expect(pointsFor('12345.999999999999999')).toBe(12345)
})

test('earned once when a member’s order is paid by the sandbox or from the balance; listed newest first', async () => {
  const m = await makeMember(server.db, { balance: '100' })
  const bySandbox = await insertAwaitingOrder(server.db, m.ownerKey, '23.50')
  await payBySandbox(m.headers, bySandbox)
  expect(await score(m)).toBe(23)
  const byBalance = await insertAwaitingOrder(server.db, m.ownerKey, '9.90')
  ok(await server.call('BalancePay', [{ SheetID: byBalance, RequestKey: key() }], { headers: m.headers }))
  expect(await score(m)).toBe(32)
  const list = ok(await server.call('VipScoreRecordByPage', [{ PageIndex: 1, PageSize: 10 }], { headers: m.headers }))
  expect(list.table1.map((r: { Kind: string; Score: number; ScoreAfter: number; RefID: string }) => [r.Kind, r.Score, r.ScoreAfter, r.RefID])).toEqual([
    ['earn', 9, 32, byBalance],
    ['earn', 23, 23, bySandbox]
  ])
  expect(list.table2[0].Total).toBe(2)
  const page2 = ok(await server.call('VipScoreRecordByPage', [{ PageIndex: 2, PageSize: 1 }], { headers: m.headers }))
  expect(page2.table1.map((r: { RefID: string }) => r.RefID)).toEqual([bySandbox])
})

test('a guest member earns too; a walk-in order (no member) earns nothing; less than one unit earns nothing', async () => {
  const guest = await makeMember(server.db, { guest: true })
  const order = await insertAwaitingOrder(server.db, guest.ownerKey, '12.00')
  await payBySandbox(guest.headers, order)
  expect(await score(guest)).toBe(12)

  const deviceKey = 'walk-in-device-key-0000000001'
  const { createHash } = await import('node:crypto')
  const walkIn = await insertOrderRow(server.db, { ownerKey: createHash('sha256').update(deviceKey).digest('hex'), amount: '50.00' })
  await payBySandbox({ 'X-Device-Key': deviceKey }, walkIn)
  expect(await server.db.selectFrom('score_ledger').select('entry_id').where('ref_id', '=', walkIn).execute()).toEqual([])

  const small = await insertAwaitingOrder(server.db, guest.ownerKey, '0.50')
  await payBySandbox(guest.headers, small)
  expect(await score(guest)).toBe(12)
})

test('reversed when the shop cancels (refunds) the paid order, once', async () => {
  const m = await makeMember(server.db, { balance: '100' })
  const keep = await insertAwaitingOrder(server.db, m.ownerKey, '30.00')
  ok(await server.call('BalancePay', [{ SheetID: keep, RequestKey: key() }], { headers: m.headers }))
  const refund = await insertAwaitingOrder(server.db, m.ownerKey, '45.60')
  await payBySandbox(m.headers, refund)
  expect(await score(m)).toBe(75)
  const cancel = () => server.app.inject({ method: 'POST', url: `/admin/orders/${refund}/cancel`, headers: { authorization: `Bearer ${TOKEN}` } })
  expect((await cancel()).statusCode).toBe(200)
  expect((await cancel()).statusCode).toBe(409)
  expect(await score(m)).toBe(30)
  const rows = await entries(m.vipId)
  expect(rows.filter((r) => r.ref_id === refund).map((r) => [r.kind, r.score, r.score_after]).sort()).toEqual([
    ['earn', 45, 75],
    ['reverse', -45, 30]
  ])
  expect(rows.reduce((s, r) => s + r.score, 0)).toBe(30)
})
