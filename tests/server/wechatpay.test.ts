/**
 * Issue 25 item 1: the 'wechatpay' provider (WeChat Pay API v3) through the real gateway
 * operations (PaySubmit, PaymentStatusUpdate, RechargeSubmit), the real notify route
 * (POST /pay/notify/wechatpay, reached over HTTP by the fake) and the shop's real cancel (the
 * admin API) and after-sale approval, against a loopback fake of WeChat Pay
 * (tests/support/fake-wechatpay.ts) with keys this test makes. SQLite by default; PostgreSQL with
 * DATABASE_URL. What the fake cannot show (WeChat Pay's own servers, a real merchant account) is
 * in docs/wechatpay.md.
 */
import { createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto'
import path from 'node:path'
import { RESULTCODES } from '../../src/gateway/codes'
import { ORDER_STATUS, PAYMENT_STATUS } from '../../src/gateway/order-rows'
import { RECHARGE_STATUS } from '../../src/gateway/member-rows'
import { approveAfterSale } from '../../server/src/domain/aftersale/aftersale.service'
import { loadConfig } from '../../server/src/config'
import { buildPaymentProviders } from '../../server/src/providers/payment/registry'
import { ProviderSettingError } from '../../server/src/providers/run-mode'
import { fromFen, toFen, WechatPayProvider, wechatPayFromSettings } from '../../server/src/providers/payment/wechatpay.provider'
import { wechatPaySettings, type WechatPaySettings } from '../../server/src/providers/payment/wechatpay.settings'
import { FakeWechatPay, type WechatPayKeys } from '../support/fake-wechatpay'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { insertOrderRow } from './helpers/order-fixtures'
import { ok, type TestServer } from './helpers/test-server'
import { chatAppDiner, setEnterpriseCurrency, startWechatPayRig, stopWechatPayRig, wechatPayCalls, wechatPayEnv } from './helpers/wechatpay-fixtures'
import { runServerProcess } from './helpers/start-check'
import { freePort } from '../support/free-port'

const ADMIN = 'wechatpay-test-admin-token-0123456789'
const RETURN = '/#/pages/paying/paying?PayID={PayID}'

let keys: WechatPayKeys
let fake: FakeWechatPay
let server: TestServer
let base: string
let dir: string

/** The settings a deployment would give: key files on disk, ids in the environment. */
const envOf = (k: WechatPayKeys, extra: Record<string, string> = {}): Record<string, string> => wechatPayEnv(k, dir, fake.url, extra)

beforeAll(async () => {
  // Branch S101 takes WeChat Pay, and the enterprise charges in CNY (WeChat Pay's domestic API takes nothing else).
  ;({ keys, fake, dir, server, base } = await startWechatPayRig({ env: (k, d, url) => wechatPayEnv(k, d, url, { WECHATPAY_H5: '1' }), adminToken: ADMIN, currency: 'CNY' }))
}, 60_000)

afterAll(() => stopWechatPayRig({ server, fake, dir }))

const setCurrency = (currency: string) => setEnterpriseCurrency(server.db, currency)

const key = () => `wx-${randomBytes(8).toString('hex')}`
const rsaKey = (): KeyObject => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey

/** A signed-in member whose chat-app identities the server has checked: the mini-program's and the official account's open ids. */
const diner = () => chatAppDiner(server.db)

const { paySubmit, openPayment, payment, order, notices, requestsTo } = wechatPayCalls(() => ({ server, fake }), RETURN)
const lastBody = (pathStart: string) => JSON.parse(requestsTo(pathStart).at(-1)!.body)

describe('amounts in fen, exact both ways', () => {
  test.each([
    ['0.01', 1, '0.01'],
    ['0.1', 10, '0.10'],
    ['0.30', 30, '0.30'],
    ['23.5', 2350, '23.50'],
    ['23.50', 2350, '23.50'],
    ['19.99', 1999, '19.99'],
    ['4.35', 435, '4.35'],
    ['1234567.89', 123456789, '1234567.89'],
    ['99999999.99', 9999999999, '99999999.99']
  ])('%s → %s fen → %s', (amount, fen, back) => {
    expect(toFen(amount)).toBe(fen)
    expect(fromFen(fen)).toBe(back)
    expect(toFen(fromFen(fen)!)).toBe(fen)
  })

  test('an amount finer than a fen is refused, never rounded', () => {
    expect(() => toFen('1.005')).toThrow(/finer than a fen/)
    expect(() => toFen('0.001')).toThrow(/finer than a fen/)
    expect(toFen('1.000')).toBe(100)
  })

  test('malformed amounts and fen are refused, never rounded', () => {
    for (const bad of ['', '-1', '1e3', '0x10', '1,00', ' 1', 'NaN', 'Infinity']) expect(() => toFen(bad)).toThrow()
    for (const bad of [1.5, -1, '100', null, undefined, Number.MAX_SAFE_INTEGER + 1]) expect(fromFen(bad)).toBeNull()
    expect(fromFen(0)).toBe('0.00')
    expect(fromFen(2350)).toBe('23.50')
    expect(fromFen(1)).toBe('0.01')
  })
})

describe('signing and prepay (PaySubmit)', () => {
  test('the mini-program: JSAPI prepay with the mini-program app id and open id, requestPayment fields signed with the merchant key', async () => {
    const m = await diner()
    const before = fake.requests.length
    const { payId, invocation } = await openPayment(m, '23.50', 'wechat-mini')
    // Our request was signed (the fake checked it with the merchant's public key) and said this.
    const sent = fake.requests.slice(before)
    expect(sent.map((r) => `${r.method} ${r.url} ${r.verified}`)).toEqual(['POST /v3/pay/transactions/jsapi true'])
    expect(sent[0].headers.authorization).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="\d+",nonce_str="[0-9A-F]{32}",signature="[A-Za-z0-9+/=]+",timestamp="\d{10}",serial_no="[0-9A-F]+"$/)
    // Public-key mode: the request names the key WeChat Pay should sign its answer with.
    expect(sent[0].headers['wechatpay-serial']).toBe(keys.publicKeyId)
    const body = JSON.parse(sent[0].body)
    expect(body).toMatchObject({
      appid: keys.miniAppId,
      mchid: keys.mchId,
      out_trade_no: payId,
      notify_url: `${base}/pay/notify/wechatpay`,
      amount: { total: 2350, currency: 'CNY' },
      payer: { openid: m.miniOpenId }
    })
    expect(body.time_expire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/)
    expect(Date.parse(body.time_expire)).toBe(Math.floor(Date.parse((await order((await payment(payId)).order_id)).expires_at!) / 1000) * 1000)

    const prepayId = fake.orders.get(payId)!.prepayId
    expect(invocation).toMatchObject({ Channel: 'wechat-mini', AppID: keys.miniAppId, Package: `prepay_id=${prepayId}`, SignType: 'RSA', TradeNO: '' })
    expect(invocation.NonceStr).toMatch(/^[0-9a-f]{32}$/)
    expect(Math.abs(Number(invocation.TimeStamp) - Date.now() / 1000)).toBeLessThan(60)
    // What the chat app checks: paySign over "appId\ntimeStamp\nnonceStr\npackage\n" with the merchant's key.
    const signed = `${keys.miniAppId}\n${invocation.TimeStamp}\n${invocation.NonceStr}\n${invocation.Package}\n`
    expect(createVerify('RSA-SHA256').update(signed).verify(keys.merchantPublicKey, invocation.PaySign, 'base64')).toBe(true)
    expect(createVerify('RSA-SHA256').update(signed.replace(prepayId, `${prepayId}x`)).verify(keys.merchantPublicKey, invocation.PaySign, 'base64')).toBe(false)
    // The merchant order number is the providerRef; no hosted page for an in-app cashier.
    expect((await payment(payId)).provider_ref).toBe(payId)
  })

  test('the chat-app browser: the official account app id and its open id (getBrandWCPayRequest)', async () => {
    const m = await diner()
    const { payId, invocation } = await openPayment(m, '8.00', 'wechat-jsapi')
    expect(lastBody('/v3/pay/transactions/jsapi')).toMatchObject({ appid: keys.jsapiAppId, out_trade_no: payId, payer: { openid: m.oaOpenId }, amount: { total: 800 } })
    expect(invocation).toMatchObject({ Channel: 'wechat-jsapi', AppID: keys.jsapiAppId, SignType: 'RSA' })
    const signed = `${keys.jsapiAppId}\n${invocation.TimeStamp}\n${invocation.NonceStr}\n${invocation.Package}\n`
    expect(createVerify('RSA-SHA256').update(signed).verify(keys.merchantPublicKey, invocation.PaySign, 'base64')).toBe(true)
  })

  test('a retry with the same RequestKey opens the same WeChat Pay order (the same prepay_id)', async () => {
    const m = await diner()
    const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey })
    const rk = key()
    const first = ok(await paySubmit(m, sheetId, 'wechat-mini', rk))
    const again = ok(await paySubmit(m, sheetId, 'wechat-mini', rk))
    expect(again.table1[0].PayID).toBe(first.table1[0].PayID)
    expect(again.table2[0].Package).toBe(first.table2[0].Package)
    expect(fake.orders.get(first.table1[0].PayID)!.prepayId).toBe(first.table2[0].Package.slice('prepay_id='.length))
  })

  test('H5 pay in another browser (PayChannel hosted): WeChat Pay\'s page with our return URL, the payer\'s IP sent', async () => {
    const m = await diner()
    const { payId, payUrl, invocation } = await openPayment(m, '12.34', 'hosted')
    const body = lastBody('/v3/pay/transactions/h5')
    expect(body).toMatchObject({ appid: keys.jsapiAppId, out_trade_no: payId, amount: { total: 1234, currency: 'CNY' }, scene_info: { h5_info: { type: 'Wap' } } })
    expect(body.scene_info.payer_client_ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/)
    expect(body.payer).toBeUndefined()
    expect(invocation.Channel).toBe('hosted')
    const url = new URL(payUrl)
    expect(url.origin).toBe('https://wx.tenpay.com')
    expect(url.searchParams.get('prepay_id')).toBe(fake.orders.get(payId)!.prepayId)
    expect(url.searchParams.get('redirect_url')).toBe(`${base}/#/pages/paying/paying?PayID=${payId}`)
    // A status poll opens no new page (it has no payer's IP): no PayUrl, no second H5 order.
    const h5Calls = requestsTo('/v3/pay/transactions/h5').length
    const polled = ok(await server.call('PaymentStatusUpdate', [{ PayID: payId }], { headers: m.headers }))
    expect(polled.table1[0]).toMatchObject({ PayID: payId, Status: PAYMENT_STATUS.PENDING, PayUrl: '' })
    expect(requestsTo('/v3/pay/transactions/h5').length).toBe(h5Calls)
  })

  test('a diner the server knows no chat-app identity of must sign in through the host first (10010); other cashiers are not WeChat Pay\'s (10007)', async () => {
    const walkIn = await makeMember(server.db)
    const sheetId = await insertOrderRow(server.db, { ownerKey: walkIn.ownerKey })
    const before = fake.requests.length
    expect((await paySubmit(walkIn, sheetId, 'wechat-mini')).body.errcode).toBe('10010')
    expect(fake.requests.length).toBe(before)
    const m = await diner()
    const other = await insertOrderRow(server.db, { ownerKey: m.ownerKey })
    for (const channel of ['alipay-mini', 'alipay-jsapi']) expect((await paySubmit(m, other, channel)).body.errcode).toBe('10007')
  })

  test('a shop whose currency is not CNY is not charged in the wrong money (20020), nor an amount finer than a fen', async () => {
    const m = await diner()
    await setCurrency('MOP$')
    try {
      const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey })
      const before = fake.requests.length
      expect((await paySubmit(m, sheetId, 'wechat-mini')).body.resultcode).toBe(RESULTCODES.PAYMENT_ACCOUNT_NOT_LINKED)
      expect(fake.requests.length).toBe(before)
    } finally {
      await setCurrency('CNY')
    }
    // An enterprise with three decimals, and an order of 10.005: no fen is made up or dropped.
    const fine = await insertOrderRow(server.db, { ownerKey: m.ownerKey, amount: '10.005' })
    const amoPoint = () => server.db.updateTable('enterprise_settings').where('ent_id', '=', 'E1001').where('parm_id', '=', 'AmoPoint')
    const was = (await server.db.selectFrom('enterprise_settings').select('parm_value').where('ent_id', '=', 'E1001').where('parm_id', '=', 'AmoPoint').executeTakeFirstOrThrow()).parm_value
    await amoPoint().set({ parm_value: '3' }).execute()
    try {
      const before = fake.requests.length
      expect((await paySubmit(m, fine, 'wechat-mini')).body.resultcode).toBe(RESULTCODES.PAYMENT_ACCOUNT_NOT_LINKED)
      expect(fake.requests.length).toBe(before)
    } finally {
      await amoPoint().set({ parm_value: was }).execute()
    }
  })

  test.each([
    ['bad-signature', /signature mismatch/],
    ['stale', /300-second window/],
    ['unknown-serial', /no key of ours/],
    ['no-signature', /are required/]
  ] as const)('an answer that does not verify (%s) is not believed: no cashier is opened, no payment settled', async (fault, reason) => {
    const m = await diner()
    const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey })
    const provider = server.providers.payments.get('wechatpay') as WechatPayProvider
    const paid = await openPayment(m)
    fake.pay(paid.payId)
    fake.answerFault = fault
    try {
      const res = await paySubmit(m, sheetId, 'wechat-mini')
      expect(res.body.errcode).toBe('50000')
      expect(res.body.data?.table2 ?? []).toEqual([])
      // A query answer that does not verify says nothing: the payment WeChat Pay calls paid stays pending here.
      await expect(provider.queryStatus({ payId: paid.payId, providerRef: paid.payId, amount: '23.50', stored: 'pending' })).rejects.toThrow(reason)
      const polled = ok(await server.call('PaymentStatusUpdate', [{ PayID: paid.payId }], { headers: m.headers }))
      expect(polled.table1[0].Status).toBe(PAYMENT_STATUS.PENDING)
    } finally {
      fake.answerFault = null
    }
    // Honest answers again: the same order opens, and the poll finds the payment paid.
    expect(ok(await paySubmit(m, sheetId, 'wechat-mini')).table2[0].Package).toMatch(/^prepay_id=wx/)
    expect(ok(await server.call('PaymentStatusUpdate', [{ PayID: paid.payId }], { headers: m.headers })).table1[0].Status).toBe(PAYMENT_STATUS.PAID)
  })

  test('every request this file made was signed as WeChat Pay checks it', () => {
    expect(fake.requests.length).toBeGreaterThan(5)
    expect(fake.requests.filter((r) => !r.verified)).toEqual([])
  })
})

