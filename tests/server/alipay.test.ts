/**
 * Issue 25 item 2: the 'alipay' provider (the official alipay-sdk) through the real gateway
 * operations (PaySubmit, PaymentStatusUpdate), the real notify route (POST /pay/notify/alipay,
 * reached over HTTP by the fake) and the shop's real cancel (the admin API), against a loopback
 * fake of Alipay's openapi gateway (tests/support/fake-alipay.ts) with keys this test makes.
 * SQLite by default; PostgreSQL with DATABASE_URL. What the fake cannot show is in docs/alipay.md.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { RESULTCODES } from '../../src/gateway/codes'
import { ORDER_STATUS, PAYMENT_STATUS } from '../../src/gateway/order-rows'
import { RECHARGE_STATUS } from '../../src/gateway/member-rows'
import type { PayInvocationRow } from '../../src/gateway/pay-invocation'
import { approveAfterSale } from '../../server/src/domain/aftersale/aftersale.service'
import type { AlipayProvider } from '../../server/src/providers/payment/alipay.provider'
import { alipayFromSettings, fromYuan, toYuan } from '../../server/src/providers/payment/alipay.provider'
import { alipaySettings } from '../../server/src/providers/payment/alipay.settings'
import { ProviderSettingError } from '../../server/src/providers/run-mode'
import { FakeAlipay, makeAlipayKeys, type AlipayKeys } from '../support/fake-alipay'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { insertOrderRow } from './helpers/order-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { runServerProcess } from './helpers/start-check'
import { freePort } from '../support/free-port'

const ADMIN = 'alipay-test-admin-token-0123456789abc'
const RETURN = '/#/pages/paying/paying?PayID={PayID}'

let keys: AlipayKeys
let fake: FakeAlipay
let server: TestServer
let base: string
let dir: string

function envOf(k: AlipayKeys, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ALIPAY_APP_ID: k.appId,
    ALIPAY_PRIVATE_KEY_PATH: path.join(dir, 'app_private_key.pem'),
    // As the open platform shows it: bare base64, no PEM armour.
    ALIPAY_PUBLIC_KEY: k.alipayPublicKeyPem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''),
    ALIPAY_SELLER_ID: k.sellerId,
    ALIPAY_GATEWAY: fake.url,
    ...extra
  }
}

beforeAll(async () => {
  keys = makeAlipayKeys()
  fake = new FakeAlipay(keys)
  await fake.start()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-alipay-'))
  fs.writeFileSync(path.join(dir, 'app_private_key.pem'), keys.appPrivateKeyPem)
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  server = await createTestServer({ paymentProviders: ['alipay', 'sandbox'], publicUrl: base, adminToken: ADMIN, alipay: alipaySettings(envOf(keys)) })
  await server.app.listen({ port, host: '127.0.0.1' })
  await server.db.updateTable('finance_accounts').set({ provider: 'alipay' }).where('shop_id', '=', 'S101').execute()
  await setCurrency('CNY')
}, 60_000)

afterAll(async () => {
  await server?.close()
  await fake?.stop()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

async function setCurrency(currency: string): Promise<void> {
  await server.db.updateTable('enterprise_settings').set({ parm_value: currency }).where('ent_id', '=', 'E1001').where('parm_id', '=', 'Currency').execute()
}

const key = () => `ali-${randomBytes(8).toString('hex')}`

/** A signed-in member whose Alipay user id the server has checked (member_identities, providers 'alipay-mini' and 'alipay'). */
async function diner(): Promise<TestMember & { buyerId: string; openId: string }> {
  const m = await makeMember(server.db)
  const buyerId = `2088${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`
  // The mini-program's sign-in checked a user id (2088…); the Alipay browser's an open id of this app.
  const openId = `0${randomBytes(20).toString('hex').slice(0, 33)}`
  const at = new Date().toISOString()
  await server.db
    .insertInto('member_identities')
    .values([
      { ent_id: 'E1001', provider: 'alipay-mini', open_id: buyerId, vip_id: m.vipId, created_at: at },
      { ent_id: 'E1001', provider: 'alipay', open_id: openId, vip_id: m.vipId, created_at: at }
    ])
    .execute()
  return { ...m, buyerId, openId }
}

