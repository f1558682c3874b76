/**
 * The balance account (issue 5): BalancePay as the second payment provider, the ledger under
 * concurrent spending, and refunds when the shop cancels a paid order (admin API and CLI), to the
 * balance or through the sandbox provider. SQLite by default; PostgreSQL with DATABASE_URL.
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { randomBytes } from 'node:crypto'
import { toDecimal } from '../../src/core/money'
import { ORDER_STATUS, PAYMENT_STATUS } from '../../src/gateway/order-rows'
import { SandboxPaymentProvider } from '../../server/src/providers/payment/sandbox.provider'
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { insertOrderRow } from './helpers/order-fixtures'
import { insertAwaitingOrder, makeMember, type TestMember } from './helpers/member-fixtures'
import { serverCommand } from '../support/server-commands'

const TOKEN = 'wallet-admin-token'
const SECRET = 'wallet-test-secret'
const RETURN = '/#/pages/paying/paying?PayID={PayID}'
const key = () => `rk-${randomBytes(8).toString('hex')}`

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({ adminToken: TOKEN, sandboxPaySecret: SECRET })
})
afterAll(() => server.close())

const balancePay = (m: TestMember, sheetId: string, requestKey = key()) => server.call('BalancePay', [{ SheetID: sheetId, RequestKey: requestKey }], { headers: m.headers })
const memberRow = (m: TestMember) => server.db.selectFrom('members').selectAll().where('vip_id', '=', m.vipId).executeTakeFirstOrThrow()
const ledger = (m: TestMember) => server.db.selectFrom('balance_ledger').selectAll().where('vip_id', '=', m.vipId).orderBy('created_at').orderBy('entry_id').execute()
const orderRow = (id: string) => server.db.selectFrom('orders').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow()
const paymentsOf = (id: string) => server.db.selectFrom('payments').selectAll().where('order_id', '=', id).execute()

/** members.balance equals the sum of the ledger, and is not negative. */
async function expectLedgerConsistent(m: TestMember): Promise<string> {
  const row = await memberRow(m)
  const sum = (await ledger(m)).reduce((s, e) => s.plus(toDecimal(e.amount)), toDecimal(0))
  expect(toDecimal(row.balance).eq(sum)).toBe(true)
  expect(toDecimal(row.balance).lt(0)).toBe(false)
  return row.balance
}

async function adminCancel(orderId: string) {
  const res = await server.app.inject({ method: 'POST', url: `/admin/orders/${orderId}/cancel`, headers: { authorization: `Bearer ${TOKEN}` } })
  return { status: res.statusCode, body: res.json() as { order?: { Status: number }; error?: { code: string } } }
}

