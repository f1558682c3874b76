/**
 * Pay-later dine-in (postpay): a table has at most one open sheet, and every order placed at the
 * table is a round on it. Two phones at one table add to the same sheet; rescanning the table's QR
 * lands on it (HomeShopDetailsGet's table4). The sheet is settled either at the counter (the shop
 * closes it) or online: PayLaterUpdate makes a 'settlement' order for what is still due, and paying
 * it closes the sheet (markOrderPaid). A round added while a settlement is pending cancels that
 * settlement, so a bill is never paid for less than was ordered.
 *
 * Ordering allowed (spec §4, enforced here, not only in the client): the branch is open, the sheet
 * is younger than WebOrderDuration minutes, and its status is not 2 or 3.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely, Selectable, Transaction } from 'kysely'
import { orderingRefusal, isQuantityEditAllowed, sheetSecondsLeft } from '../../../../src/core/ordering-allowed'
import { toDecimal } from '../../../../src/core/money'
import type { Locale } from '../../../../src/gateway/contract'
import { ORDER_STATUS, POSI_TYPE, type OrderPlacementInput, type PosiType } from '../../../../src/gateway/order-rows'
import { keepEnterpriseSettings, listEnterpriseSettings } from '../../storage/repositories/enterprise.repository'
import { findTable } from '../../storage/repositories/table.repository'
import type { Database, TableSheetTable } from '../../storage/schema'
import { openMenu, type MenuRead } from '../catalogue/catalogue.service'
import { DomainError } from '../errors'
import { insertOrder, requestHash, validatePlacement, type ValidPlacement } from '../orders/order-placement'
import { applyOrderAction, lockOrder, type OrderRecord } from '../orders/order-state'
import { findOrderByRequestKey, isUniqueViolation, type OrderLineRecord } from '../../storage/repositories/order.repository'
import type { Base, DiningTable } from '../records'
import { isPostgres } from '../../storage/database'
import { vipIdOfOwner } from '../members/member-session'
import { codeProvesTable, requireTableCode } from '../entry/table-codes'
import { requireSheetAccess } from './sheet-access'
import { syncOrderToKitchen } from '../kitchen/kitchen-ledger'
import { appendSheetChanged } from '../counter/counter-events'
import { inEventTransaction } from '../../live/outbox'

export type SheetRecord = Selectable<TableSheetTable>

/** Who is asking, and when (the operation context's fields this service needs). */
export interface SheetCaller {
  db: Kysely<Database>
  entId: string
  ownerKey: string
  locale: Locale
  origin: string
  now: Date
  /** The QR code the diner scanned (their proof of sitting at the table; sheet-access.ts). */
  qrCode?: string
}

/** Which submit call placed the round: the two "first round" calls differ by sheet position type. */
export type RoundCall = 'pos' | 'meal' | 'merge'

export interface RoundResult {
  sheet: SheetRecord
  round: OrderRecord
  /** true when the request key had already placed this round (a retry). */
  replayed: boolean
  /** The enterprise's settings the placement was checked with (not on a retry). */
  settings?: ReadonlyMap<string, string>
}

export interface RoundPreview {
  sheet: SheetRecord | null
  placement: ValidPlacement
  posiType: PosiType
}

export const SHEET_STATUS_OPEN = ORDER_STATUS.AWAITING_PAYMENT
const newId = (prefix: string): string => `${prefix}${Date.now().toString(36).toUpperCase()}${randomBytes(6).toString('hex').toUpperCase()}`

/** The scanned table, which must belong to the shop and branch the order names. */
async function requireTable(db: Kysely<Database>, entId: string, input: OrderPlacementInput): Promise<DiningTable> {
  const table = input.TableID ? await findTable(db, entId, input.TableID) : null
  if (!table || table.shopId !== input.ShopID || table.baseId !== input.BaseID) throw new DomainError('TABLE_NOT_FOUND')
  return table
}

