/**
 * The geocoder's per-address limit, kept in the database (geocoder_lookups, migration 0017;
 * the counting is domain/rate/address-window.ts). Before, each process counted in its own memory,
 * so N processes allowed N times PLACES_RATE_PER_MINUTE.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/schema'
import { countAddressUse } from '../rate/address-window'

/** The window of the per-address limit. */
export const PLACES_WINDOW_MS = 60_000

export interface LookupCount {
  db: Kysely<Database>
  clientIp: string
  now: Date
  /** Lookups allowed per client address in any PLACES_WINDOW_MS. */
  ratePerMinute: number
}

/** Counts one lookup of `clientIp`, or throws RATE_LIMITED (errcode 10009) over the limit. */
export async function countLookup(c: LookupCount): Promise<void> {
  await countAddressUse('geocoder_lookups', { db: c.db, clientIp: c.clientIp, now: c.now, perWindow: c.ratePerMinute, windowMs: PLACES_WINDOW_MS })
}
