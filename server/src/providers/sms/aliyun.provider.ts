/**
 * Aliyun SMS (阿里云短信服务, Dysmsapi 2017-05-25 SendSms) through the official SDK
 * `@alicloud/dysmsapi20170525`, which signs each request with ACS3-HMAC-SHA256 (its
 * `@alicloud/openapi-core`). The SDK's `endpoint` and `protocol` point it anywhere: the tests use a
 * loopback fake (tests/support/fake-aliyun-sms.ts) that checks the signature with keys the test
 * makes. The SDK gets the AccessKey pair in its Config, so its credential chain (environment
 * variables, ~/.alibabacloud, instance metadata) is never consulted.
 *
 * Numbers: mainland numbers as their 11 digits, others as country code + number without '+'
 * ('85366123456'), as SendSms documents PhoneNumbers. Templates: ALIYUN_SMS_TEMPLATES for
 * mainland numbers (国内消息), ALIYUN_SMS_INTL_TEMPLATES for the others (国际/港澳台消息), one per
 * language; the template's variable (ALIYUN_SMS_CODE_PARAM, 'code') takes the code.
 * Refusals (SendSms answers HTTP 200 with Code ≠ 'OK'; signature and key errors come as HTTP 4xx)
 * are sorted by refusalOf into the reasons the SMS code service turns into result codes.
 */
import type Dysmsapi from '@alicloud/dysmsapi20170525'
import type { Locale } from '../../../../src/gateway/contract'
import type { AliyunSmsSettings } from './sms.settings'
import { SmsRefused, type SmsMessage, type SmsProvider, type SmsRefusalReason } from './sms-provider'
import { isMainland, isNetworkError, refusalLine, SettingsCheck } from './vendor-sms'

export const ALIYUN_SMS_DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com'

export interface AliyunSmsOptions {
  accessKeyId: string
  accessKeySecret: string
  signName: string
  intlSignName: string
  templates: Record<Locale, string>
  intlTemplates: Record<Locale, string>
  codeParam: string
  /** 'https://dysmsapi.aliyuncs.com' or a loopback fake's origin. */
  endpoint: string
  timeoutMs: number
}

/** Checks the settings (all problems in one SmsSettingsError) and makes the options. */
export function aliyunOptions(settings: AliyunSmsSettings, timeoutMs: number): AliyunSmsOptions {
  const check = new SettingsCheck('aliyun')
  const accessKeyId = check.required(settings.accessKeyId, 'ALIYUN_SMS_ACCESS_KEY_ID')
  const accessKeySecret = check.secret(settings.accessKeySecret, settings.accessKeySecretFile, 'ALIYUN_SMS_ACCESS_KEY_SECRET')
  const signName = check.required(settings.signName, 'ALIYUN_SMS_SIGN_NAME')
  const templates = check.templates(settings.templates, 'ALIYUN_SMS_TEMPLATES')
  const intlTemplates = check.templates(settings.intlTemplates, 'ALIYUN_SMS_INTL_TEMPLATES', templates)
  const codeParam = settings.codeParam ?? 'code'
  check.shape(codeParam, /^[A-Za-z_][A-Za-z0-9_]{0,31}$/, 'ALIYUN_SMS_CODE_PARAM', "a template variable's name (letters, digits, _)")
  const endpoint = check.url(settings.endpoint, ALIYUN_SMS_DEFAULT_ENDPOINT, 'ALIYUN_SMS_ENDPOINT')
  check.done()
  return { accessKeyId, accessKeySecret, signName, intlSignName: settings.intlSignName ?? signName, templates, intlTemplates, codeParam, endpoint, timeoutMs }
}

