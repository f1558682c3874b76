/**
 * Issue 25 item 5: npm run payments -- reconcile <date>. The real CLI (in-process with the test
 * server's database and providers, and once as its own process) downloads the bill from the
 * loopback fakes of WeChat Pay and Alipay (tests/support/fake-wechatpay.ts, fake-alipay.ts),
 * which build it from the payments and refunds they have seen plus rows a test injects, and
 * compares it with the ledger; a cross-border WeChat Pay merchant (MOP) reads its statement
 * (GET /v3/global/statements) from a fake of its own, on a server of its own. Each test works on its
 * own past Beijing day, so the days' bills do not mix. SQLite by default; PostgreSQL with DATABASE_URL.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { PAYMENT_STATUS } from '../../src/gateway/order-rows'
import { runPaymentsCli } from '../../server/src/cli/payments'
import { reconcile as reconcileDay } from '../../server/src/domain/payments/reconcile'
import { beijingDate, beijingDay } from '../../server/src/providers/payment/bill'
import type { PaymentProvider } from '../../server/src/providers/payment/payment-provider'
import { alipaySettings } from '../../server/src/providers/payment/alipay.settings'
import { wechatPaySettings } from '../../server/src/providers/payment/wechatpay.settings'
import { FakeAlipay, makeAlipayKeys } from '../support/fake-alipay'
import { FakeWechatPay, makeWechatPayKeys } from '../support/fake-wechatpay'
import { makeMember } from './helpers/member-fixtures'
import { wechatPayEnv, writeWechatPayKeyFiles } from './helpers/wechatpay-fixtures'
import { insertOrderRow } from './helpers/order-fixtures'
import { RECHARGE_STATUS } from '../../src/gateway/member-rows'
import { createTestServer, type TestServer } from './helpers/test-server'
import { serverCommand } from '../support/server-commands'

let wx: FakeWechatPay
let ali: FakeAlipay
let server: TestServer
let dir: string
let wxEnv: Record<string, string>
let aliEnv: Record<string, string>

beforeAll(async () => {
  const wxKeys = makeWechatPayKeys()
  const aliKeys = makeAlipayKeys()
  wx = new FakeWechatPay(wxKeys)
  ali = new FakeAlipay(aliKeys)
  await wx.start()
  await ali.start()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-reconcile-'))
  fs.writeFileSync(path.join(dir, 'apiclient_key.pem'), wxKeys.merchantPrivateKeyPem)
  fs.writeFileSync(path.join(dir, 'pub_key.pem'), wxKeys.publicKeyPem)
  fs.writeFileSync(path.join(dir, 'app_private_key.pem'), aliKeys.appPrivateKeyPem)
  wxEnv = {
    WECHATPAY_MCHID: wxKeys.mchId,
    WECHATPAY_MERCHANT_SERIAL_NO: wxKeys.merchantSerialNo,
    WECHATPAY_MERCHANT_PRIVATE_KEY_PATH: path.join(dir, 'apiclient_key.pem'),
    WECHATPAY_APIV3_KEY: wxKeys.apiV3Key,
    WECHATPAY_PUBLIC_KEY_ID: wxKeys.publicKeyId,
    WECHATPAY_PUBLIC_KEY_PATH: path.join(dir, 'pub_key.pem'),
    WECHATPAY_MINI_APPID: wxKeys.miniAppId,
    WECHATPAY_BASE_URL: wx.url
  }
  aliEnv = {
    ALIPAY_APP_ID: aliKeys.appId,
    ALIPAY_PRIVATE_KEY_PATH: path.join(dir, 'app_private_key.pem'),
    ALIPAY_PUBLIC_KEY: aliKeys.alipayPublicKeyPem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''),
    ALIPAY_SELLER_ID: aliKeys.sellerId,
    ALIPAY_GATEWAY: ali.url
  }
  server = await createTestServer({ paymentProviders: ['wechatpay', 'alipay', 'sandbox'], publicUrl: 'http://127.0.0.1:9', wechatPay: wechatPaySettings(wxEnv), alipay: alipaySettings(aliEnv) })
}, 60_000)

afterAll(async () => {
  await server?.close()
  await wx?.stop()
  await ali?.stop()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

/** A server and the WeChat Pay fake its 'wechatpay' provider talks to, charging `currency`: the domestic merchant's (CNY) by default. */
interface Rig {
  server: TestServer
  wx: FakeWechatPay
  currency: string
}
const domestic = (): Rig => ({ server, wx, currency: 'CNY' })

