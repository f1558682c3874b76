/**
 * Alipay ('alipay', docs/alipay.md): a domestic merchant (Alipay open platform, 支付宝开放平台)
 * taking CNY, through the official `alipay-sdk` (AlipaySdk: exec for the openapi gateway,
 * pageExecute for the wap cashier URL, checkNotifySignV2 for notices).
 *
 *   - Paying: alipay.trade.create (product JSAPI_PAY) for the payment-app mini-program (PayChannel
 *     alipay-mini, my.tradePay) and the Alipay browser's AlipayJSBridge tradePay (alipay-jsapi),
 *     answering the trade_no they take; the payer is the signed-in member's checked Alipay id
 *     (member_identities through ALIPAY_MINI_IDENTITY / ALIPAY_JSAPI_IDENTITY: buyer_id for a 2088… user id, else
 *     buyer_open_id), never one a client sends. alipay.trade.wap.pay (PayChannel hosted): the
 *     signed cashier URL for H5 in any browser, the Alipay browser included, no sign-in needed.
 *     The merchant order number (out_trade_no) is our payId, which is also the providerRef.
 *   - Every request is signed RSA2 (SHA256withRSA over the sorted parameters) by the SDK with the
 *     app's private key; every answer is checked with Alipay's public key (validateSign) before
 *     anything in it is believed. Notices (trade_status_sync, form-encoded) are checked with the
 *     SDK's checkNotifySignV2 over the parameters as sent, then app_id and seller_id must be ours.
 *   - trade_status: WAIT_BUYER_PAY pending, TRADE_SUCCESS / TRADE_FINISHED paid, TRADE_CLOSED
 *     declined. Query (alipay.trade.query), close (alipay.trade.close), refund (alipay.trade.refund,
 *     out_request_no = our refund number: idempotent at Alipay) confirmed with
 *     alipay.trade.fastpay.refund.query when the answer does not say the money moved.
 *   - Amounts go as decimal yuan text with two places ('23.50') and come back the same way, through
 *     src/core/money (decimal), never floating point; finer than a fen, or a currency that is not
 *     CNY, is refused rather than rounded or charged in the wrong money.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'
import fs from 'node:fs'
import type { AlipaySdk } from 'alipay-sdk'
import { Decimal } from '../../../../src/core/money'
import { httpUrlSetting } from '../../config'
import { ProviderSettingError } from '../run-mode'
import { alipaySdk, alipaySdkKeyOptions, appCertificates, certificateModeChosen, type AlipayCertificates, type CertSetting } from '../alipay-certificates'
import {
  ChannelUnsupportedError,
  PayerIdentityRequiredError,
  PaymentAccountMismatchError,
  type CreatedPayment,
  type CreatePaymentInput,
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
import type { AlipaySettings } from './alipay.settings'
import { isBillDate, type Bill } from './bill'
import { parseAlipayBillZip } from './alipay.bill'
import { toFen } from './wechatpay.provider'

export const ALIPAY = 'alipay'
/** Alipay's domestic open platform charges in CNY only. */
export const ALIPAY_CURRENCY = 'CNY'
/** The success code of every openapi answer. */
const OK = '10000'

/** How an enterprise may write CNY in its Currency setting. */
const CNY_LABELS = new Set(['CNY', 'RMB', '¥', '￥', 'CN¥', 'CNY¥', '元', '人民币', '人民幣'])
/** out_trade_no / out_request_no as Alipay takes them (64 characters: letters, digits, underscore). */
const OUT_NO = /^[A-Za-z0-9_]{1,64}$/
/** out_request_no (a refund's number: the PayID, or an after-sale request's id). */
const OUT_REQUEST_NO = /^[A-Za-z0-9_-]{1,64}$/

// ---------- money ----------

/**
 * Exact decimal text ('23.5') → Alipay's yuan text with two places ('23.50'), through decimal
 * arithmetic. Not plain decimal text, or finer than a fen ('0.005'): throws (never rounded).
 */
export function toYuan(amount: string): string {
  toFen(amount)
  return new Decimal(amount).toFixed(2)
}

/** Alipay's amount text ('23.50', '0.01', '100') → exact text with two places; null when it is not one. */
export function fromYuan(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{1,11}(\.\d{1,2})?$/.test(value)) return null
  return new Decimal(value).toFixed(2)
}

