import type { Kysely } from 'kysely'
import type { TableSheet } from '../../domain/records'
import type { Database } from '../schema'

export const SHEET_STATUS_OPEN = 0

/** The open sheet of a table, if any (a partial unique index keeps it to one). */
export async function findOpenSheet(db: Kysely<Database>, entId: string, tableId: string): Promise<TableSheet | null> {
  const r = await db
    .selectFrom('table_sheets')
    .selectAll()
    .where('ent_id', '=', entId)
    .where('table_id', '=', tableId)
    .where('status', '=', SHEET_STATUS_OPEN)
    .executeTakeFirst()
  if (!r) return null
  return {
    sheetId: r.sheet_id,
    entId: r.ent_id,
    shopId: r.shop_id,
    baseId: r.base_id,
    tableId: r.table_id,
    status: Number(r.status),
    createdAt: r.created_at
  }
}
