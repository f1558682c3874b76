/**
 * Ready-time estimates and pickup-slot capacity (issue 26 item 3; docs/estimates.md).
 *
 * - The kitchen's queue per station is read from its open tickets (the board's order: oldest
 *   first), each line still to make with its goods; the figures are the branch's learned
 *   preparation times (kitchen_prep_times) and its default. src/core/ready-estimate.ts does the sums.
 * - learnOnBump: a ticket bumped on the board teaches its goods' figures, in the bump's transaction.
 * - takeSlot: an order appointed to a pickup slot takes a place in it, in the transaction that
 *   places the order; a full slot refuses it (SLOT_FULL). On PostgreSQL the branch's row is locked
 *   first, so orders racing for the last place are counted one after another; SQLite's
 *   transactions begin IMMEDIATE (one writer at a time) and need nothing more.
 */
import type { Kysely, Transaction } from 'kysely'
import {
  estimateReadyMinutes,
  learnFromBump,
  queueMinutes,
  slotHasRoom,
  workStart,
  DEFAULT_PREP_MINUTES,
  MIN_ESTIMATE_MINUTES,
  type PrepFigures,
  type QueuedTicket,
  type StationQueue,
  type WorkLine
} from '../../../../src/core/ready-estimate'
import { ORDER_STATUS } from '../../../../src/gateway/order-rows'
import { isPostgres } from '../../storage/database'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import { appendAudit } from '../staff/audit-log'
import type { StaffActor } from '../staff/staff-actor'
import { listStations, stationFor } from './kitchen-stations'
import { kitchenQuantityOf } from './kitchen-view'

const COUPON_SALE_TYPE = 5
const MINUTE = 60_000
/** Open tickets read per branch at most (the board's own limit). */
const QUEUE_LIMIT = 300

export interface EstimateSettings {
  /** Minutes per unit of a goods never bumped yet. */
  defaultPrepMinutes: number
  /** Orders one 15-minute pickup slot takes; 0 no limit. */
  slotCapacity: number
}

export const DEFAULT_ESTIMATE_SETTINGS: EstimateSettings = { defaultPrepMinutes: DEFAULT_PREP_MINUTES, slotCapacity: 0 }

export async function readEstimateSettings(db: Kysely<Database>, baseId: string): Promise<EstimateSettings> {
  const row = await db.selectFrom('kitchen_estimate_settings').select(['default_prep_minutes', 'slot_capacity']).where('base_id', '=', baseId).executeTakeFirst()
  if (!row) return { ...DEFAULT_ESTIMATE_SETTINGS }
  return { defaultPrepMinutes: Number(row.default_prep_minutes), slotCapacity: Number(row.slot_capacity) }
}

/** Saves a branch's settings (a manager or owner: KitchenEstimateSettingsSave), with its audit entry. */
export async function saveEstimateSettings(
  db: Kysely<Database>,
  place: { entId: string; shopId: string; baseId: string },
  settings: EstimateSettings,
  who: { actor: StaffActor; clientIp: string },
  now: Date
): Promise<EstimateSettings> {
  return db.transaction().execute(async (trx) => {
    const values = { default_prep_minutes: settings.defaultPrepMinutes, slot_capacity: settings.slotCapacity, updated_at: now.toISOString() }
    await trx
      .insertInto('kitchen_estimate_settings')
      .values({ base_id: place.baseId, ent_id: place.entId, shop_id: place.shopId, ...values })
      .onConflict((oc) => oc.column('base_id').doUpdateSet(values))
      .execute()
    await appendAudit(trx, {
      entId: place.entId,
      actor: who.actor,
      action: 'estimates.update',
      targetType: 'branch',
      targetId: place.baseId,
      detail: { defaultPrepMinutes: settings.defaultPrepMinutes, slotCapacity: settings.slotCapacity },
      reason: '',
      clientIp: who.clientIp,
      now
    })
    return { ...settings }
  })
}

