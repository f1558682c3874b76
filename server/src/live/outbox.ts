/**
 * The live event outbox (design.md §1; docs/live-events.md). A change that a screen must see
 * appends an event in the transaction that makes the change (appendEvent), so the event exists
 * exactly when the change does. Screens read the events after their last id (readEvents): a
 * reconnect loses nothing and repeats nothing. The outbox is the truth; the wake-up
 * (wakeup.ts: PostgreSQL NOTIFY, an in-process signal on SQLite) is only a bell.
 *
 * Ids are per enterprise and come from its `event_counters` row, bumped by the writer's
 * transaction (migration 0019): on PostgreSQL the row stays locked until that transaction ends,
 * so the next writer of the enterprise gets the next id only afterwards. Ids are gap-free and
 * become visible in id order; a reader that has seen every id up to the counter it read has
 * seen everything before it. Call appendEvent as the transaction's last write, or open the
 * transaction with inEventTransaction (the events are written at its end): the counter's bump
 * queues every other writer of the enterprise behind this transaction until it ends.
 *
 * Old events are pruned (pruneEvents, by age); `pruned_through` remembers the highest id
 * deleted, and a cursor below it (or above the last id: another database) is told to reload
 * ('reset').
 */
import { sql, type Kysely, type Transaction } from 'kysely'
import { isPostgres } from '../storage/database'
import { pgLiteral, runAtCommit } from '../storage/at-commit'
import type { Database } from '../storage/schema'
import { ringLocal, WAKEUP_CHANNEL } from './wakeup'

/** Who may see an event kind on a stream. Diners' public menu streams carry only what any diner may know. */
export type Audience = 'diner' | 'staff'

/**
 * Every event kind and its audiences. A kind not listed here reaches nobody: a new kind is
 * public only when it is added here with 'diner'.
 */
export const EVENT_AUDIENCES: Readonly<Record<string, readonly Audience[]>> = {
  /** { goodsId, soldOut }: the shop switched a goods off as sold out, or back on. */
  'goods.soldOut': ['diner', 'staff'],
  /** { goodsId, optionId, soldOut }: the same for one add-on of a goods. */
  'addOn.soldOut': ['diner', 'staff'],
  /** { version }: the shop's menu was replaced (an import): read it again. */
  'menu.changed': ['diner', 'staff'],
  // The kitchen (issue 24; docs/live-service.md). Each carries the whole ticket as it is now
  // ({ ticket: KitchenTicketRow }), so a board upserts it by TicketID whatever it missed before.
  /** A ticket reached its station (an order paid, a round placed). */
  'ticket.sent': ['staff'],
  /** A sent line's quantity was raised or lowered, or the line or order cancelled; a bumped ticket reopens. */
  'ticket.changed': ['staff'],
  /** A line was marked done, or not done again. */
  'ticket.lineDone': ['staff'],
  /** Its print failed for good (PrintError set), or a reprint printed (cleared). */
  'ticket.printed': ['staff'],
  'ticket.bumped': ['staff'],
  'ticket.recalled': ['staff'],
  /** { ticketIds }: someone heard them; boards stop sounding. */
  'ticket.acked': ['staff'],
  /**
   * { ref, pickupNo, stage: 'preparing' | 'ready' | 'collected' | 'cancelled' }: an order's progress
   * for the pickup screen and the diner's phone. `ref` is a hash of the order id (only its diner,
   * who knows the id, can tell it is theirs); no table, goods or amounts.
   */
  'order.progress': ['diner', 'staff'],
  /**
   * { ref }: a table bill's balance moved (a share claimed, a payment towards it, the bill paid):
   * the phones at the table read it again (issue 26 item 2). `ref` is a hash of the sheet id
   * (BillSplitGet's BillRef); no amounts or names.
   */
  'sheet.balance': ['diner', 'staff'],
  // Front of house (issue 24 item 3; docs/front-of-house.md). Each carries its row as it is now.
  /** { table: CounterTableRow }: a table's bill after a round, a quantity change, a payment, a move, a merge, a cancelled line, a close (Bill null: free). */
  'bill.changed': ['staff'],
  /** { payment: CounterPaymentRow }: a payment the counter recorded (cash with its change, card, other). */
  'payment.recorded': ['staff'],
  /** { order: CounterOrderRow }: a prepay order placed, paid, moved on or cancelled (the counter keeps it while its status is 0, 1 or 5). */
  'counter.order': ['staff'],
  /**
   * { staffId } or { deviceId }: sessions ended (signed out, removed, unpaired, role or scope
   * changed). No stream carries it: the staff streams of the process hear it and check their own
   * session at once (live.route.ts) instead of at their next heartbeat.
   */
  'staff.sessionsEnded': []
}

/** The kind above, for the code that writes and the code that listens. */
export const SESSIONS_ENDED_KIND = 'staff.sessionsEnded'

