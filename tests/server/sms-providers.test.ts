/**
 * The real SMS providers (issue 25 item 3: Aliyun, Tencent Cloud, Twilio, each through its
 * official SDK) against loopback fakes of the vendors (tests/support/fake-*.ts) that check each
 * request's signature or Basic auth with keys this test makes and answer as the vendor documents:
 *   - a member signs in by SMS through the real gateway (SmsVerifySend → VipLoginGet 42000 →
 *     VipRegister), a staff member through StaffSmsSend → StaffSmsLogin, with the provider chosen
 *     by SMS_PROVIDER and pointed at the fake by its endpoint setting;
 *   - the template (or Twilio's text) follows the person's language and the number's area
 *     (mainland or not), numbers in the vendor's form;
 *   - each refusal becomes the caller's code (invalid number 20036, the vendor's flow control
 *     20032 with its wait, its daily limit 20033, template / balance / keys / network / timeout
 *     20075), the refused code is ended, and our own limits still bound every send;
 *   - a refusal is logged with the vendor's code, never a secret or the code itself;
 *   - a vendor chosen without its settings refuses to start, in one line naming them; with them it
 *     starts in production without ALLOW_DEVELOPMENT_PROVIDERS.
 * What only a live vendor account can show is in docs/sms.md.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '../../server/src/config'
import { buildSmsProvider } from '../../server/src/providers/sms/registry'
import { SmsRefused, type SmsMessage } from '../../server/src/providers/sms/sms-provider'
import { SmsSettingsError } from '../../server/src/providers/sms/vendor-sms'
import { assertRunMode, describeProviders } from '../../server/src/providers/run-mode'
import { startFakeAliyunSms, type FakeAliyunSms } from '../support/fake-aliyun-sms'
import { startFakeTencentSms, type FakeTencentSms } from '../support/fake-tencent-sms'
import { startFakeTwilio, type FakeTwilio } from '../support/fake-twilio'
import { createTestServer, ok, type GatewayResult, type TestServer } from './helpers/test-server'
import { device } from './helpers/order-fixtures'
import { addPerson, ownerOf } from './helpers/staff-fixtures'
import { runServerProcess } from './helpers/start-check'

type Fake = FakeAliyunSms | FakeTencentSms | FakeTwilio

/** What the vendor was asked to send last: the number as the vendor got it, and the template (or Twilio's text). */
interface Sent {
  to: string
  template: string
}

interface VendorCase {
  name: 'aliyun' | 'tencent' | 'twilio'
  start(): Promise<{ fake: Fake; env: Record<string, string> }>
  /** Requests that reached the vendor's API (any answer). */
  count(fake: Fake): number
  lastSent(fake: Fake): Sent
  lastCode(fake: Fake): string
  /** Where each test message should go: Macau in zh-TW, mainland in zh-CN, Hong Kong in en. */
  expect: { macauZhTW(phone: string): Sent; mainlandZhCN(phone: string): Sent; hongKongEn(phone: string): Sent }
  /** The vendor's refusals: [what, the fake's fault, the caller's codes 'errcode/resultcode', the wait in seconds (20032)]. */
  refusals: [string, string, string, number | null][]
  /** Settings with the key pair's secret wrong (the fake refuses the signature). */
  wrongSecret(env: Record<string, string>): Record<string, string>
  /** The setting whose absence must be named, and the secret's setting (never printed). */
  required: string
  secret: string
}

const AC = `AC${'0123456789abcdef'.repeat(2)}`
const AUTH_TOKEN = `tw-${Math.random().toString(36).slice(2)}-token`
const ALIYUN_SECRET = `ali-${Math.random().toString(36).slice(2)}-secret`
const TENCENT_SECRET = `tc-${Math.random().toString(36).slice(2)}-secret`