export interface LearnedPrepRow {
  GoodsID: string
  /** Minutes per unit, one decimal. */
  PrepMinutes: number
  Samples: number
  UpdatedAt: string
}

/** The branch's learned figures, goods by goods (the console shows them). */
export async function listLearned(db: Kysely<Database>, baseId: string): Promise<LearnedPrepRow[]> {
  const rows = await db.selectFrom('kitchen_prep_times').selectAll().where('base_id', '=', baseId).orderBy('goods_id').execute()
  return rows.map((r) => ({ GoodsID: r.goods_id, PrepMinutes: Math.round(Number(r.prep_seconds) / 6) / 10, Samples: Number(r.samples), UpdatedAt: r.updated_at }))
}

async function prepFigures(db: Kysely<Database>, baseId: string, settings: EstimateSettings): Promise<PrepFigures> {
  const rows = await db.selectFrom('kitchen_prep_times').select(['goods_id', 'prep_seconds']).where('base_id', '=', baseId).execute()
  return { learned: new Map(rows.map((r) => [r.goods_id, Number(r.prep_seconds) / 60])), defaultMinutes: settings.defaultPrepMinutes }
}

interface OpenTicket {
  ticketId: string
  orderId: string
  stationId: string
  lines: WorkLine[]
  elapsedMinutes: number
}

/** Lines of these tickets still to make, with their goods (kitchen quantity; lines done left out). */
async function ticketWork(db: Kysely<Database>, ticketIds: string[]): Promise<Map<string, WorkLine[]>> {
  const out = new Map<string, WorkLine[]>()
  if (ticketIds.length === 0) return out
  const rows = await db
    .selectFrom('kitchen_ticket_lines as t')
    .innerJoin('order_lines as l', (j) => j.onRef('l.order_id', '=', 't.order_id').onRef('l.line_no', '=', 't.line_no'))
    .select(['t.ticket_id', 't.qua', 't.done_at', 'l.goods_id'])
    .where('t.ticket_id', 'in', ticketIds)
    .execute()
  for (const r of rows) {
    if (r.done_at) continue
    const quantity = Number(r.qua)
    if (!(quantity > 0)) continue
    const list = out.get(r.ticket_id) ?? []
    list.push({ goodsId: r.goods_id, quantity })
    out.set(r.ticket_id, list)
  }
  return out
}

/**
 * The branch's open tickets per station, oldest first; the first of each station is being
 * cooked since the later of its send and the station's last bump.
 */
async function openQueues(db: Kysely<Database>, baseId: string, now: Date): Promise<Map<string, OpenTicket[]>> {
  const [open, lastBumps] = await Promise.all([
    db
      .selectFrom('kitchen_tickets')
      .select(['ticket_id', 'order_id', 'station_id', 'created_at'])
      .where('base_id', '=', baseId)
      .where('status', '=', 'open')
      .orderBy('created_at')
      .orderBy('ticket_id')
      .limit(QUEUE_LIMIT)
      .execute(),
    db
      .selectFrom('kitchen_tickets')
      .select(['station_id', (eb) => eb.fn.max('bumped_at').as('last')])
      .where('base_id', '=', baseId)
      .where('status', '=', 'bumped')
      .groupBy('station_id')
      .execute()
  ])
  const lastBy = new Map(lastBumps.map((b) => [b.station_id, b.last ? Date.parse(String(b.last)) : null]))
  const work = await ticketWork(
    db,
    open.map((t) => t.ticket_id)
  )
  const queues = new Map<string, OpenTicket[]>()
  for (const t of open) {
    const list = queues.get(t.station_id) ?? []
    const first = list.length === 0
    const start = workStart(Date.parse(t.created_at), lastBy.get(t.station_id) ?? null)
    list.push({ ticketId: t.ticket_id, orderId: t.order_id, stationId: t.station_id, lines: work.get(t.ticket_id) ?? [], elapsedMinutes: first ? Math.max(0, (now.getTime() - start) / MINUTE) : 0 })
    queues.set(t.station_id, list)
  }
  return queues
}

