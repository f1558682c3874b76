/**
 * AlipayHK ('alipayhk', docs/alipayhk.md): the Hong Kong / Macau wallet through Alipay+ as Antom
 * (Ant International's acquiring API, /ams/api/v1/payments/…) acquires it, charging MOP or HKD.
 *
 *   - Paying: POST /v1/payments/pay, productCode CASHIER_PAYMENT, paymentMethodType ALIPAY_HK,
 *     paymentRequestId = our payId (Antom's idempotency key). PayChannel hosted: env.terminalType
 *     WAP, the answer's normalUrl is the cashier page (applinkUrl when there is no normalUrl).
 *     PayChannel alipay-mini: terminalType MINI_APP, the answer's normalUrl is the paymentUrl the
 *     AlipayHK mini-program's my.tradePay takes (PaymentInvocation's paymentUrl variant). The
 *     providerRef is Antom's paymentId (refunds name it).
 *   - Every request is signed: header Signature 'algorithm=RSA256,keyVersion=<n>,signature=<url-
 *     encoded base64>', RSA-SHA256 over "POST <path>\n<Client-Id>.<Request-Time>.<body>" with the
 *     merchant key (Antom's SDKs' signing string). Every answer and every notification is checked
 *     the same way with Antom's public key (answers: the response-time and client-id headers, the
 *     same path; notifications: our notify path), the Client-Id ours, the time within 300 s (a
 *     notification: at most 300 s ahead and 72 h old, as Antom retries).
 *   - result.resultStatus S / F / U: a pay answer of U with PAYMENT_IN_PROCESS is the normal one
 *     (the payer has a cashier to open). inquiryPayment (a late notice): paymentStatus SUCCESS →
 *     paid, FAIL / CANCELLED → declined, else pending. cancel (a replaced attempt) only after an
 *     inquiry says the payment is not paid: Antom's cancel refunds a paid payment, and this server
 *     expects a close to fail on one. refund (refundRequestId = our refund number, idempotent at
 *     Antom), confirmed by inquiryRefund when the answer is not S. REFUND_RESULT notifications.
 *   - Amounts in the currency's minor unit as text (MOP and HKD: cents, '2350' for 23.50), through
 *     src/core/money's decimal both ways; finer than a cent, or a currency other than MOP / HKD,
 *     is refused rather than rounded or charged in the wrong money.
 *
 * node:crypto and the built-in fetch: Antom publishes SDKs for Java, Python, PHP, Go and .NET but
 * none for Node, and the protocol is one RSA-SHA256 string each way.
 */
import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto'
import fs from 'node:fs'
import { Decimal } from '../../../../src/core/money'
import { httpUrlSetting } from '../../config'
import { ProviderSettingError } from '../run-mode'
import {
  ChannelUnsupportedError,
  PaymentAccountMismatchError,
  type CreatedPayment,
  type CreatePaymentInput,
  type NoticeHeaders,
  type NoticeVerification,
  type PayChannel,
  type PaymentLookup,
  type PaymentProvider,
  type ProviderStatus,
  type RefundInput,
  type RefundLookup,
  type RefundQueryResult,
  type RefundResult
} from './payment-provider'
import type { AlipayHkSettings } from './alipayhk.settings'

export const ALIPAYHK = 'alipayhk'
/** Where notifications arrive (PUBLIC_URL has no path): the path Antom signs them over. */
export const ALIPAYHK_NOTIFY_PATH = `/pay/notify/${ALIPAYHK}`
/** How far an answer's Response-Time or a notification's Request-Time may be from our clock, in seconds. */
export const ALIPAYHK_MAX_SKEW_SECONDS = 300
/**
 * How old a notification's Request-Time may be, in seconds: Antom retries an unanswered notification
 * for hours, and its docs do not say a retry is signed afresh. Refusing an old but genuine retry would
 * leave the payer's money unseen until someone polls; a replay is harmless (each notification is
 * stored once and never moves a payment backwards), so age is bounded only loosely. Ahead of our
 * clock the 300-second window still holds.
 */
export const ALIPAYHK_NOTICE_MAX_AGE_SECONDS = 72 * 3600
export const ALIPAYHK_PAYMENT_METHOD = 'ALIPAY_HK'

