/**
 * The kitchen board's moves (issue 24 item 2): read a branch's board, mark a line done, bump a
 * ticket, recall the last bumped, acknowledge the sound; and what the shop's own order moves
 * (StaffOrderReady / Complete / Cancel, the CLI) do to the kitchen. Every move writes its event in
 * its transaction, carrying the ticket as it is now, so every board of the branch shows it.
 *
 * An order is ready when every ticket it has is bumped (a prepay order then moves to "ready for
 * pickup"; a table bill's round only changes its kitchen stage, the bill stays open); a recall
 * makes it preparing again.
 */
import type { Kysely, Transaction } from 'kysely'
import type { KitchenAllDayRow, KitchenStationRow, KitchenTicketRow } from '../../../../src/gateway/kitchen-contract'
import type { Locale } from '../../../../src/gateway/contract'
import { allDayCounts } from '../../../../src/core/kitchen-all-day'
import { ORDER_STATUS } from '../../../../src/gateway/order-rows'
import { isPostgres } from '../../storage/database'
import type { Database } from '../../storage/schema'
import { appendEvent, inEventTransaction, readCounter } from '../../live/outbox'
import { DomainError } from '../errors'
import { applyOrderAction } from '../orders/order-state'
import { appendProgress, syncOrderToKitchen } from './kitchen-ledger'
import { listStations, stationRow } from './kitchen-stations'
import { kitchenLocaleOf, loadTicketRows } from './kitchen-view'
import { learnOnBump } from './ready-estimate.service'

/** Bumped tickets the board keeps at hand for a recall. */
export const RECENT_BUMPED = 6
/** Open tickets a board shows at most (the oldest first). */
export const BOARD_LIMIT = 300

export interface Board {
  tickets: KitchenTicketRow[]
  allDay: KitchenAllDayRow[]
  stations: KitchenStationRow[]
  position: number
  locale: Locale
}

/** '*' or absent: every station (the expediter's view). */
const matchesStation = (stationId: string | undefined) => stationId === undefined || stationId === '*'

export async function readBoard(db: Kysely<Database>, entId: string, baseId: string, stationId?: string): Promise<Board> {
  // The position first: every event after it is applied on top of what is read now (each carries
  // its whole ticket, so one seen twice changes nothing).
  const position = (await readCounter(db, entId)).lastId
  const locale = await kitchenLocaleOf(db, entId)
  let open = db.selectFrom('kitchen_tickets').select('ticket_id').where('base_id', '=', baseId).where('status', '=', 'open')
  let bumped = db.selectFrom('kitchen_tickets').select('ticket_id').where('base_id', '=', baseId).where('status', '=', 'bumped')
  if (!matchesStation(stationId)) {
    open = open.where('station_id', '=', stationId!)
    bumped = bumped.where('station_id', '=', stationId!)
  }
  const [openIds, bumpedIds, stations] = await Promise.all([
    open.orderBy('created_at').orderBy('ticket_id').limit(BOARD_LIMIT).execute(),
    bumped.orderBy('bumped_at', 'desc').limit(RECENT_BUMPED).execute(),
    listStations(db, baseId)
  ])
  const tickets = await loadTicketRows(db, [...openIds, ...bumpedIds].map((t) => t.ticket_id), locale)
  return { tickets, allDay: allDayCounts(tickets), stations: stations.map(stationRow), position, locale }
}

export interface TicketRef {
  ticket_id: string
  ent_id: string
  shop_id: string
  base_id: string
  station_id: string
  order_id: string
  status: string
}

/** The ticket, locked on PostgreSQL; TICKET_NOT_FOUND when unknown. */
async function lockTicket(trx: Transaction<Database>, ticketId: string): Promise<TicketRef> {
  let q = trx.selectFrom('kitchen_tickets').select(['ticket_id', 'ent_id', 'shop_id', 'base_id', 'station_id', 'order_id', 'status']).where('ticket_id', '=', ticketId)
  if (isPostgres(trx)) q = q.forUpdate()
  const ticket = await q.executeTakeFirst()
  if (!ticket) throw new DomainError('TICKET_NOT_FOUND')
  return ticket
}

/** A ticket's place, for a caller's scope check before any change. */
export async function findTicketPlace(db: Kysely<Database>, ticketId: string): Promise<TicketRef | null> {
  return (await db.selectFrom('kitchen_tickets').select(['ticket_id', 'ent_id', 'shop_id', 'base_id', 'station_id', 'order_id', 'status']).where('ticket_id', '=', ticketId).executeTakeFirst()) ?? null
}

