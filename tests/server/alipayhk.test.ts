/**
 * Issue 25 item 2 (AlipayHK): the 'alipayhk' provider (Alipay+ through Antom) through the real
 * gateway operations (PaySubmit, PaymentStatusUpdate), the real notify route
 * (POST /pay/notify/alipayhk, reached over HTTP by the fake), the shop's real cancel (the admin
 * API) and after-sale approval, against a loopback fake of Antom (tests/support/fake-antom.ts)
 * with keys this test makes. The demo enterprise charges MOP$. SQLite by default; PostgreSQL with
 * DATABASE_URL. What the fake cannot show (Antom's own servers, a live merchant) is in docs/alipayhk.md.
 */
import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { RESULTCODES } from '../../src/gateway/codes'
import { ORDER_STATUS, PAYMENT_STATUS } from '../../src/gateway/order-rows'
import { RECHARGE_STATUS } from '../../src/gateway/member-rows'
import type { PayInvocationRow } from '../../src/gateway/pay-invocation'
import { approveAfterSale } from '../../server/src/domain/aftersale/aftersale.service'
import { loadConfig } from '../../server/src/config'
import { buildPaymentProviders } from '../../server/src/providers/payment/registry'
import { ProviderSettingError } from '../../server/src/providers/run-mode'
import { AlipayHkProvider, alipayHkFromSettings, antomCurrency, fromMinor, toMinor } from '../../server/src/providers/payment/alipayhk.provider'
import { alipayHkSettings } from '../../server/src/providers/payment/alipayhk.settings'
import { FakeAntom, makeAntomKeys, type AntomKeys } from '../support/fake-antom'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { insertOrderRow } from './helpers/order-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { runServerProcess } from './helpers/start-check'
import { freePort } from '../support/free-port'

const ADMIN = 'alipayhk-test-admin-token-0123456789'
const RETURN = '/#/pages/paying/paying?PayID={PayID}'
const SUCCESS_ANSWER = { result: { resultCode: 'SUCCESS', resultStatus: 'S', resultMessage: 'success' } }

let keys: AntomKeys
let fake: FakeAntom
let server: TestServer
let base: string
let dir: string

/** The settings a deployment would give: the private key as a file, Antom's key as the Dashboard shows it (bare base64). */
function envOf(k: AntomKeys, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ALIPAYHK_CLIENT_ID: k.clientId,
    ALIPAYHK_PRIVATE_KEY_PATH: path.join(dir, 'merchant_private_key.pem'),
    ALIPAYHK_ANTOM_PUBLIC_KEY: k.antomPublicKeyBase64,
    ALIPAYHK_GATEWAY: fake.url,
    ...extra
  }
}

beforeAll(async () => {
  keys = makeAntomKeys()
  fake = new FakeAntom(keys)
  await fake.start()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-alipayhk-'))
  fs.writeFileSync(path.join(dir, 'merchant_private_key.pem'), keys.merchantPrivateKeyPem)
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  server = await createTestServer({ paymentProviders: ['alipayhk', 'sandbox'], publicUrl: base, adminToken: ADMIN, alipayHk: alipayHkSettings(envOf(keys)) })
  await server.app.listen({ port, host: '127.0.0.1' })
  await server.db.updateTable('finance_accounts').set({ provider: 'alipayhk' }).where('shop_id', '=', 'S101').execute()
  await setCurrency('MOP$')
}, 60_000)

afterAll(async () => {
  await server?.close()
  await fake?.stop()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

async function setCurrency(currency: string): Promise<void> {
  await server.db.updateTable('enterprise_settings').set({ parm_value: currency }).where('ent_id', '=', 'E1001').where('parm_id', '=', 'Currency').execute()
}

const key = () => `ahk-${randomBytes(8).toString('hex')}`

async function paySubmit(m: TestMember, sheetId: string, channel: string) {
  return server.call('PaySubmit', [{ SheetID: sheetId, RequestKey: key(), ReturnUrl: RETURN, PayChannel: channel }], { headers: m.headers })
}

async function openPayment(m: TestMember, amount = '23.50', channel = 'hosted') {
  const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey, amount })
  const data = ok(await paySubmit(m, sheetId, channel))
  return { sheetId, payId: data.table1[0].PayID as string, payUrl: data.table1[0].PayUrl as string, invocation: data.table2[0] as PayInvocationRow }
}

const payment = (payId: string) => server.db.selectFrom('payments').selectAll().where('pay_id', '=', payId).executeTakeFirstOrThrow()
const order = (orderId: string) => server.db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()
const notices = (payId: string) => server.db.selectFrom('payment_notices').select(['notice_id', 'result', 'amount']).where('pay_id', '=', payId).orderBy('received_at').execute()
const calls = (endpoint: string) => fake.requests.filter((r) => r.path === `/ams/sandbox/api/v1/payments/${endpoint}`)
const bodiesOf = (endpoint: string) => calls(endpoint).map((r) => JSON.parse(r.body))
const poll = (m: TestMember, payId: string) => server.call('PaymentStatusUpdate', [{ PayID: payId }], { headers: m.headers })
const provider = () => server.providers.payments.get('alipayhk') as AlipayHkProvider