/** How an enterprise may write the two currencies AlipayHK charges in, and their ISO codes. */
const CURRENCIES: Record<string, 'MOP' | 'HKD'> = {
  MOP: 'MOP',
  MOP$: 'MOP',
  'MOP $': 'MOP',
  'MACAU PATACA': 'MOP',
  澳門元: 'MOP',
  澳门元: 'MOP',
  HKD: 'HKD',
  HK$: 'HKD',
  'HK $': 'HKD',
  港元: 'HKD',
  港幣: 'HKD',
  港币: 'HKD'
}
/** Both have two decimals (ISO 4217): the minor unit is a cent. */
const MINOR_DIGITS: Record<'MOP' | 'HKD', number> = { MOP: 2, HKD: 2 }

/** paymentRequestId / refundRequestId: 64 characters, no special characters. */
const REQUEST_ID = /^[A-Za-z0-9_]{1,64}$/

// ---------- money ----------

/** The ISO code Antom takes for an enterprise's currency text ('MOP$' → 'MOP'); null when AlipayHK does not charge in it. */
export function antomCurrency(currency: string): 'MOP' | 'HKD' | null {
  const t = currency.trim().toUpperCase()
  return CURRENCIES[t] ?? CURRENCIES[currency.trim()] ?? null
}

/** Exact decimal text ('23.5') → the minor unit as text ('2350'). Not plain decimal text, or finer than a cent: throws (never rounded). */
export function toMinor(amount: string, currency: 'MOP' | 'HKD'): string {
  if (!/^\d{1,13}(\.\d{1,12})?$/.test(amount)) throw new RangeError(`not an amount: '${amount.slice(0, 40)}'`)
  const minor = new Decimal(amount).times(new Decimal(10).pow(MINOR_DIGITS[currency]))
  if (!minor.isInteger()) throw new RangeError(`${amount} is finer than a cent of ${currency}`)
  return minor.toFixed(0)
}

/** Antom's minor-unit text ('2350') → exact decimal text ('23.50'); null when it is not one. */
export function fromMinor(value: unknown, currency: 'MOP' | 'HKD'): string | null {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return null
  const digits = MINOR_DIGITS[currency]
  return new Decimal(value).dividedBy(new Decimal(10).pow(digits)).toFixed(digits)
}

/** An Antom Amount object ({ currency, value }) → exact decimal text, or null when it is not MOP / HKD in minor units. */
function amountOf(value: unknown): { amount: string; currency: 'MOP' | 'HKD' } | null {
  if (!isObject(value) || typeof value.currency !== 'string') return null
  const currency = value.currency === 'MOP' || value.currency === 'HKD' ? value.currency : null
  if (!currency) return null
  const amount = fromMinor(value.value, currency)
  return amount === null ? null : { amount, currency }
}

// ---------- errors ----------

/** Antom answered with a result that is not a success (its resultCode and status), or could not be reached or believed. */
export class AntomError extends Error {
  constructor(
    readonly code: string,
    readonly resultStatus: string,
    message: string
  ) {
    super(`Antom ${code}${resultStatus ? ` (${resultStatus})` : ''}: ${message}`)
    this.name = 'AntomError'
  }
}

// ---------- credentials ----------

export interface AlipayHkCredentials {
  clientId: string
  privateKey: KeyObject
  antomPublicKey: KeyObject
  keyVersion: string
  /** Antom's origin, without a trailing '/'. */
  gateway: string
  /** PUBLIC_URL + /pay/notify/alipayhk; null: the request's origin. */
  notifyUrl: string | null
}

/**
 * Checks the ALIPAYHK_* settings and loads the keys. Throws ProviderSettingError naming every
 * setting that is missing or wrong, in one line; never a key's content.
 */