const provider = (name: string, on = domestic()): PaymentProvider => on.server.providers.payments.get(name)!
const id = (prefix: string) => `${prefix}${randomBytes(6).toString('hex')}`
/** Noon Beijing time `daysAgo` days ago: the day a test works on. */
const noonDaysAgo = (daysAgo: number) => new Date(beijingDay(beijingDate(Date.now() - daysAgo * 86_400_000)).start.getTime() + 12 * 3_600_000)

/** A payment the payer made at the vendor (the fake saw it) and we recorded paid at `at` (unless `ours` says otherwise). */
async function vendorPayment(name: 'wechatpay' | 'alipay', amount: string, at: Date, ours: { amount?: string; status?: number } = {}, on = domestic()): Promise<string> {
  const payId = id(name === 'wechatpay' ? 'PWX' : 'PALI')
  const orderId = await insertOrderRow(on.server.db, { amount })
  await provider(name, on).createPayment(
    { payId, amount, currency: on.currency, description: 'order', returnUrl: '/', notifyUrl: 'http://127.0.0.1:9/pay/notify/x', createdAt: at.toISOString(), payerOpenId: async () => (name === 'wechatpay' ? 'oPayer' : '2088000000000001') },
    name === 'wechatpay' ? 'wechat-mini' : 'alipay-mini'
  )
  if (name === 'wechatpay') {
    on.wx.pay(payId)
    on.wx.billTimes.set(payId, at)
  } else {
    ali.setStatus(payId, 'TRADE_SUCCESS')
    ali.billTimes.set(payId, at)
  }
  await ledgerPayment(name, payId, orderId, ours.amount ?? amount, at, ours.status ?? PAYMENT_STATUS.PAID, on)
  return payId
}

async function ledgerPayment(name: string, payId: string, orderId: string, amount: string, at: Date, status: number = PAYMENT_STATUS.PAID, on = domestic()): Promise<void> {
  await on.server.db
    .insertInto('payments')
    .values({ pay_id: payId, ent_id: 'E1001', shop_id: 'S101', order_id: orderId, owner_key: '', request_key: id('rk'), provider: name, amount, status, provider_ref: payId, return_url: '/', created_at: at.toISOString(), settled_at: status === PAYMENT_STATUS.PENDING ? null : at.toISOString() })
    .execute()
}

/** A refund given at the vendor (the fake made it) at `at`, recorded by us as refundAtProvider does (unless `record` is false, or with another amount). */
async function vendorRefund(name: 'wechatpay' | 'alipay', payId: string, paymentAmount: string, amount: string, at: Date, record: { amount?: string } | false = {}, on = domestic()): Promise<string> {
  const refundNo = id('AS')
  await provider(name, on).refund({ payId, providerRef: payId, amount, paymentAmount, refundNo, currency: on.currency, reason: 'after-sale' })
  if (name === 'wechatpay') on.wx.billTimes.set(refundNo, at)
  else ali.billTimes.set(`${payId}/${refundNo}`, at)
  if (record) await ledgerRefund(name, payId, refundNo, record.amount ?? amount, at, on)
  return refundNo
}

async function ledgerRefund(name: string, payId: string, refundNo: string, amount: string, at: Date, on = domestic()): Promise<void> {
  await on.server.db
    .insertInto('payment_notices')
    .values({ notice_id: `${name}:refund:${payId}:${refundNo}`, pay_id: payId, provider: name, result: 'refunded', amount, body: '{"refund":true}', received_at: at.toISOString() })
    .execute()
}

