/**
 * Orders, their lines and payments as stored (migration 0003). Status changes go through
 * server/src/domain/orders/order-state.ts; this file reads and inserts.
 */
import { announceForgotten } from '../kept-reads'
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { Database, OrderLineTable, OrderTable, PaymentTable } from '../schema'
import { PAYMENT_STATUS } from '../../../../src/gateway/order-rows'
import { writeWithNext } from '../write-with-next'

export type OrderRecord = Selectable<OrderTable>
export type OrderLineRecord = Selectable<OrderLineTable>
export type PaymentRecord = Selectable<PaymentTable>

type Db = Kysely<Database> | Transaction<Database>

/**
 * Writes an order and its lines (the caller's transaction; the 'create' event is the caller's too),
 * on PostgreSQL with the transaction's next statement (write-with-next.ts). A request key placed
 * twice fails there, or at the commit, as a unique violation all the same.
 */
export async function insertOrderRows(trx: Transaction<Database>, order: Insertable<OrderTable>, lines: Insertable<OrderLineTable>[]): Promise<void> {
  await writeWithNext(trx, trx.insertInto('orders').values(order))
  // Chunks keep every statement under SQLite's 999 bound parameters (24 columns a line).
  for (let i = 0; i < lines.length; i += 40) await writeWithNext(trx, trx.insertInto('order_lines').values(lines.slice(i, i + 40)))
}

/**
 * An order of the enterprise. Read by its key alone and the enterprise checked on the row: with
 * ent_id in the statement, PostgreSQL without fresh statistics (a new database, a busy first hour) took the (ent_id, request_key) index for ent_id and read every order of the enterprise (issue 28 item 6: 1 ms and 1 100 buffers a read on the heavy night,
 * 0.06 ms by the key; tests/server/postgres-plans.test.ts).
 */
export async function findOrder(db: Db, entId: string, orderId: string): Promise<OrderRecord | null> {
  const row = await findOrderById(db, orderId)
  return row?.ent_id === entId ? row : null
}

/** Any enterprise's order (the shop's admin API and CLI). */
export async function findOrderById(db: Db, orderId: string): Promise<OrderRecord | null> {
  const row = await db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirst()
  return row ?? null
}

export async function findOrderByRequestKey(db: Db, entId: string, requestKey: string): Promise<OrderRecord | null> {
  const row = await db.selectFrom('orders').selectAll().where('ent_id', '=', entId).where('request_key', '=', requestKey).executeTakeFirst()
  return row ?? null
}

/** Lines of the orders, by order then line number. */
export async function listOrderLines(db: Db, orderIds: readonly string[]): Promise<OrderLineRecord[]> {
  if (orderIds.length === 0) return []
  return db.selectFrom('order_lines').selectAll().where('order_id', 'in', [...orderIds]).orderBy('order_id').orderBy('line_no').execute()
}

/** Goods lines per order (an order's coupon line, sale type 5, is not a goods line). */
export async function countOrderLines(db: Db, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('order_lines')
    .select(['order_id', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('order_id', 'in', [...orderIds])
    .where('sale_type', '!=', 5)
    .groupBy('order_id')
    .execute()
  return new Map(rows.map((r) => [r.order_id, Number(r.count)]))
}

export interface OrderQuery {
  entId?: string
  ownerKey?: string
  baseId?: string
  /** Only these branches (absent: any; empty: none). */
  baseIds?: string[]
  shopId?: string
  status?: number
  /** Leave these kinds out ('settlement' for the diner's list). */
  excludeKinds?: string[]
  /** Leave out settlements never paid (the shop's list shows paid ones: a table bill's payments). */
  paidSettlementsOnly?: boolean
  /**
   * Leave out settlements no money came for (the diner's list, issue 27 item 3): a table's bill
   * shows once it was paid, or once a payment came for it (given back when it came late).
   */
  settlementsWithMoneyOnly?: boolean
  businessDay?: string
  limit: number
  offset: number
}

/** Orders newest first (ties by id), with the total matching the filter. */
export async function listOrders(db: Db, q: OrderQuery): Promise<{ orders: OrderRecord[]; total: number }> {
  let query = db.selectFrom('orders')
  if (q.entId !== undefined) query = query.where('ent_id', '=', q.entId)
  if (q.ownerKey !== undefined) query = query.where('owner_key', '=', q.ownerKey)
  if (q.baseId) query = query.where('base_id', '=', q.baseId)
  if (q.baseIds) query = q.baseIds.length ? query.where('base_id', 'in', q.baseIds) : query.where('order_id', '=', '')
  if (q.shopId) query = query.where('shop_id', '=', q.shopId)
  if (q.status !== undefined) query = query.where('status', '=', q.status)
  if (q.businessDay) query = query.where('business_day', '=', q.businessDay)
  if (q.excludeKinds?.length) query = query.where('kind', 'not in', q.excludeKinds)
  if (q.paidSettlementsOnly) query = query.where((eb) => eb.or([eb('kind', '<>', 'settlement'), eb('paid_at', 'is not', null)]))
  if (q.settlementsWithMoneyOnly) {
    query = query.where((eb) =>
      eb.or([
        eb('kind', '<>', 'settlement'),
        eb('paid_at', 'is not', null),
        eb.exists(
          eb
            .selectFrom('payments')
            .select('payments.pay_id')
            .whereRef('payments.order_id', '=', 'orders.order_id')
            .where('payments.status', 'in', [PAYMENT_STATUS.PAID, PAYMENT_STATUS.REFUND_DUE, PAYMENT_STATUS.REFUNDED])
        )
      ])
    )
  }
  const [orders, count] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('order_id', 'desc').limit(q.limit).offset(q.offset).execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirst()
  ])
  return { orders, total: Number(count?.count ?? 0) }
}