export function alipayHkFromSettings(settings: AlipayHkSettings, deployment: { publicUrl: string | null; production: boolean }): AlipayHkCredentials {
  const problems: string[] = []
  if (!settings.clientId) problems.push('ALIPAYHK_CLIENT_ID (the Antom client id)')
  else if (!/^[A-Za-z0-9_]{1,64}$/.test(settings.clientId)) problems.push('ALIPAYHK_CLIENT_ID (letters, digits and _)')
  if (!/^\d{1,4}$/.test(settings.keyVersion)) problems.push('ALIPAYHK_KEY_VERSION (a number)')

  let privateKey: KeyObject | null = null
  if (!settings.privateKeyPath && !settings.privateKey) problems.push("ALIPAYHK_PRIVATE_KEY_PATH (the merchant's RSA private key, PEM) or ALIPAYHK_PRIVATE_KEY")
  const keyText = settings.privateKeyPath ? readSettingFile(settings.privateKeyPath, 'ALIPAYHK_PRIVATE_KEY_PATH', problems) : settings.privateKey
  if (keyText) {
    try {
      const key = createPrivateKey(pemOf(keyText, 'PRIVATE KEY'))
      if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) throw new Error('not RSA-2048')
      privateKey = key
    } catch {
      problems.push(`${settings.privateKeyPath ? 'ALIPAYHK_PRIVATE_KEY_PATH' : 'ALIPAYHK_PRIVATE_KEY'} (not an RSA private key of 2048 bits or more)`)
    }
  }

  let antomPublicKey: KeyObject | null = null
  if (!settings.antomPublicKeyPath && !settings.antomPublicKey) problems.push("ALIPAYHK_ANTOM_PUBLIC_KEY_PATH (Antom's public key, PEM) or ALIPAYHK_ANTOM_PUBLIC_KEY")
  const pubText = settings.antomPublicKeyPath ? readSettingFile(settings.antomPublicKeyPath, 'ALIPAYHK_ANTOM_PUBLIC_KEY_PATH', problems) : settings.antomPublicKey
  if (pubText) {
    try {
      const key = createPublicKey(pemOf(pubText, 'PUBLIC KEY'))
      if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA')
      antomPublicKey = key
    } catch {
      problems.push(`${settings.antomPublicKeyPath ? 'ALIPAYHK_ANTOM_PUBLIC_KEY_PATH' : 'ALIPAYHK_ANTOM_PUBLIC_KEY'} (not an RSA public key)`)
    }
  }

  let gateway = settings.gateway
  try {
    gateway = httpUrlSetting(settings.gateway, 'ALIPAYHK_GATEWAY').replace(/\/+$/, '')
    if (deployment.production && !gateway.startsWith('https://')) problems.push('ALIPAYHK_GATEWAY (https in production)')
  } catch (e) {
    problems.push((e as Error).message)
  }

  // Antom posts notifications to an https URL on the internet; a Host header must not choose it.
  const notifyUrl = deployment.publicUrl ? `${deployment.publicUrl}${ALIPAYHK_NOTIFY_PATH}` : null
  if (deployment.production && !deployment.publicUrl?.startsWith('https://')) problems.push(`PUBLIC_URL (https: Antom sends its notifications to PUBLIC_URL${ALIPAYHK_NOTIFY_PATH})`)

  if (problems.length > 0) throw new ProviderSettingError(problems[0].split(' ')[0], `PAYMENT_PROVIDERS=alipayhk needs ${problems.join('; ')}`)
  return {
    clientId: settings.clientId as string,
    privateKey: privateKey as KeyObject,
    antomPublicKey: antomPublicKey as KeyObject,
    keyVersion: settings.keyVersion,
    gateway,
    notifyUrl
  }
}

/** PEM as given, or the bare base64 the Dashboard shows wrapped in PEM armour. */
function pemOf(text: string, type: string): string {
  if (text.includes('-----BEGIN')) return text
  const body = text.replace(/\s+/g, '')
  return `-----BEGIN ${type}-----\n${body.replace(/(.{64})/g, '$1\n')}\n-----END ${type}-----\n`
}

function readSettingFile(filePath: string, setting: string, problems: string[]): string | null {
  try {
    return fs.readFileSync(filePath, 'utf8')
  } catch (e) {
    problems.push(`${setting} (cannot read '${filePath}': ${(e as NodeJS.ErrnoException).code ?? 'error'})`)
    return null
  }
}

// ---------- signatures ----------

/** What Antom's SDKs sign: "<METHOD> <path>\n<clientId>.<time>.<body>". */
export function antomSignedContent(method: string, path: string, clientId: string, time: string, body: string): string {
  return `${method} ${path}\n${clientId}.${time}.${body}`
}

/** The signature value of a Signature header ('algorithm=RSA256,keyVersion=1,signature=…'), URL-decoded; null when there is none. */
export function signatureOf(header: string | undefined): string | null {
  if (!header) return null
  const parts = new Map<string, string>()
  for (const part of header.split(',')) {
    const at = part.indexOf('=')
    if (at > 0) parts.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim())
  }
  const algorithm = parts.get('algorithm')
  const value = parts.get('signature')
  if (algorithm !== 'RSA256' || !value || value.length > 2048) return null
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

