/**
 * The demo tables' QR codes carry a random token made at seed time, so tests read a table's
 * current code from the database instead of writing it down.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../../server/src/storage/schema'

/** The table's current (enabled) QR code, e.g. tableCode(db, 'B201-A01') → 'QR-A01-…'. */
export async function tableCode(db: Kysely<Database>, tableId: string): Promise<string> {
  const row = await db.selectFrom('qr_codes').select('code').where('table_id', '=', tableId).where('is_enable', '=', 1).executeTakeFirst()
  if (!row) throw new Error(`table ${tableId} has no QR code`)
  return row.code
}