describe('amounts in the minor unit, exact both ways', () => {
  test.each([
    ['0.01', '1', '0.01'],
    ['0.1', '10', '0.10'],
    ['23.5', '2350', '23.50'],
    ['23.50', '2350', '23.50'],
    ['99999.99', '9999999', '99999.99'],
    ['1234567.89', '123456789', '1234567.89']
  ])('MOP %s → %s → %s', (amount, minor, back) => {
    expect(toMinor(amount, 'MOP')).toBe(minor)
    expect(fromMinor(minor, 'MOP')).toBe(back)
    expect(toMinor(fromMinor(minor, 'HKD')!, 'HKD')).toBe(minor)
  })

  test('finer than a cent, or not an amount, is refused, never rounded', () => {
    expect(() => toMinor('1.005', 'MOP')).toThrow(/finer than a cent/)
    expect(() => toMinor('0.001', 'HKD')).toThrow(/finer than a cent/)
    for (const bad of ['', '-1', '1e3', '1,00', ' 1', 'NaN']) expect(() => toMinor(bad, 'MOP')).toThrow()
    for (const bad of ['1.5', '-1', 1, null, '', '1e3']) expect(fromMinor(bad, 'MOP')).toBeNull()
  })

  test('the currencies: MOP$ → MOP, HK$ → HKD; anything else is none of AlipayHK\'s', () => {
    expect(antomCurrency('MOP$')).toBe('MOP')
    expect(antomCurrency(' mop ')).toBe('MOP')
    expect(antomCurrency('HK$')).toBe('HKD')
    expect(antomCurrency('HKD')).toBe('HKD')
    for (const other of ['CNY', '¥', 'USD', '$', '']) expect(antomCurrency(other)).toBeNull()
  })

  test('MOP 0.01, 23.50 and 99999.99 go to Antom in cents and come back paying the order exactly', async () => {
    for (const [amount, value] of [['0.01', '1'], ['23.50', '2350'], ['99999.99', '9999999']]) {
      const m = await makeMember(server.db)
      const { sheetId, payId } = await openPayment(m, amount)
      expect(bodiesOf('pay').at(-1)).toMatchObject({ paymentAmount: { currency: 'MOP', value }, order: { orderAmount: { currency: 'MOP', value } } })
      fake.pay(payId)
      expect(await fake.deliver(fake.paymentNotice(payId))).toEqual({ status: 200, body: SUCCESS_ANSWER })
      expect(await order(sheetId)).toMatchObject({ status: ORDER_STATUS.PAID })
      expect((await order(sheetId)).paid_amount).toBe(amount)
    }
  })
})

