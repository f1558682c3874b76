import type { Kysely, Selectable } from 'kysely'
import type { DiningTable } from '../../domain/records'
import type { Database, DiningTableTable } from '../schema'
import { parseNames } from './row-mapping'

const toTable = (r: Selectable<DiningTableTable>): DiningTable => ({
  entId: r.ent_id,
  shopId: r.shop_id,
  baseId: r.base_id,
  tableId: r.table_id,
  code: r.code,
  names: parseNames(r.names),
  qrCode: r.qr_code ?? ''
})

/**
 * A table in service of this enterprise; another enterprise's table, and a removed one (kept out
 * of service for the orders that name it: is_enable 0, migration 0020), are not found.
 */
export async function findTable(db: Kysely<Database>, entId: string, tableId: string): Promise<DiningTable | null> {
  const row = await db
    .selectFrom('dining_tables')
    .selectAll()
    .where('ent_id', '=', entId)
    .where('table_id', '=', tableId)
    .where('is_enable', '=', 1)
    .executeTakeFirst()
  return row ? toTable(row) : null
}

/** A table in service, of any enterprise (a removed one is not found). */
export async function findTableById(db: Kysely<Database>, tableId: string): Promise<DiningTable | null> {
  const row = await db.selectFrom('dining_tables').selectAll().where('table_id', '=', tableId).where('is_enable', '=', 1).executeTakeFirst()
  return row ? toTable(row) : null
}

/** How many tables in service a branch has (Home offers choosing one by hand where there are some). */
export async function countBranchTables(db: Kysely<Database>, entId: string, baseId: string): Promise<number> {
  const row = await db
    .selectFrom('dining_tables')
    .where('ent_id', '=', entId)
    .where('base_id', '=', baseId)
    .where('is_enable', '=', 1)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
