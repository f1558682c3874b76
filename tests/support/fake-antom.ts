/**
 * A loopback fake of Antom (Ant International's acquiring API, /ams/api/v1/payments/…) taking
 * AlipayHK through Alipay+ (a test double: it speaks the published protocol with keys the test
 * makes, and says nothing about Antom's own servers). Written from the protocol with node:crypto,
 * not from our provider's code, so it checks what we send:
 *
 *   - every request's Client-Id, Request-Time (within 300 s) and Signature
 *     ('algorithm=RSA256,keyVersion=1,signature=<url-encoded base64>', RSA-SHA256 over
 *     "POST <path>\n<Client-Id>.<Request-Time>.<body>") with the merchant's public key; a bad one
 *     answers result F INVALID_SIGNATURE (or KEY_NOT_FOUND / INVALID_CLIENT);
 *   - pay (CASHIER_PAYMENT, ALIPAY_HK, amounts in the minor unit; a paymentRequestId asked again
 *     with the same fields answers the same cashier, with other fields REPEAT_REQ_INCONSISTENT),
 *     inquiryPayment, cancel (which, as Antom's does, gives a paid payment's money back), refund
 *     (the same refundRequestId → the same refund) and inquiryRefund;
 *   - every answer signed the same way with "Antom's" key (headers client-id, response-time,
 *     signature); `answerFault` spoils them on purpose;
 *   - notifications (PAYMENT_RESULT, REFUND_RESULT) signed over our notify URL's path, with knobs
 *     for forged keys, other client ids, stale or future request times and tampered bodies.
 */
import { createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface AntomKeys {
  clientId: string
  merchantPrivateKeyPem: string
  merchantPublicKey: KeyObject
  /** Antom's key pair: it signs answers and notifications; the public half is our setting. */
  antomPrivateKey: KeyObject
  antomPublicKeyPem: string
  /** Antom's public key as the Dashboard shows it: bare base64 of the SPKI. */
  antomPublicKeyBase64: string
}

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 })

export function makeAntomKeys(): AntomKeys {
  const merchant = rsa()
  const antom = rsa()
  return {
    clientId: `SANDBOX_5Y${randomBytes(6).toString('hex').toUpperCase()}`,
    // PKCS#1, as Antom's key tool writes it.
    merchantPrivateKeyPem: merchant.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    merchantPublicKey: merchant.publicKey,
    antomPrivateKey: antom.privateKey,
    antomPublicKeyPem: antom.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    antomPublicKeyBase64: (antom.publicKey.export({ type: 'spki', format: 'der' }) as Buffer).toString('base64')
  }
}

export interface AntomAmount {
  currency: string
  value: string
}

export interface FakePayment {
  paymentRequestId: string
  paymentId: string
  /** The pay body as first asked (a repeat must match it). */
  fields: string
  body: Record<string, any>
  terminalType: string
  paymentAmount: AntomAmount
  notifyUrl: string
  normalUrl: string
  status: 'PROCESSING' | 'SUCCESS' | 'FAIL' | 'CANCELLED'
  /** What the payer paid in the minor unit (the payment's unless a test says otherwise). */
  paidValue: string
}

export interface FakeAntomRefund {
  refundRequestId: string
  refundId: string
  paymentId: string
  refundAmount: AntomAmount
  refundReason?: string
  refundNotifyUrl?: string
  status: 'SUCCESS' | 'PROCESSING' | 'FAIL'
}

export interface FakeAntomRequest {
  path: string
  body: string
  verified: boolean
  reason?: string
  headers: http.IncomingHttpHeaders
}

export type AntomAnswerFault = 'bad-signature' | 'stale' | 'other-client' | 'no-signature' | 'foreign-key'

export interface AntomSignOptions {
  /** Request-Time sent (default now, in milliseconds). */
  requestTime?: string
  clientId?: string
  /** Sign with this key instead of Antom's. */
  key?: KeyObject
  /** A literal Signature header. */
  signatureHeader?: string
  /** Spoil the body after signing. */
  tamper?: boolean
}

export interface SignedNotification {
  url: string
  headers: Record<string, string>
  body: string
}

const ok = (message = 'success') => ({ resultCode: 'SUCCESS', resultStatus: 'S', resultMessage: message })
const fail = (code: string, message = code) => ({ resultCode: code, resultStatus: 'F', resultMessage: message })

