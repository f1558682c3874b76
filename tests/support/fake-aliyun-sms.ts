/**
 * A loopback fake of Aliyun SMS (Dysmsapi 2017-05-25 SendSms), written from Aliyun's published
 * protocol, not from its SDK:
 *   - the V3 request signature (ACS3-HMAC-SHA256): the canonical request (method, path, the query
 *     sorted and RFC 3986-encoded, the signed headers lower-cased and trimmed, the body's SHA-256)
 *     hashed into the string to sign, HMAC-SHA256 with the AccessKey secret; the SignedHeaders
 *     must include host, x-acs-action, x-acs-version, x-acs-date, x-acs-signature-nonce and
 *     x-acs-content-sha256; the body's hash must match x-acs-content-sha256; x-acs-date within
 *     15 minutes; a nonce used once. Refused as Aliyun does: HTTP 404 InvalidAccessKeyId.NotFound,
 *     HTTP 400 SignatureDoesNotMatch / InvalidTimeStamp.Expired / SignatureNonceUsed;
 *   - SendSms's own answers, HTTP 200: {Code:'OK', BizId, RequestId, Message:'OK'}, or a Code
 *     from its error list with its Message: a number that is neither an 11-digit mainland number
 *     nor country code + number → isv.MOBILE_NUMBER_ILLEGAL; a template or signature the account
 *     has not had approved → isv.SMS_TEMPLATE_ILLEGAL / isv.SMS_SIGNATURE_ILLEGAL; an
 *     international template to a mainland number → isv.DOMESTIC_NUMBER_NOT_SUPPORTED; and the
 *     refusals a test queues with next(): a number the carrier's records refuse
 *     (isv.MOBILE_NUMBER_ILLEGAL), flow control per minute, hour and day
 *     (isv.BUSINESS_LIMIT_CONTROL), isv.AMOUNT_NOT_ENOUGH, isv.OUT_OF_SERVICE, Throttling.User
 *     (HTTP 400), isp.SYSTEM_ERROR; and the network's faults ('hang', 'drop').
 * The keys are the test's: new FakeAliyunSms({ accessKeyId, accessKeySecret, … }).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { FakeVendorServer, requestId, type RecordedRequest, type VendorAnswer } from './fake-vendor'

export type AliyunRefusal = 'mobile-illegal' | 'minute-limit' | 'hour-limit' | 'day-limit' | 'amount-not-enough' | 'out-of-service' | 'throttling' | 'system-error'

export interface FakeAliyunOptions {
  accessKeyId: string
  accessKeySecret: string
  /** Approved signatures. */
  signNames: string[]
  /** Approved templates for mainland numbers (国内消息). */
  domesticTemplates: string[]
  /** Approved templates for other numbers (国际/港澳台消息). */
  intlTemplates: string[]
}

/** One SendSms the fake accepted or refused, as its parameters came. */
export interface AliyunSendSms {
  PhoneNumbers: string
  SignName: string
  TemplateCode: string
  TemplateParam: Record<string, string>
}

