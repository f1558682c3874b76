/**
 * Payments (issue 4): PaySubmit, the sandbox's hosted page, signed provider notices and what they
 * do to payments and orders, PaymentStatusUpdate, FinanceAccountGet, UserPayInfoGet.
 *
 * Orders are inserted directly (insertOrder below) rather than through OrderSubmit: placement
 * depends on the demo branch being open at the wall-clock time the test runs, and payments only
 * need an orders row awaiting payment.
 */
import { createHash, randomBytes } from 'node:crypto'
import { ORDER_STATUS, PAYMENT_STATUS } from '../../src/gateway/order-rows'
import { SandboxPaymentProvider } from '../../server/src/providers/payment/sandbox.provider'
import { PaymentProviders } from '../../server/src/providers/payment/payment-provider'
import { paymentStatus } from '../../server/src/domain/payments/payment.service'
import { createTestServer, type TestServer } from './helpers/test-server'
import { insertOrderRow, type OrderRowOptions } from './helpers/order-fixtures'

const SECRET = 'payments-test-secret'
const sandbox = new SandboxPaymentProvider(SECRET)
const DEVICE = 'device-key-of-the-diner-0001'
const OTHER_DEVICE = 'device-key-of-someone-else-02'
const owner = (key: string) => createHash('sha256').update(key).digest('hex')
const asDiner = { headers: { 'X-Device-Key': DEVICE } }
const RETURN = '/#/pages/paying/paying?PayID={PayID}'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({ sandboxPaySecret: SECRET })
})
afterAll(() => server.close())

async function insertOrder(options: OrderRowOptions = {}): Promise<string> {
  return insertOrderRow(server.db, { ownerKey: owner(DEVICE), ...options })
}

/** The sandbox provider the test server's gateway uses (its refunds list is the test hook). */
const sandboxOfServer = () => server.providers.payments.get('sandbox') as SandboxPaymentProvider

const newKey = () => `pay-${randomBytes(8).toString('hex')}`

async function paySubmit(sheetId: string, options: { key?: string; device?: string; returnUrl?: string; provider?: string } = {}) {
  return server.call(
    'PaySubmit',
    [{ SheetID: sheetId, RequestKey: options.key ?? newKey(), ReturnUrl: options.returnUrl ?? RETURN, ...(options.provider ? { Provider: options.provider } : {}) }],
    { headers: { 'X-Device-Key': options.device ?? DEVICE } }
  )
}

/** PaySubmit that must succeed: the payment row. */
async function startPayment(sheetId: string, key?: string): Promise<{ PayID: string; PayUrl: string; Status: number; Amount: string }> {
  const res = await paySubmit(sheetId, { key })
  expect(res.body).toMatchObject({ errcode: '0', resultcode: '0' })
  return res.body.data.table1[0]
}

const payment = (payId: string) => server.db.selectFrom('payments').selectAll().where('pay_id', '=', payId).executeTakeFirstOrThrow()
const order = (orderId: string) => server.db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()
const notices = (payId: string) => server.db.selectFrom('payment_notices').selectAll().where('pay_id', '=', payId).execute()
const payEvents = (orderId: string) =>
  server.db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).where('action', '=', 'pay').execute()

async function notify(body: string, headers: Record<string, string>) {
  const res = await server.app.inject({ method: 'POST', url: '/pay/notify/sandbox', payload: body, headers })
  return { status: res.statusCode, body: res.json() as { ok: boolean; outcome: string } }
}

/** A notice as the sandbox provider signs it. */
async function signedNotice(payId: string, result: 'paid' | 'declined', extra: { amount?: string; noticeId?: string } = {}) {
  const stored = await payment(payId)
  return sandbox.signNotice({
    noticeId: extra.noticeId,
    payId,
    providerRef: stored.provider_ref,
    result,
    amount: extra.amount ?? stored.amount,
    at: new Date().toISOString()
  })
}

/** The sandbox page as handed to the payer (with the payment's key). */
const page = (payId: string, lang = 'en') => server.app.inject({ method: 'GET', url: sandbox.pagePath(payId), headers: { 'accept-language': lang } })
const decide = (payId: string, decision: 'approve' | 'decline') =>
  server.app.inject({
    method: 'POST',
    url: sandbox.pagePath(payId, `/${decision}`),
    payload: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded' }
  })

