/**
 * Stored orders as the contract's rows (src/gateway/order-rows.ts): times as wall-clock texts on
 * the enterprise's clock, names in the caller's language, and what the caller may do now
 * (CanCancel / CanPay, from the core transition table and who is asking).
 */
import type { Kysely } from 'kysely'
import { canTransition } from '../../../../src/core/order-status'
import type { Locale } from '../../../../src/gateway/contract'
import { ORDER_STATUS, PAYMENT_STATUS, type OrderLineRow, type OrderRow, type OrderStatus, type PaymentRow, type PayMode, type PosiType, type ServiceType } from '../../../../src/gateway/order-rows'
import { pickText, translate } from '../../../../src/i18n/translate'
import { Decimal } from '../../../../src/core/money'
import { distanceMetres, hasLocation } from '../../../../src/core/geo'
import {
  countOrderLines,
  listOrderLines,
  placeNames,
  type OrderLineRecord,
  type OrderRecord,
  type PaymentRecord,
  type PlaceNames
} from '../../storage/repositories/order.repository'
import { parseNames } from '../../storage/repositories/row-mapping'
import type { Database } from '../../storage/schema'
import { wallClockText } from '../enterprise/enterprise.service'
import { lineNamesOfMenu, linesInLanguage, readLineNames, type LineNames } from './line-names'
import { parseSnapshot, snapshotLine, snapshotRegionName } from '../delivery/delivery-address'
import { progressRef } from '../kitchen/progress-ref'
import { LATE_PAYMENT_REFUND_REASON } from '../payments/refund-tracking'
import { billLinesOf, type BillLine } from '../table-sheets/bill-lines'
import { splitList } from '../../../../src/core/choice-text'
import { unitForCount } from '../../../../src/i18n/plural'

/** Who is looking, and when. */
export interface OrderViewer {
  locale: Locale
  /** The enterprise's time zone. */
  timeZone: string
  /** The caller's owner key ('' = nobody: CanCancel / CanPay are 0). */
  ownerKey: string
  now: Date
  /** The orders' places' names (placeNames of these orders), when read already. */
  placeNames?: PlaceNames
  /**
   * An order this request has just paid, in its own transaction, with its goods lines counted
   * there (BalancePay): nothing of it has been refunded yet and its lines are known, so neither is
   * read again (issue 28 item 6: two statements of a payment's answer).
   */
  justPaid?: { orderId: string; lineCount: number }
}

/**
 * Instants as wall-clock text, kept: a bill of a hundred rounds shows each round's times again on
 * every rebuild, and Intl's formatToParts is the costliest part of a row (issue 28 item 6).
 */
const wallTexts = new Map<string, string>()
const wall = (timeZone: string, iso: string | null): string => {
  if (!iso) return ''
  const key = `${timeZone}|${iso}`
  let text = wallTexts.get(key)
  if (text === undefined) {
    text = wallClockText(timeZone, new Date(iso))
    if (wallTexts.size >= 50_000) wallTexts.clear()
    wallTexts.set(key, text)
  }
  return text
}
const nameOf = (json: string | undefined, locale: Locale): string => (json ? pickText(parseNames(json), locale) : '')

/** Whether an unpaid order's time to pay is over. */
export const isOverdue = (order: Pick<OrderRecord, 'status' | 'expires_at'>, now: Date): boolean =>
  order.status === ORDER_STATUS.AWAITING_PAYMENT && order.expires_at !== null && order.expires_at <= now.toISOString()

/** The diner may cancel their own prepay order while it awaits payment (paid ones only the shop). */
export function dinerMayCancel(order: OrderRecord, ownerKey: string, now: Date): boolean {
  return (
    ownerKey !== '' &&
    order.owner_key === ownerKey &&
    order.kind === 'order' &&
    order.status === ORDER_STATUS.AWAITING_PAYMENT &&
    !isOverdue(order, now) &&
    canTransition(order.status as OrderStatus, 'cancel')
  )
}

/** The owner may pay a prepay order or a sheet's settlement while it awaits payment and has not expired. */
export function ownerMayPay(order: OrderRecord, ownerKey: string, now: Date): boolean {
  return (
    ownerKey !== '' &&
    order.owner_key === ownerKey &&
    order.kind !== 'round' &&
    !isOverdue(order, now) &&
    canTransition(order.status as OrderStatus, 'pay')
  )
}

