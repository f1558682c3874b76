/**
 * WeChat Pay API v3 ('wechatpay', docs/wechatpay.md): a direct merchant (普通商户) taking CNY.
 *
 *   - Paying: JSAPI prepay (POST /v3/pay/transactions/jsapi) for the chat-app mini-program
 *     (PayChannel wechat-mini, the mini-program's app id) and the chat-app browser (wechat-jsapi,
 *     the official account's), answering the fields requestPayment / getBrandWCPayRequest take,
 *     paySign = RSA-SHA256 over "appId\ntimeStamp\nnonceStr\npackage\n" with the merchant key; H5
 *     pay (POST /v3/pay/transactions/h5, PayChannel hosted) in other browsers when WECHATPAY_H5=1.
 *     The merchant order number (out_trade_no) is our payId, which is also the providerRef.
 *   - Every request is signed: Authorization: WECHATPAY2-SHA256-RSA2048 mchid, nonce_str,
 *     signature, timestamp, serial_no, the signature RSA-SHA256 over
 *     "METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n". Every 2xx answer and every notice is verified:
 *     RSA-SHA256 over "timestamp\nnonce\nbody\n" with the key Wechatpay-Serial names (the WeChat
 *     Pay public key, 'PUB_KEY_ID_…', or a platform certificate's serial), its timestamp within
 *     300 seconds of ours. Notices' resources are AES-256-GCM with the APIv3 key.
 *   - Query by out_trade_no (a late notice), close (a replaced attempt), refund
 *     (POST /v3/refund/domestic/refunds, out_refund_no = our refund number) and refund notices.
 *   - Amounts go as integer fen and come back from integer fen through src/core/money (decimal),
 *     never through floating point; an amount finer than a fen, or a currency that is not CNY, is
 *     refused rather than rounded or charged in the wrong money.
 *
 * A cross-border merchant (WECHATPAY_REGION=global: WeChat Pay's global API, 境外商户, for shops
 * charging HKD or MOP) is the same protocol on other paths and fields, chosen here by one table
 * (ROUTES) rather than a second provider: JSAPI prepay POST /v3/global/transactions/jsapi and H5
 * POST /v3/global/transactions/mweb (trade_type and merchant_category_code beside the same fields,
 * amount in WECHATPAY_CURRENCY's cents), query and close under /v3/global/transactions/out-trade-no/,
 * refunds POST /v3/global/refunds (mchid and appid in the body) and GET
 * /v3/global/refunds/out-refund-no/{no}?mchid=; the transaction's id is `id`, not `transaction_id`.
 * Notices are the same envelope; their amount.currency must be ours (payer_currency and
 * exchange_rate, the payer's CNY side, are not ours to check). Its bill is the statement
 * (GET /v3/global/statements?date=&mchid=): the file itself, in HKD or MOP (wechatpay.bill.ts).
 *
 * node:crypto and the built-in fetch, no SDK: the protocol is three RSA-SHA256 strings and one
 * AES-GCM call, which node:crypto does directly; the community libraries (wechatpay-axios-plugin,
 * the maintained one with the public-key mode) wrap the same node:crypto calls in an axios client
 * and bring axios and an XML parser for APIv2, and none verifies an incoming notice from raw bytes
 * the way our notify route hands it over. docs/wechatpay.md has the comparison.
 */
import { createDecipheriv, createPrivateKey, createPublicKey, createSign, createVerify, randomBytes, X509Certificate, type KeyObject } from 'node:crypto'
import fs from 'node:fs'
import { Decimal } from '../../../../src/core/money'
import { httpUrlSetting } from '../../config'
import { ProviderSettingError } from '../run-mode'
import {
  ChannelUnsupportedError,
  PayerIdentityRequiredError,
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
  type RefundResult,
  type VerifiedRefundNotice
} from './payment-provider'
import type { WechatPaySettings } from './wechatpay.settings'
import { isBillDate, type Bill, type BillRow } from './bill'
import { parseWechatGlobalStatement, parseWechatTradeBill, plainStatement, sha1Hex, statementSignedBody } from './wechatpay.bill'
import { antomCurrency } from './alipayhk.provider'

export const WECHATPAY = 'wechatpay'
export const WECHATPAY_AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048'
/** How far a response's or a notice's Wechatpay-Timestamp may be from our clock, in seconds. */
export const WECHATPAY_MAX_SKEW_SECONDS = 300
/** WeChat Pay's domestic API charges in CNY only. */
export const WECHATPAY_CURRENCY = 'CNY'
/** What a global (cross-border) merchant here may price in: both have two decimals, so toFen/fromFen are exact cents. */
export const WECHATPAY_GLOBAL_CURRENCIES = ['HKD', 'MOP'] as const
export type WechatPayCurrency = typeof WECHATPAY_CURRENCY | (typeof WECHATPAY_GLOBAL_CURRENCIES)[number]
export type WechatPayRegion = 'domestic' | 'global'

/** The paths of each API: the domestic direct merchant's and the global (cross-border) one's. */
const ROUTES = {
  domestic: {
    jsapi: '/v3/pay/transactions/jsapi',
    h5: '/v3/pay/transactions/h5',
    trade: '/v3/pay/transactions/out-trade-no/',
    refunds: '/v3/refund/domestic/refunds',
    refund: (no: string) => `/v3/refund/domestic/refunds/${encodeURIComponent(no)}`
  },
  global: {
    jsapi: '/v3/global/transactions/jsapi',
    h5: '/v3/global/transactions/mweb',
    trade: '/v3/global/transactions/out-trade-no/',
    refunds: '/v3/global/refunds',
    refund: (no: string, mchId: string) => `/v3/global/refunds/out-refund-no/${encodeURIComponent(no)}?mchid=${encodeURIComponent(mchId)}`
  }
} as const