async function paySubmit(m: TestMember, sheetId: string, channel: string) {
  return server.call('PaySubmit', [{ SheetID: sheetId, RequestKey: key(), ReturnUrl: RETURN, PayChannel: channel }], { headers: m.headers })
}

async function openPayment(m: TestMember, amount = '23.50', channel = 'alipay-mini') {
  const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey, amount })
  const data = ok(await paySubmit(m, sheetId, channel))
  return { sheetId, payId: data.table1[0].PayID as string, payUrl: data.table1[0].PayUrl as string, invocation: data.table2[0] as PayInvocationRow }
}

const payment = (payId: string) => server.db.selectFrom('payments').selectAll().where('pay_id', '=', payId).executeTakeFirstOrThrow()
const order = (orderId: string) => server.db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()
const notices = (payId: string) => server.db.selectFrom('payment_notices').select(['notice_id', 'result', 'amount']).where('pay_id', '=', payId).orderBy('received_at').execute()
const calls = (api: string) => fake.requests.filter((r) => r.api === api)

describe('amounts as yuan text, exact both ways', () => {
  test.each([
    ['0.01', '0.01'],
    ['0.1', '0.10'],
    ['23.5', '23.50'],
    ['19.99', '19.99'],
    ['1000000', '1000000.00']
  ])('%s → %s', (ours, theirs) => {
    expect(toYuan(ours)).toBe(theirs)
    expect(fromYuan(theirs)).toBe(theirs)
  })

  test('finer than a fen, or not an amount, is refused, never rounded', () => {
    for (const bad of ['10.005', '0.001', '-1', '1e3', '', ' 1']) expect(() => toYuan(bad)).toThrow()
    for (const bad of ['10.005', '-1', '1e3', 12.5, null, '']) expect(fromYuan(bad)).toBeNull()
  })
})

describe('configuration', () => {
  test('choosing alipay without its settings refuses in one line naming every one missing', () => {
    expect(() => alipayFromSettings(alipaySettings({}), { publicUrl: null, production: true })).toThrow(ProviderSettingError)
    try {
      alipayFromSettings(alipaySettings({ ALIPAY_GATEWAY: 'http://gw.example/gateway.do' }), { publicUrl: 'http://x.example', production: true })
    } catch (e) {
      const message = (e as Error).message
      expect(message).toMatch(/^PAYMENT_PROVIDERS=alipay needs ALIPAY_APP_ID/)
      for (const setting of ['ALIPAY_SELLER_ID', 'ALIPAY_PRIVATE_KEY_PATH', 'ALIPAY_PUBLIC_KEY_PATH', 'ALIPAY_GATEWAY', 'PUBLIC_URL']) expect(message).toContain(setting)
      expect(message.split('\n')).toHaveLength(1)
    }
    // A key that is not one, a seller that is not a PID.
    fs.writeFileSync(path.join(dir, 'bad.pem'), 'not a key')
    expect(() => alipayFromSettings(alipaySettings(envOf(keys, { ALIPAY_PRIVATE_KEY_PATH: path.join(dir, 'bad.pem'), ALIPAY_SELLER_ID: '1234' })), { publicUrl: base, production: false })).toThrow(
      /ALIPAY_SELLER_ID \(16 digits starting 2088\); ALIPAY_PRIVATE_KEY_PATH \(not an RSA private key/
    )
    expect(alipayFromSettings(alipaySettings(envOf(keys)), { publicUrl: base, production: false }).notifyUrl).toBe(`${base}/pay/notify/alipay`)
  })

  test('the real server process in production with PAYMENT_PROVIDERS=alipay and no ALIPAY_* settings exits 1 with one line naming them', async () => {
    const { code, stdout, stderr } = await runServerProcess(
      { NODE_ENV: 'production', PAYMENT_PROVIDERS: 'alipay', ALLOW_DEVELOPMENT_PROVIDERS: 'sms,identity,geocoding', PUBLIC_URL: 'https://order.shop.example' },
      dir,
      ['ALIPAY_']
    )
    expect(code).toBe(1)
    expect(stdout).not.toContain('listening')
    const lines = stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^ScanOrder gateway refused to start: PAYMENT_PROVIDERS=alipay needs ALIPAY_APP_ID/)
    for (const setting of ['ALIPAY_SELLER_ID', 'ALIPAY_PRIVATE_KEY_PATH', 'ALIPAY_PUBLIC_KEY_PATH']) expect(lines[0]).toContain(setting)
  }, 60_000)
})

