/**
 * Issue 25: WeChat Pay for shops that charge HKD or MOP — the 'wechatpay' provider as a
 * cross-border merchant of WeChat Pay's global API (WECHATPAY_REGION=global, docs/wechatpay.md
 * "Cross-border merchants"), through the real gateway operations (PaySubmit, PaymentStatusUpdate),
 * the real notify route (POST /pay/notify/wechatpay, reached over HTTP by the fake) and the shop's
 * real cancel (the admin API), against the loopback fake (tests/support/fake-wechatpay.ts) speaking
 * the global paths with keys this test makes. The demo enterprise charges MOP$. SQLite by default;
 * PostgreSQL with DATABASE_URL.
 */
import { createVerify } from 'node:crypto'
import { RESULTCODES } from '../../src/gateway/codes'
import { ORDER_STATUS, PAYMENT_STATUS } from '../../src/gateway/order-rows'
import { loadConfig } from '../../server/src/config'
import { buildPaymentProviders } from '../../server/src/providers/payment/registry'
import { PaymentAccountMismatchError } from '../../server/src/providers/payment/payment-provider'
import { ProviderSettingError } from '../../server/src/providers/run-mode'
import { WechatPayProvider, wechatPayFromSettings } from '../../server/src/providers/payment/wechatpay.provider'
import { wechatPaySettings } from '../../server/src/providers/payment/wechatpay.settings'
import { FakeWechatPay, type WechatPayKeys } from '../support/fake-wechatpay'
import type { TestMember } from './helpers/member-fixtures'
import { insertOrderRow } from './helpers/order-fixtures'
import { ok, type TestServer } from './helpers/test-server'
import { chatAppDiner, setEnterpriseCurrency, startWechatPayRig, stopWechatPayRig, wechatPayCalls, wechatPayEnv } from './helpers/wechatpay-fixtures'
import { runServerProcess } from './helpers/start-check'

const ADMIN = 'wechatpay-global-test-admin-token-0123'
const RETURN = '/#/pages/paying/paying?PayID={PayID}'
const MCC = '5812'

let keys: WechatPayKeys
let fake: FakeWechatPay
let server: TestServer
let base: string
let dir: string

/** A cross-border merchant's settings: the domestic ones plus region, currency and MCC. */
const envOf = (k: WechatPayKeys, url: string, extra: Record<string, string> = {}): Record<string, string> =>
  wechatPayEnv(k, dir, url, { WECHATPAY_REGION: 'global', WECHATPAY_CURRENCY: 'MOP', WECHATPAY_MERCHANT_CATEGORY_CODE: MCC, ...extra })

const STORE = { WECHATPAY_H5: '1', WECHATPAY_STORE_NAME: 'Lotus Tea House', WECHATPAY_STORE_ADDRESS: 'Rua de S. Paulo 1, Macau' }

beforeAll(async () => {
  // Branch S101 takes WeChat Pay; the enterprise charges MOP$ (the demo's Macau shop).
  ;({ keys, fake, dir, server, base } = await startWechatPayRig({
    fake: { region: 'global', currency: 'MOP' },
    env: (k, d, url) => wechatPayEnv(k, d, url, { WECHATPAY_REGION: 'global', WECHATPAY_CURRENCY: 'MOP', WECHATPAY_MERCHANT_CATEGORY_CODE: MCC, ...STORE }),
    adminToken: ADMIN,
    currency: 'MOP$'
  }))
}, 60_000)

afterAll(() => stopWechatPayRig({ server, fake, dir }))

const setCurrency = (currency: string) => setEnterpriseCurrency(server.db, currency)

const diner = () => chatAppDiner(server.db)

const { paySubmit, openPayment, payment, order, notices, requestsTo } = wechatPayCalls(() => ({ server, fake }), RETURN)
const poll = (m: TestMember, payId: string) => server.call('PaymentStatusUpdate', [{ PayID: payId }], { headers: m.headers })

