/**
 * Red team of issue 25's notify endpoints (POST /pay/notify/:provider, server/src/http/pay-notify.route.ts
 * → handleNotice), kept as tests: the real app on a real port with the real 'wechatpay' and
 * 'alipay' providers pointed at their loopback fakes (keys this test makes) and the 'sandbox',
 * on SQLite and (with DATABASE_URL) PostgreSQL. Attacked as an outsider (forgeries, replays,
 * odd paths, methods, bodies and content types) and as a vendor gone wrong (genuinely signed
 * notices naming the wrong things, in the wrong order, twenty at once, racing a cancel or an
 * expiry). Every refusal is checked to store nothing and to be answered so that the vendor keeps
 * retrying (WeChat Pay stops on 2xx only; Alipay only on the exact body 'success'), and the
 * answers and log lines are checked for what they must not carry.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { ORDER_STATUS, PAYMENT_STATUS } from '../../src/gateway/order-rows'
import { expireDueOrders } from '../../server/src/domain/orders/order-state'
import { buildApp, buildProviders } from '../../server/src/http/app'
import { prettyStream } from '../../server/src/http/logging'
import { alipaySettings } from '../../server/src/providers/payment/alipay.settings'
import { PaymentProviders, type PaymentProvider } from '../../server/src/providers/payment/payment-provider'
import { SandboxPaymentProvider } from '../../server/src/providers/payment/sandbox.provider'
import type { WechatPayProvider } from '../../server/src/providers/payment/wechatpay.provider'
import { wechatPaySettings } from '../../server/src/providers/payment/wechatpay.settings'
import { FakeAlipay, makeAlipayKeys, type AlipayKeys } from '../support/fake-alipay'
import { FakeWechatPay, makeWechatPayKeys, type SignedNotice, type WechatPayKeys } from '../support/fake-wechatpay'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { insertOrderRow } from './helpers/order-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { freePort } from '../support/free-port'

const ADMIN = 'redteam-25-notify-admin-token-0123456789'
const SECRET = 'redteam-25-notify-sandbox-secret'
const RETURN = '/#/pages/paying/paying?PayID={PayID}'
const PG = Boolean(process.env.DATABASE_URL)

let wxKeys: WechatPayKeys
let aliKeys: AlipayKeys
let wx: FakeWechatPay
let ali: FakeAlipay
let server: TestServer
let base: string
let dir: string
const sandbox = new SandboxPaymentProvider(SECRET)

beforeAll(async () => {
  wxKeys = makeWechatPayKeys()
  aliKeys = makeAlipayKeys()
  wx = new FakeWechatPay(wxKeys)
  ali = new FakeAlipay(aliKeys)
  await wx.start()
  await ali.start()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-redteam25-'))
  fs.writeFileSync(path.join(dir, 'apiclient_key.pem'), wxKeys.merchantPrivateKeyPem)
  fs.writeFileSync(path.join(dir, 'pub_key.pem'), wxKeys.publicKeyPem)
  fs.writeFileSync(path.join(dir, 'app_private_key.pem'), aliKeys.appPrivateKeyPem)
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  server = await createTestServer({
    paymentProviders: ['wechatpay', 'alipay', 'sandbox'],
    publicUrl: base,
    adminToken: ADMIN,
    sandboxPaySecret: SECRET,
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
}, 90_000)

afterAll(async () => {
  await server?.close()
  await wx?.stop()
  await ali?.stop()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

// ---------- helpers ----------

type Provider = 'wechatpay' | 'alipay' | 'sandbox'
const CHANNEL: Record<Provider, string> = { wechatpay: 'wechat-mini', alipay: 'alipay-mini', sandbox: 'hosted' }
const key = () => `rt25-${randomBytes(8).toString('hex')}`

/** A signed-in diner whose chat-app and payment-app ids the server has checked. */
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

/** An order awaiting payment and its payment opened at `provider` (the shop's account moved there first). */
async function openPayment(provider: Provider, amount = '23.50', options: { expiresIn?: number } = {}) {
  await server.db.updateTable('finance_accounts').set({ provider }).where('shop_id', '=', 'S101').execute()
  const m = await diner()
  const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey, amount, ...options })
  const data = ok(await server.call('PaySubmit', [{ SheetID: sheetId, RequestKey: key(), ReturnUrl: RETURN, PayChannel: CHANNEL[provider] }], { headers: m.headers }))
  return { m, sheetId, payId: data.table1[0].PayID as string }
}

const payment = (payId: string) => server.db.selectFrom('payments').selectAll().where('pay_id', '=', payId).executeTakeFirstOrThrow()
const order = (orderId: string) => server.db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()
const noticesOf = (payId: string) => server.db.selectFrom('payment_notices').select(['notice_id', 'result']).where('pay_id', '=', payId).execute()
const payEvents = async (orderId: string) => (await server.db.selectFrom('order_events').select('action').where('order_id', '=', orderId).where('action', '=', 'pay').execute()).length

