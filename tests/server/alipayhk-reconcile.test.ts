/**
 * npm run payments -- reconcile <date> for the alipayhk provider: Antom's transaction details
 * report, read from a loopback SFTP server (tests/support/fake-antom-sftp.ts: ssh2's Server, a host
 * key and a login key made here) where the test writes the report in Antom's documented layout
 * (header of parameter names, rows, <END>; /v1/settlements/<merchant id>/<yyyyMMdd>/
 * transactionItems_<yyyyMMdd>_000.csv). The real CLI compares it with the ledger the test writes
 * (payments, and refunds as payment_notices rows, as the provider records them). Each test has its
 * own past day. SQLite by default; PostgreSQL with DATABASE_URL.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PAYMENT_STATUS } from '../../src/gateway/order-rows'
import { runPaymentsCli } from '../../server/src/cli/payments'
import { loadConfig } from '../../server/src/config'
import { parseAntomTransactionReport } from '../../server/src/providers/payment/alipayhk.bill'
import { alipayHkSettings } from '../../server/src/providers/payment/alipayhk.settings'
import { beijingDate, beijingDay } from '../../server/src/providers/payment/bill'
import { buildPaymentProviders } from '../../server/src/providers/payment/registry'
import { makeAntomKeys } from '../support/fake-antom'
import { antomReport, FakeAntomSftp, makeSftpKeys, type AntomReportRow, type SftpKeys } from '../support/fake-antom-sftp'
import { insertOrderRow } from './helpers/order-fixtures'
import { createTestServer, type TestServer } from './helpers/test-server'

const MERCHANT = '1022188000000000001'
let sftpKeys: SftpKeys
let sftp: FakeAntomSftp
let server: TestServer
let dir: string
let env: Record<string, string>

beforeAll(async () => {
  sftpKeys = makeSftpKeys()
  sftp = new FakeAntomSftp(sftpKeys)
  await sftp.start()
  const antomKeys = makeAntomKeys()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-antombill-'))
  fs.writeFileSync(path.join(dir, 'merchant_private_key.pem'), antomKeys.merchantPrivateKeyPem)
  fs.writeFileSync(path.join(dir, 'sftp_key.pem'), sftpKeys.userKeyPem)
  env = {
    ALIPAYHK_CLIENT_ID: antomKeys.clientId,
    ALIPAYHK_PRIVATE_KEY_PATH: path.join(dir, 'merchant_private_key.pem'),
    ALIPAYHK_ANTOM_PUBLIC_KEY: antomKeys.antomPublicKeyBase64,
    ALIPAYHK_GATEWAY: 'http://127.0.0.1:9',
    ALIPAYHK_SFTP_HOST: '127.0.0.1',
    ALIPAYHK_SFTP_PORT: String(sftp.port),
    ALIPAYHK_SFTP_USER: sftp.user,
    ALIPAYHK_SFTP_KEY_PATH: path.join(dir, 'sftp_key.pem'),
    ALIPAYHK_SFTP_HOST_KEY: sftpKeys.hostFingerprint,
    ALIPAYHK_SFTP_DIR: `/v1/settlements/${MERCHANT}`
  }
  server = await createTestServer({ paymentProviders: ['alipayhk', 'sandbox'], publicUrl: 'http://127.0.0.1:9', alipayHk: alipayHkSettings(env) })
  await server.db.updateTable('enterprise_settings').set({ parm_value: 'MOP$' }).where('ent_id', '=', 'E1001').where('parm_id', '=', 'Currency').execute()
}, 60_000)

afterAll(async () => {
  await server?.close()
  await sftp?.stop()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

const id = (prefix: string) => `${prefix}${randomBytes(6).toString('hex')}`
/** Noon in Macau (UTC+8) `daysAgo` days ago. */
const noonDaysAgo = (daysAgo: number) => new Date(beijingDay(beijingDate(Date.now() - daysAgo * 86_400_000)).start.getTime() + 12 * 3_600_000)
/** Antom's time text: ISO 8601 with +08:00. */
const antomTime = (at: Date) => `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`

/** Puts the day's report on the SFTP server. */
function publish(date: string, text: string): string {
  const day = date.replace(/-/g, '')
  const file = `/v1/settlements/${MERCHANT}/${day}/transactionItems_${day}_000.csv`
  sftp.files.set(file, text)
  return file
}

