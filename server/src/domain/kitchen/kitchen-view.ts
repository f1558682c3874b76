/**
 * Kitchen tickets as the board, the printer and the live events show them (KitchenTicketRow):
 * the ticket, its order's table, pickup number and round, and every line as the ledger has it now,
 * named in the kitchen's language (the enterprise's KitchenLocale setting, else its first
 * language) whatever language the diner ordered in.
 */
import type { Kysely, Selectable } from 'kysely'
import { LOCALES, type Locale } from '../../../../src/gateway/contract'
import type { KitchenLineChange, KitchenTicketLineRow, KitchenTicketRow } from '../../../../src/gateway/kitchen-contract'
import { toDecimal } from '../../../../src/core/money'
import { formatMarks } from '../../../../src/core/allergens'
import { listEnterpriseSettings } from '../../storage/repositories/enterprise.repository'
import type { Database, OrderLineTable, OrderTable } from '../../storage/schema'
import type { KitchenTicketLineTable, KitchenTicketTable } from '../../storage/schema-kitchen'
import type { OrderLineRow } from '../../../../src/gateway/order-rows'
import { lineNamesOfMenu, namedLines, readLineNames, type LineNames } from '../orders/line-names'
import { orderLineRow } from '../orders/order-view'
import { languagesOf } from '../setup/enterprise-setup.service'
import { lineMarks } from './line-allergens'

/** The enterprise setting naming the kitchen's language. */
export const KITCHEN_LOCALE_SETTING = 'KitchenLocale'

export async function kitchenLocaleOf(db: Kysely<Database>, entId: string): Promise<Locale> {
  return kitchenLocaleIn(new Map((await listEnterpriseSettings(db, entId)).map((p) => [p.parmId, p.parmValue])))
}

/** kitchenLocaleOf from the enterprise's settings already read (by ParmID). */
export function kitchenLocaleIn(all: ReadonlyMap<string, string>): Locale {
  const chosen = all.get(KITCHEN_LOCALE_SETTING)?.trim()
  if (chosen && (LOCALES as readonly string[]).includes(chosen)) return chosen as Locale
  return languagesOf(all.get('Languages'), all.get('AppLanguage'))[0]
}

/** The unit and quantity a line is counted in at the kitchen (its stepper unit). */
export function kitchenQuantityOf(line: { pcode: string; p_qua: string; m_qua: string; qua: string }): { qua: string; byPack: boolean } {
  const packs = toDecimal(line.p_qua)
  const mains = toDecimal(line.m_qua)
  if (line.pcode !== '' && mains.isZero()) return { qua: packs.toFixed(), byPack: true }
  // Packs and loose units on one line: counted in main units.
  if (line.pcode !== '' && !packs.isZero()) return { qua: toDecimal(line.qua).toFixed(), byPack: false }
  return { qua: mains.toFixed(), byPack: false }
}

const changeOf = (qua: string, prev: string): KitchenLineChange => {
  if (prev === '') return ''
  const now = toDecimal(qua)
  if (now.isZero()) return 'cancelled'
  return now.greaterThan(toDecimal(prev)) ? 'raised' : now.lessThan(toDecimal(prev)) ? 'lowered' : ''
}

/** A ticket's print failed for good when its latest job did (the reason, never empty then). */
const printErrorOf = (job: { state: string; error: string } | undefined): string => (job?.state === 'failed' ? job.error || 'not printed' : '')

/** The rows a ticket's view is made of: read (loadTicketRows) or, just written, in hand (kitchen-ledger.ts). */
export interface TicketParts {
  tickets: readonly Selectable<KitchenTicketTable>[]
  orders: readonly Selectable<OrderTable>[]
  /** The tickets' lines, by line number. */
  ticketLines: readonly Selectable<KitchenTicketLineTable>[]
  /** The orders' lines, by line number. */
  orderLines: readonly Selectable<OrderLineTable>[]
  stations: readonly { station_id: string; name: string; alert_minutes: number }[]
  /** The tickets' print jobs, oldest first. */
  prints: readonly { ticket_id: string; state: string; error: string }[]
  /** The lines' names (ticketLineNames), when read already. */
  names?: LineNames
  /** The orders' tables' names by table id, when known already. */
  tableCodes?: ReadonlyMap<string, string>
}

