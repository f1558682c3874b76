/**
 * A receipt of an order (issue 17 item 5), pure: the rows a diner screenshots or prints, from the
 * order, its lines and its payments. Amounts stay exact decimal text; the page formats them.
 */
import { isGoodsLine, type OrderLineRow, type OrderRow, type PaymentRow } from '../gateway/order-rows'
import { toDecimal } from './money'

/** PAYMENT_STATUS: paid 1, refund due 3, refunded 4. */
const PAID = 1
const REFUND_DUE = 3
const REFUNDED = 4
/** The refunds entry of an after-sale request (not a payment provider). */
export const AFTER_SALE = 'aftersale'

export interface ReceiptModel {
  goods: OrderLineRow[]
  /** Bags and their fee (null: none). */
  bags: { qua: number; fee: string } | null
  /** The delivery fee (null: none). */
  freight: string | null
  coupon: { name: string; off: string } | null
  total: string
  /** How it was paid: each settled payment's provider and amount (refunded ones too: they were paid). */
  paidBy: { provider: string; amount: string; date: string }[]
  /** Payments given back whole (the shop cancelled the paid order, or money came after it ended), then after-sale refunds (provider AFTER_SALE). */
  refunds: { provider: string; amount: string; date: string }[]
  refundTotal: string | null
}

/**
 * `afterSale`: refunded after-sale requests of the order (money given back for some lines or an
 * amount); listed with the payments given back whole, and counted in the refund total.
 */
export function receiptModel(order: OrderRow, lines: readonly OrderLineRow[], payments: readonly PaymentRow[], afterSale: readonly { amount: string; date: string }[] = []): ReceiptModel {
  const goods = lines.filter((l) => isGoodsLine(l) && l.GoodsID !== '')
  const positive = (v: string) => toDecimal(v || '0').gt(0)
  const settled = payments.filter((p) => p.Status === PAID || p.Status === REFUND_DUE || p.Status === REFUNDED)
  const refunded = payments.filter((p) => p.Status === REFUNDED)
  const when = (p: PaymentRow) => p.PaidDate || p.CreatedDate || ''
  const listed = listedRefunds(refunded, afterSale, when)
  // issue 17: refunds — the server's RefundedAmount counts every path; what the rows above do not
  // show (after-sale refunds of a payment not used up, when the requests could not be read, e.g.
  // a guest) is listed as one after-sale refund, so the rows always add up to it.
  const listedSum = listed.reduce((s, r) => s.plus(toDecimal(r.amount)), toDecimal(0))
  const serverSum = toDecimal(order.RefundedAmount || '0')
  const refunds = serverSum.gt(listedSum) ? [...listed, { provider: AFTER_SALE, amount: serverSum.minus(listedSum).toFixed(places(order.RefundedAmount)), date: '' }] : listed
  return {
    goods,
    bags: order.BagQua > 0 || positive(order.BagFee) ? { qua: order.BagQua, fee: order.BagFee } : null,
    freight: positive(order.Freight) ? order.Freight : null,
    coupon: positive(order.CouponAmount) ? { name: order.CouponName, off: order.CouponAmount } : null,
    total: order.Amount,
    paidBy: settled.map((p) => ({ provider: p.Provider, amount: p.Amount, date: when(p) })),
    refunds,
    refundTotal: refunds.length ? (serverSum.gt(listedSum) ? order.RefundedAmount : listedSum.toFixed()) : null
  }
}

/**
 * The refunds as listed: an after-sale refund that used a payment up marks it refunded too, so the
 * after-sale money is taken off the refunded payments first (in their order, as the server spends
 * them) and only what is left of them (a cancel's rest) is listed as the payment's own refund.
 */
function listedRefunds(refunded: readonly PaymentRow[], afterSale: readonly { amount: string; date: string }[], when: (p: PaymentRow) => string): { provider: string; amount: string; date: string }[] {
  let covered = afterSale.reduce((s, r) => s.plus(toDecimal(r.amount)), toDecimal(0))
  const own: { provider: string; amount: string; date: string }[] = []
  for (const p of refunded) {
    const amount = toDecimal(p.Amount)
    const taken = covered.lt(amount) ? covered : amount
    covered = covered.minus(taken)
    const left = amount.minus(taken)
    if (left.gt(0)) own.push({ provider: p.Provider, amount: taken.gt(0) ? left.toFixed((p.Amount.split('.')[1] ?? '').length) : p.Amount, date: when(p) })
  }
  return [...own, ...afterSale.map((r) => ({ provider: AFTER_SALE, amount: r.amount, date: r.date }))]
}

/** Digits after the point as written ('23.50' → 2). */
const places = (text: string): number => (text.split('.')[1] ?? '').length
