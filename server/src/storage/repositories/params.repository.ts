import type { Kysely } from 'kysely'
import type { Param } from '../../domain/records'
import type { Database } from '../schema'

export async function listShopParams(db: Kysely<Database>, shopId: string): Promise<Param[]> {
  const rows = await db
    .selectFrom('shop_params')
    .select(['parm_id', 'parm_value'])
    .where('shop_id', '=', shopId)
    .orderBy('parm_id')
    .execute()
  return rows.map((r) => ({ parmId: r.parm_id, parmValue: r.parm_value }))
}

export async function findBaseParam(db: Kysely<Database>, baseId: string, parmId: string): Promise<string | null> {
  const row = await db
    .selectFrom('base_params')
    .select('parm_value')
    .where('base_id', '=', baseId)
    .where('parm_id', '=', parmId)
    .executeTakeFirst()
  return row ? row.parm_value : null
}