export function orderRow(order: OrderRecord, viewer: OrderViewer, names: PlaceNames, lineCount: number, refundedAmount = '0'): OrderRow {
  const tz = viewer.timeZone
  // A saved address is shown from the order's own snapshot, in the viewer's language.
  const snapshot = parseSnapshot(order.delivery_snapshot ?? '')
  return {
    SheetID: order.order_id,
    ShopID: order.shop_id,
    ShopName: nameOf(names.shops.get(order.shop_id), viewer.locale),
    BaseID: order.base_id,
    BaseName: nameOf(names.bases.get(order.base_id), viewer.locale),
    TableID: order.table_id,
    TableName: nameOf(names.tables.get(order.table_id), viewer.locale),
    PayMode: order.pay_mode as PayMode,
    ServiceType: order.service_type as ServiceType,
    PosiType: Number(order.posi_type) as PosiType,
    Status: Number(order.status) as OrderStatus,
    PickupNo: order.pickup_no,
    BusinessDay: order.business_day,
    AppointedTime: order.appointed_time,
    Remarks: order.remarks,
    GoodsAmount: order.goods_amount,
    BagQua: Number(order.bag_qua),
    BagFee: order.bag_fee,
    Freight: order.freight,
    CardID: order.card_id,
    // The card's plan named in the reader's language; as ordered when the plan is gone.
    CouponName: nameOf(names.coupons?.get(order.card_id), viewer.locale) || order.coupon_name,
    CouponAmount: order.coupon_amount,
    Amount: order.amount,
    PaidAmount: order.paid_amount,
    RefundedAmount: refundedAmount,
    CreatedDate: wall(tz, order.created_at),
    ExpireDate: wall(tz, order.expires_at),
    PaidDate: wall(tz, order.paid_at),
    ReadyDate: wall(tz, order.ready_at),
    CompletedDate: wall(tz, order.completed_at),
    CancelledDate: wall(tz, order.cancelled_at),
    TableSheetID: order.table_sheet_id,
    RoundNo: Number(order.round_no),
    Contact: order.contact,
    Phone: order.phone,
    Address: snapshot ? snapshotLine(snapshot, viewer.locale) : order.address,
    DeliveryLat: Number(order.delivery_lat),
    DeliveryLng: Number(order.delivery_lng),
    AddressID: order.address_id ?? '',
    RegionName: snapshot ? snapshotRegionName(snapshot, viewer.locale) : '',
    DeliveryDistance: order.delivery_distance === undefined || order.delivery_distance === null ? -1 : Number(order.delivery_distance),
    LineCount: lineCount,
    CanCancel: dinerMayCancel(order, viewer.ownerKey, viewer.now) ? 1 : 0,
    CanPay: ownerMayPay(order, viewer.ownerKey, viewer.now) ? 1 : 0,
    // What its progress events on the branch's public stream call it (issue 24).
    ProgressRef: order.order_id ? progressRef(order.order_id) : ''
  }
}

export function orderLineRow(line: OrderLineRecord, roundNo: number): OrderLineRow {
  return {
    SheetID: line.order_id,
    LineNo: Number(line.line_no),
    RoundNo: roundNo,
    GoodsID: line.goods_id,
    GoodsCode: line.goods_code,
    GoodsName: line.goods_name,
    SkuID: line.sku_id,
    SkuName: line.sku_name,
    PCode: line.pcode,
    PUnit: line.punit,
    Unit: line.unit,
    Ref: line.ref,
    MQua: line.m_qua,
    PQua: line.p_qua,
    Qua: line.qua,
    SalesPrice: line.sales_price,
    PSalesPrice: line.p_sales_price,
    UnitExtras: line.unit_extras,
    Amount: line.amount,
    OriginalAmount: line.original_amount,
    SaleType: Number(line.sale_type),
    RemarkText: line.remark_text,
    AddOnText: line.add_on_text,
    BomText: line.bom_text
  }
}

/** A stored payment as PaymentRow (PayUrl is the payments code's business: '' here). */
export function paymentRow(payment: PaymentRecord, timeZone: string, payUrl = ''): PaymentRow {
  return {
    PayID: payment.pay_id,
    SheetID: payment.order_id,
    Amount: payment.amount,
    Provider: payment.provider,
    Status: Number(payment.status),
    PayUrl: payUrl,
    CreatedDate: wall(timeZone, payment.created_at),
    PaidDate: wall(timeZone, payment.settled_at)
  }
}

