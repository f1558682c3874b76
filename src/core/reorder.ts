/**
 * After the order (issue 17 item 5), pure rules: which actions a diner's order offers once it is
 * paid (review, after-sale, reorder, receipt) and what a reorder puts back into the cart. No
 * Taro, no I/O; the order details page and the compose glue use them.
 */
import type { ReorderLineRow } from '../gateway/after-rows'
import type { CartGoodsDetails, CartLineInput } from './cart'
import { toDecimal } from './money'

/** Order statuses after payment (src/gateway/order-rows ORDER_STATUS: paid 1, completed 2, ready 5). */
const PAID_STATUSES: readonly number[] = [1, 2, 5]
/** Sale type 5: the coupon's line; it is no goods. */
const COUPON_SALE_TYPE = 5
/** Payment states (PAYMENT_STATUS): refunded 4. */
const PAYMENT_REFUNDED = 4

export interface AfterOrderInput {
  order: { Status: number; PayMode: string; Amount: string; PaidAmount: string; RefundedAmount?: string; TableSheetID?: string; RoundNo?: number }
  lines: readonly { GoodsID: string; SaleType: number }[]
  payments: readonly { Amount: string; Status: number }[]
}

export interface AfterOrderActions {
  review: boolean
  afterSale: boolean
  reorder: boolean
  receipt: boolean
}

/** A table's bill (a settlement: the whole table paid at once), not one of its rounds. */
export const isTableBill = (order: { PayMode: string; RoundNo?: number; TableSheetID?: string }): boolean =>
  order.PayMode === 'postpay' && !order.RoundNo && !!order.TableSheetID

const NONE: AfterOrderActions = { review: false, afterSale: false, reorder: false, receipt: false }

/**
 * What has been given back of the order already: the server's RefundedAmount (every path, after-sale
 * parts too); without it (an older answer), the refunded payments.
 */
export function refundedAmount(order: AfterOrderInput['order'], payments: AfterOrderInput['payments']): string {
  if (order.RefundedAmount !== undefined && order.RefundedAmount !== '') return toDecimal(order.RefundedAmount).toFixed()
  return payments.filter((p) => p.Status === PAYMENT_REFUNDED).reduce((sum, p) => sum.plus(toDecimal(p.Amount)), toDecimal(0)).toFixed()
}

/**
 * The actions of a paid or completed prepay order: review when it has goods lines, after-sale
 * while something paid is not yet refunded, reorder when it has goods lines, the receipt always.
 * A paid table bill (issue 27 item 3) offers review, reorder and the receipt of the lines it was
 * for (after-sale is asked at the counter). Unpaid, cancelled and expired orders, and a table's
 * rounds (paid with their bill), offer none.
 */
export function afterOrderActions({ order, lines, payments }: AfterOrderInput): AfterOrderActions {
  if (!PAID_STATUSES.includes(order.Status)) return NONE
  const goods = lines.some((l) => l.SaleType !== COUPON_SALE_TYPE && l.GoodsID !== '')
  if (isTableBill(order)) return { review: goods, afterSale: false, reorder: goods, receipt: true }
  if (order.PayMode !== 'prepay') return NONE
  const paid = toDecimal(order.PaidAmount || '0')
  const refundable = paid.gt(0) && paid.gt(toDecimal(refundedAmount(order, payments)))
  return { review: goods, afterSale: refundable, reorder: goods, receipt: true }
}

export interface ReorderPlan {
  /** What goes back into the cart, one add per line, in the order's line order. */
  adds: { goods: CartGoodsDetails; line: CartLineInput }[]
  /** Lines that cannot come back, with why (in the order's line order). */
  missing: { name: string; reason: Exclude<ReorderLineRow['Unavailable'], ''> }[]
}

/** Splits OrderReorderGet's answer into cart adds and the lines named as no longer sold. */
export function reorderPlan(rows: readonly ReorderLineRow[]): ReorderPlan {
  const adds: ReorderPlan['adds'] = []
  const missing: ReorderPlan['missing'] = []
  for (const row of [...rows].sort((a, b) => a.LineNo - b.LineNo)) {
    if (row.Unavailable === '' && row.Cart) adds.push(row.Cart)
    else missing.push({ name: row.GoodsName, reason: row.Unavailable === '' ? 'changed' : row.Unavailable })
  }
  return { adds, missing }
}

/** Whether the order was placed at another shop or branch than the one the diner orders from now. */
export const otherPlace = (order: { ShopID: string; BaseID: string }, session: { ShopID: string; BaseID: string }): boolean =>
  order.ShopID !== session.ShopID || order.BaseID !== session.BaseID
