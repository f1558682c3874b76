/**
 * No money stranded (issue 11, item 4): a provider's 'paid' for a payment or recharge we had
 * recorded as declined is applied when the order (or recharge) can still take it, else the money
 * goes back at once through the provider; never 'ignored' while the provider holds the money.
 * A second 'paid' for something already paid, or a 'declined' after 'paid', changes nothing.
 * The notice path (POST /pay/notify/sandbox) and the status query path (PaymentStatusUpdate,
 * RechargeStatusGet) follow the same rule. SQLite by default; PostgreSQL with DATABASE_URL.
 */
import { createHash, randomBytes } from 'node:crypto'
import { toDecimal } from '../../src/core/money'
import { RECHARGE_STATUS } from '../../src/gateway/member-rows'
import { ORDER_STATUS, PAYMENT_STATUS } from '../../src/gateway/order-rows'
import { SandboxPaymentProvider } from '../../server/src/providers/payment/sandbox.provider'
import { approveAfterSale } from '../../server/src/domain/aftersale/aftersale.service'
import { makeMember } from './helpers/member-fixtures'
import { insertOrderRow, type OrderRowOptions } from './helpers/order-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

const SECRET = 'late-notices-test-secret'
const sandbox = new SandboxPaymentProvider(SECRET)
const DEVICE = 'device-key-of-the-late-payer-01'
const asDiner = { headers: { 'X-Device-Key': DEVICE } }
const owner = createHash('sha256').update(DEVICE).digest('hex')
const key = () => `rk-${randomBytes(8).toString('hex')}`

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({ sandboxPaySecret: SECRET })
})
afterAll(() => server.close())

const sandboxOfServer = () => server.providers.payments.get('sandbox') as SandboxPaymentProvider
const insertOrder = (options: OrderRowOptions = {}) => insertOrderRow(server.db, { ownerKey: owner, ...options })
const payment = (payId: string) => server.db.selectFrom('payments').selectAll().where('pay_id', '=', payId).executeTakeFirstOrThrow()
const order = (orderId: string) => server.db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()
const payEvents = async (orderId: string) =>
  (await server.db.selectFrom('order_events').select('action').where('order_id', '=', orderId).where('action', '=', 'pay').execute()).length
const refundsOf = (payId: string) => sandboxOfServer().refunds.filter((r) => r.payId === payId).length

async function startPayment(sheetId: string): Promise<string> {
  const res = await server.call('PaySubmit', [{ SheetID: sheetId, RequestKey: key(), ReturnUrl: '/#/pages/paying/paying?PayID={PayID}' }], asDiner)
  expect(res.body).toMatchObject({ errcode: '0', resultcode: '0' })
  return res.body.data.table1[0].PayID
}

/** Sends the provider's signed notice for a payment or a recharge; each has a new notice id. */
async function notice(payId: string, result: 'paid' | 'declined', amount?: string): Promise<string> {
  const row =
    (await server.db.selectFrom('payments').select(['provider_ref', 'amount']).where('pay_id', '=', payId).executeTakeFirst()) ??
    (await server.db.selectFrom('recharges').select(['provider_ref', 'amount']).where('recharge_id', '=', payId).executeTakeFirstOrThrow())
  const signed = sandbox.signNotice({ payId, providerRef: row.provider_ref, result, amount: amount ?? row.amount, at: new Date().toISOString() })
  const res = await server.app.inject({ method: 'POST', url: '/pay/notify/sandbox', payload: signed.body, headers: signed.headers })
  expect(res.statusCode).toBe(200)
  return (res.json() as { outcome: string }).outcome
}

