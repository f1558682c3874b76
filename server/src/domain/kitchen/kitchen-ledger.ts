/**
 * The per-line sent-quantity ledger (issue 24 item 2; docs/live-service.md "Kitchen").
 *
 * syncOrderToKitchen(trx, orderId) makes the kitchen agree with the order as it is now, in the
 * caller's transaction: for every line, what the kitchen should make (the line's quantity in its
 * stepper unit; 0 once the order is cancelled) minus what the ledger already sums to is appended
 * to the ledger as one row, and the line's ticket takes the new quantity with the old one beside
 * it. So a round placed, a quantity raised or lowered, a line or an order cancelled each produce
 * exactly their difference, and calling it again changes nothing (idempotent): the kitchen can
 * never show a line twice, nor lose one silently (a cancelled line stays, at 0, marked).
 *
 * A line stays on the ticket it was first sent on (its order's ticket at the station that cooks
 * it); a change reopens a bumped ticket (it comes back flashing) and sounds again. A prepay order
 * reaches the kitchen when it is paid; a table bill's round when it is placed.
 *
 * Events are appended last, as outbox.ts asks: call this as the transaction's last write (it
 * writes only this order's kitchen rows before its events).
 */
import { randomBytes } from 'node:crypto'
import type { Kysely, Selectable, Transaction } from 'kysely'
import { sumDecimals, toDecimal, type Decimal } from '../../../../src/core/money'
import { ORDER_STATUS } from '../../../../src/gateway/order-rows'
import { isPostgres } from '../../storage/database'
import type { Database } from '../../storage/schema'
import { writeWithNext } from '../../storage/write-with-next'
import type { KitchenTicketLineTable, KitchenTicketTable } from '../../storage/schema-kitchen'
import type { OrderLineRecord, OrderRecord } from '../../storage/repositories/order.repository'
import { appendEvent } from '../../live/outbox'
import { queuePrintJobs } from '../../printing/print-jobs'
import { listStations, stationFor } from './kitchen-stations'
import { kitchenLocaleOf, kitchenQuantityOf, loadTicketRows, ticketLineNames, ticketRowsOf } from './kitchen-view'
import type { LineNames, lineNamesOfMenu } from '../orders/line-names'
import type { KitchenTicketRow } from '../../../../src/gateway/kitchen-contract'
import { progressRef } from './progress-ref'

export type KitchenStage = '' | 'preparing' | 'ready'
export type ProgressStage = 'preparing' | 'ready' | 'collected' | 'cancelled'

const COUPON_SALE_TYPE = 5

const newTicketId = (): string => `K${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`

/** Whether an order in this state is food the kitchen should be making (or was sent already). */
function belongsInKitchen(order: { kind: string; status: number; kitchen_stage: string }): boolean {
  if (order.kitchen_stage !== '') return true
  if (order.kind === 'round') return order.status === ORDER_STATUS.AWAITING_PAYMENT
  if (order.kind === 'order') return order.status === ORDER_STATUS.PAID || order.status === ORDER_STATUS.READY
  return false
}

const isEnded = (status: number): boolean => status === ORDER_STATUS.CANCELLED || status === ORDER_STATUS.EXPIRED

export interface KitchenSyncResult {
  sent: string[]
  changed: string[]
  /**
   * An order sent for the first time: it as now written (stage, pickup number), its lines and
   * every ledger row it has, for the caller's own events (nothing read back).
   */
  firstSend?: { order: OrderRecord; lines: readonly OrderLineRecord[]; sends: readonly { order_id: string; line_no: number; delta: string }[]; names?: LineNames }
}

export interface KitchenSyncHooks {
  /**
   * The order's pickup number, taken after the kitchen's writes and before its tickets are read
   * for their events (markOrderPaid: the branch's number counter stays locked from then on).
   */
  pickupNo?: () => Promise<string>
  /**
   * The order as its caller locked and last wrote it in this transaction, and (a round just
   * placed) its lines as written: not read again. Every statement here runs with the caller's
   * locks held (a table's bill, a branch's pickup counter), each a round trip on PostgreSQL.
   */
  known?: { order: OrderRecord; lines?: readonly OrderLineRecord[]; tableCode?: string; menu?: KnownMenu }
}

/**
 * The order's shop's menu as the caller's request read and checked it (a round priced on it): the
 * lines' kitchen classes and names come from it instead of two more reads with the locks held.
 */
export type KnownMenu = Parameters<typeof lineNamesOfMenu>[0]