const asQueues = (queues: Map<string, OpenTicket[]>): StationQueue[] =>
  [...queues].map(([stationId, tickets]) => ({ stationId, tickets: tickets.map((t): QueuedTicket => ({ lines: t.lines, elapsedMinutes: t.elapsedMinutes })) }))

/** Work lines of goods, by the station that cooks them at this branch. */
async function byStation(db: Kysely<Database>, shopId: string, baseId: string, lines: WorkLine[]): Promise<Map<string, WorkLine[]>> {
  const goodsIds = [...new Set(lines.map((l) => l.goodsId))]
  const [stations, classes] = await Promise.all([
    listStations(db, baseId),
    goodsIds.length ? db.selectFrom('goods').select(['goods_id', 'class_id']).where('shop_id', '=', shopId).where('goods_id', 'in', goodsIds).execute() : Promise.resolve([])
  ])
  const classOf = new Map(classes.map((g) => [g.goods_id, g.class_id]))
  const out = new Map<string, WorkLine[]>()
  for (const l of lines) {
    if (!classOf.has(l.goodsId) || !(l.quantity > 0)) continue
    const station = stationFor(stations, l.goodsId, classOf.get(l.goodsId) ?? '')
    const list = out.get(station) ?? []
    list.push(l)
    out.set(station, list)
  }
  return out
}

/** 'cart' the cart's estimate; 'waiting' an order not yet in the kitchen (unpaid); 'preparing'; 'ready'; 'none' an order ended. */
export type EstimateStage = 'cart' | 'waiting' | 'preparing' | 'ready' | 'none'

export interface EstimateAnswer {
  BaseID: string
  SheetID: string
  Stage: EstimateStage
  /** Whole minutes from now until ready (0 when ready or nothing to cook). */
  Minutes: number
  /** ISO instant now + Minutes ('' when none). */
  ReadyBy: string
  /** Open tickets ahead of it (at the stations it needs). */
  TicketsAhead: number
  /** The branch's capacity per 15-minute pickup slot (0 no limit). */
  SlotCapacity: number
}

const readyBy = (now: Date, minutes: number): string => (minutes > 0 ? new Date(now.getTime() + minutes * MINUTE).toISOString() : '')

/** The estimate for a cart ordered now: its goods join the back of each station's queue. */
export async function estimateForCart(db: Kysely<Database>, place: { shopId: string; baseId: string }, lines: WorkLine[], now: Date): Promise<EstimateAnswer> {
  const settings = await readEstimateSettings(db, place.baseId)
  const [figures, queues, mine] = await Promise.all([prepFigures(db, place.baseId, settings), openQueues(db, place.baseId, now), byStation(db, place.shopId, place.baseId, lines)])
  const e = estimateReadyMinutes(figures, asQueues(queues), mine)
  let ahead = 0
  for (const station of mine.keys()) ahead += queues.get(station)?.length ?? 0
  return { BaseID: place.baseId, SheetID: '', Stage: 'cart', Minutes: e.minutes, ReadyBy: readyBy(now, e.minutes), TicketsAhead: ahead, SlotCapacity: settings.slotCapacity }
}

interface OrderForEstimate {
  order_id: string
  shop_id: string
  base_id: string
  status: number
  kitchen_stage: string
}