async function ledgerPayment(payId: string, amount: string, at: Date): Promise<void> {
  const orderId = await insertOrderRow(server.db, { amount })
  await server.db
    .insertInto('payments')
    .values({ pay_id: payId, ent_id: 'E1001', shop_id: 'S101', order_id: orderId, owner_key: '', request_key: id('rk'), provider: 'alipayhk', amount, status: PAYMENT_STATUS.PAID, provider_ref: `2026${payId}`, return_url: '/', created_at: at.toISOString(), settled_at: at.toISOString() })
    .execute()
}

async function ledgerRefund(payId: string, refundNo: string, amount: string, at: Date): Promise<void> {
  await server.db
    .insertInto('payment_notices')
    .values({ notice_id: `alipayhk:refund:${payId}:${refundNo}`, pay_id: payId, provider: 'alipayhk', result: 'refunded', amount, body: '{"refund":true}', received_at: at.toISOString() })
    .execute()
}

const pay = (payId: string, amount: string, at: Date, currency = 'MOP'): AntomReportRow => ({ transactionId: `2026${payId}`, transactionRequestId: payId, transactionType: 'PAYMENT', transactionAmountValue: amount, transactionCurrency: currency, transactionTime: antomTime(at) })
const refund = (payId: string, refundNo: string, amount: string, at: Date): AntomReportRow => ({
  transactionId: `R${payId}${refundNo}`.slice(0, 64),
  transactionRequestId: refundNo === payId ? payId : `${payId}_${refundNo}`,
  originalTransactionId: `2026${payId}`,
  originalTransactionRequestId: payId,
  transactionType: 'REFUND',
  transactionAmountValue: `-${amount}`,
  transactionCurrency: 'MOP',
  transactionTime: antomTime(at)
})