/** How an enterprise may write CNY in its Currency setting. */
const CNY_LABELS = new Set(['CNY', 'RMB', '¥', '￥', 'CN¥', 'CNY¥', '元', '人民币', '人民幣'])

/** The ISO code of an enterprise's currency text ('MOP$' → 'MOP', '¥' → 'CNY'); null when WeChat Pay here charges in none. */
export function wechatPayCurrency(currency: string): WechatPayCurrency | null {
  if (CNY_LABELS.has(currency.trim().toUpperCase()) || CNY_LABELS.has(currency.trim())) return WECHATPAY_CURRENCY
  return antomCurrency(currency)
}

/** A merchant order number / refund number as WeChat Pay takes them. */
const OUT_TRADE_NO = /^[A-Za-z0-9_\-|*]{6,32}$/
const OUT_REFUND_NO = /^[A-Za-z0-9_\-|*@]{1,64}$/

// ---------- money ----------

/**
 * Exact decimal text ('23.50') → integer fen (2350), through decimal arithmetic. Anything that is
 * not a plain non-negative decimal, or is finer than a fen ('0.005'), throws: money is never rounded
 * on its way to the payer.
 */
export function toFen(amount: string): number {
  if (!/^\d{1,13}(\.\d{1,12})?$/.test(amount)) throw new RangeError(`not an amount: '${amount.slice(0, 40)}'`)
  const fen = new Decimal(amount).times(100)
  if (!fen.isInteger()) throw new RangeError(`${amount} is finer than a fen`)
  // An integer below 10^15: its decimal text is exactly the number JSON carries.
  return Number(fen.toFixed(0))
}

/** Integer fen as WeChat Pay sends it → exact decimal text with two places; null when it is not a non-negative safe integer. */
export function fromFen(fen: unknown): string | null {
  if (typeof fen !== 'number' || !Number.isSafeInteger(fen) || fen < 0) return null
  return new Decimal(fen).dividedBy(100).toFixed(2)
}

// ---------- errors ----------

/** WeChat Pay answered with an error (its code and message), or could not be reached or believed. */
export class WechatPayError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The HTTP status (0 when there was no answer). */
    readonly status: number
  ) {
    super(`WeChat Pay ${code}${status ? ` (HTTP ${status})` : ''}: ${message}`)
    this.name = 'WechatPayError'
  }
}

// ---------- credentials ----------

/** What the provider works with: the settings checked and the keys loaded. */
export interface WechatPayCredentials {
  mchId: string
  merchantSerialNo: string
  merchantKey: KeyObject
  /** The APIv3 key's 32 bytes. */
  apiV3Key: Buffer
  /** Verification keys by Wechatpay-Serial (upper case): the public key's id and/or platform certificates' serials. */
  verifiers: ReadonlyMap<string, KeyObject>
  /** Sent as Wechatpay-Serial on requests, so answers are signed with the public key (public-key mode). */
  publicKeyId: string | null
  miniAppId: string | null
  jsapiAppId: string | null
  h5: boolean
  /** The API's origin, without a trailing '/'. */
  baseUrl: string
  /** Our notify URL for payments and refunds (PUBLIC_URL + /pay/notify/wechatpay); null: the request's origin, and refunds without one. */
  notifyUrl: string | null
  miniIdentity: string
  jsapiIdentity: string
  /** Which API: the domestic direct merchant's (CNY) or the global cross-border one's. */
  region: WechatPayRegion
  /** What every order is priced in: CNY (domestic), HKD or MOP (global). */
  currency: WechatPayCurrency
  /** The MCC a global merchant sends (merchant_category_code); null for domestic. */
  merchantCategoryCode: string | null
  /** scene_info.store_info of a global merchant's H5 orders; null when not configured. */
  store: { name: string; address: string } | null
}

/**
 * Checks the WECHATPAY_* settings and loads the keys. Throws ProviderSettingError naming every
 * setting that is missing or wrong, in one line; never a key's content.
 */