export async function syncOrderToKitchen(trx: Transaction<Database>, orderId: string, now: Date, hooks: KitchenSyncHooks = {}): Promise<KitchenSyncResult> {
  const result: KitchenSyncResult = { sent: [], changed: [] }
  let order: OrderRecord | undefined
  if (hooks.known?.order.order_id === orderId) order = { ...hooks.known.order }
  else {
    let orderQuery = trx.selectFrom('orders').selectAll().where('order_id', '=', orderId)
    if (isPostgres(trx)) orderQuery = orderQuery.forUpdate()
    order = await orderQuery.executeTakeFirst()
  }
  if (!order || order.kind === 'settlement' || !belongsInKitchen(order)) return result
  const ended = isEnded(order.status)
  if (ended && order.kitchen_stage === '') return result

  const at = now.toISOString()
  // An order never sent (kitchen_stage '') has no ledger rows and no tickets: every write of them
  // here also sets the stage, in the same transaction.
  const fresh = order.kitchen_stage === ''
  const none = Promise.resolve([])
  const knownLines = hooks.known?.order.order_id === orderId ? hooks.known.lines : undefined
  const [lines, sends, ticketLines, tickets, stations] = await Promise.all([
    knownLines ? Promise.resolve([...knownLines].sort((a, b) => Number(a.line_no) - Number(b.line_no))) : trx.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('line_no').execute(),
    fresh ? none : trx.selectFrom('kitchen_sends').select(['line_no', 'seq', 'delta']).where('order_id', '=', orderId).execute(),
    fresh ? none : trx.selectFrom('kitchen_ticket_lines').selectAll().where('order_id', '=', orderId).execute(),
    fresh ? none : trx.selectFrom('kitchen_tickets').selectAll().where('order_id', '=', orderId).execute(),
    listStations(trx, order.base_id)
  ])
  const goodsIds = [...new Set(lines.map((l) => l.goods_id))]
  const menu = hooks.known?.order.order_id === orderId && hooks.known.menu?.shopId === order.shop_id ? hooks.known.menu : undefined
  const classes = menu
    ? goodsIds.flatMap((id) => (menu.goodsById.has(id) ? [{ goods_id: id, class_id: menu.goodsById.get(id)!.classId }] : []))
    : goodsIds.length
      ? await trx.selectFrom('goods').select(['goods_id', 'class_id']).where('shop_id', '=', order.shop_id).where('goods_id', 'in', goodsIds).execute()
      : []
  const classOf = new Map(classes.map((g) => [g.goods_id, g.class_id]))
  const sentBy = new Map<number, { sum: string; seq: number }>()
  for (const s of sends) {
    const lineNo = Number(s.line_no)
    const prev = sentBy.get(lineNo) ?? { sum: '0', seq: 0 }
    sentBy.set(lineNo, { sum: sumDecimals([prev.sum, s.delta]).toFixed(), seq: Math.max(prev.seq, Number(s.seq)) })
  }
  const ticketLineBy = new Map(ticketLines.map((t) => [Number(t.line_no), t]))
  const ticketByStation = new Map(tickets.map((t) => [t.station_id, t]))
  const ticketById = new Map(tickets.map((t) => [t.ticket_id, t]))
  const created = new Set<string>()
  const changed = new Set<string>()
  const written: Selectable<KitchenTicketLineTable>[] = []
  const sendsWritten: { order_id: string; line_no: number; seq: number; delta: string; reason: string; at: string }[] = []
  const newTickets: Selectable<KitchenTicketTable>[] = []

  for (const line of lines) {
    if (Number(line.sale_type) === COUPON_SALE_TYPE) continue
    const lineNo = Number(line.line_no)
    const target = ended ? toDecimal(0) : toDecimal(kitchenQuantityOf(line).qua)
    const sent = sentBy.get(lineNo) ?? { sum: '0', seq: 0 }
    const have = toDecimal(sent.sum)
    if (target.equals(have)) continue
    const reason = have.isZero() ? 'sent' : target.isZero() ? 'cancelled' : target.greaterThan(have) ? 'raised' : 'lowered'
    sendsWritten.push({ order_id: orderId, line_no: lineNo, seq: sent.seq + 1, delta: target.minus(have).toFixed(), reason, at })

    const existing = ticketLineBy.get(lineNo)
    let ticketId = existing?.ticket_id
    if (!ticketId) {
      const stationId = stationFor(stations, line.goods_id, classOf.get(line.goods_id) ?? '')
      let ticket = ticketByStation.get(stationId)
      if (!ticket) {
        ticket = {
          ticket_id: newTicketId(),
          ent_id: order.ent_id,
          shop_id: order.shop_id,
          base_id: order.base_id,
          station_id: stationId,
          order_id: orderId,
          status: 'open',
          created_at: at,
          changed_at: null,
          bumped_at: null,
          bumped_by: '',
          acked_at: null
        }
        newTickets.push(ticket)
        ticketByStation.set(stationId, ticket)
        ticketById.set(ticket.ticket_id, ticket)
        created.add(ticket.ticket_id)
      }
      ticketId = ticket.ticket_id
    }
    const isNewTicket = created.has(ticketId)
    if (existing) {
      await writeWithNext(
        trx,
        trx
          .updateTable('kitchen_ticket_lines')
        .set({
          qua: target.toFixed(),
          prev_qua: existing.qua,
          changed_at: at,
          // More to make: not done any more. Less (or none): what was done stays done.
          done_at: target.greaterThan(have) ? null : existing.done_at
        })
          .where('order_id', '=', orderId)
          .where('line_no', '=', lineNo)
      )
    } else {
      written.push({ order_id: orderId, line_no: lineNo, ticket_id: ticketId, qua: target.toFixed(), prev_qua: isNewTicket ? '' : '0', changed_at: isNewTicket ? null : at, done_at: null })
    }
    if (!isNewTicket) changed.add(ticketId)
  }
  // One insert of each for the whole order, sent with the transaction's next statement on
  // PostgreSQL (every round trip is made with the caller's locks held).
  if (sendsWritten.length) await writeWithNext(trx, trx.insertInto('kitchen_sends').values(sendsWritten))
  if (newTickets.length) await writeWithNext(trx, trx.insertInto('kitchen_tickets').values(newTickets))
  if (written.length) await writeWithNext(trx, trx.insertInto('kitchen_ticket_lines').values(written))

  for (const ticketId of changed) {
    // A change brings a bumped ticket back, and sounds again on every board.
    await writeWithNext(trx, trx.updateTable('kitchen_tickets').set({ status: 'open', changed_at: at, acked_at: null, bumped_at: null, bumped_by: '' }).where('ticket_id', '=', ticketId))
  }
  if (created.size === 0 && changed.size === 0) return result

  const stage: KitchenStage = ended ? (order.kitchen_stage as KitchenStage) : 'preparing'
  if (stage !== order.kitchen_stage) await writeWithNext(trx, trx.updateTable('orders').set({ kitchen_stage: stage }).where('order_id', '=', orderId))

  result.sent = [...created]
  result.changed = [...changed]
  // Tickets at a station with a printer print after this commits (server/src/printing/print-jobs.ts).
  const printers = new Set(stations.filter((s) => s.printer_host !== '').map((s) => s.station_id))
  await queuePrintJobs(
    trx,
    order.ent_id,
    [...result.sent.map((id) => ({ ticketId: id, kind: 'sent' as const })), ...result.changed.map((id) => ({ ticketId: id, kind: 'changed' as const }))].filter((t) =>
      printers.has(ticketById.get(t.ticketId)?.station_id ?? '')
    ),
    now
  )
  if (hooks.pickupNo) order.pickup_no = await hooks.pickupNo()
  if (fresh) result.firstSend = { order: { ...order, kitchen_stage: stage }, lines, sends: sendsWritten }
  const locale = await kitchenLocaleOf(trx, order.ent_id)
  const ticketIds = [...result.sent, ...result.changed]
  // New tickets only (every placement, every payment): their rows are all in hand, and they have
  // no print job that could have failed yet. A change to tickets already sent reads them.
  let rows: KitchenTicketRow[]
  if (result.changed.length === 0) {
    const sentOrder = { ...order, kitchen_stage: stage }
    const names = await ticketLineNames(trx, [sentOrder], lines, menu)
    if (result.firstSend) result.firstSend.names = names
    const tableCode = hooks.known?.order.order_id === orderId ? hooks.known.tableCode : undefined
    const tableCodes = tableCode !== undefined && order.table_id ? new Map([[order.table_id, tableCode]]) : undefined
    const parts = { tickets: ticketIds.map((id) => ticketById.get(id)!), orders: [sentOrder], ticketLines: written, orderLines: lines, stations, prints: [], names, tableCodes }
    rows = await ticketRowsOf(trx, parts, ticketIds, locale)
  } else rows = await loadTicketRows(trx, ticketIds, locale)
  for (const ticket of rows) {
    await appendEvent(trx, { entId: order.ent_id, shopId: order.shop_id, baseId: order.base_id, kind: created.has(ticket.TicketID) ? 'ticket.sent' : 'ticket.changed', payload: { ticket } }, now)
  }
  if (ended) await appendProgress(trx, order, 'cancelled', now)
  else if (stage !== order.kitchen_stage) await appendProgress(trx, order, 'preparing', now)
  return result
}