describe('BalancePay', () => {
  test('pays the member’s own order at once: payment provider balance, ledger spend, order paid with a pickup number', async () => {
    const m = await makeMember(server.db, { balance: '100' })
    const orderId = await insertAwaitingOrder(server.db, m.ownerKey, '23.50')
    const data = ok(await balancePay(m, orderId))
    expect(data.table1[0]).toMatchObject({ SheetID: orderId, Provider: 'balance', Status: PAYMENT_STATUS.PAID, Amount: '23.50', PayUrl: '' })
    expect(data.table1[0].PaidDate).not.toBe('')
    expect(data.table2[0]).toMatchObject({ SheetID: orderId, Status: ORDER_STATUS.PAID })
    expect(data.table2[0].PickupNo).not.toBe('')
    expect((await memberRow(m)).balance).toBe('76.50')
    const entries = await ledger(m)
    expect(entries.at(-1)).toMatchObject({ kind: 'spend', amount: '-23.50', balance_after: '76.50', ref_id: orderId })
    await expectLedgerConsistent(m)

    // The order's payments and its payment status show the balance payment.
    const detail = ok(await server.call('OrderDetailGet', [{ SheetID: orderId }], { headers: m.headers }))
    expect(detail.table3).toEqual([expect.objectContaining({ Provider: 'balance', Status: PAYMENT_STATUS.PAID, PayUrl: '' })])
    const status = ok(await server.call('PaymentStatusUpdate', [{ PayID: data.table1[0].PayID }], { headers: m.headers }))
    expect(status.table1[0]).toMatchObject({ Provider: 'balance', Status: PAYMENT_STATUS.PAID })
    expect(status.table2[0].Status).toBe(ORDER_STATUS.PAID)
  })

  test('idempotent by RequestKey: a retry answers the same payment and spends once; the key for another order → 20029', async () => {
    const m = await makeMember(server.db, { balance: '100' })
    const orderId = await insertAwaitingOrder(server.db, m.ownerKey, '10.00')
    const k = key()
    const first = ok(await balancePay(m, orderId, k)).table1[0]
    const again = ok(await balancePay(m, orderId, k)).table1[0]
    expect(again.PayID).toBe(first.PayID)
    expect((await memberRow(m)).balance).toBe('90.00')
    const other = await insertAwaitingOrder(server.db, m.ownerKey, '5.00')
    expect((await balancePay(m, other, k)).body.resultcode).toBe('20029')
    // A new key for the paid order: it is not awaiting payment any more.
    expect((await balancePay(m, orderId)).body.resultcode).toBe('20018')
    await expectLedgerConsistent(m)
  })

  test('refused: not enough balance (nothing written), a guest, another member’s or a walk-in order, expired, unknown', async () => {
    const m = await makeMember(server.db, { balance: '20' })
    const orderId = await insertAwaitingOrder(server.db, m.ownerKey, '23.50')
    const poor = await balancePay(m, orderId)
    expect(poor.body.resultcode).toBe('20042')
    expect(poor.body.resultmsg).toBeTruthy()
    expect((await orderRow(orderId)).status).toBe(ORDER_STATUS.AWAITING_PAYMENT)
    expect(await paymentsOf(orderId)).toEqual([])
    expect((await memberRow(m)).balance).toBe('20')

    const guest = await makeMember(server.db, { guest: true, balance: '50' })
    const guestOrder = await insertAwaitingOrder(server.db, guest.ownerKey, '5.00')
    expect((await balancePay(guest, guestOrder)).body.resultcode).toBe('20038')

    const other = await makeMember(server.db, { balance: '500' })
    expect((await balancePay(other, orderId)).body.resultcode).toBe('20016')
    const walkIn = await insertOrderRow(server.db, { ownerKey: 'a'.repeat(64), amount: '5.00' })
    expect((await balancePay(other, walkIn)).body.resultcode).toBe('20016')
    const expired = await insertOrderRow(server.db, { ownerKey: other.ownerKey, amount: '5.00', expiresIn: -1 })
    expect((await balancePay(other, expired)).body.resultcode).toBe('20024')
    expect((await balancePay(other, 'O-no-such-order')).body.resultcode).toBe('20016')
    expect((await memberRow(other)).balance).toBe('500')
  })

  test('pays a table sheet’s settlement order and closes the sheet', async () => {
    const m = await makeMember(server.db, { balance: '100' })
    const sheetId = `TS${Date.now().toString(36)}`
    await server.db
      .insertInto('table_sheets')
      .values({ sheet_id: sheetId, ent_id: 'E1001', shop_id: 'S101', base_id: 'B201', table_id: 'B201-A01', status: 0, created_at: new Date().toISOString() })
      .execute()
    const settlement = await insertOrderRow(server.db, { ownerKey: m.ownerKey, amount: '42.00', kind: 'settlement', tableSheetId: sheetId })
    await server.db.updateTable('table_sheets').set({ settlement_id: settlement, amount: '42.00', round_count: 1 }).where('sheet_id', '=', sheetId).execute()
    const data = ok(await balancePay(m, settlement))
    expect(data.table1[0]).toMatchObject({ Provider: 'balance', Status: PAYMENT_STATUS.PAID, Amount: '42.00' })
    const sheet = await server.db.selectFrom('table_sheets').selectAll().where('sheet_id', '=', sheetId).executeTakeFirstOrThrow()
    expect(sheet.status).toBe(ORDER_STATUS.COMPLETED)
    expect((await memberRow(m)).balance).toBe('58.00')
  })

  test('PaySubmit refuses Provider balance clearly (it has no hosted page)', async () => {
    const m = await makeMember(server.db, { balance: '100' })
    const orderId = await insertAwaitingOrder(server.db, m.ownerKey, '5.00')
    const res = await server.call('PaySubmit', [{ SheetID: orderId, RequestKey: key(), ReturnUrl: RETURN, Provider: 'balance' }], { headers: m.headers })
    expect(res.body.errcode).toBe('10007')
    expect(res.body.errmsg).toContain('BalancePay')
  })

  test('100 concurrent payments against a balance that covers exactly 10: 10 succeed, the rest INSUFFICIENT_BALANCE', async () => {
    const m = await makeMember(server.db, { balance: '100.00' })
    const orders = await Promise.all(Array.from({ length: 100 }, () => insertAwaitingOrder(server.db, m.ownerKey, '10.00')))
    const results = await Promise.all(orders.map((id) => balancePay(m, id)))
    const codes = results.map((r) => r.body.resultcode)
    expect(codes.filter((c) => c === '0')).toHaveLength(10)
    expect(codes.filter((c) => c === '20042')).toHaveLength(90)
    expect(results.every((r) => r.body.errcode === '0')).toBe(true)
    expect(await expectLedgerConsistent(m)).toBe('0.00')
    const spends = (await ledger(m)).filter((e) => e.kind === 'spend')
    expect(spends).toHaveLength(10)
    const paid = await server.db.selectFrom('orders').select('order_id').where('order_id', 'in', orders).where('status', '=', ORDER_STATUS.PAID).execute()
    expect(paid.map((o) => o.order_id).sort()).toEqual(spends.map((s) => s.ref_id).sort())
    const payments = await server.db.selectFrom('payments').select('pay_id').where('order_id', 'in', orders).execute()
    expect(payments).toHaveLength(10)
  }, 120_000)
})

