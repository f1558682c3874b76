/**
 * The day report (issue 24 item 6; docs/day-report.md): what one business day of a branch (or of
 * several branches in a person's scope) sold, gave back, was paid with, took off with coupons, which
 * goods sold most, and how long each kitchen station took.
 *
 * Definitions (each figure is something an owner can check against the orders list):
 *   - The day is orders.business_day: the branch's day, which runs past midnight when its hours do.
 *   - Sales are paid prepay orders (kind 'order', paid_at set) of the day, at what they were paid,
 *     and table bills settled (table_sheets status 2) whose first round is of the day: paid through
 *     'settlement' orders or at the counter; a bill counts at its total (or at what its settlements
 *     paid, if more). Rounds are not payments. A paid order the shop cancelled later stays a sale;
 *     its money comes back as a refund.
 *   - Payments by method are the payments that paid those sales (payments.provider; the counter's
 *     are 'cash' | 'card' | 'other'). A payment given back at once because it came after its order
 *     had ended or had been paid (status 3 or 4 with no part in paying) is neither a sale nor a
 *     refund. What a sale came to beyond its recorded payments (what a bill the counter closed still
 *     had due, with no payment recorded: docs/day-report.md) is provider '' (no payment recorded),
 *     so the methods add up to the sales.
 *   - Refunds are the money given back during the business day (by the same day rule on the branch's
 *     clock), whichever day the order was of: an approved after-sale request (after_sale_refunds),
 *     and a paid order the shop cancelled (what was left of each payment that paid it).
 *   - Coupon discounts and top goods count what was sold and stood: paid prepay orders not
 *     cancelled (a cancel gives the card back), and rounds (not cancelled) of the settled bills.
 *     Goods are counted in main units (order_lines.qua), coupon lines left out.
 *   - Preparation time: kitchen tickets of the day's orders that are bumped, bumped_at − created_at,
 *     per station (station_id '' is the branch's implicit station).
 * Money is summed exactly (decimal.js-light) and rounded once, half up at AmoPoint (src/core/money).
 * Never imports the HTTP layer.
 */
import type { Kysely } from 'kysely'
import { Decimal, roundHalfUp, toDecimal } from '../../../../src/core/money'
import { wallClockIn } from '../../../../src/core/wall-clock'
import { ORDER_STATUS, PAYMENT_STATUS } from '../../../../src/gateway/order-rows'
import type { LocalizedText } from '../../../../src/gateway/contract'
import type {
  DayReportGoodsRow,
  DayReportPaymentRow,
  DayReportRefundRow,
  DayReportStationRow,
  DayReportSummaryRow
} from '../../../../src/gateway/report-contract'
import { parseNames } from '../../storage/repositories/row-mapping'
import type { Database } from '../../storage/schema'
import { enterpriseTimeZone } from '../enterprise/enterprise.service'
import { DomainError } from '../errors'
import { businessDayOf } from '../orders/order-placement'
import { moneySettings } from '../payments/payment.service'
import { assertBase, assertShop, mayBase, type StaffActor } from '../staff/staff-actor'

/** A branch the report covers, with what its business day needs. */
export interface ReportBranch {
  baseId: string
  shopId: string
  beginTime: string
  endTime: string
  names: LocalizedText
  shopNames: LocalizedText
}

export interface DayReport {
  summary: DayReportSummaryRow
  payments: DayReportPaymentRow[]
  refunds: DayReportRefundRow[]
  goods: DayReportGoodsRow[]
  stations: DayReportStationRow[]
  /** What the CSV needs besides the rows. */
  branches: ReportBranch[]
  timeZone: string
}

/** Ids per IN list: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500

/**
 * The branches a person asked for and may see: one branch (assertBase), a shop's branches in their
 * scope (assertShop), or every branch in their scope. Another enterprise's ids are not found.
 */
