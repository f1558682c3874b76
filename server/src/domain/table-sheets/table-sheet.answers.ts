/**
 * Table-sheet answers in the contract's shapes (shared by the sheet operations): the sheet row with
 * its live state, its rounds as order rows with their kitchen stage, and all its lines, each marked
 * with its round.
 */
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { Locale } from '../../../../src/gateway/contract'
import { KITCHEN_STAGES, type KitchenStage, type OrderLineRow, type OrderRow, type RoundRow, type TableSheetRow } from '../../../../src/gateway/order-rows'
import type { Database } from '../../storage/schema'
import { orderLineRows, orderRows } from '../orders/order-view'
import type { OrderRecord } from '../orders/order-state'
import { sheetState, roundsOf, type PolledSheet, type SheetRecord } from './table-sheet.service'
import type { OrderStatus, PosiType } from '../../../../src/gateway/order-rows'
import { pickText } from '../../../../src/i18n/translate'
import { wallClockText } from '../enterprise/enterprise.service'
import { placeNames, type PlaceNames } from '../../storage/repositories/order.repository'
import { parseNames } from '../../storage/repositories/row-mapping'
import type { SheetState } from './table-sheet.service'
import { approximateSize } from '../approximate-size'
import { sweepIdle } from '../idle-sweep'

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

/** `names`: the rounds' places' names, when read already. */
export async function roundRows(viewer: SheetViewer, rounds: OrderRecord[], timeZone: string, names?: PlaceNames): Promise<OrderRow[]> {
  return orderRows(viewer.db, rounds, { locale: viewer.locale, timeZone, ownerKey: viewer.ownerKey, now: viewer.now, placeNames: names })
}

/**
 * table1 the sheet, table2 every line of every round, table3 the rounds with their kitchen stage.
 * `reuse` (the diners' poll, with `sheet` read just now): table2 and table3 as built for an
 * earlier read while the bill has not changed since (billReads below), and the bill's version;
 * `since`, a version the caller holds the rows of: when it is still the bill's, table2 and table3
 * are left out (`omitted`) and the caller keeps its own.
 */
export async function sheetDetail(
  viewer: SheetViewer,
  sheet: SheetRecord,
  options: { reuse?: boolean; since?: string; polled?: Omit<PolledSheet, 'sheet'> } = {}
): Promise<{ table1: TableSheetRow[]; table2: OrderLineRow[]; table3: RoundRow[]; version?: string; omitted?: boolean }> {
  // `polled`: the newest event and the state's settings, read with the sheet (findPolledSheet).
  const state = await sheetState(viewer.db, sheet, viewer.now, viewer.origin, options.polled?.settings)
  if (!options.reuse) {
    const rounds = await roundsOf(viewer.db, sheet.sheet_id)
    const [rows, table2, table3] = await Promise.all([sheetRows(viewer.db, [{ sheet, state }], viewer.locale), orderLineRows(viewer.db, rounds, viewer.locale), billRoundRows(viewer, rounds, state.timeZone)])
    return { table1: rows, table2, table3 }
  }
  // The stamp is read before the rounds, so what is built is at least as new as the stamp says.
  const key = `${sheet.sheet_id}|${viewer.locale}|${state.timeZone}`
  const stamp = billStampOf(options.polled ? options.polled.newestEvent : await newestSheetEvent(viewer.db, sheet), sheet)
  const version = billVersion(key, stamp)
  const kept = billReads.get(key)
  // The caller has these rows (the version names the sheet, the language, the time zone and the
  // stamp): only the sheet's own row, whose clock and state move without the bill changing.
  if (options.since === version) {
    const names = kept?.stamp === stamp ? kept.names : await placeNames(viewer.db, [sheet])
    return { table1: namedSheetRows(names, [{ sheet, state }], viewer.locale), table2: [], table3: [], version, omitted: true }
  }
  // Its places' names as read for the rows kept (the stamp holds the sheet's table: a move is a new stamp).
  const read = kept && kept.stamp === stamp ? kept : await billBuild(viewer, sheet, key, stamp, state.timeZone)
  return { table1: namedSheetRows(read.names, [{ sheet, state }], viewer.locale), table2: read.table2, table3: read.table3, version }
}

/**
 * The bill's rows for `stamp`, built once however many polls ask for it together (issue 28 item
 * 6: a round changes the stamp, and the table's sixty phones' polls already on their way each
 * found no rows for it and rebuilt the bill, O(rounds) of statements each; on a busy machine the
 * polls queued, more of them met each change, and the gateway fell further behind the longer the
 * night went on). Polls for a newer stamp build their own.
 */
