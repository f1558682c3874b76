/**
 * A vendor's daily bill (对账单) as the reconciliation reads it (npm run payments -- reconcile,
 * docs/payments-reconcile.md): every payment and refund the vendor booked on one day, whatever
 * the vendor's file looked like (WeChat Pay's CSV: wechatpay.bill.ts; Alipay's zip of GBK CSV:
 * alipay.bill.ts). Bill days are days in Beijing time (UTC+8), as both vendors cut them.
 */
import { Decimal } from '../../../../src/core/money'

export interface BillRow {
  kind: 'payment' | 'refund'
  /** The vendor's time of the row (ISO instant; the file says Beijing wall-clock time). */
  at: string
  /** Merchant order number: our payId, or a recharge's id. */
  outTradeNo: string
  /** The vendor's own number for the trade (WeChat Pay transaction id, Alipay trade_no). */
  vendorRef: string
  /**
   * 'paid' for a payment that went through; 'revoked' / another vendor word for a payment that
   * did not; for a refund 'refunded', 'processing', or the vendor's word for a failed one.
   */
  status: string
  /** Exact decimal text with two places, never negative: what was paid, or what the refund gives back. */
  amount: string
  /** Our refund number (out_refund_no / out_request_no) on a refund row. */
  refundNo?: string
}

export interface Bill {
  provider: string
  /** YYYY-MM-DD, a day in Beijing time. */
  date: string
  rows: BillRow[]
}

/** Hours Beijing time is ahead of UTC (no daylight saving). */
const BEIJING_OFFSET_MS = 8 * 3_600_000

/** 'YYYY-MM-DD' that is a real calendar day. */
export function isBillDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const t = Date.parse(`${text}T00:00:00Z`)
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === text
}

/** The Beijing day an instant falls on ('2026-11-28'). */
export function beijingDate(at: Date | string | number): string {
  return new Date(new Date(at).getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10)
}

/** The instants [start, end) of a Beijing day. */
export function beijingDay(date: string): { start: Date; end: Date } {
  const start = new Date(Date.parse(`${date}T00:00:00Z`) - BEIJING_OFFSET_MS)
  return { start, end: new Date(start.getTime() + 86_400_000) }
}

/** Beijing wall-clock text as the vendors write it ('2026-11-28 23:59:59') → ISO instant; null when it is not one. */
export function beijingTimeToIso(text: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(text.trim())
  if (!m) return null
  const t = Date.parse(`${m[1]}T${m[2]}Z`)
  return Number.isFinite(t) ? new Date(t - BEIJING_OFFSET_MS).toISOString() : null
}

/** A vendor's yuan text ('23.50', '-0.01', '100') → exact text with two places, sign dropped; null when it is not one. */
export function billAmount(text: string): string | null {
  const t = text.trim()
  if (!/^-?\d{1,13}(\.\d{1,2})?$/.test(t)) return null
  return new Decimal(t).abs().toFixed(2)
}

/** A bill the vendor's file does not let us read (a bad hash, a shape we do not know). */
export class BillFormatError extends Error {
  constructor(
    readonly provider: string,
    message: string
  ) {
    super(`${provider} bill: ${message}`)
    this.name = 'BillFormatError'
  }
}
