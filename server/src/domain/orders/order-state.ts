/**
 * Moving orders through the state table of src/core/order-status.ts, inside the caller's
 * transaction. Every change writes an order_events row with who made it; a cancel or expiry
 * gives back the order's stock (order-stock.ts). Used by placement,
 * payments (markOrderPaid), the shop's admin API / CLI, table sheets and the expiry sweep.
 */
import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely'
import { transition, type OrderAction } from '../../../../src/core/order-status'
import { toDecimal } from '../../../../src/core/money'
import { ORDER_STATUS, type OrderStatus } from '../../../../src/gateway/order-rows'
import type { Database, OrderLineTable, OrderTable } from '../../storage/schema'
import { DomainError } from '../errors'
import { isPostgres } from '../../storage/database'
import { outsideTransaction } from '../../storage/outside-transaction'
import { writeWithNext } from '../../storage/write-with-next'
import { earnOrderPoints } from '../wallet/points.service'
import { returnStock } from './order-stock'
import { giveCardBack } from '../coupons/card-use'
import { syncOrderToKitchen } from '../kitchen/kitchen-ledger'
import { appendOrderFollowed, appendOrderPlaced } from '../counter/counter-events'
import { inEventTransaction } from '../../live/outbox'
import { appendBillBalance, isShare } from '../table-sheets/bill-balance'

export type OrderActor = 'diner' | 'shop' | 'system' | 'provider'
export type OrderRecord = Selectable<OrderTable>

/** Timestamp column each target status sets. */
const STAMP: Partial<Record<OrderStatus, keyof OrderTable>> = {
  [ORDER_STATUS.PAID]: 'paid_at',
  [ORDER_STATUS.READY]: 'ready_at',
  [ORDER_STATUS.COMPLETED]: 'completed_at',
  [ORDER_STATUS.CANCELLED]: 'cancelled_at'
}

/** The order, locked for update on PostgreSQL (SQLite serialises writers anyway). */
export async function lockOrder(trx: Transaction<Database>, orderId: string): Promise<OrderRecord> {
  let query = trx.selectFrom('orders').selectAll().where('order_id', '=', orderId)
  if (isPostgres(trx)) query = query.forUpdate()
  const order = await query.executeTakeFirst()
  if (!order) throw new DomainError('ORDER_NOT_FOUND')
  return order
}

/**
 * lockOrder for a payment: a table sheet's settlement is locked after its sheet, the order every
 * sheet write takes (sheet, then its orders). A payment locking the settlement first and a quantity
 * change or a new round locking the sheet first waited on each other (PostgreSQL 40P01).
 */
export async function lockOrderForPayment(
  trx: Transaction<Database>,
  orderId: string,
  known?: Pick<OrderRecord, 'order_id' | 'kind' | 'table_sheet_id'>
): Promise<OrderRecord> {
  if (isPostgres(trx)) {
    // An order's kind and sheet never change: the caller's earlier read of them will do.
    const peek = known?.order_id === orderId ? known : await trx.selectFrom('orders').select(['kind', 'table_sheet_id']).where('order_id', '=', orderId).executeTakeFirst()
    if (peek?.kind === 'settlement' && peek.table_sheet_id) {
      await trx.selectFrom('table_sheets').select('sheet_id').where('sheet_id', '=', peek.table_sheet_id).forUpdate().execute()
    }
  }
  return lockOrder(trx, orderId)
}

/**
 * Applies `action` to the order, or throws ORDER_STATUS_CONFLICT naming the current status.
 * `extra` columns are written with the status (paid_amount, pickup_no …). `locked`: the order as
 * the caller locked it in this transaction and has not changed since (not read again).
 */