describe('a MOP shop pays through the global API', () => {
  test('the mini-program: POST /v3/global/transactions/jsapi with trade_type, the MCC and MOP cents; requestPayment fields signed as before; the notice pays once', async () => {
    const m = await diner()
    const before = fake.requests.length
    const { sheetId, payId, invocation } = await openPayment(m, '23.50', 'wechat-mini')
    const sent = fake.requests.slice(before)
    expect(sent.map((r) => `${r.method} ${r.url} ${r.verified}`)).toEqual(['POST /v3/global/transactions/jsapi true'])
    const body = JSON.parse(sent[0].body)
    expect(body).toMatchObject({
      appid: keys.miniAppId,
      mchid: keys.mchId,
      out_trade_no: payId,
      notify_url: `${base}/pay/notify/wechatpay`,
      trade_type: 'JSAPI',
      merchant_category_code: MCC,
      amount: { total: 2350, currency: 'MOP' },
      payer: { openid: m.miniOpenId }
    })
    // The same cashier fields as the domestic API: the mini-program's requestPayment needs no change.
    const prepayId = fake.orders.get(payId)!.prepayId
    expect(invocation).toMatchObject({ Channel: 'wechat-mini', AppID: keys.miniAppId, Package: `prepay_id=${prepayId}`, SignType: 'RSA' })
    const signed = `${keys.miniAppId}\n${invocation.TimeStamp}\n${invocation.NonceStr}\n${invocation.Package}\n`
    expect(createVerify('RSA-SHA256').update(signed).verify(keys.merchantPublicKey, invocation.PaySign, 'base64')).toBe(true)

    fake.pay(payId)
    const notice = fake.paidNotice(payId)
    // The global transaction: `id`, and the amount in MOP beside the payer's CNY.
    const transactionId = fake.orders.get(payId)!.transactionId
    expect(fake.transaction(fake.orders.get(payId)!)).toMatchObject({ id: transactionId, amount: { total: 2350, currency: 'MOP', payer_currency: 'CNY' } })
    expect(await fake.deliver(notice)).toEqual({ status: 200, body: { ok: true, outcome: 'paid' } })
    expect(await order(sheetId)).toMatchObject({ status: ORDER_STATUS.PAID, paid_amount: '23.50' })
    expect(await notices(payId)).toEqual([{ notice_id: `wechatpay:txn:${transactionId}:SUCCESS`, result: 'paid', amount: '23.50' }])
    // Retries and duplicates are replays.
    expect((await fake.deliver(notice)).body.outcome).toBe('replay')
    const both = await Promise.all([fake.deliver(fake.paidNotice(payId)), fake.deliver(fake.paidNotice(payId))])
    expect(both.map((r) => r.body.outcome)).toEqual(['replay', 'replay'])
    expect(await notices(payId)).toHaveLength(1)
  })

  test('H5 in another browser: POST /v3/global/transactions/mweb (trade_type MWEB, the store, the payer\'s IP); mweb_url with our return URL; the notice pays', async () => {
    const m = await diner()
    const { sheetId, payId, payUrl, invocation } = await openPayment(m, '12.34', 'hosted')
    const body = JSON.parse(requestsTo('/v3/global/transactions/mweb').at(-1)!.body)
    expect(body).toMatchObject({
      appid: keys.jsapiAppId,
      out_trade_no: payId,
      trade_type: 'MWEB',
      merchant_category_code: MCC,
      amount: { total: 1234, currency: 'MOP' },
      scene_info: { store_info: { name: STORE.WECHATPAY_STORE_NAME, address: STORE.WECHATPAY_STORE_ADDRESS } }
    })
    expect(body.scene_info.payer_client_ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/)
    expect(body.scene_info.h5_info).toBeUndefined()
    expect(invocation.Channel).toBe('hosted')
    const url = new URL(payUrl)
    expect(url.searchParams.get('prepay_id')).toBe(fake.orders.get(payId)!.prepayId)
    expect(url.searchParams.get('redirect_url')).toBe(`${base}/#/pages/paying/paying?PayID=${payId}`)
    fake.pay(payId)
    expect((await fake.deliver(fake.paidNotice(payId))).body.outcome).toBe('paid')
    expect(await order(sheetId)).toMatchObject({ status: ORDER_STATUS.PAID, paid_amount: '12.34' })
  })

  test('a notice in another currency, or without one, is refused (401) and pays nothing; another amount is amount_mismatch', async () => {
    const m = await diner()
    const { sheetId, payId } = await openPayment(m, '50.00')
    fake.pay(payId)
    const paid = fake.transaction(fake.orders.get(payId)!)
    const amount = paid.amount as Record<string, unknown>
    for (const wrong of [{ ...amount, currency: 'HKD' }, { ...amount, currency: 'CNY' }, { total: 5000 }]) {
      const answer = await fake.deliver(fake.paidNotice(payId, { overrides: { amount: wrong } }))
      expect(answer.status).toBe(401)
    }
    expect(await notices(payId)).toEqual([])
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.PENDING)
    // The payer's side (payer_total in CNY at the day's rate) is not what the shop charged: never compared.
    expect((await fake.deliver(fake.paidNotice(payId, { overrides: { amount: { ...amount, payer_total: 1, exchange_rate: { type: 'SETTLEMENT_RATE', rate: 1 } } } }))).body.outcome).toBe('paid')
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.PAID)

    const other = await openPayment(m, '23.50')
    fake.pay(other.payId, 2351)
    expect(await fake.deliver(fake.paidNotice(other.payId))).toEqual({ status: 200, body: { ok: true, outcome: 'amount_mismatch' } })
    expect((await payment(other.payId)).status).toBe(PAYMENT_STATUS.PENDING)
    expect((await poll(m, other.payId)).body.resultcode).toBe(RESULTCODES.PAYMENT_AMOUNT_MISMATCH)
  })

  test('a late notice: the poll asks GET /v3/global/transactions/out-trade-no/{PayID}?mchid= and pays; the notice then changes nothing', async () => {
    const m = await diner()
    const { sheetId, payId } = await openPayment(m, '66.60')
    expect(ok(await poll(m, payId)).table1[0].Status).toBe(PAYMENT_STATUS.PENDING)
    expect(requestsTo(`/v3/global/transactions/out-trade-no/${payId}?`).map((r) => `${r.method} ${r.url}`)).toEqual([`GET /v3/global/transactions/out-trade-no/${payId}?mchid=${keys.mchId}`])
    fake.pay(payId)
    expect(ok(await poll(m, payId)).table1[0].Status).toBe(PAYMENT_STATUS.PAID)
    expect(await order(sheetId)).toMatchObject({ status: ORDER_STATUS.PAID, paid_amount: '66.60' })
    expect(await notices(payId)).toEqual([{ notice_id: `wechatpay:query:${payId}:paid`, result: 'paid', amount: '66.60' }])
    expect((await fake.deliver(fake.paidNotice(payId))).body.outcome).toBe('ignored')
  })

  test('a new attempt closes the one it replaces: POST /v3/global/transactions/out-trade-no/{PayID}/close', async () => {
    const m = await diner()
    const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey, amount: '30.00' })
    const first = ok(await paySubmit(m, sheetId, 'wechat-mini')).table1[0].PayID as string
    ok(await paySubmit(m, sheetId, 'wechat-mini'))
    expect(requestsTo(`/v3/global/transactions/out-trade-no/${first}/close`).map((r) => JSON.parse(r.body))).toEqual([{ mchid: keys.mchId }])
    expect(fake.orders.get(first)!.state).toBe('CLOSED')
    expect(ok(await poll(m, first)).table1[0].Status).toBe(PAYMENT_STATUS.DECLINED)
  })

  test('the shop cancels a paid order: POST /v3/global/refunds (mchid, appid, MOP cents); the refund query and the refund notice confirm it once', async () => {
    const m = await diner()
    const { sheetId, payId } = await openPayment(m, '88.88')
    fake.pay(payId)
    expect((await fake.deliver(fake.paidNotice(payId))).body.outcome).toBe('paid')
    const cancel = await server.app.inject({ method: 'POST', url: `/admin/orders/${sheetId}/cancel`, headers: { authorization: `Bearer ${ADMIN}` } })
    expect(cancel.statusCode).toBe(200)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    expect(requestsTo('/v3/global/refunds').filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body))).toEqual([
      {
        mchid: keys.mchId,
        appid: keys.miniAppId,
        out_trade_no: payId,
        out_refund_no: payId,
        reason: 'order cancelled by the shop',
        notify_url: `${base}/pay/notify/wechatpay`,
        amount: { refund: 8888, total: 8888, currency: 'MOP' }
      }
    ])
    const refund = fake.refunds.get(payId)!
    const provider = server.providers.payments.get('wechatpay') as WechatPayProvider
    expect(await provider.queryRefund({ payId, providerRef: payId, refundNo: payId, amount: '88.88' })).toEqual({ status: 'processing' })
    expect(requestsTo(`/v3/global/refunds/out-refund-no/${payId}`).at(-1)!.url).toBe(`/v3/global/refunds/out-refund-no/${payId}?mchid=${keys.mchId}`)

    const confirmed = fake.refundNotice(payId, 'SUCCESS')
    expect(await fake.deliver(confirmed)).toEqual({ status: 200, body: { ok: true, outcome: 'refund_confirmed' } })
    expect((await fake.deliver(confirmed)).body.outcome).toBe('replay')
    expect(await notices(payId)).toContainEqual({ notice_id: `wechatpay:refund:${refund.refund_id}:SUCCESS`, result: 'refund_confirmed', amount: '88.88' })
    // The query now says the same fact, under the same key.
    expect(await provider.queryRefund({ payId, providerRef: payId, refundNo: payId, amount: '88.88' })).toMatchObject({ status: 'settled', notice: { noticeId: `refund:${refund.refund_id}:SUCCESS`, result: 'refunded', amount: '88.88' } })
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
  })

  test('a CNY shop on a global merchant is refused (20020), and nothing reaches WeChat Pay', async () => {
    const m = await diner()
    await setCurrency('CNY')
    try {
      const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey })
      const before = fake.requests.length
      expect((await paySubmit(m, sheetId, 'wechat-mini')).body.resultcode).toBe(RESULTCODES.PAYMENT_ACCOUNT_NOT_LINKED)
      await setCurrency('HK$')
      expect((await paySubmit(m, sheetId, 'wechat-mini')).body.resultcode).toBe(RESULTCODES.PAYMENT_ACCOUNT_NOT_LINKED)
      expect(fake.requests.length).toBe(before)
    } finally {
      await setCurrency('MOP$')
    }
  })

  test('every request this file made was signed as WeChat Pay checks it', () => {
    expect(fake.requests.length).toBeGreaterThan(5)
    expect(fake.requests.filter((r) => !r.verified)).toEqual([])
  })
})