describe('configuration: WeChat Pay without its credentials refuses to start, naming what is missing', () => {
  const build = (env: Record<string, string>, production = false) => {
    const config = loadConfig({ ...env, PAYMENT_PROVIDERS: 'wechatpay', ...(production ? { NODE_ENV: 'production', PUBLIC_URL: env.PUBLIC_URL ?? '' } : {}) }, { databaseUrl: null })
    return buildPaymentProviders(config, server.db)
  }

  test.each([
    ['WECHATPAY_MCHID', 'the merchant id'],
    ['WECHATPAY_MERCHANT_SERIAL_NO', 'serial number'],
    ['WECHATPAY_MERCHANT_PRIVATE_KEY_PATH', 'apiclient_key.pem'],
    ['WECHATPAY_APIV3_KEY', 'the APIv3 key'],
    ['WECHATPAY_PUBLIC_KEY_PATH', 'pub_key.pem']
  ])('without %s', async (setting, what) => {
    const env = envOf(keys)
    delete env[setting]
    const error = await build(env).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderSettingError)
    expect((error as Error).message).toMatch(/^PAYMENT_PROVIDERS=wechatpay needs /)
    expect((error as Error).message).toContain(setting)
    expect((error as Error).message).toContain(what)
    // One line, and never a key.
    expect((error as Error).message).not.toContain('\n')
    expect((error as Error).message).not.toContain(keys.apiV3Key)
  })

  test('wrong values are named too: a key file that is not there, a short APIv3 key, no app id', async () => {
    const error = (await build(envOf(keys, { WECHATPAY_MERCHANT_PRIVATE_KEY_PATH: path.join(dir, 'missing.pem'), WECHATPAY_APIV3_KEY: 'short', WECHATPAY_MINI_APPID: '', WECHATPAY_JSAPI_APPID: '' })).catch((e: unknown) => e)) as Error
    expect(error.message).toContain("WECHATPAY_MERCHANT_PRIVATE_KEY_PATH (cannot read '")
    expect(error.message).toContain('ENOENT')
    expect(error.message).toContain('WECHATPAY_APIV3_KEY (32 characters)')
    expect(error.message).toContain('WECHATPAY_MINI_APPID or WECHATPAY_JSAPI_APPID')
    const noKey = (await build({ ...envOf(keys), WECHATPAY_PUBLIC_KEY_ID: '', WECHATPAY_PUBLIC_KEY_PATH: '' }).catch((e: unknown) => e)) as Error
    expect(noKey.message).toContain('WECHATPAY_PLATFORM_CERT_PATHS')
  })

  test('production: also an https PUBLIC_URL (where WeChat Pay sends its notices) and an https API; complete, it starts without ALLOW_DEVELOPMENT_PROVIDERS', async () => {
    const error = (await build(envOf(keys), true).catch((e: unknown) => e)) as Error
    expect(error).toBeInstanceOf(ProviderSettingError)
    expect(error.message).toContain('PUBLIC_URL (https')
    expect(error.message).toContain('WECHATPAY_BASE_URL (https in production)')
    const complete = envOf(keys, { PUBLIC_URL: 'https://order.shop.example', WECHATPAY_BASE_URL: 'https://api.mch.weixin.qq.com' })
    const providers = await build(complete, true)
    expect(providers.names()).toEqual(['wechatpay'])
  })

  test('the real server process: NODE_ENV=production with PAYMENT_PROVIDERS=wechatpay and no credentials exits non-zero, in one line naming them', async () => {
    // The other stand-ins are allowed here: only WeChat Pay's settings are missing.
    const { code, stdout, stderr } = await runServerProcess(
      { NODE_ENV: 'production', PAYMENT_PROVIDERS: 'wechatpay', ALLOW_DEVELOPMENT_PROVIDERS: 'sms,identity,geocoding', PUBLIC_URL: 'https://order.shop.example' },
      dir,
      ['WECHATPAY_']
    )
    expect(code).toBe(1)
    expect(stdout).not.toContain('listening')
    const lines = stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^ScanOrder gateway refused to start: PAYMENT_PROVIDERS=wechatpay needs WECHATPAY_MCHID \(the merchant id\); WECHATPAY_MERCHANT_SERIAL_NO/)
    for (const setting of ['WECHATPAY_MERCHANT_PRIVATE_KEY_PATH', 'WECHATPAY_APIV3_KEY', 'WECHATPAY_PUBLIC_KEY_ID', 'WECHATPAY_MINI_APPID']) expect(lines[0]).toContain(setting)
  }, 60_000)

  test('the platform-certificate mode loads certificates by their serial', () => {
    const settings: WechatPaySettings = wechatPaySettings(envOf(keys, { WECHATPAY_PUBLIC_KEY_ID: '', WECHATPAY_PUBLIC_KEY_PATH: '', WECHATPAY_PLATFORM_CERT_PATHS: path.join(dir, 'platform_cert.pem') }))
    const credentials = wechatPayFromSettings(settings, { publicUrl: base, production: false })
    expect([...credentials.verifiers.keys()]).toEqual([keys.platformCertSerial])
    expect(credentials.publicKeyId).toBeNull()
  })
})