export async function reportBranches(db: Kysely<Database>, actor: StaffActor, ask: { baseId: string; shopId: string }): Promise<ReportBranch[]> {
  let query = db
    .selectFrom('bases as b')
    .innerJoin('shops as s', 's.shop_id', 'b.shop_id')
    .select(['b.base_id', 'b.shop_id', 'b.begin_time', 'b.end_time', 'b.names', 's.names as shop_names'])
    .where('b.ent_id', '=', actor.entId)
    .orderBy('b.shop_id')
    .orderBy('b.base_id')
  if (ask.baseId) {
    query = query.where('b.base_id', '=', ask.baseId)
  } else if (ask.shopId) {
    const shop = await db.selectFrom('shops').select('shop_id').where('shop_id', '=', ask.shopId).where('ent_id', '=', actor.entId).executeTakeFirst()
    if (!shop) throw new DomainError('SHOP_NOT_FOUND')
    assertShop(actor, shop.shop_id)
    query = query.where('b.shop_id', '=', ask.shopId)
  }
  const rows = await query.execute()
  if (ask.baseId) {
    const base = rows[0]
    if (!base) throw new DomainError('BASE_NOT_FOUND')
    assertBase(actor, base.shop_id, base.base_id)
  }
  return rows
    .filter((r) => mayBase(actor, r.shop_id, r.base_id))
    .map((r) => ({ baseId: r.base_id, shopId: r.shop_id, beginTime: r.begin_time, endTime: r.end_time, names: parseNames(r.names), shopNames: parseNames(r.shop_names) }))
}

interface Sale {
  orderIds: string[]
  amount: Decimal
}

interface PaymentLine {
  provider: string
  amount: Decimal
}

interface RefundEvent extends DayReportRefundRow {
  amountValue: Decimal
}

/**
 * The business day running at `now` over `branches` (the enterprise's clock, each branch's hours,
 * as orders take their business_day): in the small hours of a branch open past midnight, the day
 * before. Of several branches the earliest, the day one of them is still serving; with none, the date.
 */
export function runningBusinessDay(branches: readonly Pick<ReportBranch, 'beginTime' | 'endTime'>[], timeZone: string, now: Date): string {
  const wall = wallClockIn(timeZone, now)
  const days = branches.map((b) => businessDayOf(b, wall))
  return days.length ? days.reduce((a, b) => (b < a ? b : a)) : wall.date
}

/**
 * The report of `day` over `branches` (all of one enterprise); `day` '' is the business day running
 * at `now` (runningBusinessDay), and the summary says which. `now` is when it is made. With no
 * branches the report is empty (a shop none of whose branches the person works at).
 */
