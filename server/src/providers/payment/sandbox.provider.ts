/**
 * The sandbox provider: a hosted payment page on our own server (server/src/http/sandbox-pay.route.ts)
 * where a tester approves or declines a payment. It is honest about being a sandbox: no money moves,
 * the page says so, and payer ids are made up from the code. Notices are signed exactly as a real
 * provider's would be: HMAC-SHA256 of the raw JSON body with a shared secret, hex in
 * `X-Sandbox-Signature`, and they go through the same notify handler as any provider's. The page
 * URL carries a per-payment key (HMAC of the id), so only the payer it was handed to can decide.
 * The secret is the deployment's (payment/registry.ts): every process and CLI agree on it.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type {
  CreatePaymentInput,
  CreatedPayment,
  NoticeHeaders,
  NoticeResult,
  NoticeVerification,
  PayChannel,
  PaymentInvocation,
  PaymentLookup,
  PaymentProvider,
  ProviderStatus,
  RefundInput,
  RefundLookup,
  RefundQueryResult,
  RefundResult
} from './payment-provider'

export const SANDBOX = 'sandbox'
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature'

/** The notice body the sandbox sends (JSON). */
export interface SandboxNotice {
  noticeId: string
  payId: string
  providerRef: string
  result: NoticeResult
  amount: string
  /** ISO instant the payer decided. */
  at: string
}

export interface SignedNotice {
  body: string
  headers: Record<string, string>
}

/** The sandbox's marks on host-cashier parameters: no real app id, a signature only it can check. */
export const SANDBOX_APP_ID = 'sandbox'
export const SANDBOX_SIGN_TYPE = 'HMAC-SHA256'

/** The query parameter of the page's per-payment key. */
export const SANDBOX_PAGE_KEY = 'k'

