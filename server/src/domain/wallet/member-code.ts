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
 *
 * The same code as a number staff can type (issue 27 item 22): each code comes with
 * MEMBER_NUMBER_DIGITS random digits (node:crypto), valid as long as the code. The server keeps
 * only HMAC-SHA256(secret, 'N1.' + digits) with the member and the expiry (member_number_codes,
 * migration 0029), unique in the enterprise. Looking a number up is only done for one enterprise,
 * under rows of coupon_code_tries that count wrong numbers (the caller says whose: the staff
 * member, the device, the branch), so guessing the live numbers among 10^10 is out of reach.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/schema'
import { wallClockIn } from '../../../../src/core/wall-clock'
import { holdCodeTries } from '../coupons/coupon-cards'
import { enterpriseTimeZone } from '../enterprise/enterprise.service'
import { DomainError } from '../errors'
import { getOrCreateSecret, SECRET_NAMES } from '../secrets/server-secret'
import type { MemberRecord } from './balance.service'

export const MEMBER_CODE_TTL_SECONDS = 120
export const MEMBER_CODE_REFRESH_SECONDS = 60
const VERSION = 'M1'

const sign = (secret: string, payload: string): string => createHmac('sha256', secret).update(payload).digest().subarray(0, 16).toString('base64url')

/** Digits of the member code's number (10^10 of them; a few hundred live at once in a busy enterprise). */
export const MEMBER_NUMBER_DIGITS = 10
const numberHash = (secret: string, digits: string): string => createHmac('sha256', secret).update(`N1.${digits}`).digest('hex')

/**
 * A typed member number as digits: NFKC first (a Chinese keyboard types full-width digits), then
 * spaces and dashes out ('482 193 0017'). Null when it is not MEMBER_NUMBER_DIGITS digits.
 */
export function memberNumberOf(typed: string): string | null {
  const digits = typed.normalize('NFKC').replace(/[\s-]/g, '')
  return new RegExp(`^[0-9]{${MEMBER_NUMBER_DIGITS}}$`).test(digits) ? digits : null
}

/** A fresh code for the member (with its number), or null when there is no such member. */
export async function issueMemberCode(db: Kysely<Database>, vipId: string, now: Date): Promise<{ code: string; number: string; expiresIn: number; refreshIn: number } | null> {
  const member = await db.selectFrom('members').select(['code_ref', 'ent_id']).where('vip_id', '=', vipId).executeTakeFirst()
  if (!member) return null
  const secret = await getOrCreateSecret(db, SECRET_NAMES.memberCode)
  const expiry = Math.floor(now.getTime() / 1000) + MEMBER_CODE_TTL_SECONDS
  const payload = `${VERSION}.${member.code_ref}.${expiry.toString(36)}`
  const number = await issueNumber(db, secret, member.ent_id, vipId, new Date(expiry * 1000), now)
  return { code: `${payload}.${sign(secret, payload)}`, number, expiresIn: MEMBER_CODE_TTL_SECONDS, refreshIn: MEMBER_CODE_REFRESH_SECONDS }
}

/** Expired numbers are kept this long, so one typed just too late is answered as expired, not as unknown. */
const EXPIRED_NUMBER_KEPT_MS = 10 * 60_000

/** A number no kept code of the enterprise has (a taken one is drawn again), stored until `expiresAt`; long-expired ones pruned first. */
async function issueNumber(db: Kysely<Database>, secret: string, entId: string, vipId: string, expiresAt: Date, now: Date): Promise<string> {
  await db.deleteFrom('member_number_codes').where('expires_at', '<=', new Date(now.getTime() - EXPIRED_NUMBER_KEPT_MS).toISOString()).execute()
  for (let attempt = 0; ; attempt++) {
    const digits = String(randomInt(0, 10 ** MEMBER_NUMBER_DIGITS)).padStart(MEMBER_NUMBER_DIGITS, '0')
    const row = { ent_id: entId, number_hash: numberHash(secret, digits), vip_id: vipId, expires_at: expiresAt.toISOString(), created_at: now.toISOString() }
    const inserted = await db.insertInto('member_number_codes').values(row).onConflict((oc) => oc.columns(['ent_id', 'number_hash']).doNothing()).returning('number_hash').executeTakeFirst()
    if (inserted) return digits
    if (attempt >= 8) throw new Error('member number: no free number after 9 draws')
  }
}

