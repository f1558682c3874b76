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

/** A table of this enterprise; another enterprise's table is not found. */
export async function findTable(db: Kysely<Database>, entId: string, tableId: string): Promise<DiningTable | null> {
  const row = await db
    .selectFrom('dining_tables')
    .selectAll()
    .where('ent_id', '=', entId)
    .where('table_id', '=', tableId)
    .executeTakeFirst()
  return row ? toTable(row) : null
}

export async function findTableById(db: Kysely<Database>, tableId: string): Promise<DiningTable | null> {
  const row = await db.selectFrom('dining_tables').selectAll().where('table_id', '=', tableId).executeTakeFirst()
  return row ? toTable(row) : null
}

/** How many tables a branch has (Home offers choosing one by hand where there are some). */
export async function countBranchTables(db: Kysely<Database>, entId: string, baseId: string): Promise<number> {
  const row = await db
    .selectFrom('dining_tables')
    .where('ent_id', '=', entId)
    .where('base_id', '=', baseId)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