describe('sandbox provider signatures', () => {
  it('verifies its own notices and refuses a changed body, a wrong secret or a missing signature', () => {
    const signed = sandbox.signNotice({ payId: 'P1', providerRef: 'SBX-1', result: 'paid', amount: '10.00', at: '2025-01-01T00:00:00.000Z' })
    const ok = sandbox.verifyNotice(signed.body, signed.headers)
    expect(ok).toMatchObject({ ok: true, notice: { payId: 'P1', providerRef: 'SBX-1', result: 'paid', amount: '10.00' } })

    const tampered = signed.body.replace('10.00', '0.01')
    expect(sandbox.verifyNotice(tampered, signed.headers).ok).toBe(false)
    expect(new SandboxPaymentProvider('another secret').verifyNotice(signed.body, signed.headers).ok).toBe(false)
    expect(sandbox.verifyNotice(signed.body, {}).ok).toBe(false)
    expect(sandbox.verifyNotice(signed.body, { 'x-sandbox-signature': 'zz' }).ok).toBe(false)
  })
})

describe('FinanceAccountGet', () => {
  it("answers the shop's sandbox account", async () => {
    const res = await server.call('FinanceAccountGet', [{ ShopID: 'S101' }])
    expect(res.body.resultcode).toBe('0')
    expect(res.body.data.table1).toEqual([{ ShopID: 'S101', Provider: 'sandbox', AccountName: expect.stringContaining('Lotus Tea House'), AccountTail: '0101' }])
  })

  it('says the payment account is not linked when the shop has none, and not found for an unknown shop', async () => {
    await server.db.updateTable('finance_accounts').set({ is_enable: 0 }).where('shop_id', '=', 'S102').execute()
    try {
      const res = await server.call('FinanceAccountGet', [{ ShopID: 'S102' }])
      expect(res.body).toMatchObject({ resultcode: '20020', resultmsg: 'This shop has no payment account set up' })

      // PaySubmit for an order of that shop is refused the same way, and no payment is made.
      const orderId = await insertOrder({ shopId: 'S102', baseId: 'B203' })
      const pay = await paySubmit(orderId)
      expect(pay.body.resultcode).toBe('20020')
      expect(await server.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).execute()).toEqual([])
    } finally {
      await server.db.updateTable('finance_accounts').set({ is_enable: 1 }).where('shop_id', '=', 'S102').execute()
    }
    expect((await server.call('FinanceAccountGet', [{ ShopID: 'NOPE' }])).body.resultcode).toBe('20003')
  })
})