describe('notices: POST /pay/notify/wechatpay, sent over HTTP by the fake', () => {
  const deliver = (n: Parameters<FakeWechatPay['deliver']>[0]) => fake.deliver(n)
  const payEvents = async (orderId: string) =>
    (await server.db.selectFrom('order_events').select('action').where('order_id', '=', orderId).where('action', '=', 'pay').execute()).length

  test('TRANSACTION.SUCCESS pays the order once: a retry and a duplicate over another link are replays', async () => {
    const m = await diner()
    const { sheetId, payId } = await openPayment(m, '23.50')
    fake.pay(payId)
    const notice = fake.paidNotice(payId)
    expect(notice.url).toBe(`${base}/pay/notify/wechatpay`)
    expect(await deliver(notice)).toEqual({ status: 200, body: { ok: true, outcome: 'paid' } })
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.PAID)
    expect(await order(sheetId)).toMatchObject({ status: ORDER_STATUS.PAID, paid_amount: '23.50' })
    const transactionId = fake.orders.get(payId)!.transactionId
    expect(await notices(payId)).toEqual([{ notice_id: `wechatpay:txn:${transactionId}:SUCCESS`, result: 'paid', amount: '23.50' }])

    // WeChat Pay retries until it hears 200, and may send the same notice twice within a second over another link.
    expect((await deliver(notice)).body.outcome).toBe('replay')
    expect((await deliver(fake.paidNotice(payId))).body.outcome).toBe('replay')
    const both = await Promise.all([deliver(fake.paidNotice(payId)), deliver(fake.paidNotice(payId))])
    expect(both.map((r) => r.status)).toEqual([200, 200])
    expect(both.map((r) => r.body.outcome)).toEqual(['replay', 'replay'])
    expect(await notices(payId)).toHaveLength(1)
    expect(await payEvents(sheetId)).toBe(1)
    // The poll agrees.
    const polled = ok(await server.call('PaymentStatusUpdate', [{ PayID: payId }], { headers: m.headers }))
    expect(polled.table1[0]).toMatchObject({ Status: PAYMENT_STATUS.PAID, PayUrl: '' })
    expect(polled.table2[0].Status).toBe(ORDER_STATUS.PAID)
  })

  test('forged, tampered, expired and misaddressed notices are refused (401) and change nothing; the genuine one then pays', async () => {
    const m = await diner()
    const { sheetId, payId } = await openPayment(m, '42.00')
    fake.pay(payId)
    const other = rsaKey()
    const now = Math.floor(Date.now() / 1000)
    const refused = {
      'a tampered body': fake.paidNotice(payId, { tamper: 'body' }),
      'a stale timestamp (301 s old)': fake.paidNotice(payId, { timestamp: now - 301 }),
      // Ahead by more than the 300 s window with room to spare: the notices go one after another, and on
      // a busy machine the seconds that pass before this one arrives bring 301 s back inside the window.
      'a timestamp 330 s ahead': fake.paidNotice(payId, { timestamp: now + 330 }),
      'a serial that is no key of ours': fake.paidNotice(payId, { serial: 'PUB_KEY_ID_0114232134912410000000000000' }),
      "the merchant's own certificate serial": fake.paidNotice(payId, { serial: keys.merchantSerialNo }),
      'another key under our serial': fake.paidNotice(payId, { key: other }),
      "WeChat Pay's signature probe": fake.paidNotice(payId, { signature: 'WECHATPAY/SIGNTEST/OQ==' }),
      'a ciphertext altered (GCM tag)': fake.paidNotice(payId, { tamper: 'ciphertext' }),
      'another APIv3 key': fake.paidNotice(payId, { apiV3Key: 'A'.repeat(32) }),
      "another merchant's transaction": fake.paidNotice(payId, { overrides: { mchid: '1900000109' } }),
      'an app id not ours': fake.paidNotice(payId, { overrides: { appid: 'wx0000000000000000' } }),
      'a trade state that is not SUCCESS': fake.paidNotice(payId, { overrides: { trade_state: 'NOTPAY' } })
    }
    for (const [what, notice] of Object.entries(refused)) {
      const answer = await deliver(notice)
      expect({ what, status: answer.status, ok: answer.body.ok }).toEqual({ what, status: 401, ok: false })
    }
    // A merchant with one app only: a resource without an app id must not match the one left unset.
    const miniOnly = new WechatPayProvider(wechatPayFromSettings(wechatPaySettings(envOf(keys, { WECHATPAY_JSAPI_APPID: '' })), { publicUrl: base, production: false }))
    // As they arrive: Node lowercases header names.
    const arrived = (n: { headers: Record<string, string> }) => Object.fromEntries(Object.entries(n.headers).map(([k, v]) => [k.toLowerCase(), v]))
    const noApp = fake.paidNotice(payId, { overrides: { appid: null } })
    expect(miniOnly.verifyNotice(noApp.body, arrived(noApp))).toEqual({ ok: false, reason: 'resource is for an app id not ours' })
    const ours = fake.paidNotice(payId)
    expect(miniOnly.verifyNotice(ours.body, arrived(ours)).ok).toBe(true)
    const bare = fake.paidNotice(payId)
    const answer = await fake.deliver({ ...bare, headers: { 'Content-Type': 'application/json' } })
    expect(answer.status).toBe(401)
    expect(await notices(payId)).toEqual([])
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.PENDING)
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.AWAITING_PAYMENT)

    expect((await deliver(fake.paidNotice(payId))).body.outcome).toBe('paid')
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.PAID)
  })

  test('an amount that disagrees with ours pays nothing: stored as amount_mismatch, the poll answers 20031', async () => {
    const m = await diner()
    for (const paidFen of [2351, 2349]) {
      const { sheetId, payId } = await openPayment(m, '23.50')
      fake.pay(payId, paidFen)
      expect(await deliver(fake.paidNotice(payId))).toEqual({ status: 200, body: { ok: true, outcome: 'amount_mismatch' } })
      expect(await notices(payId)).toEqual([expect.objectContaining({ result: 'amount_mismatch', amount: fromFen(paidFen) })])
      expect((await payment(payId)).status).toBe(PAYMENT_STATUS.PENDING)
      expect((await order(sheetId)).status).toBe(ORDER_STATUS.AWAITING_PAYMENT)
      expect((await server.call('PaymentStatusUpdate', [{ PayID: payId }], { headers: m.headers })).body.resultcode).toBe(RESULTCODES.PAYMENT_AMOUNT_MISMATCH)
    }
  })

  test('money for an order that has ended never moves it back: it goes back to the payer at once (a full refund at WeChat Pay)', async () => {
    const m = await diner()
    const { sheetId, payId } = await openPayment(m, '15.80')
    await server.db.updateTable('orders').set({ status: ORDER_STATUS.EXPIRED }).where('order_id', '=', sheetId).execute()
    fake.pay(payId)
    expect((await deliver(fake.paidNotice(payId))).body.outcome).toBe('refunded')
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.EXPIRED)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    expect(lastBody('/v3/refund/domestic/refunds')).toEqual({
      out_trade_no: payId,
      out_refund_no: payId,
      reason: 'paid after the order had ended',
      notify_url: `${base}/pay/notify/wechatpay`,
      amount: { refund: 1580, total: 1580, currency: 'CNY' }
    })
    // A paid order the shop has moved on is not moved back by a late duplicate either.
    const done = await diner()
    const paid = await openPayment(done, '9.90')
    fake.pay(paid.payId)
    expect((await deliver(fake.paidNotice(paid.payId))).body.outcome).toBe('paid')
    const auth = { authorization: `Bearer ${ADMIN}` }
    for (const action of ['ready', 'complete']) expect((await server.app.inject({ method: 'POST', url: `/admin/orders/${paid.sheetId}/${action}`, headers: auth })).statusCode).toBe(200)
    expect((await deliver(fake.paidNotice(paid.payId))).body.outcome).toBe('replay')
    expect((await order(paid.sheetId)).status).toBe(ORDER_STATUS.COMPLETED)
  })

  test('a recharge paid in the mini-program is credited once', async () => {
    const m = await diner()
    const res = ok(await server.call('RechargeSubmit', [{ RuleID: 'E1001-RR100', ShopID: 'S101', RequestKey: key(), ReturnUrl: '/#/pages/rechargeResult/rechargeResult?RechargeID={RechargeID}', PayChannel: 'wechat-mini' }], { headers: m.headers }))
    const rechargeId = res.table1[0].RechargeID as string
    expect(res.table2[0]).toMatchObject({ Channel: 'wechat-mini', AppID: keys.miniAppId, SignType: 'RSA' })
    expect(lastBody('/v3/pay/transactions/jsapi')).toMatchObject({ out_trade_no: rechargeId, amount: { total: 10000, currency: 'CNY' }, payer: { openid: m.miniOpenId } })
    fake.pay(rechargeId)
    expect((await deliver(fake.paidNotice(rechargeId))).body.outcome).toBe('paid')
    expect((await deliver(fake.paidNotice(rechargeId))).body.outcome).toBe('replay')
    const recharge = await server.db.selectFrom('recharges').select(['status']).where('recharge_id', '=', rechargeId).executeTakeFirstOrThrow()
    expect(recharge.status).toBe(RECHARGE_STATUS.PAID)
    const member = await server.db.selectFrom('members').select('balance').where('vip_id', '=', m.vipId).executeTakeFirstOrThrow()
    expect(member.balance).toMatch(/^110(\.0+)?$/)
  })
})