describe('paying (PaySubmit): signed requests, the wap cashier and the mini-program', () => {
  test('H5 (hosted): pay with CASHIER_PAYMENT, ALIPAY_HK, WAP, our notify and return URLs; PayUrl is the normalUrl; the providerRef is Antom\'s paymentId', async () => {
    const m = await makeMember(server.db)
    const before = fake.requests.length
    const { sheetId, payId, payUrl, invocation } = await openPayment(m, '23.50', 'hosted')
    const sent = fake.requests.slice(before)
    expect(sent.map((r) => `${r.path} ${r.verified}`)).toEqual(['/ams/sandbox/api/v1/payments/pay true'])
    expect(sent[0].headers['client-id']).toBe(keys.clientId)
    expect(sent[0].headers['request-time']).toMatch(/^\d{13}$/)
    expect(sent[0].headers.signature).toMatch(/^algorithm=RSA256,keyVersion=1,signature=[A-Za-z0-9%]+$/)
    // The signature is over "POST <path>\n<client-id>.<request-time>.<body>" with the merchant key.
    const value = decodeURIComponent(String(sent[0].headers.signature).split('signature=')[1])
    const content = `POST /ams/sandbox/api/v1/payments/pay\n${keys.clientId}.${sent[0].headers['request-time']}.${sent[0].body}`
    expect(createVerify('RSA-SHA256').update(content).verify(keys.merchantPublicKey, value, 'base64')).toBe(true)
    expect(createVerify('RSA-SHA256').update(`${content} `).verify(keys.merchantPublicKey, value, 'base64')).toBe(false)

    const body = JSON.parse(sent[0].body)
    expect(body).toMatchObject({
      productCode: 'CASHIER_PAYMENT',
      paymentRequestId: payId,
      paymentAmount: { currency: 'MOP', value: '2350' },
      paymentMethod: { paymentMethodType: 'ALIPAY_HK' },
      paymentNotifyUrl: `${base}/pay/notify/alipayhk`,
      paymentRedirectUrl: `${base}/#/pages/paying/paying?PayID=${payId}`,
      env: { terminalType: 'WAP' },
      order: { referenceOrderId: payId }
    })
    expect(body.order.orderDescription).toContain(sheetId)
    // The cashier stops when the order does.
    expect(Date.parse(body.paymentExpiryTime)).toBe(Math.floor(Date.parse((await order(sheetId)).expires_at!) / 1000) * 1000)
    const antom = fake.payments.get(payId)!
    expect(payUrl).toBe(antom.normalUrl)
    expect(invocation).toMatchObject({ Channel: 'hosted', TradeNO: '' })
    expect((await payment(payId)).provider_ref).toBe(antom.paymentId)
  })

  test('the AlipayHK mini-program (alipay-mini): MINI_APP; the paymentUrl for my.tradePay comes as PayUrl with TradeNO empty', async () => {
    const m = await makeMember(server.db)
    const { payId, payUrl, invocation } = await openPayment(m, '8.00', 'alipay-mini')
    expect(bodiesOf('pay').at(-1)).toMatchObject({ paymentRequestId: payId, env: { terminalType: 'MINI_APP' }, paymentAmount: { currency: 'MOP', value: '800' } })
    const antom = fake.payments.get(payId)!
    expect(antom.normalUrl).toMatch(/^https:\/\/render\.alipay\.hk\/p\/s\/hk-mini-cashier\?/)
    expect(payUrl).toBe(antom.normalUrl)
    expect(invocation).toMatchObject({ Channel: 'alipay-mini', TradeNO: '' })
    // The provider's own answer carries it as paymentUrl (the client's tradePay argument).
    const row = await payment(payId)
    const created = await provider().createPayment(
      { payId, payerIp: '127.0.0.1', amount: '8.00', currency: 'MOP$', description: antom.body.order.orderDescription, returnUrl: row.return_url, notifyUrl: `${base}/pay/notify/alipayhk`, createdAt: row.created_at, expiresAt: (await order(row.order_id)).expires_at },
      'alipay-mini'
    )
    expect(created.invocation).toEqual({ channel: 'alipay-mini', tradeNO: '', paymentUrl: antom.normalUrl })
    // Asked for the wap cashier of a payment opened in the mini-program, Antom answers REPEAT_REQ_INCONSISTENT: not this channel's.
    await expect(provider().createPayment({ payId, payerIp: '127.0.0.1', amount: '8.00', currency: 'MOP$', description: antom.body.order.orderDescription, returnUrl: row.return_url, notifyUrl: '', createdAt: row.created_at }, 'hosted')).rejects.toThrow(/opened for another cashier/)
    // A status poll (the hosted page) opens no cashier: no page, no error.
    const polled = ok(await poll(m, payId))
    expect(polled.table1[0]).toMatchObject({ Status: PAYMENT_STATUS.PENDING, PayUrl: '' })
    expect(fake.payments.get(payId)!.terminalType).toBe('MINI_APP')
  })

  test('a retried PaySubmit answers the same cashier (the same paymentRequestId at Antom); a status poll calls no pay and answers no page', async () => {
    const m = await makeMember(server.db)
    const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey })
    const rk = key()
    const submit = () => server.call('PaySubmit', [{ SheetID: sheetId, RequestKey: rk, ReturnUrl: RETURN, PayChannel: 'hosted' }], { headers: m.headers })
    const first = ok(await submit()).table1[0]
    const again = ok(await submit()).table1[0]
    expect(again).toMatchObject({ PayID: first.PayID, PayUrl: first.PayUrl })
    expect(first.PayUrl).toBe(fake.payments.get(first.PayID)!.normalUrl)
    const polled = ok(await poll(m, first.PayID))
    expect(polled.table1[0]).toMatchObject({ Status: PAYMENT_STATUS.PENDING, PayUrl: '' })
    expect(bodiesOf('pay').filter((b) => b.paymentRequestId === first.PayID)).toHaveLength(2)
  })

  test('cashiers AlipayHK does not have answer 10007; a shop charging in CNY is refused (20020) without asking Antom', async () => {
    const m = await makeMember(server.db)
    const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey })
    const before = fake.requests.length
    for (const channel of ['alipay-jsapi', 'wechat-mini', 'wechat-jsapi']) expect((await paySubmit(m, sheetId, channel)).body.errcode).toBe('10007')
    await setCurrency('CNY')
    try {
      expect((await paySubmit(m, sheetId, 'hosted')).body.resultcode).toBe(RESULTCODES.PAYMENT_ACCOUNT_NOT_LINKED)
    } finally {
      await setCurrency('MOP$')
    }
    expect(fake.requests.length).toBe(before)
    // HK$ is AlipayHK's too: HKD cents.
    await setCurrency('HK$')
    try {
      await openPayment(m, '12.30')
      expect(bodiesOf('pay').at(-1).paymentAmount).toEqual({ currency: 'HKD', value: '1230' })
    } finally {
      await setCurrency('MOP$')
    }
  })

  test.each([
    ['bad-signature', /signature mismatch/],
    ['foreign-key', /signature mismatch/],
    ['stale', /outside the window/],
    ['other-client', /Client-Id is not ours/],
    ['no-signature', /are required/]
  ] as const)('an answer that does not verify (%s) is not believed: no cashier opened, no payment settled', async (fault, reason) => {
    const m = await makeMember(server.db)
    const paid = await openPayment(m)
    fake.pay(paid.payId)
    const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey })
    fake.answerFault = fault
    try {
      const res = await paySubmit(m, sheetId, 'hosted')
      expect(res.body.errcode).toBe('50000')
      await expect(provider().queryStatus({ payId: paid.payId, providerRef: '', amount: '23.50', stored: 'pending' })).rejects.toThrow(reason)
      // The poll believes nothing either (it may fail outright: its page cannot be had): the payment Antom calls paid stays pending here.
      await poll(m, paid.payId)
      expect((await payment(paid.payId)).status).toBe(PAYMENT_STATUS.PENDING)
    } finally {
      fake.answerFault = null
    }
    expect(ok(await poll(m, paid.payId)).table1[0].Status).toBe(PAYMENT_STATUS.PAID)
  })
})