/** A Request-Time / Response-Time as Antom writes it: milliseconds since the epoch, or ISO 8601 with an offset. */
export function antomTimeMs(value: string): number | null {
  if (/^\d{10,13}$/.test(value)) return value.length === 13 ? Number(value) : Number(value) * 1000
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value)) return null
  const t = Date.parse(value)
  return Number.isFinite(t) ? t : null
}

// ---------- the provider ----------

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown, max = 128): string | null => (typeof v === 'string' && v.length > 0 && v.length <= max ? v : null)

export interface AlipayHkOptions {
  /** Milliseconds since the epoch (tests move it); default Date.now. */
  clock?: () => number
  /** Per request (default 10 s). */
  timeoutMs?: number
}

interface AntomResult {
  resultCode: string
  resultStatus: string
  resultMessage: string
}

export class AlipayHkProvider implements PaymentProvider {
  readonly name = ALIPAYHK
  private readonly clock: () => number
  private readonly timeoutMs: number

  constructor(
    private readonly c: AlipayHkCredentials,
    options: AlipayHkOptions = {}
  ) {
    this.clock = options.clock ?? Date.now
    this.timeoutMs = options.timeoutMs ?? 10_000
  }

  /** The client id this provider charges for (the start line and the logs; never a secret). */
  get clientId(): string {
    return this.c.clientId
  }

  /** The wap cashier (any browser, AlipayHK's included) and AlipayHK's mini-program. */
  supports(channel: PayChannel): boolean {
    return channel === 'hosted' || channel === 'alipay-mini'
  }

  async createPayment(input: CreatePaymentInput, channel: PayChannel = 'hosted'): Promise<CreatedPayment> {
    if (!this.supports(channel)) throw new ChannelUnsupportedError(this.name, channel)
    if (!REQUEST_ID.test(input.payId)) throw new Error(`alipayhk: '${input.payId}' is not a paymentRequestId Antom takes`)
    // Only the payer's own PaySubmit / RechargeSubmit (which carry the payer's IP) opens a cashier:
    // a status poll every few seconds would otherwise call Antom's pay each time.
    if (!input.payerIp) throw new ChannelUnsupportedError(this.name, `${channel} (a cashier opens at the payer's PaySubmit only)`)
    const { currency, value } = this.minorOf(input.amount, input.currency, 'payment')
    if (value === '0') throw new PaymentAccountMismatchError(this.name, `nothing to charge (${input.amount})`)
    const base = this.c.notifyUrl ?? input.notifyUrl
    const paymentAmount = { currency, value }
    const body: Json = {
      productCode: 'CASHIER_PAYMENT',
      paymentRequestId: input.payId,
      order: {
        referenceOrderId: input.payId,
        orderDescription: truncate(input.description, 256) || input.payId,
        orderAmount: paymentAmount
      },
      paymentAmount,
      paymentMethod: { paymentMethodType: ALIPAYHK_PAYMENT_METHOD },
      paymentRedirectUrl: new URL(input.returnUrl, base).toString(),
      paymentNotifyUrl: base,
      // The cashier stops taking money when the order does.
      ...(input.expiresAt && Number.isFinite(Date.parse(input.expiresAt)) ? { paymentExpiryTime: isoSeconds(Date.parse(input.expiresAt)) } : {}),
      env: { terminalType: channel === 'alipay-mini' ? 'MINI_APP' : 'WAP' }
    }
    const { result, data } = await this.call('/v1/payments/pay', body)
    if (result.resultCode === 'REPEAT_REQ_INCONSISTENT') {
      // Opened before for the other cashier (a status poll asks for the page): this one cannot reopen it.
      throw new ChannelUnsupportedError(this.name, `${channel} (payment ${input.payId} was opened for another cashier)`)
    }
    const paymentId = str(data.paymentId, 64)
    if (result.resultStatus === 'S') {
      // Already paid (asked again after the payer paid): no cashier to open; the notice or a query settles it.
      if (!paymentId) throw new AntomError('BAD_ANSWER', 'S', 'pay answered no paymentId')
      return { payUrl: '', providerRef: paymentId, invocation: { channel: 'hosted', payUrl: '' } }
    }
    if (result.resultStatus !== 'U' || result.resultCode !== 'PAYMENT_IN_PROCESS') throw new AntomError(result.resultCode, result.resultStatus, `pay: ${result.resultMessage}`)
    const url = str(data.normalUrl, 4096) ?? str(data.applinkUrl, 4096)
    if (!paymentId || !url || !url.startsWith('https://')) throw new AntomError('BAD_ANSWER', 'U', 'pay answered no paymentId or no https cashier URL')
    if (data.paymentRequestId !== undefined && data.paymentRequestId !== input.payId) throw new AntomError('BAD_ANSWER', 'U', 'pay answered another paymentRequestId')
    if (channel === 'alipay-mini') return { payUrl: url, providerRef: paymentId, invocation: { channel, tradeNO: '', paymentUrl: url } }
    return { payUrl: url, providerRef: paymentId, invocation: { channel: 'hosted', payUrl: url } }
  }

