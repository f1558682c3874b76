/**
 * A loopback fake of WeChat Pay API v3 (a test double: it speaks the published protocol with keys
 * the test makes, and says nothing about WeChat Pay's own servers). It is written from the
 * protocol with node:crypto, not from our provider's code, so it checks what we send:
 *
 *   - every request's Authorization (WECHATPAY2-SHA256-RSA2048: mchid, nonce_str, signature,
 *     timestamp, serial_no; RSA-SHA256 over "METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n" with the
 *     merchant's public key, the timestamp within 300 s) — a bad one answers 401 SIGN_ERROR;
 *   - JSAPI and H5 prepay (an out_trade_no asked again with the same fields answers the same
 *     prepay_id, with other fields 400 INVALID_REQUEST), query by out_trade_no, close, refunds
 *     (same out_refund_no → the same refund; more than was paid → 400), their fields and fen,
 *     the refund query by out_refund_no (GET /v3/refund/domestic/refunds/{out_refund_no});
 *   - every answer signed ("timestamp\nnonce\nbody\n") with the WeChat Pay public key's private half
 *     (Wechatpay-Serial 'PUB_KEY_ID_…') or, in certificate mode, a platform certificate's key;
 *     `answerFault` spoils them on purpose;
 *   - notices: the resource encrypted with AES-256-GCM under the APIv3 key and the envelope signed,
 *     with knobs for replays, tampered bodies or ciphertexts, stale timestamps, wrong serials or keys.
 *
 * With `{ region: 'global', currency: 'MOP' | 'HKD' }` it is a cross-border merchant of WeChat
 * Pay's global API instead (境外商户, as published at pay.weixin.qq.com/wiki/doc/api_external and
 * mirrored at wechatpay.im/openapi/v3/global): POST /v3/global/transactions/jsapi and /mweb (their
 * trade_type and a 4-digit merchant_category_code required, mweb's scene_info.store_info too,
 * answering prepay_id / mweb_url), GET /v3/global/transactions/out-trade-no/{no}?mchid= and its
 * /close, POST /v3/global/refunds (mchid and appid in the body; the answer's refund id is `id` and
 * it carries no status) and GET /v3/global/refunds/out-refund-no/{no}?mchid=; the transaction's
 * id is `id`, and every amount names its currency beside the payer's CNY side (payer_total,
 * payer_currency, exchange_rate). Only that currency is taken. Its bill is the statement
 * (GET /v3/global/statements?date=YYYYMMDD&mchid=, pay.weixin.qq.com/wiki/doc/api_external/ch/apis/
 * chapter3_3_6): the CSV itself as the answer (gzip when asked with Accept-Encoding: gzip), its
 * SHA1 in Wechatpay-Statement-Sha1, the answer signed over "timestamp\nnonce\n{"sha1":"<it>"}\n".
 *
 * Certificates: node:crypto makes keys but not certificates, so `selfSignedCertificate` writes
 * the few DER structures an X.509 v3 certificate needs and signs them (RSA-SHA256).
 */
import { createCipheriv, createHash, createPublicKey, createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'

export interface WechatPayKeys {
  mchId: string
  merchantSerialNo: string
  merchantPrivateKeyPem: string
  merchantPublicKey: KeyObject
  apiV3Key: string
  /** The WeChat Pay public key (public-key mode). */
  publicKeyId: string
  publicKeyPem: string
  publicKeyPrivate: KeyObject
  /** A platform certificate (certificate mode). */
  platformCertPem: string
  platformCertSerial: string
  platformCertPrivate: KeyObject
  miniAppId: string
  jsapiAppId: string
}

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 })
const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase()