/**
 * The rounds a table bill (a 'settlement' order) pays for, by settlement id: it has no lines of
 * its own, so what it shows is the goods of its sheet's rounds (each round as ordered).
 */
async function roundsOfSettlements(db: Kysely<Database>, orders: readonly OrderRecord[]): Promise<Map<string, OrderRecord[]>> {
  const settlements = orders.filter((o) => o.kind === 'settlement' && o.table_sheet_id)
  const out = new Map<string, OrderRecord[]>()
  if (settlements.length === 0) return out
  const rounds = await db
    .selectFrom('orders')
    .selectAll()
    .where('table_sheet_id', 'in', [...new Set(settlements.map((s) => s.table_sheet_id))])
    .where('kind', '=', 'round')
    .where('status', '!=', ORDER_STATUS.CANCELLED)
    .orderBy('round_no')
    .execute()
  for (const s of settlements) out.set(s.order_id, rounds.filter((r) => r.table_sheet_id === s.table_sheet_id))
  return out
}

/** The orders whose lines an order shows: itself, or a table bill's rounds. */
const linesSourceOf = (order: OrderRecord, rounds: Map<string, OrderRecord[]>): readonly OrderRecord[] => rounds.get(order.order_id) ?? [order]

/** A table bill's remark: the diners' remarks of its rounds, each once, as typed. */
const billRemarks = (order: OrderRecord, rounds: Map<string, OrderRecord[]>): string =>
  rounds.has(order.order_id) ? [...new Set(rounds.get(order.order_id)!.map((r) => r.remarks.trim()).filter(Boolean))].join(' / ') : order.remarks

/** Rows of several orders, with their names and line counts read in two queries. */
export async function orderRows(db: Kysely<Database>, orders: readonly OrderRecord[], viewer: OrderViewer): Promise<OrderRow[]> {
  if (orders.length === 0) return []
  const [rounds, bills] = await Promise.all([roundsOfSettlements(db, orders), billLinesOf(db, settlementIds(orders))])
  const ids = [...new Set(orders.flatMap((o) => linesSourceOf(o, rounds).map((r) => r.order_id)))]
  const justPaid = viewer.justPaid
  const known = justPaid !== undefined && orders.length === 1 && orders[0].order_id === justPaid.orderId && orders[0].kind === 'order'
  const [names, counts, refunded, shares] = await Promise.all([
    viewer.placeNames ?? placeNames(db, orders),
    known ? new Map([[justPaid.orderId, justPaid.lineCount]]) : countOrderLines(db, ids),
    known ? new Map<string, string>() : refundedAmounts(db, orders),
    splitSharesOf(db, orders)
  ])
  return orders.map((o) => {
    // A bill counts the goods lines it was made for (bill-lines.ts), else its rounds' as they are.
    const bill = bills.get(o.order_id)
    const lineCount = bill
      ? bill.filter((b) => Number(b.line.sale_type) !== 5).length
      : linesSourceOf(o, rounds).reduce((n, r) => n + (counts.get(r.order_id) ?? 0), 0)
    const row = orderRow({ ...o, remarks: billRemarks(o, rounds) }, viewer, names, lineCount, refunded.get(o.order_id) ?? '0')
    return o.kind === 'settlement' ? { ...row, SplitShare: shares.get(o.order_id) ?? '' } : row
  })
}

/** How each settlement that is a diner's share of a split bill was chosen (issue 26 item 2; bill_shares, 0034). */
async function splitSharesOf(db: Kysely<Database>, orders: readonly OrderRecord[]): Promise<Map<string, NonNullable<OrderRow['SplitShare']>>> {
  const ids = settlementIds(orders)
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('bill_shares').select(['order_id', 'mode']).where('order_id', 'in', ids).execute()
  return new Map(rows.map((r) => [r.order_id, r.mode as NonNullable<OrderRow['SplitShare']>]))
}

/** Digits after the point as written ('23.50' → 2). */
const places = (text: string): number => (text.split('.')[1] ?? '').length