describe('query (a late notice) and close (a replaced attempt)', () => {
  const poll = async (m: TestMember, payId: string) => server.call('PaymentStatusUpdate', [{ PayID: payId }], { headers: m.headers })
  const queries = (payId: string) => requestsTo(`/v3/pay/transactions/out-trade-no/${payId}?`)

  test('paid at WeChat Pay but no notice yet: the poll asks by out_trade_no and pays the order; the notice, when it comes, changes nothing', async () => {
    const m = await diner()
    const { sheetId, payId } = await openPayment(m, '66.60')
    expect(ok(await poll(m, payId)).table1[0].Status).toBe(PAYMENT_STATUS.PENDING)
    expect(queries(payId).map((r) => `${r.method} ${r.url}`)).toEqual([`GET /v3/pay/transactions/out-trade-no/${payId}?mchid=${keys.mchId}`])
    fake.pay(payId)
    const polled = ok(await poll(m, payId))
    expect(polled.table1[0].Status).toBe(PAYMENT_STATUS.PAID)
    expect(polled.table2[0]).toMatchObject({ Status: ORDER_STATUS.PAID })
    expect(await order(sheetId)).toMatchObject({ status: ORDER_STATUS.PAID, paid_amount: '66.60' })
    expect(await notices(payId)).toEqual([{ notice_id: `wechatpay:query:${payId}:paid`, result: 'paid', amount: '66.60' }])
    expect((await fake.deliver(fake.paidNotice(payId))).body.outcome).toBe('ignored')
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.PAID)
    // Settled: no more questions to WeChat Pay.
    const asked = queries(payId).length
    ok(await poll(m, payId))
    expect(queries(payId).length).toBe(asked)
  })

  test.each([
    ['CLOSED', PAYMENT_STATUS.DECLINED],
    ['PAYERROR', PAYMENT_STATUS.DECLINED],
    ['NOTPAY', PAYMENT_STATUS.PENDING],
    ['REFUND', PAYMENT_STATUS.PENDING]
  ] as const)('trade_state %s → payment status %s', async (state, status) => {
    const m = await diner()
    const { sheetId, payId } = await openPayment(m)
    if (state === 'REFUND') fake.pay(payId)
    fake.orders.get(payId)!.state = state
    expect(ok(await poll(m, payId)).table1[0].Status).toBe(status)
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.AWAITING_PAYMENT)
  })

  test('a query that finds another amount pays nothing (20031); an order WeChat Pay never opened stays pending', async () => {
    const m = await diner()
    const { payId } = await openPayment(m, '23.50')
    fake.pay(payId, 2300)
    expect((await poll(m, payId)).body.resultcode).toBe(RESULTCODES.PAYMENT_AMOUNT_MISMATCH)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.PENDING)
    // The 10010 case leaves a payment WeChat Pay never heard of: ORDER_NOT_EXIST is "not paid".
    const walkIn = await makeMember(server.db)
    const sheetId = await insertOrderRow(server.db, { ownerKey: walkIn.ownerKey })
    expect((await paySubmit(walkIn, sheetId, 'wechat-mini')).body.errcode).toBe('10010')
    const lone = await server.db.selectFrom('payments').select('pay_id').where('order_id', '=', sheetId).executeTakeFirstOrThrow()
    expect(ok(await poll(walkIn, lone.pay_id)).table1[0].Status).toBe(PAYMENT_STATUS.PENDING)
  })

  test('WeChat Pay out of reach: the query throws UNREACHABLE (the poll then keeps the stored state: the answer-fault tests above)', async () => {
    const deadPort = await freePort()
    const offline = new WechatPayProvider(wechatPayFromSettings(wechatPaySettings(envOf(keys, { WECHATPAY_BASE_URL: `http://127.0.0.1:${deadPort}` })), { publicUrl: base, production: false }))
    await expect(offline.queryStatus({ payId: 'P000000000000001', providerRef: '', amount: '1.00', stored: 'pending' })).rejects.toThrow(/UNREACHABLE/)
  })

  test('a new attempt closes the one it replaces at WeChat Pay; one the payer has just paid cannot close, and its notice still pays the order', async () => {
    const m = await diner()
    const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey, amount: '30.00' })
    const first = ok(await paySubmit(m, sheetId, 'wechat-mini')).table1[0].PayID as string
    const second = ok(await paySubmit(m, sheetId, 'wechat-mini')).table1[0].PayID as string
    expect(requestsTo(`/v3/pay/transactions/out-trade-no/${first}/close`).map((r) => JSON.parse(r.body))).toEqual([{ mchid: keys.mchId }])
    expect(fake.orders.get(first)!.state).toBe('CLOSED')
    expect(fake.orders.get(second)!.state).toBe('NOTPAY')
    // The replaced one is declined when asked (its cashier is closed); the order still awaits the new one.
    expect(ok(await poll(m, first)).table1[0].Status).toBe(PAYMENT_STATUS.DECLINED)

    // The payer paid the second just before a third attempt: closing it fails at WeChat Pay (ORDERPAID), and the money still pays the order.
    fake.pay(second)
    const third = ok(await paySubmit(m, sheetId, 'wechat-mini')).table1[0].PayID as string
    expect(third).not.toBe(second)
    expect(fake.orders.get(second)!.state).toBe('SUCCESS')
    expect((await fake.deliver(fake.paidNotice(second))).body.outcome).toBe('paid')
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.PAID)
    expect(requestsTo(`/v3/pay/transactions/out-trade-no/${third}/close`)).toEqual([])
  })
})