const count = async (table: string) => Number((await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(server.db)).rows[0].n)
/** Everything a notice could change: a refused one must leave it as it was. */
async function snapshot(): Promise<string> {
  const payments = await server.db.selectFrom('payments').select(['pay_id', 'status']).orderBy('pay_id').execute()
  const orders = await server.db.selectFrom('orders').select(['order_id', 'status', 'paid_amount']).orderBy('order_id').execute()
  const recharges = await server.db.selectFrom('recharges').select(['recharge_id', 'status']).orderBy('recharge_id').execute()
  return JSON.stringify({ notices: await count('payment_notices'), events: await count('events'), orderEvents: await count('order_events'), ledger: await count('balance_ledger'), payments, orders, recharges })
}

interface Answer {
  status: number
  text: string
  headers: Headers
}

async function post(pathname: string, body: string, headers: Record<string, string> = {}, method = 'POST'): Promise<Answer> {
  const res = await fetch(`${base}${pathname}`, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body })
  return { status: res.status, text: await res.text(), headers: res.headers }
}
const json = (a: Answer) => JSON.parse(a.text) as { ok: boolean; outcome: string }
const deliverWx = (n: SignedNotice, headers = n.headers) => post('/pay/notify/wechatpay', n.body, headers)
const deliverAli = (body: string, contentType = 'application/x-www-form-urlencoded; charset=utf-8') => post('/pay/notify/alipay', body, { 'content-type': contentType })
async function deliverSandbox(payId: string, result: 'paid' | 'declined', amount: string, signer = sandbox, to = 'sandbox') {
  const providerRef = (await server.db.selectFrom('payments').select('provider_ref').where('pay_id', '=', payId).executeTakeFirst())?.provider_ref ?? ''
  const n = signer.signNotice({ payId, providerRef, result, amount, at: new Date().toISOString() })
  return post(`/pay/notify/${to}`, n.body, n.headers)
}

/** WeChat Pay's TRANSACTION.SUCCESS for any out_trade_no, genuinely signed (a vendor that names the wrong thing). */
function wxPaidNotice(outTradeNo: string, totalFen: number, overrides: Record<string, unknown> = {}, options: Parameters<FakeWechatPay['notice']>[4] = {}): SignedNotice {
  const resource = {
    appid: wxKeys.miniAppId,
    mchid: wxKeys.mchId,
    out_trade_no: outTradeNo,
    transaction_id: `4200${Date.now()}${randomBytes(3).toString('hex')}`,
    trade_type: 'JSAPI',
    trade_state: 'SUCCESS',
    amount: { total: totalFen, payer_total: totalFen, currency: 'CNY', payer_currency: 'CNY' },
    ...overrides
  }
  return wx.notice('TRANSACTION.SUCCESS', 'transaction', resource, `${base}/pay/notify/wechatpay`, options)
}

/** The answer a vendor gets for a notice that must be retried, or refused for good without 'success'. */
function expectRetried(provider: Provider, a: Answer): void {
  expect(a.status).toBeGreaterThanOrEqual(400)
  if (provider === 'alipay') expect(a.text).toBe('failure')
  else expect(json(a).ok).toBe(false)
}

// ---------- an outsider's forgeries ----------