/** Antom's Datetime: ISO 8601 with an offset. */
const isoNow = () => `${new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`

export class FakeAntom {
  readonly payments = new Map<string, FakePayment>()
  readonly refunds = new Map<string, FakeAntomRefund>()
  readonly requests: FakeAntomRequest[] = []
  answerFault: AntomAnswerFault | null = null
  /** How a new refund is answered: S at once, U (REFUND_IN_PROCESS, then PROCESSING at inquiryRefund), or made but the answer lost. */
  refundMode: 'S' | 'U' | 'lost' = 'S'
  /** Answers refunds naming this refundAmount.value instead of theirs (an answer about another amount) while set. */
  refundAnswerValue: string | null = null
  /** Refuses new refunds with this result code (F) while set. */
  refuseRefunds: string | null = null
  url = ''
  private server: http.Server | null = null
  private seq = 0

  constructor(readonly keys: AntomKeys) {}

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        let answer: Record<string, unknown> | 'lost'
        try {
          answer = this.handle(req, body)
        } catch (e) {
          answer = { result: { resultCode: 'UNKNOWN_EXCEPTION', resultStatus: 'U', resultMessage: (e as Error).message } }
        }
        if (answer === 'lost') {
          req.socket.destroy()
          return
        }
        const text = JSON.stringify(answer)
        res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8', ...this.answerHeaders(req.url ?? '', text) }).end(text)
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

  /** The Signature header over "POST <path>\n<clientId>.<time>.<body>". */
  signature(path: string, clientId: string, time: string, body: string, key: KeyObject = this.keys.antomPrivateKey): string {
    const value = createSign('RSA-SHA256').update(`POST ${path}\n${clientId}.${time}.${body}`).sign(key, 'base64')
    return `algorithm=RSA256,keyVersion=1,signature=${encodeURIComponent(value)}`
  }

  private answerHeaders(path: string, text: string): Record<string, string> {
    const time = isoNow()
    const honest = { 'client-id': this.keys.clientId, 'response-time': time, signature: this.signature(path, this.keys.clientId, time, text) }
    switch (this.answerFault) {
      case null:
        return honest
      case 'bad-signature':
        return { ...honest, signature: this.signature(path, this.keys.clientId, time, `${text} `) }
      case 'stale': {
        const old = `${new Date(Date.now() - 301_000 + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`
        return { ...honest, 'response-time': old, signature: this.signature(path, this.keys.clientId, old, text) }
      }
      case 'other-client':
        return { ...honest, 'client-id': 'SANDBOX_OTHER', signature: this.signature(path, 'SANDBOX_OTHER', time, text) }
      case 'foreign-key':
        return { ...honest, signature: this.signature(path, this.keys.clientId, time, text, rsa().privateKey) }
      case 'no-signature':
        return { 'client-id': this.keys.clientId, 'response-time': time }
    }
  }

  /** Checks a request's headers and signature with the merchant's public key; the failing result when it does not. */
  private checkRequest(req: http.IncomingMessage, body: string): ReturnType<typeof fail> | null {
    const clientId = req.headers['client-id']
    const time = req.headers['request-time']
    const signature = req.headers.signature
    if (clientId !== this.keys.clientId) return fail('INVALID_CLIENT', 'client-id is not the merchant')
    if (typeof time !== 'string' || !/^\d{13}$/.test(time) || Math.abs(Number(time) - Date.now()) > 300_000) return fail('INVALID_SIGNATURE', 'request-time missing or outside 300 s')
    const m = /^algorithm=RSA256,keyVersion=(\d+),signature=([A-Za-z0-9%]+)$/.exec(typeof signature === 'string' ? signature : '')
    if (!m) return fail('INVALID_SIGNATURE', 'malformed signature header')
    if (m[1] !== '1') return fail('KEY_NOT_FOUND', `no key version ${m[1]}`)
    const good = createVerify('RSA-SHA256').update(`POST ${req.url}\n${clientId}.${time}.${body}`).verify(this.keys.merchantPublicKey, decodeURIComponent(m[2]), 'base64')
    return good ? null : fail('INVALID_SIGNATURE', 'signature does not verify')
  }

  // ---------- the API ----------