async function ticketEvent(trx: Transaction<Database>, ticket: TicketRef, kind: string, now: Date): Promise<KitchenTicketRow> {
  const [row] = await loadTicketRows(trx, [ticket.ticket_id], await kitchenLocaleOf(trx, ticket.ent_id))
  await appendEvent(trx, { entId: ticket.ent_id, shopId: ticket.shop_id, baseId: ticket.base_id, kind, payload: { ticket: row } }, now)
  return row
}

export async function setLineDone(db: Kysely<Database>, ticketId: string, lineNo: number, done: boolean, now: Date): Promise<KitchenTicketRow> {
  return inEventTransaction(db, async (trx) => {
    // The order first, as every ticket write takes it (a quantity change holds the order, then the line, then the ticket).
    const ticket = await lockOrderOfTicket(trx, ticketId)
    const line = await trx.selectFrom('kitchen_ticket_lines').select(['done_at']).where('ticket_id', '=', ticketId).where('line_no', '=', lineNo).executeTakeFirst()
    if (!line) throw new DomainError('TICKET_NOT_FOUND')
    if (Boolean(line.done_at) !== done) {
      await trx.updateTable('kitchen_ticket_lines').set({ done_at: done ? now.toISOString() : null }).where('ticket_id', '=', ticketId).where('line_no', '=', lineNo).execute()
    }
    return ticketEvent(trx, ticket, 'ticket.lineDone', now)
  })
}

/**
 * Bumps a ticket (every line done with it). Bumping one already bumped answers it as it is (two
 * tablets bumping at once: the second changes nothing). When the order has no open ticket left it
 * is ready.
 */
export async function bumpTicket(db: Kysely<Database>, ticketId: string, staffId: string, now: Date): Promise<KitchenTicketRow> {
  return inEventTransaction(db, async (trx) => {
    const ticket = await lockOrderOfTicket(trx, ticketId)
    if (ticket.status === 'bumped') {
      const [row] = await loadTicketRows(trx, [ticketId], await kitchenLocaleOf(trx, ticket.ent_id))
      return row
    }
    // Before it is marked bumped: its work time runs from the station's bump before (docs/estimates.md).
    await learnOnBump(trx, ticket, now)
    await bumpRows(trx, [ticketId], staffId, now)
    const stillOpen = await trx.selectFrom('kitchen_tickets').select('ticket_id').where('order_id', '=', ticket.order_id).where('status', '=', 'open').executeTakeFirst()
    const readyNow = !stillOpen ? await markKitchenReady(trx, ticket.order_id, now) : null
    const row = await ticketEvent(trx, ticket, 'ticket.bumped', now)
    if (readyNow) await appendProgress(trx, readyNow, 'ready', now)
    return row
  })
}

/** The ticket, after its order's lock (the order every ticket write takes: order, then ticket). */
async function lockOrderOfTicket(trx: Transaction<Database>, ticketId: string): Promise<TicketRef> {
  const peek = await findTicketPlace(trx, ticketId)
  if (!peek) throw new DomainError('TICKET_NOT_FOUND')
  if (isPostgres(trx)) await trx.selectFrom('orders').select('order_id').where('order_id', '=', peek.order_id).forUpdate().execute()
  return lockTicket(trx, ticketId)
}

async function bumpRows(trx: Transaction<Database>, ticketIds: string[], staffId: string, now: Date): Promise<void> {
  const at = now.toISOString()
  await trx.updateTable('kitchen_tickets').set({ status: 'bumped', bumped_at: at, bumped_by: staffId, acked_at: at }).where('ticket_id', 'in', ticketIds).execute()
  await trx.updateTable('kitchen_ticket_lines').set({ done_at: at }).where('ticket_id', 'in', ticketIds).where('done_at', 'is', null).execute()
}

/** Kitchen stage 'ready'; a paid prepay order moves to ready for pickup. The order, for its progress event (null: no change). */
async function markKitchenReady(trx: Transaction<Database>, orderId: string, now: Date) {
  const order = await trx.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()
  if (order.kitchen_stage === 'ready') return null
  await trx.updateTable('orders').set({ kitchen_stage: 'ready' }).where('order_id', '=', orderId).execute()
  if (order.kind === 'order' && order.status === ORDER_STATUS.PAID) await applyOrderAction(trx, orderId, 'ready', 'shop', now)
  return order
}

/**
 * Brings a bumped ticket back: the one named, else the station's (or the branch's, '*') last
 * bumped. Its order is preparing again (a ready prepay order goes back to paid). NOTHING_TO_RECALL
 * when there is none.
 */