describe('paying: PaySubmit per cashier', () => {
  test('the mini-program (alipay-mini): alipay.trade.create signed RSA2, the checked buyer_id, yuan exact; tradeNO for my.tradePay and AlipayJSBridge', async () => {
    const m = await diner()
    const { payId, invocation } = await openPayment(m, '23.5')
    const create = calls('alipay.trade.create').at(-1)!
    expect(create.signatureOk).toBe(true)
    expect(create.params).toMatchObject({ app_id: keys.appId, sign_type: 'RSA2', charset: 'utf-8', notify_url: `${base}/pay/notify/alipay` })
    expect(create.params.timestamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    expect(create.biz).toMatchObject({ out_trade_no: payId, total_amount: '23.50', buyer_id: m.buyerId, product_code: 'JSAPI_PAY' })
    expect(invocation).toMatchObject({ Channel: 'alipay-mini', TradeNO: fake.trades.get(payId)!.tradeNo })
    // The Alipay browser's AlipayJSBridge tradePay takes the same.
    const jsapi = await openPayment(m, '5.00', 'alipay-jsapi')
    expect(jsapi.invocation).toMatchObject({ Channel: 'alipay-jsapi', TradeNO: fake.trades.get(jsapi.payId)!.tradeNo })
    expect(calls('alipay.trade.create').at(-1)!.biz).toMatchObject({ out_trade_no: jsapi.payId, total_amount: '5.00', buyer_open_id: m.openId })
    expect(calls('alipay.trade.create').at(-1)!.biz.buyer_id).toBeUndefined()
  })

  test('H5 and the Alipay browser without sign-in (hosted): the signed alipay.trade.wap.pay URL, which the gateway accepts', async () => {
    const walkIn = await makeMember(server.db)
    const { payId, payUrl, invocation } = await openPayment(walkIn, '12.34', 'hosted')
    expect(invocation.Channel).toBe('hosted')
    const url = new URL(payUrl)
    expect(`${url.origin}${url.pathname}`).toBe(fake.url)
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay')
    expect(url.searchParams.get('return_url')).toBe(`${base}/#/pages/paying/paying?PayID=${payId}`)
    expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({ out_trade_no: payId, total_amount: '12.34', product_code: 'QUICK_WAP_WAY' })
    // The payer's browser opens it: Alipay checks our signature and makes the trade.
    const opened = await fetch(payUrl)
    expect(opened.status).toBe(200)
    expect(calls('alipay.trade.wap.pay').at(-1)!.signatureOk).toBe(true)
    expect(fake.trades.get(payId)).toMatchObject({ totalAmount: '12.34', status: 'WAIT_BUYER_PAY' })
    // A tampered URL (another amount) is refused by the gateway.
    const forged = new URL(payUrl)
    forged.searchParams.set('biz_content', JSON.stringify({ ...JSON.parse(url.searchParams.get('biz_content')!), total_amount: '0.01' }))
    await fetch(forged)
    expect(calls('alipay.trade.wap.pay').at(-1)!.signatureOk).toBe(false)
  })

  test('a diner without a checked Alipay id must sign in through the host (10010); other currencies are refused (20020); WeChat cashiers are not Alipay\'s', async () => {
    const walkIn = await makeMember(server.db)
    const sheetId = await insertOrderRow(server.db, { ownerKey: walkIn.ownerKey })
    const before = fake.requests.length
    expect((await paySubmit(walkIn, sheetId, 'alipay-mini')).body.errcode).toBe('10010')
    expect((await paySubmit(walkIn, sheetId, 'wechat-mini')).body.errcode).toBe('10007')
    const m = await diner()
    await setCurrency('MOP$')
    try {
      const other = await insertOrderRow(server.db, { ownerKey: m.ownerKey })
      expect((await paySubmit(m, other, 'alipay-mini')).body.resultcode).toBe(RESULTCODES.PAYMENT_ACCOUNT_NOT_LINKED)
    } finally {
      await setCurrency('CNY')
    }
    expect(fake.requests.length).toBe(before)
  })

  test('an answer whose signature does not verify (or has none) is not believed: no trade number reaches the diner', async () => {
    const m = await diner()
    for (const fault of ['bad-sign', 'unsigned'] as const) {
      fake.answerFault = fault
      try {
        const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey })
        const r = await paySubmit(m, sheetId, 'alipay-mini')
        expect(r.body.errcode === '0' && r.body.resultcode === '0').toBe(false)
      } finally {
        fake.answerFault = null
      }
    }
  })
})