export function wechatPayFromSettings(settings: WechatPaySettings, deployment: { publicUrl: string | null; production: boolean }): WechatPayCredentials {
  const problems: string[] = []
  const need = <T>(value: T | null, setting: string, what: string): T | null => {
    if (value === null || value === '') problems.push(`${setting} (${what})`)
    return value
  }
  const mchId = need(settings.mchId, 'WECHATPAY_MCHID', 'the merchant id')
  if (mchId !== null && !/^\d{1,32}$/.test(mchId)) problems.push('WECHATPAY_MCHID (digits only)')
  const merchantSerialNo = need(settings.merchantSerialNo, 'WECHATPAY_MERCHANT_SERIAL_NO', "the merchant API certificate's serial number")
  if (merchantSerialNo !== null && !/^[0-9A-Fa-f]{1,64}$/.test(merchantSerialNo)) problems.push('WECHATPAY_MERCHANT_SERIAL_NO (hex digits)')

  let merchantKey: KeyObject | null = null
  const keyText = settings.merchantPrivateKeyPath ? readSettingFile(settings.merchantPrivateKeyPath, 'WECHATPAY_MERCHANT_PRIVATE_KEY_PATH', problems) : settings.merchantPrivateKey
  if (!settings.merchantPrivateKeyPath && !settings.merchantPrivateKey) problems.push('WECHATPAY_MERCHANT_PRIVATE_KEY_PATH (apiclient_key.pem, the merchant API private key) or WECHATPAY_MERCHANT_PRIVATE_KEY')
  if (keyText) {
    try {
      const key = createPrivateKey(keyText)
      if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) throw new Error('not RSA-2048')
      merchantKey = key
    } catch {
      problems.push(`${settings.merchantPrivateKeyPath ? 'WECHATPAY_MERCHANT_PRIVATE_KEY_PATH' : 'WECHATPAY_MERCHANT_PRIVATE_KEY'} (not an RSA private key of 2048 bits or more in PEM)`)
    }
  }

  let apiV3Key: Buffer | null = null
  if (need(settings.apiV3Key, 'WECHATPAY_APIV3_KEY', 'the APIv3 key') !== null) {
    apiV3Key = Buffer.from(settings.apiV3Key as string, 'utf8')
    if (apiV3Key.length !== 32) {
      problems.push('WECHATPAY_APIV3_KEY (32 characters)')
      apiV3Key = null
    }
  }

  const verifiers = new Map<string, KeyObject>()
  if (settings.publicKeyId || settings.publicKeyPath) {
    const id = need(settings.publicKeyId, 'WECHATPAY_PUBLIC_KEY_ID', "the WeChat Pay public key's id, PUB_KEY_ID_…")
    const path = need(settings.publicKeyPath, 'WECHATPAY_PUBLIC_KEY_PATH', 'pub_key.pem, the WeChat Pay public key')
    if (id !== null && !/^PUB_KEY_ID_[0-9A-Za-z_]{1,64}$/.test(id)) problems.push("WECHATPAY_PUBLIC_KEY_ID (starts with 'PUB_KEY_ID_')")
    const pem = path ? readSettingFile(path, 'WECHATPAY_PUBLIC_KEY_PATH', problems) : null
    if (pem && id) {
      try {
        const key = createPublicKey(pem)
        if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA')
        verifiers.set(id.toUpperCase(), key)
      } catch {
        problems.push('WECHATPAY_PUBLIC_KEY_PATH (not an RSA public key in PEM)')
      }
    }
  }
  for (const path of settings.platformCertPaths) {
    const pem = readSettingFile(path, 'WECHATPAY_PLATFORM_CERT_PATHS', problems)
    if (!pem) continue
    try {
      const cert = new X509Certificate(pem)
      verifiers.set(cert.serialNumber.toUpperCase(), cert.publicKey)
    } catch {
      problems.push(`WECHATPAY_PLATFORM_CERT_PATHS ('${path}' is not an X.509 certificate in PEM)`)
    }
  }
  if (!settings.publicKeyId && !settings.publicKeyPath && settings.platformCertPaths.length === 0) {
    problems.push('WECHATPAY_PUBLIC_KEY_ID and WECHATPAY_PUBLIC_KEY_PATH (the WeChat Pay public key) or WECHATPAY_PLATFORM_CERT_PATHS (platform certificates)')
  }

  if (!settings.miniAppId && !settings.jsapiAppId) problems.push('WECHATPAY_MINI_APPID or WECHATPAY_JSAPI_APPID (the app ids bound to the merchant)')
  if (settings.h5 && !settings.jsapiAppId) problems.push('WECHATPAY_JSAPI_APPID (H5 pay, WECHATPAY_H5=1, names the official account)')

  // Which API, and the one currency this merchant prices in: never a guess from the shop's currency.
  const regionText = (settings.region ?? 'domestic').toLowerCase()
  const region: WechatPayRegion | null = regionText === 'domestic' || regionText === 'global' ? regionText : null
  if (region === null) problems.push("WECHATPAY_REGION ('domestic' or 'global')")
  const currencyText = settings.currency?.toUpperCase() ?? null
  let currency: WechatPayCurrency = WECHATPAY_CURRENCY
  if (region === 'global') {
    if (currencyText === null) problems.push('WECHATPAY_CURRENCY (HKD or MOP: what the cross-border merchant prices in, WECHATPAY_REGION=global)')
    else if ((WECHATPAY_GLOBAL_CURRENCIES as readonly string[]).includes(currencyText)) currency = currencyText as WechatPayCurrency
    else problems.push(`WECHATPAY_CURRENCY (HKD or MOP with WECHATPAY_REGION=global, not '${settings.currency?.slice(0, 8)}')`)
    if (settings.merchantCategoryCode === null) problems.push('WECHATPAY_MERCHANT_CATEGORY_CODE (the MCC the cross-border merchant registered, 4 digits)')
    else if (!/^\d{4}$/.test(settings.merchantCategoryCode)) problems.push('WECHATPAY_MERCHANT_CATEGORY_CODE (4 digits)')
    if (settings.h5 && (!settings.storeName || !settings.storeAddress)) problems.push('WECHATPAY_STORE_NAME and WECHATPAY_STORE_ADDRESS (the store an H5 order of the global API names, WECHATPAY_H5=1)')
  } else if (region === 'domestic' && currencyText !== null && currencyText !== WECHATPAY_CURRENCY) {
    problems.push(`WECHATPAY_CURRENCY (the domestic API charges CNY; '${settings.currency?.slice(0, 8)}' needs WECHATPAY_REGION=global)`)
  }

  let baseUrl = settings.baseUrl
  try {
    baseUrl = httpUrlSetting(settings.baseUrl, 'WECHATPAY_BASE_URL').replace(/\/+$/, '')
    if (deployment.production && !baseUrl.startsWith('https://')) problems.push('WECHATPAY_BASE_URL (https in production)')
  } catch (e) {
    problems.push((e as Error).message)
  }

  // WeChat Pay calls an https notify URL on the internet; a Host header must not choose it.
  const notifyUrl = deployment.publicUrl ? `${deployment.publicUrl}/pay/notify/${WECHATPAY}` : null
  if (deployment.production && !deployment.publicUrl?.startsWith('https://')) problems.push('PUBLIC_URL (https: WeChat Pay sends its notices to PUBLIC_URL/pay/notify/wechatpay)')

  if (problems.length > 0) {
    const first = problems[0].split(' ')[0]
    throw new ProviderSettingError(first, `PAYMENT_PROVIDERS=wechatpay needs ${problems.join('; ')}`)
  }
  return {
    mchId: mchId as string,
    merchantSerialNo: (merchantSerialNo as string).toUpperCase(),
    merchantKey: merchantKey as KeyObject,
    apiV3Key: apiV3Key as Buffer,
    verifiers,
    publicKeyId: settings.publicKeyId,
    miniAppId: settings.miniAppId,
    jsapiAppId: settings.jsapiAppId,
    h5: settings.h5,
    baseUrl,
    notifyUrl,
    miniIdentity: settings.miniIdentity,
    jsapiIdentity: settings.jsapiIdentity,
    region: region as WechatPayRegion,
    currency,
    merchantCategoryCode: region === 'global' ? settings.merchantCategoryCode : null,
    store: region === 'global' && settings.storeName && settings.storeAddress ? { name: settings.storeName, address: settings.storeAddress } : null
  }
}