export async function recallTicket(db: Kysely<Database>, place: { baseId: string; stationId?: string; ticketId?: string }, now: Date): Promise<KitchenTicketRow> {
  let ticketId = place.ticketId
  if (!ticketId) {
    let q = db.selectFrom('kitchen_tickets').select('ticket_id').where('base_id', '=', place.baseId).where('status', '=', 'bumped')
    if (!matchesStation(place.stationId)) q = q.where('station_id', '=', place.stationId!)
    const last = await q.orderBy('bumped_at', 'desc').limit(1).executeTakeFirst()
    if (!last) throw new DomainError('NOTHING_TO_RECALL')
    ticketId = last.ticket_id
  }
  return inEventTransaction(db, async (trx) => {
    const ticket = await lockOrderOfTicket(trx, ticketId!)
    if (ticket.base_id !== place.baseId) throw new DomainError('TICKET_NOT_FOUND')
    if (ticket.status !== 'bumped') throw new DomainError('NOTHING_TO_RECALL')
    // The lines the bump marked done (done at the bump's instant) are to do again; lines a cook
    // had marked done before it stay done.
    const bumped = await trx.selectFrom('kitchen_tickets').select('bumped_at').where('ticket_id', '=', ticket.ticket_id).executeTakeFirstOrThrow()
    if (bumped.bumped_at) {
      await trx.updateTable('kitchen_ticket_lines').set({ done_at: null }).where('ticket_id', '=', ticket.ticket_id).where('done_at', '=', bumped.bumped_at).execute()
    }
    await trx.updateTable('kitchen_tickets').set({ status: 'open', bumped_at: null, bumped_by: '', acked_at: now.toISOString() }).where('ticket_id', '=', ticket.ticket_id).execute()
    const order = await trx.selectFrom('orders').selectAll().where('order_id', '=', ticket.order_id).executeTakeFirstOrThrow()
    let progress = false
    if (order.kitchen_stage === 'ready') {
      await trx.updateTable('orders').set({ kitchen_stage: 'preparing' }).where('order_id', '=', order.order_id).execute()
      if (order.kind === 'order' && order.status === ORDER_STATUS.READY) await applyOrderAction(trx, order.order_id, 'recall', 'shop', now)
      progress = true
    }
    const row = await ticketEvent(trx, { ...ticket, status: 'open' }, 'ticket.recalled', now)
    if (progress) await appendProgress(trx, order, 'preparing', now)
    return row
  })
}

/** Someone heard these tickets: every board of the branch stops sounding for them. Answers how many were still sounding. */
export async function ackTickets(db: Kysely<Database>, entId: string, baseId: string, ticketIds: readonly string[], now: Date): Promise<number> {
  if (ticketIds.length === 0) return 0
  return inEventTransaction(db, async (trx) => {
    // One conditional update: two boards acknowledging at once both find the ticket sounding, but
    // PostgreSQL makes the second wait for the first's row lock and look again (none left).
    const sounding = await trx
      .updateTable('kitchen_tickets')
      .set({ acked_at: now.toISOString() })
      .where('ent_id', '=', entId)
      .where('base_id', '=', baseId)
      .where('ticket_id', 'in', [...ticketIds])
      .where('acked_at', 'is', null)
      .returning(['ticket_id', 'shop_id'])
      .execute()
    if (sounding.length === 0) return 0
    const ids = sounding.map((t) => t.ticket_id)
    await appendEvent(trx, { entId, shopId: sounding[0].shop_id, baseId, kind: 'ticket.acked', payload: { ticketIds: ids } }, now)
    return ids.length
  })
}

/**
 * What the shop's own move of an order (StaffOrderReady / Complete / Cancel, the CLI) does to the
 * kitchen, in its transaction, after it: ready and complete bump what is still open (the counter
 * handed it over); a cancel takes everything off (the ledger's difference to 0, shown as
 * cancelled). Progress goes to the pickup screen and the diner.
 */
export async function followShopMove(trx: Transaction<Database>, orderId: string, action: 'ready' | 'complete' | 'cancel', staffId: string, now: Date): Promise<void> {
  if (action === 'cancel') {
    await syncOrderToKitchen(trx, orderId, now)
    return
  }
  const order = await trx.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()
  const open = await trx.selectFrom('kitchen_tickets').select(['ticket_id', 'ent_id', 'shop_id', 'base_id', 'station_id', 'order_id', 'status']).where('order_id', '=', orderId).where('status', '=', 'open').execute()
  if (open.length > 0) await bumpRows(trx, open.map((t) => t.ticket_id), staffId, now)
  if (order.kitchen_stage !== '' && order.kitchen_stage !== 'ready') await trx.updateTable('orders').set({ kitchen_stage: 'ready' }).where('order_id', '=', orderId).execute()
  for (const t of open) await ticketEvent(trx, { ...t, status: 'bumped' }, 'ticket.bumped', now)
  if (action === 'complete') await appendProgress(trx, order, 'collected', now)
  else if (order.kitchen_stage !== 'ready' || open.length > 0) await appendProgress(trx, order, 'ready', now)
}