describe('forgeries and replays are refused, answered so the vendor never stops on them, and store nothing', () => {
  test('WeChat Pay: another key, the signature of another body, stale / future / day-old timestamps, another merchant or app, another currency; no reason is told', async () => {
    const { sheetId, payId } = await openPayment('wechatpay', '42.00')
    wx.pay(payId)
    const now = Math.floor(Date.now() / 1000)
    const genuine = wx.paidNotice(payId)
    const otherBody = wx.paidNotice(payId, { overrides: { amount: { total: 1, currency: 'CNY' } } })
    const attacks: Record<string, SignedNotice> = {
      'signed with another key': wx.paidNotice(payId, { key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey }),
      "another body under a genuine notice's signature": { ...otherBody, headers: genuine.headers },
      're-signed 6 minutes in the past': wx.paidNotice(payId, { timestamp: now - 360 }),
      're-signed 6 minutes in the future': wx.paidNotice(payId, { timestamp: now + 360 }),
      'a genuine notice captured a day ago': wx.paidNotice(payId, { timestamp: now - 86_400 }),
      "another merchant's transaction": wx.paidNotice(payId, { overrides: { mchid: '1900000109' } }),
      'an app id not ours': wx.paidNotice(payId, { overrides: { appid: 'wx1234567890abcdef' } }),
      'another currency': wx.paidNotice(payId, { overrides: { amount: { total: 4200, currency: 'USD' } } }),
      'an unknown serial': wx.paidNotice(payId, { serial: 'PUB_KEY_ID_0000000000000000000000000000' }),
      'no signature headers': { ...genuine, headers: { 'content-type': 'application/json' } },
      'the signature header twice (as a proxy would join them)': { ...genuine, headers: { ...genuine.headers, 'Wechatpay-Signature': `${genuine.headers['Wechatpay-Signature']}, ${genuine.headers['Wechatpay-Signature']}` } }
    }
    const before = await snapshot()
    for (const [what, notice] of Object.entries(attacks)) {
      const answer = await deliverWx(notice)
      // 401 and nothing else: WeChat Pay retries it (and a forger learns nothing of why).
      expect({ what, status: answer.status, body: json(answer) }).toEqual({ what, status: 401, body: { ok: false, outcome: 'rejected' } })
    }
    expect(await snapshot()).toBe(before)
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.AWAITING_PAYMENT)
    // The genuine one still pays, once.
    expect(json(await deliverWx(genuine))).toEqual({ ok: true, outcome: 'paid' })
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.PAID)
  })

  test("Alipay: another key, another notice's sign, another app id or seller, RSA instead of RSA2, JSON where a form is expected, a repeated parameter: never 'success'", async () => {
    const { sheetId, payId } = await openPayment('alipay', '42.00')
    ali.setStatus(payId, 'TRADE_SUCCESS')
    const genuine = ali.notice(payId)
    const cheap = new URLSearchParams(ali.notice(payId, { overrides: { total_amount: '0.01' } }))
    cheap.set('sign', new URLSearchParams(genuine).get('sign')!)
    const attacks: Record<string, string> = {
      'signed with another key': ali.notice(payId, { signWith: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey }),
      "another body under a genuine notice's sign": cheap.toString(),
      'another app id (genuinely signed)': ali.notice(payId, { overrides: { app_id: '2021000000000001' } }),
      'another seller (genuinely signed)': ali.notice(payId, { overrides: { seller_id: '2088000000000001' } }),
      'sign_type RSA': ali.notice(payId, { tamper: (f) => f.set('sign_type', 'RSA') }),
      'no sign': ali.notice(payId, { tamper: (f) => f.delete('sign') }),
      'a parameter twice': ali.notice(payId, { tamper: (f) => f.append('total_amount', '0.01') }),
      'JSON of the same fields': JSON.stringify(Object.fromEntries(new URLSearchParams(genuine)))
    }
    const before = await snapshot()
    for (const [what, body] of Object.entries(attacks)) {
      for (const type of ['application/x-www-form-urlencoded', 'application/json']) {
        const answer = await deliverAli(body, type)
        expect({ what, type, status: answer.status, text: answer.text }).toEqual({ what, type, status: 401, text: 'failure' })
      }
    }
    expect(await snapshot()).toBe(before)
    // The genuine one, even labelled JSON, is checked on its bytes and pays once.
    expect(await deliverAli(genuine, 'application/json')).toMatchObject({ status: 200, text: 'success' })
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.PAID)
  })

  test("the sandbox: another secret's signature, a bad signature, and sandbox notices at another provider's path", async () => {
    const { sheetId, payId } = await openPayment('sandbox', '9.00')
    const before = await snapshot()
    expectRetried('sandbox', await deliverSandbox(payId, 'paid', '9.00', new SandboxPaymentProvider('not-the-secret')))
    // A genuine sandbox notice sent to the real providers' paths is theirs to check, and fails.
    expectRetried('wechatpay', await deliverSandbox(payId, 'paid', '9.00', sandbox, 'wechatpay'))
    expectRetried('alipay', await deliverSandbox(payId, 'paid', '9.00', sandbox, 'alipay'))
    expect(await snapshot()).toBe(before)
    expect(json(await deliverSandbox(payId, 'paid', '9.00'))).toEqual({ ok: true, outcome: 'paid' })
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.PAID)
  })

  test('a captured genuine notice replayed later (after the order was cancelled and refunded) moves nothing', async () => {
    const { sheetId, payId } = await openPayment('alipay', '12.00')
    ali.setStatus(payId, 'TRADE_SUCCESS')
    const captured = ali.notice(payId)
    expect((await deliverAli(captured)).text).toBe('success')
    expect((await server.app.inject({ method: 'POST', url: `/admin/orders/${sheetId}/cancel`, headers: { authorization: `Bearer ${ADMIN}` } })).statusCode).toBe(200)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    const before = await snapshot()
    // Alipay notices carry no time we can hold them to: the notice's id is what makes it a replay.
    const again = await deliverAli(captured)
    expect(again).toMatchObject({ status: 200, text: 'success' })
    expect(await snapshot()).toBe(before)
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.CANCELLED)
    expect(await payEvents(sheetId)).toBe(1)
  })
})

// ---------- a vendor gone wrong: genuine signatures, wrong content ----------

