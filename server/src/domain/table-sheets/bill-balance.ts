/**
 * What the order state machine needs to know of split bills (bill-shares.ts), kept apart so that
 * order-state.ts, which pays a share, never imports the split logic that makes one (no circle).
 */
import type { Kysely, Transaction } from 'kysely'
import { createHash } from 'node:crypto'
import type { Database, TableSheetTable } from '../../storage/schema'
import { appendEvent } from '../../live/outbox'

/**
 * What the phones at a table follow: a hash of the sheet id (only those who know the sheet can
 * tell an event is theirs), like an order's progress ref.
 */
export const billRef = (sheetId: string): string => createHash('sha256').update(`bill-balance|${sheetId}`).digest('hex').slice(0, 20)

/** Tells every phone at the table that the bill's balance moved ('sheet.balance' on the branch's public stream). */
export async function appendBillBalance(trx: Transaction<Database>, sheet: Pick<TableSheetTable, 'ent_id' | 'shop_id' | 'base_id' | 'sheet_id'>, now: Date): Promise<void> {
  await appendEvent(trx, { entId: sheet.ent_id, shopId: sheet.shop_id, baseId: sheet.base_id, kind: 'sheet.balance', payload: { ref: billRef(sheet.sheet_id) } }, now)
}

/** Whether a settlement is a share of a split bill. */
export async function isShare(db: Kysely<Database> | Transaction<Database>, orderId: string): Promise<boolean> {
  return (await db.selectFrom('bill_shares').select('order_id').where('order_id', '=', orderId).executeTakeFirst()) !== undefined
}