// ---------- errors ----------

/** Alipay answered with an error (its code and sub_code), or could not be reached or believed. */
export class AlipayError extends Error {
  constructor(
    readonly code: string,
    readonly subCode: string,
    message: string
  ) {
    super(`Alipay ${code}${subCode ? ` ${subCode}` : ''}: ${message}`)
    this.name = 'AlipayError'
  }
}

// ---------- credentials ----------

export interface AlipayCredentials {
  appId: string
  /** PKCS#8 PEM, as the SDK is told (keyType PKCS8). */
  privateKeyPem: string
  /** Public-key mode: Alipay's public key, SPKI PEM; null in certificate mode. */
  alipayPublicKeyPem: string | null
  /** Certificate mode (公钥证书): the app's, Alipay's and the root certificates, PEM; null in public-key mode. */
  certificates: AlipayCertificates | null
  sellerId: string
  gateway: string
  /** PUBLIC_URL + /pay/notify/alipay; null: the request's origin. */
  notifyUrl: string | null
  miniIdentity: string
  jsapiIdentity: string
}

/**
 * Checks the ALIPAY_* settings and loads the keys. Throws ProviderSettingError naming every
 * setting that is missing or wrong, in one line; never a key's content.
 */
export function alipayFromSettings(settings: AlipaySettings, deployment: { publicUrl: string | null; production: boolean }): AlipayCredentials {
  const problems: string[] = []
  if (!settings.appId) problems.push('ALIPAY_APP_ID (the open-platform app id)')
  else if (!/^\d{10,32}$/.test(settings.appId)) problems.push('ALIPAY_APP_ID (digits only)')
  if (!settings.sellerId) problems.push("ALIPAY_SELLER_ID (the merchant's PID, 2088…)")
  else if (!/^2088\d{12}$/.test(settings.sellerId)) problems.push('ALIPAY_SELLER_ID (16 digits starting 2088)')

  let privateKeyPem: string | null = null
  let privateKeyObject: KeyObject | null = null
  if (!settings.privateKeyPath && !settings.privateKey) problems.push("ALIPAY_PRIVATE_KEY_PATH (the app's RSA2 private key, PEM) or ALIPAY_PRIVATE_KEY")
  const keyText = settings.privateKeyPath ? readSettingFile(settings.privateKeyPath, 'ALIPAY_PRIVATE_KEY_PATH', problems) : settings.privateKey
  if (keyText) {
    try {
      const key = createPrivateKey(pemOf(keyText, 'PRIVATE KEY'))
      if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) throw new Error('not RSA-2048')
      privateKeyPem = key.export({ type: 'pkcs8', format: 'pem' }) as string
      privateKeyObject = key
    } catch {
      problems.push(`${settings.privateKeyPath ? 'ALIPAY_PRIVATE_KEY_PATH' : 'ALIPAY_PRIVATE_KEY'} (not an RSA private key of 2048 bits or more)`)
    }
  }

  // The mode is the one whose settings are given: any certificate setting means certificate mode (公钥证书),
  // which then needs all three certificates and no bare public key (an app signs in one mode at Alipay).
  const certSettings = alipayCertSettings(settings)
  const certMode = certificateModeChosen(certSettings.app, certSettings.alipay, certSettings.root)
  let certificates: AlipayCertificates | null = null
  if (certMode) {
    if (settings.alipayPublicKeyPath || settings.alipayPublicKey) {
      problems.push(`${settings.alipayPublicKeyPath ? 'ALIPAY_PUBLIC_KEY_PATH' : 'ALIPAY_PUBLIC_KEY'} (not with the certificates: an app is in public-key or certificate mode, not both; remove one)`)
    }
    certificates = appCertificates(certSettings, privateKeyObject, privateKeyPem, problems)
  }

  let alipayPublicKeyPem: string | null = null
  if (!certMode && !settings.alipayPublicKeyPath && !settings.alipayPublicKey) {
    problems.push(
      "ALIPAY_PUBLIC_KEY_PATH (Alipay's public key for this app, PEM) or ALIPAY_PUBLIC_KEY, or in certificate mode ALIPAY_APP_CERT_PATH, ALIPAY_PUBLIC_CERT_PATH and ALIPAY_ROOT_CERT_PATH"
    )
  }
  const pubText = certMode ? null : settings.alipayPublicKeyPath ? readSettingFile(settings.alipayPublicKeyPath, 'ALIPAY_PUBLIC_KEY_PATH', problems) : settings.alipayPublicKey
  if (pubText) {
    try {
      const key: KeyObject = createPublicKey(pemOf(pubText, 'PUBLIC KEY'))
      if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA')
      alipayPublicKeyPem = key.export({ type: 'spki', format: 'pem' }) as string
    } catch {
      problems.push(`${settings.alipayPublicKeyPath ? 'ALIPAY_PUBLIC_KEY_PATH' : 'ALIPAY_PUBLIC_KEY'} (not an RSA public key)`)
    }
  }

  let gateway = settings.gateway
  try {
    gateway = httpUrlSetting(settings.gateway, 'ALIPAY_GATEWAY')
    if (deployment.production && !gateway.startsWith('https://')) problems.push('ALIPAY_GATEWAY (https in production)')
  } catch (e) {
    problems.push((e as Error).message)
  }

  // Alipay posts notices to an http(s) URL on the internet; a Host header must not choose it.
  const notifyUrl = deployment.publicUrl ? `${deployment.publicUrl}/pay/notify/${ALIPAY}` : null
  if (deployment.production && !deployment.publicUrl?.startsWith('https://')) problems.push('PUBLIC_URL (https: Alipay sends its notices to PUBLIC_URL/pay/notify/alipay)')

  if (problems.length > 0) {
    throw new ProviderSettingError(problems[0].split(' ')[0], `PAYMENT_PROVIDERS=alipay needs ${problems.join('; ')}`)
  }
  return {
    appId: settings.appId as string,
    privateKeyPem: privateKeyPem as string,
    alipayPublicKeyPem,
    certificates,
    sellerId: settings.sellerId as string,
    gateway,
    notifyUrl,
    miniIdentity: settings.miniIdentity,
    jsapiIdentity: settings.jsapiIdentity
  }
}

