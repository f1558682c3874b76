/**
 * Issue 25 item 5: a refund followed until the vendor confirms it (domain/payments/refund-follow-up.ts)
 * against the loopback fakes of WeChat Pay and Alipay (tests/support/fake-wechatpay.ts,
 * fake-alipay.ts), through the real notify route and the shop's real cancel (the admin API). The
 * sweep is called with the instant it runs at (no timers): backoff shows as "nothing asked yet".
 * SQLite by default; PostgreSQL with DATABASE_URL (the two-process race needs it).
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ORDER_STATUS, PAYMENT_STATUS } from '../../src/gateway/order-rows'
import type { PaymentDeps } from '../../server/src/domain/payments/payment.service'
import { followUpRefunds } from '../../server/src/domain/payments/refund-follow-up'
import { alipaySettings } from '../../server/src/providers/payment/alipay.settings'
import type { SandboxPaymentProvider } from '../../server/src/providers/payment/sandbox.provider'
import { wechatPaySettings } from '../../server/src/providers/payment/wechatpay.settings'
import { FakeAlipay, makeAlipayKeys } from '../support/fake-alipay'
import { FakeWechatPay, makeWechatPayKeys } from '../support/fake-wechatpay'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { insertOrderRow } from './helpers/order-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { freePort } from '../support/free-port'

const ADMIN = 'refund-follow-up-admin-token-0123456789'
const RETURN = '/#/pages/paying/paying?PayID={PayID}'
const MINUTE = 60_000

let wx: FakeWechatPay
let ali: FakeAlipay
let server: TestServer
let deps: PaymentDeps
let dir: string

beforeAll(async () => {
  const wxKeys = makeWechatPayKeys()
  const aliKeys = makeAlipayKeys()
  wx = new FakeWechatPay(wxKeys)
  ali = new FakeAlipay(aliKeys)
  await wx.start()
  await ali.start()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-refunds-'))
  fs.writeFileSync(path.join(dir, 'apiclient_key.pem'), wxKeys.merchantPrivateKeyPem)
  fs.writeFileSync(path.join(dir, 'pub_key.pem'), wxKeys.publicKeyPem)
  fs.writeFileSync(path.join(dir, 'app_private_key.pem'), aliKeys.appPrivateKeyPem)
  const port = await freePort()
  server = await createTestServer({
    paymentProviders: ['wechatpay', 'alipay', 'sandbox'],
    publicUrl: `http://127.0.0.1:${port}`,
    adminToken: ADMIN,
    wechatPay: wechatPaySettings({
      WECHATPAY_MCHID: wxKeys.mchId,
      WECHATPAY_MERCHANT_SERIAL_NO: wxKeys.merchantSerialNo,
      WECHATPAY_MERCHANT_PRIVATE_KEY_PATH: path.join(dir, 'apiclient_key.pem'),
      WECHATPAY_APIV3_KEY: wxKeys.apiV3Key,
      WECHATPAY_PUBLIC_KEY_ID: wxKeys.publicKeyId,
      WECHATPAY_PUBLIC_KEY_PATH: path.join(dir, 'pub_key.pem'),
      WECHATPAY_MINI_APPID: wxKeys.miniAppId,
      WECHATPAY_JSAPI_APPID: wxKeys.jsapiAppId,
      WECHATPAY_BASE_URL: wx.url
    }),
    alipay: alipaySettings({
      ALIPAY_APP_ID: aliKeys.appId,
      ALIPAY_PRIVATE_KEY_PATH: path.join(dir, 'app_private_key.pem'),
      ALIPAY_PUBLIC_KEY: aliKeys.alipayPublicKeyPem,
      ALIPAY_SELLER_ID: aliKeys.sellerId,
      ALIPAY_GATEWAY: ali.url
    })
  })
  await server.app.listen({ port, host: '127.0.0.1' })
  await server.db.updateTable('enterprise_settings').set({ parm_value: 'CNY' }).where('ent_id', '=', 'E1001').where('parm_id', '=', 'Currency').execute()
  deps = { db: server.db, providers: server.providers.payments }
}, 60_000)

afterAll(async () => {
  await server?.close()
  await wx?.stop()
  await ali?.stop()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

/** Branch S101's merchant account is at this provider for the payments opened next. */
const useProvider = (provider: string) => server.db.updateTable('finance_accounts').set({ provider }).where('shop_id', '=', 'S101').execute()

