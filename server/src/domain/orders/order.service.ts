/**
 * Prepay orders: preview, idempotent submit, detail, the diner's list, the diner's cancel, and
 * the shop's moves (admin API and CLI). Postpay table sheets live in ../table-sheets and reuse
 * validatePlacement / insertOrder / orderRows from here.
 *
 * Owner: the caller's device key hash (ctx.ownerKey) until members sign in. Every operation that
 * creates or reads a diner's order needs one; without it the request is refused with errcode
 * 10007 naming 'X-Device-Key' (an unusable request, not a business outcome).
 */
import type { Kysely } from 'kysely'
import type { OrderAction } from '../../../../src/core/order-status'
import type { Locale } from '../../../../src/gateway/contract'
import {
  ORDER_STATUS,
  type OrderLineRow,
  type OrderPlacementInput,
  type OrderRow,
  type PaymentRow
} from '../../../../src/gateway/order-rows'
import {
  findOrder,
  findOrderById,
  findOrderByRequestKey,
  isUniqueViolation,
  listOrders,
  listPaymentsOfOrder,
  placeNames,
  type OrderRecord
} from '../../storage/repositories/order.repository'
import type { Database } from '../../storage/schema'
import { findBaseById } from '../../storage/repositories/base.repository'
import { keepEnterpriseSettings } from '../../storage/repositories/enterprise.repository'
import type { PaymentProviders } from '../../providers/payment/payment-provider'
import { refundOrderPayments } from '../payments/payment.service'
import { enterpriseTimeZone } from '../enterprise/enterprise.service'
import { DomainError, invalidInput } from '../errors'
import type { InTransaction } from '../in-transaction'
import { pageWindow, type PageRequest } from '../paging'
import {
  insertOrder,
  newOrderId,
  orderRecordsOf,
  requestHash,
  unpaidOrderMinutes,
  validatePlacement,
  type NewOrder,
  type PlacementCaller
} from './order-placement'
import { applyOrderAction, expireOrder, lockOrder, markOrderPaid, type OrderActor } from './order-state'
import { followShopMove } from '../kitchen/kitchen-board.service'
import { appendOrderFollowed, appendOrderPlaced } from '../counter/counter-events'
import { decimalPoints, toDecimal } from '../../../../src/core/money'
import { cardsForOrder, couponOrderOf, type CardForOrder } from '../coupons/card-use'
import { memberOwnerKey, vipIdOfOwner } from '../members/member-session'
import { isOverdue, orderLineRow, orderRow, orderRows, orderLineRows, paymentRow, placedOrderRows, writtenLineNames, type OrderViewer } from './order-view'
import type { LineNames } from './line-names'
import { inEventTransaction } from '../../live/outbox'
import { takeSlot } from '../kitchen/ready-estimate.service'

/** The caller of a diner's order operation (an OperationContext has all of it). */
export interface DinerCaller extends PlacementCaller {
  db: Kysely<Database>
  ownerKey: string
}

export interface OrderAnswer {
  table1: OrderRow[]
  table2: OrderLineRow[]
}

/** Diners' order operations need the device key (see the file comment). */
export function requireOwner(caller: { ownerKey: string }): string {
  if (!caller.ownerKey) throw invalidInput('X-Device-Key')
  return caller.ownerKey
}

async function viewerOf(caller: DinerCaller): Promise<OrderViewer> {
  return { locale: caller.locale, timeZone: await enterpriseTimeZone(caller.db, caller.entId), ownerKey: caller.ownerKey, now: caller.now }
}

/** What the order would be, priced and checked exactly as OrderSubmit will (nothing is written). */
export async function previewOrder(caller: DinerCaller, input: OrderPlacementInput): Promise<OrderAnswer> {
  if (input.CardID) await releaseOverdueCards(caller.db, caller.entId, vipIdOfOwner(caller.ownerKey), caller.now)
  const placement = await validatePlacement(caller.db, caller, input, { checkShownAmounts: false, cardHolder: vipIdOfOwner(caller.ownerKey) })
  const { row, lines } = orderRecordsOf(placement, {
    orderId: '',
    kind: 'order',
    payMode: 'prepay',
    status: ORDER_STATUS.AWAITING_PAYMENT,
    ownerKey: '',
    requestKey: '',
    requestHash: '',
    expiresAt: null
  })
  const names = await placeNames(caller.db, [row])
  const viewer: OrderViewer = { locale: caller.locale, timeZone: placement.timeZone, ownerKey: '', now: caller.now }
  // LineCount counts goods lines (a coupon line is not one), as order-view's orderRows does.
  return { table1: [orderRow(row, viewer, names, placement.priced.lines.length)], table2: lines.map((l) => orderLineRow(l, 0)) }
}