/**
 * The names of the orders' lines from the menu, as ticketRowsOf reads them: from `menu` (their
 * shop's, as the request read it) when it has all they need (lineNamesOfMenu), else read.
 */
export async function ticketLineNames(
  db: Kysely<Database>,
  orders: readonly Selectable<OrderTable>[],
  orderLines: readonly Selectable<OrderLineTable>[],
  menu?: Parameters<typeof lineNamesOfMenu>[0]
): Promise<LineNames> {
  const roundOf = new Map(orders.map((o) => [o.order_id, Number(o.round_no ?? 0)]))
  const detailBy = new Map(orderLines.map((l) => [`${l.order_id}|${l.line_no}`, l.detail]))
  const rows = orderLines.map((l) => orderLineRow(l, roundOf.get(l.order_id) ?? 0))
  const detailOf = (l: OrderLineRow) => detailBy.get(`${l.SheetID}|${l.LineNo}`) ?? '{}'
  const oneShop = menu !== undefined && orders.every((o) => o.shop_id === menu.shopId)
  return (oneShop && lineNamesOfMenu(menu, rows, detailOf)) || readLineNames(db, rows, detailOf)
}

/** The tickets named, in the order asked, as rows in `locale`. Unknown ids are left out. */
export async function loadTicketRows(db: Kysely<Database>, ticketIds: readonly string[], locale: Locale): Promise<KitchenTicketRow[]> {
  if (ticketIds.length === 0) return []
  const tickets = await db.selectFrom('kitchen_tickets').selectAll().where('ticket_id', 'in', [...ticketIds]).execute()
  if (tickets.length === 0) return []
  const orderIds = [...new Set(tickets.map((t) => t.order_id))]
  const stationIds = [...new Set(tickets.map((t) => t.station_id).filter(Boolean))]
  const [orders, ticketLines, orderLines, stations, prints] = await Promise.all([
    db.selectFrom('orders').selectAll().where('order_id', 'in', orderIds).execute(),
    db.selectFrom('kitchen_ticket_lines').selectAll().where('ticket_id', 'in', tickets.map((t) => t.ticket_id)).orderBy('line_no').execute(),
    db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('line_no').execute(),
    stationIds.length ? db.selectFrom('kitchen_stations').select(['station_id', 'name', 'alert_minutes']).where('station_id', 'in', stationIds).execute() : Promise.resolve([]),
    // Print jobs, oldest first: a ticket's latest tells whether its print failed for good.
    db.selectFrom('print_jobs').select(['ticket_id', 'state', 'error']).where('ticket_id', 'in', tickets.map((t) => t.ticket_id)).orderBy('created_at').orderBy('job_id').execute()
  ])
  return ticketRowsOf(db, { tickets, orders, ticketLines, orderLines, stations, prints }, ticketIds, locale)
}

/**
 * The tickets named, as rows in `locale`, from their rows: the lines' names and marks and the
 * tables' names are read here (the menu as it is now).
 */