describe('notices: POST /pay/notify/alipay, sent over HTTP by the fake', () => {
  test('TRADE_SUCCESS pays the order once, answered exactly "success"; retries are replays; TRADE_FINISHED later is the same money', async () => {
    const m = await diner()
    const { sheetId, payId } = await openPayment(m, '23.50')
    const first = await fake.pay(payId)
    expect(first).toMatchObject({ status: 200, body: 'success' })
    expect(await order(sheetId)).toMatchObject({ status: ORDER_STATUS.PAID, paid_amount: '23.50' })
    const tradeNo = fake.trades.get(payId)!.tradeNo
    expect(await notices(payId)).toEqual([{ notice_id: `alipay:trade:${tradeNo}:paid`, result: 'paid', amount: '23.50' }])
    // Alipay retries (the same notify_id) and sends fresh ones; each is absorbed.
    expect(await fake.post(payId, first.notice)).toEqual({ status: 200, body: 'success' })
    expect((await fake.post(payId, fake.notice(payId))).body).toBe('success')
    fake.setStatus(payId, 'TRADE_FINISHED')
    expect((await fake.post(payId, fake.notice(payId))).body).toBe('success')
    expect(await notices(payId)).toHaveLength(1)
    const polled = ok(await server.call('PaymentStatusUpdate', [{ PayID: payId }], { headers: m.headers }))
    expect(polled.table1[0]).toMatchObject({ Status: PAYMENT_STATUS.PAID })
  })

  test('forged, tampered and misaddressed notices are refused (401, "failure") and change nothing; the genuine one then pays', async () => {
    const m = await diner()
    const { sheetId, payId } = await openPayment(m, '30.00')
    fake.setStatus(payId, 'TRADE_SUCCESS')
    const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
    const bad = [
      fake.notice(payId, { signWith: foreign }),
      fake.notice(payId, { tamper: (f) => f.set('total_amount', '0.01') }),
      fake.notice(payId, { tamper: (f) => f.set('out_trade_no', `${payId}X`) }),
      fake.notice(payId, { tamper: (f) => f.delete('sign') }),
      fake.notice(payId, { tamper: (f) => f.set('sign_type', 'RSA') }),
      fake.notice(payId, { tamper: (f) => f.append('total_amount', '30.00') }),
      fake.notice(payId, { overrides: { app_id: '2021000000000001' } }),
      fake.notice(payId, { overrides: { seller_id: '2088000000000001' } }),
      fake.notice(payId, { overrides: { trade_status: 'WAIT_BUYER_PAY' } }),
      ''
    ]
    for (const body of bad) {
      const answer = await fake.post(payId, body)
      expect(answer).toEqual({ status: 401, body: 'failure' })
    }
    expect(await notices(payId)).toEqual([])
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.AWAITING_PAYMENT)
    expect((await fake.post(payId, fake.notice(payId))).body).toBe('success')
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.PAID)
  })

  test('an amount that disagrees with ours pays nothing: stored as amount_mismatch, the poll answers 20031', async () => {
    const m = await diner()
    for (const paid of ['23.51', '23.49']) {
      const { sheetId, payId } = await openPayment(m, '23.50')
      // Alipay's own record says the other amount too (the poll's query agrees with the notice).
      fake.setStatus(payId, 'TRADE_SUCCESS').totalAmount = paid
      expect((await fake.post(payId, fake.notice(payId))).status).toBe(200)
      expect(await notices(payId)).toEqual([expect.objectContaining({ result: 'amount_mismatch', amount: paid })])
      expect((await order(sheetId)).status).toBe(ORDER_STATUS.AWAITING_PAYMENT)
      expect((await payment(payId)).status).toBe(PAYMENT_STATUS.PENDING)
      expect((await server.call('PaymentStatusUpdate', [{ PayID: payId }], { headers: m.headers })).body.resultcode).toBe(RESULTCODES.PAYMENT_AMOUNT_MISMATCH)
    }
  })

  test('TRADE_CLOSED declines an unpaid payment, and never moves a paid order back', async () => {
    const m = await diner()
    const open = await openPayment(m, '8.00')
    fake.setStatus(open.payId, 'TRADE_CLOSED')
    expect((await fake.post(open.payId, fake.notice(open.payId))).body).toBe('success')
    expect((await payment(open.payId)).status).toBe(PAYMENT_STATUS.DECLINED)

    const paid = await openPayment(m, '9.00')
    await fake.pay(paid.payId)
    fake.setStatus(paid.payId, 'TRADE_CLOSED')
    expect((await fake.post(paid.payId, fake.notice(paid.payId))).status).toBe(200)
    expect((await order(paid.sheetId)).status).toBe(ORDER_STATUS.PAID)
    expect((await payment(paid.payId)).status).toBe(PAYMENT_STATUS.PAID)
  })
})

