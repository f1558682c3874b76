/**
 * Front of house as the counter sees it (issue 24 item 3; docs/front-of-house.md): a branch's
 * tables with their open bills (rounds with their kitchen stage and lines, the bill's payments,
 * amount, paid, due), and the prepay orders the counter deals with (awaiting payment, paid or
 * ready and not collected). The same rows answer CounterFloorGet, every counter operation and the
 * live events (counter-events.ts), so a screen that upserts an event's row by its id shows what a
 * fresh read would.
 *
 * Goods are named in the restaurant's language (the kitchen's: kitchenLocaleOf), whatever language
 * the diner ordered in. Reads only; never imports the HTTP layer.
 */
import type { Kysely, Selectable } from 'kysely'
import type {
  CounterBillRow,
  CounterKitchenStage,
  CounterLineRow,
  CounterOrderRow,
  CounterPaymentRow,
  CounterRoundRow,
  CounterTableRow
} from '../../../../src/gateway/counter-contract'
import type { Locale } from '../../../../src/gateway/contract'
import { maxDecimal, sumDecimals, toDecimal } from '../../../../src/core/money'
import { ORDER_STATUS, PAYMENT_STATUS } from '../../../../src/gateway/order-rows'
import { readCounter } from '../../live/outbox'
import type { Database } from '../../storage/schema'
import { kitchenLocaleIn, kitchenLocaleOf, kitchenQuantityOf } from '../kitchen/kitchen-view'
import { linesInLanguage, type LineNames } from '../orders/line-names'
import { orderLineRow } from '../orders/order-view'
import { listEnterpriseSettings } from '../../storage/repositories/enterprise.repository'
import { decimalPoints } from '../../../../src/core/money'

type OrderRecord = Selectable<Database['orders']>
type LineRecord = Selectable<Database['order_lines']>
type TableRecord = Selectable<Database['dining_tables']>
type Db = Kysely<Database>

/** Paid or ready prepay orders stay on the counter's list this long at most (collected or not). */
export const WAITING_HOURS = 24
/** Waiting orders shown at most (the oldest first). */
export const WAITING_LIMIT = 200

const COUPON_SALE_TYPE = 5

export interface Floor {
  tables: CounterTableRow[]
  orders: CounterOrderRow[]
  position: number
  currency: string
  amoPoint: number
}

/** The whole floor of a branch, with the event position read first (events after it apply on top). */
export async function readFloor(db: Db, entId: string, baseId: string, now: Date): Promise<Floor> {
  const position = (await readCounter(db, entId)).lastId
  const locale = await kitchenLocaleOf(db, entId)
  const [tables, money] = await Promise.all([
    db
      .selectFrom('dining_tables')
      .selectAll()
      .where('ent_id', '=', entId)
      .where('base_id', '=', baseId)
      .where((eb) => eb.or([eb('is_enable', '=', 1), eb('table_id', 'in', eb.selectFrom('table_sheets').select('table_id').where('base_id', '=', baseId).where('status', '=', ORDER_STATUS.AWAITING_PAYMENT))]))
      .execute(),
    moneySettings(db, entId)
  ])
  const waiting = await waitingOrderIds(db, entId, baseId, now)
  const [tableRows, orders] = await Promise.all([buildTables(db, tables, locale, money.amoPoint), buildOrders(db, waiting, locale, money.amoPoint)])
  tableRows.sort((a, b) => a.Area.localeCompare(b.Area) || a.TableName.localeCompare(b.TableName, undefined, { numeric: true }) || a.TableID.localeCompare(b.TableID))
  return { tables: tableRows, orders, position, currency: money.currency, amoPoint: money.amoPoint }
}

/** Prepay orders of the branch awaiting payment (not past their time), paid or ready (recent), oldest first. */
async function waitingOrderIds(db: Db, entId: string, baseId: string, now: Date): Promise<OrderRecord[]> {
  const since = new Date(now.getTime() - WAITING_HOURS * 3_600_000).toISOString()
  return db
    .selectFrom('orders')
    .selectAll()
    .where('ent_id', '=', entId)
    .where('base_id', '=', baseId)
    .where('kind', '=', 'order')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', ORDER_STATUS.AWAITING_PAYMENT), eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now.toISOString())])]),
        eb.and([eb('status', 'in', [ORDER_STATUS.PAID, ORDER_STATUS.READY]), eb('created_at', '>=', since)])
      ])
    )
    .orderBy('created_at')
    .orderBy('order_id')
    .limit(WAITING_LIMIT)
    .execute()
}