/** The CLI in-process on a rig's database and providers. */
async function reconcileOn(on: Rig, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = []
  const err: string[] = []
  const code = await runPaymentsCli(['reconcile', ...args], (l) => out.push(l), (l) => err.push(l), { config: on.server.config, db: on.server.db, providers: on.server.providers.payments })
  return { code, out: out.join('\n'), err: err.join('\n') }
}
const reconcile = (...args: string[]) => reconcileOn(domestic(), ...args)

async function reconcileJson(date: string, name: string, on = domestic()) {
  const r = await reconcileOn(on, date, '--provider', name, '--json')
  expect(r.err).toBe('')
  return { code: r.code, result: JSON.parse(r.out).providers[name] as { differences: Array<Record<string, unknown>>; neighbours: Array<Record<string, unknown>>; bill: Record<string, unknown>; ours: Record<string, unknown> } }
}

test('a clean day at both vendors: no differences, the totals agree on both sides, exit 0', async () => {
  const at = noonDaysAgo(10)
  const date = beijingDate(at)
  const w1 = await vendorPayment('wechatpay', '23.50', at)
  await vendorPayment('wechatpay', '0.30', new Date(at.getTime() + 60_000))
  await vendorRefund('wechatpay', w1, '23.50', '3.20', new Date(at.getTime() + 120_000))
  const a1 = await vendorPayment('alipay', '19.99', at)
  await vendorRefund('alipay', a1, '19.99', '19.99', new Date(at.getTime() + 120_000))
  // A member's recharge paid through Alipay: its recharge id is the merchant order number.
  const m = await makeMember(server.db)
  const rechargeId = id('RALI')
  await provider('alipay').createPayment({ payId: rechargeId, amount: '100.00', currency: 'CNY', description: 'recharge', returnUrl: '/', notifyUrl: 'http://127.0.0.1:9/pay/notify/alipay', createdAt: at.toISOString(), payerOpenId: async () => '2088000000000002' }, 'alipay-mini')
  ali.setStatus(rechargeId, 'TRADE_SUCCESS')
  ali.billTimes.set(rechargeId, at)
  await server.db
    .insertInto('recharges')
    .values({ recharge_id: rechargeId, ent_id: 'E1001', shop_id: 'S101', vip_id: m.vipId, rule_id: 'E1001-RR100', request_key: id('rk'), request_hash: 'h', amount: '100.00', gift_amount: '0', status: RECHARGE_STATUS.PAID, provider: 'alipay', created_at: at.toISOString(), paid_at: at.toISOString() })
    .execute()

  const r = await reconcile(date)
  expect(r.err).toBe('')
  expect(r.code).toBe(0)
  expect(r.out).toContain(`WeChat Pay (wechatpay), bill of ${date} (Beijing time)`)
  expect(r.out).toContain(`Alipay (alipay), bill of ${date} (Beijing time)`)
  expect(r.out).toContain('Bill: 2 payments 23.80, 1 refunds 3.20')
  expect(r.out).toContain('Ours: 2 payments 23.80, 1 refunds 3.20')
  expect(r.out).toContain('Bill: 2 payments 119.99, 1 refunds 19.99')
  expect(r.out).toContain('Ours: 2 payments 119.99, 1 refunds 19.99')
  expect(r.out).toContain('Nothing differs.')
  // The sandbox is configured too and has no bill: it is not asked.
  expect(r.out).not.toContain('sandbox')
})