describe('refunds when the shop cancels a paid order', () => {
  test('admin API: a balance-paid order goes back to the balance (ledger refund), the payment is refunded, points reversed', async () => {
    const m = await makeMember(server.db, { balance: '100' })
    const orderId = await insertAwaitingOrder(server.db, m.ownerKey, '23.50')
    ok(await balancePay(m, orderId))
    expect((await memberRow(m)).score).toBe(23)
    const res = await adminCancel(orderId)
    expect(res.status).toBe(200)
    expect(res.body.order?.Status).toBe(ORDER_STATUS.CANCELLED)
    const row = await memberRow(m)
    expect(row.balance).toBe('100.00')
    expect(row.score).toBe(0)
    expect((await ledger(m)).at(-1)).toMatchObject({ kind: 'refund', amount: '23.50', balance_after: '100.00', ref_id: orderId })
    expect((await paymentsOf(orderId))[0].status).toBe(PAYMENT_STATUS.REFUNDED)
    await expectLedgerConsistent(m)
    const records = ok(await server.call('VipBalanceRecordByPage', [{ PageIndex: 1, PageSize: 2 }], { headers: m.headers }))
    expect(records.table1.map((r: { Kind: string; Amount: string }) => [r.Kind, r.Amount])).toEqual([
      ['refund', '23.50'],
      ['spend', '-23.50']
    ])
    expect(records.table2[0].Total).toBe(3)
    // Cancelling again changes nothing.
    expect((await adminCancel(orderId)).status).toBe(409)
    expect((await memberRow(m)).balance).toBe('100.00')
  })

  test('admin API: a sandbox-paid order is refunded through the provider and recorded once', async () => {
    const m = await makeMember(server.db, { balance: '0' })
    const orderId = await insertAwaitingOrder(server.db, m.ownerKey, '18.00')
    const pay = ok(await server.call('PaySubmit', [{ SheetID: orderId, RequestKey: key(), ReturnUrl: RETURN }], { headers: m.headers })).table1[0]
    const approved = await server.app.inject({ method: 'POST', url: new SandboxPaymentProvider(SECRET).pagePath(pay.PayID, '/approve'), payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(approved.statusCode).toBe(303)
    expect((await orderRow(orderId)).status).toBe(ORDER_STATUS.PAID)
    expect((await memberRow(m)).score).toBe(18)

    const res = await adminCancel(orderId)
    expect(res.status).toBe(200)
    const payment = (await paymentsOf(orderId))[0]
    expect(payment.status).toBe(PAYMENT_STATUS.REFUNDED)
    const refundNotice = await server.db.selectFrom('payment_notices').selectAll().where('notice_id', '=', `sandbox:refund:${pay.PayID}`).executeTakeFirstOrThrow()
    expect(refundNotice).toMatchObject({ result: 'refunded', amount: '18.00' })
    expect(JSON.parse(refundNotice.body).refundRef).toBe(await new SandboxPaymentProvider(SECRET).refund({ payId: pay.PayID, providerRef: '', amount: '18.00', currency: '', reason: '' }).then((r) => r.refundRef))
    expect((await memberRow(m)).score).toBe(0)
    expect((await memberRow(m)).balance).toBe('0')
    // The sandbox page shows it refunded.
    const page = await server.app.inject({ method: 'GET', url: new SandboxPaymentProvider(SECRET).pagePath(pay.PayID), headers: { 'accept-language': 'en' } })
    expect(page.body).toContain('This payment was refunded.')
    const status = ok(await server.call('PaymentStatusUpdate', [{ PayID: pay.PayID }], { headers: m.headers }))
    expect(status.table1[0].Status).toBe(PAYMENT_STATUS.REFUNDED)
  })

  test('cancelling an unpaid order refunds nothing; a ready order cannot be cancelled', async () => {
    const m = await makeMember(server.db, { balance: '50' })
    const unpaid = await insertAwaitingOrder(server.db, m.ownerKey, '5.00')
    expect((await adminCancel(unpaid)).status).toBe(200)
    expect((await ledger(m)).map((e) => e.kind)).toEqual(['recharge'])
    const paid = await insertAwaitingOrder(server.db, m.ownerKey, '5.00')
    ok(await balancePay(m, paid))
    const ready = await server.app.inject({ method: 'POST', url: `/admin/orders/${paid}/ready`, headers: { authorization: `Bearer ${TOKEN}` } })
    expect(ready.statusCode).toBe(200)
    expect((await adminCancel(paid)).status).toBe(409)
    expect((await memberRow(m)).balance).toBe('45.00')
  })

  test('the orders CLI: cancel of a balance-paid order refunds it', async () => {
    const m = await makeMember(server.db, { balance: '30' })
    const orderId = await insertAwaitingOrder(server.db, m.ownerKey, '12.00')
    ok(await balancePay(m, orderId))
    const run = promisify(execFile)
    const root = path.resolve(__dirname, '..', '..')
    const databaseUrl = server.database.schema && process.env.DATABASE_URL
    const env = {
      ...process.env,
      DATA_DIR: server.config.dataDir,
      DATABASE_URL: databaseUrl ? `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${server.database.schema}`)}` : ''
    }
    const { stdout } = await run(process.execPath, [...serverCommand('cli/orders'), 'cancel', orderId], { cwd: root, env })
    expect(stdout.trim()).toMatch(new RegExp(`^${orderId}: cancel done, now Cancelled \\(pickup #\\d+\\); refunded 12.00 to balance$`))
    expect((await memberRow(m)).balance).toBe('30.00')
    expect((await paymentsOf(orderId))[0].status).toBe(PAYMENT_STATUS.REFUNDED)
    await expectLedgerConsistent(m)
  }, 60_000)
})

describe('BalancePay retried at once', () => {
  test('the same RequestKey sent twice at the same moment answers the same payment to both and spends once', async () => {
    const m = await makeMember(server.db, { balance: '100' })
    const orderId = await insertAwaitingOrder(server.db, m.ownerKey, '10.00')
    const k = key()
    const answers = await Promise.all([balancePay(m, orderId, k), balancePay(m, orderId, k), balancePay(m, orderId, k)])
    const payIds = answers.map((res) => ok(res).table1[0].PayID as string)
    expect(new Set(payIds).size).toBe(1)
    expect((await memberRow(m)).balance).toBe('90.00')
    await expectLedgerConsistent(m)
  })
})

describe('the ledger lists changes in the order they were made', () => {
  test('three changes stamped with the same instant come back newest first, every time', async () => {
    const { changeBalance } = await import('../../server/src/domain/wallet/balance.service')
    const m = await makeMember(server.db, { balance: '0' })
    const now = new Date('2026-11-25T04:00:00.000Z')
    const steps: [('recharge' | 'spend' | 'refund'), string, string][] = [
      ['recharge', '100', `R-${key()}`],
      ['spend', '23.50', `O-${key()}`],
      ['refund', '23.50', `O-${key()}`]
    ]
    for (const [kind, amount, refId] of steps) await server.db.transaction().execute((trx) => changeBalance(trx, { vipId: m.vipId, kind, amount, refId, now }))
    const records = ok(await server.call('VipBalanceRecordByPage', [{ PageIndex: 1, PageSize: 3 }], { headers: m.headers }))
    expect(records.table1.map((r: { Kind: string }) => r.Kind)).toEqual(['refund', 'spend', 'recharge'])
  })
})
