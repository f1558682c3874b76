/**
 * Table-sheet answers in the contract's shapes (shared by the sheet operations): the sheet row with
 * its live state, its rounds as order rows with their kitchen stage, and all its lines, each marked
 * with its round.
 */
import type { Kysely } from 'kysely'
import type { Locale } from '../../../../src/gateway/contract'
import { KITCHEN_STAGES, type KitchenStage, type OrderLineRow, type OrderRow, type RoundRow, type TableSheetRow } from '../../../../src/gateway/order-rows'
import type { Database } from '../../storage/schema'
import { orderLineRows, orderRows } from '../orders/order-view'
import type { OrderRecord } from '../orders/order-state'
import { sheetState, roundsOf, type SheetRecord } from './table-sheet.service'
import type { OrderStatus, PosiType } from '../../../../src/gateway/order-rows'
import { pickText } from '../../../../src/i18n/translate'
import { wallClockText } from '../enterprise/enterprise.service'
import { placeNames } from '../../storage/repositories/order.repository'
import { parseNames } from '../../storage/repositories/row-mapping'
import type { SheetState } from './table-sheet.service'

export interface SheetViewer {
  db: Kysely<Database>
  locale: Locale
  ownerKey: string
  now: Date
  origin: string
}

export async function sheetAnswerRows(viewer: SheetViewer, sheets: SheetRecord[]): Promise<TableSheetRow[]> {
  const states = await Promise.all(sheets.map((sheet) => sheetState(viewer.db, sheet, viewer.now, viewer.origin)))
  return sheetRows(viewer.db, sheets.map((sheet, i) => ({ sheet, state: states[i] })), viewer.locale)
}

export async function roundRows(viewer: SheetViewer, rounds: OrderRecord[], timeZone: string): Promise<OrderRow[]> {
  return orderRows(viewer.db, rounds, { locale: viewer.locale, timeZone, ownerKey: viewer.ownerKey, now: viewer.now })
}

/** table1 the sheet, table2 every line of every round, table3 the rounds with their kitchen stage. */
export async function sheetDetail(
  viewer: SheetViewer,
  sheet: SheetRecord
): Promise<{ table1: TableSheetRow[]; table2: OrderLineRow[]; table3: RoundRow[] }> {
  const state = await sheetState(viewer.db, sheet, viewer.now, viewer.origin)
  const rounds = await roundsOf(viewer.db, sheet.sheet_id)
  const [table1, table2, table3] = await Promise.all([
    sheetRows(viewer.db, [{ sheet, state }], viewer.locale),
    orderLineRows(viewer.db, rounds, viewer.locale),
    billRoundRows(viewer, rounds, state.timeZone)
  ])
  return { table1, table2, table3 }
}

/**
 * The bill's rounds (issue 24 gap 5): each order row with where it is in the kitchen
 * (`orders.kitchen_stage`, kept by kitchen-ledger.ts and kitchen-board.service.ts in the
 * transaction that moves it, with an `order.progress` event naming the round's ProgressRef).
 */
async function billRoundRows(viewer: SheetViewer, rounds: OrderRecord[], timeZone: string): Promise<RoundRow[]> {
  const rows = await roundRows(viewer, rounds, timeZone)
  const stages = new Map(rounds.map((r) => [r.order_id, kitchenStageOf(r.kitchen_stage)]))
  return rows.map((row) => ({ ...row, KitchenStage: stages.get(row.SheetID) ?? '' }))
}

const kitchenStageOf = (value: string): KitchenStage => (KITCHEN_STAGES as readonly string[]).includes(value) ? (value as KitchenStage) : ''

export async function sheetRows(
  db: Kysely<Database>,
  sheets: { sheet: SheetRecord; state: SheetState }[],
  locale: Locale
): Promise<TableSheetRow[]> {
  const names = await placeNames(db, sheets.map((s) => s.sheet))
  const name = (map: Map<string, string>, id: string): string => (map.has(id) ? pickText(parseNames(map.get(id)!), locale) : '')
  return sheets.map(({ sheet, state }) => ({
    SheetID: sheet.sheet_id,
    ShopID: sheet.shop_id,
    BaseID: sheet.base_id,
    BaseName: name(names.bases, sheet.base_id),
    TableID: sheet.table_id,
    TableName: name(names.tables, sheet.table_id),
    PosiType: sheet.posi_type as PosiType,
    Status: sheet.status as OrderStatus,
    CreatedDate: wallClockText(state.timeZone, new Date(sheet.created_at)),
    SecondsLeft: state.secondsLeft,
    RoundCount: sheet.round_count,
    Amount: sheet.amount,
    PaidAmount: sheet.paid_amount,
    SettlementID: sheet.settlement_id,
    ClosedDate: sheet.closed_at ? wallClockText(state.timeZone, new Date(sheet.closed_at)) : '',
    QuaEditable: state.quaEditable,
    OrderingAllowed: state.orderingAllowed ? 1 : 0
  }))
}