/**
 * Expires the member's unpaid orders past their time that hold a coupon card, so the card is back
 * before it is listed or chosen (the sweep would do it within 30 s; the diner should not wait).
 */
async function releaseOverdueCards(db: Kysely<Database>, entId: string, vipId: string, now: Date): Promise<void> {
  if (!vipId) return
  const overdue = await db
    .selectFrom('orders')
    .select('order_id')
    .where('owner_key', '=', memberOwnerKey(vipId))
    .where('ent_id', '=', entId)
    .where('status', '=', ORDER_STATUS.AWAITING_PAYMENT)
    .where('card_id', '!=', '')
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now.toISOString())
    .execute()
  for (const { order_id } of overdue) await expireIfOverdue(db, order_id, now)
}

/**
 * CouponCardsForOrder: the member's cards priced against this cart, checked as the preview checks
 * it (the same refusals); the card in input.CardID, if any, plays no part. `today` is the
 * enterprise's date the cards were judged on.
 */
export async function cardsForCart(caller: DinerCaller, vipId: string, input: OrderPlacementInput): Promise<{ today: string; cards: CardForOrder[] }> {
  await releaseOverdueCards(caller.db, caller.entId, vipId, caller.now)
  const placement = await validatePlacement(caller.db, caller, { ...input, CardID: '' }, { checkShownAmounts: false })
  const cards = await cardsForOrder(caller.db, {
    entId: caller.entId,
    vipId,
    today: placement.wall.date,
    order: couponOrderOf({ shopId: placement.base.shopId, baseId: placement.base.baseId, serviceType: placement.serviceType, lines: placement.priced.lines }),
    points: { AmoPoint: placement.amoPoint, DiscountPoint: decimalPoints({ DiscountPoint: placement.settings.get('DiscountPoint') }).DiscountPoint }
  })
  return { today: placement.wall.date, cards }
}

/**
 * Places a prepay order: status 0 (awaiting payment) until paid, expiring after
 * UnpaidOrderMinutes. Idempotent by RequestKey: the same key, owner and content answer the first
 * order (as it is now); the key with other content, or another owner's key, is
 * REQUEST_KEY_REUSED. Concurrent duplicates race on the unique index; the losers re-read.
 */