export async function findSheet(db: Kysely<Database>, entId: string, sheetId: string): Promise<SheetRecord | null> {
  return (await db.selectFrom('table_sheets').selectAll().where('ent_id', '=', entId).where('sheet_id', '=', sheetId).executeTakeFirst()) ?? null
}

/** The enterprise settings a sheet's state shows (sheetState): quantity editing. */
const SHEET_STATE_SETTINGS = ['CYSheetGoodsQuaEdit', 'CYSheetSentQuaLower'] as const

/**
 * A sheet as a diners' poll of its bill reads it: the row, the newest event naming it (the bill's
 * version, table-sheet.answers.ts), the settings its state shows and whether the code the phone
 * scanned is the table's (sheet-access.ts), in one statement (issue 28 item 6: a table's phones
 * poll every few seconds, and these were four round trips).
 */
export interface PolledSheet {
  sheet: SheetRecord
  newestEvent: number
  settings: ReadonlyMap<string, string>
  /** The scanned code is the sheet's table's current code (codeProvesTable). */
  codeHeld: boolean
}

export async function findPolledSheet(db: Kysely<Database>, entId: string, sheetId: string, qrCode: string | undefined, now: Date): Promise<PolledSheet | null> {
  const row = await db
    .selectFrom('table_sheets')
    // No code scanned: '' is no code (codes are 'QR-…').
    .leftJoin('qr_codes', (join) => join.on('qr_codes.code', '=', qrCode ?? ''))
    .selectAll('table_sheets')
    .select(['qr_codes.code as qr_code', 'qr_codes.ent_id as qr_ent_id', 'qr_codes.table_id as qr_table_id', 'qr_codes.is_enable as qr_is_enable', 'qr_codes.expires_at as qr_expires_at'])
    .select((eb) => {
      const setting = (name: (typeof SHEET_STATE_SETTINGS)[number]) =>
        eb.selectFrom('enterprise_settings').select('parm_value').whereRef('enterprise_settings.ent_id', '=', 'table_sheets.ent_id').where('parm_id', '=', name)
      return [
        eb.selectFrom('events').select((e) => e.fn.max('id').as('id')).whereRef('events.sheet_id', '=', 'table_sheets.sheet_id').as('newest_event'),
        setting('CYSheetGoodsQuaEdit').as('qua_edit'),
        setting('CYSheetSentQuaLower').as('sent_lower')
      ]
    })
    .where('table_sheets.ent_id', '=', entId)
    .where('table_sheets.sheet_id', '=', sheetId)
    .executeTakeFirst()
  if (!row) return null
  const { newest_event, qua_edit, sent_lower, qr_code, qr_ent_id, qr_table_id, qr_is_enable, qr_expires_at, ...sheet } = row
  const settings = new Map<string, string>()
  if (qua_edit !== null && qua_edit !== undefined) settings.set('CYSheetGoodsQuaEdit', qua_edit)
  if (sent_lower !== null && sent_lower !== undefined) settings.set('CYSheetSentQuaLower', sent_lower)
  const qr = qr_code ? { entId: qr_ent_id ?? '', tableId: qr_table_id ?? '', isEnable: Number(qr_is_enable) === 1, expiresAt: qr_expires_at ?? null } : null
  return { sheet, newestEvent: Number(newest_event ?? 0), settings, codeHeld: codeProvesTable(qr, entId, sheet.table_id, now) }
}

async function openSheetOf(db: Kysely<Database>, entId: string, tableId: string): Promise<SheetRecord | null> {
  return (
    (await db
      .selectFrom('table_sheets')
      .selectAll()
      .where('ent_id', '=', entId)
      .where('table_id', '=', tableId)
      .where('status', '=', SHEET_STATUS_OPEN)
      .executeTakeFirst()) ?? null
  )
}