/** What a stream sends when a cursor cannot be resumed (pruned past it, or unknown): reload, then go on from `id`. */
export const RESET_KIND = 'reset'

export interface NewEvent {
  entId: string
  /** '' (or absent) for the whole enterprise. */
  shopId?: string
  baseId?: string | null
  kind: string
  payload: Record<string, unknown>
  /** The table bill this changes for its diners' reads (table-sheet.answers.ts); not sent to streams. */
  sheetId?: string
}

export interface LiveEvent {
  id: number
  entId: string
  shopId: string
  baseId: string | null
  kind: string
  payload: Record<string, unknown>
  /** ISO-8601 UTC. */
  createdAt: string
}

/** The events a transaction opened by inEventTransaction has appended so far, written at its end. */
const batches = new WeakMap<Transaction<Database>, Array<{ event: NewEvent; now: Date }>>()

/**
 * Runs `work` in a transaction whose events (appendEvent) are all written at its end, in the
 * order appended, with one bump of the enterprise's counter and one wake-up. The counter's row
 * lock (see above) is then held only from those writes to the commit, not through the reads a
 * change does after its first event (a round's kitchen tickets, then the table's bill, then the
 * audit entry): writers of one enterprise queue behind each other for that short tail only.
 * Events of several enterprises in one transaction (none today) each get their own counter.
 */
export async function inEventTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const batch: Array<{ event: NewEvent; now: Date }> = []
    batches.set(trx, batch)
    try {
      const result = await work(trx)
      batches.delete(trx)
      const byEnt = new Map<string, Array<{ event: NewEvent; now: Date }>>()
      for (const item of batch) byEnt.set(item.event.entId, [...(byEnt.get(item.event.entId) ?? []), item])
      for (const items of byEnt.values()) {
        // Nothing reads them back before the commit: on PostgreSQL they go with it (at-commit.ts).
        if (isPostgres(trx) && items.length <= INSERT_CHUNK) await runAtCommit(trx, eventsStatementText(items[0].event.entId, items))
        else await writeEvents(trx, items)
      }
      return result
    } finally {
      batches.delete(trx)
    }
  })
}

/**
 * Appends an event to the caller's transaction: at once, or, in a transaction opened by
 * inEventTransaction, at its end. Call it after the change's other writes either way.
 */
export async function appendEvent(trx: Transaction<Database>, event: NewEvent, now: Date = new Date()): Promise<void> {
  const batch = batches.get(trx)
  if (batch) batch.push({ event, now })
  else await writeEvents(trx, [{ event, now }])
}

/** appendEvent written at once, whatever transaction it is in, for a caller that needs the event's id. */
export async function appendEventNow(trx: Transaction<Database>, event: NewEvent, now: Date = new Date()): Promise<LiveEvent> {
  const [row] = await writeEvents(trx, [{ event, now }])
  return row
}

/** Rows per insert: 8 parameters each stays far below SQLite's limit. */
const INSERT_CHUNK = 100

/**
 * Writes one enterprise's events with the next ids and rings the wake-up for when the
 * transaction commits: on PostgreSQL pg_notify, which PostgreSQL delivers only at commit (and
 * drops on rollback); on SQLite an in-process bell (a reader in this process queues behind the
 * transaction for the one connection; other processes find it by their periodic check). One
 * ring for the last id: a hub reads everything up to the id it hears.
 */
async function writeEvents(trx: Transaction<Database>, items: Array<{ event: NewEvent; now: Date }>): Promise<LiveEvent[]> {
  if (items.length === 0) return []
  const entId = items[0].event.entId
  const n = items.length
  if (isPostgres(trx) && n <= INSERT_CHUNK) return writeEventsInOneStatement(trx, entId, items)
  const counter = await trx
    .insertInto('event_counters')
    .values({ ent_id: entId, last_id: n, pruned_through: 0 })
    .onConflict((oc) => oc.column('ent_id').doUpdateSet((eb) => ({ last_id: eb('event_counters.last_id', '+', n) })))
    .returning('last_id')
    .executeTakeFirstOrThrow()
  const last = Number(counter.last_id)
  const sheetIds = items.map(({ event }) => event.sheetId ?? '')
  const rows: LiveEvent[] = items.map(({ event, now }, i) => ({
    id: last - n + 1 + i,
    entId,
    shopId: event.shopId ?? '',
    baseId: event.baseId ?? null,
    kind: event.kind,
    payload: event.payload,
    createdAt: now.toISOString()
  }))
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await trx
      .insertInto('events')
      .values(
        rows.slice(i, i + INSERT_CHUNK).map((row, k) => ({
          ent_id: row.entId,
          id: row.id,
          shop_id: row.shopId,
          base_id: row.baseId,
          kind: row.kind,
          payload: JSON.stringify(row.payload),
          created_at: row.createdAt,
          sheet_id: sheetIds[i + k]
        }))
      )
      .execute()
  }
  if (isPostgres(trx)) {
    // Small: the schema (tests share one database across schemas), the enterprise and the id.
    await sql`select pg_notify(${WAKEUP_CHANNEL}, current_schema() || ${`|${entId}|${last}`})`.execute(trx)
  } else {
    ringLocal(entId, last)
  }
  return rows
}