const VENDORS: VendorCase[] = [
  {
    name: 'aliyun',
    async start() {
      const fake = await startFakeAliyunSms({
        accessKeyId: 'LTAI5tTestKey',
        accessKeySecret: ALIYUN_SECRET,
        signNames: ['澳門小館', 'Macau Bistro'],
        domesticTemplates: ['SMS_100', 'SMS_101', 'SMS_102'],
        intlTemplates: ['SMS_200', 'SMS_201', 'SMS_202']
      })
      return {
        fake,
        env: {
          ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tTestKey',
          ALIYUN_SMS_ACCESS_KEY_SECRET: ALIYUN_SECRET,
          ALIYUN_SMS_SIGN_NAME: '澳門小館',
          ALIYUN_SMS_INTL_SIGN_NAME: 'Macau Bistro',
          ALIYUN_SMS_TEMPLATES: 'zh-CN:SMS_100,zh-TW:SMS_101,en:SMS_102',
          ALIYUN_SMS_INTL_TEMPLATES: 'zh-CN:SMS_200,zh-TW:SMS_201,en:SMS_202',
          ALIYUN_SMS_ENDPOINT: fake.url
        }
      }
    },
    count: (fake) => (fake as FakeAliyunSms).requests.length,
    lastSent(fake) {
      const send = (fake as FakeAliyunSms).sends.at(-1)!
      return { to: send.PhoneNumbers, template: `${send.SignName}/${send.TemplateCode}` }
    },
    lastCode: (fake) => (fake as FakeAliyunSms).lastCode(),
    expect: {
      macauZhTW: (phone) => ({ to: `853${phone}`, template: 'Macau Bistro/SMS_201' }),
      mainlandZhCN: (phone) => ({ to: phone, template: '澳門小館/SMS_100' }),
      hongKongEn: (phone) => ({ to: `852${phone}`, template: 'Macau Bistro/SMS_202' })
    },
    refusals: [
      ['a number the vendor refuses (isv.MOBILE_NUMBER_ILLEGAL)', 'mobile-illegal', '0/20036', null],
      ['the flow control per minute', 'minute-limit', '0/20032', 60],
      ['the flow control per hour', 'hour-limit', '0/20032', 3600],
      ['the flow control per day', 'day-limit', '0/20033', null],
      ['a balance too low', 'amount-not-enough', '0/20075', null],
      ['the account stopped for arrears', 'out-of-service', '0/20075', null],
      ["the API's throttling (HTTP 400)", 'throttling', '0/20032', 60],
      ["the vendor's own failure", 'system-error', '0/20075', null],
      ['the connection dropped', 'drop', '0/20075', null],
      ['no answer within SMS_TIMEOUT_MS', 'hang', '0/20075', null]
    ],
    wrongSecret: (env) => ({ ...env, ALIYUN_SMS_ACCESS_KEY_SECRET: 'not-the-secret' }),
    required: 'ALIYUN_SMS_ACCESS_KEY_SECRET',
    secret: ALIYUN_SECRET
  },
  {
    name: 'tencent',
    async start() {
      const fake = await startFakeTencentSms({
        secretId: 'AKIDTestSecretId',
        secretKey: TENCENT_SECRET,
        sdkAppId: '1400123456',
        signNames: ['澳门小馆'],
        domesticTemplates: ['1100', '1101', '1102'],
        intlTemplates: ['2200', '2201', '2202']
      })
      return {
        fake,
        env: {
          TENCENTCLOUD_SMS_SECRET_ID: 'AKIDTestSecretId',
          TENCENTCLOUD_SMS_SECRET_KEY: TENCENT_SECRET,
          TENCENTCLOUD_SMS_SDK_APP_ID: '1400123456',
          TENCENTCLOUD_SMS_SIGN_NAME: '澳门小馆',
          TENCENTCLOUD_SMS_TEMPLATES: 'zh-CN:1100,zh-TW:1101,en:1102',
          TENCENTCLOUD_SMS_INTL_TEMPLATES: 'zh-CN:2200,zh-TW:2201,en:2202',
          TENCENTCLOUD_SMS_TEMPLATE_PARAMS: 'code,minutes',
          TENCENTCLOUD_SMS_ENDPOINT: fake.url
        }
      }
    },
    count: (fake) => (fake as FakeTencentSms).requests.length,
    lastSent(fake) {
      const send = (fake as FakeTencentSms).sends.at(-1)!
      return { to: send.PhoneNumberSet.join(','), template: `${send.SignName ?? '-'}/${send.TemplateId}/${(send.TemplateParamSet ?? []).length}` }
    },
    lastCode: (fake) => (fake as FakeTencentSms).lastCode(),
    expect: {
      macauZhTW: (phone) => ({ to: `+853${phone}`, template: '-/2201/2' }),
      mainlandZhCN: (phone) => ({ to: `+86${phone}`, template: '澳门小馆/1100/2' }),
      hongKongEn: (phone) => ({ to: `+852${phone}`, template: '-/2202/2' })
    },
    refusals: [
      ['a number the vendor refuses (InvalidParameterValue.IncorrectPhoneNumber)', 'incorrect-number', '0/20036', null],
      ['the 30-second limit per number', 'thirty-second-limit', '0/20032', 30],
      ['the hourly limit per number', 'hour-limit', '0/20032', 3600],
      ['the daily limit per number', 'daily-limit', '0/20033', null],
      ['an empty SMS package', 'insufficient-balance', '0/20075', null],
      ["the API's request limit (Response.Error)", 'request-limit', '0/20032', 60],
      ["the vendor's internal error", 'internal-error', '0/20075', null],
      ['the connection dropped', 'drop', '0/20075', null],
      ['no answer within SMS_TIMEOUT_MS', 'hang', '0/20075', null]
    ],
    wrongSecret: (env) => ({ ...env, TENCENTCLOUD_SMS_SECRET_KEY: 'not-the-secret' }),
    required: 'TENCENTCLOUD_SMS_SECRET_KEY',
    secret: TENCENT_SECRET
  },
  {
    name: 'twilio',
    async start() {
      const fake = await startFakeTwilio({ accountSid: AC, authToken: AUTH_TOKEN, senders: ['+15005550006'] })
      return { fake, env: { TWILIO_ACCOUNT_SID: AC, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_FROM: '+15005550006', TWILIO_API_BASE_URL: fake.url } }
    },
    count: (fake) => (fake as FakeTwilio).requests.length,
    lastSent(fake) {
      const message = (fake as FakeTwilio).messages.at(-1)!
      // The text without its code: the language is the template here.
      return { to: message.To, template: message.Body.replace(/\d{6}/, '{code}') }
    },
    lastCode: (fake) => (fake as FakeTwilio).lastCode(),
    expect: {
      macauZhTW: (phone) => ({ to: `+853${phone}`, template: '{code} 是您的驗證碼，5 分鐘內有效。請勿告訴他人。' }),
      mainlandZhCN: (phone) => ({ to: `+86${phone}`, template: '{code} 是您的验证码，5 分钟内有效。请勿告诉他人。' }),
      hongKongEn: (phone) => ({ to: `+852${phone}`, template: '{code} is your verification code. It is valid for 5 minutes. Do not share it with anyone.' })
    },
    refusals: [
      ['a number that is not a mobile one (21614)', 'not-mobile', '0/20036', null],
      ["the region's permission off (21408)", 'region-not-enabled', '0/20075', null],
      ['a recipient who replied STOP (21610)', 'unsubscribed', '0/20075', null],
      ['an account without funds (20005)', 'account-not-active', '0/20075', null],
      ['too many requests (20429, HTTP 429)', 'too-many-requests', '0/20032', 60],
      ['HTTP 500', 'server-error', '0/20075', null],
      ['the connection dropped', 'drop', '0/20075', null],
      ['no answer within SMS_TIMEOUT_MS', 'hang', '0/20075', null]
    ],
    wrongSecret: (env) => ({ ...env, TWILIO_AUTH_TOKEN: 'not-the-token' }),
    required: 'TWILIO_AUTH_TOKEN',
    secret: AUTH_TOKEN
  }
]

