/**
 * Front of house's live events (issue 24 item 3; docs/front-of-house.md), audience staff. Each
 * carries its row as it is now, so a screen upserts it by id whatever it missed before:
 *   - 'bill.changed' { table: CounterTableRow }: a table's bill after a round, a quantity change, a
 *     payment, a settlement started, a move, a merge, a cancelled line, a close (Bill null: free);
 *   - 'payment.recorded' { payment: CounterPaymentRow }: a payment the counter recorded;
 *   - 'counter.order' { order: CounterOrderRow }: a prepay order placed, paid, ready, collected,
 *     cancelled, expired unpaid (the screen keeps it while its status is 0, 1 or 5).
 * Appended in the transaction of the change, after its other writes (outbox.ts: appendEvent last).
 */
import type { Selectable, Transaction } from 'kysely'
import type { CounterPaymentRow } from '../../../../src/gateway/counter-contract'
import { appendEvent } from '../../live/outbox'
import type { Database } from '../../storage/schema'
import type { OrderLineRecord, OrderRecord } from '../../storage/repositories/order.repository'
import type { LineNames } from '../orders/line-names'
import { loadOrderRows, loadTablesWithRows, placedOrderRow } from './counter-view'

type Trx = Transaction<Database>

/**
 * 'bill.changed' for each table named (each once, in the order given). Each names the sheet whose
 * diners' bill read it changes (events.sheet_id: table-sheet.answers.ts): the table's open one,
 * or `sheetOf` the table's (a sheet just closed). The event's shop and branch are those of the
 * table record its row was built from.
 */
export async function appendTablesChanged(trx: Trx, entId: string, tableIds: readonly string[], now: Date, sheetOf: Record<string, string> = {}): Promise<void> {
  const unique = [...new Set(tableIds.filter(Boolean))]
  if (unique.length === 0) return
  for (const { table: place, row: table } of await loadTablesWithRows(trx, entId, unique)) {
    const sheetId = table.Bill?.SheetID || sheetOf[table.TableID] || ''
    await appendEvent(trx, { entId, shopId: place.shop_id, baseId: place.base_id, kind: 'bill.changed', payload: { table }, sheetId }, now)
  }
}

/**
 * 'bill.changed' for the table of a sheet: the sheet's record as its caller holds it (locked, or
 * just written, in this transaction), or its id alone (then its table is read).
 */
export async function appendSheetChanged(trx: Trx, sheet: string | Pick<Selectable<Database['table_sheets']>, 'sheet_id' | 'ent_id' | 'table_id'>, now: Date): Promise<void> {
  const known = typeof sheet === 'string' ? await trx.selectFrom('table_sheets').select(['sheet_id', 'ent_id', 'table_id']).where('sheet_id', '=', sheet).executeTakeFirst() : sheet
  if (known) await appendTablesChanged(trx, known.ent_id, [known.table_id], now, { [known.table_id]: known.sheet_id })
}

/**
 * What the counter must hear of an order's change: a prepay order's row ('counter.order'), a
 * round's or settlement's bill ('bill.changed'). Call it after the change's other writes.
 */
export async function appendOrderFollowed(trx: Trx, orderId: string, now: Date): Promise<void> {
  const order = await trx.selectFrom('orders').select(['order_id', 'ent_id', 'shop_id', 'base_id', 'kind', 'table_sheet_id']).where('order_id', '=', orderId).executeTakeFirst()
  if (!order) return
  if (order.kind === 'order') {
    const [row] = await loadOrderRows(trx, order.ent_id, [order.order_id])
    if (row) await appendEvent(trx, { entId: order.ent_id, shopId: order.shop_id, baseId: order.base_id, kind: 'counter.order', payload: { order: row } }, now)
    return
  }
  if (order.table_sheet_id) await appendSheetChanged(trx, order.table_sheet_id, now)
}

/**
 * 'counter.order' for a prepay order its caller has just written in this transaction, with the
 * lines it wrote (OrderSubmit) and their names when read already, or (a payment) with the
 * kitchen ledger rows it wrote: appendOrderFollowed's event without reading them back.
 */
export async function appendOrderPlaced(
  trx: Trx,
  order: OrderRecord,
  lines: readonly OrderLineRecord[],
  names: LineNames | undefined,
  now: Date,
  sends?: Parameters<typeof placedOrderRow>[4]
): Promise<void> {
  const row = await placedOrderRow(trx, order, lines, names, sends)
  await appendEvent(trx, { entId: order.ent_id, shopId: order.shop_id, baseId: order.base_id, kind: 'counter.order', payload: { order: row } }, now)
}

export async function appendPaymentRecorded(trx: Trx, place: { entId: string; shopId: string; baseId: string }, payment: CounterPaymentRow, now: Date): Promise<void> {
  await appendEvent(trx, { entId: place.entId, shopId: place.shopId, baseId: place.baseId, kind: 'payment.recorded', payload: { payment } }, now)
}