/**
 * PostgreSQL: writeEvents as one statement (the counter's bump, the rows and the wake-up), so the
 * counter's row lock is held for that statement and the commit only. As three or more statements
 * it was held across as many round trips to a Node process that, busy with other requests, sends
 * the next one late: every writer of the enterprise then queued behind the holder (issue 28 item 6;
 * on the soak, pg_stat_activity showed the holder 'idle in transaction' after its counter bump and
 * the others waiting on it). A data-modifying CTE runs whether or not the select reads it.
 */
async function writeEventsInOneStatement(trx: Transaction<Database>, entId: string, items: Array<{ event: NewEvent; now: Date }>): Promise<LiveEvent[]> {
  const n = items.length
  const values = items.map(
    ({ event, now }, i) =>
      sql`(${i + 1}::bigint, ${event.shopId ?? ''}::text, ${event.baseId ?? null}::text, ${event.kind}::text, ${JSON.stringify(event.payload)}::text, ${now.toISOString()}::text, ${event.sheetId ?? ''}::text)`
  )
  const result = await sql<{ last_id: string | number }>`
    with counter as (
      insert into event_counters (ent_id, last_id, pruned_through) values (${entId}, ${n}::bigint, 0)
      on conflict (ent_id) do update set last_id = event_counters.last_id + ${n}::bigint
      returning last_id
    ), written as (
      insert into events (ent_id, id, shop_id, base_id, kind, payload, created_at, sheet_id)
      select ${entId}, counter.last_id - ${n}::bigint + v.ord, v.shop_id, v.base_id, v.kind, v.payload, v.created_at, v.sheet_id
      from counter, (values ${sql.join(values)}) as v(ord, shop_id, base_id, kind, payload, created_at, sheet_id)
    )
    select last_id, pg_notify(${WAKEUP_CHANNEL}, current_schema() || ${`|${entId}|`} || last_id::text) from counter`.execute(trx)
  const last = Number(result.rows[0].last_id)
  return items.map(({ event, now }, i) => ({
    id: last - n + 1 + i,
    entId,
    shopId: event.shopId ?? '',
    baseId: event.baseId ?? null,
    kind: event.kind,
    payload: event.payload,
    createdAt: now.toISOString()
  }))
}

/**
 * writeEventsInOneStatement's statement as whole text, its values written in, for runAtCommit: the
 * counter's row lock is then taken and let go within PostgreSQL, with no round trip between.
 */
function eventsStatementText(entId: string, items: Array<{ event: NewEvent; now: Date }>): string {
  const n = items.length
  const values = items.map(
    ({ event, now }, i) =>
      `(${i + 1}::bigint, ${pgLiteral(event.shopId ?? '')}::text, ${pgLiteral(event.baseId ?? null)}::text, ${pgLiteral(event.kind)}::text, ${pgLiteral(JSON.stringify(event.payload))}::text, ${pgLiteral(now.toISOString())}::text, ${pgLiteral(event.sheetId ?? '')}::text)`
  )
  return `with counter as (
      insert into event_counters (ent_id, last_id, pruned_through) values (${pgLiteral(entId)}, ${n}::bigint, 0)
      on conflict (ent_id) do update set last_id = event_counters.last_id + ${n}::bigint
      returning last_id
    ), written as (
      insert into events (ent_id, id, shop_id, base_id, kind, payload, created_at, sheet_id)
      select ${pgLiteral(entId)}, counter.last_id - ${n}::bigint + v.ord, v.shop_id, v.base_id, v.kind, v.payload, v.created_at, v.sheet_id
      from counter, (values ${values.join(', ')}) as v(ord, shop_id, base_id, kind, payload, created_at, sheet_id)
    )
    select pg_notify(${pgLiteral(WAKEUP_CHANNEL)}, current_schema() || ${pgLiteral(`|${entId}|`)} || last_id::text) from counter`
}

export interface EventCounter {
  /** The last id committed (0: none yet). */
  lastId: number
  /** Ids up to here were pruned. */
  prunedThrough: number
}

/** The enterprise's counter as committed now. */
export async function readCounter(db: Kysely<Database>, entId: string): Promise<EventCounter> {
  const row = await db.selectFrom('event_counters').select(['last_id', 'pruned_through']).where('ent_id', '=', entId).executeTakeFirst()
  return { lastId: Number(row?.last_id ?? 0), prunedThrough: Number(row?.pruned_through ?? 0) }
}

