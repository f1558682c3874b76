/**
 * What a payment provider is to us. A real provider (a chat-app or payment-app wallet, a card
 * acquirer) implements this with its own credentials; the sandbox (sandbox.provider.ts) is the
 * one this repository ships. Providers never touch the database: the payment service
 * (server/src/domain/payments) keeps our state and calls them.
 */
import type { PayChannel } from '../../../../src/gateway/pay-invocation'
import type { Bill } from './bill'

export type { PayChannel }

/** What we ask the provider to charge. */
export interface CreatePaymentInput {
  /** Our payment id; the provider's merchant order number. */
  payId: string
  /** Exact decimal text at the enterprise's AmoPoint ('23.50'). */
  amount: string
  /** The enterprise's currency ('MOP$'). */
  currency: string
  /** Shown to the payer ('Lotus Tea House · order O…'). */
  description: string
  /** Where the provider sends the payer's browser afterwards (already checked by us). */
  returnUrl: string
  /** Absolute URL of our notify endpoint for this provider (POST /pay/notify/<provider>). */
  notifyUrl: string
  /** When the payment (or recharge) was made, ISO: a stable basis for a cashier's timestamp. */
  createdAt: string
  /**
   * When the order stops taking payment (ISO), if it does: a provider that can be told stops
   * the payer's cashier there (WeChat Pay's time_expire), so little money arrives for an ended order.
   */
  expiresAt?: string | null
  /**
   * The payer's open id at a host app, as the identity provider named vouched for it (the
   * signed-in member's host identities, member_identities), or null. A wallet's in-app cashier
   * (WeChat Pay JSAPI) charges one payer and asks for theirs; never an id a client merely claims.
   * Looked up only when asked (the sandbox and every status poll never ask).
   */
  payerOpenId?: (identityProvider: string) => Promise<string | null>
  /** The payer's IP address as we saw it (WeChat Pay H5 needs it); absent when the caller is not the payer. */
  payerIp?: string
}


/** What a host needs to open its cashier for this payment (docs/hosts.md "Payment per host"). */
export type PaymentInvocation =
  | { channel: 'hosted'; payUrl: string }
  /** Chat-app mini-program requestPayment / chat-app browser getBrandWCPayRequest (appId only there). */
  | { channel: 'wechat-mini' | 'wechat-jsapi'; appId: string; timeStamp: string; nonceStr: string; package: string; signType: string; paySign: string }
  /**
   * Payment-app mini-program / browser tradePay. AlipayHK through Antom (alipayhk.provider.ts)
   * gives its mini-program's my.tradePay a paymentUrl instead: tradeNO '' and paymentUrl, which is
   * also CreatedPayment.payUrl (PaySubmit's PayUrl).
   */
  | { channel: 'alipay-mini' | 'alipay-jsapi'; tradeNO: string; paymentUrl?: string }

/**
 * The hosted payment page and the invocation of the channel asked for. createPayment must be
 * idempotent per payId (real providers dedupe by merchant order number): we call it again to get
 * the page back for a retried PaySubmit or a PaymentStatusUpdate, since we store only providerRef.
 */
export interface CreatedPayment {
  /** The hosted page: every channel's fallback. */
  payUrl: string
  providerRef: string
  /** What the channel asked for opens; { channel: 'hosted', payUrl } when it was 'hosted'. */
  invocation: PaymentInvocation
}

export type NoticeResult = 'paid' | 'declined'

/** A provider notice whose signature checked out. */
export interface VerifiedNotice {
  /** A payment's outcome (the default); a refund's outcome is a VerifiedRefundNotice. */
  kind?: 'payment'
  /** Unique per notice at the provider: a replay carries the same id. */
  noticeId: string
  payId: string
  providerRef: string
  result: NoticeResult
  /** What the provider says was charged (exact decimal text). */
  amount: string
}

/**
 * A provider's word on a refund we asked for (WeChat Pay's refund notices): it reached the payer,
 * or it did not (the payer's account refused it, or the refund was closed) and the money is
 * still ours to give back.
 */
export interface VerifiedRefundNotice {
  kind: 'refund'
  /** Unique per refund and outcome at the provider: a replay carries the same id. */
  noticeId: string
  payId: string
  /** Our refund number (RefundInput.refundNo; the payId for a cancel's full refund). */
  refundNo: string
  /** The provider's refund reference. */
  refundRef: string
  result: 'refunded' | 'refund_failed'
  /**
   * Why a failed refund failed, when the provider says: 'closed' (it will never pay out; asking
   * again needs a new refund number), 'abnormal' (the money sits at the provider, which the shop
   * settles at its merchant platform: never asked again, or it could go out twice). Absent on a
   * failure: treated as 'abnormal', the safe reading.
   */
  failure?: 'closed' | 'abnormal'
  /** What the refund gives back (exact decimal text). */
  amount: string
}

export type NoticeVerification = { ok: true; notice: VerifiedNotice | VerifiedRefundNotice } | { ok: false; reason: string }

/** The provider's own view of a payment, for PaymentStatusUpdate (a notice may have been lost). */
export interface ProviderStatus {
  status: 'pending' | NoticeResult
  /** Charged amount when paid. */
  amount?: string
}

/** What we know of a payment when asking the provider about it. */
export interface PaymentLookup {
  payId: string
  providerRef: string
  amount: string
  /** Our stored state: 'pending' | 'paid' | 'declined' (refund due counts as paid). */
  stored: ProviderStatus['status']
}

export type NoticeHeaders = Record<string, string | string[] | undefined>