export function makeWechatPayKeys(): WechatPayKeys {
  const merchant = rsa()
  const pub = rsa()
  const platform = rsa()
  // A serial whose first byte has no high bit and is not zero: its hex is what Wechatpay-Serial carries.
  const serial = `${(0x10 + randomBytes(1)[0] % 0x60).toString(16).toUpperCase()}${hex(19)}`
  return {
    mchId: `19${String(Date.now()).slice(-8)}`,
    merchantSerialNo: hex(20),
    merchantPrivateKeyPem: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    merchantPublicKey: merchant.publicKey,
    apiV3Key: randomBytes(24).toString('base64').replace(/[+/=]/g, 'x').slice(0, 32),
    publicKeyId: `PUB_KEY_ID_01${Date.now()}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
    publicKeyPem: pub.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    publicKeyPrivate: pub.privateKey,
    platformCertPem: selfSignedCertificate(platform.privateKey, platform.publicKey, serial, 'Tenpay.com Root CA (test)'),
    platformCertSerial: serial,
    platformCertPrivate: platform.privateKey,
    miniAppId: 'wx00mini0000test1',
    jsapiAppId: 'wx00offi0000test2'
  }
}

// ---------- a certificate, in DER ----------

function der(tag: number, content: Buffer): Buffer {
  const n = content.length
  const length = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff])
  return Buffer.concat([Buffer.from([tag]), length, content])
}
const seq = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts))
function oid(text: string): Buffer {
  const [a, b, ...rest] = text.split('.').map(Number)
  const bytes = [40 * a + b]
  for (const v of rest) {
    const chunk = [v & 0x7f]
    for (let x = v >> 7; x > 0; x >>= 7) chunk.unshift((x & 0x7f) | 0x80)
    bytes.push(...chunk)
  }
  return der(0x06, Buffer.from(bytes))
}
const utcTime = (d: Date) => der(0x17, Buffer.from(`${d.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`))
const name = (cn: string) => seq(der(0x31, seq(oid('2.5.4.3'), der(0x0c, Buffer.from(cn, 'utf8')))))
const SHA256_WITH_RSA = seq(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]))

export function selfSignedCertificate(privateKey: KeyObject, publicKey: KeyObject, serialHex: string, cn: string): string {
  const now = Date.now()
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, Buffer.from(serialHex, 'hex')),
    SHA256_WITH_RSA,
    name(cn),
    seq(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 365 * 86_400_000))),
    name(cn),
    publicKey.export({ type: 'spki', format: 'der' })
  )
  const signature = createSign('RSA-SHA256').update(tbs).sign(privateKey)
  const cert = seq(tbs, SHA256_WITH_RSA, der(0x03, Buffer.concat([Buffer.from([0]), signature])))
  const b64 = cert.toString('base64').replace(/(.{64})/g, '$1\n').trimEnd()
  return `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`
}

// ---------- the fake ----------

export interface FakeOrder {
  appid: string
  mchid: string
  description: string
  out_trade_no: string
  time_expire?: string
  notify_url: string
  amount: { total: number; currency: string }
  payer?: { openid: string }
  scene_info?: unknown
  tradeType: 'JSAPI' | 'MWEB'
  prepayId: string
  /** The prepay body as first asked (a repeat must match it). */
  fields: string
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND' | 'PAYERROR'
  transactionId: string
  /** What the payer paid in fen (the order's total unless a test says otherwise). */
  paidTotal: number
}

/** A row of the fake's trade bill (amounts in fen, as the fake keeps them). */
export interface FakeBillRow {
  outTradeNo: string
  state: 'SUCCESS' | 'REFUND' | 'REVOKED'
  totalFen: number
  refundNo?: string
  refundFen?: number
  refundStatus?: string
  /** When WeChat Pay booked it (default: when the bill is asked for). */
  at?: Date
}

/** The paths each API serves (the domestic direct merchant's, the global cross-border one's). */
const PATHS = {
  domestic: { jsapi: '/v3/pay/transactions/jsapi', h5: '/v3/pay/transactions/h5', trade: /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/, refunds: '/v3/refund/domestic/refunds', refund: /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/ },
  global: { jsapi: '/v3/global/transactions/jsapi', h5: '/v3/global/transactions/mweb', trade: /^\/v3\/global\/transactions\/out-trade-no\/([^/]+)(\/close)?$/, refunds: '/v3/global/refunds', refund: /^\/v3\/global\/refunds\/out-refund-no\/([^/]+)$/ }
} as const

/** Fen (cents) as the bills write money: yuan (dollars) with two places. */
const yuanOf = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`

/** The payer's CNY for `total` cents of the merchant's currency at the fake's rate (rate × 10^8, as WeChat Pay writes it). */
const FAKE_RATE: Record<string, number> = { HKD: 92_000_000, MOP: 89_000_000 }

export interface FakeRefund {
  refund_id: string
  out_refund_no: string
  out_trade_no: string
  reason?: string
  notify_url?: string
  amount: { refund: number; total: number; currency: string }
  status: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED'
}

export interface FakeRequest {
  method: string
  url: string
  body: string
  /** Whether its Authorization checked out (the reason when not). */
  verified: boolean
  reason?: string
  headers: http.IncomingHttpHeaders
}

export type AnswerFault = 'bad-signature' | 'stale' | 'unknown-serial' | 'no-signature'

/** What the fake answers: JSON (signed when 2xx), or raw bytes (a bill file, a statement with its own headers). */
interface FakeAnswer {
  status: number
  body?: unknown
  raw?: Buffer
  headers?: Record<string, string>
}

/** The global statement's 38 columns as published; 订单金额（标价币种） written here with full-width brackets (the stored copy of the page prints ASCII ones: the reader must take both). */
export const GLOBAL_STATEMENT_HEADER =
  '交易时间,公众账号ID,商户号,子商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,充值券币种,充值券金额,优惠券币种,优惠券金额,微信退款单号,商户退款单号,退款类型,退款状态,商品名称,商户数据包,手续费,费率,标价币种,订单金额（标价币种）,用户支付币种,用户支付金额,结算币种,应结订单金额,支付汇率,退款汇率,申请退款金额,用户退款币种,用户退款金额,退款结算币种,退款应结订单金额,充值券退款金额,优惠券退款金额'

export interface SignOptions {
  /** Seconds since the epoch (default now). */
  timestamp?: number
  nonce?: string
  /** Wechatpay-Serial sent (default the signing key's). */
  serial?: string
  /** Sign with this key instead. */
  key?: KeyObject
  /** A literal Wechatpay-Signature (WeChat Pay's probes send 'WECHATPAY/SIGNTEST/…'). */
  signature?: string
}

export interface SignedNotice {
  body: string
  headers: Record<string, string>
  /** Where it goes: the notify_url the order or refund was given. */
  url: string
}

export class FakeWechatPay {
  readonly orders = new Map<string, FakeOrder>()
  readonly refunds = new Map<string, FakeRefund>()
  readonly requests: FakeRequest[] = []
  /** Which key signs answers and notices by default. */
  mode: 'public-key' | 'certificate' = 'public-key'
  /** Spoils the next answers (null: honest). */
  answerFault: AnswerFault | null = null
  /** What a new refund answers. */
  refundStatus: FakeRefund['status'] = 'PROCESSING'
  /** Refuses refunds with this error (400 NOT_ENOUGH …) while set. */
  refuseRefunds: { status: number; code: string; message: string } | null = null
  url = ''
  private server: http.Server | null = null
  private seq = 0
  readonly region: 'domestic' | 'global'
  /** The one currency this merchant takes. */
  readonly currency: string

  constructor(
    readonly keys: WechatPayKeys,
    options: { region?: 'domestic' | 'global'; currency?: string } = {}
  ) {
    this.region = options.region ?? 'domestic'
    this.currency = options.currency ?? (this.region === 'global' ? 'HKD' : 'CNY')
  }

  private get global(): boolean {
    return this.region === 'global'
  }

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        let answer: FakeAnswer
        try {
          answer = this.handle(req, body)
        } catch (e) {
          answer = { status: 500, body: { code: 'SYSTEM_ERROR', message: (e as Error).message } }
        }
        // A bill file is the file itself, unsigned (its hash came in the signed tradebill answer); a statement brings its own headers.
        if (answer.raw) return void res.writeHead(answer.status, answer.headers ?? { 'Content-Type': 'application/octet-stream' }).end(answer.raw)
        const text = answer.body === undefined ? '' : JSON.stringify(answer.body)
        const headers: Record<string, string> = answer.body === undefined ? {} : { 'Content-Type': 'application/json' }
        if (answer.status < 300) Object.assign(headers, this.answerHeaders(text))
        res.writeHead(answer.status, headers).end(text)
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this.url
  }

  async stop(): Promise<void> {
    if (this.server) await new Promise<void>((resolve) => this.server!.close(() => resolve()))
  }

  // ---------- signing ----------

  private get signer(): { key: KeyObject; serial: string } {
    return this.mode === 'public-key'
      ? { key: this.keys.publicKeyPrivate, serial: this.keys.publicKeyId }
      : { key: this.keys.platformCertPrivate, serial: this.keys.platformCertSerial }
  }

  /** Wechatpay-* headers over "timestamp\nnonce\nbody\n". */
  sign(body: string, options: SignOptions = {}): Record<string, string> {
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000))
    const nonce = options.nonce ?? randomBytes(16).toString('hex')
    const signature = options.signature ?? createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(options.key ?? this.signer.key, 'base64')
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': signature,
      'Wechatpay-Serial': options.serial ?? this.signer.serial,
      'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048'
    }
  }

  private answerHeaders(text: string): Record<string, string> {
    switch (this.answerFault) {
      case null:
        return this.sign(text)
      case 'bad-signature':
        return this.sign(`${text} `)
      case 'stale':
        return this.sign(text, { timestamp: Math.floor(Date.now() / 1000) - 301 })
      case 'unknown-serial':
        return this.sign(text, { serial: 'PUB_KEY_ID_0000000000000000000000000000' })
      case 'no-signature':
        return {}
    }
  }

  /** Checks a request's Authorization against the merchant's public key; the reason when it fails. */
  private checkAuthorization(req: http.IncomingMessage, body: string): string | null {
    const auth = req.headers.authorization ?? ''
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(auth)
    if (!m) return 'no WECHATPAY2-SHA256-RSA2048 Authorization'
    const fields: Record<string, string> = {}
    for (const part of m[1].split(',')) {
      const kv = /^\s*([a-z_]+)="([^"]*)"\s*$/.exec(part)
      if (!kv) return `malformed Authorization part '${part}'`
      fields[kv[1]] = kv[2]
    }
    if (fields.mchid !== this.keys.mchId) return 'mchid is not the merchant'
    if (fields.serial_no !== this.keys.merchantSerialNo) return 'serial_no is not the merchant certificate'
    if (!/^\d+$/.test(fields.timestamp ?? '') || Math.abs(Number(fields.timestamp) - Date.now() / 1000) > 300) return 'timestamp outside 300 s'
    if (!fields.nonce_str || !fields.signature) return 'nonce_str or signature missing'
    const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`
    if (!createVerify('RSA-SHA256').update(message).verify(this.keys.merchantPublicKey, fields.signature, 'base64')) return 'signature does not verify'
    return null
  }

  // ---------- the API ----------

  private handle(req: http.IncomingMessage, body: string): FakeAnswer {
    const reason = this.checkAuthorization(req, body)
    this.requests.push({ method: req.method ?? '', url: req.url ?? '', body, verified: reason === null, ...(reason ? { reason } : {}), headers: req.headers })
    if (reason) return { status: 401, body: { code: 'SIGN_ERROR', message: reason } }
    const url = new URL(req.url ?? '/', 'http://fake')
    const json = (): Record<string, any> => JSON.parse(body || '{}')
    const bad = (message: string, code = 'PARAM_ERROR') => ({ status: 400, body: { code, message } })

    const paths = PATHS[this.region]
    if (req.method === 'POST' && (url.pathname === paths.jsapi || url.pathname === paths.h5)) {
      const o = json()
      const jsapi = url.pathname === paths.jsapi
      if (o.mchid !== this.keys.mchId) return bad('mchid')
      if (o.appid !== this.keys.miniAppId && o.appid !== this.keys.jsapiAppId) return bad('appid not bound to mchid', 'APPID_MCHID_NOT_MATCH')
      if (typeof o.out_trade_no !== 'string' || !/^[A-Za-z0-9_\-|*]{6,32}$/.test(o.out_trade_no)) return bad('out_trade_no')
      if (typeof o.description !== 'string' || [...o.description].length > 127) return bad('description')
      if (typeof o.notify_url !== 'string' || !/^https?:\/\//.test(o.notify_url)) return bad('notify_url')
      if (!Number.isSafeInteger(o.amount?.total) || o.amount.total <= 0 || o.amount.currency !== this.currency) return bad('amount')
      if (this.global) {
        if (o.trade_type !== (jsapi ? 'JSAPI' : 'MWEB')) return bad('trade_type')
        if (typeof o.merchant_category_code !== 'string' || !/^\d{4}$/.test(o.merchant_category_code)) return bad('merchant_category_code')
        if (!jsapi && (typeof o.scene_info?.store_info?.name !== 'string' || typeof o.scene_info?.store_info?.address !== 'string')) return bad('scene_info.store_info')
      } else if (o.trade_type !== undefined || o.merchant_category_code !== undefined) return bad('trade_type / merchant_category_code are not fields of this API')
      if (o.time_expire !== undefined && !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(o.time_expire)) return bad('time_expire')
      if (jsapi && (typeof o.payer?.openid !== 'string' || !o.payer.openid)) return bad('payer.openid')
      if (!jsapi && typeof o.scene_info?.payer_client_ip !== 'string') return bad('scene_info.payer_client_ip')
      const fields = JSON.stringify({ ...o, tradeType: jsapi ? 'JSAPI' : 'MWEB' })
      const known = this.orders.get(o.out_trade_no)
      if (known) {
        if (known.state === 'SUCCESS') return bad('order paid', 'ORDERPAID')
        if (known.state === 'CLOSED') return bad('order closed', 'ORDER_CLOSED')
        if (known.fields !== fields) return bad('201 商户订单号重复', 'INVALID_REQUEST')
        return { status: 200, body: this.prepayAnswer(known) }
      }
      const order: FakeOrder = {
        ...(o as Omit<FakeOrder, 'tradeType' | 'prepayId' | 'fields' | 'state' | 'transactionId' | 'paidTotal'>),
        tradeType: jsapi ? 'JSAPI' : 'MWEB',
        prepayId: `wx${Date.now()}${hex(8).toLowerCase()}`,
        fields,
        state: 'NOTPAY',
        transactionId: '',
        paidTotal: o.amount.total
      }
      this.orders.set(o.out_trade_no, order)
      return { status: 200, body: this.prepayAnswer(order) }
    }

    const trade = paths.trade.exec(url.pathname)
    const query = trade && !trade[2] ? trade : null
    if (req.method === 'GET' && query) {
      if (url.searchParams.get('mchid') !== this.keys.mchId) return bad('mchid')
      const order = this.orders.get(decodeURIComponent(query[1]))
      if (!order) return { status: 404, body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' } }
      return { status: 200, body: this.transaction(order) }
    }

    const close = trade && trade[2] ? trade : null
    if (req.method === 'POST' && close) {
      if (json().mchid !== this.keys.mchId) return bad('mchid')
      const order = this.orders.get(decodeURIComponent(close[1]))
      if (!order) return { status: 404, body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' } }
      if (order.state === 'SUCCESS' || order.state === 'REFUND') return bad('order paid', 'ORDERPAID')
      order.state = 'CLOSED'
      return { status: 204 }
    }

    if (req.method === 'POST' && url.pathname === paths.refunds) {
      const r = json()
      if (this.global && r.mchid !== this.keys.mchId) return bad('mchid')
      if (this.global && r.appid !== this.keys.miniAppId && r.appid !== this.keys.jsapiAppId) return bad('appid not bound to mchid', 'APPID_MCHID_NOT_MATCH')
      const order = this.orders.get(r.out_trade_no)
      if (!order) return { status: 404, body: { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' } }
      if (typeof r.out_refund_no !== 'string' || !/^[A-Za-z0-9_\-|*@]{1,64}$/.test(r.out_refund_no)) return bad('out_refund_no')
      if (!Number.isSafeInteger(r.amount?.refund) || !Number.isSafeInteger(r.amount?.total) || r.amount.currency !== this.currency) return bad('amount')
      const known = this.refunds.get(r.out_refund_no)
      if (known) return { status: 200, body: this.refundBody(known, true) }
      if (this.refuseRefunds) return { status: this.refuseRefunds.status, body: { code: this.refuseRefunds.code, message: this.refuseRefunds.message } }
      if (order.state !== 'SUCCESS' && order.state !== 'REFUND') return bad('trade not paid', 'INVALID_REQUEST')
      if (r.amount.total !== order.amount.total) return bad('total is not the order total', 'PARAM_ERROR')
      const given = [...this.refunds.values()].filter((x) => x.out_trade_no === order.out_trade_no && x.status !== 'CLOSED').reduce((s, x) => s + x.amount.refund, 0)
      if (r.amount.refund <= 0 || given + r.amount.refund > order.amount.total) return bad('refund more than paid', 'INVALID_REQUEST')
      const refund: FakeRefund = {
        refund_id: `50${Date.now()}${++this.seq}`,
        out_refund_no: r.out_refund_no,
        out_trade_no: order.out_trade_no,
        reason: r.reason,
        notify_url: r.notify_url,
        amount: { refund: r.amount.refund, total: r.amount.total, currency: this.currency },
        status: this.refundStatus
      }
      this.refunds.set(refund.out_refund_no, refund)
      order.state = 'REFUND'
      return { status: 200, body: this.refundBody(refund, true) }
    }
    // Query one refund by out_refund_no (a domestic direct merchant sends no mchid, a global one does): its state now.
    const refundQuery = paths.refund.exec(url.pathname)
    if (req.method === 'GET' && refundQuery) {
      if (this.global && url.searchParams.get('mchid') !== this.keys.mchId) return bad('mchid')
      const refund = this.refunds.get(decodeURIComponent(refundQuery[1]))
      if (!refund) return { status: 404, body: { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' } }
      return { status: 200, body: this.refundBody(refund) }
    }
    const billAnswer = req.method === 'GET' ? this.billRoute(url, req.headers) : null
    if (billAnswer) return billAnswer
    return { status: 404, body: { code: 'NOT_FOUND', message: `${req.method} ${url.pathname}` } }
  }

  private h5Url(order: FakeOrder): string {
    return `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${order.prepayId}&package=${order.prepayId.length}`
  }

  private prepayAnswer(order: FakeOrder): Record<string, string> {
    if (order.tradeType === 'JSAPI') return { prepay_id: order.prepayId }
    return this.global ? { mweb_url: this.h5Url(order) } : { h5_url: this.h5Url(order) }
  }

  /** An amount of the merchant's currency with the payer's CNY side, as the global API writes it. */
  private globalAmount(fields: Record<string, number>): Record<string, unknown> {
    const rate = FAKE_RATE[this.currency] ?? 100_000_000
    const payer = Object.fromEntries(Object.entries(fields).map(([k, v]) => [`payer_${k}`, Math.round((v * rate) / 100_000_000)]))
    return { ...fields, currency: this.currency, ...payer, payer_currency: 'CNY', exchange_rate: { type: 'SETTLEMENT_RATE', rate } }
  }

  /** A refund as answered; `created`: the answer to POST (the global API's carries no status). */
  private refundBody(r: FakeRefund, created = false) {
    if (this.global) {
      return {
        id: r.refund_id,
        out_refund_no: r.out_refund_no,
        ...(created ? {} : { transaction_id: this.orders.get(r.out_trade_no)?.transactionId ?? '', out_trade_no: r.out_trade_no, status: r.status, channel: 'ORIGINAL' }),
        ...(!created && r.status === 'SUCCESS' ? { success_time: new Date().toISOString() } : {}),
        create_time: new Date().toISOString(),
        amount: this.globalAmount({ refund: r.amount.refund })
      }
    }
    return {
      refund_id: r.refund_id,
      out_refund_no: r.out_refund_no,
      transaction_id: this.orders.get(r.out_trade_no)?.transactionId ?? '',
      out_trade_no: r.out_trade_no,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(r.status === 'SUCCESS' ? { success_time: new Date().toISOString() } : {}),
      create_time: new Date().toISOString(),
      status: r.status,
      amount: { total: r.amount.total, refund: r.amount.refund, payer_total: r.amount.total, payer_refund: r.amount.refund, currency: 'CNY' }
    }
  }

  /** The transaction as query and notices describe it. */
  transaction(order: FakeOrder, overrides: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      appid: order.appid,
      mchid: order.mchid,
      out_trade_no: order.out_trade_no,
      ...(order.transactionId ? (this.global ? { id: order.transactionId } : { transaction_id: order.transactionId }) : {}),
      trade_type: order.tradeType,
      trade_state: order.state,
      trade_state_desc: order.state,
      ...(order.state === 'SUCCESS' || order.state === 'REFUND'
        ? {
            bank_type: 'OTHERS',
            success_time: new Date().toISOString(),
            payer: order.payer ?? { openid: '' },
            amount: this.global ? this.globalAmount({ total: order.paidTotal }) : { total: order.paidTotal, payer_total: order.paidTotal, currency: 'CNY', payer_currency: 'CNY' }
          }
        : {}),
      ...overrides
    }
  }

  // ---------- bills (npm run payments -- reconcile) ----------

  /** Rows a test adds to every bill of their day: a stray vendor payment, a refund we never made, a revoked trade. */
  readonly billExtras: FakeBillRow[] = []
  /** When the vendor booked an order's payment or a refund (by out_trade_no / out_refund_no); default: when the bill is asked for. */
  readonly billTimes = new Map<string, Date>()
  /**
   * 'tamper': the next file served differs from its hash_value (a statement: from its signed
   * Wechatpay-Statement-Sha1); 'refuse': tradebill / statements answer 400 NO_STATEMENT_EXIST;
   * 'forged-statement': the next statement is changed and its Wechatpay-Statement-Sha1 with it,
   * under the signature of the honest one.
   */
  billFault: 'tamper' | 'refuse' | 'forged-statement' | null = null
  /** How a statement asked for gzip is sent: Content-Encoding: gzip (default), or gzip bytes as the body (application/x-gzip, nothing for fetch to undo). */
  statementGzip: 'content-encoding' | 'body' = 'content-encoding'
  private readonly billFiles = new Map<string, Buffer>()

  /** The rows WeChat Pay books on a Beijing day: paid orders, refunds and the test's extras, in fen (cents); each with its Beijing wall-clock time. */
  private billRows(date: string): Array<FakeBillRow & { when: string }> {
    const beijing = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')
    const rows: FakeBillRow[] = []
    const now = new Date()
    for (const o of this.orders.values()) {
      if (o.state === 'SUCCESS' || o.state === 'REFUND') rows.push({ outTradeNo: o.out_trade_no, state: 'SUCCESS', totalFen: o.paidTotal, at: this.billTimes.get(o.out_trade_no) ?? now })
    }
    for (const r of this.refunds.values()) {
      rows.push({ outTradeNo: r.out_trade_no, state: 'REFUND', totalFen: r.amount.total, refundNo: r.out_refund_no, refundFen: r.amount.refund, refundStatus: r.status, at: this.billTimes.get(r.out_refund_no) ?? now })
    }
    rows.push(...this.billExtras)
    return rows.map((r) => ({ ...r, when: beijing(r.at ?? now) })).filter((r) => r.when.slice(0, 10) === date)
  }

  /** The day's ALL trade bill as WeChat Pay writes it: header, backtick-prefixed rows, summary header and row; yuan with two places. */
  billText(date: string): string {
    const day = this.billRows(date)
    const header = '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注'
    const lines = day.map((r) => {
      const order = this.orders.get(r.outTradeNo)
      const refund = r.state === 'REFUND'
      const f = [
        r.when, order?.appid ?? this.keys.jsapiAppId, this.keys.mchId, '0', '', order?.transactionId || `4200${r.outTradeNo.length}${Date.now()}`, r.outTradeNo, order?.payer?.openid ?? 'oStray', order?.tradeType ?? 'JSAPI', r.state,
        'OTHERS', 'CNY', refund ? '0.00' : yuanOf(r.totalFen), '0.00', refund ? `50${Date.now()}` : '0', refund ? r.refundNo ?? r.outTradeNo : '0', refund ? yuanOf(r.refundFen ?? 0) : '0.00', '0.00', refund ? 'ORIGINAL' : '', refund ? r.refundStatus ?? 'SUCCESS' : '',
        '点餐, 测试', '', '0.00000', '0.60%', yuanOf(r.totalFen), refund ? yuanOf(r.refundFen ?? 0) : '0.00', ''
      ]
      return f.map((x) => `\`${x}`).join(',')
    })
    const paid = day.filter((r) => r.state === 'SUCCESS').reduce((s, r) => s + r.totalFen, 0)
    const refunded = day.filter((r) => r.state === 'REFUND').reduce((s, r) => s + (r.refundFen ?? 0), 0)
    const summary = ['总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额', [String(day.length), yuanOf(paid), yuanOf(refunded), '0.00', '0.00000', yuanOf(paid), yuanOf(refunded)].map((x) => `\`${x}`).join(',')]
    return `${[header, ...lines, ...summary].join('\r\n')}\r\n`
  }

  /**
   * A cross-border merchant's statement of a Beijing day as published: the 38-column header, then
   * one backtick-prefixed row per payment or refund; amounts in dollars with two places, priced
   * (标价币种) and settled in the merchant's currency, the payer's side in CNY at the fake's rate.
   */
  statementText(date: string): string {
    const rate = FAKE_RATE[this.currency] ?? 100_000_000
    const cny = (cents: number) => yuanOf(Math.round((cents * rate) / 100_000_000))
    const lines = this.billRows(date).map((r) => {
      const order = this.orders.get(r.outTradeNo)
      const refund = r.state === 'REFUND'
      const refundCents = refund ? r.refundFen ?? 0 : 0
      const f = [
        r.when, order?.appid ?? this.keys.jsapiAppId, this.keys.mchId, '', '', order?.transactionId || `4200${r.outTradeNo.length}${Date.now()}`, r.outTradeNo, order?.payer?.openid ?? 'oStray', order?.tradeType ?? 'JSAPI', r.state,
        'OTHERS', '', '0.00', '', '0.00', refund ? `50${Date.now()}` : '', refund ? r.refundNo ?? r.outTradeNo : '', refund ? 'ORIGINAL' : '', refund ? r.refundStatus ?? 'SUCCESS' : '',
        '點餐, 測試', '', '0.00', '0.60%', this.currency, yuanOf(r.totalFen), 'CNY', cny(r.totalFen), this.currency, refund ? '0.00' : yuanOf(r.totalFen), String(rate), refund ? String(rate) : '',
        yuanOf(refundCents), refund ? 'CNY' : '', refund ? cny(refundCents) : '0.00', refund ? this.currency : '', yuanOf(refundCents), '0.00', '0.00'
      ]
      return f.map((x) => `\`${x}`).join(',')
    })
    return `${[GLOBAL_STATEMENT_HEADER, ...lines].join('\r\n')}\r\n`
  }

  private billRoute(url: URL, headers: http.IncomingHttpHeaders): FakeAnswer | null {
    if (this.global && url.pathname === '/v3/global/statements') return this.statement(url, headers)
    if (!this.global && url.pathname === '/v3/bill/tradebill') {
      const date = url.searchParams.get('bill_date') ?? ''
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || (url.searchParams.get('bill_type') ?? 'ALL') !== 'ALL') return { status: 400, body: { code: 'PARAM_ERROR', message: 'bill_date / bill_type' } }
      if (this.billFault === 'refuse') return { status: 400, body: { code: 'NO_STATEMENT_EXIST', message: '当日无账单' } }
      const file = Buffer.from(this.billText(date), 'utf8')
      const token = randomBytes(12).toString('hex')
      this.billFiles.set(token, file)
      return { status: 200, body: { hash_type: 'SHA1', hash_value: createHash('sha1').update(file).digest('hex'), download_url: `${this.url}/v3/billdownload/file?token=${token}` } }
    }
    if (!this.global && url.pathname === '/v3/billdownload/file') {
      const file = this.billFiles.get(url.searchParams.get('token') ?? '')
      if (!file) return { status: 404, body: { code: 'RESOURCE_NOT_EXISTS', message: '账单文件不存在' } }
      if (this.billFault === 'tamper') {
        this.billFault = null
        // One amount changed after the hash was taken: what a man in the middle would do.
        const text = file.toString('utf8')
        const spoiled = text.replace(/`(\d+)\.(\d\d),`0\.00,`0,`0,/, '`9$1.$2,`0.00,`0,`0,')
        return { status: 200, raw: Buffer.from(spoiled !== text ? spoiled : `${text} `, 'utf8') }
      }
      return { status: 200, raw: file }
    }
    return null
  }

  /** GET /v3/global/statements: the file itself, its SHA1 in a header, the answer signed over {"sha1":"…"}. */
  private statement(url: URL, headers: http.IncomingHttpHeaders): FakeAnswer {
    const date = url.searchParams.get('date') ?? ''
    if (!/^\d{8}$/.test(date)) return { status: 400, body: { code: 'PARAM_ERROR', message: 'date 格式错误' } }
    if (url.searchParams.get('mchid') !== this.keys.mchId) return { status: 400, body: { code: 'PARAM_ERROR', message: 'mchid' } }
    const iso = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}`
    // Only the last 180 days can be had (the published limit); the fake answers the documented NO_STATEMENT_EXIST past it.
    if (this.billFault === 'refuse' || Date.parse(`${iso}T00:00:00+08:00`) < Date.now() - 180 * 86_400_000) return { status: 400, body: { code: 'NO_STATEMENT_EXIST', message: '账单不存在' } }
    let file = Buffer.from(this.statementText(iso), 'utf8')
    let sha1 = createHash('sha1').update(file).digest('hex')
    const signed = this.sign(`{"sha1":"${sha1}"}`)
    if (this.billFault === 'tamper' || this.billFault === 'forged-statement') {
      // One amount changed after the hash was signed (and, forged, the hash header with it): what a man in the middle would do.
      const text = file.toString('utf8')
      const spoiled = text.replace(new RegExp(`\`${this.currency},\`(\\d+)\\.(\\d\\d),`), `\`${this.currency},\`9$1.$2,`)
      file = Buffer.from(spoiled !== text ? spoiled : `${text} `, 'utf8')
      if (this.billFault === 'forged-statement') sha1 = createHash('sha1').update(file).digest('hex')
      this.billFault = null
    }
    const answer: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8', 'Wechatpay-Statement-Sha1': sha1, ...signed }
    if (!/\bgzip\b/.test(String(headers['accept-encoding'] ?? ''))) return { status: 200, raw: file, headers: answer }
    const gz = gzipSync(file)
    return this.statementGzip === 'body'
      ? { status: 200, raw: gz, headers: { ...answer, 'Content-Type': 'application/x-gzip' } }
      : { status: 200, raw: gz, headers: { ...answer, 'Content-Encoding': 'gzip' } }
  }

  // ---------- the payer and WeChat Pay's side ----------

  /** The payer pays in WeChat's cashier: the trade succeeds (for `paidTotal` fen, default the order's total). */
  pay(outTradeNo: string, paidTotal?: number): FakeOrder {
    const order = this.orders.get(outTradeNo)
    if (!order) throw new Error(`fake WeChat Pay has no order ${outTradeNo}`)
    order.state = 'SUCCESS'
    order.transactionId ||= `42000${Date.now()}${++this.seq}`
    if (paidTotal !== undefined) order.paidTotal = paidTotal
    return order
  }

  /** The resource encrypted as WeChat Pay does: AEAD_AES_256_GCM, the tag after the ciphertext. */
  encrypt(plain: string, associatedData: string, nonce = randomBytes(6).toString('hex')): { algorithm: string; ciphertext: string; associated_data: string; nonce: string } {
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(this.keys.apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'))
    cipher.setAAD(Buffer.from(associatedData, 'utf8'))
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64')
    return { algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: associatedData, nonce }
  }

  /** A signed notice around a resource; `tamper` spoils it after signing. */
  notice(
    event: string,
    originalType: 'transaction' | 'refund',
    resource: Record<string, unknown>,
    url: string,
    options: SignOptions & { id?: string; tamper?: 'body' | 'ciphertext'; apiV3Key?: string } = {}
  ): SignedNotice {
    const encrypted = options.apiV3Key
      ? new FakeWechatPay({ ...this.keys, apiV3Key: options.apiV3Key }).encrypt(JSON.stringify(resource), originalType)
      : this.encrypt(JSON.stringify(resource), originalType)
    if (options.tamper === 'ciphertext') {
      const bytes = Buffer.from(encrypted.ciphertext, 'base64')
      bytes[0] ^= 0x01
      encrypted.ciphertext = bytes.toString('base64')
    }
    const envelope = {
      id: options.id ?? `EV-${Date.now()}${++this.seq}`,
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: event,
      summary: event.startsWith('REFUND') ? '退款状态变更' : '支付成功',
      resource: { original_type: originalType, ...encrypted }
    }
    const body = JSON.stringify(envelope)
    const headers = { 'Content-Type': 'application/json', ...this.sign(body, options) }
    return { body: options.tamper === 'body' ? body.replace('"create_time":"', '"create_time":"1') : body, headers, url }
  }

  /** TRANSACTION.SUCCESS for a paid order (pay() it first), to its notify_url. */
  paidNotice(outTradeNo: string, options: Parameters<FakeWechatPay['notice']>[4] & { overrides?: Record<string, unknown> } = {}): SignedNotice {
    const order = this.orders.get(outTradeNo)
    if (!order) throw new Error(`fake WeChat Pay has no order ${outTradeNo}`)
    return this.notice('TRANSACTION.SUCCESS', 'transaction', this.transaction(order, options.overrides), order.notify_url, options)
  }

  /** WeChat Pay's side moves a refund on (PROCESSING → SUCCESS, ABNORMAL or CLOSED) without a notice: only a query sees it. */
  setRefundStatus(outRefundNo: string, status: FakeRefund['status']): FakeRefund {
    const refund = this.refunds.get(outRefundNo)
    if (!refund) throw new Error(`fake WeChat Pay has no refund ${outRefundNo}`)
    refund.status = status
    return refund
  }

  /** REFUND.<status> for a refund, to its notify_url. */
  refundNotice(outRefundNo: string, status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED', options: Parameters<FakeWechatPay['notice']>[4] = {}): SignedNotice {
    const refund = this.refunds.get(outRefundNo)
    if (!refund || !refund.notify_url) throw new Error(`fake WeChat Pay has no refund ${outRefundNo} with a notify_url`)
    refund.status = status
    const order = this.orders.get(refund.out_trade_no)
    const resource = {
      mchid: this.keys.mchId,
      out_trade_no: refund.out_trade_no,
      transaction_id: order?.transactionId ?? '',
      out_refund_no: refund.out_refund_no,
      refund_id: refund.refund_id,
      refund_status: status,
      ...(status === 'SUCCESS' ? { success_time: new Date().toISOString() } : {}),
      user_received_account: '支付用户零钱',
      amount: this.global
        ? this.globalAmount({ total: refund.amount.total, refund: refund.amount.refund })
        : { total: refund.amount.total, refund: refund.amount.refund, payer_total: refund.amount.total, payer_refund: refund.amount.refund }
    }
    return this.notice(`REFUND.${status}`, 'refund', resource, refund.notify_url, options)
  }

  /** Posts a notice to its URL as WeChat Pay does; the status and the JSON answer. */
  async deliver(notice: SignedNotice): Promise<{ status: number; body: { ok?: boolean; outcome?: string; reason?: string } }> {
    const res = await fetch(notice.url, { method: 'POST', headers: notice.headers, body: notice.body })
    const text = await res.text()
    let body: { ok?: boolean; outcome?: string; reason?: string } = {}
    try {
      body = JSON.parse(text)
    } catch {
      // an empty answer
    }
    return { status: res.status, body }
  }
}

/** The WeChat Pay public key's PEM as a KeyObject (a test's own check of a paySign). */
export const publicKeyOf = (pem: string): KeyObject => createPublicKey(pem)