/**
 * issue 17: refunds — what has been given back of each order, by order id (absent: nothing), in
 * a few queries. Per payment: a refunded one (4) counts whole — an after-sale refund that used it
 * up, or a shop cancel that gave back its rest — unless it never paid the order (money that came
 * after the order ended or after another attempt paid it, given back at once: the payer's own
 * money, shown with the payments, not a refund of the order); a paid one (1) counts what
 * after-sale refunds took of it; so no money is counted twice.
 */
export async function refundedAmounts(db: Kysely<Database>, orders: readonly Pick<OrderRecord, 'order_id' | 'paid_amount'>[]): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  if (orders.length === 0) return out
  const ids = [...new Set(orders.map((o) => o.order_id))]
  // The payments with what after-sale refunds took of the paid ones, in one statement (a row per
  // refund; a payment without one comes once, with a null part): most orders read are paid.
  const rows = await db
    .selectFrom('payments as p')
    .leftJoin('after_sale_refunds as r', (join) => join.onRef('r.pay_id', '=', 'p.pay_id').on('p.status', '=', PAYMENT_STATUS.PAID))
    .select(['p.pay_id', 'p.order_id', 'p.amount', 'p.status', 'r.amount as part'])
    .where('p.order_id', 'in', ids)
    .where('p.status', 'in', [PAYMENT_STATUS.PAID, PAYMENT_STATUS.REFUNDED])
    .execute()
  if (rows.length === 0) return out
  const payments = [...new Map(rows.map((r) => [r.pay_id, r])).values()]
  // Money that never paid the order (it came late, or after another attempt paid) went back at
  // once: the payer's own money returned, no refund of the order. Known by its refund's reason
  // (refund_follow_ups; before migration 0025 the refund's record in payment_notices).
  const refundedIds = payments.filter((p) => Number(p.status) === PAYMENT_STATUS.REFUNDED).map((p) => p.pay_id)
  const late = new Set<string>()
  if (refundedIds.length) {
    const [followed, noted] = await Promise.all([
      db.selectFrom('refund_follow_ups').select('pay_id').where('pay_id', 'in', refundedIds).where('reason', '=', LATE_PAYMENT_REFUND_REASON).execute(),
      db
        .selectFrom('payment_notices')
        .select('pay_id')
        .where('pay_id', 'in', refundedIds)
        .where('result', '=', 'refunded')
        .where('body', 'like', `%${LATE_PAYMENT_REFUND_REASON}%`)
        .execute()
    ])
    for (const r of [...followed, ...noted]) late.add(r.pay_id)
  }
  const parts = rows.filter((r) => r.part !== null).map((r) => ({ pay_id: r.pay_id, amount: r.part as string }))
  const sums = new Map<string, { sum: Decimal; places: number }>()
  const add = (orderId: string, amount: string) => {
    const was = sums.get(orderId) ?? { sum: new Decimal(0), places: 0 }
    sums.set(orderId, { sum: was.sum.plus(new Decimal(amount || 0)), places: Math.max(was.places, places(amount)) })
  }
  const orderOf = new Map(payments.map((p) => [p.pay_id, p.order_id]))
  for (const p of payments) if (Number(p.status) === PAYMENT_STATUS.REFUNDED && !late.has(p.pay_id)) add(p.order_id, p.amount)
  for (const r of parts) add(orderOf.get(r.pay_id)!, r.amount)
  const paidPlaces = new Map(orders.map((o) => [o.order_id, places(o.paid_amount)]))
  for (const [orderId, { sum, places: p }] of sums) if (sum.gt(0)) out.set(orderId, sum.toFixed(Math.max(p, paidPlaces.get(orderId) ?? 0)))
  return out
}

/**
 * Line rows of the orders, in the orders' order, each with its order's round number. A table
 * bill (settlement) lists the lines of every round it pays for, marked with their rounds.
 */