/** A signed-in member whose WeChat mini-program and Alipay ids the server has checked. */
async function diner(): Promise<TestMember> {
  const m = await makeMember(server.db)
  const at = new Date().toISOString()
  await server.db
    .insertInto('member_identities')
    .values([
      { ent_id: 'E1001', provider: 'weapp', open_id: `oMini${m.vipId}`, vip_id: m.vipId, created_at: at },
      { ent_id: 'E1001', provider: 'alipay-mini', open_id: `2088${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`, vip_id: m.vipId, created_at: at }
    ])
    .execute()
  return m
}

async function openPayment(channel: 'wechat-mini' | 'alipay-mini', amount: string) {
  await useProvider(channel === 'wechat-mini' ? 'wechatpay' : 'alipay')
  const m = await diner()
  const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey, amount })
  const res = await server.call('PaySubmit', [{ SheetID: sheetId, RequestKey: `rf-${randomBytes(8).toString('hex')}`, ReturnUrl: RETURN, PayChannel: channel }], { headers: m.headers })
  return { sheetId, payId: ok(res).table1[0].PayID as string }
}

/** A WeChat Pay order paid (notice delivered): the order is paid. */
async function paidAtWechat(amount: string) {
  const opened = await openPayment('wechat-mini', amount)
  wx.pay(opened.payId)
  expect((await wx.deliver(wx.paidNotice(opened.payId))).body.outcome).toBe('paid')
  return opened
}

const cancel = (sheetId: string) => server.app.inject({ method: 'POST', url: `/admin/orders/${sheetId}/cancel`, headers: { authorization: `Bearer ${ADMIN}` } })
const payment = (payId: string) => server.db.selectFrom('payments').selectAll().where('pay_id', '=', payId).executeTakeFirstOrThrow()
const notices = (payId: string, result: string) =>
  server.db.selectFrom('payment_notices').select(['notice_id', 'amount']).where('pay_id', '=', payId).where('result', '=', result).orderBy('notice_id').execute()
/** WeChat Pay refund requests for a payment: their out_refund_no, in order. */
const wxRefundCalls = (payId: string) => wx.requests.filter((r) => r.method === 'POST' && r.url === '/v3/refund/domestic/refunds' && JSON.parse(r.body).out_trade_no === payId).map((r) => JSON.parse(r.body).out_refund_no as string)
const wxRefundQueries = (refundNo: string) => wx.requests.filter((r) => r.method === 'GET' && r.url === `/v3/refund/domestic/refunds/${refundNo}`).length
const aliCalls = (api: string, payId: string) => ali.requests.filter((r) => r.api === api && r.biz.out_trade_no === payId)
const at = (base: number, minutes: number) => new Date(base + minutes * MINUTE)