/** Seconds since the sheet was opened. */
const ageSeconds = (sheet: Pick<SheetRecord, 'created_at'>, now: Date): number => Math.max(0, Math.floor((now.getTime() - Date.parse(sheet.created_at)) / 1000))

/** Throws the code of the first ordering-allowed rule the sheet (or a new sheet) breaks. */
function checkOrderingAllowed(read: MenuRead, base: Base, sheet: SheetRecord | null, now: Date): void {
  const refusal = orderingRefusal({
    beginTime: base.beginTime,
    endTime: base.endTime,
    nowSecondsOfDay: read.clock.secondsOfDay,
    webOrderDuration: base.webOrderDuration,
    sheetAgeSeconds: sheet ? ageSeconds(sheet, now) : null,
    sheetStatus: sheet ? sheet.status : null
  })
  if (refusal === 'SHOP_CLOSED') throw new DomainError('SHOP_CLOSED', { begin: base.beginTime || '00:00', end: base.endTime || '23:59' })
  if (refusal) throw new DomainError(refusal)
}

/**
 * What the sheet would be with this round: the open sheet (if any) and the round priced by the
 * server. Refuses like the submit would (closed shop, expired sheet, prices …) except for
 * changed prices: the preview is where the diner sees the server's prices.
 */
export async function previewRound(caller: SheetCaller, input: OrderPlacementInput & { SheetID?: string }): Promise<RoundPreview> {
  const { db, entId, now } = caller
  const table = await requireTable(db, entId, input)
  await requireTableCode(db, entId, table.tableId, caller.qrCode, now)
  if (input.SheetID) await requireSheetOfTable(db, entId, input.SheetID, table)
  const sheet = await openSheetOf(db, entId, table.tableId)
  const placement = await validateRound(caller, input, false)
  checkOrderingAllowed(placement.read, placement.base, sheet, now)
  return { sheet, placement, posiType: sheet ? (sheet.posi_type as PosiType) : placement.posiType }
}

/** The shared placement checks and pricing, for a round: at a table, now, never delivered. */
async function validateRound(caller: SheetCaller, input: OrderPlacementInput, checkShownAmounts: boolean): Promise<ValidPlacement> {
  if (input.ServiceType === 'delivery') throw new DomainError('SERVICE_NOT_OFFERED')
  return validatePlacement(caller.db, caller, { ...input, AppointedTime: '', BagQua: 0, Delivery: undefined }, { checkShownAmounts })
}

/** A sheet named by the caller must be this table's; a closed one says so. */
async function requireSheetOfTable(db: Kysely<Database>, entId: string, sheetId: string, table: DiningTable): Promise<SheetRecord> {
  const sheet = await findSheet(db, entId, sheetId)
  if (!sheet) throw new DomainError('ORDER_NOT_FOUND')
  if (sheet.table_id !== table.tableId) throw new DomainError('ORDER_NOT_YOURS')
  if (sheet.status === ORDER_STATUS.COMPLETED || sheet.status === ORDER_STATUS.CANCELLED) throw new DomainError('SHEET_CLOSED')
  return sheet
}

/**
 * Places one round on the table's sheet, opening the sheet when the table has none. Idempotent by
 * RequestKey: a retry returns the round it placed. `call` is which submit operation was used:
 * 'meal' opens meal sheets (position type 2), 'pos' fast-food and takeaway sheets (4, 7), 'merge'
 * adds to the open sheet the caller names.
 */