function billBuild(viewer: SheetViewer, sheet: SheetRecord, key: string, stamp: string, timeZone: string): Promise<BillRead> {
  const flying = billBuilds.get(key)
  if (flying?.stamp === stamp) return flying.read
  const read = (async (): Promise<BillRead> => {
    const rounds = await roundsOf(viewer.db, sheet.sheet_id)
    const [names, table2, table3] = await Promise.all([placeNames(viewer.db, [sheet]), orderLineRows(viewer.db, rounds, viewer.locale), billRoundRows(viewer, rounds, timeZone)])
    const size = approximateSize(table2) + approximateSize(table3) + approximateSize(names)
    // Frozen: the same rows go to every poll while the bill is unchanged, and the gateway writes
    // a frozen array's JSON once (encoded-json.ts).
    const built = { stamp, names, table2: deepFreeze(table2), table3: deepFreeze(table3), size }
    if (size <= BILL_READS_BYTES / 8) billReads.set(key, built)
    return built
  })()
  const flight = { stamp, read }
  billBuilds.set(key, flight)
  const land = () => {
    if (billBuilds.get(key) === flight) billBuilds.delete(key)
  }
  read.then(land, land)
  return read
}

/**
 * The bill's version as its phones hold it (issue 28 item 6: sixty phones polling a bill of a
 * hundred rounds each fetched its 70 KB every five seconds, the same bytes, also over a diner's
 * weak signal). Opaque; the same in every process, since the stamp is read from the database.
 */
function billVersion(key: string, stamp: string): string {
  return createHash('sha256').update(`${key}|${stamp}`).digest('base64url').slice(0, 22)
}

/**
 * Bill reads built before (issue 28 item 6: a table's sixty phones each polling a bill of a
 * hundred rounds every five seconds rebuilt it, O(rounds) of queries, names and encoding, 120
 * times a second, and the gateway fell minutes behind). Every change a bill read shows is an
 * event naming the sheet in the change's transaction (events.sheet_id, migration 0035:
 * counter-events.ts 'bill.changed', kitchen-ledger.ts a round's 'order.progress'), so the newest
 * such event id with the sheet's own row is the bill's version, read from the database on every
 * poll: several processes stay exact. The rows are the same for every viewer of a bill (rounds
 * cannot be cancelled or paid one by one: CanCancel and CanPay are 0; the time-dependent parts
 * are in table1, built every time, with the places' names kept beside the rows: three statements
 * fewer on every poll, issue 28 item 6). Places' and goods' names may lag a rename by BILL_READ_MS.
 * Bounded by bytes (about, approximate-size.ts); entries leave BILL_READ_MS after they were built.
 */
const BILL_READS_BYTES = 32 * 1024 * 1024
const BILL_READ_MS = 30_000

interface BillRead {
  stamp: string
  names: PlaceNames
  table2: OrderLineRow[]
  table3: RoundRow[]
  size: number
}

const billReads = new LRUCache<string, BillRead>({ maxSize: BILL_READS_BYTES, sizeCalculation: (read) => Math.max(1, read.size), ttl: BILL_READ_MS })
/** Bill rows being built, by billReads' key (billBuild). */
const billBuilds = new Map<string, { stamp: string; read: Promise<BillRead> }>()
sweepIdle(billReads, BILL_READ_MS)

async function newestSheetEvent(db: Kysely<Database>, sheet: SheetRecord): Promise<number> {
  const newest = await db.selectFrom('events').select((eb) => eb.fn.max('id').as('id')).where('sheet_id', '=', sheet.sheet_id).executeTakeFirst()
  return Number(newest?.id ?? 0)
}

function billStampOf(newestEvent: number, sheet: SheetRecord): string {
  return [newestEvent, sheet.status, sheet.round_count, sheet.amount, sheet.paid_amount, sheet.settlement_id, sheet.table_id, sheet.closed_at ?? ''].join('|')
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

/** Freezes the rows and everything in them (plain data). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const field of Object.values(value)) deepFreeze(field)
    Object.freeze(value)
  }
  return value
}

const kitchenStageOf = (value: string): KitchenStage => (KITCHEN_STAGES as readonly string[]).includes(value) ? (value as KitchenStage) : ''

/** `names`: the sheets' places' names, when read already. */
export async function sheetRows(
  db: Kysely<Database>,
  sheets: { sheet: SheetRecord; state: SheetState }[],
  locale: Locale,
  names?: PlaceNames
): Promise<TableSheetRow[]> {
  return namedSheetRows(names ?? (await placeNames(db, sheets.map((s) => s.sheet))), sheets, locale)
}

/** sheetRows with the places' names read already. */
function namedSheetRows(names: PlaceNames, sheets: { sheet: SheetRecord; state: SheetState }[], locale: Locale): TableSheetRow[] {
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