describe('notifications: POST /pay/notify/alipayhk, sent over HTTP by the fake', () => {
  test('PAYMENT_RESULT S pays the order once, answered as Antom requires; a replay, a re-sent one and two at once change nothing', async () => {
    const m = await makeMember(server.db)
    const { sheetId, payId } = await openPayment(m)
    fake.pay(payId)
    const n = fake.paymentNotice(payId)
    expect(n.url).toBe(`${base}/pay/notify/alipayhk`)
    const answer = await fake.deliver(n)
    expect(answer).toEqual({ status: 200, body: SUCCESS_ANSWER })
    expect(await order(sheetId)).toMatchObject({ status: ORDER_STATUS.PAID, paid_amount: '23.50' })
    const paymentId = fake.payments.get(payId)!.paymentId
    expect(await notices(payId)).toEqual([{ notice_id: `alipayhk:payment:${paymentId}:S`, result: 'paid', amount: '23.50' }])
    expect((await fake.deliver(n)).body).toEqual(SUCCESS_ANSWER)
    expect((await fake.deliver(fake.paymentNotice(payId))).body).toEqual(SUCCESS_ANSWER)
    const both = await Promise.all([fake.deliver(fake.paymentNotice(payId)), fake.deliver(fake.paymentNotice(payId))])
    expect(both.map((r) => r.status)).toEqual([200, 200])
    expect(await notices(payId)).toHaveLength(1)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.PAID)
  })

  test('forged, misaddressed, stale, future and tampered notifications are refused (401) and change nothing; the genuine one then pays', async () => {
    const m = await makeMember(server.db)
    const { sheetId, payId } = await openPayment(m, '42.00')
    fake.pay(payId)
    const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
    const now = Date.now()
    const refused = {
      'signed with another key': fake.paymentNotice(payId, 'S', { key: foreign }),
      'another client id (signed for it)': fake.paymentNotice(payId, 'S', { clientId: 'SANDBOX_5YOTHER000001' }),
      'a request time 73 hours old': fake.paymentNotice(payId, 'S', { requestTime: String(now - 73 * 3_600_000) }),
      // Ahead by more than the 300 s window with room to spare (the notices go one after another, and
      // the time that passes on a busy machine would bring 301 s back inside the window).
      'a request time 330 s ahead': fake.paymentNotice(payId, 'S', { requestTime: String(now + 330_000) }),
      'an ISO request time 73 hours old': fake.paymentNotice(payId, 'S', { requestTime: new Date(now - 73 * 3_600_000).toISOString().replace(/\.\d+Z$/, '+00:00') }),
      'an amount changed after signing': fake.paymentNotice(payId, 'S', { tamper: true }),
      'no signature': fake.paymentNotice(payId, 'S', { signatureHeader: '' }),
      'another algorithm': fake.paymentNotice(payId, 'S', { signatureHeader: fake.paymentNotice(payId).headers.signature.replace('RSA256', 'RSA') }),
      'a result that is not final': fake.paymentNotice(payId, 'S', { overrides: { result: { resultCode: 'PAYMENT_IN_PROCESS', resultStatus: 'U', resultMessage: '' } } }),
      'a currency AlipayHK does not charge': fake.paymentNotice(payId, 'S', { overrides: { paymentAmount: { currency: 'CNY', value: '4200' } } }),
      'a notify type this server does not act on': fake.paymentNotice(payId, 'S', { overrides: { notifyType: 'PAYMENT_PENDING' } })
    }
    for (const [what, n] of Object.entries(refused)) {
      const answer = await fake.deliver(n)
      expect({ what, status: answer.status, resultStatus: answer.body?.result?.resultStatus }).toEqual({ what, status: 401, resultStatus: 'F' })
    }
    // The signed path is ours: a notification signed for another path does not verify here.
    const elsewhere = fake.notification(`${base}/pay/notify/other`, JSON.parse(fake.paymentNotice(payId).body))
    expect((await fake.deliver({ ...elsewhere, url: `${base}/pay/notify/alipayhk` })).status).toBe(401)
    expect(await notices(payId)).toEqual([])
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.AWAITING_PAYMENT)
    // A genuine retry Antom signed an hour ago (its first delivery went unanswered) still pays.
    expect((await fake.deliver(fake.paymentNotice(payId, 'S', { requestTime: String(now - 3_600_000) }))).status).toBe(200)
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.PAID)
  })

  test('reordered: F after S leaves the order paid; F first declines, and the S that follows still pays', async () => {
    const m = await makeMember(server.db)
    const first = await openPayment(m)
    fake.pay(first.payId)
    expect((await fake.deliver(fake.paymentNotice(first.payId, 'S'))).status).toBe(200)
    expect((await fake.deliver(fake.paymentNotice(first.payId, 'F'))).status).toBe(200)
    expect((await payment(first.payId)).status).toBe(PAYMENT_STATUS.PAID)
    expect((await order(first.sheetId)).status).toBe(ORDER_STATUS.PAID)

    const second = await openPayment(m)
    expect((await fake.deliver(fake.paymentNotice(second.payId, 'F'))).status).toBe(200)
    expect((await payment(second.payId)).status).toBe(PAYMENT_STATUS.DECLINED)
    fake.pay(second.payId)
    expect((await fake.deliver(fake.paymentNotice(second.payId, 'S'))).status).toBe(200)
    expect((await payment(second.payId)).status).toBe(PAYMENT_STATUS.PAID)
    expect((await order(second.sheetId)).status).toBe(ORDER_STATUS.PAID)
    expect((await notices(second.payId)).map((n) => n.result)).toEqual(['declined', 'paid'])
  })

  test('an amount that disagrees with ours pays nothing: stored as amount_mismatch, the poll answers 20031', async () => {
    const m = await makeMember(server.db)
    for (const paid of ['2351', '2349']) {
      const { sheetId, payId } = await openPayment(m, '23.50')
      fake.pay(payId, paid)
      expect((await fake.deliver(fake.paymentNotice(payId))).status).toBe(200)
      expect(await notices(payId)).toEqual([expect.objectContaining({ result: 'amount_mismatch', amount: fromMinor(paid, 'MOP') })])
      expect((await order(sheetId)).status).toBe(ORDER_STATUS.AWAITING_PAYMENT)
      expect((await poll(m, payId)).body.resultcode).toBe(RESULTCODES.PAYMENT_AMOUNT_MISMATCH)
    }
  })
})