describe('genuinely signed notices that name the wrong thing are refused and retried, storing nothing', () => {
  test("a WeChat Pay notice naming an Alipay payment, a sandbox recharge, a refund id, look-alike ids; an Alipay notice naming a WeChat Pay payment", async () => {
    const alipayPay = await openPayment('alipay', '5.00')
    const wechatPay = await openPayment('wechatpay', '5.00')
    await server.db.updateTable('finance_accounts').set({ provider: 'sandbox' }).where('shop_id', '=', 'S101').execute()
    const m = await diner()
    const recharge = ok(await server.call('RechargeSubmit', [{ RuleID: 'E1001-RR100', ShopID: 'S101', RequestKey: key(), ReturnUrl: '/#/pages/rechargeResult/rechargeResult?RechargeID={RechargeID}' }], { headers: m.headers }))
    const rechargeId = recharge.table1[0].RechargeID as string
    const id = wechatPay.payId
    const misnamed: Record<string, SignedNotice> = {
      "an Alipay payment's id": wxPaidNotice(alipayPay.payId, 500),
      "a sandbox recharge's id": wxPaidNotice(rechargeId, 10_000),
      "a refund's id": wxPaidNotice(`50${Date.now()}1`, 500),
      'the id in lower case': wxPaidNotice(id.toLowerCase(), 500),
      'a full-width first letter': wxPaidNotice(`Ｐ${id.slice(1)}`, 500),
      'a zero-width space after it': wxPaidNotice(`${id}\u200b`, 500),
      'a trailing space': wxPaidNotice(`${id} `, 500)
    }
    const before = await snapshot()
    for (const [what, notice] of Object.entries(misnamed)) {
      const answer = await deliverWx(notice)
      expect({ what, status: answer.status, body: json(answer) }).toEqual({ what, status: 404, body: { ok: false, outcome: 'unknown_payment' } })
    }
    ali.setStatus(alipayPay.payId, 'TRADE_SUCCESS')
    const aliNaming = await deliverAli(ali.notice(alipayPay.payId, { overrides: { out_trade_no: id, total_amount: '5.00' } }))
    expect(aliNaming).toMatchObject({ status: 404, text: 'failure' })
    expectRetried('sandbox', await deliverSandbox(id, 'paid', '5.00'))
    expect(await snapshot()).toBe(before)
  })

  test('a NUL in an id is no payment, and the answer says nothing of the database (PostgreSQL refuses the byte)', async () => {
    const { payId } = await openPayment('wechatpay', '5.00')
    const before = await snapshot()
    const answer = await deliverWx(wxPaidNotice(`${payId.slice(0, 8)}\u0000${payId.slice(9)}`, 500))
    // SQLite finds no such payment (404); PostgreSQL cannot take the byte and the notice fails on our side (500): both are retried.
    expect(answer.status).toBe(PG ? 500 : 404)
    expect(json(answer)).toEqual(PG ? { ok: false, outcome: 'error' } : { ok: false, outcome: 'unknown_payment' })
    expect(await snapshot()).toBe(before)
  })

  test('an amount 0.01 off either way pays nothing (recorded once as a mismatch); the right amount later still pays', async () => {
    for (const fen of [4199, 4201]) {
      const { sheetId, payId } = await openPayment('wechatpay', '42.00')
      const off = wxPaidNotice(payId, fen)
      expect(json(await deliverWx(off))).toEqual({ ok: true, outcome: 'amount_mismatch' })
      expect(json(await deliverWx(off))).toEqual({ ok: true, outcome: 'replay' })
      expect(await noticesOf(payId)).toEqual([expect.objectContaining({ result: 'amount_mismatch' })])
      expect((await order(sheetId)).status).toBe(ORDER_STATUS.AWAITING_PAYMENT)
      expect((await payment(payId)).status).toBe(PAYMENT_STATUS.PENDING)
    }
    const { sheetId, payId } = await openPayment('alipay', '42.00')
    ali.setStatus(payId, 'TRADE_SUCCESS')
    expect((await deliverAli(ali.notice(payId, { overrides: { total_amount: '41.99' } }))).text).toBe('success')
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.AWAITING_PAYMENT)
  })
})