describe('query: a late notice', () => {
  test('PaymentStatusUpdate asks alipay.trade.query: WAIT_BUYER_PAY pending, TRADE_SUCCESS paid (amount from Alipay), never opened pending', async () => {
    const m = await diner()
    const { sheetId, payId } = await openPayment(m, '15.20')
    const poll = async () => ok(await server.call('PaymentStatusUpdate', [{ PayID: payId }], { headers: m.headers })).table1[0].Status
    expect(await poll()).toBe(PAYMENT_STATUS.PENDING)
    expect(calls('alipay.trade.query').at(-1)!.biz).toEqual({ out_trade_no: payId })
    fake.setStatus(payId, 'TRADE_SUCCESS')
    expect(await poll()).toBe(PAYMENT_STATUS.PAID)
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.PAID)
    // A wap page never opened: Alipay has no trade, nobody paid.
    const walkIn = await makeMember(server.db)
    const hosted = await openPayment(walkIn, '1.00', 'hosted')
    expect(ok(await server.call('PaymentStatusUpdate', [{ PayID: hosted.payId }], { headers: walkIn.headers })).table1[0].Status).toBe(PAYMENT_STATUS.PENDING)
  })
})

describe('recharge', () => {
  test('a recharge paid in the mini-program is credited once', async () => {
    const m = await diner()
    const res = ok(await server.call('RechargeSubmit', [{ RuleID: 'E1001-RR100', ShopID: 'S101', RequestKey: key(), ReturnUrl: '/#/pages/rechargeResult/rechargeResult?RechargeID={RechargeID}', PayChannel: 'alipay-mini' }], { headers: m.headers }))
    const rechargeId = res.table1[0].RechargeID as string
    expect(res.table2[0]).toMatchObject({ Channel: 'alipay-mini', TradeNO: fake.trades.get(rechargeId)!.tradeNo })
    expect(calls('alipay.trade.create').at(-1)!.biz).toMatchObject({ out_trade_no: rechargeId, total_amount: '100.00', buyer_id: m.buyerId })
    const paid = await fake.pay(rechargeId)
    expect(paid.body).toBe('success')
    expect((await fake.post(rechargeId, paid.notice)).body).toBe('success')
    const recharge = await server.db.selectFrom('recharges').select(['status']).where('recharge_id', '=', rechargeId).executeTakeFirstOrThrow()
    expect(recharge.status).toBe(RECHARGE_STATUS.PAID)
    const member = await server.db.selectFrom('members').select('balance').where('vip_id', '=', m.vipId).executeTakeFirstOrThrow()
    expect(member.balance).toMatch(/^110(\.0+)?$/)
  })
})