  private handle(req: http.IncomingMessage, body: string): Record<string, unknown> | 'lost' {
    const refused = this.checkRequest(req, body)
    this.requests.push({ path: req.url ?? '', body, verified: refused === null, ...(refused ? { reason: refused.resultMessage } : {}), headers: req.headers })
    if (refused) return { result: refused }
    const sandbox = this.keys.clientId.startsWith('SANDBOX_') ? '/ams/sandbox/api' : '/ams/api'
    if (req.method !== 'POST' || !req.url?.startsWith(`${sandbox}/v1/payments/`)) return { result: fail('NO_INTERFACE_DEF', `${req.method} ${req.url}`) }
    const endpoint = req.url.slice(`${sandbox}/v1/payments/`.length)
    const b: Record<string, any> = JSON.parse(body || '{}')
    const param = (m: string) => ({ result: fail('PARAM_ILLEGAL', m) })
    const amountOk = (a: any) => a && (a.currency === 'MOP' || a.currency === 'HKD') && typeof a.value === 'string' && /^[1-9]\d{0,15}$/.test(a.value)

    if (endpoint === 'pay') {
      if (b.productCode !== 'CASHIER_PAYMENT') return param('productCode')
      if (typeof b.paymentRequestId !== 'string' || !/^[A-Za-z0-9_]{1,64}$/.test(b.paymentRequestId)) return param('paymentRequestId')
      if (!amountOk(b.paymentAmount)) return param('paymentAmount')
      if (JSON.stringify(b.order?.orderAmount) !== JSON.stringify(b.paymentAmount) || typeof b.order?.orderDescription !== 'string' || [...b.order.orderDescription].length > 256) return param('order')
      if (b.paymentMethod?.paymentMethodType !== 'ALIPAY_HK') return param('paymentMethod.paymentMethodType')
      if (b.env?.terminalType !== 'WAP' && b.env?.terminalType !== 'MINI_APP') return param('env.terminalType')
      if (typeof b.paymentNotifyUrl !== 'string' || !/^https?:\/\//.test(b.paymentNotifyUrl)) return param('paymentNotifyUrl')
      if (typeof b.paymentRedirectUrl !== 'string' || !/^https?:\/\//.test(b.paymentRedirectUrl)) return param('paymentRedirectUrl')
      if (b.paymentExpiryTime !== undefined && !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/.test(b.paymentExpiryTime)) return param('paymentExpiryTime')
      const fields = body
      const known = this.payments.get(b.paymentRequestId)
      if (known) {
        if (known.fields !== fields) return { result: fail('REPEAT_REQ_INCONSISTENT', 'the same paymentRequestId with other fields') }
        return this.payAnswer(known)
      }
      const paymentId = `2026${Date.now()}${String(++this.seq).padStart(6, '0')}`
      const host = b.env.terminalType === 'MINI_APP' ? 'https://render.alipay.hk/p/s/hk-mini-cashier' : 'https://render.alipay.hk/p/s/hk-wap-cashier'
      const payment: FakePayment = {
        paymentRequestId: b.paymentRequestId,
        paymentId,
        fields,
        body: b,
        terminalType: b.env.terminalType,
        paymentAmount: b.paymentAmount,
        notifyUrl: b.paymentNotifyUrl,
        normalUrl: `${host}?paymentId=${paymentId}&codeValue=${encodeURIComponent(`https://global.alipay.com/281${paymentId}`)}`,
        status: 'PROCESSING',
        paidValue: b.paymentAmount.value
      }
      this.payments.set(payment.paymentRequestId, payment)
      return this.payAnswer(payment)
    }

    if (endpoint === 'inquiryPayment') {
      const p = this.payments.get(b.paymentRequestId)
      if (!p) return { result: fail('ORDER_NOT_EXIST', 'order does not exist') }
      return {
        result: ok(),
        paymentStatus: p.status,
        paymentRequestId: p.paymentRequestId,
        paymentId: p.paymentId,
        paymentAmount: p.paymentAmount,
        ...(p.status === 'SUCCESS' ? { paymentTime: isoNow(), actualPaymentAmount: { ...p.paymentAmount, value: p.paidValue } } : {}),
        ...(p.status === 'SUCCESS' && p.paidValue !== p.paymentAmount.value ? { paymentAmount: { ...p.paymentAmount, value: p.paidValue } } : {})
      }
    }

    if (endpoint === 'cancel') {
      const p = this.payments.get(b.paymentRequestId)
      if (!p) return { result: fail('ORDER_NOT_EXIST', 'order does not exist') }
      if (p.status === 'FAIL') return { result: fail('ORDER_IS_CLOSED') }
      // As Antom's cancel does: a paid payment's money goes back to the payer.
      if (p.status === 'SUCCESS') this.refunds.set(`cancel-${p.paymentId}`, { refundRequestId: `cancel-${p.paymentId}`, refundId: `C${p.paymentId}`, paymentId: p.paymentId, refundAmount: { ...p.paymentAmount, value: p.paidValue }, status: 'SUCCESS' })
      p.status = 'CANCELLED'
      return { result: ok(), paymentId: p.paymentId, paymentRequestId: p.paymentRequestId, cancelTime: isoNow() }
    }

    if (endpoint === 'refund') {
      if (typeof b.refundRequestId !== 'string' || !/^[A-Za-z0-9_]{1,64}$/.test(b.refundRequestId)) return param('refundRequestId')
      if (!amountOk(b.refundAmount)) return param('refundAmount')
      const p = [...this.payments.values()].find((x) => x.paymentId === b.paymentId)
      if (!p) return { result: fail('ORDER_NOT_EXIST', 'no payment with this paymentId') }
      const known = this.refunds.get(b.refundRequestId)
      if (known) {
        if (known.paymentId !== b.paymentId || JSON.stringify(known.refundAmount) !== JSON.stringify(b.refundAmount)) return { result: fail('REPEAT_REQ_INCONSISTENT') }
        return this.refundAnswer(known)
      }
      if (this.refuseRefunds) return { result: fail(this.refuseRefunds) }
      if (p.status !== 'SUCCESS') return { result: fail('ORDER_STATUS_INVALID', 'payment not paid') }
      if (b.refundAmount.currency !== p.paymentAmount.currency) return { result: fail('CURRENCY_NOT_SUPPORT') }
      const given = [...this.refunds.values()].filter((r) => r.paymentId === p.paymentId && r.status !== 'FAIL').reduce((s, r) => s + Number(r.refundAmount.value), 0)
      if (given + Number(b.refundAmount.value) > Number(p.paidValue)) return { result: fail('REFUND_AMOUNT_EXCEED') }
      const refund: FakeAntomRefund = {
        refundRequestId: b.refundRequestId,
        refundId: `2026R${Date.now()}${String(++this.seq).padStart(6, '0')}`,
        paymentId: p.paymentId,
        refundAmount: b.refundAmount,
        refundReason: b.refundReason,
        refundNotifyUrl: b.refundNotifyUrl,
        status: this.refundMode === 'U' ? 'PROCESSING' : 'SUCCESS'
      }
      this.refunds.set(refund.refundRequestId, refund)
      if (this.refundMode === 'lost') return 'lost'
      return this.refundAnswer(refund)
    }

    if (endpoint === 'inquiryRefund') {
      const r = this.refunds.get(b.refundRequestId)
      if (!r) return { result: fail('REFUND_NOT_EXIST', 'refund does not exist') }
      return { result: ok(), refundRequestId: r.refundRequestId, refundId: r.refundId, refundAmount: r.refundAmount, refundStatus: r.status, ...(r.status === 'SUCCESS' ? { refundTime: isoNow() } : {}) }
    }
    return { result: fail('NO_INTERFACE_DEF', endpoint) }
  }

  private payAnswer(p: FakePayment): Record<string, unknown> {
    if (p.status === 'SUCCESS') return { result: ok(), paymentRequestId: p.paymentRequestId, paymentId: p.paymentId, paymentAmount: p.paymentAmount, paymentTime: isoNow() }
    if (p.status === 'FAIL' || p.status === 'CANCELLED') return { result: fail('ORDER_IS_CLOSED', 'order closed') }
    return {
      result: { resultCode: 'PAYMENT_IN_PROCESS', resultStatus: 'U', resultMessage: 'payment in process' },
      paymentRequestId: p.paymentRequestId,
      paymentId: p.paymentId,
      paymentAmount: p.paymentAmount,
      paymentCreateTime: isoNow(),
      normalUrl: p.normalUrl,
      ...(p.terminalType === 'WAP' ? { applinkUrl: `https://alipayhk.page.link/?link=${encodeURIComponent(p.normalUrl)}` } : {})
    }
  }

  private refundAnswer(r: FakeAntomRefund): Record<string, unknown> {
    if (r.status === 'PROCESSING') return { result: { resultCode: 'REFUND_IN_PROCESS', resultStatus: 'U', resultMessage: 'refund in process' } }
    if (r.status === 'FAIL') return { result: fail('REFUND_FAIL') }
    const refundAmount = this.refundAnswerValue === null ? r.refundAmount : { ...r.refundAmount, value: this.refundAnswerValue }
    return { result: ok(), refundRequestId: r.refundRequestId, refundId: r.refundId, paymentId: r.paymentId, refundAmount, refundTime: isoNow() }
  }

  // ---------- the payer, and Antom's side ----------

  /** The payer pays at AlipayHK's cashier (for `paidValue` minor units, default the payment's). */
  pay(paymentRequestId: string, paidValue?: string): FakePayment {
    const p = this.payments.get(paymentRequestId)
    if (!p) throw new Error(`fake Antom has no payment ${paymentRequestId}`)
    p.status = 'SUCCESS'
    if (paidValue !== undefined) p.paidValue = paidValue
    return p
  }

  /** A signed notification to `url`; the signed path is the URL's. */
  notification(url: string, payload: Record<string, unknown>, options: AntomSignOptions = {}): SignedNotification {
    const body = JSON.stringify(payload)
    const clientId = options.clientId ?? this.keys.clientId
    const requestTime = options.requestTime ?? String(Date.now())
    const signature = options.signatureHeader ?? this.signature(new URL(url).pathname, clientId, requestTime, body, options.key)
    return {
      url,
      headers: { 'Content-Type': 'application/json; charset=UTF-8', 'client-id': clientId, 'request-time': requestTime, signature },
      body: options.tamper ? body.replace(/"value":"(\d+)"/, (_m, v: string) => `"value":"${Number(v) + 1}"`) : body
    }
  }

  /** PAYMENT_RESULT for a payment: S (paid: pay() it first) or F, to its paymentNotifyUrl. */
  paymentNotice(paymentRequestId: string, status: 'S' | 'F' = 'S', options: AntomSignOptions & { overrides?: Record<string, unknown> } = {}): SignedNotification {
    const p = this.payments.get(paymentRequestId)
    if (!p) throw new Error(`fake Antom has no payment ${paymentRequestId}`)
    const payload = {
      notifyType: 'PAYMENT_RESULT',
      result: status === 'S' ? ok() : fail('USER_BALANCE_NOT_ENOUGH', 'user balance not enough'),
      paymentRequestId: p.paymentRequestId,
      paymentId: p.paymentId,
      paymentAmount: { ...p.paymentAmount, value: p.paidValue },
      paymentCreateTime: isoNow(),
      ...(status === 'S' ? { paymentTime: isoNow() } : {}),
      ...options.overrides
    }
    return this.notification(p.notifyUrl, payload, options)
  }

  /** REFUND_RESULT for a refund, to its refundNotifyUrl. */
  refundNotice(refundRequestId: string, status: 'SUCCESS' | 'FAIL', options: AntomSignOptions = {}): SignedNotification {
    const r = this.refunds.get(refundRequestId)
    if (!r || !r.refundNotifyUrl) throw new Error(`fake Antom has no refund ${refundRequestId} with a refundNotifyUrl`)
    r.status = status
    const payload = {
      notifyType: 'REFUND_RESULT',
      result: status === 'SUCCESS' ? ok() : fail('REFUND_FAIL'),
      refundStatus: status,
      refundRequestId: r.refundRequestId,
      refundId: r.refundId,
      refundAmount: r.refundAmount,
      ...(status === 'SUCCESS' ? { refundTime: isoNow() } : {})
    }
    return this.notification(r.refundNotifyUrl, payload, options)
  }

  /** Posts a notification as Antom does; the HTTP status and the parsed answer. */
  async deliver(n: SignedNotification): Promise<{ status: number; body: any }> {
    const res = await fetch(n.url, { method: 'POST', headers: n.headers, body: n.body })
    const text = await res.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // not JSON
    }
    return { status: res.status, body }
  }
}