export async function submitOrder(caller: DinerCaller, input: OrderPlacementInput & { RequestKey: string }): Promise<OrderAnswer> {
  const ownerKey = requireOwner(caller)
  const hash = requestHash(input)
  const existing = await findOrderByRequestKey(caller.db, caller.entId, input.RequestKey)
  if (existing) return answerForRetry(caller, existing, ownerKey, hash)

  if (input.CardID) await releaseOverdueCards(caller.db, caller.entId, vipIdOfOwner(ownerKey), caller.now)
  const placement = await validatePlacement(caller.db, caller, input, { checkShownAmounts: true, cardHolder: vipIdOfOwner(ownerKey) })
  const minutes = unpaidOrderMinutes(placement.settings)
  const newOrder: NewOrder = {
    orderId: newOrderId(placement.businessDay),
    kind: 'order',
    payMode: 'prepay',
    status: ORDER_STATUS.AWAITING_PAYMENT,
    ownerKey,
    requestKey: input.RequestKey,
    requestHash: hash,
    expiresAt: new Date(caller.now.getTime() + minutes * 60_000).toISOString()
  }
  // The order's lines as insertOrder writes them, for the counter's event and the answer.
  const { lines } = orderRecordsOf(placement, newOrder)
  let order: OrderRecord
  // The lines' names from the menu they were priced on, for the counter's event and the answer.
  let lineNames: LineNames | undefined
  try {
    order = await inEventTransaction(caller.db, async (trx) => {
      // The counter's row reads them for its money and language: as the placement read them.
      keepEnterpriseSettings(trx, caller.entId, [...placement.settings].map(([parmId, parmValue]) => ({ parmId, parmValue })))
      // A place in the appointed pickup slot, or SLOT_FULL (docs/estimates.md).
      await takeSlot(trx, { baseId: placement.base.baseId, appointedTime: placement.appointedTime }, caller.now)
      const { row: placed } = await insertOrder(trx, placement, newOrder)
      // A coupon that covers the whole order leaves nothing to pay (no provider takes 0): paid now.
      if (toDecimal(placed.amount).isZero()) return markOrderPaid(trx, placed.order_id, placed.amount, caller.now, placed)
      // The counter sees it waiting for payment (its event last: outbox.ts), from the rows just written.
      lineNames = await writtenLineNames(trx, lines, { shopId: placement.read.snapshot.menu.shopId, goodsById: placement.read.snapshot.goodsById })
      await appendOrderPlaced(trx, placed, lines, lineNames, caller.now)
      return placed
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    // Someone placed this request key first (a double tap, a retry racing the first try).
    const first = await findOrderByRequestKey(caller.db, caller.entId, input.RequestKey)
    if (!first) throw error
    return answerForRetry(caller, first, ownerKey, hash)
  }
  // What orderAnswer would read back, from what this placement wrote (placedOrderRows).
  const viewer: OrderViewer = { locale: caller.locale, timeZone: placement.timeZone, ownerKey: caller.ownerKey, now: caller.now }
  const placed = await placedOrderRows(caller.db, order, lines, viewer, lineNames)
  return { table1: placed.rows, table2: placed.lines }
}

async function answerForRetry(caller: DinerCaller, order: OrderRecord, ownerKey: string, hash: string): Promise<OrderAnswer> {
  if (order.owner_key !== ownerKey || order.request_hash !== hash) throw new DomainError('REQUEST_KEY_REUSED')
  return orderAnswer(caller, order)
}

async function orderAnswer(caller: DinerCaller, order: OrderRecord): Promise<OrderAnswer> {
  const viewer = await viewerOf(caller)
  const [rows, lines] = await Promise.all([orderRows(caller.db, [order], viewer), orderLineRows(caller.db, [order], viewer.locale)])
  return { table1: rows, table2: lines }
}

/**
 * The caller's order; overdue unpaid ones expire first. Another device's is answered as an unknown
 * one (ORDER_NOT_FOUND): a refusal confirms no id to someone who merely holds it.
 */
export async function ownOrder(caller: DinerCaller, sheetId: string): Promise<OrderRecord> {
  const ownerKey = requireOwner(caller)
  let order = await findOrder(caller.db, caller.entId, sheetId)
  if (!order || order.owner_key !== ownerKey) throw new DomainError('ORDER_NOT_FOUND')
  if (isOverdue(order, caller.now)) order = await expireIfOverdue(caller.db, order.order_id, caller.now)
  return order
}

/** Expires the order when it is still unpaid past its time (the sweep does the same every 30 s). */
export async function expireIfOverdue(db: Kysely<Database>, orderId: string, now: Date): Promise<OrderRecord> {
  return inEventTransaction(db, async (trx) => {
    const order = await lockOrder(trx, orderId)
    return isOverdue(order, now) ? expireOrder(trx, orderId, now) : order
  })
}

/** OrderDetailGet: the order, its lines and its payments. */
export async function orderDetail(caller: DinerCaller, sheetId: string): Promise<OrderAnswer & { table3: PaymentRow[] }> {
  const order = await ownOrder(caller, sheetId)
  const viewer = await viewerOf(caller)
  const [rows, lines, payments] = await Promise.all([
    orderRows(caller.db, [order], viewer),
    orderLineRows(caller.db, [order], viewer.locale),
    listPaymentsOfOrder(caller.db, order.order_id)
  ])
  return { table1: rows, table2: lines, table3: payments.map((p) => paymentRow(p, viewer.timeZone)) }
}

/**
 * OrderListByPage: the caller's orders, rounds and table bills, newest first. A bill (settlement)
 * is listed once money came for it: paid, or a payment given back (it came after the bill had
 * changed or been paid); bills asked for and never paid are left out.
 */
export async function listOwnOrders(caller: DinerCaller, query: PageRequest & { Status?: number }): Promise<{ rows: OrderRow[]; total: number }> {
  const ownerKey = requireOwner(caller)
  const { limit, offset } = pageWindow(query)
  const { orders, total } = await listOrders(caller.db, {
    entId: caller.entId,
    ownerKey,
    status: query.Status,
    settlementsWithMoneyOnly: true,
    limit,
    offset
  })
  // What the list shows as awaiting payment must not be past its time.
  const fresh = await Promise.all(orders.map((o) => (isOverdue(o, caller.now) ? expireIfOverdue(caller.db, o.order_id, caller.now) : o)))
  const kept = query.Status === undefined ? fresh : fresh.filter((o) => o.status === query.Status)
  return { rows: await orderRows(caller.db, kept, await viewerOf(caller)), total: total - (fresh.length - kept.length) }
}

/**
 * OrderCancel by the diner: only their own prepay order, only while it awaits payment (a paid
 * order is cancelled by the shop, which refunds it). Otherwise ORDER_STATUS_CONFLICT naming
 * the status.
 */
export async function cancelOwnOrder(caller: DinerCaller, sheetId: string): Promise<OrderRow[]> {
  const order = await ownOrder(caller, sheetId)
  const conflict = (status: number) => new DomainError('ORDER_STATUS_CONFLICT', { status: `order.status.${status}`, action: 'order.action.cancel' })
  if (order.kind !== 'order' || order.status !== ORDER_STATUS.AWAITING_PAYMENT) throw conflict(order.status)
  const cancelled = await inEventTransaction(caller.db, async (trx) => {
    const locked = await lockOrder(trx, order.order_id)
    if (locked.status !== ORDER_STATUS.AWAITING_PAYMENT) throw conflict(locked.status)
    const cancelled = await applyOrderAction(trx, order.order_id, 'cancel', 'diner', caller.now)
    await appendOrderFollowed(trx, order.order_id, caller.now)
    return cancelled
  })
  return orderRows(caller.db, [cancelled], await viewerOf(caller))
}

// ---------- the shop (admin API and CLI) ----------

/** Actions the shop takes on an order. */
export const SHOP_ACTIONS = ['ready', 'complete', 'cancel'] as const satisfies readonly OrderAction[]
export type ShopAction = (typeof SHOP_ACTIONS)[number]

export interface ShopOrderView {
  order: OrderRow
  lines: OrderLineRow[]
  /** The branch's own location, for how far a delivery's given location is. */
  branch: { lat: number; lng: number } | null
}

async function shopView(db: Kysely<Database>, order: OrderRecord, locale: Locale, now: Date): Promise<ShopOrderView> {
  const viewer: OrderViewer = { locale, timeZone: await enterpriseTimeZone(db, order.ent_id), ownerKey: '', now }
  const [rows, lines, base] = await Promise.all([orderRows(db, [order], viewer), orderLineRows(db, [order]), findBaseById(db, order.base_id)])
  return { order: rows[0], lines, branch: base ? { lat: base.lat, lng: base.lng } : null }
}

/** One order of any enterprise, as the shop sees it; ORDER_NOT_FOUND when unknown. */
export async function shopOrder(db: Kysely<Database>, orderId: string, locale: Locale, now: Date): Promise<ShopOrderView> {
  let order = await findOrderById(db, orderId)
  if (!order) throw new DomainError('ORDER_NOT_FOUND')
  if (isOverdue(order, now)) order = await expireIfOverdue(db, orderId, now)
  return shopView(db, order, locale, now)
}

/**
 * The shop moves an order on (ready, complete, cancel) through the state table, actor 'shop'.
 * ORDER_NOT_FOUND or ORDER_STATUS_CONFLICT (e.g. marking an unpaid order ready). Cancelling a
 * paid order refunds it to where it came from in the same transaction (refundOrderPayments:
 * balance or the provider, and its points taken back); a refused refund leaves the order paid.
 * A table bill's round made 'ready' changes only its kitchen stage (its tickets are bumped; the
 * bill stays open); a bill's settlement (its payment) takes no move.
 */
export async function applyShopAction(
  db: Kysely<Database>,
  orderId: string,
  action: ShopAction,
  locale: Locale,
  now: Date,
  providers: PaymentProviders,
  inTransaction?: InTransaction<{ before: OrderRecord; after: OrderRecord; refunded: boolean }>
): Promise<ShopOrderView> {
  const order = await findOrderById(db, orderId)
  if (!order) throw new DomainError('ORDER_NOT_FOUND')
  if (isOverdue(order, now)) await expireIfOverdue(db, orderId, now)
  const moved = await inEventTransaction(db, async (trx) => {
    const before = await lockOrder(trx, orderId)
    // A settlement is a bill's payment: it is not prepared, handed over or cancelled on its own
    // (the bill is closed at the counter; a payment is given back through after-sale).
    if (before.kind === 'settlement') throw new DomainError('ORDER_STATUS_CONFLICT', { status: `order.status.${before.status}`, action: `order.action.${action}` })
    // A table bill's round is paid with its bill, so 'ready' moves only its kitchen stage (its
    // tickets are bumped); the bill and the round's status stay as they are.
    const roundReady = action === 'ready' && before.kind === 'round'
    if (roundReady && (before.status === ORDER_STATUS.CANCELLED || before.status === ORDER_STATUS.EXPIRED || before.kitchen_stage === '')) {
      throw new DomainError('ORDER_STATUS_CONFLICT', { status: `order.status.${before.status}`, action: 'order.action.ready' })
    }
    let after = roundReady ? before : await applyOrderAction(trx, orderId, action, 'shop' satisfies OrderActor, now)
    const refunded = action === 'cancel' && before.status === ORDER_STATUS.PAID
    if (refunded) await refundOrderPayments(trx, providers, orderId, now)
    // The kitchen follows: ready / complete bump what is still open, a cancel takes it off.
    await followShopMove(trx, orderId, action, '', now)
    if (roundReady) after = await lockOrder(trx, orderId)
    await inTransaction?.(trx, { before, after, refunded })
    // Front of house follows the order (or the round's bill).
    await appendOrderFollowed(trx, orderId, now)
    return after
  })
  return shopView(db, moved, locale, now)
}

export interface ShopOrderQuery {
  entId?: string
  baseId?: string
  /** Only these branches (a staff member's scope); absent: any. */
  baseIds?: string[]
  status?: number
  businessDay?: string
  limit?: number
  offset?: number
}

/** Orders for the shop, newest first (default 50, at most 500). */
export async function listShopOrders(db: Kysely<Database>, query: ShopOrderQuery, locale: Locale, now: Date): Promise<{ rows: OrderRow[]; total: number }> {
  const limit = Math.min(Math.max(query.limit ?? 50, 1), 500)
  const { orders, total } = await listOrders(db, {
    entId: query.entId,
    baseId: query.baseId,
    baseIds: query.baseIds,
    status: query.status,
    businessDay: query.businessDay,
    // A table bill's paid settlements are its payments (online or at the counter): listed with
    // every other payment; rounds are what was ordered, settlements never paid are left out.
    paidSettlementsOnly: true,
    limit,
    offset: query.offset ?? 0
  })
  const rows: OrderRow[] = []
  // Orders of several enterprises may share the list; each shows times on its own clock.
  const zones = new Map<string, string>()
  for (const order of orders) {
    if (!zones.has(order.ent_id)) zones.set(order.ent_id, await enterpriseTimeZone(db, order.ent_id))
  }
  for (const order of orders) {
    const viewer: OrderViewer = { locale, timeZone: zones.get(order.ent_id)!, ownerKey: '', now }
    rows.push(...(await orderRows(db, [order], viewer)))
  }
  // A round is paid with its bill: once the bill is paid in full, the round shows its amount paid
  // (the money itself is on the bill's settlement rows).
  const sheetIds = [...new Set(orders.filter((o) => o.kind === 'round' && o.table_sheet_id).map((o) => o.table_sheet_id))]
  if (sheetIds.length > 0) {
    const paidBills = await db.selectFrom('table_sheets').select(['sheet_id', 'amount', 'paid_amount']).where('sheet_id', 'in', sheetIds).where('status', '=', ORDER_STATUS.COMPLETED).execute()
    const settled = new Set(paidBills.filter((b) => !toDecimal(b.paid_amount).lessThan(toDecimal(b.amount))).map((b) => b.sheet_id))
    for (const row of rows) if (row.RoundNo > 0 && settled.has(row.TableSheetID)) row.PaidAmount = row.Amount
  }
  return { rows, total }
}