export interface PlaceNames {
  shops: Map<string, string>
  bases: Map<string, string>
  tables: Map<string, string>
  /** By CardID: the names of the coupon card's plan (issue 27 item 18: an order's coupon row in the reader's language). */
  coupons?: Map<string, string>
}

/**
 * Places' names read outside a transaction, kept for PLACE_NAMES_KEEP_MS: nearly every answer
 * about an order names its shop and branch (and table), two or three round trips each on
 * PostgreSQL (issue 28 item 6), and they change rarely. This process forgets them as it writes
 * places (forgetPlaceNames); another process shows a rename within PLACE_NAMES_KEEP_MS, as a
 * table's kept bill already may (table-sheet.answers.ts). Ids not found are not kept.
 */
export const PLACE_NAMES_KEEP_MS = 10_000
// By database handle (a test may open several databases in one process); an entry read before
// the last forgetPlaceNames() is not used.
const keptPlaceNames = new WeakMap<Db, LRUCache<string, { names: string; generation: number }>>()
let generation = 0

/** After writing shops', branches' or tables' names: this process reads them again. */
export function forgetPlaceNames(): void {
  generation++
  announceForgotten('placeNames')
}

const PLACE_READS = {
  shops: (db: Db, ids: string[]) => db.selectFrom('shops').select(['shop_id as id', 'names']).where('shop_id', 'in', ids).execute(),
  bases: (db: Db, ids: string[]) => db.selectFrom('bases').select(['base_id as id', 'names']).where('base_id', 'in', ids).execute(),
  tables: (db: Db, ids: string[]) => db.selectFrom('dining_tables').select(['table_id as id', 'names']).where('table_id', 'in', ids).execute()
}

async function namesOf(db: Db, kind: keyof typeof PLACE_READS, ids: string[]): Promise<{ id: string; names: string }[]> {
  if (ids.length === 0) return []
  let kept = keptPlaceNames.get(db)
  if (!kept && !db.isTransaction) keptPlaceNames.set(db, (kept = new LRUCache({ max: 20_000, ttl: PLACE_NAMES_KEEP_MS })))
  const found: { id: string; names: string }[] = []
  const missing: string[] = []
  for (const id of ids) {
    const hit = db.isTransaction ? undefined : kept?.get(`${kind}|${id}`)
    if (hit && hit.generation === generation) found.push({ id, names: hit.names })
    else missing.push(id)
  }
  if (missing.length === 0) return found
  const readAt = generation
  const rows = await PLACE_READS[kind](db, missing)
  if (!db.isTransaction) for (const row of rows) kept?.set(`${kind}|${row.id}`, { names: row.names, generation: readAt })
  return [...found, ...rows]
}

/** Stored names JSON of the shops, branches and tables the orders name, and of the plans of their coupon cards. */
export async function placeNames(db: Db, orders: readonly (Pick<OrderRecord, 'shop_id' | 'base_id' | 'table_id'> & { card_id?: string | null })[]): Promise<PlaceNames> {
  const ids = (pick: (o: (typeof orders)[number]) => string) => [...new Set(orders.map(pick).filter(Boolean))]
  const shopIds = ids((o) => o.shop_id)
  const baseIds = ids((o) => o.base_id)
  const tableIds = ids((o) => o.table_id)
  const cardIds = ids((o) => o.card_id ?? '')
  const [shops, bases, tables, coupons] = await Promise.all([
    namesOf(db, 'shops', shopIds),
    namesOf(db, 'bases', baseIds),
    namesOf(db, 'tables', tableIds),
    cardIds.length
      ? db
          .selectFrom('coupon_cards')
          .innerJoin('coupon_plans', 'coupon_plans.plan_id', 'coupon_cards.plan_id')
          .select(['coupon_cards.card_id as id', 'coupon_plans.names as names'])
          .where('coupon_cards.card_id', 'in', cardIds)
          .execute()
      : []
  ])
  const map = (rows: { id: string; names: string }[]) => new Map(rows.map((r) => [r.id, r.names]))
  return { shops: map(shops), bases: map(bases), tables: map(tables), coupons: map(coupons) }
}

/** Payments of an order, oldest first. */
export async function listPaymentsOfOrder(db: Db, orderId: string): Promise<PaymentRecord[]> {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('pay_id').execute()
}

/** Whether a database error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; errcode?: unknown } | null
  // PostgreSQL's unique_violation; SQLite's extended codes SQLITE_CONSTRAINT_UNIQUE and _PRIMARYKEY.
  return e?.code === '23505' || e?.errcode === 2067 || e?.errcode === 1555
}