export async function dayReport(db: Kysely<Database>, input: { entId: string; branches: ReportBranch[]; day: string; now: Date; ask?: { baseId: string; shopId: string } }): Promise<DayReport> {
  const { entId, branches } = input
  const [{ currency, amoPoint }, timeZone] = await Promise.all([moneySettings(db, entId), enterpriseTimeZone(db, entId)])
  const day = input.day || runningBusinessDay(branches, timeZone, input.now)
  const money = (value: Decimal): string => {
    const rounded = roundHalfUp(value, amoPoint)
    return (rounded.isZero() ? new Decimal(0) : rounded).toFixed(amoPoint)
  }
  const baseIds = branches.map((b) => b.baseId)

  const empty = baseIds.length === 0
  const saleOrders = empty ? [] : await paidOrdersOfDay(db, entId, baseIds, day)
  const bills = empty ? [] : await settledBillsOfDay(db, entId, baseIds, day)
  const settlements = await settlementsOf(db, bills.map((b) => b.sheet_id))

  // Sales: each prepay order at what it was paid; each bill at its total or what its settlements paid.
  const sales: Sale[] = []
  let orderSalesAmount = new Decimal(0)
  for (const o of saleOrders) {
    const amount = toDecimal(o.paid_amount)
    sales.push({ orderIds: [o.order_id], amount })
    orderSalesAmount = orderSalesAmount.plus(amount)
  }
  let billSalesAmount = new Decimal(0)
  for (const bill of bills) {
    const own = settlements.filter((s) => s.table_sheet_id === bill.sheet_id)
    const paid = own.reduce((sum, s) => sum.plus(toDecimal(s.paid_amount)), new Decimal(0))
    const total = toDecimal(bill.amount)
    const amount = paid.gt(total) ? paid : total
    sales.push({ orderIds: own.map((s) => s.order_id), amount })
    billSalesAmount = billSalesAmount.plus(amount)
  }

  // The payments that paid them.
  const paidAt = new Map<string, string | null>([...saleOrders.map((o) => [o.order_id, o.paid_at] as const), ...settlements.map((s) => [s.order_id, s.paid_at] as const)])
  const payments = empty ? [] : await paymentsOfSales(db, entId, baseIds, day, settlements.map((s) => s.order_id))
  const counted = payments.filter((p) => paidTheOrder(p, paidAt.get(p.order_id) ?? null))
  const byOrder = new Map<string, PaymentLine[]>()
  for (const p of counted) byOrder.set(p.order_id, [...(byOrder.get(p.order_id) ?? []), { provider: p.provider, amount: toDecimal(p.amount) }])
  const methods = new Map<string, { payments: number; amount: Decimal; refunds: number; refundAmount: Decimal }>()
  const method = (provider: string) => {
    let m = methods.get(provider)
    if (!m) methods.set(provider, (m = { payments: 0, amount: new Decimal(0), refunds: 0, refundAmount: new Decimal(0) }))
    return m
  }
  for (const sale of sales) {
    let recorded = new Decimal(0)
    for (const orderId of sale.orderIds) {
      for (const line of byOrder.get(orderId) ?? []) {
        const m = method(line.provider)
        m.payments += 1
        m.amount = m.amount.plus(line.amount)
        recorded = recorded.plus(line.amount)
      }
    }
    const unrecorded = sale.amount.minus(recorded)
    if (unrecorded.gt(0)) {
      const m = method('')
      m.payments += 1
      m.amount = m.amount.plus(unrecorded)
    }
  }

  // Refunds made during the day.
  const refunds = empty ? [] : await refundsOfDay(db, entId, branches, day, timeZone)
  for (const r of refunds) {
    const m = method(r.Provider)
    m.refunds += 1
    m.refundAmount = m.refundAmount.plus(r.amountValue)
  }
  const refundAmount = refunds.reduce((sum, r) => sum.plus(r.amountValue), new Decimal(0))

  // Coupons: paid prepay orders that stood.
  const standing = saleOrders.filter((o) => o.status !== ORDER_STATUS.CANCELLED)
  const withCoupon = standing.filter((o) => o.card_id !== '' && toDecimal(o.coupon_amount).gt(0))
  const couponAmount = withCoupon.reduce((sum, o) => sum.plus(toDecimal(o.coupon_amount)), new Decimal(0))

  const goods = await topGoods(db, entId, standing.map((o) => o.order_id), bills.map((b) => b.sheet_id))
  const stations = empty ? [] : await preparationTimes(db, entId, baseIds, day)

  const salesAmount = orderSalesAmount.plus(billSalesAmount)
  const providerOrder = (p: string) => (p === '' ? 1 : 0)
  const paymentRows: DayReportPaymentRow[] = [...methods.entries()]
    .sort(([a, x], [b, y]) => providerOrder(a) - providerOrder(b) || y.amount.comparedTo(x.amount) || a.localeCompare(b))
    .map(([provider, m]) => ({
      Provider: provider,
      Payments: m.payments,
      Amount: money(m.amount),
      Refunds: m.refunds,
      RefundAmount: money(m.refundAmount),
      NetAmount: money(m.amount.minus(m.refundAmount))
    }))
  const only = branches.length === 1 ? branches[0] : null
  return {
    summary: {
      Day: day,
      ShopID: only?.shopId ?? input.ask?.shopId ?? '',
      BaseID: only?.baseId ?? '',
      BaseIDs: baseIds.join(','),
      Currency: currency,
      AmoPoint: amoPoint,
      Sales: sales.length,
      SalesAmount: money(salesAmount),
      OrderSales: saleOrders.length,
      OrderSalesAmount: money(orderSalesAmount),
      BillSales: bills.length,
      BillSalesAmount: money(billSalesAmount),
      Refunds: refunds.length,
      RefundAmount: money(refundAmount),
      NetAmount: money(salesAmount.minus(refundAmount)),
      CouponOrders: withCoupon.length,
      CouponAmount: money(couponAmount),
      BumpedTickets: stations.reduce((n, s) => n + s.Tickets, 0),
      MadeAt: input.now.toISOString()
    },
    payments: paymentRows,
    refunds: refunds.map(({ amountValue, ...row }) => ({ ...row, Amount: money(amountValue) })),
    goods: goods.map((g) => ({ ...g, Amount: money(toDecimal(g.Amount)) })),
    stations,
    branches,
    timeZone
  }
}