describe('PaySubmit', () => {
  it('starts a pending payment with the hosted page URL, and a retry with the same key returns it', async () => {
    const orderId = await insertOrder()
    const key = newKey()
    const first = await startPayment(orderId, key)
    expect(first).toMatchObject({ SheetID: orderId, Amount: '23.50', Provider: 'sandbox', Status: PAYMENT_STATUS.PENDING })
    expect(first.PayUrl).toBe(`http://localhost${sandbox.pagePath(first.PayID)}`)
    expect((await payment(first.PayID)).return_url).toBe(`/#/pages/paying/paying?PayID=${first.PayID}`)

    const again = await startPayment(orderId, key)
    expect(again).toEqual(first)
    expect(await server.db.selectFrom('payments').select('pay_id').where('order_id', '=', orderId).execute()).toHaveLength(1)
  })

  it("takes the H5 app's absolute return URL with the PayID placeholder percent-encoded", async () => {
    const orderId = await insertOrder()
    const returnUrl = `http://localhost/index.html#/pages/paying/paying?SheetID=${orderId}&PayID=%7BPayID%7D`
    const res = await paySubmit(orderId, { returnUrl })
    const { PayID } = res.body.data.table1[0]
    expect((await decide(PayID, 'approve')).headers.location).toBe(`http://localhost/index.html#/pages/paying/paying?SheetID=${orderId}&PayID=${PayID}`)
  })

  it('10 concurrent PaySubmits with one key make one payment', async () => {
    const orderId = await insertOrder()
    const key = newKey()
    const answers = await Promise.all(Array.from({ length: 10 }, () => paySubmit(orderId, { key })))
    expect(answers.map((a) => a.body.resultcode)).toEqual(Array(10).fill('0'))
    expect(new Set(answers.map((a) => a.body.data.table1[0].PayID)).size).toBe(1)
    expect(await server.db.selectFrom('payments').select('pay_id').where('order_id', '=', orderId).execute()).toHaveLength(1)
  })

  it("refuses another device's order, a missing device key, a reused key and a foreign return URL", async () => {
    const orderId = await insertOrder()
    // Answered as an unknown order: a refusal confirms no id (issue 27).
    expect((await paySubmit(orderId, { device: OTHER_DEVICE })).body).toMatchObject({ resultcode: '20016' })
    expect((await paySubmit(orderId, { device: OTHER_DEVICE })).body.resultmsg).toBe((await paySubmit('O20000101nothing00', { device: OTHER_DEVICE })).body.resultmsg)
    const anonymous = await server.call('PaySubmit', [{ SheetID: orderId, RequestKey: newKey(), ReturnUrl: RETURN }])
    expect(anonymous.body.errcode).toBe('10007')

    for (const returnUrl of ['https://evil.example/steal', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const res = await paySubmit(orderId, { returnUrl })
      expect(res.body).toMatchObject({ errcode: '10007' })
      expect(res.body.errmsg).toContain('ReturnUrl')
    }
    // The app's own origin is fine, absolute or relative.
    expect((await paySubmit(orderId, { returnUrl: 'http://localhost:80/#/pages/paying/paying' })).body.resultcode).toBe('0')

    const key = newKey()
    await startPayment(orderId, key)
    const otherOrder = await insertOrder()
    expect((await paySubmit(otherOrder, { key })).body.resultcode).toBe('20029')
    expect((await paySubmit('NO-SUCH-ORDER')).body.resultcode).toBe('20016')
  })

  it('refuses orders that cannot be paid: expired, past their time, already paid, a postpay round', async () => {
    expect((await paySubmit(await insertOrder({ status: ORDER_STATUS.EXPIRED }))).body.resultcode).toBe('20024')
    expect((await paySubmit(await insertOrder({ expiresIn: -1 }))).body.resultcode).toBe('20024')
    const paid = await paySubmit(await insertOrder({ status: ORDER_STATUS.PAID }))
    expect(paid.body).toMatchObject({ resultcode: '20018', resultmsg: 'This order cannot be paid now (status: Paid)' })
    expect((await paySubmit(await insertOrder({ kind: 'round' }))).body.resultcode).toBe('20018')
  })
})

describe('the hosted sandbox page', () => {
  it('shows the shop, the amount with the currency, the sandbox banner and both buttons, in the caller\'s language', async () => {
    const orderId = await insertOrder({ amount: '1234.5' })
    const { PayID } = await startPayment(orderId)
    const en = await page(PayID)
    expect(en.statusCode).toBe(200)
    expect(en.headers['content-type']).toContain('text/html')
    expect(en.body).toContain('SANDBOX — no real money')
    expect(en.body).toContain('Lotus Tea House')
    expect(en.body).toContain('MOP$1,234.50')
    expect(en.body).toContain(`action="${sandbox.pagePath(PayID, '/approve')}"`)
    expect(en.body).toContain(`action="${sandbox.pagePath(PayID, '/decline')}"`)
    expect(en.body).toContain('Approve payment')

    const zhTW = await page(PayID, 'zh-TW,zh;q=0.9')
    expect(zhTW.body).toContain('沙盒環境')
    expect(zhTW.body).toContain('蓮香茶室')
    expect(zhTW.body).toContain('批准支付')
    const zhCN = await page(PayID, 'zh-CN')
    expect(zhCN.body).toContain('莲香茶室')

    expect((await page('NO-SUCH-PAY')).statusCode).toBe(404)
  })

  it('approve: the order is paid with a pickup number and the browser goes back to the return URL', async () => {
    const orderId = await insertOrder()
    const { PayID } = await startPayment(orderId)
    const res = await decide(PayID, 'approve')
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(`/#/pages/paying/paying?PayID=${PayID}`)

    const status = await server.call('PaymentStatusUpdate', [{ PayID }], asDiner)
    expect(status.body.resultcode).toBe('0')
    expect(status.body.data.table1[0]).toMatchObject({ PayID, Status: PAYMENT_STATUS.PAID, PayUrl: '' })
    expect(status.body.data.table1[0].PaidDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(status.body.data.table2[0]).toMatchObject({ SheetID: orderId, Status: ORDER_STATUS.PAID, PaidAmount: '23.50', CanPay: 0 })
    expect(status.body.data.table2[0].PickupNo).toMatch(/^\d+$/)

    // The page now shows the state, and a second approve changes nothing.
    expect((await page(PayID)).body).toContain('This payment was approved.')
    expect((await decide(PayID, 'approve')).headers.location).toBe(sandbox.pagePath(PayID))
    expect(await payEvents(orderId)).toHaveLength(1)
  })

  it('never redirects off our origin, even when a stored return URL is foreign', async () => {
    const orderId = await insertOrder()
    const { PayID } = await startPayment(orderId)
    await server.db.updateTable('payments').set({ return_url: 'https://evil.example/' }).where('pay_id', '=', PayID).execute()
    const res = await decide(PayID, 'decline')
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/')
  })

  it('a second PaySubmit with a new key supersedes the pending payment: its page no longer pays', async () => {
    const orderId = await insertOrder()
    const old = await startPayment(orderId)
    const current = await startPayment(orderId)
    expect(current.PayID).not.toBe(old.PayID)

    const oldPage = await page(old.PayID)
    expect(oldPage.body).toContain('A newer payment replaced this one')
    expect(oldPage.body).not.toContain('/approve"')
    expect((await decide(old.PayID, 'approve')).headers.location).toBe(sandbox.pagePath(old.PayID))
    expect((await order(orderId)).status).toBe(ORDER_STATUS.AWAITING_PAYMENT)
    const oldStatus = await server.call('PaymentStatusUpdate', [{ PayID: old.PayID }], asDiner)
    expect(oldStatus.body.data.table1[0]).toMatchObject({ Status: PAYMENT_STATUS.PENDING, PayUrl: '' })

    await decide(current.PayID, 'approve')
    expect((await order(orderId)).status).toBe(ORDER_STATUS.PAID)
  })
})

describe('provider notices', () => {
  it('a forged signature gets 401 and changes nothing', async () => {
    const orderId = await insertOrder()
    const { PayID } = await startPayment(orderId)
    const signed = await signedNotice(PayID, 'paid')
    const forged = new SandboxPaymentProvider('not the secret').signNotice({ ...JSON.parse(signed.body), noticeId: 'forged-1' })
    expect((await notify(forged.body, forged.headers)).status).toBe(401)
    expect((await notify(signed.body, { 'content-type': 'application/json' })).status).toBe(401)
    expect((await notify(signed.body.replace('"paid"', '"declined"'), signed.headers)).status).toBe(401)

    expect((await payment(PayID)).status).toBe(PAYMENT_STATUS.PENDING)
    expect((await order(orderId)).status).toBe(ORDER_STATUS.AWAITING_PAYMENT)
    expect(await notices(PayID)).toEqual([])
  })

  it('a replayed notice is answered 200 and pays the order once', async () => {
    const orderId = await insertOrder()
    const { PayID } = await startPayment(orderId)
    const signed = await signedNotice(PayID, 'paid')
    expect(await notify(signed.body, signed.headers)).toEqual({ status: 200, body: { ok: true, outcome: 'paid' } })
    expect(await notify(signed.body, signed.headers)).toEqual({ status: 200, body: { ok: true, outcome: 'replay' } })
    expect((await payment(PayID)).status).toBe(PAYMENT_STATUS.PAID)
    expect(await notices(PayID)).toHaveLength(1)
    expect(await payEvents(orderId)).toHaveLength(1)
  })

  it('20 copies of a notice at once (on two server instances), and 20 different paid notices at once, pay the order once', async () => {
    const orderId = await insertOrder()
    const { PayID } = await startPayment(orderId)
    const signed = await signedNotice(PayID, 'paid')
    const second = await server.openSecondInstance()
    const copies = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        if (i % 2 === 0) return notify(signed.body, signed.headers)
        const res = await second.app.inject({ method: 'POST', url: '/pay/notify/sandbox', payload: signed.body, headers: signed.headers })
        return { status: res.statusCode, body: res.json() as { ok: boolean; outcome: string } }
      })
    )
    expect(copies.map((c) => c.status)).toEqual(Array(20).fill(200))
    expect(copies.filter((c) => c.body.outcome === 'paid')).toHaveLength(1)
    expect(await notices(PayID)).toHaveLength(1)

    const otherOrder = await insertOrder()
    const pay2 = await startPayment(otherOrder)
    const distinct = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const n = await signedNotice(pay2.PayID, 'paid', { noticeId: `distinct-${pay2.PayID}-${i}` })
        return notify(n.body, n.headers)
      })
    )
    expect(distinct.filter((c) => c.body.outcome === 'paid')).toHaveLength(1)
    expect(distinct.filter((c) => c.body.outcome === 'ignored')).toHaveLength(19)
    for (const id of [orderId, otherOrder]) {
      expect((await order(id)).status).toBe(ORDER_STATUS.PAID)
      expect(await payEvents(id)).toHaveLength(1)
    }
    // Two paid orders of one branch and day: two different pickup numbers.
    expect((await order(orderId)).pickup_no).not.toBe((await order(otherOrder)).pickup_no)
  })

  it('a paid notice after the order expired gives the money back at once and leaves the order expired', async () => {
    const orderId = await insertOrder()
    const { PayID } = await startPayment(orderId)
    await server.db.updateTable('orders').set({ status: ORDER_STATUS.EXPIRED }).where('order_id', '=', orderId).execute()
    const signed = await signedNotice(PayID, 'paid')
    expect((await notify(signed.body, signed.headers)).body.outcome).toBe('refunded')
    expect((await payment(PayID)).status).toBe(PAYMENT_STATUS.REFUNDED)
    expect(sandboxOfServer().refunds.filter((r) => r.payId === PayID)).toHaveLength(1)
    expect(await order(orderId)).toMatchObject({ status: ORDER_STATUS.EXPIRED, paid_amount: '0', pickup_no: '' })
    // A replayed notice refunds nothing twice.
    expect((await notify(signed.body, signed.headers)).body.outcome).toBe('replay')
    expect(sandboxOfServer().refunds.filter((r) => r.payId === PayID)).toHaveLength(1)
  })

  it('a provider refusing to give late money back leaves the payment refund due for the shop', async () => {
    const orderId = await insertOrder()
    const { PayID } = await startPayment(orderId)
    await server.db.updateTable('orders').set({ status: ORDER_STATUS.CANCELLED }).where('order_id', '=', orderId).execute()
    const provider = sandboxOfServer()
    const refund = provider.refund
    provider.refund = async () => {
      throw new Error('the provider is down')
    }
    try {
      const signed = await signedNotice(PayID, 'paid')
      expect((await notify(signed.body, signed.headers)).body.outcome).toBe('refund_due')
    } finally {
      provider.refund = refund
    }
    expect((await payment(PayID)).status).toBe(PAYMENT_STATUS.REFUND_DUE)
    expect((await page(PayID)).body).toContain('due for a refund')
  })

  it('declined, then a new PaySubmit, then approve: paid; a late declined never moves it back', async () => {
    const orderId = await insertOrder()
    const first = await startPayment(orderId)
    const declined = await decide(first.PayID, 'decline')
    expect(declined.headers.location).toBe(`/#/pages/paying/paying?PayID=${first.PayID}`)
    const afterDecline = await server.call('PaymentStatusUpdate', [{ PayID: first.PayID }], asDiner)
    expect(afterDecline.body.data.table1[0]).toMatchObject({ Status: PAYMENT_STATUS.DECLINED, PayUrl: '' })
    expect(afterDecline.body.data.table2[0]).toMatchObject({ Status: ORDER_STATUS.AWAITING_PAYMENT, CanPay: 1 })

    const second = await startPayment(orderId)
    expect(second.PayID).not.toBe(first.PayID)
    await decide(second.PayID, 'approve')
    expect((await order(orderId)).status).toBe(ORDER_STATUS.PAID)

    const late = await signedNotice(second.PayID, 'declined')
    expect((await notify(late.body, late.headers)).body.outcome).toBe('ignored')
    expect((await payment(second.PayID)).status).toBe(PAYMENT_STATUS.PAID)
    expect((await order(orderId)).status).toBe(ORDER_STATUS.PAID)
    // A paid notice for the declined first payment (money taken after all) cannot pay twice: it goes back.
    const stray = await signedNotice(first.PayID, 'paid')
    expect((await notify(stray.body, stray.headers)).body.outcome).toBe('refunded')
    expect((await payment(first.PayID)).status).toBe(PAYMENT_STATUS.REFUNDED)
    expect(await payEvents(orderId)).toHaveLength(1)
  })

  it('a paid notice with another amount is recorded, pays nothing, and PaymentStatusUpdate reports it', async () => {
    const orderId = await insertOrder()
    const { PayID } = await startPayment(orderId)
    const signed = await signedNotice(PayID, 'paid', { amount: '0.01' })
    expect((await notify(signed.body, signed.headers)).body.outcome).toBe('amount_mismatch')
    expect((await payment(PayID)).status).toBe(PAYMENT_STATUS.PENDING)
    expect((await order(orderId)).status).toBe(ORDER_STATUS.AWAITING_PAYMENT)
    expect((await notices(PayID)).map((n) => n.result)).toEqual(['amount_mismatch'])
    const status = await server.call('PaymentStatusUpdate', [{ PayID }], asDiner)
    expect(status.body).toMatchObject({ resultcode: '20031', resultmsg: 'The paid amount does not match the order' })
  })

  it('a notice for an unknown payment or provider is 404', async () => {
    const n = sandbox.signNotice({ payId: 'NO-SUCH-PAY', providerRef: 'x', result: 'paid', amount: '1', at: new Date().toISOString() })
    expect((await notify(n.body, n.headers)).status).toBe(404)
    const other = await server.app.inject({ method: 'POST', url: '/pay/notify/nope', payload: n.body, headers: n.headers })
    expect(other.statusCode).toBe(404)
  })
})

