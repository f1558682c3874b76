import type { Kysely } from 'kysely'
import type { Enterprise, Param } from '../../domain/records'
import { preparedQuery } from '../prepared'
import type { Database } from '../schema'
import { parseNames } from './row-mapping'

// Every 'app' operation looks its enterprise up first, so the query is compiled once.
const enterpriseQuery = preparedQuery((db, entId) => db.selectFrom('enterprises').select(['ent_id', 'names']).where('ent_id', '=', entId))

export async function findEnterprise(db: Kysely<Database>, entId: string): Promise<Enterprise | null> {
  const [row] = await enterpriseQuery(db, entId)
  return row ? { entId: row.ent_id, names: parseNames(row.names) } : null
}

export async function listEnterpriseSettings(db: Kysely<Database>, entId: string): Promise<Param[]> {
  const rows = await db
    .selectFrom('enterprise_settings')
    .select(['parm_id', 'parm_value'])
    .where('ent_id', '=', entId)
    .orderBy('parm_id')
    .execute()
  return rows.map((r) => ({ parmId: r.parm_id, parmValue: r.parm_value }))
}

export async function findEnterpriseSetting(db: Kysely<Database>, entId: string, parmId: string): Promise<string | null> {
  const row = await db
    .selectFrom('enterprise_settings')
    .select('parm_value')
    .where('ent_id', '=', entId)
    .where('parm_id', '=', parmId)
    .executeTakeFirst()
  return row ? row.parm_value : null
}