function readSettingFile(path: string, setting: string, problems: string[]): string | null {
  try {
    return fs.readFileSync(path, 'utf8')
  } catch (e) {
    problems.push(`${setting} (cannot read '${path}': ${(e as NodeJS.ErrnoException).code ?? 'error'})`)
    return null
  }
}

// ---------- the provider ----------

type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown, max = 128): string | null => (typeof v === 'string' && v.length > 0 && v.length <= max ? v : null)

export interface WechatPayOptions {
  /** Milliseconds since the epoch (tests move it); default Date.now. */
  clock?: () => number
  /** Per request (default 10 s): a notice must be answered within 5 s, so a refund inside it cannot wait long. */
  timeoutMs?: number
}

export class WechatPayProvider implements PaymentProvider {
  readonly name = WECHATPAY
  private readonly clock: () => number
  private readonly timeoutMs: number
  private readonly routes: (typeof ROUTES)[WechatPayRegion]
  private readonly global: boolean

  constructor(
    private readonly c: WechatPayCredentials,
    options: WechatPayOptions = {}
  ) {
    this.clock = options.clock ?? Date.now
    this.timeoutMs = options.timeoutMs ?? 10_000
    this.global = c.region === 'global'
    this.routes = ROUTES[c.region]
  }

  /** The merchant this provider charges for (the start line and the logs; never a secret). */
  get mchId(): string {
    return this.c.mchId
  }

  supports(channel: PayChannel): boolean {
    if (channel === 'wechat-mini') return Boolean(this.c.miniAppId)
    if (channel === 'wechat-jsapi') return Boolean(this.c.jsapiAppId)
    return channel === 'hosted' && Boolean(this.c.jsapiAppId && this.c.h5)
  }

  async createPayment(input: CreatePaymentInput, channel: PayChannel = 'hosted'): Promise<CreatedPayment> {
    const appId = channel === 'wechat-mini' ? this.c.miniAppId : channel === 'wechat-jsapi' || channel === 'hosted' ? this.c.jsapiAppId : null
    if (!appId || (channel === 'hosted' && !this.c.h5)) throw new ChannelUnsupportedError(this.name, channel)
    if (!OUT_TRADE_NO.test(input.payId)) throw new Error(`wechatpay: payId '${input.payId}' is not a merchant order number WeChat Pay takes`)
    const order = {
      appid: appId,
      mchid: this.c.mchId,
      description: truncate(input.description, 127),
      out_trade_no: input.payId,
      ...(input.expiresAt ? { time_expire: beijingTime(input.expiresAt) } : {}),
      notify_url: this.c.notifyUrl ?? input.notifyUrl,
      ...(this.global ? { trade_type: channel === 'hosted' ? 'MWEB' : 'JSAPI', merchant_category_code: this.c.merchantCategoryCode } : {}),
      amount: { total: this.fenOf(input.amount, input.currency, 'charge'), currency: this.c.currency }
    }
    if (order.amount.total <= 0) throw new PaymentAccountMismatchError(this.name, `nothing to charge (${input.amount})`)

    if (channel === 'hosted') {
      // H5 pay: WeChat Pay's own page in a browser outside the chat app. It needs the payer's IP
      // (only PaySubmit has it: a status poll gets no page from here).
      if (!input.payerIp) throw new ChannelUnsupportedError(this.name, channel)
      // The global API's H5 (mweb) names the store instead of h5_info, and answers mweb_url.
      const scene = this.global ? { payer_client_ip: input.payerIp, ...(this.c.store ? { store_info: this.c.store } : {}) } : { payer_client_ip: input.payerIp, h5_info: { type: 'Wap' } }
      const data = await this.call('POST', this.routes.h5, { ...order, scene_info: scene })
      const h5Url = str(this.global ? data?.mweb_url : data?.h5_url, 2000)
      if (!h5Url || !h5Url.startsWith('https://')) throw new WechatPayError('BAD_ANSWER', 'H5 prepay answered no h5_url', 200)
      // Where WeChat Pay's page sends the payer back (the domain must be registered for H5 pay).
      const back = new URL(input.returnUrl, this.c.notifyUrl ?? input.notifyUrl).toString()
      const payUrl = `${h5Url}${h5Url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(back)}`
      return { payUrl, providerRef: input.payId, invocation: { channel: 'hosted', payUrl } }
    }

    const openId = await input.payerOpenId?.(channel === 'wechat-mini' ? this.c.miniIdentity : this.c.jsapiIdentity)
    if (!openId) throw new PayerIdentityRequiredError(this.name, channel)
    // Asked again for the same out_trade_no with the same fields, WeChat Pay answers the same prepay_id.
    const data = await this.call('POST', this.routes.jsapi, { ...order, payer: { openid: openId } })
    const prepayId = str(data?.prepay_id, 64)
    if (!prepayId || !/^[\w-]+$/.test(prepayId)) throw new WechatPayError('BAD_ANSWER', 'JSAPI prepay answered no prepay_id', 200)
    return { payUrl: '', providerRef: input.payId, invocation: { channel: channel as 'wechat-mini' | 'wechat-jsapi', ...this.cashierFields(appId, prepayId) } }
  }