describe('notices out of order and at once', () => {
  test("Alipay: 'paid' after 'declined' pays; 'declined' after 'paid' changes nothing", async () => {
    const { sheetId, payId } = await openPayment('alipay', '8.00')
    ali.setStatus(payId, 'TRADE_CLOSED')
    expect((await deliverAli(ali.notice(payId))).text).toBe('success')
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.DECLINED)
    ali.setStatus(payId, 'TRADE_SUCCESS')
    expect((await deliverAli(ali.notice(payId))).text).toBe('success')
    expect(await order(sheetId)).toMatchObject({ status: ORDER_STATUS.PAID, paid_amount: '8.00' })
    ali.setStatus(payId, 'TRADE_CLOSED')
    expect((await deliverAli(ali.notice(payId))).text).toBe('success')
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.PAID)
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.PAID)
    expect(await payEvents(sheetId)).toBe(1)
    // A 'declined' with a notice id of its own (the sandbox's) after 'paid': the same.
    const sb = await openPayment('sandbox', '8.00')
    expect(json(await deliverSandbox(sb.payId, 'paid', '8.00')).outcome).toBe('paid')
    expect(json(await deliverSandbox(sb.payId, 'declined', '8.00')).outcome).toBe('ignored')
    expect((await payment(sb.payId)).status).toBe(PAYMENT_STATUS.PAID)
    expect(await payEvents(sb.sheetId)).toBe(1)
  })

  test("a refund notice before the payment's own notice (a refund we have no record of) is retried, not spent; the payment then pays", async () => {
    const { sheetId, payId } = await openPayment('wechatpay', '6.00')
    wx.pay(payId)
    // WeChat Pay has a refund of this payment that we never recorded.
    const provider = server.providers.payments.get('wechatpay') as WechatPayProvider
    await provider.refund({ payId, providerRef: payId, amount: '6.00', paymentAmount: '6.00', currency: 'CNY', reason: 'not ours' })
    const before = await snapshot()
    for (const status of ['SUCCESS', 'ABNORMAL'] as const) {
      const answer = await deliverWx(wx.refundNotice(payId, status))
      expect({ status: answer.status, body: json(answer) }).toEqual({ status: 409, body: { ok: false, outcome: 'refund_unknown' } })
    }
    expect(await snapshot()).toBe(before)
    wx.orders.get(payId)!.state = 'SUCCESS'
    expect(json(await deliverWx(wx.paidNotice(payId)))).toEqual({ ok: true, outcome: 'paid' })
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.PAID)
  })

  test('REFUND.ABNORMAL arriving before the cancel that asked for the refund has committed: retried, then it makes the payment refund due (the finding: answered 200 and spent, the money stayed with us as "refunded")', async () => {
    const { sheetId, payId } = await openPayment('wechatpay', '7.00')
    wx.pay(payId)
    expect(json(await deliverWx(wx.paidNotice(payId))).outcome).toBe('paid')
    // The cancel's refund call has reached WeChat Pay (PROCESSING) but its transaction has not committed here.
    const provider = server.providers.payments.get('wechatpay') as WechatPayProvider
    await provider.refund({ payId, providerRef: payId, amount: '7.00', paymentAmount: '7.00', currency: 'CNY', reason: 'order cancelled by the shop' })
    const abnormal = wx.refundNotice(payId, 'ABNORMAL')
    const early = await deliverWx(abnormal)
    expect(early.status).toBe(409)
    expect(await noticesOf(payId)).toEqual([expect.objectContaining({ result: 'paid' })])
    // The cancel commits (WeChat Pay answers its refund as it did then), and WeChat Pay retries the same notice.
    wx.refunds.get(payId)!.status = 'PROCESSING'
    expect((await server.app.inject({ method: 'POST', url: `/admin/orders/${sheetId}/cancel`, headers: { authorization: `Bearer ${ADMIN}` } })).statusCode).toBe(200)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    expect(json(await deliverWx(abnormal))).toEqual({ ok: true, outcome: 'refund_failed' })
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUND_DUE)
  })

  test("two attempts at one order both paid at once (the payer paid the replaced one too): one pays, the other's money goes back, the order is paid once", async () => {
    for (let round = 0; round < 3; round++) {
      const { m, sheetId, payId: first } = await openPayment('wechatpay', '13.00')
      const second = ok(await server.call('PaySubmit', [{ SheetID: sheetId, RequestKey: key(), ReturnUrl: RETURN, PayChannel: 'wechat-mini' }], { headers: m.headers })).table1[0].PayID as string
      wx.pay(first)
      wx.pay(second)
      const answers = await Promise.all([deliverWx(wx.paidNotice(first)), deliverWx(wx.paidNotice(second))])
      expect(answers.map((a) => json(a).outcome).sort()).toEqual(['paid', 'refunded'])
      expect(await order(sheetId)).toMatchObject({ status: ORDER_STATUS.PAID, paid_amount: '13.00' })
      expect([(await payment(first)).status, (await payment(second)).status].sort()).toEqual([PAYMENT_STATUS.PAID, PAYMENT_STATUS.REFUNDED].sort())
      expect(await payEvents(sheetId)).toBe(1)
    }
  })

  test("Alipay's 'paid' and 'declined' for one payment at once: it ends paid, once", async () => {
    for (let round = 0; round < 3; round++) {
      const { sheetId, payId } = await openPayment('alipay', '14.00')
      ali.setStatus(payId, 'TRADE_CLOSED')
      const closed = ali.notice(payId)
      ali.setStatus(payId, 'TRADE_SUCCESS')
      const paid = ali.notice(payId)
      const answers = await Promise.all([deliverAli(closed), deliverAli(paid)])
      expect(answers.map((a) => a.text)).toEqual(['success', 'success'])
      expect((await payment(payId)).status).toBe(PAYMENT_STATUS.PAID)
      expect(await order(sheetId)).toMatchObject({ status: ORDER_STATUS.PAID, paid_amount: '14.00' })
      expect(await payEvents(sheetId)).toBe(1)
    }
  })

  test("a refund notice naming another provider's payment is 404 and stores nothing", async () => {
    const { payId } = await openPayment('wechatpay', '6.00')
    wx.pay(payId)
    const provider = server.providers.payments.get('wechatpay') as WechatPayProvider
    await provider.refund({ payId, providerRef: payId, amount: '6.00', paymentAmount: '6.00', currency: 'CNY', reason: 'test' })
    const alipayPay = await openPayment('alipay', '6.00')
    wx.refunds.get(payId)!.out_trade_no = alipayPay.payId
    const before = await snapshot()
    const answer = await deliverWx(wx.refundNotice(payId, 'SUCCESS'))
    expect({ status: answer.status, body: json(answer) }).toEqual({ status: 404, body: { ok: false, outcome: 'unknown_payment' } })
    expect(await snapshot()).toBe(before)
  })

  test('a recharge: the same WeChat Pay notice 20 times at once credits the balance once', async () => {
    await server.db.updateTable('finance_accounts').set({ provider: 'wechatpay' }).where('shop_id', '=', 'S101').execute()
    const m = await diner()
    const res = ok(await server.call('RechargeSubmit', [{ RuleID: 'E1001-RR100', ShopID: 'S101', RequestKey: key(), ReturnUrl: '/#/pages/rechargeResult/rechargeResult?RechargeID={RechargeID}', PayChannel: 'wechat-mini' }], { headers: m.headers }))
    const rechargeId = res.table1[0].RechargeID as string
    wx.pay(rechargeId)
    const n = wx.paidNotice(rechargeId)
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliverWx(n)))
    expect(answers.map((a) => json(a).outcome).sort()).toEqual(['paid', ...Array(19).fill('replay')])
    const ledger = await server.db.selectFrom('balance_ledger').select(['kind', 'amount']).where('ref_id', '=', rechargeId).execute()
    expect(ledger.filter((e) => e.kind === 'recharge')).toHaveLength(1)
    expect(await noticesOf(rechargeId)).toHaveLength(1)
  })

  test("an Alipay refund notice for a refund not recorded here is retried ('failure'), not spent", async () => {
    const { payId } = await openPayment('alipay', '6.00')
    ali.setStatus(payId, 'TRADE_SUCCESS')
    expect((await deliverAli(ali.notice(payId))).text).toBe('success')
    const before = await snapshot()
    const answer = await deliverAli(ali.notice(payId, { overrides: { refund_fee: '6.00', out_biz_no: `${payId}X`, gmt_refund: '2026-11-28 18:01:00.000' } }))
    expect({ status: answer.status, text: answer.text }).toEqual({ status: 409, text: 'failure' })
    expect(await snapshot()).toBe(before)
  })

  test.each(['wechatpay', 'alipay'] as const)('%s: the same notice 20 times at once is one payment, one event, one notice stored', async (provider) => {
    const { sheetId, payId } = await openPayment(provider, '19.90')
    let send: () => Promise<Answer>
    if (provider === 'wechatpay') {
      wx.pay(payId)
      const n = wx.paidNotice(payId)
      send = () => deliverWx(n)
    } else {
      ali.setStatus(payId, 'TRADE_SUCCESS')
      const n = ali.notice(payId)
      send = () => deliverAli(n)
    }
    const answers = await Promise.all(Array.from({ length: 20 }, send))
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200))
    if (provider === 'alipay') expect(answers.map((a) => a.text)).toEqual(Array(20).fill('success'))
    else expect(answers.map((a) => json(a).outcome).sort()).toEqual(['paid', ...Array(19).fill('replay')])
    expect(await noticesOf(payId)).toHaveLength(1)
    expect(await payEvents(sheetId)).toBe(1)
    expect(await order(sheetId)).toMatchObject({ status: ORDER_STATUS.PAID, paid_amount: '19.90' })
  })
})