/** The estimate for a placed order: where it stands in each station's queue now. */
export async function estimateForOrder(db: Kysely<Database>, order: OrderForEstimate, now: Date): Promise<EstimateAnswer> {
  const settings = await readEstimateSettings(db, order.base_id)
  const base = { BaseID: order.base_id, SheetID: order.order_id, SlotCapacity: settings.slotCapacity }
  const status = Number(order.status)
  const ended = status === ORDER_STATUS.CANCELLED || status === ORDER_STATUS.EXPIRED || status === ORDER_STATUS.COMPLETED
  if (ended) return { ...base, Stage: 'none', Minutes: 0, ReadyBy: '', TicketsAhead: 0 }
  if (order.kitchen_stage === 'ready' || status === ORDER_STATUS.READY) return { ...base, Stage: 'ready', Minutes: 0, ReadyBy: '', TicketsAhead: 0 }
  const [figures, queues] = await Promise.all([prepFigures(db, order.base_id, settings), openQueues(db, order.base_id, now)])
  if (order.kitchen_stage === '') {
    // Not in the kitchen yet (a prepay order before it is paid): as a cart paid now.
    const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', order.order_id).execute()
    const work = lines.filter((l) => Number(l.sale_type) !== COUPON_SALE_TYPE).map((l) => ({ goodsId: l.goods_id, quantity: Number(kitchenQuantityOf(l).qua) }))
    const mine = await byStation(db, order.shop_id, order.base_id, work)
    const e = estimateReadyMinutes(figures, asQueues(queues), mine)
    let ahead = 0
    for (const station of mine.keys()) ahead += queues.get(station)?.length ?? 0
    return { ...base, Stage: 'waiting', Minutes: e.minutes, ReadyBy: readyBy(now, e.minutes), TicketsAhead: ahead }
  }
  // In the kitchen: at each station with an open ticket of its own, what is ahead of it plus what is left of it.
  let worst = 0
  let ahead = 0
  for (const tickets of queues.values()) {
    const at = tickets.findIndex((t) => t.orderId === order.order_id)
    if (at < 0) continue
    ahead += at
    worst = Math.max(worst, queueMinutes(figures, tickets.slice(0, at + 1)))
  }
  const minutes = worst > 0 ? Math.max(MIN_ESTIMATE_MINUTES, Math.ceil(worst - 1e-9)) : MIN_ESTIMATE_MINUTES
  return { ...base, Stage: 'preparing', Minutes: minutes, ReadyBy: readyBy(now, minutes), TicketsAhead: ahead }
}

/**
 * Learns from a ticket about to be bumped on the board (call in the bump's transaction, before
 * the ticket is marked bumped): its work time is bump − start (start: the later of its send and
 * the station's bump before), shared among its goods (src/core/ready-estimate.ts learnFromBump).
 * A ticket whose lines were all marked done by hand before still teaches (its lines' goods).
 */
export async function learnOnBump(trx: Transaction<Database>, ticket: { ticket_id: string; ent_id: string; base_id: string; station_id: string }, now: Date): Promise<void> {
  const row = await trx.selectFrom('kitchen_tickets').select(['created_at']).where('ticket_id', '=', ticket.ticket_id).executeTakeFirst()
  if (!row) return
  const last = await trx
    .selectFrom('kitchen_tickets')
    .select((eb) => eb.fn.max('bumped_at').as('last'))
    .where('base_id', '=', ticket.base_id)
    .where('station_id', '=', ticket.station_id)
    .where('status', '=', 'bumped')
    .executeTakeFirst()
  const start = workStart(Date.parse(row.created_at), last?.last ? Date.parse(String(last.last)) : null)
  const workTime = (now.getTime() - start) / MINUTE
  const lines = await trx
    .selectFrom('kitchen_ticket_lines as t')
    .innerJoin('order_lines as l', (j) => j.onRef('l.order_id', '=', 't.order_id').onRef('l.line_no', '=', 't.line_no'))
    .select(['t.qua', 'l.goods_id'])
    .where('t.ticket_id', '=', ticket.ticket_id)
    .execute()
  const work = lines.map((l) => ({ goodsId: l.goods_id, quantity: Number(l.qua) })).filter((l) => l.quantity > 0 && l.goodsId !== '')
  if (work.length === 0) return
  const settings = await readEstimateSettings(trx, ticket.base_id)
  const goodsIds = [...new Set(work.map((l) => l.goodsId))]
  let known = trx.selectFrom('kitchen_prep_times').select(['goods_id', 'prep_seconds', 'samples']).where('base_id', '=', ticket.base_id).where('goods_id', 'in', goodsIds)
  // Two boards bumping tickets of the same goods at once: one after the other (PostgreSQL).
  if (isPostgres(trx)) known = known.forUpdate()
  const rows = await known.execute()
  const figures: PrepFigures = { learned: new Map(rows.map((r) => [r.goods_id, Number(r.prep_seconds) / 60])), defaultMinutes: settings.defaultPrepMinutes }
  const samples = new Map(rows.map((r) => [r.goods_id, Number(r.samples)]))
  const next = learnFromBump(figures, work, workTime)
  const at = now.toISOString()
  for (const [goodsId, minutes] of next) {
    const seconds = Math.max(1, Math.round(minutes * 60))
    if (samples.has(goodsId)) {
      await trx
        .updateTable('kitchen_prep_times')
        .set({ prep_seconds: seconds, samples: (samples.get(goodsId) ?? 0) + 1, updated_at: at })
        .where('base_id', '=', ticket.base_id)
        .where('goods_id', '=', goodsId)
        .execute()
    } else {
      await trx
        .insertInto('kitchen_prep_times')
        .values({ base_id: ticket.base_id, goods_id: goodsId, ent_id: ticket.ent_id, prep_seconds: seconds, samples: 1, updated_at: at })
        // Another bump inserted it meanwhile: theirs stands, this one's observation is dropped.
        .onConflict((oc) => oc.columns(['base_id', 'goods_id']).doNothing())
        .execute()
    }
  }
}

