/**
 * Issue 25: Alipay's certificate mode (公钥证书模式) for the 'alipay' payment provider, through the real
 * gateway operations and notify route, against the loopback fake (tests/support/fake-alipay.ts) in
 * certificate mode with certificates this test makes (tests/support/alipay-certificates.ts, openssl).
 * The serial numbers the fake expects are computed by the test from Alipay's published rule, not by
 * alipay-sdk. SQLite by default; PostgreSQL with DATABASE_URL. docs/alipay.md "Certificate mode".
 */
import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ORDER_STATUS } from '../../src/gateway/order-rows'
import type { PayInvocationRow } from '../../src/gateway/pay-invocation'
import { loadAlipayCertificates } from '../../server/src/providers/alipay-certificates'
import { alipayFromSettings, AlipayError, AlipayProvider } from '../../server/src/providers/payment/alipay.provider'
import { alipaySettings } from '../../server/src/providers/payment/alipay.settings'
import { ProviderSettingError } from '../../server/src/providers/run-mode'
import { makeAlipayCertificates, type AlipayCertFiles } from '../support/alipay-certificates'
import { FakeAlipay, makeAlipayKeys, type AlipayKeys } from '../support/fake-alipay'
import { freePort } from '../support/free-port'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { insertOrderRow } from './helpers/order-fixtures'
import { runServerProcess } from './helpers/start-check'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

const RETURN = '/#/pages/paying/paying?PayID={PayID}'

let keys: AlipayKeys
let certs: AlipayCertFiles
let fake: FakeAlipay
let server: TestServer
let base: string
let dir: string

function certEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ALIPAY_APP_ID: keys.appId,
    ALIPAY_PRIVATE_KEY_PATH: path.join(dir, 'app_private_key.pem'),
    ALIPAY_APP_CERT_PATH: certs.appCertPath,
    ALIPAY_PUBLIC_CERT_PATH: certs.alipayPublicCertPath,
    ALIPAY_ROOT_CERT_PATH: certs.rootCertPath,
    ALIPAY_SELLER_ID: keys.sellerId,
    ALIPAY_GATEWAY: fake.url,
    ...extra
  }
}

beforeAll(async () => {
  keys = makeAlipayKeys()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-alipay-cert-'))
  fs.writeFileSync(path.join(dir, 'app_private_key.pem'), keys.appPrivateKeyPem)
  certs = makeAlipayCertificates(path.join(dir, 'certs'), keys.appId, createPrivateKey(keys.appPrivateKeyPem), keys.alipayPrivateKey)
  fake = new FakeAlipay(keys)
  fake.certMode = { appCertSn: certs.appCertSn, rootCertSn: certs.rootCertSn, alipayCertSn: certs.alipayCertSn }
  await fake.start()
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  server = await createTestServer({ paymentProviders: ['alipay', 'sandbox'], publicUrl: base, alipay: alipaySettings(certEnv()) })
  await server.app.listen({ port, host: '127.0.0.1' })
  await server.db.updateTable('finance_accounts').set({ provider: 'alipay' }).where('shop_id', '=', 'S101').execute()
  await server.db.updateTable('enterprise_settings').set({ parm_value: 'CNY' }).where('ent_id', '=', 'E1001').where('parm_id', '=', 'Currency').execute()
}, 60_000)

afterAll(async () => {
  await server?.close()
  await fake?.stop()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

async function diner(): Promise<TestMember & { buyerId: string }> {
  const m = await makeMember(server.db)
  const buyerId = `2088${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`
  await server.db.insertInto('member_identities').values({ ent_id: 'E1001', provider: 'alipay-mini', open_id: buyerId, vip_id: m.vipId, created_at: new Date().toISOString() }).execute()
  return { ...m, buyerId }
}

async function openPayment(m: TestMember, amount: string, channel = 'alipay-mini') {
  const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey, amount })
  const r = await server.call('PaySubmit', [{ SheetID: sheetId, RequestKey: `alic-${randomBytes(8).toString('hex')}`, ReturnUrl: RETURN, PayChannel: channel }], { headers: m.headers })
  const data = ok(r)
  return { sheetId, payId: data.table1[0].PayID as string, payUrl: data.table1[0].PayUrl as string, invocation: data.table2[0] as PayInvocationRow }
}

const calls = (api: string) => fake.requests.filter((r) => r.api === api)
const order = (orderId: string) => server.db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()
const notices = (payId: string) => server.db.selectFrom('payment_notices').select(['notice_id', 'result']).where('pay_id', '=', payId).execute()