describe('recharges', () => {
  test('a recharge paid in the AlipayHK mini-program is credited once (the RechargeID is the paymentRequestId)', async () => {
    const m = await makeMember(server.db)
    const res = ok(await server.call('RechargeSubmit', [{ RuleID: 'E1001-RR100', ShopID: 'S101', RequestKey: key(), ReturnUrl: '/#/pages/rechargeResult/rechargeResult?RechargeID={RechargeID}', PayChannel: 'alipay-mini' }], { headers: m.headers }))
    const rechargeId = res.table1[0].RechargeID as string
    expect(res.table2[0]).toMatchObject({ Channel: 'alipay-mini', TradeNO: '' })
    expect(bodiesOf('pay').at(-1)).toMatchObject({ paymentRequestId: rechargeId, paymentAmount: { currency: 'MOP', value: '10000' }, env: { terminalType: 'MINI_APP' } })
    const balance = async () => (await server.db.selectFrom('members').select('balance').where('vip_id', '=', m.vipId).executeTakeFirstOrThrow()).balance
    const before = await balance()
    fake.pay(rechargeId)
    expect((await fake.deliver(fake.paymentNotice(rechargeId))).body).toEqual(SUCCESS_ANSWER)
    expect((await fake.deliver(fake.paymentNotice(rechargeId))).body).toEqual(SUCCESS_ANSWER)
    const recharge = await server.db.selectFrom('recharges').select(['status', 'provider_ref']).where('recharge_id', '=', rechargeId).executeTakeFirstOrThrow()
    expect(recharge).toEqual({ status: RECHARGE_STATUS.PAID, provider_ref: fake.payments.get(rechargeId)!.paymentId })
    const after = await balance()
    expect(Number(after) - Number(before)).toBeGreaterThanOrEqual(100)
    expect(Number(after) - Number(before)).toBeLessThan(200)
    // Once: a third delivery changes nothing.
    await fake.deliver(fake.paymentNotice(rechargeId))
    expect(await balance()).toBe(after)
  })
})