describe('HKD: cents exact both ways', () => {
  let hk: FakeWechatPay
  let provider: WechatPayProvider
  beforeAll(async () => {
    hk = new FakeWechatPay(keys, { region: 'global', currency: 'HKD' })
    await hk.start()
    provider = new WechatPayProvider(wechatPayFromSettings(wechatPaySettings(envOf(keys, hk.url, { WECHATPAY_CURRENCY: 'HKD' })), { publicUrl: base, production: false }))
  })
  afterAll(() => hk?.stop())

  const input = (payId: string, amount: string, currency: string) => ({
    payId,
    amount,
    currency,
    description: 'Harbour Noodles · order',
    returnUrl: RETURN,
    notifyUrl: `${base}/pay/notify/wechatpay`,
    createdAt: new Date().toISOString(),
    payerOpenId: async () => 'oHongKongPayer'
  })

  test.each([
    ['0.01', 1],
    ['23.50', 2350],
    ['23.5', 2350],
    ['99999.99', 9999999]
  ])('HK$%s → %s cents → back the same', async (amount, cents) => {
    const payId = `HK${Date.now()}${cents}`
    await provider.createPayment(input(payId, amount, 'HK$'), 'wechat-mini')
    expect(hk.orders.get(payId)!.amount).toEqual({ total: cents, currency: 'HKD' })
    hk.pay(payId)
    expect(await provider.queryStatus({ payId, providerRef: payId, amount, stored: 'pending' })).toEqual({ status: 'paid', amount: Number(amount).toFixed(2) })
    const refund = await provider.refund({ payId, providerRef: payId, amount, paymentAmount: amount, currency: 'HKD', refundNo: `R${payId}`, reason: 'test' })
    expect(refund.refundRef).toBe(hk.refunds.get(`R${payId}`)!.refund_id)
    expect(hk.refunds.get(`R${payId}`)!.amount).toEqual({ refund: cents, total: cents, currency: 'HKD' })
  })

  test('finer than a cent, or a MOP$ shop on the HKD merchant, is refused before WeChat Pay is asked', async () => {
    const before = hk.requests.length
    await expect(provider.createPayment(input(`HK${Date.now()}x1`, '10.005', 'HKD'), 'wechat-mini')).rejects.toBeInstanceOf(PaymentAccountMismatchError)
    await expect(provider.createPayment(input(`HK${Date.now()}x2`, '10.00', 'MOP$'), 'wechat-mini')).rejects.toThrow(/charges HKD; this shop's currency is 'MOP\$'/)
    expect(hk.requests.length).toBe(before)
  })
})

describe('configuration: a global merchant without its settings refuses to start, naming them', () => {
  const build = (env: Record<string, string>, production = false) => {
    const config = loadConfig({ ...env, PAYMENT_PROVIDERS: 'wechatpay', ...(production ? { NODE_ENV: 'production', PUBLIC_URL: 'https://order.shop.example' } : {}) }, { databaseUrl: null })
    return buildPaymentProviders(config, server.db)
  }
  const refusal = async (env: Record<string, string>) => {
    const error = await build(env).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderSettingError)
    expect((error as Error).message).not.toContain('\n')
    return error as ProviderSettingError
  }

  test.each([
    ['WECHATPAY_CURRENCY', 'HKD or MOP'],
    ['WECHATPAY_MERCHANT_CATEGORY_CODE', 'MCC']
  ])('without %s', async (setting, what) => {
    const env = envOf(keys, fake.url)
    delete env[setting]
    const error = await refusal(env)
    expect(error.message).toMatch(new RegExp(`^PAYMENT_PROVIDERS=wechatpay needs ${setting} \\(`))
    expect(error.message).toContain(what)
  })

  test('wrong values: a currency the global API here does not take, an MCC that is not 4 digits, an unknown region, MOP on the domestic API, H5 without the store', async () => {
    expect((await refusal(envOf(keys, fake.url, { WECHATPAY_CURRENCY: 'JPY' }))).message).toContain("WECHATPAY_CURRENCY (HKD or MOP with WECHATPAY_REGION=global, not 'JPY')")
    expect((await refusal(envOf(keys, fake.url, { WECHATPAY_MERCHANT_CATEGORY_CODE: '58' }))).message).toContain('WECHATPAY_MERCHANT_CATEGORY_CODE (4 digits)')
    expect((await refusal(envOf(keys, fake.url, { WECHATPAY_REGION: 'hk' }))).message).toContain("WECHATPAY_REGION ('domestic' or 'global')")
    expect((await refusal(envOf(keys, fake.url, { WECHATPAY_REGION: 'domestic' }))).message).toContain("WECHATPAY_CURRENCY (the domestic API charges CNY; 'MOP' needs WECHATPAY_REGION=global)")
    expect((await refusal(envOf(keys, fake.url, { WECHATPAY_H5: '1' }))).message).toContain('WECHATPAY_STORE_NAME and WECHATPAY_STORE_ADDRESS')
  })

  test('complete, it starts in production; the default API origin is the Hong Kong access point', async () => {
    const env = envOf(keys, fake.url)
    delete env.WECHATPAY_BASE_URL
    expect(wechatPaySettings(env).baseUrl).toBe('https://apihk.mch.weixin.qq.com')
    expect((await build(env, true)).names()).toEqual(['wechatpay'])
  })

  test('the real server process: NODE_ENV=production, WECHATPAY_REGION=global without WECHATPAY_CURRENCY exits non-zero in one line naming it', async () => {
    const env: Record<string, string | undefined> = { ...envOf(keys, 'https://apihk.mch.weixin.qq.com'), WECHATPAY_CURRENCY: undefined }
    const { code, stdout, stderr } = await runServerProcess(
      { ...env, NODE_ENV: 'production', PAYMENT_PROVIDERS: 'wechatpay', ALLOW_DEVELOPMENT_PROVIDERS: 'sms,identity,geocoding', PUBLIC_URL: 'https://order.shop.example' },
      dir,
      ['WECHATPAY_']
    )
    expect(code).toBe(1)
    expect(stdout).not.toContain('listening')
    const lines = stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toBe('ScanOrder gateway refused to start: PAYMENT_PROVIDERS=wechatpay needs WECHATPAY_CURRENCY (HKD or MOP: what the cross-border merchant prices in, WECHATPAY_REGION=global)')
  }, 60_000)
})