describe('close: a replaced attempt', () => {
  test('a new attempt closes the one it replaces (alipay.trade.close); one the payer has just paid cannot close, and its notice still pays the order', async () => {
    const m = await diner()
    const poll = async (payId: string) => ok(await server.call('PaymentStatusUpdate', [{ PayID: payId }], { headers: m.headers })).table1[0].Status
    const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey, amount: '30.00' })
    const first = ok(await paySubmit(m, sheetId, 'alipay-mini')).table1[0].PayID as string
    const second = ok(await paySubmit(m, sheetId, 'alipay-mini')).table1[0].PayID as string
    expect(second).not.toBe(first)
    expect(calls('alipay.trade.close').filter((r) => r.biz.out_trade_no === first)).toHaveLength(1)
    expect(fake.trades.get(first)!.status).toBe('TRADE_CLOSED')
    expect(fake.trades.get(second)!.status).toBe('WAIT_BUYER_PAY')
    expect(await poll(first)).toBe(PAYMENT_STATUS.DECLINED)

    // Paid just before a third attempt: Alipay refuses the close (ACQ.TRADE_STATUS_ERROR), and the money still pays the order.
    fake.setStatus(second, 'TRADE_SUCCESS')
    const third = ok(await paySubmit(m, sheetId, 'alipay-mini')).table1[0].PayID as string
    expect(third).not.toBe(second)
    expect(fake.trades.get(second)!.status).toBe('TRADE_SUCCESS')
    expect((await fake.post(second, fake.notice(second))).body).toBe('success')
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.PAID)
  })
})