async function reconcile(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = []
  const err: string[] = []
  const code = await runPaymentsCli(['reconcile', ...args], (l) => out.push(l), (l) => err.push(l), { config: server.config, db: server.db, providers: server.providers.payments })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

test('a clean day: a paid order, an after-sale refund and a cancel refund agree; totals exact in MOP cents; exit 0', async () => {
  const at = noonDaysAgo(12)
  const date = beijingDate(at)
  const p1 = id('PHK')
  const p2 = id('PHK')
  const p3 = id('PHK')
  await ledgerPayment(p1, '23.50', at)
  await ledgerPayment(p2, '0.01', at)
  await ledgerPayment(p3, '99999.99', at)
  const as = id('AS')
  await ledgerRefund(p1, as, '3.20', new Date(at.getTime() + 60_000))
  await ledgerRefund(p2, p2, '0.01', new Date(at.getTime() + 60_000))
  publish(date, antomReport([pay(p1, '23.50', at), pay(p2, '0.01', at), pay(p3, '99999.99', at), refund(p1, as, '3.20', new Date(at.getTime() + 60_000)), refund(p2, p2, '0.01', new Date(at.getTime() + 60_000))]))

  const r = await reconcile(date, '--provider', 'alipayhk')
  expect(r.err).toBe('')
  expect(r.out).toContain(`(alipayhk), bill of ${date}`)
  expect(r.out).toContain('Bill: 3 payments 100023.50, 2 refunds 3.21')
  expect(r.out).toContain('Ours: 3 payments 100023.50, 2 refunds 3.21')
  expect(r.out).toContain('Nothing differs.')
  expect(r.code).toBe(0)
  // Without --provider the sandbox (no bill) is skipped and alipayhk is read.
  const all = await reconcile(date)
  expect(all.code).toBe(0)
  expect(all.out).toContain('(alipayhk)')
  // The fake saw our key, not a password.
  expect(sftp.logins.some((l) => l.user === sftp.user && l.method === 'publickey')).toBe(true)
})

test('every difference is listed: only Antom has it, only we have it, another amount, another currency, a refund we never recorded; exit 1', async () => {
  const at = noonDaysAgo(11)
  const date = beijingDate(at)
  const fine = id('PHK')
  await ledgerPayment(fine, '10.00', at)
  const stray = id('PHKSTRAY')
  const ghost = id('PHKGHOST')
  await ledgerPayment(ghost, '6.60', at)
  const short = id('PHKSHORT')
  await ledgerPayment(short, '23.50', at)
  const hkd = id('PHKHKD')
  await ledgerPayment(hkd, '50.00', at)
  const refunded = id('PHKREF')
  await ledgerPayment(refunded, '30.00', at)
  const unrecorded = id('AS')
  const differs = id('AS')
  await ledgerRefund(refunded, differs, '4.10', at)
  publish(
    date,
    antomReport([pay(fine, '10.00', at), pay(stray, '5.00', at), pay(short, '23.00', at), pay(hkd, '50.00', at, 'HKD'), pay(refunded, '30.00', at), refund(refunded, unrecorded, '5.00', at), refund(refunded, differs, '4.00', at)])
  )

  const r = await reconcile(date, '--provider', 'alipayhk')
  expect(r.err).toBe('')
  expect(r.code).toBe(1)
  expect(r.out).toMatch(new RegExp(`in the bill, not ours +${stray} +vendor 5\\.00`))
  expect(r.out).toMatch(new RegExp(`ours, not in the bill +${ghost} +ours 6\\.60`))
  expect(r.out).toMatch(new RegExp(`amount differs +${short} +ours 23\\.50 +vendor 23\\.00`))
  expect(r.out).toMatch(new RegExp(`status differs +${hkd} +ours paid +vendor paid in HKD, the shop charges MOP`))
  expect(r.out).toMatch(new RegExp(`refund not recorded by us ${refunded} +refund ${unrecorded} +vendor 5\\.00 \\(refunded\\)`))
  expect(r.out).toMatch(new RegExp(`refund amount differs +${refunded} +refund ${differs} +ours 4\\.10 +vendor 4\\.00`))
  expect(r.out).not.toContain(fine)
  expect(r.out).toContain('Differences (6)')

  const json = await reconcile(date, '--provider', 'alipayhk', '--json')
  expect(json.code).toBe(1)
  const kinds = (JSON.parse(json.out).providers.alipayhk.differences as Array<{ kind: string }>).map((d) => d.kind).sort()
  expect(kinds).toEqual(['amount', 'not-in-bill', 'not-ours', 'refund-amount', 'refund-not-ours', 'status'])
})

test('a report we do not understand is refused, naming what was wrong; exit 2', async () => {
  const at = noonDaysAgo(10)
  const date = beijingDate(at)
  const p = id('PHK')
  await ledgerPayment(p, '12.00', at)
  const good = antomReport([pay(p, '12.00', at)])
  const cases: Array<[string, string]> = [
    [good.replace('transactionAmountValue', 'amount'), 'the header lacks transactionAmountValue'],
    [good.replace('<END>\r\n', ''), 'its last line is not <END>'],
    [good.replace(',PAYMENT,', ',DISPUTE,'), "line 2: transactionType 'DISPUTE' is not one this reader knows"],
    [good.replace(',12.00,', ',12.005,'), "line 2: transactionAmountValue '12.005' is not an amount"],
    [good.replace(',12.00,', ',1200,MOP,'), 'line 2 has 14 fields, the header 13'],
    ['', 'the file is empty']
  ]
  for (const [text, why] of cases) {
    const file = publish(date, text)
    const r = await reconcile(date, '--provider', 'alipayhk')
    expect(r.code).toBe(2)
    expect(r.err).toContain(`the bill of ${date} could not be had: alipayhk bill: ${path.posix.basename(file)}: ${why}`)
    expect(r.err.split('\n')).toHaveLength(1)
  }
  // No report for the day: said so.
  const none = await reconcile(beijingDate(noonDaysAgo(40)), '--provider', 'alipayhk')
  expect(none.code).toBe(2)
  expect(none.err).toContain('no report folder')
})

test('a server with another host key is refused before we log in', async () => {
  const otherKeys = makeSftpKeys()
  const other = new FakeAntomSftp(otherKeys)
  await other.start()
  try {
    const at = noonDaysAgo(9)
    const date = beijingDate(at)
    other.files.set(`/v1/settlements/${MERCHANT}/${date.replace(/-/g, '')}/transactionItems_${date.replace(/-/g, '')}_000.csv`, antomReport([]))
    const config = loadConfig({ ...env, ALIPAYHK_SFTP_PORT: String(other.port), PAYMENT_PROVIDERS: 'alipayhk' }, { databaseUrl: null })
    const providers = await buildPaymentProviders(config, server.db)
    const err: string[] = []
    const code = await runPaymentsCli(['reconcile', date], () => undefined, (l) => err.push(l), { config, db: server.db, providers })
    expect(code).toBe(2)
    expect(err).toHaveLength(1)
    expect(err[0]).toContain(`the SFTP server 127.0.0.1 presented host key ${otherKeys.hostFingerprint}, not ALIPAYHK_SFTP_HOST_KEY: refused`)
    expect(other.logins).toEqual([])
  } finally {
    await other.stop()
  }
})

test('a password login (Antom documents a username and password) reads the report too', async () => {
  const withPassword = new FakeAntomSftp(sftpKeys, 'antom_pw', 'pw-from-antom')
  await withPassword.start()
  try {
    const at = noonDaysAgo(8)
    const date = beijingDate(at)
    const day = date.replace(/-/g, '')
    const p = id('PHK')
    await ledgerPayment(p, '8.80', at)
    withPassword.files.set(`/v1/settlements/${MERCHANT}/${day}/transactionItems_${day}_000.csv`, antomReport([pay(p, '8.80', at)]))
    const { ALIPAYHK_SFTP_KEY_PATH: _unused, ...noKey } = env
    const config = loadConfig({ ...noKey, ALIPAYHK_SFTP_PORT: String(withPassword.port), ALIPAYHK_SFTP_USER: 'antom_pw', ALIPAYHK_SFTP_PASSWORD: 'pw-from-antom', PAYMENT_PROVIDERS: 'alipayhk' }, { databaseUrl: null })
    const providers = await buildPaymentProviders(config, server.db)
    const out: string[] = []
    const code = await runPaymentsCli(['reconcile', date], (l) => out.push(l), () => undefined, { config, db: server.db, providers })
    expect(out.join('\n')).toContain('Nothing differs.')
    expect(code).toBe(0)
    expect(withPassword.logins.some((l) => l.method === 'password')).toBe(true)
  } finally {
    await withPassword.stop()
  }
})

test('production without the SFTP settings: the server starts, reconcile refuses in one line naming the setting', async () => {
  const base: Record<string, string> = { ...env, ALIPAYHK_GATEWAY: 'https://open-sea-global.alipay.com' }
  for (const k of Object.keys(base)) if (k.startsWith('ALIPAYHK_SFTP_')) delete base[k]
  const config = loadConfig({ ...base, PAYMENT_PROVIDERS: 'alipayhk', NODE_ENV: 'production', PUBLIC_URL: 'https://order.shop.example' }, { databaseUrl: null })
  // The start needs none of them: the providers build.
  const providers = await buildPaymentProviders(config, server.db)
  expect(providers.names()).toEqual(['alipayhk'])
  const err: string[] = []
  const code = await runPaymentsCli(['reconcile', beijingDate(noonDaysAgo(7))], () => undefined, (l) => err.push(l), { config, db: server.db, providers })
  expect(code).toBe(2)
  expect(err).toHaveLength(1)
  expect(err[0]).toContain('reconcile alipayhk needs ALIPAYHK_SFTP_HOST (isftp.alipay.com); ALIPAYHK_SFTP_USER')
  expect(err[0]).toContain('ALIPAYHK_SFTP_HOST_KEY')
})

test('the parser: amounts exact in cents both signs, quoted fields, a BOM, CRLF; refunds keyed as the provider keys them', () => {
  const text = '\uFEFFtransactionId,transactionRequestId,transactionType,transactionAmountValue,transactionCurrency,transactionTime,remarks\r\n' + 'P1,PAY1,PAYMENT,0.01,MOP,2026-11-20T23:59:59+08:00,"a, quoted ""remark"""\r\n' + 'R1,PAY1_AS9,REFUND,-0.01,MOP,2026-11-21 00:00:01,\r\n' + '<END>\r\n'
  const rows = parseAntomTransactionReport(text)
  expect(rows).toEqual([
    { kind: 'payment', at: '2026-11-20T15:59:59.000Z', outTradeNo: 'PAY1', vendorRef: 'P1', status: 'paid', amount: '0.01', currency: 'MOP' },
    { kind: 'refund', at: '2026-11-20T16:00:01.000Z', outTradeNo: 'PAY1', vendorRef: 'R1', status: 'refunded', amount: '0.01', refundNo: 'AS9', currency: 'MOP' }
  ])
})