  verifyNotice(rawBody: string, headers: NoticeHeaders): NoticeVerification {
    const header = (name: string) => {
      const v = headers[name]
      return Array.isArray(v) ? v[0] : v
    }
    if (rawBody.length === 0 || rawBody.length > 65536) return { ok: false, reason: 'no body' }
    const signed = this.verifySigned('POST', ALIPAYHK_NOTIFY_PATH, rawBody, header('client-id'), header('request-time'), header('signature'), ALIPAYHK_NOTICE_MAX_AGE_SECONDS)
    if (!signed.ok) return signed
    let n: unknown
    try {
      n = JSON.parse(rawBody)
    } catch {
      return { ok: false, reason: 'body is not JSON' }
    }
    if (!isObject(n) || !isObject(n.result)) return { ok: false, reason: 'no result' }
    const status = n.result.resultStatus

    if (n.notifyType === 'PAYMENT_RESULT') {
      const payId = str(n.paymentRequestId, 64)
      const paymentId = str(n.paymentId, 64)
      const paid = amountOf(n.paymentAmount)
      if (!payId || !paymentId || !paid) return { ok: false, reason: 'paymentRequestId, paymentId or a MOP / HKD paymentAmount missing' }
      // One fact per payment and outcome: a retry or a duplicate is a replay.
      if (status === 'S') return { ok: true, notice: { kind: 'payment', noticeId: `payment:${paymentId}:S`, payId, providerRef: paymentId, result: 'paid', amount: paid.amount } }
      if (status === 'F') return { ok: true, notice: { kind: 'payment', noticeId: `payment:${paymentId}:F`, payId, providerRef: paymentId, result: 'declined', amount: paid.amount } }
      return { ok: false, reason: `payment result status '${String(status).slice(0, 4)}' is not final` }
    }
    if (n.notifyType === 'REFUND_RESULT') {
      const refundRequestId = str(n.refundRequestId, 64)
      const refundId = str(n.refundId, 64)
      const refunded = amountOf(n.refundAmount)
      const refundStatus = n.refundStatus ?? (status === 'S' ? 'SUCCESS' : status === 'F' ? 'FAIL' : undefined)
      if (!refundRequestId || !refundId || !refunded) return { ok: false, reason: 'refundRequestId, refundId or a MOP / HKD refundAmount missing' }
      if (refundStatus !== 'SUCCESS' && refundStatus !== 'FAIL') return { ok: false, reason: `refund status '${String(refundStatus).slice(0, 16)}' is not final` }
      const { payId, refundNo } = splitRefundRequestId(refundRequestId)
      return {
        ok: true,
        notice: { kind: 'refund', noticeId: `refund:${refundId}:${refundStatus}`, payId, refundNo, refundRef: refundId, result: refundStatus === 'SUCCESS' ? 'refunded' : 'refund_failed', amount: refunded.amount }
      }
    }
    return { ok: false, reason: `notifyType '${String(n.notifyType).slice(0, 30)}' is not one this server acts on` }
  }

  /** Antom reads the answer: this exact result stops its retries; anything else, it sends again. */
  noticeAnswer(httpStatus: number): { contentType: string; body: string } {
    const result = httpStatus === 200 ? { resultCode: 'SUCCESS', resultStatus: 'S', resultMessage: 'success' } : { resultCode: 'PROCESS_FAIL', resultStatus: 'F', resultMessage: 'not accepted' }
    return { contentType: 'application/json; charset=utf-8', body: JSON.stringify({ result }) }
  }

