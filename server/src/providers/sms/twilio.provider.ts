/**
 * Twilio Programmable Messaging (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic
 * auth with the Account SID and Auth Token, or an API key) through the official SDK `twilio`.
 * The SDK has no base-URL option (its edge and region only pick among *.twilio.com hosts); its
 * documented extension point is the HTTP client (ClientOpts.httpClient). With TWILIO_API_BASE_URL
 * set, this provider gives it the SDK's own RequestClient with only the origin of each request
 * rewritten (and no proxy), so the SDK still builds the request, its form body and its Basic auth,
 * and the tests' loopback fake (tests/support/fake-twilio.ts) checks them. Unset, the SDK talks to
 * api.twilio.com exactly as it ships.
 *
 * Twilio has no templates: the text is the catalogue's 'sms.codeText' in the person's language,
 * with the code first (phones offer it to autofill). Numbers in E.164. The SDK's debug logging is
 * held at 'info' (TWILIO_LOG_LEVEL=debug would print each request's body, the code included).
 * Refusals come as HTTP 4xx with Twilio's error code; twilioRefusal sorts them.
 */
import type twilio from 'twilio'
import type RequestClient from 'twilio/lib/base/RequestClient'
import type Response from 'twilio/lib/http/response'
import { translate } from '../../../../src/i18n/translate'
import type { TwilioSmsSettings } from './sms.settings'
import { SmsRefused, type SmsMessage, type SmsProvider, type SmsRefusalReason } from './sms-provider'
import { e164, isNetworkError, refusalLine, SettingsCheck } from './vendor-sms'

export const TWILIO_DEFAULT_API_BASE_URL = 'https://api.twilio.com'

export interface TwilioSmsOptions {
  accountSid: string
  /** Basic auth: the Account SID and Auth Token, or an API key's SID and secret. */
  username: string
  password: string
  from: string | null
  messagingServiceSid: string | null
  edge: string | null
  region: string | null
  apiBaseUrl: string
  timeoutMs: number
}

export function twilioOptions(settings: TwilioSmsSettings, timeoutMs: number): TwilioSmsOptions {
  const check = new SettingsCheck('twilio')
  const accountSid = check.required(settings.accountSid, 'TWILIO_ACCOUNT_SID')
  check.shape(accountSid, /^AC[0-9a-fA-F]{32}$/, 'TWILIO_ACCOUNT_SID', "'AC' and 32 hex digits")
  let username = accountSid
  let password = ''
  if (settings.apiKeySid !== null) {
    check.shape(settings.apiKeySid, /^SK[0-9a-fA-F]{32}$/, 'TWILIO_API_KEY_SID', "'SK' and 32 hex digits")
    username = settings.apiKeySid
    password = check.secret(settings.apiKeySecret, settings.apiKeySecretFile, 'TWILIO_API_KEY_SECRET')
  } else {
    password = check.secret(settings.authToken, settings.authTokenFile, 'TWILIO_AUTH_TOKEN')
  }
  if (settings.from === null && settings.messagingServiceSid === null) check.problems.push('TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID) is missing')
  if (settings.from !== null) check.shape(settings.from, /^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11})$/, 'TWILIO_FROM', 'a number in E.164 (+…) or an alphanumeric sender id of at most 11 characters')
  if (settings.messagingServiceSid !== null) check.shape(settings.messagingServiceSid, /^MG[0-9a-fA-F]{32}$/, 'TWILIO_MESSAGING_SERVICE_SID', "'MG' and 32 hex digits")
  const apiBaseUrl = check.url(settings.apiBaseUrl, TWILIO_DEFAULT_API_BASE_URL, 'TWILIO_API_BASE_URL')
  check.done()
  return { accountSid, username, password, from: settings.from, messagingServiceSid: settings.messagingServiceSid, edge: settings.edge, region: settings.region, apiBaseUrl, timeoutMs }
}

