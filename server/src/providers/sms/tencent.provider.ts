/**
 * Tencent Cloud SMS (腾讯云短信, SendSms 2021-01-11) through the official SDK
 * `tencentcloud-sdk-nodejs-sms` (on `tencentcloud-sdk-nodejs-common`), which signs each request with
 * TC3-HMAC-SHA256. Its `profile.httpProfile.endpoint` and `protocol` point it anywhere; the signing
 * service is the endpoint's first label ('sms'), so a loopback fake is reached as
 * `http://sms.localhost:<port>`: names under .localhost are the loopback (RFC 6761) and this
 * provider resolves them so itself (Node's resolver does not). The tests' fake
 * (tests/support/fake-tencent-sms.ts) checks the signature with keys the test makes.
 *
 * Numbers in E.164 ('+85366123456'). Templates: TENCENTCLOUD_SMS_TEMPLATES for mainland numbers
 * (国内短信), TENCENTCLOUD_SMS_INTL_TEMPLATES for the others (国际/港澳台短信), one per language;
 * TemplateParamSet is the code (and the minutes, with TENCENTCLOUD_SMS_TEMPLATE_PARAMS=code,minutes).
 * SendSms answers a refusal either as Response.Error (keys, signature, the API's rate) or, for
 * the number, in SendStatusSet[].Code; both are sorted by tencentRefusal.
 */
import dns from 'node:dns'
import http from 'node:http'
import type { LookupFunction } from 'node:net'
import type { sms } from 'tencentcloud-sdk-nodejs-sms'
import type { Locale } from '../../../../src/gateway/contract'
import type { TencentSmsSettings } from './sms.settings'
import { SmsRefused, type SmsMessage, type SmsProvider, type SmsRefusalReason } from './sms-provider'
import { e164, isLoopbackHost, isMainland, isNetworkError, refusalLine, SettingsCheck } from './vendor-sms'

export const TENCENT_SMS_DEFAULT_ENDPOINT = 'https://sms.tencentcloudapi.com'

type TemplateParam = 'code' | 'minutes'

export interface TencentSmsOptions {
  secretId: string
  secretKey: string
  sdkAppId: string
  signName: string
  intlSignName: string | null
  templates: Record<Locale, string>
  intlTemplates: Record<Locale, string>
  templateParams: TemplateParam[]
  region: string
  endpoint: string
  timeoutMs: number
}

export function tencentOptions(settings: TencentSmsSettings, timeoutMs: number): TencentSmsOptions {
  const check = new SettingsCheck('tencent')
  const secretId = check.required(settings.secretId, 'TENCENTCLOUD_SMS_SECRET_ID')
  const secretKey = check.secret(settings.secretKey, settings.secretKeyFile, 'TENCENTCLOUD_SMS_SECRET_KEY')
  const sdkAppId = check.required(settings.sdkAppId, 'TENCENTCLOUD_SMS_SDK_APP_ID')
  check.shape(sdkAppId, /^\d{6,12}$/, 'TENCENTCLOUD_SMS_SDK_APP_ID', "the application's numeric SdkAppId (1400…)")
  const signName = check.required(settings.signName, 'TENCENTCLOUD_SMS_SIGN_NAME')
  const templates = check.templates(settings.templates, 'TENCENTCLOUD_SMS_TEMPLATES')
  const intlTemplates = check.templates(settings.intlTemplates, 'TENCENTCLOUD_SMS_INTL_TEMPLATES', templates)
  const params = (settings.templateParams ?? 'code').split(',').map((p) => p.trim())
  if (!params.every((p): p is TemplateParam => p === 'code' || p === 'minutes') || !params.includes('code')) {
    check.problems.push(`TENCENTCLOUD_SMS_TEMPLATE_PARAMS must list the template's variables in order from 'code' and 'minutes' (e.g. 'code' or 'code,minutes'), got '${settings.templateParams}'`)
  }
  const region = settings.region ?? 'ap-guangzhou'
  check.shape(region, /^[a-z]{2,}-[a-z]+(-\d+)?$/, 'TENCENTCLOUD_SMS_REGION', "a region such as 'ap-guangzhou'")
  const endpoint = check.url(settings.endpoint, TENCENT_SMS_DEFAULT_ENDPOINT, 'TENCENTCLOUD_SMS_ENDPOINT')
  check.done()
  return { secretId, secretKey, sdkAppId, signName, intlSignName: settings.intlSignName, templates, intlTemplates, templateParams: params as TemplateParam[], region, endpoint, timeoutMs }
}