const TIMEOUT_MS = 1500
const codes = (res: GatewayResult): string => `${res.body.errcode}/${res.body.resultcode}`

let ipSeq = 0
let phoneSeq = 0
/** A fresh client address and device: our own limits of one test never touch another's. */
const caller = (): Record<string, string> => ({ 'X-Forwarded-For': `10.25.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`, ...device().headers })
const macauPhone = (): string => `6${String(3100000 + ++phoneSeq * 41).padStart(7, '0')}`
const mainlandPhone = (): string => `139${String(10000000 + ++phoneSeq * 53).padStart(8, '0')}`
const hongKongPhone = (): string => `5${String(2100000 + ++phoneSeq * 47).padStart(7, '0')}`

describe.each(VENDORS)('SMS_PROVIDER=$name', (vendor) => {
  let fake: Fake
  let env: Record<string, string>
  let server: TestServer
  beforeAll(async () => {
    ;({ fake, env } = await vendor.start())
    const config = loadConfig({ SMS_PROVIDER: vendor.name, SMS_TIMEOUT_MS: String(TIMEOUT_MS), ...env })
    server = await createTestServer({ trustProxy: true, smsProvider: vendor.name, sms: config.sms })
  })
  afterAll(async () => {
    await server?.close()
    await fake?.close()
  })

  const sendCode = (phone: string, headers: Record<string, string>, options: { areaNo?: string; lang?: string } = {}) =>
    server.call('SmsVerifySend', [{ Phone: phone, AreaNo: options.areaNo ?? '853', SourceType: 'VipLogin' }], { headers, lang: options.lang ?? 'en' })

  test('a member signs in by SMS through the vendor: the code reaches the vendor, signed, in the zh-TW template for a Macau number', async () => {
    const phone = macauPhone()
    const headers = caller()
    const before = vendor.count(fake)
    const sent = ok(await sendCode(phone, headers, { lang: 'zh-TW' })).table1[0]
    expect(sent).toMatchObject({ AreaNo: '853', ExpiresIn: 300, ResendIn: 60 })
    expect(vendor.count(fake)).toBe(before + 1)
    expect(fake.authFailures).toEqual([])
    expect(vendor.lastSent(fake)).toEqual(vendor.expect.macauZhTW(phone))
    const code = vendor.lastCode(fake)
    expect(code).toMatch(/^\d{6}$/)
    // The code is never in the answer: only the vendor saw it.
    expect(JSON.stringify(sent)).not.toContain(code)
    expect(codes(await server.call('VipLoginGet', [{ Phone: phone, AreaNo: '853', Code: code }], { headers }))).toBe('0/42000')
    const session = ok(await server.call('VipRegister', [{ RegisterType: 1, Phone: phone, AreaNo: '853', Code: code, VipName: 'Ana' }], { headers })).table1[0]
    const detail = ok(await server.call('VipDetailGet', [{}], { headers: { ...headers, Authorization: `Bearer ${session.Token}` } })).table1[0]
    expect(detail).toMatchObject({ AreaNo: '853', Phone: phone })
  })

  test("the template follows the person's language and the number's area: mainland in zh-CN, Hong Kong in en", async () => {
    const mainland = mainlandPhone()
    ok(await sendCode(mainland, caller(), { areaNo: '86', lang: 'zh-CN' }))
    expect(vendor.lastSent(fake)).toEqual(vendor.expect.mainlandZhCN(mainland))
    const hongKong = hongKongPhone()
    ok(await sendCode(hongKong, caller(), { areaNo: '852', lang: 'en' }))
    expect(vendor.lastSent(fake)).toEqual(vendor.expect.hongKongEn(hongKong))
    expect(fake.authFailures).toEqual([])
  })

  test("a staff member signs in by SMS; the person's own language (en) chooses the template, not the form's", async () => {
    const owner = await ownerOf(server)
    const { phone } = await addPerson(server, owner, 'manager')
    const headers = caller()
    ok(await server.call('StaffSmsSend', [{ AreaCode: '853', Phone: phone }], { entId: '', lang: 'zh-TW', headers }))
    expect(vendor.lastSent(fake).to).toBe(vendor.expect.hongKongEn(phone).to.replace('852', '853'))
    expect(vendor.lastSent(fake).template).toBe(vendor.expect.hongKongEn('x').template)
    const row = ok(await server.call('StaffSmsLogin', [{ AreaCode: '853', Phone: phone, Code: vendor.lastCode(fake) }], { entId: '', headers })).table1[0]
    expect(row.Role).toBe('manager')
  })

  test.each(vendor.refusals)("the vendor's refusal — %s — reaches the caller as the spec's code; the code is ended", async (_what, fault, expected, seconds) => {
    const phone = macauPhone()
    const headers = caller()
    fake.next(fault as never)
    const before = vendor.count(fake)
    const started = Date.now()
    const res = await sendCode(phone, headers, { lang: 'en' })
    expect(codes(res)).toBe(expected)
    expect(vendor.count(fake)).toBe(before + 1)
    if (seconds !== null) expect(res.body.resultmsg).toBe(`Too many code requests. Please try again in ${seconds} s.`)
    if (expected === '0/20075') expect(res.body.resultmsg).toBe('The code could not be sent. Please try again later.')
    if (fault === 'hang') expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 5000)
    // The code the vendor was given (where the fake saw it) can never be used.
    const seen = (() => {
      try {
        return vendor.lastCode(fake)
      } catch {
        return null
      }
    })()
    if (seen) expect(codes(await server.call('VipLoginGet', [{ Phone: phone, AreaNo: '853', Code: seen }], { headers }))).toBe('0/20035')
    const row = await server.db.selectFrom('sms_codes').select(['ended_at']).where('phone', '=', phone).executeTakeFirstOrThrow()
    expect(row.ended_at).not.toBeNull()
  })

  test("a number malformed for the vendor is refused by the vendor's own check (the fake's), as an invalid number", async () => {
    // Our own check never lets such a number through; the provider is asked directly.
    const provider = buildSmsProvider({ ...loadConfig({ SMS_PROVIDER: vendor.name, ...env }), production: false }, () => {})
    const refusal = await provider.send(message({ areaNo: '853', phone: '12' })).then(
      () => null,
      (error: unknown) => error
    )
    expect(refusal).toBeInstanceOf(SmsRefused)
    expect((refusal as SmsRefused).reason).toBe('invalid-number')
  })

  test('our own limits still bound every send: after a refusal the same phone waits 60 s, and the vendor is not asked again', async () => {
    const phone = macauPhone()
    const headers = caller()
    fake.next(vendor.refusals.find(([, , code]) => code === '0/20075')![1] as never)
    expect(codes(await sendCode(phone, headers))).toBe('0/20075')
    const asked = vendor.count(fake)
    const again = await sendCode(phone, headers)
    expect(codes(again)).toBe('0/20032')
    expect(vendor.count(fake)).toBe(asked)
  })

  test("a network failure is logged without the request's query or the code (an SDK's error text may quote the URL)", async () => {
    const lines: string[] = []
    const provider = buildSmsProvider({ ...loadConfig({ SMS_PROVIDER: vendor.name, SMS_TIMEOUT_MS: '1000', ...env }), production: false }, (line) => lines.push(line))
    for (const fault of ['drop', 'hang']) {
      fake.next(fault as never)
      const error = await provider.send(message({ code: '907311' })).then(
        () => null,
        (e: unknown) => e
      )
      expect((error as SmsRefused).reason).toBe('not-sent')
    }
    expect(lines).toHaveLength(2)
    for (const line of lines) {
      expect(line).toMatch(new RegExp(`^\\[SMS ${vendor.name}\\] not sent to \\+853 66\\*\\*\\*\\*56 \\(VipLogin, E1001, en\\): network`))
      for (const secret of [vendor.secret, '907311', '66123456', 'TemplateParam']) expect(line).not.toContain(secret)
    }
  })

  test('wrong keys: the fake refuses the signature, the caller gets 20075, the log names the vendor code and never the secret or the code', async () => {
    const lines: string[] = []
    const provider = buildSmsProvider({ ...loadConfig({ SMS_PROVIDER: vendor.name, ...vendor.wrongSecret(env) }), production: false }, (line) => lines.push(line))
    const failures = fake.authFailures.length
    const error = await provider.send(message({ code: '483920' })).then(
      () => null,
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(SmsRefused)
    expect((error as SmsRefused).reason).toBe('not-sent')
    expect(fake.authFailures.length).toBe(failures + 1)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(new RegExp(`^\\[SMS ${vendor.name}\\] not sent to \\+853 66\\*\\*\\*\\*56 \\(VipLogin, E1001, en\\): `))
    expect(lines[0]).toMatch(/SignatureDoesNotMatch|AuthFailure\.SignatureFailure|20003/)
    for (const secret of [vendor.secret, 'not-the-secret', 'not-the-token', '483920', '66123456']) expect(lines[0]).not.toContain(secret)
  })
})