/** A payment paid its order: it is paid, or it was refunded after having paid (settled no later than the order was paid). */
function paidTheOrder(p: { status: number; settled_at: string | null }, orderPaidAt: string | null): boolean {
  if (p.status === PAYMENT_STATUS.PAID) return true
  return p.status === PAYMENT_STATUS.REFUNDED && orderPaidAt !== null && p.settled_at !== null && p.settled_at <= orderPaidAt
}

/** Prepay orders of the day that were paid (a later cancel included). */
function paidOrdersOfDay(db: Kysely<Database>, entId: string, baseIds: string[], day: string) {
  return db
    .selectFrom('orders')
    .select(['order_id', 'base_id', 'status', 'paid_amount', 'paid_at', 'card_id', 'coupon_amount'])
    .where('ent_id', '=', entId)
    .where('base_id', 'in', baseIds)
    .where('business_day', '=', day)
    .where('kind', '=', 'order')
    .where('paid_at', 'is not', null)
    .orderBy('order_id')
    .execute()
}

/** Table bills settled (status 2) whose first round is of the day. */
async function settledBillsOfDay(db: Kysely<Database>, entId: string, baseIds: string[], day: string) {
  const rounds = await db
    .selectFrom('orders')
    .select('table_sheet_id')
    .distinct()
    .where('ent_id', '=', entId)
    .where('base_id', 'in', baseIds)
    .where('business_day', '=', day)
    .where('kind', '=', 'round')
    .where('table_sheet_id', '<>', '')
    .execute()
  const sheetIds = rounds.map((r) => r.table_sheet_id)
  const bills: { sheet_id: string; base_id: string; amount: string; paid_amount: string }[] = []
  for (const ids of chunks(sheetIds)) {
    const first = await db
      .selectFrom('orders')
      .select(['table_sheet_id', (eb) => eb.fn.min<string>('business_day').as('first_day')])
      .where('kind', '=', 'round')
      .where('table_sheet_id', 'in', ids)
      .groupBy('table_sheet_id')
      .execute()
    const ofDay = first.filter((f) => f.first_day === day).map((f) => f.table_sheet_id)
    if (ofDay.length === 0) continue
    bills.push(
      ...(await db
        .selectFrom('table_sheets')
        .select(['sheet_id', 'base_id', 'amount', 'paid_amount'])
        .where('ent_id', '=', entId)
        .where('sheet_id', 'in', ofDay)
        .where('status', '=', ORDER_STATUS.COMPLETED)
        .execute())
    )
  }
  return bills.sort((a, b) => a.sheet_id.localeCompare(b.sheet_id))
}

/** The paid settlement orders of bills. */
async function settlementsOf(db: Kysely<Database>, sheetIds: string[]) {
  const rows: { order_id: string; table_sheet_id: string; paid_amount: string; paid_at: string | null }[] = []
  for (const ids of chunks(sheetIds)) {
    rows.push(
      ...(await db
        .selectFrom('orders')
        .select(['order_id', 'table_sheet_id', 'paid_amount', 'paid_at'])
        .where('kind', '=', 'settlement')
        .where('table_sheet_id', 'in', ids)
        .where('paid_at', 'is not', null)
        .execute())
    )
  }
  return rows
}