describe('notices racing the shop and the clock', () => {
  const cancel = (sheetId: string) => server.app.inject({ method: 'POST', url: `/admin/orders/${sheetId}/cancel`, headers: { authorization: `Bearer ${ADMIN}` } })

  test('a paid notice racing a cancel: whichever wins, the order ends cancelled and the money goes back exactly once', async () => {
    for (let round = 0; round < 4; round++) {
      const { sheetId, payId } = await openPayment('wechatpay', '11.00')
      wx.pay(payId)
      const notice = wx.paidNotice(payId)
      const [cancelled, delivered] = await Promise.all([cancel(sheetId), deliverWx(notice)])
      // A loser that failed is what the vendor and the shop would do again.
      if (delivered.status !== 200) expect((await deliverWx(notice)).status).toBe(200)
      if (cancelled.statusCode !== 200) expect((await cancel(sheetId)).statusCode).toBe(200)
      expect((await order(sheetId)).status).toBe(ORDER_STATUS.CANCELLED)
      expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
      expect([...wx.refunds.values()].filter((r) => r.out_trade_no === payId).map((r) => r.amount.refund)).toEqual([1100])
    }
  })

  test('a paid notice racing the expiry sweep: paid, or expired with the money back; never expired and kept', async () => {
    for (let round = 0; round < 4; round++) {
      const { sheetId, payId } = await openPayment('sandbox', '3.00', { expiresIn: 1 })
      const later = new Date(Date.now() + 5 * 60_000)
      const [, delivered] = await Promise.all([expireDueOrders(server.db, later), deliverSandbox(payId, 'paid', '3.00')])
      expect(delivered.status).toBe(200)
      const o = await order(sheetId)
      const p = await payment(payId)
      const refunds = (server.providers.payments.get('sandbox') as SandboxPaymentProvider).refunds.filter((r) => r.payId === payId).length
      if (o.status === ORDER_STATUS.PAID) expect({ p: p.status, refunds }).toEqual({ p: PAYMENT_STATUS.PAID, refunds: 0 })
      else expect({ o: o.status, p: p.status, refunds }).toEqual({ o: ORDER_STATUS.EXPIRED, p: PAYMENT_STATUS.REFUNDED, refunds: 1 })
    }
  })
})