describe('PaymentStatusUpdate and UserPayInfoGet', () => {
  it('a poll while the provider cannot open its page (down, refusing) still answers the payment\'s state, with no PayUrl', async () => {
    const { PayID } = await startPayment(await insertOrder())
    // The sandbox as it would be with its page service down: the status query still answers.
    const down = Object.assign(Object.create(sandboxOfServer()), {
      createPayment: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:443')
      },
      queryStatus: async () => ({ status: 'pending' as const })
    })
    const { view } = await paymentStatus({ db: server.db, providers: new PaymentProviders([down]) }, { entId: 'E1001', ownerKey: owner(DEVICE), payId: PayID, origin: 'http://localhost', now: new Date() })
    expect(view.payment.status).toBe(PAYMENT_STATUS.PENDING)
    expect(view.payUrl).toBe('')
  })

  it("refuses another device's payment and an unknown one alike", async () => {
    const { PayID } = await startPayment(await insertOrder())
    expect((await server.call('PaymentStatusUpdate', [{ PayID }], { headers: { 'X-Device-Key': OTHER_DEVICE } })).body.resultcode).toBe('20022')
    expect((await server.call('PaymentStatusUpdate', [{ PayID: 'NO-SUCH-PAY' }], asDiner)).body.resultcode).toBe('20022')
    const pending = await server.call('PaymentStatusUpdate', [{ PayID }], asDiner)
    expect(pending.body.data.table1[0]).toMatchObject({ Status: PAYMENT_STATUS.PENDING, PayUrl: `http://localhost${sandbox.pagePath(PayID)}` })
  })

  it("derives the sandbox payer id from the code", async () => {
    const res = await server.call('UserPayInfoGet', [{ Code: 'host-code-123' }])
    const expected = `sandbox-${createHash('sha256').update('host-code-123').digest('hex').slice(0, 16)}`
    expect(res.body.data.table1).toEqual([{ PayerID: expected, Provider: 'sandbox' }])
  })
})