export async function placeRound(
  caller: SheetCaller,
  input: OrderPlacementInput & { RequestKey: string; SheetID?: string },
  call: RoundCall
): Promise<RoundResult> {
  const { db, entId, now } = caller
  const hash = requestHash(input)
  const earlier = await findOrderByRequestKey(db, entId, input.RequestKey)
  if (earlier) return replay(db, caller, earlier, hash)

  const table = await requireTable(db, entId, input)
  // Ordering at a table is for whoever sits there: a TableID alone would let anyone add rounds and learn the sheet.
  await requireTableCode(db, entId, table.tableId, caller.qrCode, now)
  if (call === 'merge') {
    if (!input.SheetID) throw new DomainError('ORDER_NOT_FOUND')
    await requireSheetOfTable(db, entId, input.SheetID, table)
  }
  const placement = await validateRound(caller, input, true)
  if (call === 'meal' && placement.posiType !== POSI_TYPE.MEAL) throw new DomainError('SERVICE_NOT_OFFERED')
  if (call === 'pos' && placement.posiType === POSI_TYPE.MEAL) throw new DomainError('SERVICE_NOT_OFFERED')

  // Two phones may open the table's first sheet at once: the partial unique index lets one win,
  // and the other adds its round to the winner's sheet on the next attempt.
  for (let attempt = 0; ; attempt++) {
    try {
      return await inEventTransaction(db, async (trx) => {
        keepEnterpriseSettings(trx, entId, [...placement.settings].map(([parmId, parmValue]) => ({ parmId, parmValue })))
        let sheet = await lockOpenSheet(trx, entId, table.tableId)
        if (call === 'merge' && sheet?.sheet_id !== input.SheetID) throw new DomainError('SHEET_CLOSED')
        checkOrderingAllowed(placement.read, placement.base, sheet, now)
        if (!sheet) sheet = await openSheet(trx, table, placement.posiType, now)
        const { row: round, lines, sheet: updated } = await addRound(trx, caller, sheet, placement, input.RequestKey, hash)
        // A round goes to the kitchen as it is placed (the bill is paid later), from the rows just written.
        const menu = { shopId: placement.read.snapshot.menu.shopId, goodsById: placement.read.snapshot.goodsById }
        await syncOrderToKitchen(trx, round.order_id, now, { known: { order: round, lines, tableCode: table.code, menu } })
        // Front of house sees the bill grow.
        await appendSheetChanged(trx, sheet, now)
        return { sheet: updated, round, replayed: false, settings: placement.settings }
      })
    } catch (error) {
      if (error instanceof DomainError || attempt >= 2 || !isUniqueViolation(error)) throw error
      const raced = await findOrderByRequestKey(db, entId, input.RequestKey)
      if (raced) return replay(db, caller, raced, hash)
    }
  }
}

async function replay(db: Kysely<Database>, caller: SheetCaller, round: OrderRecord, requestHash: string): Promise<RoundResult> {
  if (round.owner_key !== caller.ownerKey || round.request_hash !== requestHash) throw new DomainError('REQUEST_KEY_REUSED')
  const sheet = await findSheet(db, caller.entId, round.table_sheet_id)
  if (!sheet) throw new DomainError('ORDER_NOT_FOUND')
  return { sheet, round, replayed: true }
}

async function lockOpenSheet(trx: Transaction<Database>, entId: string, tableId: string): Promise<SheetRecord | null> {
  let query = trx.selectFrom('table_sheets').selectAll().where('ent_id', '=', entId).where('table_id', '=', tableId).where('status', '=', SHEET_STATUS_OPEN)
  if (isPostgres(trx)) query = query.forUpdate()
  return (await query.executeTakeFirst()) ?? null
}

async function openSheet(trx: Transaction<Database>, table: DiningTable, posiType: PosiType, now: Date): Promise<SheetRecord> {
  const sheet = {
    sheet_id: newId(`${table.baseId}-`),
    ent_id: table.entId,
    shop_id: table.shopId,
    base_id: table.baseId,
    table_id: table.tableId,
    status: SHEET_STATUS_OPEN,
    created_at: now.toISOString(),
    posi_type: posiType,
    round_count: 0,
    amount: '0',
    paid_amount: '0',
    settlement_id: '',
    closed_at: null
  }
  await trx.insertInto('table_sheets').values(sheet).execute()
  return sheet
}

