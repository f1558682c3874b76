/**
 * Issue 14 item 3: PaySubmit / RechargeSubmit answer what each host opens to pay (table2, by
 * PayChannel), and the sandbox cashier (POST /sandbox-pay/cashier, docs/hosts.md) decides only
 * invocations the sandbox issued, once, through the same notice path as the hosted page.
 */
import { createHash, randomBytes } from 'node:crypto'
import { RECHARGE_STATUS } from '../../src/gateway/member-rows'
import { PAYMENT_STATUS } from '../../src/gateway/order-rows'
import type { PayChannel, PayInvocationRow } from '../../src/gateway/pay-invocation'
import { SandboxPaymentProvider } from '../../server/src/providers/payment/sandbox.provider'
import { makeMember } from './helpers/member-fixtures'
import { insertOrderRow } from './helpers/order-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

const DEVICE = 'device-key-of-the-host-payer-01'
const PAYER = { 'X-Device-Key': DEVICE }
const owner = (key: string) => createHash('sha256').update(key).digest('hex')
const RETURN = '/#/pages/paying/paying?PayID={PayID}'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

const key = () => `k-${randomBytes(8).toString('hex')}`
const paymentStatus = async (payId: string) => (await server.db.selectFrom('payments').select('status').where('pay_id', '=', payId).executeTakeFirstOrThrow()).status

async function pay(channel: PayChannel | undefined, sheetId?: string, requestKey = key()) {
  const orderId = sheetId ?? (await insertOrderRow(server.db, { ownerKey: owner(DEVICE) }))
  const res = await server.call('PaySubmit', [{ SheetID: orderId, RequestKey: requestKey, ReturnUrl: RETURN, ...(channel ? { PayChannel: channel } : {}) }], { headers: PAYER })
  const data = ok(res)
  return { orderId, requestKey, payment: data.table1[0], invocation: data.table2[0] as PayInvocationRow | undefined, table2: data.table2 as PayInvocationRow[] }
}

/** What a host's cashier sends the sandbox: the parameters as the host got them. */
const wechatParams = (i: PayInvocationRow, withAppId: boolean) => ({
  ...(withAppId ? { appId: i.AppID } : {}),
  timeStamp: i.TimeStamp,
  nonceStr: i.NonceStr,
  package: i.Package,
  signType: i.SignType,
  paySign: i.PaySign
})

async function cashier(body: unknown) {
  const res = await server.app.inject({ method: 'POST', url: '/sandbox-pay/cashier', payload: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } })
  return { status: res.statusCode, body: res.json() as Record<string, unknown> }
}

