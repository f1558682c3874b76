/**
 * The geocoder's per-address limit, kept in the database (design.md §4: several server processes
 * on one database behave as one). Before, each process counted in its own memory, so N processes
 * allowed N times PLACES_RATE_PER_MINUTE.
 *
 * One row per lookup (geocoder_lookups, migration 0017), stored first and counted after, own row
 * included; over the limit the row is deleted again and the lookup refused, as the feedback limit
 * does (domain/feedback/feedback.service.ts). Counting first let racing requests all pass a count
 * none had added to yet; stored first, the last accepted lookup to count sees every accepted row,
 * so at most the limit pass in any window, on any number of processes (PostgreSQL's statements
 * each commit; SQLite's run one at a time). A refused lookup leaves no row, so a client refused
 * for a minute gets its budget back as its accepted lookups age out, as before.
 *
 * Old rows are deleted by the lookups themselves: at most once a window per process and
 * database, one indexed delete of every row older than the window.
 */
import { createHash, randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/schema'
import { countOf } from '../../storage/repositories/row-mapping'
import { EnvelopeError } from '../errors'

/** The window of the per-address limit. */
export const PLACES_WINDOW_MS = 60_000

export interface LookupCount {
  db: Kysely<Database>
  clientIp: string
  now: Date
  /** Lookups allowed per client address in any PLACES_WINDOW_MS. */
  ratePerMinute: number
}

/** When this process last pruned each database (only when, never what is counted). */
const lastPruned = new WeakMap<Kysely<Database>, number>()

/** Deletes every lookup older than the window, unless this process did so within the last window. */
async function pruneOldLookups(db: Kysely<Database>, now: number): Promise<void> {
  const last = lastPruned.get(db)
  if (last !== undefined && now - last < PLACES_WINDOW_MS && now >= last) return
  lastPruned.set(db, now)
  await db
    .deleteFrom('geocoder_lookups')
    .where('looked_up_at', '<=', new Date(now - PLACES_WINDOW_MS).toISOString())
    .execute()
}

/**
 * The address as stored (client_ip is 64 characters): an address or /64 always fits; anything
 * longer (only a trusted proxy's odd X-Forwarded-For) is kept apart by its digest, not refused.
 */
const clientKey = (clientIp: string): string =>
  clientIp.length <= 64 ? clientIp : `sha256:${createHash('sha256').update(clientIp).digest('hex').slice(0, 56)}`

/** Counts one lookup of `clientIp`, or throws RATE_LIMITED (errcode 10009) over the limit. */
export async function countLookup(c: LookupCount): Promise<void> {
  if (c.ratePerMinute <= 0) throw new EnvelopeError('RATE_LIMITED')
  const now = c.now.getTime()
  await pruneOldLookups(c.db, now)
  const lookupId = randomUUID()
  const client = clientKey(c.clientIp)
  await c.db.insertInto('geocoder_lookups').values({ lookup_id: lookupId, client_ip: client, looked_up_at: c.now.toISOString() }).execute()
  const row = await c.db
    .selectFrom('geocoder_lookups')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('client_ip', '=', client)
    .where('looked_up_at', '>', new Date(now - PLACES_WINDOW_MS).toISOString())
    .executeTakeFirst()
  if (countOf(row) > c.ratePerMinute) {
    await c.db.deleteFrom('geocoder_lookups').where('lookup_id', '=', lookupId).execute()
    throw new EnvelopeError('RATE_LIMITED')
  }
}