describe('a refund the vendor refused is asked for again, with backoff, and given once', () => {
  test('WeChat Pay: a payment for an ended order refused at first (refund due) is refunded by the sweep under the same number', async () => {
    const { sheetId, payId } = await openPayment('wechat-mini', '12.30')
    await server.db.updateTable('orders').set({ status: ORDER_STATUS.EXPIRED }).where('order_id', '=', sheetId).execute()
    wx.pay(payId)
    wx.refuseRefunds = { status: 403, code: 'NOT_ENOUGH', message: '基本账户余额不足' }
    const t0 = Date.now()
    try {
      expect((await wx.deliver(wx.paidNotice(payId))).body.outcome).toBe('refund_due')
      expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUND_DUE)
      // Backoff: a sweep right away does not ask the vendor again.
      await followUpRefunds(deps, at(t0, 0))
      expect(wxRefundCalls(payId)).toEqual([payId])
      // Later it asks, is refused again, and waits longer.
      expect((await followUpRefunds(deps, at(t0, 2)))[payId]).toBe('refused')
      expect(wxRefundCalls(payId)).toEqual([payId, payId])
      await followUpRefunds(deps, at(t0, 2.5))
      expect(wxRefundCalls(payId)).toEqual([payId, payId])
    } finally {
      wx.refuseRefunds = null
    }
    expect((await followUpRefunds(deps, at(t0, 10)))[payId]).toBe('requested')
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    expect(wxRefundCalls(payId)).toEqual([payId, payId, payId])
    await followUpRefunds(deps, at(t0, 10))
    expect(wxRefundCalls(payId)).toEqual([payId, payId, payId])
    // Given back once, in full, at WeChat Pay.
    expect([...wx.refunds.values()].filter((r) => r.out_trade_no === payId).map((r) => r.amount.refund)).toEqual([1230])
    expect(await notices(payId, 'refunded')).toEqual([{ notice_id: `wechatpay:refund:${payId}`, amount: '12.30' }])
  })

  test('Alipay: refused (ACQ.SELLER_BALANCE_NOT_ENOUGH), then the sweep gives it back once', async () => {
    const { sheetId, payId } = await openPayment('alipay-mini', '45.60')
    await server.db.updateTable('orders').set({ status: ORDER_STATUS.EXPIRED }).where('order_id', '=', sheetId).execute()
    ali.refuseRefund = 'ACQ.SELLER_BALANCE_NOT_ENOUGH'
    expect((await ali.pay(payId)).status).toBe(200)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUND_DUE)
    expect(ali.trades.get(payId)!.refunds.size).toBe(0)
    expect((await followUpRefunds(deps, at(Date.now(), 2)))[payId]).toBe('requested')
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    expect([...ali.trades.get(payId)!.refunds.entries()]).toEqual([[payId, '45.60']])
    expect(aliCalls('alipay.trade.refund', payId).map((r) => r.biz.out_request_no)).toEqual([payId, payId])
  })

  test('refused 12 times in a row: given up with one clear error line; the payment stays refund due and the vendor is not asked again', async () => {
    const { sheetId, payId } = await openPayment('wechat-mini', '4.40')
    await server.db.updateTable('orders').set({ status: ORDER_STATUS.EXPIRED }).where('order_id', '=', sheetId).execute()
    wx.pay(payId)
    const lines: { level: string; msg: string }[] = []
    const log = { info: (_: unknown, msg = '') => lines.push({ level: 'info', msg }), warn: (_: unknown, msg = '') => lines.push({ level: 'warn', msg }), error: (_: unknown, msg = '') => lines.push({ level: 'error', msg }) }
    wx.refuseRefunds = { status: 403, code: 'NOT_ENOUGH', message: '基本账户余额不足' }
    const t0 = Date.now()
    try {
      expect((await wx.deliver(wx.paidNotice(payId))).body.outcome).toBe('refund_due')
      for (let hour = 1; hour <= 20; hour++) await followUpRefunds(deps, at(t0, hour * 61), log)
    } finally {
      wx.refuseRefunds = null
    }
    expect(wxRefundCalls(payId)).toHaveLength(12)
    const givenUp = lines.filter((l) => l.level === 'error' && l.msg.includes(payId))
    expect(givenUp).toHaveLength(1)
    expect(givenUp[0].msg).toMatch(new RegExp(`^refund ${payId} of payment ${payId} \\(4\\.40\\) GIVEN UP after 12 refused tries at wechatpay: the money is still owed`))
    await followUpRefunds(deps, at(t0, 100 * 60), log)
    expect(wxRefundCalls(payId)).toHaveLength(12)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUND_DUE)
  })
})

