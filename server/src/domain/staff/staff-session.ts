/**
 * Staff sessions (issue 23). A sign-in hands out a random bearer token once ('st_…'); only its
 * SHA-256 is stored. Every request's token is looked up with its person and device: a removed
 * person, an unpaired device, an ended or expired session is no session at all, so removing a
 * person or a device ends their sessions at once, on every server process (the check is in the
 * database, not a process's memory).
 */
import { randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { isStaffRole } from '../../../../src/core/staff-permissions'
import type { StaffSessionRow } from '../../../../src/gateway/staff-contract'
import { ROLE_PERMISSIONS } from '../../../../src/core/staff-permissions'
import { appendEvent, SESSIONS_ENDED_KIND } from '../../live/outbox'
import type { Database } from '../../storage/schema'
import { hashToken } from '../members/member-session'
import { splitIds, type StaffActor } from './staff-actor'

/** A session lasts a shift: twelve hours from sign-in. */
export const STAFF_SESSION_HOURS = 12

export const STAFF_TOKEN_PREFIX = 'st_'
export const DEVICE_TOKEN_PREFIX = 'sd_'

export const newToken = (prefix: string): string => prefix + randomBytes(32).toString('base64url')

export async function startStaffSession(
  db: Kysely<Database>,
  who: { entId: string; staffId: string; deviceId: string },
  now: Date
): Promise<{ token: string; expiresAt: string }> {
  const token = newToken(STAFF_TOKEN_PREFIX)
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000).toISOString()
  await db
    .insertInto('staff_sessions')
    .values({ token_hash: hashToken(token), ent_id: who.entId, staff_id: who.staffId, device_id: who.deviceId, created_at: now.toISOString(), expires_at: expiresAt, ended_at: null })
    .execute()
  return { token, expiresAt }
}

/** The staff member a token signs in at `now`, or null. */
export async function findStaffSession(db: Kysely<Database>, token: string, now: Date): Promise<StaffActor | null> {
  if (!token.startsWith(STAFF_TOKEN_PREFIX)) return null
  const tokenHash = hashToken(token)
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff_members as m', 'm.staff_id', 's.staff_id')
    .leftJoin('staff_devices as d', 'd.device_id', 's.device_id')
    .select([
      's.ent_id',
      's.staff_id',
      's.device_id',
      's.expires_at',
      's.ended_at',
      'm.name',
      'm.role',
      'm.locale',
      'm.shop_ids',
      'm.base_ids',
      'm.removed_at',
      'm.ent_id as staff_ent_id',
      'd.name as device_name',
      'd.shop_id as device_shop_id',
      'd.base_id as device_base_id',
      'd.removed_at as device_removed_at'
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst()
  if (!row || row.ended_at !== null || row.expires_at <= now.toISOString() || row.removed_at !== null || row.staff_ent_id !== row.ent_id) return null
  if (row.device_id && (row.device_name === null || row.device_removed_at !== null)) return null
  if (!isStaffRole(row.role)) return null
  return {
    staffId: row.staff_id,
    entId: row.ent_id,
    name: row.name,
    role: row.role,
    locale: row.locale,
    shopIds: splitIds(row.shop_ids),
    baseIds: splitIds(row.base_ids),
    deviceId: row.device_id,
    deviceName: row.device_name ?? '',
    deviceShopId: row.device_id ? (row.device_shop_id ?? '') : '',
    deviceBaseId: row.device_id ? (row.device_base_id ?? '') : '',
    tokenHash,
    expiresAt: row.expires_at
  }
}

/**
 * Ends one session (a sign-out). Like endSessionsOf, tells the person's live streams to look
 * again at once ('staff.sessionsEnded', which no stream carries: live.route.ts listens for it).
 */
export async function endSession(trx: Transaction<Database>, tokenHash: string, now: Date): Promise<void> {
  const ended = await trx
    .updateTable('staff_sessions')
    .set({ ended_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('ended_at', 'is', null)
    .returning(['ent_id', 'staff_id'])
    .execute()
  for (const row of ended) await appendEvent(trx, { entId: row.ent_id, kind: SESSIONS_ENDED_KIND, payload: { staffId: row.staff_id } }, now)
}

/**
 * Ends every open session of a person or of a device, and tells their live streams (the kitchen
 * board's, front of house's) to check their session now rather than at their next heartbeat.
 */
export async function endSessionsOf(trx: Transaction<Database>, who: { staffId: string } | { deviceId: string }, now: Date): Promise<void> {
  let query = trx.updateTable('staff_sessions').set({ ended_at: now.toISOString() }).where('ended_at', 'is', null)
  query = 'staffId' in who ? query.where('staff_id', '=', who.staffId) : query.where('device_id', '=', who.deviceId)
  const ended = await query.returning('ent_id').execute()
  for (const entId of new Set(ended.map((r) => r.ent_id))) await appendEvent(trx, { entId, kind: SESSIONS_ENDED_KIND, payload: { ...who } }, now)
}

/** A session as the contract shows it; the token only right after a sign-in. */
export function sessionRow(actor: Omit<StaffActor, 'tokenHash'>, token = ''): StaffSessionRow {
  return {
    Token: token,
    StaffID: actor.staffId,
    EntID: actor.entId,
    Name: actor.name,
    Role: actor.role,
    Permissions: ROLE_PERMISSIONS[actor.role].join(','),
    Locale: actor.locale,
    DeviceID: actor.deviceId,
    DeviceName: actor.deviceName,
    ExpiresAt: actor.expiresAt
  }
}
