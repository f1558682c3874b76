/**
 * Issue 25 "Done when": the real server process (`npm run serve`) with NODE_ENV=production and every
 * provider real — WeChat Pay and Alipay payments, Aliyun SMS, WeChat and Alipay sign-in, Nominatim —
 * starts without ALLOW_DEVELOPMENT_PROVIDERS and names each real provider in its start line; with
 * one key missing it refuses in one line naming that setting. Keys are made by the test and kept in
 * files, as a deployment keeps them; the vendors' endpoints are their real https defaults (nothing
 * is called at start).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { runServerProcess } from './helpers/start-check'

let dir: string
let env: Record<string, string>

const pem = (kind: 'pkcs1' | 'pkcs8') => {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return { privatePem: pair.privateKey.export({ type: kind, format: 'pem' }).toString(), publicPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString() }
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-production-start-'))
  const file = (name: string, text: string) => {
    const p = path.join(dir, name)
    fs.writeFileSync(p, text, { mode: 0o600 })
    return p
  }
  const merchant = pem('pkcs8')
  const wechatPayPublic = pem('pkcs8')
  const alipayApp = pem('pkcs1')
  const alipayPlatform = pem('pkcs8')
  env = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://order.shop.example',
    PAYMENT_PROVIDERS: 'wechatpay,alipay',
    WECHATPAY_MCHID: '1900000109',
    WECHATPAY_MERCHANT_SERIAL_NO: randomBytes(20).toString('hex').toUpperCase(),
    WECHATPAY_MERCHANT_PRIVATE_KEY_PATH: file('apiclient_key.pem', merchant.privatePem),
    WECHATPAY_APIV3_KEY: randomBytes(16).toString('hex'),
    WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000001092025010100000000000001',
    WECHATPAY_PUBLIC_KEY_PATH: file('pub_key.pem', wechatPayPublic.publicPem),
    WECHATPAY_MINI_APPID: 'wx0123456789abcdef',
    WECHATPAY_JSAPI_APPID: 'wxfedcba9876543210',
    ALIPAY_APP_ID: '2021000000000001',
    ALIPAY_PRIVATE_KEY_PATH: file('alipay_app_private_key.pem', alipayApp.privatePem),
    ALIPAY_PUBLIC_KEY_PATH: file('alipay_public_key.pem', alipayPlatform.publicPem),
    ALIPAY_SELLER_ID: '2088000000000001',
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tProductionTest',
    ALIYUN_SMS_ACCESS_KEY_SECRET_FILE: file('aliyun_secret', randomBytes(15).toString('hex')),
    ALIYUN_SMS_SIGN_NAME: '澳門小館',
    ALIYUN_SMS_TEMPLATES: 'zh-CN:SMS_100,zh-TW:SMS_101,en:SMS_102',
    IDENTITY_PROVIDER: 'wechat,alipay',
    WECHAT_MINI_APPID: 'wx0123456789abcdef',
    WECHAT_MINI_SECRET: randomBytes(16).toString('hex'),
    WECHAT_OA_APPID: 'wxfedcba9876543210',
    WECHAT_OA_SECRET: randomBytes(16).toString('hex'),
    ALIPAY_MINI_APP_ID: '2021000000000002',
    ALIPAY_LOGIN_APP_ID: '2021000000000003',
    ALIPAY_LOGIN_PRIVATE_KEY_PATH: file('alipay_login_private_key.pem', alipayApp.privatePem),
    ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY_PATH: file('alipay_login_public_key.pem', alipayPlatform.publicPem),
    GEOCODING_PROVIDER: 'nominatim',
    NOMINATIM_CONTACT: 'ops@shop.example'
  }
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

// Whatever the runner's own environment says about providers is left out: the test's settings alone count.
const DROP = ['WECHATPAY_', 'ALIPAY_', 'ALIYUN_', 'TENCENTCLOUD_', 'TWILIO_', 'WECHAT_', 'ALLOW_DEVELOPMENT_PROVIDERS', 'SANDBOX_', 'SEED_DEMO']

// Its servers run on a SQLite file of their own whatever DATABASE_URL says (start-check.ts): the
// PostgreSQL run of this suite (scripts/test.mjs) would only repeat the SQLite run's test.
const test = process.env.DATABASE_URL ? global.test.skip : global.test

test('every provider real: production starts without ALLOW_DEVELOPMENT_PROVIDERS and its start line names each one, no stand-in', async () => {
  const { stdout, stderr } = await runServerProcess(env, dir, DROP, { stopWhenListening: true, viaTsx: true })
  expect(stderr).not.toContain('refused to start')
  expect(stdout).toContain('listening on')
  const line = stdout.split('\n').find((l) => l.includes('providers: '))
  expect(line).toBeDefined()
  for (const part of ['payments=wechatpay (WeChat Pay API v3, real money)', 'payments=alipay (Alipay openapi via alipay-sdk, real money)', 'sms=aliyun', 'identity=wechat,alipay', 'geocoding=nominatim']) {
    expect(line).toContain(part)
  }
  expect(line).not.toMatch(/development|SANDBOX|ALLOW_DEVELOPMENT_PROVIDERS/)
  // No secret reaches the log.
  for (const secret of [env.WECHATPAY_APIV3_KEY, env.WECHAT_MINI_SECRET, env.WECHAT_OA_SECRET]) expect(stdout + stderr).not.toContain(secret)
}, 60_000)

test.each([
  ['ALIYUN_SMS_TEMPLATES', 'SMS_PROVIDER=aliyun'],
  ['WECHATPAY_APIV3_KEY', 'PAYMENT_PROVIDERS=wechatpay'],
  ['ALIPAY_LOGIN_PRIVATE_KEY_PATH', 'IDENTITY_PROVIDER=alipay']
])('with %s missing, production refuses in one line naming it', async (missing, choice) => {
  const { code, stdout, stderr } = await runServerProcess({ ...env, [missing]: undefined }, dir, DROP)
  expect(code).toBe(1)
  expect(stdout).not.toContain('listening on')
  const lines = stderr.trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/^ScanOrder gateway refused to start: /)
  expect(lines[0]).toContain(choice)
  expect(lines[0]).toContain(missing)
}, 60_000)