/** Twilio's error codes (docs/sms.md) → what the caller is told. Anything unknown: not sent. */
export function twilioRefusal(code: number, status: number, retryAfter?: string): { reason: SmsRefusalReason; retryAfterSeconds?: number } {
  switch (code) {
    case 21211: // 'To' is not a valid phone number
    case 21614: // 'To' is not a valid mobile number
    case 21635: // 'To' is a landline
      return { reason: 'invalid-number' }
    case 20429: // too many requests (the account's concurrency)
    case 14107: // the sender's send rate
      return { reason: 'too-frequent', retryAfterSeconds: retrySeconds(retryAfter) }
    default:
      if (status === 429) return { reason: 'too-frequent', retryAfterSeconds: retrySeconds(retryAfter) }
      return { reason: 'not-sent' }
  }
}

const retrySeconds = (value: string | undefined): number => {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 && n <= 3600 ? n : 60
}

type RequestOptions<TData> = RequestClient.RequestOptions<TData>

/** The SDK, loaded when the provider is made: a server (or a test file) on another provider never loads it. */
async function twilioClient(options: TwilioSmsOptions): Promise<twilio.Twilio> {
  const { default: sdk } = await import('twilio')

  /** The SDK's own HTTP client, with the origin of every request replaced by `base` (tests' fake). */
  class RebasedRequestClient extends sdk.RequestClient {
    constructor(
      private readonly base: URL,
      clientOptions: ConstructorParameters<typeof sdk.RequestClient>[0]
    ) {
      super(clientOptions)
      // A loopback fake is reached directly, never through an HTTP proxy from the environment.
      this.axios.defaults.proxy = false
    }

    override request<TData>(request: RequestOptions<TData>): Promise<Response<TData>> {
      const uri = new URL(request.uri)
      uri.protocol = this.base.protocol
      uri.host = this.base.host
      return super.request<TData>({ ...request, uri: uri.href })
    }
  }

  const rebased = options.apiBaseUrl !== TWILIO_DEFAULT_API_BASE_URL
  return sdk(options.username, options.password, {
    accountSid: options.accountSid,
    timeout: options.timeoutMs,
    logLevel: 'info',
    autoRetry: false,
    ...(options.edge ? { edge: options.edge } : {}),
    ...(options.region ? { region: options.region } : {}),
    ...(rebased ? { httpClient: new RebasedRequestClient(new URL(options.apiBaseUrl), { timeout: options.timeoutMs }) } : {})
  })
}

export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio'
  private readonly client: Promise<twilio.Twilio>

  constructor(
    private readonly options: TwilioSmsOptions,
    private readonly log: (line: string) => void
  ) {
    this.client = twilioClient(options)
    // Loading on, in the background; a failure shows at the first message.
    this.client.catch(() => undefined)
  }

  async send(message: SmsMessage): Promise<void> {
    let sent: { sid?: string; status?: string; errorCode?: number | null; errorMessage?: string | null }
    const client = await this.client
    try {
      sent = await client.messages.create({
        to: e164(message),
        body: translate(message.locale, 'sms.codeText', { code: message.code, minutes: message.validMinutes }),
        ...(this.options.messagingServiceSid ? { messagingServiceSid: this.options.messagingServiceSid } : { from: this.options.from ?? '' })
      })
    } catch (error) {
      throw this.refused(message, error)
    }
    if (sent.status === 'failed' || sent.status === 'undelivered') {
      const code = String(sent.errorCode ?? sent.status)
      this.log(refusalLine(this.name, message, code, sent.errorMessage ?? '', sent.sid))
      throw new SmsRefused('not-sent', this.name, code)
    }
  }

  /** RestException (an HTTP 4xx/5xx with Twilio's code), or the network's. */
  private refused(message: SmsMessage, error: unknown): SmsRefused {
    const e = error as { status?: number; code?: number | string; message?: string; moreInfo?: string; response?: { headers?: Record<string, string> } }
    if (typeof e?.status === 'number' && e.status >= 400) {
      const code = Number(e.code)
      const { reason, retryAfterSeconds } = twilioRefusal(code, e.status)
      const shown = Number.isInteger(code) && code > 0 ? String(code) : `HTTP ${e.status}`
      this.log(refusalLine(this.name, message, shown, String(e.message ?? '')))
      return new SmsRefused(reason, this.name, shown, retryAfterSeconds)
    }
    const what = isNetworkError(error) ? 'network' : 'error'
    this.log(refusalLine(this.name, message, what, String(e?.message ?? error)))
    return new SmsRefused('not-sent', this.name, what)
  }
}