/** The certificate-mode settings, each a file (…_PATH, wins) or the PEM text. */
function alipayCertSettings(s: AlipaySettings): { app: CertSetting; alipay: CertSetting; root: CertSetting } {
  return {
    app: { path: s.appCertPath, text: s.appCert, pathSetting: 'ALIPAY_APP_CERT_PATH', textSetting: 'ALIPAY_APP_CERT', what: "the app's public-key certificate, appCertPublicKey_<APPID>.crt" },
    alipay: { path: s.alipayPublicCertPath, text: s.alipayPublicCert, pathSetting: 'ALIPAY_PUBLIC_CERT_PATH', textSetting: 'ALIPAY_PUBLIC_CERT', what: "Alipay's public-key certificate, alipayCertPublicKey_RSA2.crt" },
    root: { path: s.alipayRootCertPath, text: s.alipayRootCert, pathSetting: 'ALIPAY_ROOT_CERT_PATH', textSetting: 'ALIPAY_ROOT_CERT', what: "Alipay's root certificate, alipayRootCert.crt" }
  }
}

/** PEM as given, or the bare base64 the open platform shows wrapped in PEM armour. */
function pemOf(text: string, type: string): string {
  if (text.includes('-----BEGIN')) return text
  const body = text.replace(/\s+/g, '')
  return `-----BEGIN ${type}-----\n${body.replace(/(.{64})/g, '$1\n')}\n-----END ${type}-----\n`
}

function readSettingFile(filePath: string, setting: string, problems: string[]): string | null {
  try {
    return fs.readFileSync(filePath, 'utf8')
  } catch {
    problems.push(`${setting} ('${filePath}' cannot be read)`)
    return null
  }
}

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown, max: number): string | null => (typeof v === 'string' && v.length > 0 && v.length <= max ? v : null)

/** An ISO instant in Beijing time as Alipay writes times ('2025-01-31 16:00:00'). */
export function alipayTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')
}

// ---------- the provider ----------

export class AlipayProvider implements PaymentProvider {
  readonly name = ALIPAY
  private readonly sdk: AlipaySdk

