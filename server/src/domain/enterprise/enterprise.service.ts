/** The enterprise a request speaks for, and its clock. */
import type { Kysely } from 'kysely'
import { formatWallClock, isTimeZone, wallClockIn } from '../../../../src/core/wall-clock'
import { findEnterprise, findEnterpriseSetting } from '../../storage/repositories/enterprise.repository'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import type { Enterprise } from '../records'

/** Used when an enterprise has no (or an unknown) TimeZone setting. */
export const FALLBACK_TIME_ZONE = 'UTC'

export async function requireEnterprise(db: Kysely<Database>, entId: string): Promise<Enterprise> {
  const enterprise = entId ? await findEnterprise(db, entId) : null
  if (!enterprise) throw new DomainError('ENTERPRISE_NOT_FOUND')
  return enterprise
}

/**
 * Operations that name an enterprise in the record (Other_EntID) answer only for the
 * envelope's own enterprise; any other id is "not found" rather than someone else's data.
 * An empty id means the envelope's enterprise.
 */
export function requireSameEnterprise(enterprise: Enterprise, otherEntId: string | undefined): Enterprise {
  if (otherEntId && otherEntId !== enterprise.entId) throw new DomainError('ENTERPRISE_NOT_FOUND')
  return enterprise
}

export async function enterpriseTimeZone(db: Kysely<Database>, entId: string): Promise<string> {
  return timeZoneOf(await findEnterpriseSetting(db, entId, 'TimeZone'))
}

/** The time zone a stored TimeZone setting names (null: not set). */
export const timeZoneOf = (zone: string | null | undefined): string => (zone && isTimeZone(zone) ? zone : FALLBACK_TIME_ZONE)

/** 'YYYY-MM-DD HH:mm:ss' of an instant on the enterprise's wall clock. */
export const wallClockText = (timeZone: string, instant: Date): string => formatWallClock(wallClockIn(timeZone, instant))