export type MemberCodeCheck =
  | { ok: true; member: MemberRecord; expiresAt: Date }
  /** invalid: not a code of ours (malformed, bad signature, no such member); expired: ours, but too old. */
  | { ok: false; reason: 'invalid' | 'expired' }

/**
 * Who is typing member numbers, for the count of wrong ones (coupon_code_tries rows, each with its
 * limit in MEMBER_NUMBER_TRY_WINDOW: coupon-cards.ts VOUCHER_TRY_WINDOW_MS), in the enterprise.
 */
export interface MemberNumberTyper {
  entId: string
  tries: readonly { key: string; limit: number }[]
}

/** Wrong member numbers one staff member, one paired device or one branch may type in the window (an hour from the first). */
export const MEMBER_NUMBER_TRIES = 10
export const BRANCH_MEMBER_NUMBER_TRIES = 30

/** The counter's tries rows for member numbers (apart from voucher codes'): person, device, branch (when known), in that order. */
export function memberNumberTries(staff: { staffId: string; deviceId?: string | null }, baseId: string | null): MemberNumberTyper['tries'] {
  return [
    { key: `mnum:staff:${staff.staffId}`.slice(0, 64), limit: MEMBER_NUMBER_TRIES },
    ...(staff.deviceId ? [{ key: `mnum:device:${staff.deviceId}`.slice(0, 64), limit: MEMBER_NUMBER_TRIES }] : []),
    ...(baseId ? [{ key: `mnum:base:${baseId}`.slice(0, 64), limit: BRANCH_MEMBER_NUMBER_TRIES }] : [])
  ]
}

/**
 * Checks a scanned code or a typed number. A code: the signature first (nothing else is trusted
 * before it), then the expiry, then the member. A number (memberNumberOf): only with `typer`,
 * looked up in the typer's enterprise under its tries rows (held for the transaction, so numbers
 * sent in parallel queue there): while a limit is reached → MEMBER_NUMBER_TRIES ({until}, the
 * enterprise's clock), whatever the number; a number never issued (or pruned) counts one wrong try.
 */
export async function verifyMemberCode(db: Kysely<Database>, code: string, now: Date, typer?: MemberNumberTyper): Promise<MemberCodeCheck> {
  const digits = memberNumberOf(code)
  if (digits !== null) return typer ? verifyMemberNumber(db, digits, now, typer) : { ok: false, reason: 'invalid' }
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

async function verifyMemberNumber(db: Kysely<Database>, digits: string, now: Date, typer: MemberNumberTyper): Promise<MemberCodeCheck> {
  const secret = await getOrCreateSecret(db, SECRET_NAMES.memberCode)
  const hash = numberHash(secret, digits)
  const outcome = await db.transaction().execute(async (trx): Promise<Date | 'wrong' | { vipId: string; expiresAt: string }> => {
    const tries = await holdCodeTries(trx, typer.entId, typer.tries, now)
    if (tries.until) return tries.until
    const row = await trx.selectFrom('member_number_codes').select(['vip_id', 'expires_at']).where('ent_id', '=', typer.entId).where('number_hash', '=', hash).executeTakeFirst()
    if (row) return { vipId: row.vip_id, expiresAt: row.expires_at }
    await tries.countWrong()
    return 'wrong'
  })
  if (outcome === 'wrong') return { ok: false, reason: 'invalid' }
  if (outcome instanceof Date) {
    const zone = await enterpriseTimeZone(db, typer.entId)
    throw new DomainError('MEMBER_NUMBER_TRIES', { until: wallClockIn(zone, outcome).time.slice(0, 5) })
  }
  const expiresAt = new Date(outcome.expiresAt)
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' }
  const member = await db.selectFrom('members').selectAll().where('vip_id', '=', outcome.vipId).where('ent_id', '=', typer.entId).executeTakeFirst()
  if (!member) return { ok: false, reason: 'invalid' }
  return { ok: true, member, expiresAt }
}