describe('a paid notice after a declined one (order payments)', () => {
  it('pays the order when it still awaits payment (the finding: it answered ignored and the order stayed unpaid)', async () => {
    const orderId = await insertOrder()
    const payId = await startPayment(orderId)
    expect(await notice(payId, 'declined')).toBe('declined')
    expect(await notice(payId, 'paid')).toBe('paid')
    expect(await payment(payId)).toMatchObject({ status: PAYMENT_STATUS.PAID })
    expect(await order(orderId)).toMatchObject({ status: ORDER_STATUS.PAID, paid_amount: '23.50' })
    expect(await payEvents(orderId)).toBe(1)
    expect(refundsOf(payId)).toBe(0)

    // A second 'paid' (a new notice id) is the same money: nothing moves; nor does a late 'declined'.
    expect(await notice(payId, 'paid')).toBe('ignored')
    expect(await notice(payId, 'declined')).toBe('ignored')
    expect(await payment(payId)).toMatchObject({ status: PAYMENT_STATUS.PAID })
    expect(await payEvents(orderId)).toBe(1)
    expect(refundsOf(payId)).toBe(0)
  })

  it.each([
    ['expired', ORDER_STATUS.EXPIRED],
    ['cancelled', ORDER_STATUS.CANCELLED]
  ])('gives the money back at once when the order has %s since', async (_name, status) => {
    const orderId = await insertOrder()
    const payId = await startPayment(orderId)
    expect(await notice(payId, 'declined')).toBe('declined')
    await server.db.updateTable('orders').set({ status }).where('order_id', '=', orderId).execute()
    expect(await notice(payId, 'paid')).toBe('refunded')
    expect(await payment(payId)).toMatchObject({ status: PAYMENT_STATUS.REFUNDED })
    expect(refundsOf(payId)).toBe(1)
    expect(await order(orderId)).toMatchObject({ status, paid_amount: '0' })
    // Once given back, another 'paid' for it gives nothing back twice.
    expect(await notice(payId, 'paid')).toBe('ignored')
    expect(refundsOf(payId)).toBe(1)
  })

  it('gives the money back when another payment paid the order meanwhile', async () => {
    const orderId = await insertOrder()
    const first = await startPayment(orderId)
    expect(await notice(first, 'declined')).toBe('declined')
    const second = await startPayment(orderId)
    expect(await notice(second, 'paid')).toBe('paid')
    expect(await notice(first, 'paid')).toBe('refunded')
    expect(await payment(first)).toMatchObject({ status: PAYMENT_STATUS.REFUNDED })
    expect(refundsOf(first)).toBe(1)
    expect(await order(orderId)).toMatchObject({ status: ORDER_STATUS.PAID, paid_amount: '23.50' })
    expect(await payEvents(orderId)).toBe(1)
  })

  it("the superseded attempt's money returned at once is no refund of the order: RefundedAmount stays 0, and an after-sale refund counts only itself", async () => {
    const m = await makeMember(server.db)
    const orderId = await insertOrderRow(server.db, { ownerKey: m.ownerKey })
    const pay = (sheetId: string) => server.call('PaySubmit', [{ SheetID: sheetId, RequestKey: key(), ReturnUrl: '/#/pages/paying/paying?PayID={PayID}' }], { headers: m.headers })
    const first = ok(await pay(orderId)).table1[0].PayID
    const second = ok(await pay(orderId)).table1[0].PayID
    expect(await notice(second, 'paid')).toBe('paid')
    expect(await notice(first, 'paid')).toBe('refunded')
    const refunded = async () => ok(await server.call('OrderDetailGet', [{ SheetID: orderId }], { headers: m.headers })).table1[0]
    // The order's own payment was not touched: nothing of the order was refunded, and After-sale stays open to the diner.
    expect(await refunded()).toMatchObject({ PaidAmount: '23.50', RefundedAmount: '0' })
    const listed = ok(await server.call('OrderListByPage', [{ PageIndex: 1, PageSize: 50 }], { headers: m.headers })).table1.find((o: { SheetID: string }) => o.SheetID === orderId)
    expect(listed.RefundedAmount).toBe('0')
    const asked = ok(await server.call('AfterSaleSubmit', [{ SheetID: orderId, Amount: '10', Reason: 'quality', Content: 'cold', RequestKey: key() }], { headers: m.headers })).table1[0]
    await approveAfterSale(server.db, server.providers.payments, { afterSaleId: asked.AfterSaleID, note: '', now: new Date() })
    expect((await refunded()).RefundedAmount).toBe('10.00')
  })

  it('leaves it refund due for the shop when the provider refuses the refund', async () => {
    const orderId = await insertOrder()
    const payId = await startPayment(orderId)
    expect(await notice(payId, 'declined')).toBe('declined')
    await server.db.updateTable('orders').set({ status: ORDER_STATUS.EXPIRED }).where('order_id', '=', orderId).execute()
    const refund = jest.spyOn(sandboxOfServer(), 'refund').mockRejectedValueOnce(new Error('provider down'))
    try {
      expect(await notice(payId, 'paid')).toBe('refund_due')
    } finally {
      refund.mockRestore()
    }
    expect(await payment(payId)).toMatchObject({ status: PAYMENT_STATUS.REFUND_DUE })
    // The provider tells us again (the money still sits there): this time the refund goes through.
    expect(await notice(payId, 'paid')).toBe('refunded')
    expect(await payment(payId)).toMatchObject({ status: PAYMENT_STATUS.REFUNDED })
    expect(refundsOf(payId)).toBe(1)
    expect(await notice(payId, 'paid')).toBe('ignored')
    expect(refundsOf(payId)).toBe(1)
  })

  it('a paid notice of another amount after a decline pays nothing', async () => {
    const orderId = await insertOrder()
    const payId = await startPayment(orderId)
    expect(await notice(payId, 'declined')).toBe('declined')
    expect(await notice(payId, 'paid', '0.01')).toBe('amount_mismatch')
    expect(await payment(payId)).toMatchObject({ status: PAYMENT_STATUS.DECLINED })
    expect(await order(orderId)).toMatchObject({ status: ORDER_STATUS.AWAITING_PAYMENT })
  })

  it("pays a table sheet's settlement that still awaits payment, and refunds one a new round cancelled", async () => {
    const sheetId = `SHEET-LATE-${randomBytes(4).toString('hex')}`
    await server.db
      .insertInto('table_sheets')
      .values({ sheet_id: sheetId, ent_id: 'E1001', shop_id: 'S101', base_id: 'B201', table_id: 'B201-A05', status: 0, created_at: new Date().toISOString() })
      .execute()
    const settlement = await insertOrder({ kind: 'settlement', tableSheetId: sheetId, expiresIn: null, amount: '88.00' })
    await server.db.updateTable('table_sheets').set({ settlement_id: settlement, amount: '88.00' }).where('sheet_id', '=', sheetId).execute()
    const payId = await startPayment(settlement)
    expect(await notice(payId, 'declined')).toBe('declined')
    expect(await notice(payId, 'paid')).toBe('paid')
    const sheet = await server.db.selectFrom('table_sheets').selectAll().where('sheet_id', '=', sheetId).executeTakeFirstOrThrow()
    expect(sheet.status).toBe(ORDER_STATUS.COMPLETED)

    // A settlement cancelled by a new round (the sheet now waits for another one).
    const sheet2 = `SHEET-LATE-${randomBytes(4).toString('hex')}`
    await server.db
      .insertInto('table_sheets')
      .values({ sheet_id: sheet2, ent_id: 'E1001', shop_id: 'S101', base_id: 'B201', table_id: 'B201-A06', status: 0, created_at: new Date().toISOString() })
      .execute()
    const old = await insertOrder({ kind: 'settlement', tableSheetId: sheet2, expiresIn: null, amount: '40.00' })
    await server.db.updateTable('table_sheets').set({ settlement_id: old, amount: '40.00' }).where('sheet_id', '=', sheet2).execute()
    const oldPay = await startPayment(old)
    expect(await notice(oldPay, 'declined')).toBe('declined')
    await server.db.updateTable('orders').set({ status: ORDER_STATUS.CANCELLED }).where('order_id', '=', old).execute()
    await server.db.updateTable('table_sheets').set({ settlement_id: '', amount: '62.00' }).where('sheet_id', '=', sheet2).execute()
    expect(await notice(oldPay, 'paid')).toBe('refunded')
    expect(refundsOf(oldPay)).toBe(1)
    const after = await server.db.selectFrom('table_sheets').selectAll().where('sheet_id', '=', sheet2).executeTakeFirstOrThrow()
    expect(after).toMatchObject({ status: ORDER_STATUS.AWAITING_PAYMENT, paid_amount: '0' })
  })

  it('PaymentStatusUpdate: a declined payment the provider now reports paid pays the order', async () => {
    const orderId = await insertOrder()
    const payId = await startPayment(orderId)
    expect(await notice(payId, 'declined')).toBe('declined')
    // The paid notice was lost; the provider's own view says paid.
    const query = jest.spyOn(sandboxOfServer(), 'queryStatus').mockImplementation(async (p) => ({ status: 'paid', amount: p.amount }))
    try {
      const res = await server.call('PaymentStatusUpdate', [{ PayID: payId }], asDiner)
      expect(res.body.data.table1[0]).toMatchObject({ Status: PAYMENT_STATUS.PAID })
      expect(res.body.data.table2[0]).toMatchObject({ Status: ORDER_STATUS.PAID })
      // Asked again: nothing more happens.
      await server.call('PaymentStatusUpdate', [{ PayID: payId }], asDiner)
    } finally {
      query.mockRestore()
    }
    expect(await payEvents(orderId)).toBe(1)
  })
})