  constructor(
    private readonly c: AlipayCredentials,
    private readonly clock: () => number = Date.now,
    timeoutMs = 10_000
  ) {
    this.sdk = new (alipaySdk().AlipaySdk)({
      appId: c.appId,
      privateKey: c.privateKeyPem,
      keyType: 'PKCS8',
      // Certificate mode: the SDK sends app_cert_sn and alipay_root_cert_sn with every request and checks
      // answers and notices with the key in Alipay's certificate; public-key mode: Alipay's public key.
      ...alipaySdkKeyOptions(c.certificates, c.alipayPublicKeyPem),
      gateway: c.gateway,
      signType: 'RSA2',
      timeout: timeoutMs,
      camelcase: false
    })
  }

  supports(channel: PayChannel): boolean {
    return channel === 'hosted' || channel === 'alipay-mini' || channel === 'alipay-jsapi'
  }

  async createPayment(input: CreatePaymentInput, channel: PayChannel = 'hosted'): Promise<CreatedPayment> {
    if (channel !== 'hosted' && channel !== 'alipay-mini' && channel !== 'alipay-jsapi') throw new ChannelUnsupportedError(this.name, channel)
    if (!OUT_NO.test(input.payId)) throw new Error(`alipay: '${input.payId}' is not an out_trade_no Alipay takes`)
    const totalAmount = this.yuanOf(input.amount, input.currency, 'payment')
    const notifyUrl = this.c.notifyUrl ?? input.notifyUrl
    const order: Json = {
      out_trade_no: input.payId,
      total_amount: totalAmount,
      subject: truncate(input.description, 256) || input.payId
    }
    // The cashier stops taking money when the order does (Beijing time, Alipay's format).
    if (input.expiresAt) {
      const t = Date.parse(input.expiresAt)
      if (Number.isFinite(t)) order.time_expire = alipayTime(t)
    }

    if (channel === 'hosted') {
      // alipay.trade.wap.pay: a signed GET URL on the gateway; nothing is sent until the payer opens it.
      const returnUrl = new URL(input.returnUrl, this.c.notifyUrl ?? input.notifyUrl).toString()
      const payUrl = this.sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
        bizContent: { ...order, product_code: 'QUICK_WAP_WAY', quit_url: returnUrl },
        notify_url: notifyUrl,
        return_url: returnUrl,
        timestamp: alipayTime(this.clock())
      })
      return { payUrl, providerRef: input.payId, invocation: { channel: 'hosted', payUrl } }
    }

    const payer = await input.payerOpenId?.(channel === 'alipay-mini' ? this.c.miniIdentity : this.c.jsapiIdentity)
    if (!payer) throw new PayerIdentityRequiredError(this.name, channel)
    // A user id (2088…, 16 digits) is buyer_id; anything else is the app's open id (buyer_open_id).
    const buyer = /^2088\d{12}$/.test(payer) ? { buyer_id: payer } : { buyer_open_id: payer }
    // Asked again for the same out_trade_no while unpaid, Alipay answers the same trade_no.
    const data = await this.call('alipay.trade.create', { ...order, ...buyer, product_code: 'JSAPI_PAY' }, { notify_url: notifyUrl })
    const tradeNo = str(data.trade_no, 64)
    if (!tradeNo || data.out_trade_no !== input.payId) throw new AlipayError('BAD_ANSWER', '', 'trade.create answered no trade_no for this order')
    return { payUrl: '', providerRef: input.payId, invocation: { channel, tradeNO: tradeNo } }
  }

  verifyNotice(rawBody: string): NoticeVerification {
    if (rawBody.length === 0 || rawBody.length > 16384) return { ok: false, reason: 'no form body' }
    const form = new URLSearchParams(rawBody)
    const params: Record<string, string> = {}
    for (const [k, v] of form) {
      // A parameter sent twice is no notice Alipay signed.
      if (k in params) return { ok: false, reason: `parameter '${k.slice(0, 40)}' repeated` }
      params[k] = v
    }
    if (!params.sign) return { ok: false, reason: 'no sign' }
    if (params.sign_type !== 'RSA2') return { ok: false, reason: `sign_type '${(params.sign_type ?? '').slice(0, 10)}' is not RSA2` }
    let good = false
    try {
      // The SDK's own check: RSA2 over the sorted parameters without sign (with and without sign_type), values as sent.
      good = this.sdk.checkNotifySignV2(params)
    } catch {
      good = false
    }
    if (!good) return { ok: false, reason: 'signature mismatch' }
    if (params.app_id !== this.c.appId) return { ok: false, reason: 'notice is for another app id' }
    if (params.seller_id !== undefined && params.seller_id !== this.c.sellerId) return { ok: false, reason: 'notice is for another seller' }
    const payId = str(params.out_trade_no, 64)
    const tradeNo = str(params.trade_no, 64)
    const status = params.trade_status
    if (!payId || !tradeNo) return { ok: false, reason: 'notice has no out_trade_no or trade_no' }

    // A refund's notice (refund_fee / out_biz_no / gmt_refund): the money went back (Alipay's refund is synchronous and
    // we counted it when its answer said so); recorded once per refund number, nothing moves.
    if (params.gmt_refund !== undefined || params.out_biz_no !== undefined || params.refund_fee !== undefined) {
      const refundNo = str(params.out_biz_no, 64)
      const refunded = fromYuan(params.refund_fee)
      if (!refundNo || refunded === null) return { ok: false, reason: 'refund notice without out_biz_no or refund_fee' }
      return { ok: true, notice: { kind: 'refund', noticeId: `refund:${tradeNo}:${refundNo}`, payId, refundNo, refundRef: tradeNo, result: 'refunded', amount: refunded } }
    }

    const amount = fromYuan(params.total_amount)
    if (amount === null) return { ok: false, reason: 'notice has no total_amount' }
    switch (status) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED':
        // One fact per trade: TRADE_FINISHED after TRADE_SUCCESS (the refund period ended) is the same money.
        return { ok: true, notice: { kind: 'payment', noticeId: `trade:${tradeNo}:paid`, payId, providerRef: payId, result: 'paid', amount } }
      case 'TRADE_CLOSED':
        return { ok: true, notice: { kind: 'payment', noticeId: `trade:${tradeNo}:closed`, payId, providerRef: payId, result: 'declined', amount } }
      default:
        // WAIT_BUYER_PAY is not notified by default; anything else is not a state we know.
        return { ok: false, reason: `trade_status '${(status ?? '').slice(0, 30)}' is not one this server acts on` }
    }
  }

  /** Alipay reads the body: exactly 'success' stops its retries; anything else, it tries again for about a day. */
  noticeAnswer(httpStatus: number): { contentType: string; body: string } {
    return { contentType: 'text/plain; charset=utf-8', body: httpStatus === 200 ? 'success' : 'failure' }
  }

  async queryStatus(payment: PaymentLookup): Promise<ProviderStatus> {
    let data: Json
    try {
      data = await this.call('alipay.trade.query', { out_trade_no: payment.payId })
    } catch (e) {
      // Never opened at Alipay (the payer never opened the wap cashier): nobody has paid it.
      if (e instanceof AlipayError && e.subCode === 'ACQ.TRADE_NOT_EXIST') return { status: 'pending' }
      throw e
    }
    if (data.out_trade_no !== payment.payId) throw new AlipayError('BAD_ANSWER', '', 'query answered another order')
    switch (data.trade_status) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED': {
        const paid = fromYuan(data.total_amount)
        if (paid === null) throw new AlipayError('BAD_ANSWER', '', 'query answered no total_amount')
        return { status: 'paid', amount: paid }
      }
      case 'TRADE_CLOSED':
        return { status: 'declined' }
      default:
        return { status: 'pending' }
    }
  }

  async close(payment: PaymentLookup): Promise<void> {
    try {
      await this.call('alipay.trade.close', { out_trade_no: payment.payId })
    } catch (e) {
      // A wap cashier never opened has no trade to close: nobody can pay it under the old page after this anyway.
      if (e instanceof AlipayError && e.subCode === 'ACQ.TRADE_NOT_EXIST') return
      throw e
    }
  }

  /** The payer's Alipay id comes from the host sign-in (IDENTITY_PROVIDER, alipay.system.oauth.token), not from here. */
  async payerId(): Promise<string> {
    throw new ChannelUnsupportedError(this.name, 'payer id from a code (the Alipay id comes from the host sign-in)')
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const refundNo = input.refundNo ?? input.payId
    if (!OUT_REQUEST_NO.test(refundNo)) throw new Error(`alipay: refund number '${refundNo}' is not an out_request_no Alipay takes`)
    const amount = this.yuanOf(input.amount, input.currency, 'refund')
    if (new Decimal(amount).lte(0) || (input.paymentAmount !== undefined && new Decimal(amount).gt(new Decimal(input.paymentAmount)))) {
      throw new Error(`alipay: cannot refund ${input.amount} of ${input.paymentAmount ?? '?'}`)
    }
    // The same out_request_no asked again is the same refund at Alipay: a retry never gives twice.
    let data: Json | null = null
    try {
      data = await this.call('alipay.trade.refund', {
        out_trade_no: input.payId,
        refund_amount: amount,
        out_request_no: refundNo,
        ...(input.reason ? { refund_reason: truncate(input.reason, 256) } : {})
      })
    } catch (e) {
      // Refused (ACQ.SELLER_BALANCE_NOT_ENOUGH, ACQ.REFUND_AMT_NOT_EQUAL_TOTAL, …): the caller's cancel does not happen.
      // Unreachable or an answer we cannot believe: the refund may or may not exist; ask.
      if (e instanceof AlipayError && e.code !== 'UNREACHABLE' && e.code !== 'ANSWER_NOT_VERIFIED' && e.subCode !== 'ACQ.SYSTEM_ERROR') throw e
    }
    if (data && data.out_trade_no !== input.payId) throw new AlipayError('BAD_ANSWER', '', 'refund answered another order')
    if (data?.fund_change === 'Y') {
      // Alipay's refund_fee is everything given back on this trade so far: at least this refund.
      const total = fromYuan(data.refund_fee)
      if (total === null || new Decimal(total).lt(new Decimal(amount))) throw new AlipayError('BAD_ANSWER', '', `refund answered refund_fee ${String(data.refund_fee)}`)
      return { refundRef: `${String(data.trade_no ?? input.payId)}:${refundNo}` }
    }
    // fund_change N (a retry of a refund already made, or not yet), or no answer: the refund query decides.
    const q = await this.call('alipay.trade.fastpay.refund.query', { out_trade_no: input.payId, out_request_no: refundNo, query_options: ['gmt_refund_pay'] })
    if (q.out_request_no !== undefined && q.out_request_no !== refundNo) throw new AlipayError('BAD_ANSWER', '', 'refund query answered another refund')
    if (q.refund_status !== 'REFUND_SUCCESS') throw new AlipayError('REFUND_NOT_DONE', '', `refund ${refundNo} is not done at Alipay (${String(q.refund_status ?? 'no refund_status')})`)
    const refunded = fromYuan(q.refund_amount)
    // The same number once used for another amount is that refund: not the one we asked for.
    if (refunded !== amount) throw new AlipayError('REFUND_AMOUNT_DIFFERS', '', `refund ${refundNo} is ${String(q.refund_amount)} at Alipay, not ${amount}`)
    return { refundRef: `${String(q.trade_no ?? input.payId)}:${refundNo}` }
  }

  /**
   * One refund by our number (alipay.trade.fastpay.refund.query): REFUND_SUCCESS is the fact a
   * refund notice carries (the same noticeId). No refund_status means Alipay did not receive the
   * refund or it did not succeed, and its advice is to ask again under the same out_request_no.
   */
  async queryRefund(refund: RefundLookup): Promise<RefundQueryResult> {
    if (!OUT_REQUEST_NO.test(refund.refundNo)) throw new Error(`alipay: refund number '${refund.refundNo}' is not an out_request_no Alipay takes`)
    let q: Json
    try {
      q = await this.call('alipay.trade.fastpay.refund.query', { out_trade_no: refund.payId, out_request_no: refund.refundNo, query_options: ['gmt_refund_pay'] })
    } catch (e) {
      if (e instanceof AlipayError && e.subCode === 'ACQ.TRADE_NOT_EXIST') return { status: 'not_found' }
      throw e
    }
    if (q.out_trade_no !== undefined && q.out_trade_no !== refund.payId) throw new AlipayError('BAD_ANSWER', '', 'refund query answered another order')
    if (q.refund_status === undefined) return { status: 'not_found' }
    // REFUND_PROCESSING and the like (asynchronous refunds): not yet.
    if (q.refund_status !== 'REFUND_SUCCESS') return { status: 'processing' }
    const tradeNo = str(q.trade_no, 64)
    const refunded = fromYuan(q.refund_amount)
    if (q.out_request_no !== refund.refundNo || !tradeNo || refunded === null) throw new AlipayError('BAD_ANSWER', '', 'refund query answered another refund, or no trade_no or refund_amount')
    return { status: 'settled', notice: { kind: 'refund', noticeId: `refund:${tradeNo}:${refund.refundNo}`, payId: refund.payId, refundNo: refund.refundNo, refundRef: tradeNo, result: 'refunded', amount: refunded } }
  }

  /**
   * The trade bill of a Beijing day: alipay.data.dataservice.bill.downloadurl.query (bill_type
   * trade; its answer's signature checked like every call) names a short-lived download URL; the
   * zip there holds the GBK CSV files alipay.bill.ts reads. Alipay gives no hash of the file: the
   * zip's CRCs are all that checks it (a live account's bill is where the format is proved).
   */
  async downloadBill(date: string): Promise<Bill> {
    if (!isBillDate(date)) throw new RangeError(`not a bill date: '${date.slice(0, 20)}'`)
    const data = await this.call('alipay.data.dataservice.bill.downloadurl.query', { bill_type: 'trade', bill_date: date })
    const url = typeof data.bill_download_url === 'string' ? data.bill_download_url : ''
    if (!/^https?:\/\//.test(url)) throw new AlipayError('BAD_ANSWER', '', 'bill download query answered no bill_download_url')
    let response: Response
    let zip: Buffer
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(60_000) })
      zip = Buffer.from(await response.arrayBuffer())
    } catch (e) {
      throw new AlipayError('UNREACHABLE', '', `bill download: ${(e as Error).name}`)
    }
    if (response.status !== 200) throw new AlipayError(`HTTP_${response.status}`, '', 'bill download refused')
    return { provider: this.name, date, rows: parseAlipayBillZip(zip) }
  }

  // ---------- the protocol ----------

  private yuanOf(amount: string, currency: string, what: string): string {
    if (!CNY_LABELS.has(currency.trim().toUpperCase()) && !CNY_LABELS.has(currency.trim())) {
      throw new PaymentAccountMismatchError(this.name, `Alipay's domestic API takes CNY; this shop's currency is '${currency}' (${what} refused)`)
    }
    try {
      return toYuan(amount)
    } catch (e) {
      throw new PaymentAccountMismatchError(this.name, `${(e as Error).message} (${what} refused)`)
    }
  }

  /**
   * One openapi call through the SDK: signed RSA2, the answer's signature checked with Alipay's
   * public key (validateSign) before anything is believed. A code other than 10000 throws
   * AlipayError with Alipay's code and sub_code.
   */
  private async call(method: string, bizContent: Json, extra: Json = {}): Promise<Json> {
    let result: unknown
    try {
      // timestamp in Beijing time (the SDK would write the server's local time).
      result = await this.sdk.exec(method, { bizContent, timestamp: alipayTime(this.clock()), ...extra }, { validateSign: true })
    } catch (e) {
      const message = (e as Error).message ?? ''
      if (/验签|sign/i.test(message)) throw new AlipayError('ANSWER_NOT_VERIFIED', '', `${method}: the answer's signature does not verify`)
      throw new AlipayError('UNREACHABLE', '', `${method}: ${(e as Error).name}`)
    }
    if (!isObject(result)) throw new AlipayError('BAD_ANSWER', '', `${method}: no answer`)
    if (result.code !== OK) {
      throw new AlipayError(String(result.code ?? 'NO_CODE'), String(result.sub_code ?? ''), `${method}: ${String(result.sub_msg ?? result.msg ?? '')}`.slice(0, 300))
    }
    return result
  }
}

/** At most `max` characters. */
function truncate(text: string, max: number): string {
  const chars = [...text]
  return chars.length <= max ? text : chars.slice(0, max).join('')
}