describe('the serial numbers, as Alipay specifies them', () => {
  test('app_cert_sn is MD5 of the issuer (CN first) and the decimal serial; the root SN joins the RSA certificates only, by "_"', () => {
    expect(certs.appCertSn).toMatch(/^[0-9a-f]{32}$/)
    // Two RSA roots, the ECDSA one between them left out.
    expect(certs.rootCertSn).toMatch(/^[0-9a-f]{32}_[0-9a-f]{32}$/)
    const made = alipayFromSettings(alipaySettings(certEnv()), { publicUrl: base, production: false })
    expect(made.alipayPublicKeyPem).toBeNull()
    expect(made.certificates).toMatchObject({ appCertSn: certs.appCertSn, alipayCertSn: certs.alipayCertSn, rootCertSn: certs.rootCertSn })
  })
})

describe('configuration: the mode is chosen by the settings given', () => {
  const refusal = (env: Record<string, string>, production = true): string => {
    try {
      alipayFromSettings(alipaySettings(env), { publicUrl: 'https://order.shop.example', production })
    } catch (e) {
      expect(e).toBeInstanceOf(ProviderSettingError)
      return (e as Error).message
    }
    throw new Error('not refused')
  }

  test('half a certificate configuration refuses in one line naming what is missing', () => {
    const env = certEnv({ ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do' })
    delete env.ALIPAY_PUBLIC_CERT_PATH
    delete env.ALIPAY_ROOT_CERT_PATH
    const message = refusal(env)
    expect(message.split('\n')).toHaveLength(1)
    expect(message).toMatch(/^PAYMENT_PROVIDERS=alipay needs ALIPAY_PUBLIC_CERT_PATH \(Alipay's public-key certificate, alipayCertPublicKey_RSA2\.crt\) or ALIPAY_PUBLIC_CERT; ALIPAY_ROOT_CERT_PATH/)
    expect(message).not.toContain('ALIPAY_APP_CERT_PATH')
    // Only the root left out: only the root named.
    const noRoot = certEnv({ ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do' })
    delete noRoot.ALIPAY_ROOT_CERT_PATH
    expect(refusal(noRoot)).toBe("PAYMENT_PROVIDERS=alipay needs ALIPAY_ROOT_CERT_PATH (Alipay's root certificate, alipayRootCert.crt) or ALIPAY_ROOT_CERT")
  })

  test('certificates and a bare public key together, a certificate of another key, a root file without an RSA certificate, a file that is no certificate: each refused by name', () => {
    expect(refusal(certEnv({ ALIPAY_PUBLIC_KEY: keys.alipayPublicKeyPem }), false)).toContain('ALIPAY_PUBLIC_KEY (not with the certificates')
    // The Alipay certificate given as the app's: it is not of the app private key.
    expect(refusal(certEnv({ ALIPAY_APP_CERT_PATH: certs.alipayPublicCertPath }), false)).toContain("ALIPAY_APP_CERT_PATH (its public key is not the app private key's")
    const ecOnly = path.join(dir, 'certs', 'E1.crt')
    expect(refusal(certEnv({ ALIPAY_ROOT_CERT_PATH: ecOnly }), false)).toContain('ALIPAY_ROOT_CERT_PATH (no RSA certificate in the chain)')
    expect(refusal(certEnv({ ALIPAY_PUBLIC_CERT_PATH: path.join(dir, 'app_private_key.pem') }), false)).toContain('ALIPAY_PUBLIC_CERT_PATH (not one X.509 certificate in PEM)')
    // The certificate as PEM text in the environment instead of a file.
    const inline = certEnv({ ALIPAY_APP_CERT: fs.readFileSync(certs.appCertPath, 'utf8') })
    delete inline.ALIPAY_APP_CERT_PATH
    expect(alipayFromSettings(alipaySettings(inline), { publicUrl: base, production: false }).certificates?.appCertSn).toBe(certs.appCertSn)
  })

  test('an expired certificate is refused, naming it', () => {
    const problems: string[] = []
    const setting = (p: string, name: string) => ({ path: p, text: null, pathSetting: name, textSetting: name.replace(/_PATH$/, ''), what: name })
    const farFuture = Date.now() + 400 * 86_400_000
    loadAlipayCertificates(
      { app: setting(certs.appCertPath, 'ALIPAY_APP_CERT_PATH'), alipay: setting(certs.alipayPublicCertPath, 'ALIPAY_PUBLIC_CERT_PATH'), root: setting(certs.rootCertPath, 'ALIPAY_ROOT_CERT_PATH') },
      createPrivateKey(keys.appPrivateKeyPem),
      problems,
      farFuture
    )
    expect(problems).toEqual([expect.stringMatching(/^ALIPAY_APP_CERT_PATH \(expired \d{4}-\d\d-\d\d/), expect.stringMatching(/^ALIPAY_PUBLIC_CERT_PATH \(expired/)])
  })

  test('the real server process in production with half a certificate configuration exits 1 with one line naming the missing certificate', async () => {
    const env = certEnv({ NODE_ENV: 'production', PAYMENT_PROVIDERS: 'alipay', ALLOW_DEVELOPMENT_PROVIDERS: 'sms,identity,geocoding', PUBLIC_URL: 'https://order.shop.example', ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do' })
    delete env.ALIPAY_PUBLIC_CERT_PATH
    const { code, stdout, stderr } = await runServerProcess(env, dir, ['ALIPAY_'])
    expect(code).toBe(1)
    expect(stdout).not.toContain('listening')
    const lines = stderr.trim().split('\n')
    expect(lines).toEqual(["ScanOrder gateway refused to start: PAYMENT_PROVIDERS=alipay needs ALIPAY_PUBLIC_CERT_PATH (Alipay's public-key certificate, alipayCertPublicKey_RSA2.crt) or ALIPAY_PUBLIC_CERT"])
  }, 60_000)
})

describe('paying in certificate mode', () => {
  test('every request carries app_cert_sn and alipay_root_cert_sn inside the signed parameters; answers naming alipay_cert_sn are believed', async () => {
    const m = await diner()
    const { payId, invocation } = await openPayment(m, '18.80')
    const create = calls('alipay.trade.create').at(-1)!
    expect(create.signatureOk).toBe(true)
    expect(create.params).toMatchObject({ app_id: keys.appId, sign_type: 'RSA2', app_cert_sn: certs.appCertSn, alipay_root_cert_sn: certs.rootCertSn })
    expect(invocation).toMatchObject({ Channel: 'alipay-mini', TradeNO: fake.trades.get(payId)!.tradeNo })
    // The wap cashier's signed URL carries them too, and the gateway takes it.
    const hosted = await openPayment(await makeMember(server.db), '6.60', 'hosted')
    const url = new URL(hosted.payUrl)
    expect(url.searchParams.get('app_cert_sn')).toBe(certs.appCertSn)
    expect(url.searchParams.get('alipay_root_cert_sn')).toBe(certs.rootCertSn)
    expect((await fetch(hosted.payUrl)).status).toBe(200)
    expect(calls('alipay.trade.wap.pay').at(-1)!.signatureOk).toBe(true)
    expect(fake.trades.get(hosted.payId)?.totalAmount).toBe('6.60')
  })

  test('an answer signed with a key other than the one in Alipay\'s certificate is not believed', async () => {
    const m = await diner()
    fake.answerFault = 'bad-sign'
    try {
      const sheetId = await insertOrderRow(server.db, { ownerKey: m.ownerKey })
      const r = await server.call('PaySubmit', [{ SheetID: sheetId, RequestKey: `alic-${randomBytes(8).toString('hex')}`, ReturnUrl: RETURN, PayChannel: 'alipay-mini' }], { headers: m.headers })
      expect(r.body.errcode === '0' && r.body.resultcode === '0').toBe(false)
    } finally {
      fake.answerFault = null
    }
  })

  test('the same app without its certificates (public-key mode) is refused by the gateway in certificate mode', async () => {
    const publicKeyMode = new AlipayProvider(
      alipayFromSettings(alipaySettings({ ALIPAY_APP_ID: keys.appId, ALIPAY_PRIVATE_KEY_PATH: path.join(dir, 'app_private_key.pem'), ALIPAY_PUBLIC_KEY: keys.alipayPublicKeyPem, ALIPAY_SELLER_ID: keys.sellerId, ALIPAY_GATEWAY: fake.url }), {
        publicUrl: base,
        production: false
      })
    )
    await expect(publicKeyMode.queryStatus({ payId: 'P0000000001' } as never)).rejects.toMatchObject({ subCode: 'isv.invalid-app-cert-sn' })
    expect(AlipayError).toBeDefined()
  })
})

describe('notices in certificate mode', () => {
  test("a notice signed with the key of Alipay's certificate pays once; forged ones are refused and change nothing", async () => {
    const m = await diner()
    const { sheetId, payId } = await openPayment(m, '42.00')
    fake.setStatus(payId, 'TRADE_SUCCESS')
    const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
    for (const body of [fake.notice(payId, { signWith: foreign }), fake.notice(payId, { tamper: (f) => f.set('total_amount', '0.01') })]) {
      expect(await fake.post(payId, body)).toEqual({ status: 401, body: 'failure' })
    }
    expect(await notices(payId)).toEqual([])
    expect((await order(sheetId)).status).not.toBe(ORDER_STATUS.PAID)
    const genuine = fake.notice(payId)
    expect(await fake.post(payId, genuine)).toEqual({ status: 200, body: 'success' })
    expect(await fake.post(payId, genuine)).toEqual({ status: 200, body: 'success' })
    expect(await order(sheetId)).toMatchObject({ status: ORDER_STATUS.PAID, paid_amount: '42.00' })
    expect(await notices(payId)).toHaveLength(1)
  })
})

test('openssl made the certificates (the test needs it on PATH)', () => {
  expect(execFileSync('openssl', ['version']).toString()).toMatch(/OpenSSL/)
})
