import type { Kysely } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { Enterprise, Param } from '../../domain/records'
import { announceForgotten } from '../kept-reads'
import { preparedQuery } from '../prepared'
import type { Database } from '../schema'
import { parseNames } from './row-mapping'

// Every 'app' operation looks its enterprise up first, so the query is compiled once.
const enterpriseQuery = preparedQuery((db, entId) => db.selectFrom('enterprises').select(['ent_id', 'names']).where('ent_id', '=', entId))

/**
 * Enterprises found outside a transaction, kept for ENTERPRISE_KEEP_MS: every diner's call looks
 * its enterprise up first, a round trip each on PostgreSQL (issue 28 item 6), and an enterprise's
 * names change rarely. This process forgets one as it writes it (forgetEnterprise); another
 * process sees a rename within ENTERPRISE_KEEP_MS. Unknown ids are not kept (a new enterprise
 * is found at once; random ids fill nothing). In a transaction every read is fresh.
 */
export const ENTERPRISE_KEEP_MS = 10_000
// By database handle (a test may open several databases in one process); an entry read before
// the last forgetEnterprise() is not used.
const keptEnterprises = new WeakMap<Kysely<Database>, LRUCache<string, { enterprise: Enterprise; generation: number }>>()
let generation = 0

export async function findEnterprise(db: Kysely<Database>, entId: string): Promise<Enterprise | null> {
  let kept = keptEnterprises.get(db)
  if (!kept && !db.isTransaction) keptEnterprises.set(db, (kept = new LRUCache({ max: 1000, ttl: ENTERPRISE_KEEP_MS })))
  const hit = db.isTransaction ? undefined : kept?.get(entId)
  if (hit && hit.generation === generation) return { entId: hit.enterprise.entId, names: { ...hit.enterprise.names } }
  const readAt = generation
  const [row] = await enterpriseQuery(db, entId)
  if (!row) return null
  const found = { entId: row.ent_id, names: parseNames(row.names) }
  if (!db.isTransaction) kept?.set(entId, { enterprise: { entId: found.entId, names: { ...found.names } }, generation: readAt })
  return found
}

/** After writing an enterprise's row: this process reads enterprises again. */
export function forgetEnterprise(): void {
  generation++
  announceForgotten('enterprise')
}

/**
 * Settings read in a transaction, by transaction: a round read them four times and a balance
 * payment four, three of them with the table's bill or the branch's pickup counter locked (issue
 * 28 item 6: every statement is a round trip on PostgreSQL). Whoever writes them in a transaction
 * forgets them there (forgetEnterpriseSettings); outside a transaction every read is fresh.
 */
const readInTransaction = new WeakMap<Kysely<Database>, Map<string, Promise<Param[]>>>()

export async function listEnterpriseSettings(db: Kysely<Database>, entId: string): Promise<Param[]> {
  if (!db.isTransaction) return readEnterpriseSettings(db, entId)
  let kept = readInTransaction.get(db)
  if (!kept) readInTransaction.set(db, (kept = new Map()))
  let read = kept.get(entId)
  if (!read) {
    read = readEnterpriseSettings(db, entId)
    kept.set(entId, read)
    read.catch(() => kept.delete(entId))
  }
  // Copies: a caller may change what it got.
  return (await read).map((p) => ({ ...p }))
}

/**
 * The settings as this request read them just before opening transaction `trx`: its reads there
 * use them (a round and a payment read them before, for their checks and amounts, and again in
 * the transaction for the kitchen's language, with the bill or the pickup counter locked).
 */
export function keepEnterpriseSettings(trx: Kysely<Database>, entId: string, settings: readonly Param[]): void {
  if (!trx.isTransaction) return
  let kept = readInTransaction.get(trx)
  if (!kept) readInTransaction.set(trx, (kept = new Map()))
  kept.set(entId, Promise.resolve(settings.map((p) => ({ ...p }))))
}

/** After writing enterprise_settings in transaction `trx`: its next read there reads them again. */
export function forgetEnterpriseSettings(trx: Kysely<Database>): void {
  readInTransaction.delete(trx)
}

async function readEnterpriseSettings(db: Kysely<Database>, entId: string): Promise<Param[]> {
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