/** An order's progress on the branch's public stream (the pickup screen, the diner's phone). */
export async function appendProgress(
  trx: Transaction<Database>,
  order: { order_id: string; ent_id: string; shop_id: string; base_id: string; pickup_no: string; kind: string; table_sheet_id?: string },
  stage: ProgressStage,
  now: Date
): Promise<void> {
  // A round's stage shows on its table's bill: the event names the sheet (table-sheet.answers.ts).
  const sheetId = order.kind === 'round' ? (order.table_sheet_id ?? (await trx.selectFrom('orders').select('table_sheet_id').where('order_id', '=', order.order_id).executeTakeFirst())?.table_sheet_id ?? '') : ''
  await appendEvent(
    trx,
    { entId: order.ent_id, shopId: order.shop_id, baseId: order.base_id, kind: 'order.progress', sheetId, payload: { ref: progressRef(order.order_id), pickupNo: order.kind === 'order' ? order.pickup_no : '', stage } },
    now
  )
}

/**
 * What the kitchen has been asked to make of a line (the ledger's sum), in its stepper unit; a
 * line the ledger has never seen (a round from before it) counts as sent whole.
 */
export async function sentQuantityOf(db: Kysely<Database>, orderId: string, lineNo: number, whole: Decimal): Promise<Decimal> {
  const rows = await db.selectFrom('kitchen_sends').select('delta').where('order_id', '=', orderId).where('line_no', '=', lineNo).execute()
  return rows.length === 0 ? whole : sumDecimals(rows.map((r) => r.delta))
}