  async queryStatus(payment: PaymentLookup): Promise<ProviderStatus> {
    const { result, data } = await this.call('/v1/payments/inquiryPayment', { paymentRequestId: payment.payId })
    // Never opened at Antom (its pay failed): nobody can pay it.
    if (result.resultCode === 'ORDER_NOT_EXIST') return { status: 'pending' }
    if (result.resultStatus !== 'S') throw new AntomError(result.resultCode, result.resultStatus, `inquiryPayment: ${result.resultMessage}`)
    if (data.paymentRequestId !== undefined && data.paymentRequestId !== payment.payId) throw new AntomError('BAD_ANSWER', 'S', 'inquiryPayment answered another payment')
    switch (data.paymentStatus) {
      case 'SUCCESS': {
        const paid = amountOf(data.paymentAmount)
        if (!paid) throw new AntomError('BAD_ANSWER', 'S', 'inquiryPayment answered no MOP / HKD paymentAmount')
        return { status: 'paid', amount: paid.amount }
      }
      case 'FAIL':
      case 'CANCELLED':
        return { status: 'declined' }
      // PROCESSING, PENDING: not yet.
      default:
        return { status: 'pending' }
    }
  }

  async close(payment: PaymentLookup): Promise<void> {
    // Antom's cancel gives a paid payment's money back; this server expects a close to fail on one
    // (its notice pays the order, or goes back through our own refund), so it asks first.
    const status = await this.queryStatus(payment)
    if (status.status === 'paid') throw new AntomError('ORDER_IS_PAID', 'F', `cancel: payment ${payment.payId} is paid at Antom`)
    if (status.status === 'declined') return
    const { result } = await this.call('/v1/payments/cancel', { paymentRequestId: payment.payId })
    if (result.resultStatus === 'S' || result.resultCode === 'ORDER_NOT_EXIST' || result.resultCode === 'ORDER_IS_CLOSED') return
    throw new AntomError(result.resultCode, result.resultStatus, `cancel: ${result.resultMessage}`)
  }

  /** AlipayHK's cashier needs no payer id from us. */
  async payerId(): Promise<string> {
    throw new ChannelUnsupportedError(this.name, 'payer id from a code (Antom\'s cashier signs the payer in itself)')
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const refundNo = input.refundNo ?? input.payId
    const refundRequestId = joinRefundRequestId(input.payId, refundNo)
    const { currency, value } = this.minorOf(input.amount, input.currency, 'refund')
    if (value === '0' || (input.paymentAmount !== undefined && new Decimal(input.amount).gt(new Decimal(input.paymentAmount)))) {
      throw new Error(`alipayhk: cannot refund ${input.amount} of ${input.paymentAmount ?? '?'}`)
    }
    // Antom's refund names its own paymentId: the providerRef, or asked for by our payId.
    const paymentId = input.providerRef && input.providerRef !== input.payId ? input.providerRef : await this.paymentIdOf(input.payId)
    let answer: { result: AntomResult; data: Json } | null = null
    try {
      // The same refundRequestId asked again is the same refund at Antom: a retry never gives twice.
      answer = await this.call('/v1/payments/refund', {
        refundRequestId,
        paymentId,
        refundAmount: { currency, value },
        ...(input.reason ? { refundReason: truncate(input.reason, 256) } : {}),
        ...(this.c.notifyUrl ? { refundNotifyUrl: this.c.notifyUrl } : {})
      })
    } catch (e) {
      // Unreachable or not believable: the refund may or may not exist; ask below.
      if (!(e instanceof AntomError) || (e.code !== 'UNREACHABLE' && e.code !== 'ANSWER_NOT_VERIFIED')) throw e
    }
    if (answer?.result.resultStatus === 'S') return { refundRef: this.checkRefund(answer.data, refundRequestId, value, currency) }
    // Refused (REFUND_AMOUNT_EXCEED, REPEAT_REQ_INCONSISTENT, ORDER_STATUS_INVALID, …): the caller's cancel does not happen.
    if (answer?.result.resultStatus === 'F') throw new AntomError(answer.result.resultCode, 'F', `refund ${refundNo}: ${answer.result.resultMessage}`)
    // U (REFUND_IN_PROCESS, UNKNOWN_EXCEPTION) or no answer: inquiryRefund decides.
    const q = await this.call('/v1/payments/inquiryRefund', { refundRequestId })
    if (q.result.resultStatus !== 'S') throw new AntomError(q.result.resultCode, q.result.resultStatus, `inquiryRefund ${refundNo}: ${q.result.resultMessage}`)
    if (q.data.refundStatus !== 'SUCCESS' && q.data.refundStatus !== 'PROCESSING') throw new AntomError(`REFUND_${String(q.data.refundStatus ?? 'UNKNOWN')}`, 'S', `refund ${refundNo} is not done at Antom`)
    return { refundRef: this.checkRefund(q.data, refundRequestId, value, currency) }
  }