describe("each host's cashier parameters", () => {
  test('hosted (and no PayChannel) answers the page only', async () => {
    for (const channel of [undefined, 'hosted'] as const) {
      const { payment, table2 } = await pay(channel)
      expect(payment.PayUrl).toMatch(/\/sandbox-pay\//)
      expect(table2).toEqual([{ Channel: 'hosted', AppID: '', TimeStamp: '', NonceStr: '', Package: '', SignType: '', PaySign: '', TradeNO: '' }])
    }
  })

  test.each(['wechat-mini', 'wechat-jsapi'] as const)('%s: requestPayment / getBrandWCPayRequest fields, marked as the sandbox', async (channel) => {
    const { payment, invocation } = await pay(channel)
    expect(invocation).toMatchObject({ Channel: channel, AppID: 'sandbox', SignType: 'HMAC-SHA256', TradeNO: '' })
    expect(invocation!.Package).toMatch(new RegExp(`^prepay_id=sbx_${payment.PayID}_[0-9a-f]{24}$`))
    expect(invocation!.NonceStr).toMatch(/^[0-9a-f]{32}$/)
    expect(invocation!.PaySign).toMatch(/^[0-9A-F]{64}$/)
    // Seconds, about now (the payment was just made).
    expect(Math.abs(Number(invocation!.TimeStamp) - Date.now() / 1000)).toBeLessThan(600)
    // The hosted page stays the fallback.
    expect(payment.PayUrl).toMatch(/\/sandbox-pay\//)
  })

  test.each(['alipay-mini', 'alipay-jsapi'] as const)("%s: tradePay's trade number", async (channel) => {
    const { payment, invocation } = await pay(channel)
    expect(invocation).toMatchObject({ Channel: channel, AppID: '', Package: '', PaySign: '' })
    expect(invocation!.TradeNO).toMatch(new RegExp(`^SBX_${payment.PayID}_[0-9a-f]{24}$`))
  })

  test('a retry with the same key answers the same payment and the same parameters', async () => {
    const first = await pay('wechat-jsapi')
    const again = await pay('wechat-jsapi', first.orderId, first.requestKey)
    expect(again.payment.PayID).toBe(first.payment.PayID)
    expect(again.invocation).toEqual(first.invocation)
    // The same attempt asked for from another host: the same payment, that host's parameters.
    const other = await pay('alipay-mini', first.orderId, first.requestKey)
    expect(other.payment.PayID).toBe(first.payment.PayID)
    expect(other.invocation!.TradeNO).toContain(first.payment.PayID)
  })

  test('an unknown channel is refused as bad input (10007), and nothing is made', async () => {
    const orderId = await insertOrderRow(server.db, { ownerKey: owner(DEVICE) })
    const res = await server.call('PaySubmit', [{ SheetID: orderId, RequestKey: key(), ReturnUrl: RETURN, PayChannel: 'card-terminal' }], { headers: PAYER })
    expect(res.body.errcode).toBe('10007')
    expect(await server.db.selectFrom('payments').select('pay_id').where('order_id', '=', orderId).execute()).toEqual([])
  })
})

describe('the sandbox cashier', () => {
  test('approves what it issued to the chat-app mini-program: paid through the notice path, once', async () => {
    const { payment, invocation, requestKey } = await pay('wechat-mini')
    const res = await cashier({ decision: 'approve', ...wechatParams(invocation!, false) })
    expect(res).toEqual({ status: 200, body: { ok: true, result: 'paid', errMsg: 'requestPayment:ok', err_msg: 'get_brand_wcpay_request:ok', resultCode: '9000' } })
    expect(await paymentStatus(payment.PayID)).toBe(PAYMENT_STATUS.PAID)
    // The notice went through the same handler as /pay/notify/sandbox: it is recorded there.
    const notices = await server.db.selectFrom('payment_notices').select(['notice_id', 'result']).where('pay_id', '=', payment.PayID).execute()
    expect(notices).toHaveLength(1)
    const status = ok(await server.call('PaymentStatusUpdate', [{ PayID: payment.PayID }], { headers: PAYER }))
    expect(status.table1[0]).toMatchObject({ Status: PAYMENT_STATUS.PAID, PayUrl: '' })
    // Deciding again does nothing: the payment is settled.
    expect(await cashier({ decision: 'approve', ...wechatParams(invocation!, false) })).toEqual({ status: 409, body: { ok: false, reason: 'settled', result: 'paid' } })
    expect(await cashier({ decision: 'decline', ...wechatParams(invocation!, false) })).toMatchObject({ status: 409 })
    expect(await paymentStatus(payment.PayID)).toBe(PAYMENT_STATUS.PAID)
    // And a PaySubmit retry of the paid attempt hands out nothing to pay.
    const retried = await pay('wechat-mini', payment.SheetID, requestKey)
    expect(retried.payment).toMatchObject({ PayID: payment.PayID, Status: PAYMENT_STATUS.PAID })
    expect(retried.table2).toEqual([])
  })

  test('the chat-app browser bridge (with appId) and the payment-app bridge are approved the same way', async () => {
    const wechat = await pay('wechat-jsapi')
    expect(await cashier({ decision: 'approve', ...wechatParams(wechat.invocation!, true) })).toMatchObject({ status: 200, body: { result: 'paid' } })
    expect(await paymentStatus(wechat.payment.PayID)).toBe(PAYMENT_STATUS.PAID)
    const alipay = await pay('alipay-jsapi')
    expect(await cashier({ decision: 'approve', tradeNO: alipay.invocation!.TradeNO })).toMatchObject({ status: 200, body: { result: 'paid', resultCode: '9000' } })
    expect(await paymentStatus(alipay.payment.PayID)).toBe(PAYMENT_STATUS.PAID)
  })

  test('cancel decides nothing (still payable); decline declines', async () => {
    const { payment, invocation } = await pay('alipay-mini')
    expect(await cashier({ decision: 'cancel', tradeNO: invocation!.TradeNO })).toEqual({
      status: 200,
      body: { ok: true, result: 'cancelled', errMsg: 'requestPayment:fail cancel', err_msg: 'get_brand_wcpay_request:cancel', resultCode: '6001' }
    })
    expect(await paymentStatus(payment.PayID)).toBe(PAYMENT_STATUS.PENDING)
    expect(await cashier({ decision: 'decline', tradeNO: invocation!.TradeNO })).toMatchObject({ status: 200, body: { ok: true, result: 'declined', resultCode: '4000' } })
    expect(await paymentStatus(payment.PayID)).toBe(PAYMENT_STATUS.DECLINED)
    expect(await cashier({ decision: 'approve', tradeNO: invocation!.TradeNO })).toEqual({ status: 409, body: { ok: false, reason: 'settled', result: 'declined' } })
  })

  test('refuses what it did not issue: altered, made up, another payment’s mac, another deployment’s secret', async () => {
    const { payment, invocation } = await pay('wechat-jsapi')
    const good = wechatParams(invocation!, true)
    const flip = (hex: string) => hex.slice(0, -1) + (hex.endsWith('0') ? '1' : '0')
    const other = await pay('alipay-jsapi')
    const otherWechat = await pay('wechat-mini')
    const foreign = await new SandboxPaymentProvider('another-deployments-secret').createPayment(
      { payId: payment.PayID, amount: '1', currency: '', description: '', returnUrl: '/', notifyUrl: 'http://x/pay/notify/sandbox', createdAt: new Date().toISOString() },
      'wechat-jsapi'
    )
    const foreignTrade = await new SandboxPaymentProvider('another-deployments-secret').createPayment(
      { payId: payment.PayID, amount: '1', currency: '', description: '', returnUrl: '/', notifyUrl: 'http://x/pay/notify/sandbox', createdAt: new Date().toISOString() },
      'alipay-jsapi'
    )
    const forged: unknown[] = [
      { ...good, paySign: flip(good.paySign) },
      { ...good, timeStamp: String(Number(good.timeStamp) + 1) },
      { ...good, appId: 'wx0123456789abcdef' },
      { ...good, signType: 'MD5' },
      { ...good, nonceStr: 'a'.repeat(32) },
      // another payment's prepay mac with this payment's id
      { ...good, package: `prepay_id=sbx_${payment.PayID}_${/_([0-9a-f]{24})$/.exec(otherWechat.invocation!.Package)![1]}` },
      { ...good, paySign: undefined },
      { decision: 'approve', tradeNO: `SBX_${payment.PayID}_${'0'.repeat(24)}` },
      { decision: 'approve', tradeNO: other.invocation!.TradeNO.replace(other.payment.PayID, payment.PayID) },
      { decision: 'approve', tradeNO: payment.PayID },
      foreign.invocation.channel === 'wechat-jsapi' ? { ...foreign.invocation, channel: undefined } : null,
      foreignTrade.invocation.channel === 'alipay-jsapi' ? { tradeNO: foreignTrade.invocation.tradeNO } : null
    ]
    for (const params of forged) {
      expect(await cashier({ decision: 'approve', ...(params as object) })).toEqual({ status: 404, body: { ok: false, reason: 'unknown' } })
    }
    expect(await paymentStatus(payment.PayID)).toBe(PAYMENT_STATUS.PENDING)
    expect(await paymentStatus(other.payment.PayID)).toBe(PAYMENT_STATUS.PENDING)
    // The genuine parameters still work.
    expect(await cashier({ decision: 'approve', ...good })).toMatchObject({ status: 200, body: { result: 'paid' } })
  })

  test('malformed calls are 400 and change nothing', async () => {
    const { payment, invocation } = await pay('alipay-mini')
    for (const body of ['not json', '[]', 'null', JSON.stringify({ tradeNO: invocation!.TradeNO }), JSON.stringify({ decision: 'pay', tradeNO: invocation!.TradeNO })]) {
      expect(await cashier(body)).toEqual({ status: 400, body: { ok: false, reason: 'malformed' } })
    }
    expect(await paymentStatus(payment.PayID)).toBe(PAYMENT_STATUS.PENDING)
  })

  test('a payment a newer attempt replaced is superseded: its parameters pay nothing', async () => {
    const first = await pay('wechat-mini')
    const second = await pay('wechat-mini', first.orderId)
    expect(second.payment.PayID).not.toBe(first.payment.PayID)
    expect(await cashier({ decision: 'approve', ...wechatParams(first.invocation!, false) })).toEqual({ status: 409, body: { ok: false, reason: 'superseded' } })
    expect(await paymentStatus(first.payment.PayID)).toBe(PAYMENT_STATUS.PENDING)
    expect(await cashier({ decision: 'approve', ...wechatParams(second.invocation!, false) })).toMatchObject({ status: 200, body: { result: 'paid' } })
  })

  test("a recharge paid in the payment-app's cashier credits the balance once", async () => {
    const m = await makeMember(server.db)
    const requestKey = `r-${randomBytes(8).toString('hex')}`
    const submit = () =>
      server.call('RechargeSubmit', [{ RuleID: 'E1001-RR100', ShopID: 'S101', RequestKey: requestKey, ReturnUrl: '/', PayChannel: 'alipay-jsapi' }], { headers: m.headers })
    const data = ok(await submit())
    const recharge = data.table1[0]
    const invocation = data.table2[0] as PayInvocationRow
    expect(invocation.TradeNO).toMatch(new RegExp(`^SBX_${recharge.RechargeID}_`))
    expect(ok(await submit()).table2[0]).toEqual(invocation)
    expect(await cashier({ decision: 'approve', tradeNO: invocation.TradeNO })).toMatchObject({ status: 200, body: { result: 'paid' } })
    expect(await cashier({ decision: 'approve', tradeNO: invocation.TradeNO })).toMatchObject({ status: 409, body: { reason: 'settled' } })
    const status = ok(await server.call('RechargeStatusGet', [{ RechargeID: recharge.RechargeID }], { headers: m.headers }))
    expect(status.table1[0]).toMatchObject({ Status: RECHARGE_STATUS.PAID })
    expect(Number(status.table2[0].Balance)).toBeGreaterThan(0)
    expect(ok(await submit()).table2).toEqual([])
  })
})