/** Paid or refunded payments of the day's paid prepay orders and of the bills' settlements. */
async function paymentsOfSales(db: Kysely<Database>, entId: string, baseIds: string[], day: string, settlementIds: string[]) {
  const ofOrders = await db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.order_id', 'p.order_id')
    .select(['p.pay_id', 'p.order_id', 'p.provider', 'p.amount', 'p.status', 'p.settled_at'])
    .where('o.ent_id', '=', entId)
    .where('o.base_id', 'in', baseIds)
    .where('o.business_day', '=', day)
    .where('o.kind', '=', 'order')
    .where('o.paid_at', 'is not', null)
    .where('p.status', 'in', [PAYMENT_STATUS.PAID, PAYMENT_STATUS.REFUNDED])
    .execute()
  const rows = [...ofOrders]
  for (const ids of chunks(settlementIds)) {
    rows.push(
      ...(await db
        .selectFrom('payments')
        .select(['pay_id', 'order_id', 'provider', 'amount', 'status', 'settled_at'])
        .where('order_id', 'in', ids)
        .where('status', 'in', [PAYMENT_STATUS.PAID, PAYMENT_STATUS.REFUNDED])
        .execute())
    )
  }
  return rows.map((r) => ({ ...r, status: Number(r.status) })).sort((a, b) => a.pay_id.localeCompare(b.pay_id))
}

/**
 * Refunds made during the business day `day`, each by its time on the enterprise's clock and its
 * branch's hours (the rule orders are given their day by). Candidates come from a window two days
 * wide on either side; the day rule then picks.
 */