describe('query (a late notification) and cancel (a replaced attempt)', () => {
  test('paid at Antom but no notification yet: the poll asks inquiryPayment and pays the order; the notification, when it comes, changes nothing', async () => {
    const m = await makeMember(server.db)
    const { sheetId, payId } = await openPayment(m, '66.60')
    expect(ok(await poll(m, payId)).table1[0].Status).toBe(PAYMENT_STATUS.PENDING)
    expect(bodiesOf('inquiryPayment').filter((b) => b.paymentRequestId === payId)).toEqual([{ paymentRequestId: payId }])
    fake.pay(payId)
    expect(ok(await poll(m, payId)).table1[0].Status).toBe(PAYMENT_STATUS.PAID)
    expect(await order(sheetId)).toMatchObject({ status: ORDER_STATUS.PAID, paid_amount: '66.60' })
    expect(await notices(payId)).toEqual([{ notice_id: `alipayhk:query:${payId}:paid`, result: 'paid', amount: '66.60' }])
    expect((await fake.deliver(fake.paymentNotice(payId))).status).toBe(200)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.PAID)
  })

  test.each([
    ['FAIL', PAYMENT_STATUS.DECLINED],
    ['CANCELLED', PAYMENT_STATUS.DECLINED],
    ['PROCESSING', PAYMENT_STATUS.PENDING]
  ] as const)('paymentStatus %s → payment status %s', async (status, expected) => {
    const m = await makeMember(server.db)
    const { sheetId, payId } = await openPayment(m)
    fake.payments.get(payId)!.status = status
    expect(ok(await poll(m, payId)).table1[0].Status).toBe(expected)
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.AWAITING_PAYMENT)
  })

  test('a payment Antom never opened (ORDER_NOT_EXIST) is pending', async () => {
    await expect(provider().queryStatus({ payId: 'PNEVEROPENED0001', providerRef: '', amount: '1.00', stored: 'pending' })).resolves.toEqual({ status: 'pending' })
  })

  test('a new attempt cancels the one it replaces at Antom; one the payer has just paid is never cancelled (Antom\'s cancel would refund it), and its notification pays the order', async () => {
    const m = await makeMember(server.db)
    const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey, amount: '30.00' })
    const first = ok(await paySubmit(m, sheetId, 'hosted')).table1[0].PayID as string
    const second = ok(await paySubmit(m, sheetId, 'hosted')).table1[0].PayID as string
    expect(bodiesOf('cancel').filter((b) => b.paymentRequestId === first)).toEqual([{ paymentRequestId: first }])
    expect(fake.payments.get(first)!.status).toBe('CANCELLED')
    expect(fake.payments.get(second)!.status).toBe('PROCESSING')
    expect(ok(await poll(m, first)).table1[0].Status).toBe(PAYMENT_STATUS.DECLINED)

    fake.pay(second)
    const third = ok(await paySubmit(m, sheetId, 'hosted')).table1[0].PayID as string
    expect(third).not.toBe(second)
    expect(bodiesOf('cancel').filter((b) => b.paymentRequestId === second)).toEqual([])
    expect(fake.payments.get(second)!.status).toBe('SUCCESS')
    expect((await fake.deliver(fake.paymentNotice(second))).status).toBe(200)
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.PAID)
  })
})

