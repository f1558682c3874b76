/**
 * The member code (VipQrCodeGet; `npm run member -- verify <code>`): a short-lived code the shop
 * scans to know the member. It carries members.code_ref (a random public reference, never the
 * vip_id) and an expiry, signed with HMAC-SHA256 under the 'member-code' server secret
 * (server_secrets: made once, shared by every server process and the CLI).
 *
 *   Code = 'M1.' + code_ref + '.' + expiry (unix seconds, base 36) + '.' + signature
 *   signature = base64url(HMAC-SHA256(secret, 'M1.' + code_ref + '.' + expiry)), first 16 bytes
 *
 * Valid MEMBER_CODE_TTL_SECONDS; the page fetches a new one every MEMBER_CODE_REFRESH_SECONDS,
 * so the code on screen is always valid for at least a minute.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/schema'
import { getOrCreateSecret, SECRET_NAMES } from '../secrets/server-secret'
import type { MemberRecord } from './balance.service'

export const MEMBER_CODE_TTL_SECONDS = 120
export const MEMBER_CODE_REFRESH_SECONDS = 60
const VERSION = 'M1'

const sign = (secret: string, payload: string): string => createHmac('sha256', secret).update(payload).digest().subarray(0, 16).toString('base64url')

/** A fresh code for the member, or null when there is no such member. */
export async function issueMemberCode(db: Kysely<Database>, vipId: string, now: Date): Promise<{ code: string; expiresIn: number; refreshIn: number } | null> {
  const member = await db.selectFrom('members').select('code_ref').where('vip_id', '=', vipId).executeTakeFirst()
  if (!member) return null
  const secret = await getOrCreateSecret(db, SECRET_NAMES.memberCode)
  const expiry = Math.floor(now.getTime() / 1000) + MEMBER_CODE_TTL_SECONDS
  const payload = `${VERSION}.${member.code_ref}.${expiry.toString(36)}`
  return { code: `${payload}.${sign(secret, payload)}`, expiresIn: MEMBER_CODE_TTL_SECONDS, refreshIn: MEMBER_CODE_REFRESH_SECONDS }
}

export type MemberCodeCheck =
  | { ok: true; member: MemberRecord; expiresAt: Date }
  /** invalid: not a code of ours (malformed, bad signature, no such member); expired: ours, but too old. */
  | { ok: false; reason: 'invalid' | 'expired' }

/** Checks a scanned code: the signature first (nothing else is trusted before it), then the expiry, then the member. */
export async function verifyMemberCode(db: Kysely<Database>, code: string, now: Date): Promise<MemberCodeCheck> {
  const parts = code.trim().split('.')
  if (parts.length !== 4 || parts[0] !== VERSION || !/^[A-Za-z0-9_-]{1,128}$/.test(parts[1]) || !/^[0-9a-z]{1,12}$/.test(parts[2])) {
    return { ok: false, reason: 'invalid' }
  }
  const payload = parts.slice(0, 3).join('.')
  const secret = await getOrCreateSecret(db, SECRET_NAMES.memberCode)
  const expected = Buffer.from(sign(secret, payload))
  const given = Buffer.from(parts[3])
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' }
  const expiresAt = new Date(parseInt(parts[2], 36) * 1000)
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' }
  const member = await db.selectFrom('members').selectAll().where('code_ref', '=', parts[1]).executeTakeFirst()
  if (!member) return { ok: false, reason: 'invalid' }
  return { ok: true, member, expiresAt }
}