async function refundsOfDay(db: Kysely<Database>, entId: string, branches: ReportBranch[], day: string, timeZone: string): Promise<RefundEvent[]> {
  const baseIds = branches.map((b) => b.baseId)
  const branchOf = new Map(branches.map((b) => [b.baseId, b]))
  const dayStart = Date.parse(`${day}T00:00:00.000Z`)
  const from = new Date(dayStart - 2 * 86_400_000).toISOString()
  const to = new Date(dayStart + 3 * 86_400_000).toISOString()
  const ofDay = (baseId: string, at: string): boolean => {
    const branch = branchOf.get(baseId)
    const instant = new Date(at)
    return branch !== undefined && !Number.isNaN(instant.getTime()) && businessDayOf(branch, wallClockIn(timeZone, instant)) === day
  }
  const orderColumns = ['o.order_id', 'o.shop_id', 'o.base_id', 'o.pickup_no', 'o.business_day', 'o.table_id'] as const

  const afterSale = await db
    .selectFrom('after_sale_refunds as r')
    .innerJoin('payments as p', 'p.pay_id', 'r.pay_id')
    .innerJoin('orders as o', 'o.order_id', 'p.order_id')
    .select([...orderColumns, 'r.provider', 'r.amount', 'r.created_at', 'r.after_sale_id', 'r.pay_id'])
    .where('o.ent_id', '=', entId)
    .where('o.base_id', 'in', baseIds)
    .where('r.created_at', '>=', from)
    .where('r.created_at', '<', to)
    .execute()

  const cancelled = await db
    .selectFrom('orders as o')
    .select([...orderColumns, 'o.paid_at', 'o.cancelled_at'])
    .where('o.ent_id', '=', entId)
    .where('o.base_id', 'in', baseIds)
    .where('o.kind', 'in', ['order', 'settlement'])
    .where('o.status', '=', ORDER_STATUS.CANCELLED)
    .where('o.paid_at', 'is not', null)
    .where('o.cancelled_at', '>=', from)
    .where('o.cancelled_at', '<', to)
    .execute()
  const cancelledOfDay = cancelled.filter((o) => o.cancelled_at !== null && ofDay(o.base_id, o.cancelled_at))
  const cancelPayments: { pay_id: string; order_id: string; provider: string; amount: string; status: number; settled_at: string | null }[] = []
  for (const ids of chunks(cancelledOfDay.map((o) => o.order_id))) {
    cancelPayments.push(
      ...(await db
        .selectFrom('payments')
        .select(['pay_id', 'order_id', 'provider', 'amount', 'status', 'settled_at'])
        .where('order_id', 'in', ids)
        .where('status', '=', PAYMENT_STATUS.REFUNDED)
        .execute())
    )
  }
  // What after-sale requests had given back of those payments before the cancel gave back the rest.
  const givenBefore = new Map<string, Decimal>()
  for (const ids of chunks(cancelPayments.map((p) => p.pay_id))) {
    const rows = await db.selectFrom('after_sale_refunds').select(['pay_id', 'amount']).where('pay_id', 'in', ids).execute()
    for (const r of rows) givenBefore.set(r.pay_id, (givenBefore.get(r.pay_id) ?? new Decimal(0)).plus(toDecimal(r.amount)))
  }

  const tableIds = [...new Set([...afterSale, ...cancelledOfDay].map((o) => o.table_id).filter(Boolean))]
  const tableCodes = new Map<string, string>()
  for (const ids of chunks(tableIds)) {
    for (const t of await db.selectFrom('dining_tables').select(['table_id', 'code']).where('table_id', 'in', ids).execute()) tableCodes.set(t.table_id, t.code)
  }
  const orderPart = (o: { order_id: string; shop_id: string; base_id: string; pickup_no: string; business_day: string; table_id: string }) => ({
    OrderID: o.order_id,
    PickupNo: o.pickup_no,
    TableName: o.table_id ? (tableCodes.get(o.table_id) ?? o.table_id) : '',
    OrderDay: o.business_day,
    ShopID: o.shop_id,
    BaseID: o.base_id
  })

  const events: RefundEvent[] = []
  for (const r of afterSale) {
    if (!ofDay(r.base_id, r.created_at)) continue
    const amountValue = toDecimal(r.amount)
    events.push({ At: r.created_at, Kind: 'aftersale', ...orderPart(r), Provider: r.provider, Amount: '', amountValue })
  }
  for (const o of cancelledOfDay) {
    for (const p of cancelPayments.filter((x) => x.order_id === o.order_id)) {
      if (!paidTheOrder({ status: Number(p.status), settled_at: p.settled_at }, o.paid_at)) continue
      const left = toDecimal(p.amount).minus(givenBefore.get(p.pay_id) ?? new Decimal(0))
      if (left.lte(0)) continue
      events.push({ At: o.cancelled_at as string, Kind: 'cancel', ...orderPart(o), Provider: p.provider, Amount: '', amountValue: left })
    }
  }
  return events.sort((a, b) => a.At.localeCompare(b.At) || a.OrderID.localeCompare(b.OrderID) || a.Provider.localeCompare(b.Provider))
}

/**
 * Every goods of the standing prepay orders and of the settled bills' rounds (not cancelled or
 * expired), most sold first: main units, then amount, then goods id. Coupon lines (no goods) are
 * left out.
 */