describe('the platform-certificate mode (merchants who have not moved to the public key)', () => {
  test('answers and notices signed with a platform certificate are verified by its serial; the public key is not accepted in its place', async () => {
    const certOnly = new WechatPayProvider(
      wechatPayFromSettings(wechatPaySettings(envOf(keys, { WECHATPAY_PUBLIC_KEY_ID: '', WECHATPAY_PUBLIC_KEY_PATH: '', WECHATPAY_PLATFORM_CERT_PATHS: path.join(dir, 'platform_cert.pem') })), { publicUrl: base, production: false })
    )
    const m = await diner()
    const { payId } = await openPayment(m, '5.20')
    fake.pay(payId)
    fake.mode = 'certificate'
    try {
      await expect(certOnly.queryStatus({ payId, providerRef: payId, amount: '5.20', stored: 'pending' })).resolves.toEqual({ status: 'paid', amount: '5.20' })
      const notice = fake.paidNotice(payId)
      expect(notice.headers['Wechatpay-Serial']).toBe(keys.platformCertSerial)
      expect(certOnly.verifyNotice(notice.body, lower(notice.headers))).toMatchObject({ ok: true, notice: { payId, result: 'paid', amount: '5.20' } })
      // The server configured with the public key only does not know this serial.
      expect((await fake.deliver(notice)).status).toBe(401)
    } finally {
      fake.mode = 'public-key'
    }
    const byPublicKey = fake.paidNotice(payId)
    expect(certOnly.verifyNotice(byPublicKey.body, lower(byPublicKey.headers))).toEqual({ ok: false, reason: `Wechatpay-Serial '${keys.publicKeyId}' is no key of ours` })
  })
})