describe('refunds: the shop cancels a paid order (admin API)', () => {
  const auth = { authorization: `Bearer ${ADMIN}` }
  const cancel = (sheetId: string) => server.app.inject({ method: 'POST', url: `/admin/orders/${sheetId}/cancel`, headers: auth })

  async function paidOrder(amount: string) {
    const m = await diner()
    const opened = await openPayment(m, amount)
    expect((await fake.pay(opened.payId)).body).toBe('success')
    return opened
  }

  test('the whole amount goes back once: alipay.trade.refund, out_request_no = PayID, yuan exact; Alipay\'s refund notice is recorded once', async () => {
    const { sheetId, payId } = await paidOrder('88.88')
    expect((await cancel(sheetId)).statusCode).toBe(200)
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.CANCELLED)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    expect(calls('alipay.trade.refund').filter((r) => r.biz.out_trade_no === payId).map((r) => r.biz)).toEqual([
      { out_trade_no: payId, refund_amount: '88.88', out_request_no: payId, refund_reason: 'order cancelled by the shop' }
    ])
    expect([...fake.trades.get(payId)!.refunds.entries()]).toEqual([[payId, '88.88']])
    // Alipay's notice of the refund (trade closed with refund_fee): recorded once, nothing moves back.
    fake.setStatus(payId, 'TRADE_CLOSED')
    const refundNotice = fake.notice(payId, { overrides: { refund_fee: '88.88', out_biz_no: payId, gmt_refund: '2026-11-28 18:01:00.000' } })
    expect(await fake.post(payId, refundNotice)).toEqual({ status: 200, body: 'success' })
    expect(await fake.post(payId, refundNotice)).toEqual({ status: 200, body: 'success' })
    expect((await notices(payId)).filter((n) => n.result === 'refund_confirmed')).toHaveLength(1)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.CANCELLED)
  })

  test('Alipay refusing the refund stops the cancel (the order stays paid); asked again it goes through once', async () => {
    const { sheetId, payId } = await paidOrder('20.00')
    fake.refuseRefund = 'ACQ.SELLER_BALANCE_NOT_ENOUGH'
    expect((await cancel(sheetId)).statusCode).toBeGreaterThanOrEqual(400)
    expect((await order(sheetId)).status).toBe(ORDER_STATUS.PAID)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.PAID)
    expect((await cancel(sheetId)).statusCode).toBe(200)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    expect([...fake.trades.get(payId)!.refunds.values()]).toEqual(['20.00'])
  })

  test('after-sale: parts of a payment go back under their own out_request_no, exact in yuan, never more than was paid', async () => {
    const m = await diner()
    const { sheetId, payId } = await openPayment(m, '23.50')
    expect((await fake.pay(payId)).body).toBe('success')
    const ask = async (amount: string) => {
      const request = ok(await server.call('AfterSaleSubmit', [{ SheetID: sheetId, Amount: amount, Reason: 'quality', Content: 'cold', RequestKey: key() }], { headers: m.headers })).table1[0]
      const done = await approveAfterSale(server.db, server.providers.payments, { afterSaleId: request.AfterSaleID, note: '', now: new Date() })
      expect(done.applied).toBe(true)
      return request.AfterSaleID as string
    }
    const first = await ask('10.01')
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.PAID)
    const second = await ask('13.49')
    expect(calls('alipay.trade.refund').filter((r) => r.biz.out_trade_no === payId).map((r) => [r.biz.out_request_no, r.biz.refund_amount])).toEqual([
      [first, '10.01'],
      [second, '13.49']
    ])
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    const provider = server.providers.payments.get('alipay') as AlipayProvider
    // More than the payment is refused here; a number reused for another amount is refused by Alipay.
    await expect(provider.refund({ payId, providerRef: payId, amount: '23.51', paymentAmount: '23.50', currency: 'CNY', reason: '' })).rejects.toThrow(/cannot refund/)
    await expect(provider.refund({ payId, providerRef: payId, refundNo: first, amount: '10.00', paymentAmount: '23.50', currency: 'CNY', reason: '' })).rejects.toThrow(/ACQ.REFUND_AMT_NOT_EQUAL_TOTAL/)
    // Asked again, a refund number is its refund (fund_change N, confirmed by the refund query): given once.
    await expect(provider.refund({ payId, providerRef: payId, refundNo: second, amount: '13.49', paymentAmount: '23.50', currency: 'CNY', reason: '' })).resolves.toEqual({ refundRef: `${fake.trades.get(payId)!.tradeNo}:${second}` })
    expect([...fake.trades.get(payId)!.refunds.entries()]).toEqual([
      [first, '10.01'],
      [second, '13.49']
    ])
  })

  test('a refund whose answer is lost is confirmed by alipay.trade.fastpay.refund.query, and never given twice', async () => {
    const { sheetId, payId } = await paidOrder('7.77')
    fake.loseRefundAnswer = true
    expect((await cancel(sheetId)).statusCode).toBe(200)
    expect((await payment(payId)).status).toBe(PAYMENT_STATUS.REFUNDED)
    const q = calls('alipay.trade.fastpay.refund.query').filter((r) => r.biz.out_trade_no === payId)
    expect(q.map((r) => r.biz.out_request_no)).toEqual([payId])
    expect([...fake.trades.get(payId)!.refunds.values()]).toEqual(['7.77'])
  })
})