export async function applyOrderAction(
  trx: Transaction<Database>,
  orderId: string,
  action: OrderAction,
  actor: OrderActor,
  now: Date,
  extra: Partial<Pick<OrderTable, 'paid_amount' | 'pickup_no'>> = {},
  locked?: OrderRecord
): Promise<OrderRecord> {
  const order = locked?.order_id === orderId ? locked : await lockOrder(trx, orderId)
  const from = order.status as OrderStatus
  const to = transition(from, action)
  if (to === null) throw new DomainError('ORDER_STATUS_CONFLICT', { status: `order.status.${from}`, action: `order.action.${action}` })
  const at = now.toISOString()
  // A recall goes back to paid without paying again: it only clears the ready time.
  const stamp = action === 'recall' ? undefined : STAMP[to]
  const changes: Updateable<OrderTable> = { status: to, ...extra }
  if (stamp) (changes as Record<string, unknown>)[stamp] = at
  if (action === 'recall') changes.ready_at = null
  // Both writes go with the transaction's next statement on PostgreSQL (write-with-next.ts).
  await writeWithNext(trx, trx.updateTable('orders').set(changes).where('order_id', '=', orderId))
  // The next event number and the event in one statement (issue 28 item 6: each statement is a
  // round trip with the order locked); the order's row lock keeps two writers from taking one.
  await writeWithNext(
    trx,
    trx
      .insertInto('order_events')
      .columns(['order_id', 'seq', 'action', 'from_status', 'to_status', 'actor', 'at'])
      .expression((eb) =>
        eb
          .selectFrom('order_events')
          .select([
            sql<string>`cast(${orderId} as text)`.as('order_id'),
            sql<number>`coalesce(max(seq), 0) + 1`.as('seq'),
            sql<string>`cast(${action} as text)`.as('action'),
            sql<number>`cast(${from} as integer)`.as('from_status'),
            sql<number>`cast(${to} as integer)`.as('to_status'),
            sql<string>`cast(${actor} as text)`.as('actor'),
            sql<string>`cast(${at} as text)`.as('at')
          ])
          .where('order_id', '=', orderId)
      )
  )
  // Cancelled and expired are final: whatever the order took from stock goes back, once, and so
  // does its coupon card while it has days left (also when the shop cancels and refunds a paid
  // order: docs/coupons.md "At checkout").
  if (to === ORDER_STATUS.CANCELLED || to === ORDER_STATUS.EXPIRED) {
    await returnStock(trx, orderId, now)
    await giveCardBack(trx, order, now)
  }
  return { ...order, ...changes } as OrderRecord
}

/** The first event of a new order ('create', status 0 → its initial status). */
export async function recordCreated(trx: Transaction<Database>, orderId: string, status: OrderStatus, actor: OrderActor, now: Date): Promise<void> {
  await writeWithNext(trx, trx.insertInto('order_events').values({ order_id: orderId, seq: 1, action: 'create', from_status: status, to_status: status, actor, at: now.toISOString() }))
}

/**
 * The next pickup number of a branch's business day. One upsert under the counter row's lock,
 * so concurrent orders never get the same number (a unique index on orders backs this up). On
 * PostgreSQL it commits at once, outside the caller's transaction (outside-transaction.ts), so
 * the branch's other payments do not wait for this one's commit; a transaction that then fails
 * leaves its number unused, a gap in the day's numbers, as a sequence would.
 */
export async function nextPickupNo(trx: Transaction<Database>, baseId: string, businessDay: string): Promise<string> {
  const row = await (outsideTransaction(trx) ?? trx)
    .insertInto('pickup_counters')
    .values({ base_id: baseId, business_day: businessDay, last_no: 1 })
    .onConflict((oc) => oc.columns(['base_id', 'business_day']).doUpdateSet((eb) => ({ last_no: eb('pickup_counters.last_no', '+', 1) })))
    .returning('last_no')
    .executeTakeFirstOrThrow()
  return String(row.last_no)
}

/**
 * A payment for the order succeeded: awaiting payment → paid, with the amount, the time and (for
 * a prepay order) its pickup number. Callers check the order is still payable first; a notice for
 * an order that has ended is the payment's business (refund due), not the order's. The order's
 * member (vip_id) earns its points in the same transaction. `locked`: the order as the caller
 * locked it in this transaction and has not changed since (each read again is a round trip with
 * the order locked).
 */