describe('a paid notice after a declined one (recharges)', () => {
  const RETURN = '/#/pages/rechargeResult/rechargeResult?RechargeID={RechargeID}'

  it('credits the amount and the gift exactly once (the finding: status 2, balance not credited)', async () => {
    const m = await makeMember(server.db)
    const r = ok(await server.call('RechargeSubmit', [{ RuleID: 'E1001-RR100', ShopID: 'S101', RequestKey: key(), ReturnUrl: RETURN }], { headers: m.headers })).table1[0]
    expect(await notice(r.RechargeID, 'declined')).toBe('declined')
    expect(await notice(r.RechargeID, 'paid')).toBe('paid')
    expect(await notice(r.RechargeID, 'paid')).toBe('ignored')
    expect(await notice(r.RechargeID, 'declined')).toBe('ignored')
    const recharge = await server.db.selectFrom('recharges').selectAll().where('recharge_id', '=', r.RechargeID).executeTakeFirstOrThrow()
    expect(recharge.status).toBe(RECHARGE_STATUS.PAID)
    const member = await server.db.selectFrom('members').select('balance').where('vip_id', '=', m.vipId).executeTakeFirstOrThrow()
    expect(toDecimal(member.balance).eq(110)).toBe(true)
    const ledger = await server.db.selectFrom('balance_ledger').select('kind').where('vip_id', '=', m.vipId).execute()
    expect(ledger.map((e) => e.kind).sort()).toEqual(['gift', 'recharge'])
    const coupons = await server.db.selectFrom('coupon_cards').select('card_id').where('vip_id', '=', m.vipId).execute()
    expect(coupons).toHaveLength(1)
  })

  it('RechargeStatusGet: a declined recharge the provider now reports paid is credited', async () => {
    const m = await makeMember(server.db)
    const r = ok(await server.call('RechargeSubmit', [{ RuleID: 'E1001-RR200', ShopID: 'S101', RequestKey: key(), ReturnUrl: RETURN }], { headers: m.headers })).table1[0]
    expect(await notice(r.RechargeID, 'declined')).toBe('declined')
    const query = jest.spyOn(sandboxOfServer(), 'queryStatus').mockImplementation(async (p) => ({ status: 'paid', amount: p.amount }))
    try {
      const status = ok(await server.call('RechargeStatusGet', [{ RechargeID: r.RechargeID }], { headers: m.headers }))
      expect(status.table1[0]).toMatchObject({ Status: RECHARGE_STATUS.PAID })
      ok(await server.call('RechargeStatusGet', [{ RechargeID: r.RechargeID }], { headers: m.headers }))
    } finally {
      query.mockRestore()
    }
    const member = await server.db.selectFrom('members').select('balance').where('vip_id', '=', m.vipId).executeTakeFirstOrThrow()
    expect(toDecimal(member.balance).eq(230)).toBe(true)
  })
})