// ---------- the edges of the endpoint ----------

describe('paths, methods, bodies and headers', () => {
  test('provider names that are not configured ones (prototype names, traversal, case, encoded bytes) are 404 and store nothing', async () => {
    const before = await snapshot()
    const { payId } = await openPayment('sandbox', '4.00')
    const signed = sandbox.signNotice({ payId, providerRef: (await payment(payId)).provider_ref, result: 'paid', amount: '4.00', at: new Date().toISOString() })
    const after = await snapshot()
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'WECHATPAY', 'Sandbox', 'sandbox%00', 'sandbox%20', '%2e%2e', '..%2fsandbox', 'sandbox%0d%0aSet-Cookie:%20a=b']) {
      const answer = await post(`/pay/notify/${name}`, signed.body, signed.headers)
      expect({ name, status: answer.status, cookie: answer.headers.get('set-cookie') }).toEqual({ name, status: 404, cookie: null })
    }
    // The literal path, as a raw client sends it (fetch would tidy it).
    const raw = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: new URL(base).port, path: '/pay/notify/../pay/notify/sandbox/..', method: 'POST', headers: signed.headers }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.end(signed.body)
    })
    expect(raw).toBe(404)
    expect(await snapshot()).toBe(after)
    expect(before).not.toBe(after)
  })

  test('methods other than POST are not notices', async () => {
    const { payId } = await openPayment('sandbox', '4.00')
    const signed = sandbox.signNotice({ payId, providerRef: (await payment(payId)).provider_ref, result: 'paid', amount: '4.00', at: new Date().toISOString() })
    const before = await snapshot()
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      const answer = await post('/pay/notify/sandbox', signed.body, signed.headers, method)
      expect({ method, ok: answer.status >= 200 && answer.status < 300 }).toEqual({ method, ok: false })
    }
    expect(await snapshot()).toBe(before)
  })

  test('a body over 64 KB is refused (413) before it is read through, without a word of why; Alipay hears failure', async () => {
    const before = await snapshot()
    const big = `{"pad":"${'x'.repeat(70 * 1024)}"}`
    const wxAnswer = await post('/pay/notify/wechatpay', big, { 'content-type': 'application/json' })
    expect({ status: wxAnswer.status, body: json(wxAnswer) }).toEqual({ status: 413, body: { ok: false, outcome: 'rejected' } })
    const aliAnswer = await post('/pay/notify/alipay', `a=${'x'.repeat(70 * 1024)}`, { 'content-type': 'application/x-www-form-urlencoded' })
    expect({ status: aliAnswer.status, text: aliAnswer.text }).toEqual({ status: 413, text: 'failure' })
    expect(await snapshot()).toBe(before)
  })

  test('bodies that are no notice: not JSON, deeply nested JSON, binary, empty, no Content-Type; even genuinely signed they are refused (401), never a failure of ours', async () => {
    const before = await snapshot()
    const bodies = {
      'not JSON': 'hello=world&<xml/>',
      'nested 20,000 deep': `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
      'an object nested 5,000 deep': `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
      binary: Buffer.from(randomBytes(256)).toString('latin1'),
      empty: '',
      'a resource with __proto__': '{"event_type":"TRANSACTION.SUCCESS","resource":{"__proto__":{"algorithm":"AEAD_AES_256_GCM"}}}'
    }
    for (const [what, body] of Object.entries(bodies)) {
      for (const signed of [false, true]) {
        const headers = signed ? wx.sign(body) : { 'content-type': 'application/json' }
        const answer = await post('/pay/notify/wechatpay', body, headers)
        expect({ what, signed, status: answer.status, body: json(answer) }).toEqual({ what, signed, status: 401, body: { ok: false, outcome: 'rejected' } })
      }
      const aliAnswer = await post('/pay/notify/alipay', body, {})
      expect({ what, status: aliAnswer.status, text: aliAnswer.text }).toEqual({ what, status: 401, text: 'failure' })
    }
    expect(await snapshot()).toBe(before)
  })

  test('Content-Type is not what is believed: a genuine WeChat Pay notice labelled form, text or nothing is checked on its bytes and pays once', async () => {
    const { sheetId, payId } = await openPayment('wechatpay', '2.00')
    wx.pay(payId)
    const n = wx.paidNotice(payId)
    const signature = Object.fromEntries(Object.entries(n.headers).filter(([k]) => k.toLowerCase() !== 'content-type'))
    const outcomes = []
    for (const type of ['application/x-www-form-urlencoded', 'text/plain; charset=latin1', 'multipart/form-data; boundary=x']) {
      outcomes.push(json(await deliverWx(n, { ...signature, 'content-type': type })).outcome)
    }
    expect(outcomes).toEqual(['paid', 'replay', 'replay'])
    expect(await payEvents(sheetId)).toBe(1)
  })
})

