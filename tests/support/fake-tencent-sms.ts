/**
 * A loopback fake of Tencent Cloud SMS (SendSms, API 3.0 version 2021-01-11), written from
 * Tencent's published protocol, not from its SDK:
 *   - TC3-HMAC-SHA256: the canonical request (POST, '/', an empty query, the signed headers
 *     lower-cased — content-type and host at least —, the payload's SHA-256), the string to sign
 *     ('TC3-HMAC-SHA256', X-TC-Timestamp, date/service/tc3_request, the canonical request's hash),
 *     the key derived from 'TC3' + SecretKey through the date, the service ('sms', the first label
 *     of the host the client signed for) and 'tc3_request'. Refused as Tencent does, HTTP 200
 *     with Response.Error: AuthFailure.SecretIdNotFound, AuthFailure.SignatureFailure,
 *     AuthFailure.SignatureExpire (more than 5 minutes off), AuthFailure.InvalidAuthorization;
 *   - SendSms's answers: Response.SendStatusSet with one status per number, Code 'Ok' when sent,
 *     else the number's refusal there: a number not in E.164 → InvalidParameterValue.IncorrectPhoneNumber;
 *     a template not approved (or a domestic one to a number abroad, an international one to the
 *     mainland) → FailedOperation.TemplateIncorrectOrUnapproved; a mainland send without an approved
 *     signature → FailedOperation.SignatureIncorrectOrUnapproved; and what a test queues with
 *     next(): a number refused all the same (InvalidParameterValue.IncorrectPhoneNumber), the per-number limits (LimitExceeded.PhoneNumberThirtySecondLimit, …OneHourLimit,
 *     …DailyLimit), FailedOperation.InsufficientBalanceInSmsPackage, and, as Response.Error,
 *     RequestLimitExceeded and InternalError; an unknown SmsSdkAppId → Response.Error
 *     InvalidParameterValue.SdkAppIdNotExist; and the network's faults ('hang', 'drop').
 * Reach it as http://sms.localhost:<port> (the provider resolves *.localhost to the loopback).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { FakeVendorServer, requestId, type RecordedRequest, type VendorAnswer } from './fake-vendor'

export type TencentRefusal = 'incorrect-number' | 'thirty-second-limit' | 'hour-limit' | 'daily-limit' | 'insufficient-balance' | 'request-limit' | 'internal-error'

export interface FakeTencentOptions {
  secretId: string
  secretKey: string
  sdkAppId: string
  signNames: string[]
  domesticTemplates: string[]
  intlTemplates: string[]
}

export interface TencentSendSms {
  PhoneNumberSet: string[]
  SmsSdkAppId: string
  TemplateId: string
  SignName?: string
  TemplateParamSet?: string[]
  region: string
}

const PER_NUMBER: Partial<Record<TencentRefusal, [string, string]>> = {
  'incorrect-number': ['InvalidParameterValue.IncorrectPhoneNumber', 'incorrect phone number format'],
  'thirty-second-limit': ['LimitExceeded.PhoneNumberThirtySecondLimit', 'the number of SMS messages sent from a single mobile number within 30 seconds exceeds the upper limit'],
  'hour-limit': ['LimitExceeded.PhoneNumberOneHourLimit', 'the number of SMS messages sent from a single mobile number within 1 hour exceeds the upper limit'],
  'daily-limit': ['LimitExceeded.PhoneNumberDailyLimit', 'the number of SMS messages sent from a single mobile number every day exceeds the upper limit'],
  'insufficient-balance': ['FailedOperation.InsufficientBalanceInSmsPackage', 'insufficient balance in SMS package']
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest()

export class FakeTencentSms extends FakeVendorServer<TencentRefusal> {
  readonly sends: TencentSendSms[] = []
  readonly authFailures: string[] = []

  constructor(readonly options: FakeTencentOptions) {
    super((request, refusal) => this.handle(request, refusal))
  }

  /** The origin to configure: the host's first label is the signing service. */
  get url(): string {
    return `http://sms.localhost:${this.port}`
  }

  /** The code of the last SendSms (its first template parameter). */
  lastCode(): string {
    const send = this.sends[this.sends.length - 1]
    if (!send?.TemplateParamSet?.[0]) throw new Error('the fake Tencent got no SendSms with a parameter')
    return send.TemplateParamSet[0]
  }

  private handle(request: RecordedRequest, refusal: TencentRefusal | null): VendorAnswer {
    const RequestId = requestId().toLowerCase()
    const error = (Code: string, Message: string): VendorAnswer => ({ status: 200, body: { Response: { Error: { Code, Message }, RequestId } } })
    const auth = this.checkSignature(request)
    if (auth) {
      this.authFailures.push(auth[0])
      return error(...auth)
    }
    if (request.headers['x-tc-action'] !== 'SendSms') return error('InvalidAction', 'The requested action does not exist.')
    if (request.headers['x-tc-version'] !== '2021-01-11') return error('NoSuchVersion', 'The requested version does not exist.')
    let body: Omit<TencentSendSms, 'region'>
    try {
      body = JSON.parse(request.body)
    } catch {
      return error('InvalidParameter', 'The request body is not JSON.')
    }
    this.sends.push({ ...body, region: String(request.headers['x-tc-region'] ?? '') })
    if (refusal === 'request-limit') return error('RequestLimitExceeded', 'Your current request times equals to `3000` in a second, which exceeds the frequency limit `3000` for a second.')
    if (refusal === 'internal-error') return error('InternalError', 'An internal error occurred.')
    if (body.SmsSdkAppId !== this.options.sdkAppId) return error('InvalidParameterValue.SdkAppIdNotExist', 'SdkAppId does not exist.')
    const statuses = (body.PhoneNumberSet ?? []).map((phone) => {
      const status = (Code: string, Message: string, Fee = 0) => ({ SerialNo: Code === 'Ok' ? `2028:${Date.now()}` : '', PhoneNumber: phone, Fee, SessionContext: '', Code, Message, IsoCode: isoCode(phone) })
      const forced = refusal ? PER_NUMBER[refusal] : undefined
      if (forced) return status(...forced)
      if (!/^\+[1-9]\d{6,14}$/.test(phone)) return status('InvalidParameterValue.IncorrectPhoneNumber', 'incorrect phone number format')
      const mainland = phone.startsWith('+86')
      if (mainland && !this.options.signNames.includes(body.SignName ?? '')) return status('FailedOperation.SignatureIncorrectOrUnapproved', 'signature format is incorrect or signature is not approved')
      if (!(mainland ? this.options.domesticTemplates : this.options.intlTemplates).includes(body.TemplateId)) {
        return status('FailedOperation.TemplateIncorrectOrUnapproved', 'template is not approved or request content does not match the approved template content')
      }
      return status('Ok', 'send success', 1)
    })
    return { status: 200, body: { Response: { SendStatusSet: statuses, RequestId } } }
  }

  /** null when the TC3 signature checks out; else Tencent's [Code, Message]. */
  private checkSignature(request: RecordedRequest): [string, string] | null {
    const authorization = String(request.headers.authorization ?? '')
    const match = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(authorization)
    if (!match) return ['AuthFailure.InvalidAuthorization', 'Authorization in the request header is invalid.']
    const [, secretId, date, service, signedHeaderList, signature] = match
    if (secretId !== this.options.secretId) return ['AuthFailure.SecretIdNotFound', 'The SecretId is not found, please ensure that your SecretId is correct.']
    const timestamp = Number(request.headers['x-tc-timestamp'])
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return ['AuthFailure.SignatureExpire', 'Signature expired. Timestamp and server time cannot differ by more than five minutes.']
    const host = String(request.headers.host ?? '').replace(/:\d+$/, '')
    const signed = signedHeaderList.split(';')
    if (!signed.includes('content-type') || !signed.includes('host')) return ['AuthFailure.SignatureFailure', 'The provided credentials could not be validated: content-type and host must be signed.']
    // The service signed for is the host's first label; the date is the timestamp's UTC date.
    const expectedDate = new Date(timestamp * 1000).toISOString().slice(0, 10)
    if (service !== host.split('.')[0] || date !== expectedDate) return ['AuthFailure.SignatureFailure', 'The provided credentials could not be validated. Please check your signature is correct.']
    const headerValue = (name: string): string => (name === 'host' ? host : String(request.headers[name] ?? '')).trim().toLowerCase()
    const canonical = ['POST', '/', '', signed.map((name) => `${name}:${headerValue(name)}\n`).join(''), signedHeaderList, sha256(Buffer.from(request.body, 'utf8'))].join('\n')
    const stringToSign = ['TC3-HMAC-SHA256', String(timestamp), `${date}/${service}/tc3_request`, sha256(canonical)].join('\n')
    const key = hmac(hmac(hmac(`TC3${this.options.secretKey}`, date), service), 'tc3_request')
    const expected = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex')
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return ['AuthFailure.SignatureFailure', 'The provided credentials could not be validated. Please check your signature is correct.']
    return null
  }
}

const isoCode = (phone: string): string => (phone.startsWith('+853') ? 'MO' : phone.startsWith('+852') ? 'HK' : phone.startsWith('+886') ? 'TW' : phone.startsWith('+86') ? 'CN' : 'DEF')

export async function startFakeTencentSms(options: FakeTencentOptions): Promise<FakeTencentSms> {
  return new FakeTencentSms(options).start()
}