/** Whether a prepay order belongs on the counter's waiting list as it is now. */
export function isWaiting(order: Pick<OrderRecord, 'kind' | 'status' | 'expires_at'>, now: Date): boolean {
  if (order.kind !== 'order') return false
  if (order.status === ORDER_STATUS.AWAITING_PAYMENT) return !order.expires_at || order.expires_at > now.toISOString()
  return order.status === ORDER_STATUS.PAID || order.status === ORDER_STATUS.READY
}

/** The tables named, as rows now (unknown ids are left out). */
export async function loadTableRows(db: Db, entId: string, tableIds: readonly string[]): Promise<CounterTableRow[]> {
  return (await loadTablesWithRows(db, entId, tableIds)).map((t) => t.row)
}

/**
 * loadTableRows' rows, each with the table's own record (its shop and branch): a bill's event
 * names its place from the record read for its row, not from a second read of the tables.
 */
export async function loadTablesWithRows(db: Db, entId: string, tableIds: readonly string[]): Promise<{ table: TableRecord; row: CounterTableRow }[]> {
  if (tableIds.length === 0) return []
  const tables = await db.selectFrom('dining_tables').selectAll().where('ent_id', '=', entId).where('table_id', 'in', [...tableIds]).execute()
  const [locale, money] = await Promise.all([kitchenLocaleOf(db, entId), moneySettings(db, entId)])
  const rows = await buildTables(db, tables, locale, money.amoPoint)
  const rowBy = new Map(rows.map((r) => [r.TableID, r]))
  const tableBy = new Map(tables.map((t) => [t.table_id, t]))
  return tableIds.flatMap((id) => {
    const row = rowBy.get(id)
    const table = tableBy.get(id)
    return row && table ? [{ table, row }] : []
  })
}

/** The prepay orders named, as rows now. */
export async function loadOrderRows(db: Db, entId: string, orderIds: readonly string[]): Promise<CounterOrderRow[]> {
  if (orderIds.length === 0) return []
  // By their keys alone, the enterprise and kind checked on the rows (order.repository.ts findOrder says why).
  const orders = (await db.selectFrom('orders').selectAll().where('order_id', 'in', [...orderIds]).execute()).filter((o) => o.ent_id === entId && o.kind === 'order')
  const [locale, money] = await Promise.all([kitchenLocaleOf(db, entId), moneySettings(db, entId)])
  const rows = await buildOrders(db, orders, locale, money.amoPoint)
  const byId = new Map(rows.map((r) => [r.OrderID, r]))
  return orderIds.map((id) => byId.get(id)).filter((r): r is CounterOrderRow => r !== undefined)
}

/**
 * The row of a prepay order written in this transaction by its caller (OrderSubmit; a payment
 * that sent it to the kitchen), from the records it wrote: loadOrderRows' row without reading the
 * order, its lines and its kitchen ledger back (`sends`: all of it; a new order has none), and
 * with the enterprise's settings read once.
 */
export async function placedOrderRow(trx: Db, order: OrderRecord, lines: readonly LineRecord[], names?: LineNames, sends: KnownLines['sends'] = []): Promise<CounterOrderRow> {
  const settings = new Map((await listEnterpriseSettings(trx, order.ent_id)).map((p) => [p.parmId, p.parmValue]))
  const amoPoint = decimalPoints({ AmoPoint: settings.get('AmoPoint') }).AmoPoint
  const [row] = await buildOrders(trx, [order], kitchenLocaleIn(settings), amoPoint, { lines, sends, names })
  return row
}

/** Currency symbol and amount decimals (payment.service's moneySettings, read here without importing payments). */
async function moneySettings(db: Db, entId: string): Promise<{ currency: string; amoPoint: number }> {
  const settings = Object.fromEntries((await listEnterpriseSettings(db, entId)).map((p) => [p.parmId, p.parmValue]))
  return { currency: settings.Currency ?? '', amoPoint: decimalPoints(settings).AmoPoint }
}

const due = (amount: string, paid: string, amoPoint: number): string => maxDecimal(0, toDecimal(amount).minus(toDecimal(paid))).toFixed(amoPoint)