async function addRound(
  trx: Transaction<Database>,
  caller: SheetCaller,
  sheet: SheetRecord,
  placement: ValidPlacement,
  requestKey: string,
  hash: string
): Promise<{ row: OrderRecord; lines: OrderLineRecord[]; sheet: SheetRecord }> {
  const roundNo = sheet.round_count + 1
  // Guarded by status and round count: a sheet closed or moved on since it was read takes no round.
  const changes = { round_count: roundNo, amount: toDecimal(sheet.amount).plus(placement.goodsAmount).toFixed(placement.amoPoint), settlement_id: '' }
  const moved = await trx
    .updateTable('table_sheets')
    .set(changes)
    .where('sheet_id', '=', sheet.sheet_id)
    .where('status', '=', SHEET_STATUS_OPEN)
    .where('round_count', '=', sheet.round_count)
    .executeTakeFirst()
  if (Number(moved.numUpdatedRows) !== 1) throw new DomainError('SHEET_CLOSED')
  if (sheet.settlement_id) await cancelPendingSettlement(trx, sheet.settlement_id, caller.now)
  // The sheet as now written (nothing else in a round's transaction writes it): not read back.
  const placed = await insertOrder(trx, { ...placement, posiType: sheet.posi_type as PosiType }, {
    orderId: newId('R'),
    kind: 'round',
    payMode: 'postpay',
    status: ORDER_STATUS.AWAITING_PAYMENT,
    ownerKey: caller.ownerKey,
    requestKey,
    requestHash: hash,
    expiresAt: null,
    tableSheetId: sheet.sheet_id,
    roundNo,
    actor: 'diner'
  })
  return { ...placed, sheet: { ...sheet, ...changes } }
}

async function cancelPendingSettlement(trx: Transaction<Database>, settlementId: string, now: Date): Promise<void> {
  const settlement = await lockOrder(trx, settlementId)
  if (settlement.status === ORDER_STATUS.AWAITING_PAYMENT) await applyOrderAction(trx, settlementId, 'cancel', 'system', now)
}

/** A sheet the caller may see: any sheet of the enterprise by its (unguessable) id. */
export async function requireSheet(db: Kysely<Database>, entId: string, sheetId: string): Promise<SheetRecord> {
  const sheet = await findSheet(db, entId, sheetId)
  if (!sheet) throw new DomainError('ORDER_NOT_FOUND')
  return sheet
}

/** A sheet the caller may see (sheet-access.ts): the table's code, or an order of theirs on it. */
export async function requireVisibleSheet(caller: SheetCaller, sheetId: string): Promise<SheetRecord> {
  const sheet = await requireSheet(caller.db, caller.entId, sheetId)
  await requireSheetAccess(caller, sheet, 'view')
  return sheet
}

/** requireVisibleSheet for a diners' poll of the bill (findPolledSheet). */
export async function requireVisiblePolledSheet(caller: SheetCaller, sheetId: string): Promise<PolledSheet> {
  const polled = await findPolledSheet(caller.db, caller.entId, sheetId, caller.qrCode, caller.now)
  if (!polled) throw new DomainError('ORDER_NOT_FOUND')
  // Without the table's code, an order of the caller's on the sheet lets them see it.
  if (!polled.codeHeld) await requireSheetAccess(caller, polled.sheet, 'view')
  return polled
}

/** The sheet's rounds, oldest first. */
export async function roundsOf(db: Kysely<Database>, sheetId: string): Promise<OrderRecord[]> {
  return db.selectFrom('orders').selectAll().where('table_sheet_id', '=', sheetId).where('kind', '=', 'round').orderBy('round_no').execute()
}