describe('an accepted refund is asked about until the vendor confirms it', () => {
  test('WeChat Pay: PROCESSING, then SUCCESS is recorded once as its notice would be; the late notice is a replay', async () => {
    const { sheetId, payId } = await paidAtWechat('33.30')
    expect((await cancel(sheetId)).statusCode).toBe(200)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    const t0 = Date.now()
    // Not asked before a few minutes: its notice usually comes first.
    await followUpRefunds(deps, at(t0, 0))
    expect(wxRefundQueries(payId)).toBe(0)
    expect((await followUpRefunds(deps, at(t0, 3)))[payId]).toBe('processing')
    expect(wxRefundQueries(payId)).toBe(1)
    expect(await notices(payId, 'refund_confirmed')).toEqual([])
    // Still under way: asked again only after the backoff.
    await followUpRefunds(deps, at(t0, 4))
    expect(wxRefundQueries(payId)).toBe(1)
    const refund = wx.setRefundStatus(payId, 'SUCCESS')
    expect((await followUpRefunds(deps, at(t0, 9)))[payId]).toBe('confirmed')
    expect(await notices(payId, 'refund_confirmed')).toEqual([{ notice_id: `wechatpay:refund:${refund.refund_id}:SUCCESS`, amount: '33.30' }])
    expect((await wx.deliver(wx.refundNotice(payId, 'SUCCESS'))).body.outcome).toBe('replay')
    expect(await notices(payId, 'refund_confirmed')).toHaveLength(1)
    // Confirmed: never asked about again, never asked for again.
    await followUpRefunds(deps, at(t0, 600))
    expect(wxRefundQueries(payId)).toBe(2)
    expect(wxRefundCalls(payId)).toEqual([payId])
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
  })

  test('Alipay sends no notice for its synchronous refund: the query confirms it once, and a refund notice later is a replay', async () => {
    const { sheetId, payId } = await openPayment('alipay-mini', '18.80')
    expect((await ali.pay(payId)).status).toBe(200)
    expect((await cancel(sheetId)).statusCode).toBe(200)
    expect((await followUpRefunds(deps, at(Date.now(), 3)))[payId]).toBe('confirmed')
    const tradeNo = ali.trades.get(payId)!.tradeNo
    expect(await notices(payId, 'refund_confirmed')).toEqual([{ notice_id: `alipay:refund:${tradeNo}:${payId}`, amount: '18.80' }])
    const late = ali.notice(payId, { overrides: { refund_fee: '18.80', out_biz_no: payId, gmt_refund: '2026-11-28 18:01:00.000' } })
    expect(await ali.post(payId, late)).toEqual({ status: 200, body: 'success' })
    expect(await notices(payId, 'refund_confirmed')).toHaveLength(1)
    await followUpRefunds(deps, at(Date.now(), 600))
    expect(aliCalls('alipay.trade.fastpay.refund.query', payId)).toHaveLength(1)
    expect(aliCalls('alipay.trade.refund', payId)).toHaveLength(1)
  })

  test('the sandbox answers the query too: the demo sees its refunds confirmed', async () => {
    await useProvider('sandbox')
    const m = await makeMember(server.db)
    const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey, amount: '5.00' })
    const payId = ok(await server.call('PaySubmit', [{ SheetID: sheetId, RequestKey: `rf-${randomBytes(8).toString('hex')}`, ReturnUrl: RETURN }], { headers: m.headers })).table1[0].PayID as string
    const sandbox = server.providers.payments.get('sandbox') as SandboxPaymentProvider
    const { body, headers } = sandbox.signNotice({ payId, providerRef: sandbox.providerRefOf(payId), result: 'paid', amount: '5.00', at: new Date().toISOString() })
    expect((await server.app.inject({ method: 'POST', url: '/pay/notify/sandbox', headers, payload: body })).statusCode).toBe(200)
    expect((await cancel(sheetId)).statusCode).toBe(200)
    expect((await followUpRefunds(deps, at(Date.now(), 3)))[payId]).toBe('confirmed')
    expect(await notices(payId, 'refund_confirmed')).toHaveLength(1)
  })
})