  /** What requestPayment / getBrandWCPayRequest take: signed with the merchant key (signType RSA). */
  cashierFields(appId: string, prepayId: string): { appId: string; timeStamp: string; nonceStr: string; package: string; signType: string; paySign: string } {
    const timeStamp = String(Math.floor(this.clock() / 1000))
    const nonceStr = randomBytes(16).toString('hex')
    const pkg = `prepay_id=${prepayId}`
    const paySign = createSign('RSA-SHA256').update(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`).sign(this.c.merchantKey, 'base64')
    return { appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign }
  }

  verifyNotice(rawBody: string, headers: NoticeHeaders): NoticeVerification {
    const header = (name: string) => {
      const v = headers[name]
      return Array.isArray(v) ? v[0] : v
    }
    const signed = this.verifySigned(rawBody, header)
    if (!signed.ok) return signed
    let parsed: unknown
    try {
      parsed = JSON.parse(rawBody)
    } catch {
      return { ok: false, reason: 'body is not JSON' }
    }
    if (!isObject(parsed) || !isObject(parsed.resource)) return { ok: false, reason: 'no resource' }
    const event = str(parsed.event_type, 64)
    const resource = parsed.resource
    if (resource.algorithm !== 'AEAD_AES_256_GCM') return { ok: false, reason: 'resource is not AEAD_AES_256_GCM' }
    const plain = this.decrypt(resource)
    if (plain === null) return { ok: false, reason: 'resource does not decrypt with the APIv3 key' }
    let r: unknown
    try {
      r = JSON.parse(plain)
    } catch {
      return { ok: false, reason: 'resource is not JSON' }
    }
    if (!isObject(r)) return { ok: false, reason: 'resource is not an object' }
    if (r.mchid !== this.c.mchId) return { ok: false, reason: 'resource is for another merchant' }
    const payId = str(r.out_trade_no, 32)
    if (!payId) return { ok: false, reason: 'resource has no out_trade_no' }
    const amount = isObject(r.amount) ? r.amount : {}

    if (event === 'TRANSACTION.SUCCESS' && resource.original_type === 'transaction') {
      // A null appid matched an app id left unset (one of the two is optional): only a configured one counts.
      if (typeof r.appid !== 'string' || (r.appid !== this.c.miniAppId && r.appid !== this.c.jsapiAppId)) return { ok: false, reason: 'resource is for an app id not ours' }
      const transactionId = str(this.global ? r.id : r.transaction_id, 64)
      if (!transactionId || r.trade_state !== 'SUCCESS') return { ok: false, reason: 'transaction fields missing or not SUCCESS' }
      const paid = this.paidAmount(amount)
      if (paid === null) return { ok: false, reason: `transaction amount missing or not ${this.c.currency}` }
      // One fact per transaction and state: a retry or a duplicate over another link is a replay.
      return { ok: true, notice: { kind: 'payment', noticeId: `txn:${transactionId}:SUCCESS`, payId, providerRef: payId, result: 'paid', amount: paid } }
    }
    if (event !== null && /^REFUND\.(SUCCESS|ABNORMAL|CLOSED)$/.test(event) && resource.original_type === 'refund') {
      const status = str(r.refund_status, 16)
      const refundNo = str(r.out_refund_no, 64)
      const refundRef = str(r.refund_id ?? (this.global ? r.id : undefined), 64)
      const refunded = fromFen(amount.refund)
      if (this.global && amount.currency !== undefined && amount.currency !== this.c.currency) return { ok: false, reason: `refund amount not ${this.c.currency}` }
      if (!refundNo || !refundRef || refunded === null || status !== event.slice('REFUND.'.length)) return { ok: false, reason: 'refund fields missing or not matching the event' }
      return {
        ok: true,
        notice: refundFact(payId, refundNo, refundRef, status, refunded)
      }
    }
    return { ok: false, reason: `event '${event ?? ''}' is not one this server handles` }
  }

  async queryStatus(payment: PaymentLookup): Promise<ProviderStatus> {
    let data: Json | null
    try {
      data = await this.call('GET', `${this.routes.trade}${encodeURIComponent(payment.payId)}?mchid=${encodeURIComponent(this.c.mchId)}`)
    } catch (e) {
      // Never opened at WeChat Pay (its prepay failed): nobody can pay it.
      if (e instanceof WechatPayError && e.status === 404 && e.code === 'ORDER_NOT_EXIST') return { status: 'pending' }
      throw e
    }
    if (!isObject(data) || data.out_trade_no !== payment.payId || data.mchid !== this.c.mchId) throw new WechatPayError('BAD_ANSWER', 'query answered another order', 200)
    switch (data.trade_state) {
      case 'SUCCESS': {
        const paid = this.paidAmount(isObject(data.amount) ? data.amount : {})
        if (paid === null) throw new WechatPayError('BAD_ANSWER', `query answered no ${this.c.currency} amount`, 200)
        return { status: 'paid', amount: paid }
      }
      case 'CLOSED':
      case 'REVOKED':
      case 'PAYERROR':
        return { status: 'declined' }
      // NOTPAY, USERPAYING: not yet. REFUND (paid, then given back outside this server: the
      // merchant platform) stays pending here: no order is paid with money that went back; the
      // reconciliation shows it.
      default:
        return { status: 'pending' }
    }
  }

  async close(payment: PaymentLookup): Promise<void> {
    await this.call('POST', `${this.routes.trade}${encodeURIComponent(payment.payId)}/close`, { mchid: this.c.mchId })
  }

  /** WeChat Pay has no code exchange of its own: the payer's open id comes from the host sign-in (IDENTITY_PROVIDER). */
  async payerId(): Promise<string> {
    throw new ChannelUnsupportedError(this.name, 'payer id from a code (the open id comes from the host sign-in)')
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const refundNo = input.refundNo ?? input.payId
    if (!OUT_REFUND_NO.test(refundNo)) throw new Error(`wechatpay: refund number '${refundNo}' is not an out_refund_no WeChat Pay takes`)
    if (input.paymentAmount === undefined) throw new Error('wechatpay: a refund needs the payment amount (RefundInput.paymentAmount)')
    const refund = this.fenOf(input.amount, input.currency, 'refund')
    const total = this.fenOf(input.paymentAmount, input.currency, 'refund')
    if (refund <= 0 || refund > total) throw new Error(`wechatpay: cannot refund ${input.amount} of ${input.paymentAmount}`)
    // Asked again with the same out_refund_no, WeChat Pay answers the same refund: safe to retry.
    const data = await this.call('POST', this.routes.refunds, {
      // The global API names the merchant and app in the body (the app the merchant is bound to).
      ...(this.global ? { mchid: this.c.mchId, appid: this.c.miniAppId ?? this.c.jsapiAppId } : {}),
      out_trade_no: input.payId,
      out_refund_no: refundNo,
      ...(input.reason ? { reason: truncate(input.reason, 80) } : {}),
      ...(this.c.notifyUrl ? { notify_url: this.c.notifyUrl } : {}),
      amount: { refund, total, currency: this.c.currency }
    })
    const refundRef = str(this.global ? data?.id : data?.refund_id, 64)
    const amount = isObject(data?.amount) ? (data?.amount as Json) : {}
    if (!refundRef || data?.out_refund_no !== refundNo) throw new WechatPayError('BAD_ANSWER', 'refund answered another refund', 200)
    // The same number once used for another amount answers that refund: not the one we asked for.
    if (amount.refund !== refund || (this.global && amount.currency !== this.c.currency)) {
      throw new WechatPayError('REFUND_AMOUNT_DIFFERS', `refund ${refundNo} is ${String(amount.refund)} ${String(amount.currency ?? 'fen')} at WeChat Pay, not ${refund} ${this.c.currency}`, 200)
    }
    // PROCESSING and SUCCESS: accepted (the refund notice confirms it). ABNORMAL, CLOSED: refused.
    // The global API's answer carries no status (accepted: the query and the notice tell the rest).
    if (this.global && data?.status === undefined) return { refundRef }
    if (data?.status !== 'SUCCESS' && data?.status !== 'PROCESSING') throw new WechatPayError(`REFUND_${String(data?.status)}`, `refund ${refundNo} is ${String(data?.status)}`, 200)
    return { refundRef }
  }

  /**
   * The trade bill of a Beijing day (GET /v3/bill/tradebill, bill_type ALL; its answer verified
   * like every other), then the file at its download_url: a signed GET whose answer is the file
   * itself, unsigned, so it is believed only when its SHA1 is the hash_value of the verified answer.
   * A cross-border merchant's is the statement (globalStatement).
   */
  async downloadBill(date: string): Promise<Bill> {
    if (!isBillDate(date)) throw new RangeError(`not a bill date: '${date.slice(0, 20)}'`)
    if (this.global) return { provider: this.name, date, rows: await this.globalStatement(date) }
    const data = await this.call('GET', `/v3/bill/tradebill?bill_date=${date}&bill_type=ALL`)
    const downloadUrl = str(data?.download_url, 2000)
    const hashValue = str(data?.hash_value, 64)
    if (!downloadUrl || data?.hash_type !== 'SHA1' || !hashValue || !/^[0-9a-f]{40}$/i.test(hashValue)) throw new WechatPayError('BAD_ANSWER', 'tradebill answered no download_url with a SHA1 hash_value', 200)
    const url = new URL(downloadUrl)
    // Our Authorization goes to WeChat Pay's API only, never to another host a bad answer names.
    if (url.origin !== new URL(this.c.baseUrl).origin) throw new WechatPayError('BAD_ANSWER', `download_url is not at ${new URL(this.c.baseUrl).origin}`, 200)
    const { body: file } = await this.fetchFile(url)
    if (sha1Hex(file) !== hashValue.toLowerCase()) throw new WechatPayError('BILL_HASH_MISMATCH', `the bill of ${date} does not match the hash_value WeChat Pay gave: refused`, 200)
    return { provider: this.name, date, rows: parseWechatTradeBill(file.toString('utf8')) }
  }

  /**
   * A cross-border merchant's statement of a day (GET /v3/global/statements?date=YYYYMMDD&mchid=,
   * asked gzipped): the answer is the file, its SHA1 in Wechatpay-Statement-Sha1, and its signature
   * covers that header in place of the body ("timestamp\nnonce\n{"sha1":"…"}\n"). Believed only
   * when the signature verifies and the plain CSV's SHA1 is the header's.
   */
  private async globalStatement(date: string): Promise<BillRow[]> {
    const url = new URL(`${this.c.baseUrl}/v3/global/statements?date=${date.replace(/-/g, '')}&mchid=${encodeURIComponent(this.c.mchId)}`)
    const { body, headers } = await this.fetchFile(url, { 'Accept-Encoding': 'gzip' })
    const sha1 = headers.get('wechatpay-statement-sha1')?.trim() ?? ''
    if (!/^[0-9a-f]{40}$/i.test(sha1)) throw new WechatPayError('BAD_ANSWER', 'statements answered no Wechatpay-Statement-Sha1', 200)
    const checked = this.verifySigned(statementSignedBody(sha1), (name) => headers.get(name) ?? undefined)
    if (!checked.ok) throw new WechatPayError('ANSWER_NOT_VERIFIED', `GET ${url.pathname}: ${checked.reason}`, 200)
    const file = plainStatement(body)
    if (sha1Hex(file) !== sha1.toLowerCase()) throw new WechatPayError('BILL_HASH_MISMATCH', `the statement of ${date} does not match the Wechatpay-Statement-Sha1 WeChat Pay signed: refused`, 200)
    return parseWechatGlobalStatement(file.toString('utf8'), { mchId: this.c.mchId, currency: this.c.currency })
  }

  /** A signed GET of a file (a bill's download_url, a statement): the body's bytes and the headers; WeChat Pay's error as WechatPayError. */
  private async fetchFile(url: URL, extraHeaders: Record<string, string> = {}): Promise<{ body: Buffer; headers: Headers }> {
    const timestamp = String(Math.floor(this.clock() / 1000))
    const nonce = randomBytes(16).toString('hex').toUpperCase()
    const signature = createSign('RSA-SHA256').update(`GET\n${url.pathname}${url.search}\n${timestamp}\n${nonce}\n\n`).sign(this.c.merchantKey, 'base64')
    const headers: Record<string, string> = {
      ...extraHeaders,
      'User-Agent': 'ScanOrder-gateway (node)',
      Authorization: `${WECHATPAY_AUTH_SCHEMA} mchid="${this.c.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.c.merchantSerialNo}"`
    }
    let response: Response
    let body: Buffer
    try {
      // A month's busy bill is a few MB: a minute, not the API's 10 s.
      response = await fetch(url, { headers, signal: AbortSignal.timeout(Math.max(this.timeoutMs, 60_000)) })
      body = Buffer.from(await response.arrayBuffer())
    } catch (e) {
      throw new WechatPayError('UNREACHABLE', `GET ${url.pathname}: ${(e as Error).name}`, 0)
    }
    if (response.status === 200) return { body, headers: response.headers }
    let code = `HTTP_${response.status}`
    let message = ''
    try {
      const e: unknown = JSON.parse(body.toString('utf8'))
      if (isObject(e)) {
        code = str(e.code, 64) ?? code
        message = str(e.message, 300) ?? ''
      }
    } catch {
      // not JSON: the status says it
    }
    throw new WechatPayError(code, `GET ${url.pathname}${message ? `: ${message}` : ''}`, response.status)
  }

  /**
   * One refund by our number (GET /v3/refund/domestic/refunds/{out_refund_no}): SUCCESS, CLOSED and
   * ABNORMAL are the facts its REFUND.* notices carry (the same noticeId), PROCESSING is under way,
   * 404 RESOURCE_NOT_EXISTS never made.
   */
  async queryRefund(refund: RefundLookup): Promise<RefundQueryResult> {
    if (!OUT_REFUND_NO.test(refund.refundNo)) throw new Error(`wechatpay: refund number '${refund.refundNo}' is not an out_refund_no WeChat Pay takes`)
    let data: Json | null
    try {
      data = await this.call('GET', this.routes.refund(refund.refundNo, this.c.mchId))
    } catch (e) {
      if (e instanceof WechatPayError && e.status === 404 && e.code === 'RESOURCE_NOT_EXISTS') return { status: 'not_found' }
      throw e
    }
    if (!isObject(data) || data.out_refund_no !== refund.refundNo || data.out_trade_no !== refund.payId) throw new WechatPayError('BAD_ANSWER', 'refund query answered another refund', 200)
    const status = str(data.status, 16)
    if (status === 'PROCESSING') return { status: 'processing' }
    const refundRef = str(this.global ? data.id : data.refund_id, 64)
    const refunded = fromFen(isObject(data.amount) ? data.amount.refund : undefined)
    if (this.global && isObject(data.amount) && data.amount.currency !== undefined && data.amount.currency !== this.c.currency) {
      throw new WechatPayError('BAD_ANSWER', `refund query answered an amount not in ${this.c.currency}`, 200)
    }
    if (!refundRef || refunded === null || (status !== 'SUCCESS' && status !== 'CLOSED' && status !== 'ABNORMAL')) {
      throw new WechatPayError('BAD_ANSWER', `refund query answered status '${String(status)}' without refund_id or amount`, 200)
    }
    return { status: 'settled', notice: refundFact(refund.payId, refund.refundNo, refundRef, status, refunded) }
  }

  // ---------- the protocol ----------

  /**
   * What a transaction's amount says was charged, in our currency: `total` in cents of
   * `currency`, which must be ours (the global API always names it; the domestic one may leave it
   * out, meaning CNY). payer_total, payer_currency and exchange_rate are the payer's CNY side of a
   * cross-border payment: not what the shop charged, so not compared.
   */
  private paidAmount(amount: Json): string | null {
    if (amount.currency === undefined ? this.global : amount.currency !== this.c.currency) return null
    return fromFen(amount.total)
  }

  private fenOf(amount: string, currency: string, what: string): number {
    if (wechatPayCurrency(currency) !== this.c.currency) {
      throw new PaymentAccountMismatchError(this.name, `this WeChat Pay merchant charges ${this.c.currency}; this shop's currency is '${currency}' (${what} refused)`)
    }
    try {
      return toFen(amount)
    } catch (e) {
      throw new PaymentAccountMismatchError(this.name, `${(e as Error).message} (${what} refused)`)
    }
  }