/** Sheets this device placed a round on (optionally at one table), newest first. */
export async function sheetsOfOwner(
  db: Kysely<Database>,
  entId: string,
  ownerKey: string,
  tableId: string,
  page: { offset: number; limit: number }
): Promise<{ sheets: SheetRecord[]; total: number }> {
  if (!ownerKey) return { sheets: [], total: 0 }
  const mine = db.selectFrom('orders').select('table_sheet_id').where('ent_id', '=', entId).where('owner_key', '=', ownerKey).where('kind', '=', 'round')
  let query = db.selectFrom('table_sheets').where('ent_id', '=', entId).where('sheet_id', 'in', mine)
  if (tableId) query = query.where('table_id', '=', tableId)
  const [sheets, count] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('sheet_id').offset(page.offset).limit(page.limit).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirst()
  ])
  return { sheets, total: Number(count?.count ?? 0) }
}

/** What the sheet row shows besides its columns: ordering allowed now, seconds left, quantity editing. */
export interface SheetState {
  secondsLeft: number
  orderingAllowed: boolean
  /** QuaEditable: 0 no changes, 1 up and down, 2 up only (what went to the kitchen stays). */
  quaEditable: 0 | 1 | 2
  timeZone: string
}

/** `known`: the enterprise's settings as this request already read them. */
export async function sheetState(db: Kysely<Database>, sheet: SheetRecord, now: Date, origin: string, known?: ReadonlyMap<string, string>): Promise<SheetState> {
  // The sheet's state needs the branch and its clock, never the goods' stock.
  const read = await openMenu(db, sheet.ent_id, { ShopID: sheet.shop_id, BaseID: sheet.base_id }, now, origin, { stock: false })
  const base = read.base!
  const open = sheet.status === SHEET_STATUS_OPEN
  const secondsLeft = open ? sheetSecondsLeft(base.webOrderDuration, ageSeconds(sheet, now)) : 0
  const refusal = orderingRefusal({
    beginTime: base.beginTime,
    endTime: base.endTime,
    nowSecondsOfDay: read.clock.secondsOfDay,
    webOrderDuration: base.webOrderDuration,
    sheetAgeSeconds: ageSeconds(sheet, now),
    sheetStatus: sheet.status
  })
  // Both settings in one statement (every poll of a bill reads them).
  const settings = known ?? new Map((await listEnterpriseSettings(db, sheet.ent_id)).map((p) => [p.parmId, p.parmValue]))
  const [quaEdit, lowerSent] = [settings.get('CYSheetGoodsQuaEdit') ?? null, settings.get('CYSheetSentQuaLower') ?? null]
  const quaEditable = !isQuantityEditAllowed(quaEdit) ? 0 : isSentLowerAllowed(lowerSent) ? 1 : 2
  return { secondsLeft, orderingAllowed: open && refusal === null, quaEditable, timeZone: read.timeZone }
}

/**
 * Whether diners may lower a table's line below what went to the kitchen (enterprise setting
 * CYSheetSentQuaLower = 1). Anything else, or no setting, is no (issue 23): raising only.
 */
export function isSentLowerAllowed(param: string | number | null | undefined): boolean {
  return String(param ?? '').trim() === '1'
}

/**
 * A new settlement order of the (locked) sheet for `amount`, the caller's, awaiting payment for
 * `minutes`: the whole bill (PayLaterUpdate) or one diner's share (bill-shares.ts).
 */