export async function orderLineRows(db: Kysely<Database>, orders: readonly OrderRecord[], locale?: Locale): Promise<OrderLineRow[]> {
  const [rounds, bills] = await Promise.all([roundsOfSettlements(db, orders), billLinesOf(db, settlementIds(orders))])
  // A bill with its lines written down (bill-lines.ts) shows those; any other order its own or its rounds'.
  const sources = orders.filter((o) => !bills.has(o.order_id)).flatMap((o) => linesSourceOf(o, rounds))
  const lines = await listOrderLines(db, [...new Set(sources.map((o) => o.order_id))])
  const byOrder = new Map<string, OrderLineRecord[]>()
  for (const l of lines) byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), l])
  const sourceRows = new Map(sources.map((o) => [o.order_id, (byOrder.get(o.order_id) ?? []).map((l) => orderLineRow(l, Number(o.round_no)))]))
  const billRows = (o: OrderRecord, bill: BillLine[]) => bill.map((b) => ({ ...orderLineRow(b.line, b.roundNo), SheetID: o.order_id, LineNo: b.billLineNo }))
  const rows = orders.flatMap((o) => {
    const bill = bills.get(o.order_id)
    return bill ? billRows(o, bill) : linesSourceOf(o, rounds).flatMap((r) => sourceRows.get(r.order_id) ?? [])
  })
  // Names in the caller's language (line-names.ts); without one, as ordered (the kitchen ticket).
  if (!locale) return rows
  const shops = new Map([...sources, ...orders].map((o) => [o.order_id, o.shop_id]))
  const details = new Map([
    ...lines.map((l) => [`${l.order_id}|${Number(l.line_no)}`, l.detail] as const),
    ...[...bills].flatMap(([id, bill]) => bill.map((b) => [`${id}|${b.billLineNo}`, b.line.detail] as const))
  ])
  return linesInLanguage(db, rows, (id) => shops.get(id) ?? '', locale, (r) => details.get(`${r.SheetID}|${r.LineNo}`) ?? '{}')
}

const settlementIds = (orders: readonly OrderRecord[]): string[] => orders.filter((o) => o.kind === 'settlement').map((o) => o.order_id)

/**
 * Characters a ticket line must not carry (red team, issue 16): a typed delivery contact, phone,
 * address or remark holding a line break forged lines of its own on the ticket and in
 * `npm run orders -- show` ('9. Lobster × 10'), and ESC / C1 sequences drove the shop's terminal.
 * C0 and C1 controls, DEL, the line and paragraph separators and the bidi overrides and isolates
 * print as a space; every line of the ticket is one line.
 */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

/**
 * The order as the kitchen reads it (the orders CLI): the service facts (style, table, pickup
 * number, time, where to deliver), the diner's remark as typed, then each line with everything
 * chosen. Names are the ones stored at ordering (what the diner saw); the labels are English,
 * all of them, so a ticket never mixes two languages in its own words.
 */
export function kitchenTicket(order: OrderRow, lines: readonly OrderLineRow[], branch?: { lat: number; lng: number }): string[] {
  return ticketLines(order, lines, branch).map((line) => line.replace(UNPRINTABLE, ' '))
}

