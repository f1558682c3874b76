/**
 * Member sessions (issue 5). A login hands out a random bearer token once; only its SHA-256 is
 * stored, with an expiry. Every request that carries `Authorization: Bearer <token>` is matched
 * here against the envelope's enterprise: a token of another enterprise, an expired or revoked
 * one is no session at all.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/schema'

/** How long a session lasts (fixed from login; a new login starts a new one). */
export const SESSION_DAYS = 30

/** The signed-in member of a request. */
export interface SessionMember {
  vipId: string
  entId: string
  isGuest: boolean
  /** '' when no phone is bound. */
  phone: string
  areaNo: string
  /** The session's token hash (VipLogout revokes it). */
  tokenHash: string
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/**
 * Who owns orders, sheets and payments a signed-in member makes. The device-key owner (a
 * SHA-256 hex) can never take this form, so a device cannot pass for a member.
 */
export const memberOwnerKey = (vipId: string): string => `vip:${vipId}`

/** The token of an Authorization header ('Bearer <token>'), or null. */
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header
  const match = value ? /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(value.trim()) : null
  return match ? match[1] : null
}

/** A new session for a member: the token (shown once) and when it expires. */
export async function startSession(
  db: Kysely<Database>,
  entId: string,
  vipId: string,
  now: Date
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000)
  await db
    .insertInto('member_sessions')
    .values({ token_hash: hashToken(token), ent_id: entId, vip_id: vipId, created_at: now.toISOString(), expires_at: expiresAt.toISOString(), revoked_at: null })
    .execute()
  return { token, expiresAt }
}

/** The member a token signs in, for this enterprise at `now`; null when none. */
export async function findSession(db: Kysely<Database>, entId: string, token: string, now: Date): Promise<SessionMember | null> {
  const tokenHash = hashToken(token)
  const row = await db
    .selectFrom('member_sessions as s')
    .innerJoin('members as m', 'm.vip_id', 's.vip_id')
    .select(['m.vip_id', 'm.ent_id', 'm.is_guest', 'm.phone', 'm.area_no', 's.expires_at', 's.revoked_at'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.ent_id', '=', entId)
    .executeTakeFirst()
  if (!row || row.revoked_at !== null || row.expires_at <= now.toISOString()) return null
  return { vipId: row.vip_id, entId: row.ent_id, isGuest: row.is_guest === 1, phone: row.phone, areaNo: row.area_no, tokenHash }
}

export async function revokeSession(db: Kysely<Database>, tokenHash: string, now: Date): Promise<void> {
  await db.updateTable('member_sessions').set({ revoked_at: now.toISOString() }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute()
}

/** The member an owner key names ('' for a device): orders keep it in vip_id for points and claims. */
export const vipIdOfOwner = (ownerKey: string): string => (ownerKey.startsWith('vip:') ? ownerKey.slice(4) : '')