/**
 * Giving a paid payment back: in full (the shop cancelled the paid order) or in part (an approved
 * after-sale request, issue 17; several such refunds may follow one payment, up to its amount).
 */
export interface RefundInput {
  payId: string
  providerRef: string
  /** What to give back (exact decimal text): the whole amount paid, or less for a partial refund. */
  amount: string
  /**
   * Our refund number, the provider's key for deduplicating: the payId for the full refund of a
   * cancel (the default), the after-sale request's id for a partial refund.
   */
  refundNo?: string
  /**
   * The payment's whole amount (exact decimal text): WeChat Pay's refund call names the original
   * total beside what goes back. Our payment service always gives it.
   */
  paymentAmount?: string
  currency: string
  /** Why, for the provider's records ('order cancelled by the shop'). */
  reason: string
}

/** The provider's reference of the refund. */
export interface RefundResult {
  refundRef: string
}

/** One refund we asked for, as the refund follow-up asks the provider about it. */
export interface RefundLookup {
  payId: string
  providerRef: string
  /** Our refund number (the out_refund_no / out_request_no it was asked under). */
  refundNo: string
  /** What it gives back (exact decimal text). */
  amount: string
}

/**
 * The provider's word on one refund: settled either way (the same fact its refund notice would
 * carry, with the same noticeId, so a late notice is a replay), still under way, or unknown to it
 * (never made: asking again under the same number is safe).
 */
export type RefundQueryResult =
  | { status: 'settled'; notice: VerifiedRefundNotice }
  | { status: 'processing' }
  | { status: 'not_found' }

export interface PaymentProvider {
  /** Registry key, stored on payments.provider and in the notify path ('sandbox'). */
  readonly name: string
  /** `channel` defaults to 'hosted'. A provider without a channel throws ChannelUnsupportedError. */
  createPayment(input: CreatePaymentInput, channel?: PayChannel): Promise<CreatedPayment>
  /**
   * Whether createPayment can open `channel` as configured (no call out): a shop with accounts at
   * several providers pays with the one that can. Optional: absent means every channel.
   */
  supports?(channel: PayChannel): boolean
  /** Checks a notice exactly as it arrived: the raw body and the request headers. */
  verifyNotice(rawBody: string, headers: NoticeHeaders): NoticeVerification
  queryStatus(payment: PaymentLookup): Promise<ProviderStatus>
  /** The payer's id at the provider from a host authorisation code (spec: QFOpenid). */
  payerId(code: string): Promise<string>
  /**
   * Sends a paid payment (or part of it) back to the payer. Idempotent per refund number
   * (refundNo, default the payId; a real provider dedupes by it): asked again, it answers the same refund. Throws when the
   * provider refuses; the caller's transaction (the cancel) then changes nothing.
   */
  refund(input: RefundInput): Promise<RefundResult>
  /**
   * Asks the provider about one refund by our refund number (the refund follow-up,
   * domain/payments/refund-follow-up.ts: a refund notice that never came, or a provider that sends
   * none). Optional: without it, an accepted refund is taken as given. Throws when the provider
   * cannot be asked or its answer not believed.
   */
  queryRefund?(refund: RefundLookup): Promise<RefundQueryResult>
  /**
   * Closes a payment nobody may pay any more (a newer attempt replaced it), so its cashier stops
   * taking money. Optional: a provider whose pages cannot be closed leaves it out. Closing a
   * payment the payer has just paid fails at the provider, and its notice still comes.
   */
  close?(payment: PaymentLookup): Promise<void>
  /**
   * The body the provider reads in our answer to its notice, when it reads one (Alipay stops
   * retrying only on the exact text 'success'); absent: our JSON, the status alone counts.
   */
  noticeAnswer?(httpStatus: number): { contentType: string; body: string }
  /**
   * The vendor's bill of one day (YYYY-MM-DD, Beijing time) for the reconciliation (npm run
   * payments -- reconcile). Optional: the sandbox has no bill. Throws the vendor's error.
   */
  downloadBill?(date: string): Promise<Bill>
}

/** A provider asked for a host cashier it has no integration for (the caller answers 10007). */
export class ChannelUnsupportedError extends Error {
  constructor(readonly provider: string, readonly channel: string) {
    super(`payment provider ${provider} cannot open channel ${channel}`)
  }
}

/**
 * A payment the provider cannot take as the shop is set up (a currency its API does not charge
 * in, an amount finer than its unit): the shop's account does not fit (the caller answers 20020).
 */
export class PaymentAccountMismatchError extends Error {
  constructor(readonly provider: string, message: string) {
    super(`payment provider ${provider}: ${message}`)
    this.name = 'PaymentAccountMismatchError'
  }
}

/**
 * The channel charges one payer and the server knows no open id of theirs for its app (no
 * signed-in member with that host identity): the caller must sign in through the host first (10010).
 */
export class PayerIdentityRequiredError extends Error {
  constructor(readonly provider: string, readonly channel: string) {
    super(`payment provider ${provider} needs the payer's host sign-in for channel ${channel}`)
    this.name = 'PayerIdentityRequiredError'
  }
}

/** The providers this process can use, by name. Built once by the composition root. */
export class PaymentProviders {
  private readonly byName = new Map<string, PaymentProvider>()

  constructor(providers: PaymentProvider[], readonly defaultName: string = providers[0]?.name ?? '') {
    for (const p of providers) this.byName.set(p.name, p)
  }

  get(name: string): PaymentProvider | undefined {
    return this.byName.get(name)
  }

  names(): string[] {
    return [...this.byName.keys()]
  }
}