  /**
   * One refund by our number (inquiryRefund): SUCCESS / FAIL is the fact its REFUND_RESULT
   * notification carries (the same noticeId, so a late notification is a replay); PROCESSING not yet.
   */
  async queryRefund(refund: RefundLookup): Promise<RefundQueryResult> {
    const refundRequestId = joinRefundRequestId(refund.payId, refund.refundNo)
    const q = await this.call('/v1/payments/inquiryRefund', { refundRequestId })
    if (q.result.resultCode === 'REFUND_NOT_EXIST' || q.result.resultCode === 'ORDER_NOT_EXIST') return { status: 'not_found' }
    if (q.result.resultStatus !== 'S') throw new AntomError(q.result.resultCode, q.result.resultStatus, `inquiryRefund ${refund.refundNo}: ${q.result.resultMessage}`)
    const status = q.data.refundStatus
    if (status !== 'SUCCESS' && status !== 'FAIL') return { status: 'processing' }
    const refundId = str(q.data.refundId, 64)
    const refunded = amountOf(q.data.refundAmount)
    if (!refundId || !refunded || (q.data.refundRequestId !== undefined && q.data.refundRequestId !== refundRequestId)) {
      throw new AntomError('BAD_ANSWER', 'S', 'inquiryRefund answered another refund, or no refundId or refundAmount')
    }
    // A FAIL says nothing of where the money is: left as the safe reading ('abnormal', never asked again).
    return { status: 'settled', notice: { kind: 'refund', noticeId: `refund:${refundId}:${status}`, payId: refund.payId, refundNo: refund.refundNo, refundRef: refundId, result: status === 'SUCCESS' ? 'refunded' : 'refund_failed', amount: refunded.amount } }
  }

  // ---------- the protocol ----------

  /** A refund answer (refund or inquiryRefund) for this refund number and amount; its refundId. */
  private checkRefund(data: Json, refundRequestId: string, value: string, currency: string): string {
    const refundId = str(data.refundId, 64)
    if (!refundId || (data.refundRequestId !== undefined && data.refundRequestId !== refundRequestId)) throw new AntomError('BAD_ANSWER', 'S', 'refund answered another refund')
    const amount = isObject(data.refundAmount) ? data.refundAmount : {}
    // The same number once used for another amount is that refund: not the one we asked for.
    if (amount.value !== value || amount.currency !== currency) {
      throw new AntomError('REFUND_AMOUNT_DIFFERS', 'S', `refund ${refundRequestId} is ${String(amount.value)} ${String(amount.currency)} at Antom, not ${value} ${currency}`)
    }
    return refundId
  }

  private async paymentIdOf(payId: string): Promise<string> {
    const { result, data } = await this.call('/v1/payments/inquiryPayment', { paymentRequestId: payId })
    const paymentId = result.resultStatus === 'S' ? str(data.paymentId, 64) : null
    if (!paymentId) throw new AntomError(result.resultCode, result.resultStatus, `no paymentId for ${payId}`)
    return paymentId
  }

  private minorOf(amount: string, currency: string, what: string): { currency: 'MOP' | 'HKD'; value: string } {
    const code = antomCurrency(currency)
    if (!code) throw new PaymentAccountMismatchError(this.name, `AlipayHK through Antom takes MOP or HKD; this shop's currency is '${currency}' (${what} refused)`)
    try {
      return { currency: code, value: toMinor(amount, code) }
    } catch (e) {
      throw new PaymentAccountMismatchError(this.name, `${(e as Error).message} (${what} refused)`)
    }
  }