const REFUSALS: Record<AliyunRefusal, VendorAnswer['body'] & object> = {
  'mobile-illegal': { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' },
  'minute-limit': { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1' },
  'hour-limit': { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发小时级流控Permits:5' },
  'day-limit': { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发天级流控Permits:10' },
  'amount-not-enough': { Code: 'isv.AMOUNT_NOT_ENOUGH', Message: '账户余额不足' },
  'out-of-service': { Code: 'isv.OUT_OF_SERVICE', Message: '业务停机' },
  throttling: { Code: 'Throttling.User', Message: 'Request was denied due to user flow control.' },
  'system-error': { Code: 'isp.SYSTEM_ERROR', Message: 'isp.SYSTEM_ERROR' }
}

/** RFC 3986 percent-encoding, as the canonical query string takes it. */
const encode = (value: string): string => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

const sha256 = (data: string): string => createHash('sha256').update(data, 'utf8').digest('hex')

export class FakeAliyunSms extends FakeVendorServer<AliyunRefusal> {
  /** Every SendSms whose signature checked out, accepted or refused. */
  readonly sends: AliyunSendSms[] = []
  /** Requests refused for their signature or key (Code). */
  readonly authFailures: string[] = []
  private readonly nonces = new Set<string>()

  constructor(readonly options: FakeAliyunOptions) {
    super((request, refusal) => this.handle(request, refusal))
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  /** The code in the last accepted or refused SendSms (its template's variable `param`). */
  lastCode(param = 'code'): string {
    const send = this.sends[this.sends.length - 1]
    if (!send) throw new Error('the fake Aliyun got no SendSms')
    return send.TemplateParam[param]
  }

  private handle(request: RecordedRequest, refusal: AliyunRefusal | null): VendorAnswer {
    const rid = requestId()
    const fail = (status: number, Code: string, Message: string): VendorAnswer => {
      this.authFailures.push(Code)
      return { status, body: { RequestId: rid, HostId: 'dysmsapi.aliyuncs.com', Code, Message, Recommend: `https://api.aliyun.com/troubleshoot?q=${Code}` } }
    }
    const auth = this.checkSignature(request)
    if (auth) return fail(auth.status, auth.code, auth.message)
    const url = new URL(request.url, 'http://fake')
    if (request.headers['x-acs-action'] !== 'SendSms' || request.headers['x-acs-version'] !== '2017-05-25') return fail(400, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.')
    const q = url.searchParams
    let templateParam: Record<string, string> = {}
    try {
      templateParam = JSON.parse(q.get('TemplateParam') ?? '{}')
    } catch {
      return { status: 200, body: { RequestId: rid, Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法，只接受字符串值' } }
    }
    const send: AliyunSendSms = { PhoneNumbers: q.get('PhoneNumbers') ?? '', SignName: q.get('SignName') ?? '', TemplateCode: q.get('TemplateCode') ?? '', TemplateParam: templateParam }
    this.sends.push(send)
    const answer = (Code: string, Message: string): VendorAnswer => ({ status: 200, body: { RequestId: rid, Code, Message } })
    if (refusal === 'throttling') return { status: 400, body: { RequestId: rid, HostId: 'dysmsapi.aliyuncs.com', ...REFUSALS.throttling } }
    if (refusal) return { status: 200, body: { RequestId: rid, ...REFUSALS[refusal] } }
    const mainland = /^1[3-9]\d{9}$/.test(send.PhoneNumbers)
    if (!mainland && !/^(?!86)[1-9]\d{7,14}$/.test(send.PhoneNumbers)) return answer('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号')
    if (!this.options.signNames.includes(send.SignName)) return answer('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名')
    if (mainland && this.options.intlTemplates.includes(send.TemplateCode)) return answer('isv.DOMESTIC_NUMBER_NOT_SUPPORTED', '国际/港澳台消息模板不支持发送境内号码')
    if (!(mainland ? this.options.domesticTemplates : this.options.intlTemplates).includes(send.TemplateCode)) return answer('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板')
    if (!templateParam.code && Object.keys(templateParam).length === 0) return answer('isv.TEMPLATE_MISSING_PARAMETERS', '模板变量缺少对应参数值')
    return { status: 200, body: { RequestId: rid, Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` } }
  }

  /** null when the V3 signature checks out; else Aliyun's refusal. */
  private checkSignature(request: RecordedRequest): { status: number; code: string; message: string } | null {
    const authorization = String(request.headers.authorization ?? '')
    const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(authorization)
    if (!match) return { status: 400, code: 'MissingAuthorization', message: 'Authorization is mandatory for this action.' }
    const [, keyId, signedHeaderList, signature] = match
    if (keyId !== this.options.accessKeyId) return { status: 404, code: 'InvalidAccessKeyId.NotFound', message: 'Specified access key is not found.' }
    const signed = signedHeaderList.split(';')
    for (const required of ['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version']) {
      if (!signed.includes(required)) return { status: 400, code: 'SignatureDoesNotMatch', message: `Specified signature does not match our calculation: ${required} must be signed.` }
    }
    if ([...signed].sort().join(';') !== signedHeaderList) return { status: 400, code: 'SignatureDoesNotMatch', message: 'SignedHeaders must be sorted.' }
    const bodyHash = sha256(request.body)
    if (request.headers['x-acs-content-sha256'] !== bodyHash) return { status: 400, code: 'SignatureDoesNotMatch', message: 'x-acs-content-sha256 does not match the body.' }
    const url = new URL(request.url, 'http://fake')
    const query = [...url.searchParams.entries()]
      .map(([k, v]) => [encode(k), encode(v)])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&')
    const headers = signed.map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`).join('')
    const canonical = [request.method, url.pathname.split('/').map(encode).join('/') || '/', query, headers, signedHeaderList, bodyHash].join('\n')
    const expected = createHmac('sha256', this.options.accessKeySecret).update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`, 'utf8').digest('hex')
    if (expected.length !== signature.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) {
      return { status: 400, code: 'SignatureDoesNotMatch', message: 'Specified signature does not match our calculation.' }
    }
    const date = Date.parse(String(request.headers['x-acs-date'] ?? ''))
    if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000) return { status: 400, code: 'InvalidTimeStamp.Expired', message: 'Specified time stamp or date value is expired.' }
    const nonce = String(request.headers['x-acs-signature-nonce'] ?? '')
    if (!nonce || this.nonces.has(nonce)) return { status: 400, code: 'SignatureNonceUsed', message: 'Specified signature nonce was used already.' }
    this.nonces.add(nonce)
    return null
  }
}

export async function startFakeAliyunSms(options: FakeAliyunOptions): Promise<FakeAliyunSms> {
  return new FakeAliyunSms(options).start()
}