test('WeChat Pay: every kind of difference is listed, with both sides, exit 1', async () => {
  const at = noonDaysAgo(9)
  const date = beijingDate(at)
  const fine = await vendorPayment('wechatpay', '10.00', at)
  // A payment at the vendor we know nothing of.
  wx.billExtras.push({ outTradeNo: 'PWXSTRAY0000001', state: 'SUCCESS', totalFen: 500, at })
  // The payer paid less than we recorded (23.00 of 23.50).
  const short = await vendorPayment('wechatpay', '23.50', at)
  wx.pay(short, 2300)
  // We missed the notice: the vendor has it paid, we still pending.
  const missed = await vendorPayment('wechatpay', '8.00', at, { status: PAYMENT_STATUS.PENDING })
  // Ours paid, the vendor never had it.
  const ghost = id('PWXGHOST')
  await ledgerPayment('wechatpay', ghost, await insertOrderRow(server.db, { amount: '6.60' }), '6.60', at)
  // Refunds: one at the vendor we never recorded, one we recorded the vendor lacks, one at another amount.
  const r1 = await vendorPayment('wechatpay', '30.00', at)
  const unrecorded = await vendorRefund('wechatpay', r1, '30.00', '5.00', at, false)
  const phantom = id('AS')
  await ledgerRefund('wechatpay', fine, phantom, '2.00', at)
  const r2 = await vendorPayment('wechatpay', '40.00', at)
  const differs = await vendorRefund('wechatpay', r2, '40.00', '4.00', at, { amount: '4.10' })
  // Ours paid, the vendor revoked it.
  const revoked = id('PWXREV')
  await ledgerPayment('wechatpay', revoked, await insertOrderRow(server.db, { amount: '3.00' }), '3.00', at)
  wx.billExtras.push({ outTradeNo: revoked, state: 'REVOKED', totalFen: 300, at })
  // A refund we counted as given that the vendor lists as failed.
  const r3 = await vendorPayment('wechatpay', '20.00', at)
  const failed = await vendorRefund('wechatpay', r3, '20.00', '20.00', at)
  wx.refunds.get(failed)!.status = 'ABNORMAL'

  const { code, result } = await reconcileJson(date, 'wechatpay')
  expect(code).toBe(1)
  expect(result.differences).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ kind: 'not-ours', id: 'PWXSTRAY0000001', vendorAmount: '5.00' }),
      { kind: 'amount', id: short, ourAmount: '23.50', vendorAmount: '23.00' },
      { kind: 'status', id: missed, ours: 'pending', vendor: 'paid' },
      expect.objectContaining({ kind: 'not-in-bill', id: ghost, ourAmount: '6.60' }),
      expect.objectContaining({ kind: 'refund-not-ours', id: r1, refundNo: unrecorded, vendorAmount: '5.00', ours: 'paid' }),
      expect.objectContaining({ kind: 'refund-not-in-bill', id: fine, refundNo: phantom, ourAmount: '2.00' }),
      { kind: 'refund-amount', id: r2, refundNo: differs, ourAmount: '4.10', vendorAmount: '4.00' },
      { kind: 'status', id: revoked, ours: 'paid', vendor: 'revoked' },
      { kind: 'refund-status', id: r3, refundNo: failed, vendor: 'ABNORMAL' }
    ])
  )
  expect(result.differences).toHaveLength(9)
  // The pending payment is no payment of ours for the day's totals, the revoked one no payment in the bill's; the stray one is in the bill's.
  expect(result.bill).toEqual({ payments: 7, paymentTotal: '136.00', refunds: 3, refundTotal: '29.00' })
  expect(result.ours).toEqual({ payments: 7, paymentTotal: '133.10', refunds: 3, refundTotal: '26.10' })

  const text = await reconcile(date, '--provider', 'wechatpay')
  expect(text.code).toBe(1)
  expect(text.out).toContain('Differences (9):')
  expect(text.out).toMatch(new RegExp(`amount differs +${short} +ours 23.50 +vendor 23.00`))
  expect(text.out).toMatch(/in the bill, not ours +PWXSTRAY0000001 +vendor 5.00/)
  expect(text.out).toMatch(new RegExp(`ours, not in the bill +${ghost} +ours 6.60`))
  expect(text.out).toContain('Something differs')
})