function ticketLines(order: OrderRow, lines: readonly OrderLineRow[], branch?: { lat: number; lng: number }): string[] {
  const locale: Locale = 'en'
  const service = [
    translate(locale, `order.service.${order.ServiceType}`),
    // A delivery goes to its address (below), not to the table it was ordered from.
    order.ServiceType === 'delivery' ? '' : order.TableName,
    order.PickupNo ? `pickup #${order.PickupNo}` : '',
    order.AppointedTime ? `for ${order.AppointedTime}` : translate(locale, 'order.asap').toLowerCase()
  ].filter(Boolean)
  const out = [`  ${service.join(', ')}`]
  const deliverTo = [order.Contact, order.Phone, order.Address].filter(Boolean)
  if (deliverTo.length > 0) out.push(`  Deliver to: ${deliverTo.join(', ')}`)
  if (order.RegionName) out.push(`  Region: ${order.RegionName}`)
  if (order.AddressID) out.push(`  Saved address: ${order.AddressID} (as it was when ordered)`)
  // The point the range was checked at (given, saved or geocoded), and how far it is, let the
  // shop see an address that does not match it.
  if (order.ServiceType === 'delivery' && hasLocation(order.DeliveryLat, order.DeliveryLng)) {
    const metres =
      order.DeliveryDistance >= 0
        ? order.DeliveryDistance
        : branch && hasLocation(branch.lat, branch.lng)
          ? distanceMetres(branch.lat, branch.lng, order.DeliveryLat, order.DeliveryLng)
          : -1
    const far = metres >= 0 ? ` (${(metres / 1000).toFixed(1)} km from the branch)` : ''
    out.push(`  Location: ${order.DeliveryLat.toFixed(5)}, ${order.DeliveryLng.toFixed(5)}${far}`)
  }
  if (order.Remarks) out.push(`  Remark: ${order.Remarks}`)
  // A table bill's rounds each under a header of their own (their lines are numbered per round).
  const rounds = new Set(lines.map((l) => l.RoundNo))
  let round = -1
  for (const l of lines) {
    if (rounds.size > 1 && l.RoundNo !== round) {
      round = l.RoundNo
      out.push(`  Round ${round}`)
    }
    // The order's coupon card (sale type 5): nothing to cook; what it took off, after the goods.
    if (l.SaleType === 5) {
      out.push(`    Coupon: ${l.GoodsName}  ${l.Amount}`)
      continue
    }
    // The ticket's labels are English, so a unit beside a count takes its English plural ('2 bowls').
    const packs = l.PUnit && new Decimal(l.PQua || 0).gt(0) ? `${l.PQua} ${unitForCount('en', l.PQua, l.PUnit)}` : ''
    // Always with its unit: "0.5 kg", not "× 0.5".
    const count = packs ? l.MQua : l.Qua
    const units = !packs || new Decimal(l.MQua || 0).gt(0) ? `${count} ${unitForCount('en', count, l.Unit)}`.trim() : ''
    const quantity = [packs, units].filter(Boolean).join(' + ')
    out.push(`    ${l.LineNo}. ${l.GoodsName}${l.SkuName ? ` (${l.SkuName})` : ''} × ${quantity}  ${l.Amount}`)
    if (l.RemarkText) out.push(`       ${l.RemarkText}`)
    // Each pack and each main unit carries one of every add-on (src/core/cart.ts lineAmount).
    const addOnCount = new Decimal(l.PUnit ? l.PQua || 0 : 0).plus(l.MQua || 0).toFixed()
    for (const addOn of splitList(l.AddOnText)) out.push(`       + ${addOn} × ${addOnCount}`)
    if (l.BomText) out.push(`       Combo: ${l.BomText}`)
  }
  return out
}

/**
 * The menu's names of lines just written (readLineNames), to name them for the counter and the
 * answer alike: from `menu`, the snapshot they were priced on, when it has all they need
 * (lineNamesOfMenu), else read.
 */
export async function writtenLineNames(
  db: Kysely<Database>,
  lines: readonly OrderLineRecord[],
  menu?: Parameters<typeof lineNamesOfMenu>[0]
): Promise<LineNames> {
  const details = new Map(lines.map((l) => [Number(l.line_no), l.detail]))
  const rows = lines.map((l) => orderLineRow(l, 0))
  const detailOf = (r: OrderLineRow) => details.get(r.LineNo) ?? '{}'
  return (menu && lineNamesOfMenu(menu, rows, detailOf)) || readLineNames(db, rows, detailOf)
}

/**
 * orderRows and orderLineRows of a prepay order the caller has just written (OrderSubmit's
 * answer), from the records it wrote instead of reading them back: the order and its lines as
 * inserted (LineCount: those not a coupon line, as countOrderLines counts), nothing refunded yet
 * (no payment can have come for it), no rounds or bill lines (not a settlement), times on the
 * clock the placement was checked on, and the lines' names as read for the counter's event in
 * the placing transaction when given (writtenLineNames). The rows orderRows and
 * orderLineRows would give, with 4 to 8 statements fewer.
 */
export async function placedOrderRows(
  db: Kysely<Database>,
  order: OrderRecord,
  lines: readonly OrderLineRecord[],
  viewer: OrderViewer,
  lineNames?: LineNames
): Promise<{ rows: OrderRow[]; lines: OrderLineRow[] }> {
  const details = new Map(lines.map((l) => [Number(l.line_no), l.detail]))
  const [names, named] = await Promise.all([
    placeNames(db, [order]),
    linesInLanguage(
      db,
      lines.map((l) => orderLineRow(l, Number(order.round_no))),
      () => order.shop_id,
      viewer.locale,
      (r) => details.get(r.LineNo) ?? '{}',
      lineNames
    )
  ])
  const goodsLines = lines.filter((l) => Number(l.sale_type) !== 5).length
  return { rows: [orderRow(order, viewer, names, goodsLines)], lines: named }
}
