/**
 * A loopback fake of Twilio's Messages API (POST /2010-04-01/Accounts/{AccountSid}/Messages.json),
 * written from Twilio's published protocol, not from its SDK:
 *   - HTTP Basic auth: the Account SID and its Auth Token, or an API key's SID and secret, for the
 *     account in the path; anything else → HTTP 401 {code: 20003, message: 'Authenticate'};
 *   - the form body (application/x-www-form-urlencoded): To in E.164, From (a number or sender id
 *     the account owns) or MessagingServiceSid, Body;
 *   - answers: HTTP 201 with the Message resource (sid 'SM…', status 'queued', error_code null);
 *     refusals as Twilio's REST errors {code, message, more_info, status}: 21211 (To not a valid
 *     phone number) for a To that is not E.164, 21606 (From not the account's), 21602 (no Body),
 *     and what a test queues with next(): 21614 (not a mobile number), 21408 (region not enabled),
 *     21610 (the recipient replied STOP), 20005 (account not active: no funds), 20429 (HTTP 429),
 *     HTTP 500; and the network's faults ('hang', 'drop').
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { FakeVendorServer, type RecordedRequest, type VendorAnswer } from './fake-vendor'

export type TwilioRefusal = 'not-mobile' | 'region-not-enabled' | 'unsubscribed' | 'account-not-active' | 'too-many-requests' | 'server-error'

export interface FakeTwilioOptions {
  accountSid: string
  authToken: string
  /** Senders the account owns (numbers in E.164, alphanumeric ids). */
  senders: string[]
  messagingServiceSids?: string[]
  /** An API key of the account: [SID, secret]. */
  apiKey?: [string, string]
}

export interface TwilioMessage {
  To: string
  From?: string
  MessagingServiceSid?: string
  Body: string
}

const ERRORS: Record<Exclude<TwilioRefusal, 'server-error'>, [number, number, string]> = {
  'not-mobile': [400, 21614, "'To' number is not a valid mobile number"],
  'region-not-enabled': [400, 21408, 'Permission to send an SMS has not been enabled for the region indicated by the \'To\' number'],
  unsubscribed: [400, 21610, 'Attempt to send to unsubscribed recipient'],
  'account-not-active': [401, 20005, 'Account not active'],
  'too-many-requests': [429, 20429, 'Too Many Requests']
}

const restError = (status: number, code: number, message: string): VendorAnswer => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }
})

const safeEqual = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

export class FakeTwilio extends FakeVendorServer<TwilioRefusal> {
  readonly messages: TwilioMessage[] = []
  readonly authFailures: number[] = []

  constructor(readonly options: FakeTwilioOptions) {
    super((request, refusal) => this.handle(request, refusal))
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  /** The six digits the last message's Body carries. */
  lastCode(): string {
    const body = this.messages[this.messages.length - 1]?.Body ?? ''
    const code = /\b(\d{6})\b/.exec(body)?.[1]
    if (!code) throw new Error(`no code in the last message: '${body}'`)
    return code
  }

  private handle(request: RecordedRequest, refusal: TwilioRefusal | null): VendorAnswer {
    const path = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/.exec(request.url)
    if (request.method !== 'POST' || !path) return restError(404, 20404, 'The requested resource was not found')
    if (!this.authorised(String(request.headers.authorization ?? ''), path[1])) {
      this.authFailures.push(20003)
      return { ...restError(401, 20003, 'Authenticate'), headers: { 'www-authenticate': 'Basic realm="Twilio API"' } }
    }
    if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return restError(400, 20001, 'Content-Type must be application/x-www-form-urlencoded')
    const form = new URLSearchParams(request.body)
    const message: TwilioMessage = { To: form.get('To') ?? '', Body: form.get('Body') ?? '' }
    if (form.has('From')) message.From = form.get('From') ?? ''
    if (form.has('MessagingServiceSid')) message.MessagingServiceSid = form.get('MessagingServiceSid') ?? ''
    this.messages.push(message)
    if (refusal === 'server-error') return { status: 500, body: 'Internal Server Error' }
    if (refusal) return restError(...ERRORS[refusal])
    if (!/^\+[1-9]\d{6,14}$/.test(message.To)) return restError(400, 21211, `The 'To' number ${message.To} is not a valid phone number.`)
    if (message.MessagingServiceSid !== undefined ? !(this.options.messagingServiceSids ?? []).includes(message.MessagingServiceSid) : !this.options.senders.includes(message.From ?? '')) {
      return restError(400, 21606, "The 'From' phone number provided is not a valid message-capable Twilio phone number for this destination/account")
    }
    if (!message.Body) return restError(400, 21602, 'Message body is required.')
    const sid = `SM${randomBytes(16).toString('hex')}`
    const now = new Date().toUTCString().replace('GMT', '+0000')
    return {
      status: 201,
      body: {
        account_sid: path[1],
        api_version: '2010-04-01',
        body: message.Body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: message.From ?? null,
        messaging_service_sid: message.MessagingServiceSid ?? null,
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid,
        status: message.MessagingServiceSid ? 'accepted' : 'queued',
        subresource_uris: { media: `/2010-04-01/Accounts/${path[1]}/Messages/${sid}/Media.json` },
        to: message.To,
        uri: `/2010-04-01/Accounts/${path[1]}/Messages/${sid}.json`
      }
    }
  }

  private authorised(header: string, accountInPath: string): boolean {
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header)
    if (!match || accountInPath !== this.options.accountSid) return false
    const decoded = Buffer.from(match[1], 'base64').toString('utf8')
    const at = decoded.indexOf(':')
    const [user, password] = [decoded.slice(0, at), decoded.slice(at + 1)]
    if (user === this.options.accountSid) return safeEqual(password, this.options.authToken)
    if (this.options.apiKey && user === this.options.apiKey[0]) return safeEqual(password, this.options.apiKey[1])
    return false
  }
}

export async function startFakeTwilio(options: FakeTwilioOptions): Promise<FakeTwilio> {
  return new FakeTwilio(options).start()
}