describe('refunds and refund notifications', () => {
  const auth = { authorization: `Bearer ${ADMIN}` }
  const cancel = (sheetId: string) => server.app.inject({ method: 'POST', url: `/admin/orders/${sheetId}/cancel`, headers: auth })
  const refundsOf = (payId: string) => bodiesOf('refund').filter((b) => b.refundRequestId === payId || b.refundRequestId.startsWith(`${payId}_`))

  async function paidOrder(amount: string) {
    const m = await makeMember(server.db)
    const opened = await openPayment(m, amount)
    fake.pay(opened.payId)
    expect((await fake.deliver(fake.paymentNotice(opened.payId))).status).toBe(200)
    expect((await payment(opened.payId)).status).toBe(PAYMENT_STATUS.PAID)
    return { m, ...opened, paymentId: fake.payments.get(opened.payId)!.paymentId }
  }

  test('the shop cancels a paid order: the whole amount goes back (refundRequestId = PayID, Antom\'s paymentId, cents exact); the REFUND_RESULT notification confirms it once', async () => {
    const { sheetId, payId, paymentId } = await paidOrder('88.88')
    expect((await cancel(sheetId)).statusCode).toBe(200)
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.CANCELLED)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    expect(refundsOf(payId)).toEqual([
      { refundRequestId: payId, paymentId, refundAmount: { currency: 'MOP', value: '8888' }, refundReason: 'order cancelled by the shop', refundNotifyUrl: `${base}/pay/notify/alipayhk` }
    ])
    const refund = fake.refunds.get(payId)!
    const confirmed = fake.refundNotice(payId, 'SUCCESS')
    expect(await fake.deliver(confirmed)).toEqual({ status: 200, body: SUCCESS_ANSWER })
    expect((await fake.deliver(confirmed)).status).toBe(200)
    expect(await notices(payId)).toContainEqual({ notice_id: `alipayhk:refund:${refund.refundId}:SUCCESS`, result: 'refund_confirmed', amount: '88.88' })
    expect((await notices(payId)).filter((n) => n.result === 'refund_confirmed')).toHaveLength(1)
    // A forged, future or days-old refund notification is refused like any other.
    expect((await fake.deliver(fake.refundNotice(payId, 'FAIL', { tamper: true }))).status).toBe(401)
    expect((await fake.deliver(fake.refundNotice(payId, 'FAIL', { requestTime: String(Date.now() + 400_000) }))).status).toBe(401)
    expect((await fake.deliver(fake.refundNotice(payId, 'FAIL', { requestTime: String(Date.now() - 73 * 3_600_000) }))).status).toBe(401)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
  })

  test('a refund that fails at Antom (REFUND_RESULT FAIL) leaves the money with us: the payment is refund due again', async () => {
    const { sheetId, payId } = await paidOrder('10.00')
    expect((await cancel(sheetId)).statusCode).toBe(200)
    expect((await fake.deliver(fake.refundNotice(payId, 'FAIL'))).status).toBe(200)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUND_DUE)
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.CANCELLED)
  })

  test('Antom refusing a refund stops the cancel (the order stays paid); asked again, the same refundRequestId goes through once', async () => {
    const { sheetId, payId } = await paidOrder('20.00')
    fake.refuseRefunds = 'MERCHANT_BALANCE_NOT_ENOUGH'
    try {
      expect((await cancel(sheetId)).statusCode).toBeGreaterThanOrEqual(400)
    } finally {
      fake.refuseRefunds = null
    }
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.PAID)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.PAID)
    expect((await cancel(sheetId)).statusCode).toBe(200)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    expect([...fake.refunds.values()].filter((r) => r.refundRequestId === payId)).toHaveLength(1)
  })

  test('a refund answered U (in process) or whose answer is lost is settled by inquiryRefund, given once', async () => {
    for (const mode of ['U', 'lost'] as const) {
      const { sheetId, payId } = await paidOrder('15.80')
      fake.refundMode = mode
      try {
        expect((await cancel(sheetId)).statusCode).toBe(200)
      } finally {
        fake.refundMode = 'S'
      }
      expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
      expect(bodiesOf('inquiryRefund').filter((b) => b.refundRequestId === payId)).toEqual([{ refundRequestId: payId }])
      expect([...fake.refunds.values()].filter((r) => r.refundRequestId === payId)).toHaveLength(1)
    }
  })

  test('after-sale: parts go back under <PayID>_<request id>, cents exact, never more than was paid; their notifications find the payment', async () => {
    const { m, sheetId, payId } = await paidOrder('23.50')
    const ask = async (amount: string) => {
      const request = ok(await server.call('AfterSaleSubmit', [{ SheetID: sheetId, Amount: amount, Reason: 'quality', Content: 'cold', RequestKey: key() }], { headers: m.headers })).table1[0]
      const done = await approveAfterSale(server.db, server.providers.payments, { afterSaleId: request.AfterSaleID, note: '', now: new Date() })
      expect(done.applied).toBe(true)
      return request.AfterSaleID as string
    }
    const first = await ask('10.01')
    const second = await ask('13.49')
    expect(refundsOf(payId).map((b) => [b.refundRequestId, b.refundAmount])).toEqual([
      [`${payId}_${first}`, { currency: 'MOP', value: '1001' }],
      [`${payId}_${second}`, { currency: 'MOP', value: '1349' }]
    ])
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    expect((await fake.deliver(fake.refundNotice(`${payId}_${first}`, 'SUCCESS'))).status).toBe(200)
    const refundId = fake.refunds.get(`${payId}_${first}`)!.refundId
    expect(await notices(payId)).toContainEqual({ notice_id: `alipayhk:refund:${refundId}:SUCCESS`, result: 'refund_confirmed', amount: '10.01' })
    // More than was paid is refused before Antom is asked; a number reused for another amount is refused by Antom.
    await expect(provider().refund({ payId, providerRef: '', amount: '23.51', paymentAmount: '23.50', currency: 'MOP$', reason: '' })).rejects.toThrow(/cannot refund/)
    await expect(provider().refund({ payId, providerRef: '', refundNo: first, amount: '10.00', paymentAmount: '23.50', currency: 'MOP$', reason: '' })).rejects.toThrow(/REPEAT_REQ_INCONSISTENT/)
    // An answer about another amount than the one asked for is not taken as this refund.
    const other = await paidOrder('7.00')
    fake.refundAnswerValue = '600'
    try {
      await expect(provider().refund({ payId: other.payId, providerRef: other.paymentId, amount: '7.00', paymentAmount: '7.00', currency: 'MOP$', reason: '' })).rejects.toThrow(/REFUND_AMOUNT_DIFFERS/)
    } finally {
      fake.refundAnswerValue = null
    }
  })

  test('queryRefund answers the fact a REFUND_RESULT would carry (same noticeId); an unknown refund is not_found', async () => {
    const { sheetId, payId } = await paidOrder('5.00')
    expect((await cancel(sheetId)).statusCode).toBe(200)
    const refundId = fake.refunds.get(payId)!.refundId
    await expect(provider().queryRefund({ payId, providerRef: '', refundNo: payId, amount: '5.00' })).resolves.toEqual({
      status: 'settled',
      notice: { kind: 'refund', noticeId: `refund:${refundId}:SUCCESS`, payId, refundNo: payId, refundRef: refundId, result: 'refunded', amount: '5.00' }
    })
    await expect(provider().queryRefund({ payId, providerRef: '', refundNo: 'ASNOSUCH', amount: '1.00' })).resolves.toEqual({ status: 'not_found' })
  })

  test('every request this file made was signed as Antom checks it', () => {
    expect(fake.requests.length).toBeGreaterThan(10)
    expect(fake.requests.filter((r) => !r.verified)).toEqual([])
  })
})