/** Headers as Node hands them to the notify route: lower-case names. */
const lower = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))

describe('refunds and refund notices', () => {
  const auth = { authorization: `Bearer ${ADMIN}` }
  const cancel = (sheetId: string) => server.app.inject({ method: 'POST', url: `/admin/orders/${sheetId}/cancel`, headers: auth })
  const refundCalls = (outTradeNo: string) => requestsTo('/v3/refund/domestic/refunds').filter((r) => JSON.parse(r.body).out_trade_no === outTradeNo)

  async function paidOrder(amount: string) {
    const m = await diner()
    const opened = await openPayment(m, amount)
    fake.pay(opened.payId)
    expect((await fake.deliver(fake.paidNotice(opened.payId))).body.outcome).toBe('paid')
    return { m, ...opened }
  }

  test('the shop cancels a paid order: the whole amount goes back (out_refund_no = PayID, fen exact); the refund notice confirms it once', async () => {
    const { sheetId, payId } = await paidOrder('88.88')
    expect((await cancel(sheetId)).statusCode).toBe(200)
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.CANCELLED)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    expect(refundCalls(payId).map((r) => JSON.parse(r.body))).toEqual([
      { out_trade_no: payId, out_refund_no: payId, reason: 'order cancelled by the shop', notify_url: `${base}/pay/notify/wechatpay`, amount: { refund: 8888, total: 8888, currency: 'CNY' } }
    ])
    const refund = fake.refunds.get(payId)!
    expect(await notices(payId)).toContainEqual({ notice_id: `wechatpay:refund:${payId}`, result: 'refunded', amount: '88.88' })

    const confirmed = fake.refundNotice(payId, 'SUCCESS')
    expect(confirmed.url).toBe(`${base}/pay/notify/wechatpay`)
    expect(await fake.deliver(confirmed)).toEqual({ status: 200, body: { ok: true, outcome: 'refund_confirmed' } })
    expect((await fake.deliver(confirmed)).body.outcome).toBe('replay')
    expect((await fake.deliver(fake.refundNotice(payId, 'SUCCESS'))).body.outcome).toBe('replay')
    expect(await notices(payId)).toContainEqual({ notice_id: `wechatpay:refund:${refund.refund_id}:SUCCESS`, result: 'refund_confirmed', amount: '88.88' })
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    // A forged or stale refund notice is refused like any other.
    expect((await fake.deliver(fake.refundNotice(payId, 'ABNORMAL', { tamper: 'body' }))).status).toBe(401)
    expect((await fake.deliver(fake.refundNotice(payId, 'ABNORMAL', { timestamp: Math.floor(Date.now() / 1000) - 400 }))).status).toBe(401)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
  })

  test("a refund that does not reach the payer (REFUND.ABNORMAL / CLOSED) leaves the money with us: the payment is refund due again", async () => {
    for (const status of ['ABNORMAL', 'CLOSED'] as const) {
      const { sheetId, payId } = await paidOrder('10.00')
      expect((await cancel(sheetId)).statusCode).toBe(200)
      expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
      const failed = fake.refundNotice(payId, status)
      expect(await fake.deliver(failed)).toEqual({ status: 200, body: { ok: true, outcome: 'refund_failed' } })
      expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUND_DUE)
      expect((await fake.deliver(failed)).body.outcome).toBe('replay')
      // The order stays cancelled: nothing moves back.
      expect((await order(sheetId)).status).toBe(ORDER_STATUS.CANCELLED)
    }
  })

  test('WeChat Pay refusing a refund stops the cancel (the order stays paid); asked again, the same out_refund_no goes through once', async () => {
    const { sheetId, payId } = await paidOrder('20.00')
    fake.refuseRefunds = { status: 403, code: 'NOT_ENOUGH', message: '基本账户余额不足' }
    try {
      expect((await cancel(sheetId)).statusCode).toBeGreaterThanOrEqual(400)
    } finally {
      fake.refuseRefunds = null
    }
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.PAID)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.PAID)
    fake.refundStatus = 'ABNORMAL'
    try {
      // Answered ABNORMAL at once: refused too.
      expect((await cancel(sheetId)).statusCode).toBeGreaterThanOrEqual(400)
      expect((await order(sheetId)).status).toBe(ORDER_STATUS.PAID)
    } finally {
      fake.refundStatus = 'PROCESSING'
    }
    fake.refunds.delete(payId)
    expect((await cancel(sheetId)).statusCode).toBe(200)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    expect(refundCalls(payId).map((r) => JSON.parse(r.body).out_refund_no)).toEqual([payId, payId, payId])
    expect([...fake.refunds.values()].filter((r) => r.out_trade_no === payId)).toHaveLength(1)
  })

  test('after-sale: parts of a payment go back under their own refund numbers, exact in fen, never more than was paid', async () => {
    const { m, sheetId, payId } = await paidOrder('23.50')
    const ask = async (amount: string) => {
      const request = ok(await server.call('AfterSaleSubmit', [{ SheetID: sheetId, Amount: amount, Reason: 'quality', Content: 'cold', RequestKey: key() }], { headers: m.headers })).table1[0]
      const done = await approveAfterSale(server.db, server.providers.payments, { afterSaleId: request.AfterSaleID, note: '', now: new Date() })
      expect(done.applied).toBe(true)
      return request.AfterSaleID as string
    }
    const first = await ask('10.01')
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.PAID)
    const second = await ask('13.49')
    expect(refundCalls(payId).map((r) => JSON.parse(r.body))).toEqual([
      expect.objectContaining({ out_refund_no: first, amount: { refund: 1001, total: 2350, currency: 'CNY' } }),
      expect.objectContaining({ out_refund_no: second, amount: { refund: 1349, total: 2350, currency: 'CNY' } })
    ])
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    // A partial refund that fails is recorded (the notify route logs it); the payment's status is the shop's to settle.
    expect((await fake.deliver(fake.refundNotice(first, 'ABNORMAL'))).body.outcome).toBe('refund_failed')
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    // The provider itself refuses what cannot be right: more than the payment, or a number reused for another amount.
    const provider = server.providers.payments.get('wechatpay') as WechatPayProvider
    await expect(provider.refund({ payId, providerRef: payId, amount: '23.51', paymentAmount: '23.50', currency: 'CNY', reason: '' })).rejects.toThrow(/cannot refund/)
    await expect(provider.refund({ payId, providerRef: payId, refundNo: first, amount: '10.00', paymentAmount: '23.50', currency: 'CNY', reason: '' })).rejects.toThrow(/REFUND_AMOUNT_DIFFERS/)
    // Asked again, a refund number answers its refund: the one that went through, once; the abnormal one is not counted as given.
    await expect(provider.refund({ payId, providerRef: payId, refundNo: second, amount: '13.49', paymentAmount: '23.50', currency: 'CNY', reason: '' })).resolves.toEqual({ refundRef: fake.refunds.get(second)!.refund_id })
    await expect(provider.refund({ payId, providerRef: payId, refundNo: first, amount: '10.01', paymentAmount: '23.50', currency: 'CNY', reason: '' })).rejects.toThrow(/REFUND_ABNORMAL/)
    expect([...fake.refunds.values()].filter((r) => r.out_trade_no === payId)).toHaveLength(2)
  })

  test('a refund notice for a payment we do not have is 404', async () => {
    const { payId } = await paidOrder('1.00')
    expect((await cancel((await payment(payId)).order_id)).statusCode).toBe(200)
    fake.refunds.get(payId)!.out_trade_no = 'PNOSUCHPAYMENT01'
    expect((await fake.deliver(fake.refundNotice(payId, 'SUCCESS'))).status).toBe(404)
  })
})