describe('a refund the vendor closed is asked for again under a new number; an abnormal one is left to the shop', () => {
  test('WeChat Pay CLOSED (its notice lost): refund due, then re-requested as <PayID>-r2 and confirmed: the money goes back once', async () => {
    const { sheetId, payId } = await paidAtWechat('20.00')
    expect((await cancel(sheetId)).statusCode).toBe(200)
    wx.setRefundStatus(payId, 'CLOSED')
    const t0 = Date.now()
    expect((await followUpRefunds(deps, at(t0, 3)))[payId]).toBe('closed')
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUND_DUE)
    expect((await followUpRefunds(deps, at(t0, 3)))[`${payId}-r2`]).toBe('requested')
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    expect(wxRefundCalls(payId)).toEqual([payId, `${payId}-r2`])
    // The closed refund's notice arriving late changes nothing.
    expect((await wx.deliver(wx.refundNotice(payId, 'CLOSED'))).body.outcome).toBe('replay')
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    wx.setRefundStatus(`${payId}-r2`, 'SUCCESS')
    expect((await followUpRefunds(deps, at(t0, 10)))[`${payId}-r2`]).toBe('confirmed')
    await followUpRefunds(deps, at(t0, 600))
    expect(wxRefundCalls(payId)).toEqual([payId, `${payId}-r2`])
    const atVendor = [...wx.refunds.values()].filter((r) => r.out_trade_no === payId).map((r) => [r.out_refund_no, r.status, r.amount.refund])
    expect(atVendor).toEqual([
      [payId, 'CLOSED', 2000],
      [`${payId}-r2`, 'SUCCESS', 2000]
    ])
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
  })

  test('a REFUND.CLOSED notice does the same: the next number is asked for by the sweep', async () => {
    const { sheetId, payId } = await paidAtWechat('7.50')
    expect((await cancel(sheetId)).statusCode).toBe(200)
    expect((await wx.deliver(wx.refundNotice(payId, 'CLOSED'))).body.outcome).toBe('refund_failed')
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUND_DUE)
    expect((await followUpRefunds(deps, new Date()))[`${payId}-r2`]).toBe('requested')
    expect(wxRefundCalls(payId)).toEqual([payId, `${payId}-r2`])
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
  })

  test('WeChat Pay ABNORMAL: refund due, never asked for again (the money sits at WeChat Pay); confirmed once the shop settles it there', async () => {
    const { sheetId, payId } = await paidAtWechat('9.90')
    expect((await cancel(sheetId)).statusCode).toBe(200)
    wx.setRefundStatus(payId, 'ABNORMAL')
    const t0 = Date.now()
    expect((await followUpRefunds(deps, at(t0, 3)))[payId]).toBe('abnormal')
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUND_DUE)
    await followUpRefunds(deps, at(t0, 3 + 24 * 60))
    expect(wxRefundCalls(payId)).toEqual([payId])
    // The shop settled it at the merchant platform (apply-abnormal-refund): the next query sees SUCCESS.
    wx.setRefundStatus(payId, 'SUCCESS')
    expect((await followUpRefunds(deps, at(t0, 3 + 48 * 60)))[payId]).toBe('confirmed')
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    expect(wxRefundCalls(payId)).toEqual([payId])
  })
})

describe('two sweeps at once (two server processes on PostgreSQL) ask the vendor once per refund number', () => {
  test('refund-due payments: one retry call per refund number; accepted ones: one query each', async () => {
    const payIds: string[] = []
    wx.refuseRefunds = { status: 403, code: 'NOT_ENOUGH', message: '基本账户余额不足' }
    try {
      for (const amount of ['1.10', '2.20', '3.30']) {
        const { sheetId, payId } = await openPayment('wechat-mini', amount)
        await server.db.updateTable('orders').set({ status: ORDER_STATUS.EXPIRED }).where('order_id', '=', sheetId).execute()
        wx.pay(payId)
        expect((await wx.deliver(wx.paidNotice(payId))).body.outcome).toBe('refund_due')
        payIds.push(payId)
      }
    } finally {
      wx.refuseRefunds = null
    }
    // A second process: its own connections on the same database (PostgreSQL); on SQLite the same
    // file has one writer, so the second sweep runs in this process (the same check applies).
    const other: PaymentDeps = process.env.DATABASE_URL ? { db: (await server.openSecondInstance()).db, providers: server.providers.payments } : deps
    const t = at(Date.now(), 5)
    await Promise.all([followUpRefunds(deps, t), followUpRefunds(other, t)])
    for (const payId of payIds) {
      expect(wxRefundCalls(payId)).toEqual([payId, payId])
      expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    }
    const later = at(Date.now(), 15)
    await Promise.all([followUpRefunds(deps, later), followUpRefunds(other, later)])
    for (const payId of payIds) expect(wxRefundQueries(payId)).toBe(1)
  })
})