/** Aliyun's answer codes → what the caller is told (docs/sms.md lists them). Anything unknown: not sent. */
export function aliyunRefusal(code: string, message: string): { reason: SmsRefusalReason; retryAfterSeconds?: number } {
  switch (code) {
    case 'isv.MOBILE_NUMBER_ILLEGAL':
      return { reason: 'invalid-number' }
    case 'isv.BUSINESS_LIMIT_CONTROL':
      // Flow control per number and signature: 触发分钟级流控 / 触发小时级流控 / 触发天级流控 (Permits:n).
      if (/天级|day/i.test(message)) return { reason: 'daily-limit' }
      if (/小时级|hour/i.test(message)) return { reason: 'too-frequent', retryAfterSeconds: 3600 }
      return { reason: 'too-frequent', retryAfterSeconds: 60 }
    default:
      // Throttling.* (the account's API rate) also waits a minute rather than blaming the diner.
      if (code.startsWith('Throttling')) return { reason: 'too-frequent', retryAfterSeconds: 60 }
      return { reason: 'not-sent' }
  }
}

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun'
  /** The SDK, loaded when this provider is made: a server (or a test file) on another provider never loads its 400 modules. */
  private readonly client: Promise<{ client: Dysmsapi; SendSmsRequest: typeof import('@alicloud/dysmsapi20170525').SendSmsRequest }>

  constructor(
    private readonly options: AliyunSmsOptions,
    private readonly log: (line: string) => void
  ) {
    const url = new URL(options.endpoint)
    this.client = Promise.all([import('@alicloud/dysmsapi20170525'), import('@alicloud/openapi-core')]).then(([{ default: Dysmsapi, SendSmsRequest }, { $OpenApiUtil }]) => ({
      SendSmsRequest,
      client: new Dysmsapi(
        new $OpenApiUtil.Config({
          accessKeyId: options.accessKeyId,
          accessKeySecret: options.accessKeySecret,
          endpoint: url.host,
          protocol: url.protocol === 'http:' ? 'http' : 'https',
          regionId: 'cn-hangzhou',
          connectTimeout: options.timeoutMs,
          readTimeout: options.timeoutMs
        })
      )
    }))
    // Loading on, in the background; a failure shows at the first message.
    this.client.catch(() => undefined)
  }

  async send(message: SmsMessage): Promise<void> {
    const mainland = isMainland(message)
    const { client, SendSmsRequest } = await this.client
    const request = new SendSmsRequest({
      phoneNumbers: mainland ? message.phone : `${message.areaNo}${message.phone}`,
      signName: mainland ? this.options.signName : this.options.intlSignName,
      templateCode: (mainland ? this.options.templates : this.options.intlTemplates)[message.locale],
      templateParam: JSON.stringify({ [this.options.codeParam]: message.code })
    })
    let body: { code?: string; message?: string; requestId?: string; bizId?: string } | undefined
    try {
      body = (await client.sendSms(request)).body
    } catch (error) {
      throw this.refused(message, error)
    }
    const code = body?.code ?? ''
    if (code === 'OK') return
    const { reason, retryAfterSeconds } = aliyunRefusal(code, body?.message ?? '')
    this.log(refusalLine(this.name, message, code || 'no Code', body?.message ?? '', body?.requestId))
    throw new SmsRefused(reason, this.name, code || 'no Code', retryAfterSeconds)
  }

  /** An exception from the SDK: the network's, or an HTTP 4xx/5xx answer (key, signature, throttling). */
  private refused(message: SmsMessage, error: unknown): SmsRefused {
    const e = error as { code?: string; message?: string; statusCode?: number; data?: { Message?: string; RequestId?: string } }
    if (!e?.statusCode && isNetworkError(error)) {
      this.log(refusalLine(this.name, message, 'network', String(e?.message ?? error)))
      return new SmsRefused('not-sent', this.name, 'network')
    }
    const code = String(e?.code ?? 'error')
    const { reason, retryAfterSeconds } = aliyunRefusal(code, String(e?.data?.Message ?? e?.message ?? ''))
    this.log(refusalLine(this.name, message, `${code}${e?.statusCode ? ` (HTTP ${e.statusCode})` : ''}`, String(e?.data?.Message ?? e?.message ?? ''), e?.data?.RequestId))
    return new SmsRefused(reason, this.name, code, retryAfterSeconds)
  }
}