async function topGoods(db: Kysely<Database>, entId: string, orderIds: string[], billSheetIds: string[]): Promise<DayReportGoodsRow[]> {
  const roundIds: string[] = []
  for (const ids of chunks(billSheetIds)) {
    const rounds = await db
      .selectFrom('orders')
      .select('order_id')
      .where('ent_id', '=', entId)
      .where('kind', '=', 'round')
      .where('table_sheet_id', 'in', ids)
      .where('status', 'not in', [ORDER_STATUS.CANCELLED, ORDER_STATUS.EXPIRED])
      .execute()
    roundIds.push(...rounds.map((r) => r.order_id))
  }
  const totals = new Map<string, { shopId: string; name: string; qua: Decimal; amount: Decimal; lines: number }>()
  for (const ids of chunks([...orderIds, ...roundIds])) {
    const lines = await db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.order_id', 'l.order_id')
      .select(['l.goods_id', 'l.goods_name', 'l.qua', 'l.amount', 'o.shop_id'])
      .where('l.order_id', 'in', ids)
      .where('l.goods_id', '<>', '')
      .execute()
    for (const l of lines) {
      const t = totals.get(l.goods_id) ?? { shopId: l.shop_id, name: l.goods_name, qua: new Decimal(0), amount: new Decimal(0), lines: 0 }
      t.qua = t.qua.plus(toDecimal(l.qua))
      t.amount = t.amount.plus(toDecimal(l.amount))
      t.lines += 1
      totals.set(l.goods_id, t)
    }
  }
  const menu = new Map<string, { names: LocalizedText; units: LocalizedText }>()
  for (const ids of chunks([...totals.keys()])) {
    for (const g of await db.selectFrom('goods').select(['goods_id', 'names', 'unit_names']).where('goods_id', 'in', ids).execute()) {
      menu.set(g.goods_id, { names: parseNames(g.names), units: parseNames(g.unit_names) })
    }
  }
  const same = (text: string): LocalizedText => ({ 'zh-CN': text, 'zh-TW': text, en: text })
  return [...totals.entries()]
    .sort(([a, x], [b, y]) => y.qua.comparedTo(x.qua) || y.amount.comparedTo(x.amount) || a.localeCompare(b))
    .map(([goodsId, t]) => ({
      GoodsID: goodsId,
      ShopID: t.shopId,
      Names: menu.get(goodsId)?.names ?? same(t.name),
      Units: menu.get(goodsId)?.units ?? same(''),
      Qua: t.qua.toFixed(),
      // Exact here; dayReport rounds it with the other amounts.
      Amount: t.amount.toFixed(),
      Lines: t.lines
    }))
}

/** Bumped tickets of the day's orders, per branch and station: how many, average and longest bumped_at − created_at. */
async function preparationTimes(db: Kysely<Database>, entId: string, baseIds: string[], day: string): Promise<DayReportStationRow[]> {
  const tickets = await db
    .selectFrom('kitchen_tickets as t')
    .innerJoin('orders as o', 'o.order_id', 't.order_id')
    .leftJoin('kitchen_stations as k', 'k.station_id', 't.station_id')
    .select(['t.shop_id', 't.base_id', 't.station_id', 'k.name', 'k.sort', 't.created_at', 't.bumped_at'])
    .where('t.ent_id', '=', entId)
    .where('o.ent_id', '=', entId)
    .where('o.base_id', 'in', baseIds)
    .where('o.business_day', '=', day)
    .where('t.status', '=', 'bumped')
    .where('t.bumped_at', 'is not', null)
    .execute()
  const groups = new Map<string, { shopId: string; baseId: string; stationId: string; name: string; sort: number; count: number; total: Decimal; longest: number }>()
  for (const t of tickets) {
    const ms = Date.parse(t.bumped_at as string) - Date.parse(t.created_at)
    if (!Number.isFinite(ms) || ms < 0) continue
    const key = `${t.base_id}\u0000${t.station_id}`
    const g = groups.get(key) ?? {
      shopId: t.shop_id,
      baseId: t.base_id,
      stationId: t.station_id,
      // '' the implicit station; a removed station by its id.
      name: t.station_id === '' ? '' : (t.name ?? t.station_id),
      sort: t.station_id === '' ? -1 : Number(t.sort ?? 0),
      count: 0,
      total: new Decimal(0),
      longest: 0
    }
    g.count += 1
    g.total = g.total.plus(ms)
    g.longest = Math.max(g.longest, ms)
    groups.set(key, g)
  }
  return [...groups.values()]
    .sort((a, b) => a.baseId.localeCompare(b.baseId) || a.sort - b.sort || a.name.localeCompare(b.name) || a.stationId.localeCompare(b.stationId))
    .map((g) => ({
      ShopID: g.shopId,
      BaseID: g.baseId,
      StationID: g.stationId,
      StationName: g.name,
      Tickets: g.count,
      AverageSeconds: roundHalfUp(g.total.div(g.count).div(1000), 0).toNumber(),
      LongestSeconds: roundHalfUp(new Decimal(g.longest).div(1000), 0).toNumber()
    }))
}

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