test('Alipay: a stray trade, an amount that differs and a refund we did not record are listed', async () => {
  const at = noonDaysAgo(8)
  const date = beijingDate(at)
  await vendorPayment('alipay', '12.00', at)
  const wrong = await vendorPayment('alipay', '15.00', at, { amount: '15.10' })
  const refunded = await vendorPayment('alipay', '9.90', at)
  const unrecorded = await vendorRefund('alipay', refunded, '9.90', '9.90', at, false)
  ali.billExtras.push({ outTradeNo: 'PALISTRAY01', type: '交易', amount: '1.00', at })

  const { code, result } = await reconcileJson(date, 'alipay')
  expect(code).toBe(1)
  expect(result.differences).toEqual(
    expect.arrayContaining([
      { kind: 'amount', id: wrong, ourAmount: '15.10', vendorAmount: '15.00' },
      expect.objectContaining({ kind: 'refund-not-ours', id: refunded, refundNo: unrecorded, vendorAmount: '9.90' }),
      expect.objectContaining({ kind: 'not-ours', id: 'PALISTRAY01', vendorAmount: '1.00' })
    ])
  )
  expect(result.differences).toHaveLength(3)
})

test('a payment at 23:59:50 Beijing time in the next day’s bill: on the neighbouring day, not a difference, either day', async () => {
  const noon = noonDaysAgo(7)
  const date = beijingDate(noon)
  const late = new Date(beijingDay(date).end.getTime() - 10_000)
  const payId = await vendorPayment('wechatpay', '18.00', late)
  // The vendor booked it 20 seconds later, on the next day.
  wx.billTimes.set(payId, new Date(late.getTime() + 20_000))

  const first = await reconcileJson(date, 'wechatpay')
  expect(first.code).toBe(0)
  expect(first.result.neighbours).toEqual([{ id: payId, side: 'ours-only', ourAt: late.toISOString() }])
  const next = await reconcileJson(beijingDate(late.getTime() + 20_000), 'wechatpay')
  expect(next.code).toBe(0)
  expect(next.result.neighbours).toEqual([expect.objectContaining({ id: payId, side: 'matched', ourAt: late.toISOString() })])

  // Without the tolerance it would be a difference: recorded an hour before midnight, it is one.
  const earlier = await vendorPayment('wechatpay', '7.00', new Date(late.getTime() - 3_600_000))
  wx.billTimes.set(earlier, new Date(late.getTime() + 20_000))
  expect((await reconcileJson(date, 'wechatpay')).result.differences).toEqual([expect.objectContaining({ kind: 'not-in-bill', id: earlier })])
})

test('a tampered bill (its SHA1 not the hash_value) and a vendor refusal: refused with the reason, exit 2', async () => {
  const date = beijingDate(noonDaysAgo(10))
  wx.billFault = 'tamper'
  const tampered = await reconcile(date, '--provider', 'wechatpay')
  expect(tampered.code).toBe(2)
  expect(tampered.err).toContain('BILL_HASH_MISMATCH')
  expect(tampered.err).toContain('does not match the hash_value')
  expect(tampered.out).toBe('')

  wx.billFault = 'refuse'
  const refused = await reconcile(date)
  wx.billFault = null
  expect(refused.code).toBe(2)
  expect(refused.err).toContain('NO_STATEMENT_EXIST')
  expect(refused.err).toContain('当日无账单')

  ali.billFault = 'refuse'
  const aliRefused = await reconcile(date, '--provider', 'alipay')
  ali.billFault = null
  expect(aliRefused.code).toBe(2)
  expect(aliRefused.err).toContain('isp.bill_not_exist')

  // Honest again: the same day reconciles clean.
  expect((await reconcile(date)).code).toBe(0)
})

test('bad input: one clear line and exit 2', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['2026-02-30'], /'2026-02-30' is not a date: give YYYY-MM-DD/],
    [['yesterday'], /is not a date/],
    [[beijingDate(Date.now() + 3 * 86_400_000)], /is in the future \(today is .+ in Beijing time\): there is no bill yet\./],
    [[beijingDate(noonDaysAgo(10)), '--provider', 'unionpay'], /^unionpay is not configured here \(PAYMENT_PROVIDERS=wechatpay,alipay,sandbox\)\.$/],
    [[beijingDate(noonDaysAgo(10)), '--provider', 'sandbox'], /^The sandbox provider has no bill to reconcile/],
    [[beijingDate(noonDaysAgo(10)), '--frobnicate'], /unknown option --frobnicate/]
  ]
  for (const [args, message] of cases) {
    const r = await reconcile(...args)
    expect({ args, code: r.code, out: r.out }).toEqual({ args, code: 2, out: '' })
    expect(r.err.split('\n')[0]).toMatch(message)
  }
})