/** The last ids of several enterprises at once (the periodic check); absent = none yet. */
export async function readLastIds(db: Kysely<Database>, entIds: string[]): Promise<Map<string, number>> {
  if (entIds.length === 0) return new Map()
  const rows = await db.selectFrom('event_counters').select(['ent_id', 'last_id']).where('ent_id', 'in', entIds).execute()
  return new Map(rows.map((r) => [r.ent_id, Number(r.last_id)]))
}

/** Whether a cursor can be resumed against this counter: not pruned past, not beyond the last id. */
export function cursorValid(afterId: number, counter: EventCounter): boolean {
  return afterId >= counter.prunedThrough && afterId <= counter.lastId
}

export interface ReadOptions {
  entId: string
  /** Only this shop's events and the enterprise's own (shop ''); absent: every shop's. */
  shopId?: string
  /** Events after this id. */
  afterId: number
  limit: number
  /** Up to this id only (a counter read before); absent: read the counter first. */
  counter?: EventCounter
}

export interface ReadResult {
  events: LiveEvent[]
  /**
   * Where the reader stands now: every event up to here was read (or filtered out). Resume
   * from it. With `reset`, the cursor given could not be resumed: reload, then resume from here.
   */
  position: number
  reset: boolean
  /** More events wait past `position` (the page was full). */
  more: boolean
}

function eventOf(row: { ent_id: string; id: number | string; shop_id: string; base_id: string | null; kind: string; payload: string; created_at: string }): LiveEvent {
  let payload: Record<string, unknown> = {}
  try {
    const parsed: unknown = JSON.parse(row.payload)
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) payload = parsed as Record<string, unknown>
  } catch {
    // a payload that is not an object reads as {}
  }
  return { id: Number(row.id), entId: row.ent_id, shopId: row.shop_id, baseId: row.base_id ?? null, kind: row.kind, payload, createdAt: row.created_at }
}

/**
 * The events after `afterId`, oldest first, at most `limit`. The counter is read first: every id
 * up to its last id is committed and visible, so the position returned never passes an event
 * that could still appear.
 */
export async function readEvents(db: Kysely<Database>, options: ReadOptions): Promise<ReadResult> {
  const counter = options.counter ?? (await readCounter(db, options.entId))
  if (!cursorValid(options.afterId, counter)) return { events: [], position: counter.lastId, reset: true, more: false }
  if (options.afterId >= counter.lastId) return { events: [], position: counter.lastId, reset: false, more: false }
  const limit = Math.max(1, Math.min(options.limit, 1000))
  let query = db
    .selectFrom('events')
    .selectAll()
    .where('ent_id', '=', options.entId)
    .where('id', '>', options.afterId)
    .where('id', '<=', counter.lastId)
  if (options.shopId !== undefined) query = query.where('shop_id', 'in', [options.shopId, ''])
  const rows = await query.orderBy('id').limit(limit).execute()
  const events = rows.map(eventOf)
  // Ids are gap-free: without a shop filter the first must follow the cursor, unless pruning
  // deleted it between the counter read and this one (a cursor about a day old).
  if (options.shopId === undefined && events.length > 0 && events[0].id !== options.afterId + 1) {
    const now = await readCounter(db, options.entId)
    return { events: [], position: now.lastId, reset: true, more: false }
  }
  const more = rows.length === limit
  return { events, position: more ? events[events.length - 1].id : counter.lastId, reset: false, more }
}

/** How long events are kept (24 h): a screen away longer reloads. */
export const KEEP_EVENTS_MS = 24 * 60 * 60 * 1000

/**
 * Deletes events created before `before`, every enterprise, and raises each enterprise's
 * `pruned_through` to the highest id deleted. Safe to run from several processes at once.
 */
export async function pruneEvents(db: Kysely<Database>, before: Date): Promise<number> {
  const cutoff = before.toISOString()
  const tops = await db
    .selectFrom('events')
    .select(['ent_id', (eb) => eb.fn.max('id').as('top')])
    .where('created_at', '<', cutoff)
    .groupBy('ent_id')
    .execute()
  let deleted = 0
  for (const { ent_id: entId, top } of tops) {
    const through = Number(top)
    await db.transaction().execute(async (trx) => {
      // The floor first: a reader that sees the events gone also sees the floor.
      await trx
        .updateTable('event_counters')
        .set({ pruned_through: through })
        .where('ent_id', '=', entId)
        .where('pruned_through', '<', through)
        .execute()
      const result = await trx.deleteFrom('events').where('ent_id', '=', entId).where('id', '<=', through).executeTakeFirst()
      deleted += Number(result.numDeletedRows)
    })
  }
  return deleted
}
