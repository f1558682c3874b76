/** Texts about an order that several views show, from the catalogues. */
import type { MessageKey } from '../../../i18n/catalogues'
import type { OrderLineRow, OrderRow } from '../../../gateway/order-rows'
import { ORDER_STATUS } from '../../../gateway/order-rows'
import { orderStatusKey } from '../../../core/order-status'
import { toDecimal } from '../../../core/money'
import { isTableBill } from '../../../core/reorder'
import { dateTimeText } from '../../../i18n/dates'
import type { Locale } from '../../../gateway/contract'

const PAID_STATUSES: readonly number[] = [ORDER_STATUS.PAID, ORDER_STATUS.READY, ORDER_STATUS.COMPLETED]

type T = (key: MessageKey, params?: Record<string, string | number>) => string

/** 'Paid', 'Ready for Pickup', 'completed'… exactly as the catalogue has them. */
export const statusLabel = (t: T, status: number, payMode?: string): string =>
  // A postpay round is not waiting for a payment of its own: it is on the table's bill.
  payMode === 'postpay' && status === ORDER_STATUS.AWAITING_PAYMENT ? t('order.onTableBill') : t(orderStatusKey(status) as MessageKey)

export const serviceLabel = (t: T, service: OrderRow['ServiceType']): string => t(`order.service.${service}` as MessageKey)

/**
 * An appointed time: 'HH:mm' on the day the order was placed, else the day and time in the
 * reader's way ('29 Nov 2026, 09:00', '2026年11月29日 09:00'; issue 27 item 19).
 */
export const appointedText = (order: Pick<OrderRow, 'AppointedTime' | 'CreatedDate'>, t: T, locale: Locale): string =>
  order.AppointedTime.slice(0, 10) === order.CreatedDate.slice(0, 10) ? order.AppointedTime.slice(11, 16) : dateTimeText(order.AppointedTime, { t, locale })

/** The sentence under the status: what happens next, or how it ended. */
export function statusNote(t: T, order: OrderRow, locale: Locale = 'en'): string {
  // issue 17: refunds — a paid order given money back says so instead of only 'complete'.
  const refunded = toDecimal(order.RefundedAmount || '0')
  if (refunded.gt(0) && PAID_STATUSES.includes(order.Status)) return refunded.gte(toDecimal(order.PaidAmount || '0')) ? t('order.refundedNote') : t('order.partRefundedNote')
  switch (order.Status) {
    case ORDER_STATUS.AWAITING_PAYMENT:
      if (order.PayMode === 'postpay') return t('order.onTableBillNote')
      return order.ExpireDate ? t('order.payBy', { time: order.ExpireDate.slice(11, 16) }) : ''
    case ORDER_STATUS.PAID:
      // issue 27 item 11: a table's bill is paid after the meal (nothing left for the kitchen); an
      // order for a later time is made for that time (and says it: the result page shows no other).
      // issue 26 item 2: one diner's share of a split bill is paid, not necessarily the whole bill.
      if (isTableBill(order) && order.SplitShare) return t('order.sharePaidNote')
      if (isTableBill(order)) return t('order.billPaidNote')
      if (order.AppointedTime) return t('order.paidForTimeNote', { time: appointedText(order, t, locale) })
      return t('order.paidNote')
    case ORDER_STATUS.READY:
      return t('order.readyNote')
    case ORDER_STATUS.COMPLETED:
      return t('order.completedNote')
    case ORDER_STATUS.CANCELLED:
      // issue 27 item 1: a table's bill is cancelled when the table's order changed after it was made.
      if (isTableBill(order) && order.SplitShare) return t('order.shareCancelledNote')
      if (isTableBill(order)) return t('order.billCancelledNote')
      return t('order.cancelledNote')
    case ORDER_STATUS.EXPIRED:
      return t('order.expiredNote')
    default:
      return ''
  }
}

/**
 * What was chosen on a line, in one short text: 'Large · piece × 6 · Spice: Mild · +Egg · Tea';
 * `packHolds`: what its pack unit holds when the name does not say so (src/ui/pack-label.ts).
 */
export function lineChoices(line: OrderLineRow, packHolds = ''): string {
  return [line.SkuName, packHolds, line.RemarkText, line.AddOnText && `+${line.AddOnText}`, line.BomText].filter(Boolean).join(' · ')
}

/** 'Status tone' for colour: waiting, moving, ready, ended. */
export function statusTone(status: number): 'waiting' | 'moving' | 'ready' | 'ended' {
  if (status === ORDER_STATUS.AWAITING_PAYMENT) return 'waiting'
  if (status === ORDER_STATUS.PAID) return 'moving'
  if (status === ORDER_STATUS.READY) return 'ready'
  return 'ended'
}