/** Orders that hold a place in a slot: prepay orders appointed to it, neither ended nor overdue unpaid. */
function liveSlotOrders(db: Kysely<Database>, baseId: string, now: Date) {
  return db
    .selectFrom('orders')
    .where('base_id', '=', baseId)
    .where('kind', '=', 'order')
    .where('appointed_time', '!=', '')
    .where('status', 'in', [ORDER_STATUS.AWAITING_PAYMENT, ORDER_STATUS.PAID, ORDER_STATUS.READY, ORDER_STATUS.COMPLETED])
    .where((eb) => eb.or([eb('status', '!=', ORDER_STATUS.AWAITING_PAYMENT), eb('expires_at', 'is', null), eb('expires_at', '>', now.toISOString())]))
}

/** The branch's slots ('YYYY-MM-DD HH:mm') from yesterday on that are full; none without a capacity. */
export async function fullSlots(db: Kysely<Database>, baseId: string, now: Date, capacity?: number): Promise<string[]> {
  const cap = capacity ?? (await readEstimateSettings(db, baseId)).slotCapacity
  if (cap <= 0) return []
  const from = new Date(now.getTime() - 36 * 3600_000).toISOString().slice(0, 10)
  const rows = await liveSlotOrders(db, baseId, now)
    .select(['appointed_time', (eb) => eb.fn.countAll<number>().as('taken')])
    .where('appointed_time', '>=', from)
    .groupBy('appointed_time')
    .execute()
  return rows
    .filter((r) => !slotHasRoom(cap, Number(r.taken)))
    .map((r) => r.appointed_time)
    .sort()
}

/**
 * Takes a place in the appointed slot for an order about to be written (the placing
 * transaction): SLOT_FULL ({time}) when the branch's capacity is taken. As soon as possible ('')
 * takes none.
 */
export async function takeSlot(trx: Transaction<Database>, place: { baseId: string; appointedTime: string }, now: Date): Promise<void> {
  if (!place.appointedTime) return
  // The branch's row first: orders racing for this branch's slots wait here, one after another (PostgreSQL).
  if (isPostgres(trx)) await trx.selectFrom('bases').select('base_id').where('base_id', '=', place.baseId).forUpdate().execute()
  const { slotCapacity } = await readEstimateSettings(trx, place.baseId)
  if (slotCapacity <= 0) return
  const row = await liveSlotOrders(trx, place.baseId, now)
    .select((eb) => eb.fn.countAll<number>().as('taken'))
    .where('appointed_time', '=', place.appointedTime)
    .executeTakeFirst()
  if (!slotHasRoom(slotCapacity, Number(row?.taken ?? 0))) throw new DomainError('SLOT_FULL', { time: place.appointedTime.slice(11) })
}