describe('postpay settlement', () => {
  it("paying a table sheet's settlement order closes the sheet", async () => {
    const sheetId = `SHEET-${Date.now().toString(36)}`
    await server.db
      .insertInto('table_sheets')
      .values({ sheet_id: sheetId, ent_id: 'E1001', shop_id: 'S101', base_id: 'B201', table_id: 'B201-A05', status: 0, created_at: new Date().toISOString() })
      .execute()
    const settlement = await insertOrder({ kind: 'settlement', tableSheetId: sheetId, expiresIn: null, amount: '88.00' })
    await server.db.updateTable('table_sheets').set({ settlement_id: settlement, amount: '88.00' }).where('sheet_id', '=', sheetId).execute()

    const { PayID, Amount } = await startPayment(settlement)
    expect(Amount).toBe('88.00')
    await decide(PayID, 'approve')
    expect(await order(settlement)).toMatchObject({ status: ORDER_STATUS.PAID, pickup_no: '' })
    const sheet = await server.db.selectFrom('table_sheets').selectAll().where('sheet_id', '=', sheetId).executeTakeFirstOrThrow()
    expect(sheet.status).toBe(ORDER_STATUS.COMPLETED)
    expect(Number(sheet.paid_amount)).toBe(88)
    expect(sheet.closed_at).not.toBeNull()
  })
})