  /**
   * One signed POST to Antom. The answer is believed only with Antom's signature over it, our
   * client id and a time within the window; its result (S, F or U) is the caller's to read.
   */
  private async call(endpoint: string, body: Json): Promise<{ result: AntomResult; data: Json }> {
    // A sandbox client id ('SANDBOX_…') calls the sandbox paths, as Antom's SDKs do.
    const path = `${this.c.clientId.startsWith('SANDBOX_') ? '/ams/sandbox/api' : '/ams/api'}${endpoint}`
    const payload = JSON.stringify(body)
    const requestTime = String(this.clock())
    const signature = createSign('RSA-SHA256').update(antomSignedContent('POST', path, this.c.clientId, requestTime, payload)).sign(this.c.privateKey, 'base64')
    let response: Response
    let text: string
    try {
      response = await fetch(`${this.c.gateway}${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=UTF-8',
          'User-Agent': 'ScanOrder-gateway (node)',
          'Client-Id': this.c.clientId,
          'Request-Time': requestTime,
          Signature: `algorithm=RSA256,keyVersion=${this.c.keyVersion},signature=${encodeURIComponent(signature)}`
        },
        body: payload,
        signal: AbortSignal.timeout(this.timeoutMs)
      })
      text = await response.text()
    } catch (e) {
      throw new AntomError('UNREACHABLE', '', `${endpoint}: ${(e as Error).name}`)
    }
    if (response.status !== 200) throw new AntomError(`HTTP_${response.status}`, '', `${endpoint}: ${text.slice(0, 200)}`)
    const checked = this.verifySigned('POST', path, text, response.headers.get('client-id') ?? undefined, response.headers.get('response-time') ?? undefined, response.headers.get('signature') ?? undefined)
    if (!checked.ok) throw new AntomError('ANSWER_NOT_VERIFIED', '', `${endpoint}: ${checked.reason}`)
    let data: unknown
    try {
      data = JSON.parse(text)
    } catch {
      throw new AntomError('BAD_ANSWER', '', `${endpoint}: not JSON`)
    }
    if (!isObject(data) || !isObject(data.result)) throw new AntomError('BAD_ANSWER', '', `${endpoint}: no result`)
    const r = data.result
    return { result: { resultCode: String(r.resultCode ?? ''), resultStatus: String(r.resultStatus ?? ''), resultMessage: String(r.resultMessage ?? '').slice(0, 300) }, data }
  }

  /** Antom's signature over "<METHOD> <path>\n<clientId>.<time>.<body>", our client id, the time within the window. */
  private verifySigned(
    method: string,
    path: string,
    body: string,
    clientId: string | undefined,
    time: string | undefined,
    signatureHeader: string | undefined,
    maxAgeSeconds = ALIPAYHK_MAX_SKEW_SECONDS
  ): { ok: true } | { ok: false; reason: string } {
    if (!clientId || !time || !signatureHeader) return { ok: false, reason: 'Client-Id, Request-Time (Response-Time) and Signature are required' }
    if (clientId !== this.c.clientId) return { ok: false, reason: 'Client-Id is not ours' }
    const t = antomTimeMs(time)
    if (t === null) return { ok: false, reason: 'malformed Request-Time' }
    const age = this.clock() - t
    if (age < -ALIPAYHK_MAX_SKEW_SECONDS * 1000 || age > maxAgeSeconds * 1000) return { ok: false, reason: `Request-Time outside the window (${ALIPAYHK_MAX_SKEW_SECONDS} s ahead, ${maxAgeSeconds} s old)` }
    const signature = signatureOf(signatureHeader)
    if (!signature || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return { ok: false, reason: 'malformed Signature' }
    const good = createVerify('RSA-SHA256').update(antomSignedContent(method, path, clientId, time, body)).verify(this.c.antomPublicKey, signature, 'base64')
    return good ? { ok: true } : { ok: false, reason: 'signature mismatch' }
  }
}

/**
 * Our refund number as Antom's refundRequestId: the payId itself for a cancel's full refund, else
 * '<payId>_<refundNo>', so a REFUND_RESULT notification (which names no payment) finds its payment.
 */
export function joinRefundRequestId(payId: string, refundNo: string): string {
  const id = refundNo === payId ? payId : `${payId}_${refundNo}`
  if (!/^[A-Za-z0-9]+$/.test(payId) || !REQUEST_ID.test(id)) throw new Error(`alipayhk: refund number '${refundNo}' of '${payId}' is not a refundRequestId Antom takes`)
  return id
}

export function splitRefundRequestId(refundRequestId: string): { payId: string; refundNo: string } {
  const at = refundRequestId.indexOf('_')
  return at < 0 ? { payId: refundRequestId, refundNo: refundRequestId } : { payId: refundRequestId.slice(0, at), refundNo: refundRequestId.slice(at + 1) }
}

/** ISO 8601 with an offset, whole seconds, as Antom writes Datetime ('2026-01-31T08:00:00+08:00'), in Hong Kong / Macau time. */
function isoSeconds(ms: number): string {
  return `${new Date(Math.floor(ms / 1000) * 1000 + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`
}

/** At most `max` characters. */
function truncate(text: string, max: number): string {
  const chars = [...text]
  return chars.length <= max ? text : chars.slice(0, max).join('')
}