// ---------- a deployment without the sandbox; the log; a failure of ours ----------

describe('another deployment of the same database: no sandbox, its log caught', () => {
  let app: FastifyInstance
  let url: string
  const lines: string[] = []
  let pretty = ''

  /** A provider whose own code fails (a vendor SDK's bug): the message names things a caller must not see. */
  const broken: PaymentProvider = {
    name: 'broken',
    verifyNotice: () => {
      throw new Error('relation "server_secrets" does not exist: SELECT value FROM server_secrets WHERE name = $1')
    },
    createPayment: async () => {
      throw new Error('no')
    },
    queryStatus: async () => ({ status: 'pending' }),
    payerId: async () => '',
    refund: async () => {
      throw new Error('no')
    }
  }

  beforeAll(async () => {
    const config = { ...server.config, paymentProviders: ['wechatpay', 'alipay'] }
    const built = await buildProviders(config, server.db, () => {})
    const payments = new PaymentProviders([...built.payments.names().map((n) => built.payments.get(n)!), broken])
    const toPretty = prettyStream({ write: (text: string) => (pretty += text) })
    app = await buildApp({
      config,
      db: server.db,
      logger: true,
      logStream: {
        write(line: string) {
          lines.push(line)
          toPretty.write(line)
        }
      },
      providers: { ...built, payments }
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    url = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`
  })
  afterAll(() => app?.close())

  const postTo = async (pathname: string, body: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await fetch(`${url}${pathname}`, { method: 'POST', headers, body })
    return { status: res.status, text: await res.text(), headers: res.headers }
  }

  test("the sandbox's notices, signed with the deployment's own secret, are no provider here (404); its page is not served", async () => {
    const { payId } = await openPayment('sandbox', '4.00')
    const before = await snapshot()
    const n = sandbox.signNotice({ payId, providerRef: (await payment(payId)).provider_ref, result: 'paid', amount: '4.00', at: new Date().toISOString() })
    const answer = await postTo('/pay/notify/sandbox', n.body, n.headers)
    expect({ status: answer.status, body: json(answer) }).toEqual({ status: 404, body: { ok: false, outcome: 'unknown_provider' } })
    expect((await fetch(`${url}${sandbox.pagePath(payId)}`)).status).toBe(404)
    expect(await snapshot()).toBe(before)
  })

  test('a failure of ours answers a bare 500 (retried), never the error, the SQL or a stack', async () => {
    const answer = await postTo('/pay/notify/broken', '{}', { 'content-type': 'application/json' })
    expect({ status: answer.status, body: json(answer) }).toEqual({ status: 500, body: { ok: false, outcome: 'error' } })
    // The log has it, for the operator.
    expect(lines.some((l) => l.includes('server_secrets') && JSON.parse(l).level === 50)).toBe(true)
  })

  test('each refusal is one warning naming provider and outcome, without the body, the signature or any key; caller text cannot forge a log line', async () => {
    lines.length = 0
    pretty = ''
    const { payId } = await openPayment('wechatpay', '3.00')
    wx.pay(payId)
    const forged = wx.paidNotice(payId, { key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey })
    const marker = `MARKER${randomBytes(6).toString('hex')}`
    const forgedAli = `app_id=${aliKeys.appId}&sign_type=RSA2&sign=${marker}&out_trade_no=${payId}`
    expect((await postTo('/pay/notify/wechatpay', forged.body, forged.headers)).status).toBe(401)
    expect((await postTo('/pay/notify/alipay', forgedAli, { 'content-type': 'application/x-www-form-urlencoded' })).text).toBe('failure')
    expect((await postTo('/pay/notify/x%0A12:00:00%20WARN%20%20forged%20line%0A', '{}')).status).toBe(404)
    expect((await postTo('/pay/notify/wechatpay', '{}', { 'content-type': 'application/json', 'wechatpay-serial': 'S\u0085x', 'wechatpay-timestamp': String(Math.floor(Date.now() / 1000)), 'wechatpay-nonce': 'n', 'wechatpay-signature': 'AAAA' })).status).toBe(401)
    const warnings = lines.map((l) => JSON.parse(l)).filter((e) => e.level === 40)
    expect(warnings.map((w) => [w.msg, w.outcome])).toEqual([
      ['payment notice refused', 'rejected'],
      ['payment notice refused', 'rejected'],
      ['payment notice refused', 'unknown_provider'],
      ['payment notice refused', 'rejected']
    ])
    const all = lines.join('\n')
    const secrets = [
      wxKeys.apiV3Key,
      forged.headers['Wechatpay-Signature'],
      forged.body.slice(20, 80),
      marker,
      SECRET,
      wxKeys.merchantPrivateKeyPem.split('\n')[1],
      aliKeys.appPrivateKeyPem.split('\n')[1]
    ]
    for (const secret of secrets) expect(all).not.toContain(secret)
    // The terminal format: nothing a caller sent starts a line of its own.
    expect(pretty.split('\n').filter((l) => /forged line/.test(l) && !/payment notice refused/.test(l))).toEqual([])
    expect(pretty).not.toContain('\u0085')
  })
})