describe('configuration: AlipayHK without its credentials refuses to start, naming what is missing', () => {
  const build = (env: Record<string, string>, production = false) => {
    const config = loadConfig({ ...env, PAYMENT_PROVIDERS: 'alipayhk', ...(production ? { NODE_ENV: 'production', PUBLIC_URL: env.PUBLIC_URL ?? '' } : {}) }, { databaseUrl: null })
    return buildPaymentProviders(config, server.db)
  }

  test.each([
    ['ALIPAYHK_CLIENT_ID', 'the Antom client id'],
    ['ALIPAYHK_PRIVATE_KEY_PATH', "the merchant's RSA private key"],
    ['ALIPAYHK_ANTOM_PUBLIC_KEY', "Antom's public key"]
  ])('without %s', async (setting, what) => {
    const env = envOf(keys)
    delete env[setting]
    const error = await build(env).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderSettingError)
    expect((error as Error).message).toMatch(/^PAYMENT_PROVIDERS=alipayhk needs /)
    expect((error as Error).message).toContain(setting)
    expect((error as Error).message).toContain(what)
    expect((error as Error).message).not.toContain('\n')
    expect((error as Error).message).not.toContain(keys.antomPublicKeyBase64.slice(40, 80))
  })

  test('wrong values are named too: a key file that is not there, a public key that is no key, a plain-http gateway elsewhere', async () => {
    const error = (await build(envOf(keys, { ALIPAYHK_PRIVATE_KEY_PATH: path.join(dir, 'missing.pem'), ALIPAYHK_ANTOM_PUBLIC_KEY: 'bm90IGEga2V5', ALIPAYHK_GATEWAY: 'http://antom.example' })).catch((e: unknown) => e)) as Error
    expect(error).toBeInstanceOf(ProviderSettingError)
    expect(error.message).toContain("ALIPAYHK_PRIVATE_KEY_PATH (cannot read '")
    expect(error.message).toContain('ALIPAYHK_ANTOM_PUBLIC_KEY (not an RSA public key)')
    expect(error.message).toContain('ALIPAYHK_GATEWAY')
  })

  test('production: also an https PUBLIC_URL and an https gateway; complete, it builds', async () => {
    const error = (await build(envOf(keys), true).catch((e: unknown) => e)) as Error
    expect(error).toBeInstanceOf(ProviderSettingError)
    expect(error.message).toContain('PUBLIC_URL (https')
    expect(error.message).toContain('ALIPAYHK_GATEWAY (https in production)')
    const providers = await build(envOf(keys, { PUBLIC_URL: 'https://order.shop.example', ALIPAYHK_GATEWAY: 'https://open-sea-global.alipay.com' }), true)
    expect(providers.names()).toEqual(['alipayhk'])
    const credentials = alipayHkFromSettings(alipayHkSettings(envOf(keys, { ALIPAYHK_GATEWAY: 'https://open-sea-global.alipay.com/' })), { publicUrl: 'https://order.shop.example', production: true })
    expect(credentials).toMatchObject({ gateway: 'https://open-sea-global.alipay.com', notifyUrl: 'https://order.shop.example/pay/notify/alipayhk', keyVersion: '1' })
  })

  test('the real server process: NODE_ENV=production with PAYMENT_PROVIDERS=alipayhk and no credentials exits non-zero, in one line naming them', async () => {
    const { code, stdout, stderr } = await runServerProcess(
      { NODE_ENV: 'production', PAYMENT_PROVIDERS: 'alipayhk', ALLOW_DEVELOPMENT_PROVIDERS: 'sms,identity,geocoding', PUBLIC_URL: 'https://order.shop.example' },
      dir,
      ['ALIPAYHK_']
    )
    expect(code).toBe(1)
    expect(stdout).not.toContain('listening')
    const lines = stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^ScanOrder gateway refused to start: PAYMENT_PROVIDERS=alipayhk needs ALIPAYHK_CLIENT_ID \(the Antom client id\); /)
    for (const setting of ['ALIPAYHK_PRIVATE_KEY_PATH', 'ALIPAYHK_ANTOM_PUBLIC_KEY_PATH']) expect(lines[0]).toContain(setting)
  }, 60_000)

  test('the real server process: production with AlipayHK configured needs no ALLOW_DEVELOPMENT_PROVIDERS for payments; its start line names it', async () => {
    // The port is taken, so the process stops right after building its providers and printing the start line.
    const taken = net.createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const port = (taken.address() as net.AddressInfo).port
    try {
      const { code, stdout, stderr } = await runServerProcess(
        {
          ...envOf(keys, { ALIPAYHK_GATEWAY: 'https://open-sea-global.alipay.com' }),
          NODE_ENV: 'production',
          PORT: String(port),
          PAYMENT_PROVIDERS: 'alipayhk',
          ALLOW_DEVELOPMENT_PROVIDERS: 'sms,identity,geocoding',
          PUBLIC_URL: 'https://order.shop.example'
        },
        dir,
        // Only the runner's other vendors' settings are dropped ('ALIPAY_' is not a prefix of 'ALIPAYHK_').
        ['WECHATPAY_', 'ALIPAY_']
      )
      expect(stdout).toContain('providers: payments=alipayhk (Alipay+ via Antom, real money)')
      expect(stderr).not.toContain('refused to start')
      expect(stderr).toContain('EADDRINUSE')
      expect(code).toBe(1)
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()))
    }
  }, 60_000)
})