/** The CLI as its own process (npm run payments), with the environment a deployment gives. */
async function runProcessOn(on: Rig, env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { server } = on
  const root = path.resolve(__dirname, '..', '..')
  const databaseUrl = server.database.schema && process.env.DATABASE_URL
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...serverCommand('cli/payments'), ...args], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: server.config.dataDir,
        DATABASE_URL: databaseUrl ? `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${server.database.schema}`)}` : '',
        PUBLIC_URL: 'http://127.0.0.1:9',
        ...env
      }
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}
const runProcess = (env: Record<string, string>, ...args: string[]) => runProcessOn(domestic(), env, ...args)

test('as a process: the differences with exit 1; only the sandbox configured, one line and exit 2', async () => {
  const differing = await runProcess({ PAYMENT_PROVIDERS: 'wechatpay,sandbox', ...wxEnv }, 'reconcile', beijingDate(noonDaysAgo(9)))
  expect(differing.stderr).toBe('')
  expect(differing.code).toBe(1)
  expect(differing.stdout).toContain('Differences (9):')

  const sandbox = await runProcess({ PAYMENT_PROVIDERS: 'sandbox' }, 'reconcile', beijingDate(noonDaysAgo(9)))
  expect(sandbox.code).toBe(2)
  expect(sandbox.stderr.trim()).toBe('No provider configured here has a bill (PAYMENT_PROVIDERS=sandbox): the sandbox has none, nothing to reconcile.')
}, 60_000)

test('a domestic merchant still reads its own bill: GET /v3/bill/tradebill and its download_url, never the global statement', async () => {
  const date = beijingDate(noonDaysAgo(10))
  const before = wx.requests.length
  expect((await reconcile(date, '--provider', 'wechatpay')).code).toBe(0)
  expect(wx.requests.slice(before).map((r) => `${r.method} ${r.url.replace(/token=\w+/, 'token=…')} ${r.verified}`)).toEqual([
    `GET /v3/bill/tradebill?bill_date=${date}&bill_type=ALL true`,
    'GET /v3/billdownload/file?token=… true'
  ])
})

describe('a cross-border merchant (WECHATPAY_REGION=global, MOP): the statement GET /v3/global/statements', () => {
  let gx: FakeWechatPay
  let global: Rig
  let globalDir: string
  let globalEnv: Record<string, string>

  beforeAll(async () => {
    const keys = makeWechatPayKeys()
    gx = new FakeWechatPay(keys, { region: 'global', currency: 'MOP' })
    await gx.start()
    globalDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-reconcile-global-'))
    writeWechatPayKeyFiles(globalDir, keys)
    globalEnv = wechatPayEnv(keys, globalDir, gx.url, { WECHATPAY_REGION: 'global', WECHATPAY_CURRENCY: 'MOP', WECHATPAY_MERCHANT_CATEGORY_CODE: '5812' })
    global = { server: await createTestServer({ paymentProviders: ['wechatpay', 'sandbox'], publicUrl: 'http://127.0.0.1:9', wechatPay: wechatPaySettings(globalEnv) }), wx: gx, currency: 'MOP' }
  }, 60_000)

  afterAll(async () => {
    await global?.server.close()
    await gx?.stop()
    if (globalDir) fs.rmSync(globalDir, { recursive: true, force: true })
  })

  test('a clean day: the statement asked signed (date YYYYMMDD, mchid, gzip), its payments and refund in MOP cents agree, exit 0', async () => {
    const at = noonDaysAgo(6)
    const date = beijingDate(at)
    const paid = await vendorPayment('wechatpay', '23.50', at, {}, global)
    await vendorPayment('wechatpay', '0.01', new Date(at.getTime() + 60_000), {}, global)
    await vendorRefund('wechatpay', paid, '23.50', '3.20', new Date(at.getTime() + 120_000), {}, global)
    const before = gx.requests.length

    const r = await reconcileOn(global, date)
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    expect(r.out).toContain(`WeChat Pay (wechatpay), bill of ${date} (Beijing time)`)
    expect(r.out).toContain('Bill: 2 payments 23.51, 1 refunds 3.20')
    expect(r.out).toContain('Ours: 2 payments 23.51, 1 refunds 3.20')
    expect(r.out).toContain('Nothing differs.')
    const asked = gx.requests.slice(before)
    expect(asked.map((q) => `${q.method} ${q.url} ${q.verified}`)).toEqual([`GET /v3/global/statements?date=${date.replace(/-/g, '')}&mchid=${gx.keys.mchId} true`])
    expect(String(asked[0].headers['accept-encoding'])).toMatch(/\bgzip\b/)
  })

  test('every difference is listed: a payment only WeChat Pay has, one only we have, an amount that differs, a refund we did not record; exit 1', async () => {
    const at = noonDaysAgo(5)
    const date = beijingDate(at)
    const fine = await vendorPayment('wechatpay', '10.00', at, {}, global)
    // A payment at the vendor we know nothing of.
    gx.billExtras.push({ outTradeNo: 'PWXSTRAYMOP0001', state: 'SUCCESS', totalFen: 4250, at })
    // Ours paid, the vendor never had it.
    const ghost = id('PWXGHOST')
    await ledgerPayment('wechatpay', ghost, await insertOrderRow(global.server.db, { amount: '6.60' }), '6.60', at, PAYMENT_STATUS.PAID, global)
    // The payer paid MOP 23.49 of the 23.50 we recorded: one cent.
    const short = await vendorPayment('wechatpay', '23.50', at, {}, global)
    gx.pay(short, 2349)
    // A refund at the vendor we never recorded, and one recorded at another amount.
    const unrecorded = await vendorRefund('wechatpay', fine, '10.00', '1.00', at, false, global)
    const r2 = await vendorPayment('wechatpay', '40.00', at, {}, global)
    const differs = await vendorRefund('wechatpay', r2, '40.00', '4.00', at, { amount: '4.10' }, global)

    const { code, result } = await reconcileJson(date, 'wechatpay', global)
    expect(code).toBe(1)
    expect(result.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'not-ours', id: 'PWXSTRAYMOP0001', vendorAmount: '42.50' }),
        expect.objectContaining({ kind: 'not-in-bill', id: ghost, ourAmount: '6.60' }),
        { kind: 'amount', id: short, ourAmount: '23.50', vendorAmount: '23.49' },
        expect.objectContaining({ kind: 'refund-not-ours', id: fine, refundNo: unrecorded, vendorAmount: '1.00', ours: 'paid' }),
        { kind: 'refund-amount', id: r2, refundNo: differs, ourAmount: '4.10', vendorAmount: '4.00' }
      ])
    )
    expect(result.differences).toHaveLength(5)
    expect(result.bill).toEqual({ payments: 4, paymentTotal: '115.99', refunds: 2, refundTotal: '5.00' })
    expect(result.ours).toEqual({ payments: 4, paymentTotal: '80.10', refunds: 1, refundTotal: '4.10' })

    const text = await reconcileOn(global, date, '--provider', 'wechatpay')
    expect(text.code).toBe(1)
    expect(text.out).toContain('Differences (5):')
    expect(text.out).toMatch(new RegExp(`amount differs +${short} +ours 23.50 +vendor 23.49`))
    expect(text.out).toMatch(/in the bill, not ours +PWXSTRAYMOP0001 +vendor 42.50/)

    // The same as its own process, configured by the environment a deployment gives (WECHATPAY_REGION=global …).
    const proc = await runProcessOn(global, { PAYMENT_PROVIDERS: 'wechatpay,sandbox', ...globalEnv }, 'reconcile', date)
    expect(proc.stderr).toBe('')
    expect(proc.code).toBe(1)
    expect(proc.stdout).toContain('Differences (5):')
  }, 60_000)

  test('a tampered statement (its SHA1 not the signed Wechatpay-Statement-Sha1), a forged hash header, a refusal: refused with the reason, exit 2', async () => {
    const date = beijingDate(noonDaysAgo(6))
    gx.billFault = 'tamper'
    const tampered = await reconcileOn(global, date)
    expect(tampered.code).toBe(2)
    expect(tampered.err).toContain('BILL_HASH_MISMATCH')
    expect(tampered.err).toContain('does not match the Wechatpay-Statement-Sha1')
    expect(tampered.out).toBe('')

    gx.billFault = 'forged-statement'
    const forged = await reconcileOn(global, date)
    expect(forged.code).toBe(2)
    expect(forged.err).toContain('ANSWER_NOT_VERIFIED')
    expect(forged.err).toContain('signature mismatch')

    gx.billFault = 'refuse'
    const refused = await reconcileOn(global, date)
    gx.billFault = null
    expect(refused.code).toBe(2)
    expect(refused.err).toContain('NO_STATEMENT_EXIST')
    expect(refused.err).toContain('账单不存在')

    // gzip bytes as the body (nothing for fetch to undo) read the same; honest again: the day reconciles clean.
    gx.statementGzip = 'body'
    try {
      expect((await reconcileOn(global, date)).code).toBe(0)
    } finally {
      gx.statementGzip = 'content-encoding'
    }
    expect((await reconcileOn(global, date)).code).toBe(0)
  })
})

describe('the comparison alone (reconcile, pure)', () => {
  const date = '2026-11-20'
  const noon = '2026-11-20T04:00:00.000Z'
  const row = (outTradeNo: string, amount: string, at = noon) => ({ kind: 'payment' as const, at, outTradeNo, vendorRef: `42${outTradeNo}`, status: 'paid', amount })

  test('amounts are decimals: 23.5 and 23.50 agree, 23.50 + 0.10 + 0.20 total exactly 23.80, 0.299999999999999 is not 0.30', () => {
    const r = reconcileDay(date, [row('P1', '23.50'), row('P2', '0.10'), row('P3', '0.20')], {
      payments: [
        { id: 'P1', kind: 'payment', amount: '23.5', state: 'paid', settledAt: noon },
        { id: 'P2', kind: 'payment', amount: '0.1', state: 'refunded', settledAt: noon },
        { id: 'P3', kind: 'recharge', amount: '0.2', state: 'paid', settledAt: noon }
      ],
      refunds: []
    })
    expect(r.differences).toEqual([])
    expect(r.bill.paymentTotal).toBe('23.80')
    expect(r.ours.paymentTotal).toBe('23.80')
    expect(reconcileDay(date, [row('P4', '0.30')], { payments: [{ id: 'P4', kind: 'payment', amount: '0.299999999999999', state: 'paid', settledAt: noon }], refunds: [] }).differences).toEqual([
      { kind: 'amount', id: 'P4', ourAmount: '0.299999999999999', vendorAmount: '0.30' }
    ])
  })

  test('a bill row we dated days away is a difference; five minutes past midnight, a neighbour', () => {
    const r = reconcileDay(date, [row('P5', '5.00'), row('P6', '6.00')], {
      payments: [
        { id: 'P5', kind: 'payment', amount: '5.00', state: 'paid', settledAt: '2026-11-18T04:00:00.000Z' },
        { id: 'P6', kind: 'payment', amount: '6.00', state: 'paid', settledAt: '2026-11-20T16:05:00.000Z' }
      ],
      refunds: []
    })
    expect(r.differences).toEqual([{ kind: 'other-day', id: 'P5', settledAt: '2026-11-18T04:00:00.000Z', at: noon }])
    expect(r.neighbours).toEqual([{ id: 'P6', side: 'matched', ourAt: '2026-11-20T16:05:00.000Z', vendorAt: noon }])
  })
})