export function settlementRecord(locked: SheetRecord, caller: SheetCaller, amount: string, businessDay: string, minutes: number): OrderRecord {
  return {
    order_id: newId('P'),
    ent_id: locked.ent_id,
    shop_id: locked.shop_id,
    base_id: locked.base_id,
    table_id: locked.table_id,
    table_sheet_id: locked.sheet_id,
    round_no: 0,
    kind: 'settlement',
    owner_key: caller.ownerKey,
    vip_id: vipIdOfOwner(caller.ownerKey),
    request_key: `settle:${locked.sheet_id}:${locked.round_count}:${randomBytes(4).toString('hex')}`,
    request_hash: '',
    pay_mode: 'postpay',
    service_type: locked.posi_type === POSI_TYPE.TAKEAWAY ? 'takeaway' : locked.posi_type === POSI_TYPE.FAST ? 'fastfood' : 'dinein',
    posi_type: locked.posi_type,
    status: ORDER_STATUS.AWAITING_PAYMENT,
    pickup_no: '',
    business_day: businessDay,
    appointed_time: '',
    remarks: '',
    locale: caller.locale,
    goods_amount: amount,
    bag_qua: 0,
    bag_fee: '0',
    freight: '0',
    amount,
    paid_amount: '0',
    contact: '',
    phone: '',
    address: '',
    delivery_lat: 0,
    delivery_lng: 0,
    card_id: '',
    coupon_name: '',
    coupon_amount: '0',
    address_id: '',
    delivery_snapshot: '',
    delivery_distance: -1,
    created_at: caller.now.toISOString(),
    expires_at: new Date(caller.now.getTime() + minutes * 60_000).toISOString(),
    paid_at: null,
    ready_at: null,
    completed_at: null,
    cancelled_at: null,
    kitchen_stage: ''
  }
}

/** The sheet's row, locked for this transaction on PostgreSQL (SQLite writes one at a time). */
export async function lockSheet(trx: Transaction<Database>, sheetId: string): Promise<SheetRecord> {
  let query = trx.selectFrom('table_sheets').selectAll().where('sheet_id', '=', sheetId)
  if (isPostgres(trx)) query = query.forUpdate()
  const sheet = await query.executeTakeFirst()
  if (!sheet) throw new DomainError('ORDER_NOT_FOUND')
  return sheet
}

/**
 * Closes a sheet. The diner may close a sheet with no rounds (it is cancelled, status 3) or one
 * already paid in full; the shop (`byShop`) closes any open sheet once the bill is settled at the
 * counter (status 2). Its rounds are completed with it. Closing a closed sheet changes nothing.
 */
export async function closeSheet(db: Kysely<Database>, entId: string, sheetId: string, now: Date, byShop: boolean): Promise<SheetRecord> {
  return inEventTransaction(db, async (trx) => {
    const sheet = await lockSheet(trx, sheetId)
    if (sheet.ent_id !== entId) throw new DomainError('ORDER_NOT_FOUND')
    if (sheet.status === ORDER_STATUS.COMPLETED || sheet.status === ORDER_STATUS.CANCELLED) return sheet
    const paidInFull = !toDecimal(sheet.paid_amount).lessThan(toDecimal(sheet.amount))
    let status: number
    if (sheet.round_count === 0) status = ORDER_STATUS.CANCELLED
    else if (byShop || paidInFull) status = ORDER_STATUS.COMPLETED
    else throw new DomainError('ORDER_STATUS_CONFLICT', { status: 'order.status.0', action: 'order.action.complete' })
    const closedAt = now.toISOString()
    await trx.updateTable('table_sheets').set({ status, closed_at: closedAt }).where('sheet_id', '=', sheetId).execute()
    await completeRounds(trx, sheetId, now, byShop ? 'shop' : 'diner')
    if (sheet.settlement_id) await cancelPendingSettlement(trx, sheet.settlement_id, now)
    // Front of house sees the table free.
    await appendSheetChanged(trx, sheet, now)
    return { ...sheet, status, closed_at: closedAt }
  })
}

/** Rounds still open on a closed sheet become completed (each with its event). */
export async function completeRounds(trx: Transaction<Database>, sheetId: string, now: Date, actor: 'shop' | 'diner' | 'provider'): Promise<void> {
  const open = await trx
    .selectFrom('orders')
    .select('order_id')
    .where('table_sheet_id', '=', sheetId)
    .where('kind', '=', 'round')
    .where('status', 'in', [ORDER_STATUS.AWAITING_PAYMENT, ORDER_STATUS.PAID, ORDER_STATUS.READY])
    .execute()
  for (const { order_id } of open) await applyOrderAction(trx, order_id, 'complete', actor, now)
}