function stageOf(stages: string[]): CounterKitchenStage {
  if (stages.includes('preparing')) return 'preparing'
  return stages.includes('ready') ? 'ready' : ''
}

async function buildTables(db: Db, tables: TableRecord[], locale: Locale, amoPoint: number): Promise<CounterTableRow[]> {
  if (tables.length === 0) return []
  const sheets = await db
    .selectFrom('table_sheets')
    .selectAll()
    .where('table_id', 'in', tables.map((t) => t.table_id))
    .where('status', '=', ORDER_STATUS.AWAITING_PAYMENT)
    .execute()
  const sheetIds = sheets.map((s) => s.sheet_id)
  const [rounds, payments] = sheetIds.length
    ? await Promise.all([
        db.selectFrom('orders').selectAll().where('table_sheet_id', 'in', sheetIds).where('kind', '=', 'round').orderBy('round_no').execute(),
        billPayments(db, sheetIds)
      ])
    : [[], []]
  const lines = await namedLines(db, rounds, locale)
  const sheetOf = new Map(sheets.map((s) => [s.table_id, s]))
  return tables.map((t): CounterTableRow => {
    const sheet = sheetOf.get(t.table_id)
    let bill: CounterBillRow | null = null
    if (sheet) {
      const own = rounds.filter((r) => r.table_sheet_id === sheet.sheet_id)
      const roundRows = own.map(
        (r): CounterRoundRow => ({
          RoundID: r.order_id,
          RoundNo: Number(r.round_no),
          Status: Number(r.status),
          KitchenStage: r.kitchen_stage as CounterKitchenStage,
          GoodsAmount: r.goods_amount,
          Amount: r.amount,
          CreatedAt: r.created_at,
          Lines: lines.get(r.order_id) ?? []
        })
      )
      bill = {
        SheetID: sheet.sheet_id,
        TableID: sheet.table_id,
        OpenedAt: sheet.created_at,
        RoundCount: Number(sheet.round_count),
        Amount: toDecimal(sheet.amount).toFixed(amoPoint),
        PaidAmount: toDecimal(sheet.paid_amount).toFixed(amoPoint),
        Due: due(sheet.amount, sheet.paid_amount, amoPoint),
        SettlementID: sheet.settlement_id,
        KitchenStage: stageOf(own.map((r) => r.kitchen_stage)),
        Rounds: roundRows,
        Payments: payments.filter((p) => p.SheetID === sheet.sheet_id)
      }
    }
    return { TableID: t.table_id, TableName: t.code, Area: t.area ?? '', InService: Number(t.is_enable) === 1 ? 1 : 0, Bill: bill }
  })
}

/** The paid payments of the bills' settlements (counter and online), oldest first. */
async function billPayments(db: Db, sheetIds: string[]): Promise<CounterPaymentRow[]> {
  const rows = await db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.order_id', 'p.order_id')
    .leftJoin('counter_payments as c', 'c.pay_id', 'p.pay_id')
    .select(['p.pay_id', 'p.order_id', 'p.provider', 'p.amount', 'p.settled_at', 'p.created_at', 'o.table_sheet_id', 'c.tendered', 'c.change_given', 'c.staff_name'])
    .where('o.table_sheet_id', 'in', sheetIds)
    .where('o.kind', '=', 'settlement')
    .where('p.status', '=', PAYMENT_STATUS.PAID)
    .orderBy('p.created_at')
    .orderBy('p.pay_id')
    .execute()
  return rows.map((r) => paymentRowOf({ ...r, sheetId: r.table_sheet_id }))
}

export function paymentRowOf(r: {
  pay_id: string
  order_id: string
  provider: string
  amount: string
  settled_at: string | null
  created_at: string
  sheetId: string
  tendered: string | null
  change_given: string | null
  staff_name: string | null
}): CounterPaymentRow {
  return {
    PayID: r.pay_id,
    SheetID: r.sheetId,
    OrderID: r.order_id,
    Method: r.provider,
    Amount: r.amount,
    Tendered: r.tendered ?? '',
    Change: r.change_given ?? '',
    At: r.settled_at ?? r.created_at,
    StaffName: r.staff_name ?? ''
  }
}