  /**
   * One signed request. A 2xx answer is believed only with a good signature within the window;
   * anything else throws WechatPayError with WeChat Pay's code.
   */
  private async call(method: 'GET' | 'POST', pathAndQuery: string, body?: Json): Promise<Json | null> {
    const url = new URL(`${this.c.baseUrl}${pathAndQuery}`)
    const payload = body === undefined ? '' : JSON.stringify(body)
    const timestamp = String(Math.floor(this.clock() / 1000))
    const nonce = randomBytes(16).toString('hex').toUpperCase()
    const signature = createSign('RSA-SHA256').update(`${method}\n${url.pathname}${url.search}\n${timestamp}\n${nonce}\n${payload}\n`).sign(this.c.merchantKey, 'base64')
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': 'ScanOrder-gateway (node)',
      Authorization: `${WECHATPAY_AUTH_SCHEMA} mchid="${this.c.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.c.merchantSerialNo}"`
    }
    if (payload) headers['Content-Type'] = 'application/json'
    if (this.c.publicKeyId) headers['Wechatpay-Serial'] = this.c.publicKeyId
    let response: Response
    let text: string
    try {
      response = await fetch(url, { method, headers, body: payload || undefined, signal: AbortSignal.timeout(this.timeoutMs) })
      text = await response.text()
    } catch (e) {
      throw new WechatPayError('UNREACHABLE', `${method} ${url.pathname}: ${(e as Error).name}`, 0)
    }
    if (response.status >= 200 && response.status < 300) {
      // An empty 204 (close) says nothing we act on; signed or not, nothing is believed from it.
      if (response.status === 204 && !text && !response.headers.get('wechatpay-signature')) return null
      const checked = this.verifySigned(text, (name) => response.headers.get(name) ?? undefined)
      if (!checked.ok) throw new WechatPayError('ANSWER_NOT_VERIFIED', `${method} ${url.pathname}: ${checked.reason}`, response.status)
      if (!text) return null
      try {
        const data: unknown = JSON.parse(text)
        return isObject(data) ? data : null
      } catch {
        throw new WechatPayError('BAD_ANSWER', `${method} ${url.pathname}: not JSON`, response.status)
      }
    }
    let code = `HTTP_${response.status}`
    let message = ''
    try {
      const e: unknown = JSON.parse(text)
      if (isObject(e)) {
        code = str(e.code, 64) ?? code
        message = str(e.message, 300) ?? ''
      }
    } catch {
      // not JSON: the status says it
    }
    throw new WechatPayError(code, `${method} ${url.pathname}${message ? `: ${message}` : ''}`, response.status)
  }

  /** Wechatpay-Signature over "timestamp\nnonce\nbody\n" with the key Wechatpay-Serial names, within the window. */
  private verifySigned(body: string, header: (name: string) => string | undefined): { ok: true } | { ok: false; reason: string } {
    const timestamp = header('wechatpay-timestamp')
    const nonce = header('wechatpay-nonce')
    const signature = header('wechatpay-signature')
    const serial = header('wechatpay-serial')
    if (!timestamp || !nonce || !signature || !serial) return { ok: false, reason: 'Wechatpay-Timestamp, -Nonce, -Signature and -Serial are required' }
    const type = header('wechatpay-signature-type')
    if (type !== undefined && type !== WECHATPAY_AUTH_SCHEMA) return { ok: false, reason: `signature type '${type.slice(0, 40)}' is not ${WECHATPAY_AUTH_SCHEMA}` }
    if (!/^\d{1,12}$/.test(timestamp) || nonce.length > 64) return { ok: false, reason: 'malformed Wechatpay-Timestamp or -Nonce' }
    if (Math.abs(Math.floor(this.clock() / 1000) - Number(timestamp)) > WECHATPAY_MAX_SKEW_SECONDS) {
      return { ok: false, reason: `Wechatpay-Timestamp outside the ${WECHATPAY_MAX_SKEW_SECONDS}-second window` }
    }
    const key = this.c.verifiers.get(serial.trim().toUpperCase())
    if (!key) return { ok: false, reason: `Wechatpay-Serial '${serial.slice(0, 64)}' is no key of ours` }
    // WeChat Pay's probes ('WECHATPAY/SIGNTEST/…') are no base64 and fail here, as they must.
    if (signature.length > 1024 || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return { ok: false, reason: 'malformed Wechatpay-Signature' }
    const good = createVerify('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).verify(key, signature, 'base64')
    return good ? { ok: true } : { ok: false, reason: 'signature mismatch' }
  }

  /** AEAD_AES_256_GCM with the APIv3 key: the ciphertext's last 16 bytes are the tag; null when it does not authenticate. */
  private decrypt(resource: Json): string | null {
    const ciphertext = str(resource.ciphertext, 65536)
    const nonce = str(resource.nonce, 64)
    const aad = resource.associated_data === undefined || resource.associated_data === null ? '' : resource.associated_data
    if (!ciphertext || !nonce || typeof aad !== 'string') return null
    try {
      const data = Buffer.from(ciphertext, 'base64')
      if (data.length <= 16) return null
      const decipher = createDecipheriv('aes-256-gcm', this.c.apiV3Key, Buffer.from(nonce, 'utf8'))
      decipher.setAuthTag(data.subarray(data.length - 16))
      decipher.setAAD(Buffer.from(aad, 'utf8'))
      return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8')
    } catch {
      return null
    }
  }
}

/** A refund's outcome as its notice and its query both say it: one noticeId per refund and status. */
function refundFact(payId: string, refundNo: string, refundRef: string, status: string, amount: string): VerifiedRefundNotice {
  return {
    kind: 'refund',
    noticeId: `refund:${refundRef}:${status}`,
    payId,
    refundNo,
    refundRef,
    result: status === 'SUCCESS' ? 'refunded' : 'refund_failed',
    ...(status === 'CLOSED' ? { failure: 'closed' as const } : status === 'ABNORMAL' ? { failure: 'abnormal' as const } : {}),
    amount
  }
}

/** At most `max` characters (WeChat Pay counts characters for description and reason). */
function truncate(text: string, max: number): string {
  const chars = [...text]
  return chars.length <= max ? text : chars.slice(0, max).join('')
}

/** An ISO instant as RFC 3339 in Beijing time ('2025-01-31T16:00:00+08:00'), as time_expire is written. */
export function beijingTime(iso: string): string {
  const t = Date.parse(iso)
  if (!Number.isFinite(t)) throw new RangeError(`not an instant: ${iso}`)
  return `${new Date(Math.floor(t / 1000) * 1000 + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`
}
