/**
 * A per-client-address limit kept in the database (design.md §4: several server processes on one
 * database behave as one). Used by the geocoder's limit (geocoder_lookups, migration 0017) and
 * the host code exchanges' (host_code_exchanges, 0027), two tables of one shape.
 *
 * One row per use, stored first and counted after, own row included; over the limit the row is
 * deleted again and the use refused, as the feedback limit does (domain/feedback/feedback.service.ts).
 * Counting first let racing requests all pass a count none had added to yet; stored first, the
 * last accepted use to count sees every accepted row, so at most the limit pass in any window, on
 * any number of processes (PostgreSQL's statements each commit; SQLite's run one at a time). A
 * refused use leaves no row, so a client refused for a while gets its budget back as its accepted
 * uses age out.
 *
 * Old rows are deleted by the uses themselves: at most once a window per process, database and
 * table, one indexed delete of every row older than the window.
 */
import { createHash, randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/schema'
import { countOf } from '../../storage/repositories/row-mapping'
import { EnvelopeError } from '../errors'

/** The tables counted here: each has lookup_id, client_ip and looked_up_at (GeocoderLookupTable). */
export type AddressWindowTable = 'geocoder_lookups' | 'host_code_exchanges'

export interface AddressUse {
  db: Kysely<Database>
  clientIp: string
  now: Date
  /** Uses allowed per client address in any window. */
  perWindow: number
  windowMs: number
}

/** When this process last pruned each table of each database (only when, never what is counted). */
const lastPruned = new WeakMap<Kysely<Database>, Map<AddressWindowTable, number>>()

async function pruneOld(table: AddressWindowTable, db: Kysely<Database>, now: number, windowMs: number): Promise<void> {
  let byTable = lastPruned.get(db)
  if (!byTable) lastPruned.set(db, (byTable = new Map()))
  const last = byTable.get(table)
  if (last !== undefined && now - last < windowMs && now >= last) return
  byTable.set(table, now)
  // The two tables share one shape; Kysely types a union of table names poorly, so one is named.
  await db
    .deleteFrom(table as 'geocoder_lookups')
    .where('looked_up_at', '<=', new Date(now - windowMs).toISOString())
    .execute()
}

/**
 * The address as stored (client_ip is 64 characters): an address or /64 always fits; anything
 * longer (only a trusted proxy's odd X-Forwarded-For) is kept apart by its digest, not refused.
 */
const clientKey = (clientIp: string): string =>
  clientIp.length <= 64 ? clientIp : `sha256:${createHash('sha256').update(clientIp).digest('hex').slice(0, 56)}`

/** Counts one use by `clientIp` in `table`, or throws RATE_LIMITED (errcode 10009) over the limit. */
export async function countAddressUse(table: AddressWindowTable, c: AddressUse): Promise<void> {
  if (c.perWindow <= 0) throw new EnvelopeError('RATE_LIMITED')
  const now = c.now.getTime()
  await pruneOld(table, c.db, now, c.windowMs)
  const name = table as 'geocoder_lookups'
  const lookupId = randomUUID()
  const client = clientKey(c.clientIp)
  await c.db.insertInto(name).values({ lookup_id: lookupId, client_ip: client, looked_up_at: c.now.toISOString() }).execute()
  const row = await c.db
    .selectFrom(name)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('client_ip', '=', client)
    .where('looked_up_at', '>', new Date(now - c.windowMs).toISOString())
    .executeTakeFirst()
  if (countOf(row) > c.perWindow) {
    await c.db.deleteFrom(name).where('lookup_id', '=', lookupId).execute()
    throw new EnvelopeError('RATE_LIMITED')
  }
}