export async function markOrderPaid(
  trx: Transaction<Database>,
  orderId: string,
  paidAmount: string,
  now: Date,
  locked?: OrderRecord,
  /** Given: filled with the order's lines when the kitchen read them (a prepay order sent now). */
  seen?: { lines?: readonly Selectable<OrderLineTable>[] }
): Promise<OrderRecord> {
  const order = locked?.order_id === orderId ? locked : await lockOrder(trx, orderId)
  // A prepay order's pickup number, written with its status: on PostgreSQL the branch's counter
  // commits on its own (nextPickupNo), so taking it first holds no lock; on SQLite the one writer
  // holds the database either way.
  const pickupNo = order.kind === 'order' && !order.pickup_no ? await nextPickupNo(trx, order.base_id, order.business_day) : order.pickup_no
  const paid = await applyOrderAction(trx, orderId, 'pay', 'provider', now, pickupNo !== order.pickup_no ? { paid_amount: paidAmount, pickup_no: pickupNo } : { paid_amount: paidAmount }, order)
  if (order.kind === 'settlement' && order.table_sheet_id) {
    // Paying a table sheet's settlement closes the sheet (status 2, no more rounds) and completes its rounds.
    const sheet = await trx.selectFrom('table_sheets').selectAll().where('sheet_id', '=', order.table_sheet_id).executeTakeFirst()
    // The whole bill, or one diner's share of a split bill (bill-shares.ts).
    const current = sheet !== undefined && sheet.settlement_id === orderId
    if (sheet && sheet.status === ORDER_STATUS.AWAITING_PAYMENT && (current || (await isShare(trx, orderId)))) {
      const paidNow = toDecimal(sheet.paid_amount).plus(toDecimal(paidAmount)).toFixed(Math.max(places(sheet.paid_amount), places(paidAmount)))
      // A settlement or share for less than the sheet now holds counts as paid towards the sheet,
      // which stays open for the rest.
      if (toDecimal(paidNow).lessThan(toDecimal(sheet.amount))) {
        await trx
          .updateTable('table_sheets')
          .set(current ? { paid_amount: paidNow, settlement_id: '' } : { paid_amount: paidNow })
          .where('sheet_id', '=', sheet.sheet_id)
          .execute()
        await earnOrderPoints(trx, order, paidAmount, now)
        // Front of house follows the bill, and every phone at the table its balance (events last: outbox.ts).
        await appendOrderFollowed(trx, orderId, now)
        await appendBillBalance(trx, sheet, now)
        return paid
      }
      await trx
        .updateTable('table_sheets')
        .set({ status: ORDER_STATUS.COMPLETED, paid_amount: paidNow, closed_at: now.toISOString() })
        .where('sheet_id', '=', sheet.sheet_id)
        .execute()
      // Paid in full: shares still being paid hold nothing now (money that still comes goes back).
      await cancelOtherPendingSettlements(trx, sheet.sheet_id, orderId, now)
      await appendBillBalance(trx, sheet, now)
      const rounds = await trx
        .selectFrom('orders')
        .select('order_id')
        .where('table_sheet_id', '=', sheet.sheet_id)
        .where('kind', '=', 'round')
        .where('status', 'in', [ORDER_STATUS.AWAITING_PAYMENT, ORDER_STATUS.PAID, ORDER_STATUS.READY])
        .execute()
      for (const round of rounds) await applyOrderAction(trx, round.order_id, 'complete', 'provider', now)
    }
  }
  // A member's order earns points as it is paid, whichever provider paid it (docs/members.md "Points").
  await earnOrderPoints(trx, order, paidAmount, now)
  // A paid prepay order goes to the kitchen now (its events last: outbox.ts).
  const kitchen = order.kind === 'order' ? await syncOrderToKitchen(trx, orderId, now, { pickupNo: async () => pickupNo, known: { order: paid } }) : null
  // Front of house follows: the order paid (from the rows the kitchen just wrote, when it did), or the bill paid and closed.
  const first = kitchen?.firstSend
  if (first && seen) seen.lines = first.lines
  if (first) await appendOrderPlaced(trx, { ...first.order, pickup_no: pickupNo }, first.lines, first.names, now, first.sends)
  else await appendOrderFollowed(trx, orderId, now)
  // As now written (the kitchen's stage too, when it was sent now).
  return { ...paid, pickup_no: pickupNo, kitchen_stage: first ? first.order.kitchen_stage : paid.kitchen_stage }
}

/**
 * An unpaid order past its time becomes expired, in the caller's transaction (opened with
 * inEventTransaction: its event is written at the end), and front of house hears it
 * ('counter.order' with the order expired, so it leaves the waiting list on every screen).
 * The caller has locked the order and checked it is overdue.
 */
export async function expireOrder(trx: Transaction<Database>, orderId: string, now: Date): Promise<OrderRecord> {
  const expired = await applyOrderAction(trx, orderId, 'expire', 'system', now)
  await appendOrderFollowed(trx, orderId, now)
  return expired
}

/**
 * Unpaid prepay orders past their expires_at become expired (the sweep in main.ts runs this
 * every 30 s; reads also expire an order they find overdue). Returns how many changed.
 */
export async function expireDueOrders(db: Kysely<Database>, now: Date): Promise<number> {
  const due = await db
    .selectFrom('orders')
    .select('order_id')
    .where('status', '=', ORDER_STATUS.AWAITING_PAYMENT)
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now.toISOString())
    .limit(500)
    .execute()
  let changed = 0
  for (const { order_id } of due) {
    changed += await inEventTransaction(db, async (trx) => {
      const order = await lockOrder(trx, order_id)
      if (order.status !== ORDER_STATUS.AWAITING_PAYMENT || !order.expires_at || order.expires_at > now.toISOString()) return 0
      await expireOrder(trx, order_id, now)
      return 1
    })
  }
  return changed
}

/** Digits after the point as written ('66.00' → 2), so a sum keeps the amounts' format. */
const places = (text: string): number => (text.split('.')[1] ?? '').length

/** The sheet's settlements still awaiting payment besides `except`, cancelled (the bill was paid in full). */
export async function cancelOtherPendingSettlements(trx: Transaction<Database>, sheetId: string, except: string, now: Date): Promise<void> {
  const pending = await trx
    .selectFrom('orders')
    .select('order_id')
    .where('table_sheet_id', '=', sheetId)
    .where('kind', '=', 'settlement')
    .where('status', '=', ORDER_STATUS.AWAITING_PAYMENT)
    .where('order_id', '!=', except)
    .execute()
  for (const { order_id } of pending) await applyOrderAction(trx, order_id, 'cancel', 'system', now)
}