export async function ticketRowsOf(db: Kysely<Database>, parts: TicketParts, ticketIds: readonly string[], locale: Locale): Promise<KitchenTicketRow[]> {
  const { tickets, orders, ticketLines, orderLines, stations, prints } = parts
  const latestPrint = new Map(prints.map((p) => [p.ticket_id, p]))
  const tableIds = [...new Set(orders.map((o) => o.table_id).filter(Boolean))].filter((id) => !parts.tableCodes?.has(id))
  const tables = tableIds.length ? await db.selectFrom('dining_tables').select(['table_id', 'code']).where('table_id', 'in', tableIds).execute() : []
  const orderBy = new Map(orders.map((o) => [o.order_id, o]))
  const tableBy = new Map([...(parts.tableCodes ?? []), ...tables.map((t): [string, string] => [t.table_id, t.code])])
  const stationBy = new Map(stations.map((s) => [s.station_id, s]))
  const lineRecordBy = new Map(orderLines.map((l) => [`${l.order_id}|${l.line_no}`, l]))
  const rows = orderLines.map((l) => orderLineRow(l, Number(orderBy.get(l.order_id)?.round_no ?? 0)))
  const detailOf = (l: { SheetID: string; LineNo: number }) => lineRecordBy.get(`${l.SheetID}|${l.LineNo}`)?.detail ?? '{}'
  // The goods' names and their allergens in one read (line-names.ts reads both).
  const names = parts.names ?? (rows.length ? await readLineNames(db, rows, detailOf) : undefined)
  const named = names ? namedLines(names, rows, (orderId) => orderBy.get(orderId)?.shop_id ?? '', locale, detailOf) : []
  const namedBy = new Map(named.map((l) => [`${l.SheetID}|${l.LineNo}`, l]))
  const marked = await lineMarks(
    db,
    orderLines.map((l) => ({ shopId: orderBy.get(l.order_id)?.shop_id ?? '', goodsId: l.goods_id, skuId: l.sku_id, detail: l.detail })),
    names?.goodsBy
  )
  const marksBy = new Map(orderLines.map((l, i) => [`${l.order_id}|${l.line_no}`, marked[i]]))
  const linesOf = new Map<string, KitchenTicketLineRow[]>()
  for (const tl of ticketLines) {
    const key = `${tl.order_id}|${tl.line_no}`
    const line = namedBy.get(key)
    const record = lineRecordBy.get(key)
    if (!line || !record) continue
    const { byPack } = kitchenQuantityOf(record)
    const row: KitchenTicketLineRow = {
      LineNo: Number(tl.line_no),
      GoodsID: line.GoodsID,
      GoodsName: line.GoodsName,
      SkuName: line.SkuName,
      Unit: byPack ? line.PUnit : line.Unit,
      Qua: tl.qua,
      PrevQua: tl.prev_qua,
      Change: changeOf(tl.qua, tl.prev_qua),
      ChangedAt: tl.changed_at ?? '',
      RemarkText: line.RemarkText,
      AddOnText: line.AddOnText,
      BomText: line.BomText,
      Done: tl.done_at ? 1 : 0,
      Allergens: formatMarks(marksBy.get(key)?.allergens ?? []),
      Diets: formatMarks(marksBy.get(key)?.diets ?? [])
    }
    const list = linesOf.get(tl.ticket_id) ?? []
    list.push(row)
    linesOf.set(tl.ticket_id, list)
  }
  const byId = new Map(
    tickets.map((t): [string, KitchenTicketRow] => {
      const order = orderBy.get(t.order_id)
      const station = stationBy.get(t.station_id)
      return [
        t.ticket_id,
        {
          TicketID: t.ticket_id,
          ShopID: t.shop_id,
          BaseID: t.base_id,
          StationID: t.station_id,
          StationName: station?.name ?? '',
          OrderID: t.order_id,
          Kind: order?.kind ?? '',
          TableID: order?.table_id ?? '',
          TableName: (order?.table_id && tableBy.get(order.table_id)) || '',
          PickupNo: order?.pickup_no ?? '',
          ServiceType: order?.service_type ?? '',
          RoundNo: Number(order?.round_no ?? 0),
          OrderRemarks: order?.remarks ?? '',
          Status: t.status === 'bumped' ? 'bumped' : 'open',
          SentAt: t.created_at,
          ChangedAt: t.changed_at ?? '',
          BumpedAt: t.bumped_at ?? '',
          AckedAt: t.acked_at ?? '',
          AlertMinutes: Number(station?.alert_minutes ?? 10),
          PrintError: printErrorOf(latestPrint.get(t.ticket_id)),
          Lines: linesOf.get(t.ticket_id) ?? []
        }
      ]
    })
  )
  return ticketIds.map((id) => byId.get(id)).filter((t): t is KitchenTicketRow => t !== undefined)
}