/** The orders' lines and kitchen sends when the caller has them (placedOrderRow); else they are read. */
interface KnownLines {
  lines: readonly LineRecord[]
  sends: readonly { order_id: string; line_no: number; delta: string }[]
  /** Their names from the menu (readLineNames), when read already. */
  names?: LineNames
}

async function buildOrders(db: Db, orders: OrderRecord[], locale: Locale, amoPoint: number, known?: KnownLines): Promise<CounterOrderRow[]> {
  if (orders.length === 0) return []
  const tableIds = [...new Set(orders.map((o) => o.table_id).filter(Boolean))]
  const [lines, tables] = await Promise.all([
    namedLines(db, orders, locale, known),
    tableIds.length ? db.selectFrom('dining_tables').select(['table_id', 'code']).where('table_id', 'in', tableIds).execute() : Promise.resolve([])
  ])
  const codeOf = new Map(tables.map((t) => [t.table_id, t.code]))
  return orders.map((o) => ({
    OrderID: o.order_id,
    PickupNo: o.pickup_no,
    ServiceType: o.service_type,
    TableName: (o.table_id && codeOf.get(o.table_id)) || '',
    Status: Number(o.status),
    KitchenStage: o.kitchen_stage as CounterKitchenStage,
    Amount: toDecimal(o.amount).toFixed(amoPoint),
    PaidAmount: toDecimal(o.paid_amount).toFixed(amoPoint),
    Due: o.status === ORDER_STATUS.AWAITING_PAYMENT ? due(o.amount, o.paid_amount, amoPoint) : toDecimal(0).toFixed(amoPoint),
    Remarks: o.remarks,
    CreatedAt: o.created_at,
    ExpiresAt: o.status === ORDER_STATUS.AWAITING_PAYMENT ? (o.expires_at ?? '') : '',
    Lines: lines.get(o.order_id) ?? []
  }))
}

/** Every goods line of the orders, named in `locale`, with what the kitchen was sent of it. */
async function namedLines(db: Db, orders: OrderRecord[], locale: Locale, known?: KnownLines): Promise<Map<string, CounterLineRow[]>> {
  const result = new Map<string, CounterLineRow[]>()
  if (orders.length === 0) return result
  const ids = orders.map((o) => o.order_id)
  const [records, sends] = known
    ? [known.lines, known.sends]
    : await Promise.all([
        db.selectFrom('order_lines').selectAll().where('order_id', 'in', ids).orderBy('order_id').orderBy('line_no').execute(),
        db.selectFrom('kitchen_sends').select(['order_id', 'line_no', 'delta']).where('order_id', 'in', ids).execute()
      ])
  const orderOf = new Map(orders.map((o) => [o.order_id, o]))
  const goods = records.filter((l) => Number(l.sale_type) !== COUPON_SALE_TYPE)
  const recordOf = new Map(goods.map((l) => [`${l.order_id}|${l.line_no}`, l]))
  const sentOf = new Map<string, string[]>()
  for (const s of sends) {
    const key = `${s.order_id}|${s.line_no}`
    sentOf.set(key, [...(sentOf.get(key) ?? []), s.delta])
  }
  const named = await linesInLanguage(
    db,
    goods.map((l) => orderLineRow(l, Number(orderOf.get(l.order_id)?.round_no ?? 0))),
    (orderId) => orderOf.get(orderId)?.shop_id ?? '',
    locale,
    (l) => recordOf.get(`${l.SheetID}|${l.LineNo}`)?.detail ?? '{}',
    known?.names
  )
  for (const line of named) {
    const key = `${line.SheetID}|${line.LineNo}`
    const record = recordOf.get(key) as LineRecord
    const { qua, byPack } = kitchenQuantityOf(record)
    const sent = sentOf.get(key)
    const sentQua = sent ? sumDecimals(sent).toFixed() : ''
    const row: CounterLineRow = {
      LineNo: line.LineNo,
      GoodsID: line.GoodsID,
      GoodsName: line.GoodsName,
      SkuName: line.SkuName,
      Qua: qua,
      Unit: byPack ? line.PUnit : line.Unit,
      Amount: record.amount,
      RemarkText: line.RemarkText,
      AddOnText: line.AddOnText,
      BomText: line.BomText,
      SentQua: sentQua,
      Cancelled: toDecimal(qua).isZero() && sent !== undefined ? 1 : 0
    }
    result.set(line.SheetID, [...(result.get(line.SheetID) ?? []), row])
  }
  return result
}