/** Tencent's error codes (Response.Error.Code or SendStatusSet[].Code) → what the caller is told. Anything unknown: not sent. */
export function tencentRefusal(code: string): { reason: SmsRefusalReason; retryAfterSeconds?: number } {
  switch (code) {
    case 'InvalidParameterValue.IncorrectPhoneNumber':
      return { reason: 'invalid-number' }
    case 'LimitExceeded.PhoneNumberThirtySecondLimit':
      return { reason: 'too-frequent', retryAfterSeconds: 30 }
    case 'LimitExceeded.PhoneNumberOneHourLimit':
      return { reason: 'too-frequent', retryAfterSeconds: 3600 }
    case 'LimitExceeded.DeliveryFrequencyLimit':
      return { reason: 'too-frequent', retryAfterSeconds: 60 }
    case 'LimitExceeded.PhoneNumberDailyLimit':
    case 'LimitExceeded.PhoneNumberSameContentDailyLimit':
      return { reason: 'daily-limit' }
    default:
      if (code.startsWith('RequestLimitExceeded')) return { reason: 'too-frequent', retryAfterSeconds: 60 }
      return { reason: 'not-sent' }
  }
}

/** Resolves localhost and *.localhost to 127.0.0.1 (RFC 6761); everything else as usual. */
const loopbackLookup = ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
  if (!isLoopbackHost(hostname) || /^127\./.test(hostname)) return dns.lookup(hostname, options, callback as never)
  if (options?.all) callback(null, [{ address: '127.0.0.1', family: 4 }])
  else callback(null, '127.0.0.1', 4)
}) as unknown as LookupFunction

export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent'
  /** The SDK's client, loaded when this provider is made: a server (or a test file) on another provider never loads the SDK. */
  private readonly client: Promise<InstanceType<typeof sms.v20210111.Client>>

  constructor(
    private readonly options: TencentSmsOptions,
    private readonly log: (line: string) => void
  ) {
    this.client = import('tencentcloud-sdk-nodejs-sms').then(({ sms }) => {
      const url = new URL(options.endpoint)
      const loopback = isLoopbackHost(url.hostname)
      return new sms.v20210111.Client({
        credential: { secretId: options.secretId, secretKey: options.secretKey },
        region: options.region,
        profile: {
          signMethod: 'TC3-HMAC-SHA256',
          httpProfile: {
            endpoint: url.host,
            protocol: `${url.protocol}//`,
            reqMethod: 'POST',
            reqTimeout: options.timeoutMs / 1000,
            // Only a loopback fake gets an agent of ours (one that resolves *.localhost); the real
            // endpoint keeps the SDK's own connection (and its proxy from http_proxy, if set).
            ...(loopback && url.protocol === 'http:' ? { agent: new http.Agent({ keepAlive: true, lookup: loopbackLookup }) } : {})
          }
        }
      })
    })
    // Loading on, in the background; a failure shows at the first message.
    this.client.catch(() => undefined)
  }

  async send(message: SmsMessage): Promise<void> {
    const mainland = isMainland(message)
    const signName = mainland ? this.options.signName : (this.options.intlSignName ?? undefined)
    const client = await this.client
    let response: Awaited<ReturnType<typeof client.SendSms>>
    try {
      response = await client.SendSms({
        PhoneNumberSet: [e164(message)],
        SmsSdkAppId: this.options.sdkAppId,
        TemplateId: (mainland ? this.options.templates : this.options.intlTemplates)[message.locale],
        ...(signName ? { SignName: signName } : {}),
        TemplateParamSet: this.options.templateParams.map((p) => (p === 'code' ? message.code : String(message.validMinutes)))
      })
    } catch (error) {
      throw this.refused(message, error)
    }
    const status = response.SendStatusSet?.[0]
    if (status?.Code === 'Ok') return
    const code = status?.Code ?? 'no SendStatusSet'
    const { reason, retryAfterSeconds } = tencentRefusal(code)
    this.log(refusalLine(this.name, message, code, status?.Message ?? '', response.RequestId))
    throw new SmsRefused(reason, this.name, code, retryAfterSeconds)
  }

  /** The SDK's exception: Response.Error (it has a code), an HTTP status ≠ 200, or the network's. */
  private refused(message: SmsMessage, error: unknown): SmsRefused {
    const e = error as { code?: string; message?: string; requestId?: string; httpCode?: number }
    if (!e?.code) {
      const what = e?.httpCode ? `HTTP ${e.httpCode}` : isNetworkError(error) ? 'network' : 'error'
      this.log(refusalLine(this.name, message, what, String(e?.message ?? error), e?.requestId))
      return new SmsRefused('not-sent', this.name, what)
    }
    const { reason, retryAfterSeconds } = tencentRefusal(e.code)
    this.log(refusalLine(this.name, message, e.code, String(e.message ?? ''), e.requestId))
    return new SmsRefused(reason, this.name, e.code, retryAfterSeconds)
  }
}