/** A refund the sandbox was asked for (no money moves; kept for the log and the tests). */
export interface SandboxRefund extends RefundInput {
  refundRef: string
  at: string
}

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = SANDBOX
  /** Refunds asked of this process's sandbox, oldest first (a test hook; a real provider keeps its own records). */
  readonly refunds: SandboxRefund[] = []
  /**
   * How queryRefund answers for a refund number (a test or demo hook, like the page's approve /
   * decline buttons): absent, a refund the sandbox accepted is SUCCESS, as no money moves.
   */
  readonly refundStatus = new Map<string, 'PROCESSING' | 'SUCCESS' | 'CLOSED' | 'ABNORMAL'>()

  constructor(private readonly secret: string) {
    if (!secret) throw new Error('the sandbox payment provider needs a secret')
  }

  async createPayment(input: CreatePaymentInput, channel: PayChannel = 'hosted'): Promise<CreatedPayment> {
    // The page lives on the server that takes the notices, so the notify URL gives its origin.
    const payUrl = new URL(this.pagePath(input.payId), input.notifyUrl).toString()
    return { payUrl, providerRef: this.providerRefOf(input.payId), invocation: this.invocation(input, channel, payUrl) }
  }

  /**
   * Every channel's parameters, marked as the sandbox's (appId 'sandbox', ids starting 'sbx'/'SBX')
   * and stable per payId: a retried PaySubmit hands out the same ones. The prepay id and trade
   * number carry a MAC of the payId and the chat-app's paySign is an HMAC over its fields, so the
   * sandbox cashier (cashierPayId) recognises exactly what it issued.
   */
  private invocation(input: CreatePaymentInput, channel: PayChannel, payUrl: string): PaymentInvocation {
    switch (channel) {
      case 'hosted':
        return { channel, payUrl }
      case 'wechat-mini':
      case 'wechat-jsapi': {
        const created = Date.parse(input.createdAt)
        const fields = {
          appId: SANDBOX_APP_ID,
          timeStamp: String(Math.floor((Number.isFinite(created) ? created : 0) / 1000)),
          nonceStr: this.hmac(`nonce:${input.payId}`).slice(0, 32),
          package: `prepay_id=sbx_${input.payId}_${this.mac('prepay', input.payId)}`,
          signType: SANDBOX_SIGN_TYPE
        }
        return { channel, ...fields, paySign: this.paySign(fields) }
      }
      case 'alipay-mini':
      case 'alipay-jsapi':
        return { channel, tradeNO: `SBX_${input.payId}_${this.mac('trade', input.payId)}` }
    }
  }

  /**
   * The payId of cashier parameters this sandbox issued (docs/hosts.md "The sandbox cashier"), or
   * null for anything it did not: an altered field, a foreign MAC, another deployment's secret.
   */
  cashierPayId(params: Record<string, unknown>): string | null {
    const str = (v: unknown): string | null => (typeof v === 'string' && v.length <= 256 ? v : null)
    const tradeNO = str(params.tradeNO)
    if (tradeNO !== null) {
      const m = /^SBX_([A-Za-z0-9-]{1,64})_([0-9a-f]{24})$/.exec(tradeNO)
      return m && this.sameHex(this.mac('trade', m[1]), m[2]) ? m[1] : null
    }
    const pkg = str(params.package)
    const m = pkg === null ? null : /^prepay_id=sbx_([A-Za-z0-9-]{1,64})_([0-9a-f]{24})$/.exec(pkg)
    if (!m || !this.sameHex(this.mac('prepay', m[1]), m[2])) return null
    const appId = params.appId === undefined ? SANDBOX_APP_ID : str(params.appId)
    const fields = { appId: appId ?? '', timeStamp: str(params.timeStamp) ?? '', nonceStr: str(params.nonceStr) ?? '', package: pkg as string, signType: str(params.signType) ?? '' }
    if (fields.appId !== SANDBOX_APP_ID || fields.signType !== SANDBOX_SIGN_TYPE || fields.nonceStr !== this.hmac(`nonce:${m[1]}`).slice(0, 32)) return null
    const paySign = str(params.paySign)?.toLowerCase() ?? ''
    return /^[0-9a-f]{64}$/.test(paySign) && this.sameHex(this.paySign(fields), paySign) ? m[1] : null
  }

  /** HMAC-SHA256 of the fields in WeChat Pay's v2 order (sorted key=value&…), upper-case hex as it sends. */
  private paySign(fields: { appId: string; timeStamp: string; nonceStr: string; package: string; signType: string }): string {
    return this.hmac(`appId=${fields.appId}&nonceStr=${fields.nonceStr}&package=${fields.package}&signType=${fields.signType}&timeStamp=${fields.timeStamp}`).toUpperCase()
  }

  private mac(purpose: string, payId: string): string {
    return this.hmac(`${purpose}:${payId}`).slice(0, 24)
  }

  private sameHex(expected: string, given: string): boolean {
    const a = Buffer.from(expected.toLowerCase(), 'hex')
    const b = Buffer.from(given.toLowerCase(), 'hex')
    return a.length === b.length && a.length > 0 && timingSafeEqual(a, b)
  }

  /**
   * The hosted page of a payment as handed to its payer (relative to the server's origin), with
   * `suffix` ('/approve') after the id. The key in it is what lets the page act: a PayID or
   * RechargeID alone (they show in answers and logs) approves nothing.
   */
  pagePath(payId: string, suffix = ''): string {
    return `/sandbox-pay/${encodeURIComponent(payId)}${suffix}?${SANDBOX_PAGE_KEY}=${this.pageKey(payId)}`
  }

  /** Whether `key` is the page key of this payment (constant time). */
  isPageKey(payId: string, key: unknown): boolean {
    if (typeof key !== 'string' || !/^[0-9a-f]{32}$/.test(key)) return false
    return timingSafeEqual(Buffer.from(this.pageKey(payId), 'hex'), Buffer.from(key, 'hex'))
  }

  /** 128 bits of HMAC: stable per payId (the page can be reopened), not guessable without the secret. */
  private pageKey(payId: string): string {
    return this.hmac(`page:${payId}`).slice(0, 32)
  }

  /** Stable per payId (createPayment is idempotent), not guessable without the secret. */
  providerRefOf(payId: string): string {
    return `SBX-${this.hmac(`ref:${payId}`).slice(0, 20).toUpperCase()}`
  }

  /** What the hosted page sends when the payer decides: the JSON body and its signature header. */
  signNotice(notice: Omit<SandboxNotice, 'noticeId'> & { noticeId?: string }): SignedNotice {
    const full: SandboxNotice = {
      noticeId: notice.noticeId ?? `SBN-${randomBytes(12).toString('hex')}`,
      payId: notice.payId,
      providerRef: notice.providerRef,
      result: notice.result,
      amount: notice.amount,
      at: notice.at
    }
    const body = JSON.stringify(full)
    return { body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: this.hmac(body) } }
  }

  verifyNotice(rawBody: string, headers: NoticeHeaders): NoticeVerification {
    const header = headers[SANDBOX_SIGNATURE_HEADER]
    const signature = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? ''
    if (!/^[0-9a-f]{64}$/.test(signature)) return { ok: false, reason: 'missing or malformed signature' }
    const expected = Buffer.from(this.hmac(rawBody), 'hex')
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { ok: false, reason: 'signature mismatch' }
    let parsed: unknown
    try {
      parsed = JSON.parse(rawBody)
    } catch {
      return { ok: false, reason: 'body is not JSON' }
    }
    const n = parsed as Partial<SandboxNotice>
    const text = (v: unknown, max = 128): v is string => typeof v === 'string' && v.length > 0 && v.length <= max
    if (!text(n.noticeId) || !text(n.payId, 64) || !text(n.providerRef) || !text(n.amount, 40) || !/^\d+(\.\d+)?$/.test(n.amount)) {
      return { ok: false, reason: 'notice fields missing or malformed' }
    }
    if (n.result !== 'paid' && n.result !== 'declined') return { ok: false, reason: 'unknown result' }
    return { ok: true, notice: { noticeId: n.noticeId, payId: n.payId, providerRef: n.providerRef, result: n.result, amount: n.amount } }
  }

  /** The sandbox keeps no state of its own: the stored state is the answer. */
  async queryStatus(payment: PaymentLookup): Promise<ProviderStatus> {
    return payment.stored === 'paid' ? { status: 'paid', amount: payment.amount } : { status: payment.stored }
  }

  /** A real provider exchanges the code for the payer's id; the sandbox derives one. */
  async payerId(code: string): Promise<string> {
    return `sandbox-${createHash('sha256').update(code).digest('hex').slice(0, 16)}`
  }

  /**
   * Always accepted; the reference is stable per refund number (refundNo, default the payId), so
   * asking again answers the same refund. A partial refund (an after-sale request) has its own number.
   */
  async refund(input: RefundInput): Promise<RefundResult> {
    const refundNo = input.refundNo ?? input.payId
    const refundRef = this.refundRefOf(input.payId, refundNo)
    if (!this.refunds.some((r) => (r.refundNo ?? r.payId) === refundNo && r.payId === input.payId)) this.refunds.push({ ...input, refundRef, at: new Date().toISOString() })
    return { refundRef }
  }

  /**
   * The sandbox keeps no refunds across processes, and it accepts every one: a refund number is
   * SUCCESS with the reference refund() gave it (or what refundStatus says), the same fact under
   * the same noticeId whichever process asks. The follow-up's confirmation runs in the demo too.
   */
  async queryRefund(refund: RefundLookup): Promise<RefundQueryResult> {
    const status = this.refundStatus.get(refund.refundNo) ?? 'SUCCESS'
    if (status === 'PROCESSING') return { status: 'processing' }
    const refundRef = this.refundRefOf(refund.payId, refund.refundNo)
    return {
      status: 'settled',
      notice: {
        kind: 'refund',
        noticeId: `refund:${refundRef}:${status}`,
        payId: refund.payId,
        refundNo: refund.refundNo,
        refundRef,
        result: status === 'SUCCESS' ? 'refunded' : 'refund_failed',
        ...(status === 'CLOSED' ? { failure: 'closed' as const } : status === 'ABNORMAL' ? { failure: 'abnormal' as const } : {}),
        amount: refund.amount
      }
    }
  }

  private refundRefOf(payId: string, refundNo: string): string {
    return `SBR-${this.hmac(refundNo === payId ? `refund:${payId}` : `refund:${payId}:${refundNo}`).slice(0, 20).toUpperCase()}`
  }

  private hmac(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('hex')
  }
}