function message(over: Partial<SmsMessage> = {}): SmsMessage {
  return { entId: 'E1001', areaNo: '853', phone: '66123456', code: '123456', sourceType: 'VipLogin', validMinutes: 5, locale: 'en', ...over }
}

describe('choosing a vendor', () => {
  const full: Record<string, Record<string, string>> = {
    aliyun: { ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tKey', ALIYUN_SMS_ACCESS_KEY_SECRET: ALIYUN_SECRET, ALIYUN_SMS_SIGN_NAME: '澳門小館', ALIYUN_SMS_TEMPLATES: 'zh-CN:SMS_1,zh-TW:SMS_2,en:SMS_3' },
    tencent: {
      TENCENTCLOUD_SMS_SECRET_ID: 'AKIDx',
      TENCENTCLOUD_SMS_SECRET_KEY: TENCENT_SECRET,
      TENCENTCLOUD_SMS_SDK_APP_ID: '1400123456',
      TENCENTCLOUD_SMS_SIGN_NAME: '澳门小馆',
      TENCENTCLOUD_SMS_TEMPLATES: 'zh-CN:1,zh-TW:2,en:3'
    },
    twilio: { TWILIO_ACCOUNT_SID: AC, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_FROM: '+15005550006' }
  }
  const production = { NODE_ENV: 'production', ALLOW_DEVELOPMENT_PROVIDERS: 'identity,sandbox-payments,geocoding' }

  test.each(Object.keys(full))('%s with its settings starts in production without allowing the development SMS provider', (name) => {
    const config = loadConfig({ ...production, SMS_PROVIDER: name, ...full[name] })
    expect(config.allowDevelopmentProviders).not.toContain('sms')
    expect(() => assertRunMode(config)).not.toThrow()
    expect(buildSmsProvider(config, () => {}).name).toBe(name)
    expect(describeProviders(config)).toContain(`sms=${name}`)
  })

  test.each(VENDORS.map((v) => [v.name, v.required, v.secret] as const))('%s without %s refuses to start, in one line naming it (and no secret)', (name, required, secret) => {
    const env = { ...production, SMS_PROVIDER: name, ...full[name] }
    delete (env as Record<string, string>)[required]
    const config = loadConfig(env)
    let error: unknown = null
    try {
      buildSmsProvider(config, () => {})
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(SmsSettingsError)
    expect((error as Error).message).toBe(`SMS_PROVIDER=${name} cannot start: ${required} (or ${required}_FILE) is missing (docs/sms.md)`)
    expect((error as Error).message).not.toContain(secret)
  })

  test('every problem is named at once: a template language missing, a malformed id, an http endpoint that is not the loopback', () => {
    const config = loadConfig({
      SMS_PROVIDER: 'tencent',
      TENCENTCLOUD_SMS_SECRET_ID: 'AKIDx',
      TENCENTCLOUD_SMS_SECRET_KEY_FILE: '/nonexistent/tencent-secret',
      TENCENTCLOUD_SMS_SDK_APP_ID: 'app',
      TENCENTCLOUD_SMS_TEMPLATES: 'zh-CN:1,en:3',
      TENCENTCLOUD_SMS_ENDPOINT: 'http://sms.example.com'
    })
    expect(() => buildSmsProvider(config, () => {})).toThrow(
      "SMS_PROVIDER=tencent cannot start: TENCENTCLOUD_SMS_SECRET_KEY_FILE cannot be read (ENOENT); TENCENTCLOUD_SMS_SDK_APP_ID must be the application's numeric SdkAppId (1400…); TENCENTCLOUD_SMS_SIGN_NAME is missing; TENCENTCLOUD_SMS_TEMPLATES has no template for zh-TW; TENCENTCLOUD_SMS_ENDPOINT must be an https origin such as https://sms.tencentcloudapi.com (http only for a loopback host), got 'http://sms.example.com' (docs/sms.md)"
    )
  })

  test('a secret may come from a file (<NAME>_FILE)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sms-secret-'))
    try {
      fs.writeFileSync(path.join(dir, 'token'), `${AUTH_TOKEN}\n`)
      const { TWILIO_AUTH_TOKEN: _, ...rest } = full.twilio
      const config = loadConfig({ SMS_PROVIDER: 'twilio', ...rest, TWILIO_AUTH_TOKEN_FILE: path.join(dir, 'token') })
      expect(buildSmsProvider(config, () => {}).name).toBe('twilio')
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  test('the real server process refuses to start with the one line, and exits non-zero', async () => {
    const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sms-start-'))
    const { TWILIO_AUTH_TOKEN: _, ...rest } = full.twilio
    const { code: exitCode, stdout, stderr } = await runServerProcess({ ...production, SMS_PROVIDER: 'twilio', ...rest, TWILIO_AUTH_TOKEN: undefined }, tempDir)
    const output = stdout + stderr
    fs.rmSync(tempDir, { recursive: true, force: true })
    expect(exitCode).not.toBe(0)
    expect(exitCode).not.toBeNull()
    expect(output).toContain('ScanOrder gateway refused to start: SMS_PROVIDER=twilio cannot start: TWILIO_AUTH_TOKEN (or TWILIO_AUTH_TOKEN_FILE) is missing (docs/sms.md)')
    expect(output).not.toMatch(/\n\s+at /)
    expect(output).not.toContain('listening on')
  }, 60_000)
})
