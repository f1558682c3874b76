/**
 * SMS codes (issues 5 and 11; SMS_RULES in src/gateway/member-rows.ts; docs/members.md). A code
 * belongs to its requester (the device, else the address: smsRequester): only the requester's
 * checks reach it and only the requester's newer code replaces it. A code:
 *   - lives 5 minutes; only its HMAC is stored (keyed by a server secret), compared in constant time;
 *   - may be sent to a phone once per 60 s and 10 times a day per client address (a stranger's
 *     sends never use up the owner's), and past 30 a day from all addresses once per 30 minutes
 *     per requester (a slow-down, never a lock-out for the day); a client address may send 10 in any minute (a
 *     dining room on one Wi-Fi) and 200 a day; counted over every enterprise on this server, on
 *     the enterprise's calendar day;
 *   - takes 5 wrong tries per client address (that address then needs a new code) and is burned by
 *     the 10th wrong try in all (all of them the requester's own); it is replaced by the
 *     requester's newer code for the same phone and purpose;
 *   - serves one purpose (SourceType) and is used up by the operation that succeeds with it.
 * Codes never appear in an answer: only the SMS provider sees them.
 * Sending checks the limits and stores the code in one transaction (SQLite: BEGIN IMMEDIATE;
 * PostgreSQL: advisory locks on the phone and the client address), so racing sends cannot pass a
 * limit together; the provider is called after the commit, so a slow vendor holds no lock. Every
 * send to a vendor passes these limits first (a vendor's own limits come on top); a send the
 * vendor refuses or that fails still counts, and its code is ended at once. The vendor's refusal
 * (SmsRefused) becomes the caller's result code here, in one place (smsRefusalError).
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { SMS_RULES, type SmsSentRow, type SmsPurpose } from '../../../../src/gateway/member-rows'
import { wallClockIn } from '../../../../src/core/wall-clock'
import { SmsRefused, type SmsProvider } from '../../providers/sms/sms-provider'
import type { Locale } from '../../../../src/gateway/contract'
import { isPostgres } from '../../storage/database'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import { getOrCreateSecret, SECRET_NAMES } from '../secrets/server-secret'
import { maskPhone } from '../../../../src/core/phone-mask'
import { normalisePhone } from './sms-areas'

/**
 * Who asks for and checks a code: the device (the hash of its X-Device-Key), else the address. A
 * code belongs to its requester: a stranger's guesses never reach it and a stranger's request
 * never replaces it, so nobody but the diner holding the phone and the app can spend it.
 */
export function smsRequester(deviceKey: string, clientIp: string): string {
  return deviceKey ? `device:${deviceKey}` : `ip:${clientIp}`
}

export interface SmsSendRequest {
  entId: string
  areaNo: string
  phone: string
  sourceType: SmsPurpose
  clientIp: string
  /** smsRequester(device key, address). */
  requester: string
  /** The enterprise's time zone: the daily caps count its calendar day. */
  timeZone: string
  /** The requester's language (their request's Accept-Language): the message's template. */
  locale: Locale
  now: Date
}

/** Sends a new code (replacing the phone's open code of the same purpose); the answer never holds it. */
export async function sendSmsCode(db: Kysely<Database>, sms: SmsProvider, request: SmsSendRequest): Promise<SmsSentRow> {
  const { areaNo, phone } = normalisePhone(request.areaNo, request.phone)
  const { entId, sourceType, clientIp, requester, now } = request
  const code = String(randomInt(0, 10 ** SMS_RULES.codeLength)).padStart(SMS_RULES.codeLength, '0')
  const codeId = randomUUID()
  const secret = await getOrCreateSecret(db, SECRET_NAMES.smsCode)
  const nowText = now.toISOString()
  const dayStart = startOfDay(request.timeZone, now).toISOString()
  const resendAfter = new Date(now.getTime() - SMS_RULES.resendSeconds * 1000).toISOString()

  await db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) {
      // Phone first, then client address, always in that order: two sends cannot deadlock.
      await sql`select pg_advisory_xact_lock(hashtext(${`sms-phone:${areaNo}:${phone}`}))`.execute(trx)
      await sql`select pg_advisory_xact_lock(hashtext(${`sms-client:${clientIp}`}))`.execute(trx)
    }
    // A phone is one person whichever enterprise's app asks: its limits count every code sent to it.
    const phoneCodes = trx.selectFrom('sms_codes').where('area_no', '=', areaNo).where('phone', '=', phone)
    const phoneFromClient = phoneCodes.where('client_ip', '=', clientIp)
    const clientCodes = trx.selectFrom('sms_codes').where('client_ip', '=', clientIp)
    const count = async (query: typeof phoneCodes, since: string): Promise<number> =>
      Number((await query.select((eb) => eb.fn.countAll<string | number>().as('n')).where('created_at', '>=', since).executeTakeFirstOrThrow()).n)
    /** Refuses with the seconds until the `nth` newest send since `since` leaves the window of `windowSeconds`. */
    const waitFor = async (query: typeof phoneCodes, windowSeconds: number, nth: number): Promise<never> => {
      const since = new Date(now.getTime() - windowSeconds * 1000).toISOString()
      const row = await query.select('created_at').where('created_at', '>', since).orderBy('created_at', 'desc').offset(nth - 1).limit(1).executeTakeFirst()
      const until = row ? new Date(row.created_at).getTime() + windowSeconds * 1000 : now.getTime() + windowSeconds * 1000
      throw new DomainError('SMS_TOO_FREQUENT', { seconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) })
    }
    // This phone from this address: once a minute, 10 a day (a stranger's address counts apart from the owner's).
    if ((await count(phoneFromClient, resendAfter)) > 0) await waitFor(phoneFromClient, SMS_RULES.resendSeconds, 1)
    if ((await count(phoneFromClient, dayStart)) >= SMS_RULES.dailyPerPhonePerClient) throw new DomainError('SMS_DAILY_LIMIT')
    // This address: a dining room's burst, not a flood.
    if ((await count(clientCodes, resendAfter)) >= SMS_RULES.perClientPerMinute) await waitFor(clientCodes, SMS_RULES.resendSeconds, SMS_RULES.perClientPerMinute)
    if ((await count(clientCodes, dayStart)) >= SMS_RULES.dailyPerClient) throw new DomainError('SMS_DAILY_LIMIT')
    // This phone from everywhere: past the day's count each requester slows down to one code per
    // slow interval. Counted per requester, not per phone: a stranger who takes every slot of the
    // phone would otherwise keep its owner waiting all day (red-team review); what many addresses
    // can send the phone stays bounded by the per-address limits above.
    if ((await count(phoneCodes, dayStart)) >= SMS_RULES.dailyPerPhone) {
      const slowSince = new Date(now.getTime() - SMS_RULES.slowResendSeconds * 1000).toISOString()
      const mine = phoneCodes.where('requester', '=', requester)
      if ((await count(mine, slowSince)) > 0) await waitFor(mine, SMS_RULES.slowResendSeconds, 1)
    }
    // A newer code replaces the requester's older one of the same purpose (never someone else's).
    await trx
      .updateTable('sms_codes')
      .set({ ended_at: nowText })
      .where('ent_id', '=', entId)
      .where('area_no', '=', areaNo)
      .where('phone', '=', phone)
      .where('source_type', '=', sourceType)
      .where('requester', '=', requester)
      .where('ended_at', 'is', null)
      .execute()
    await trx
      .insertInto('sms_codes')
      .values({
        code_id: codeId,
        ent_id: entId,
        area_no: areaNo,
        phone,
        source_type: sourceType,
        code_hash: codeHash(secret, codeId, code),
        client_ip: clientIp,
        requester,
        tries: 0,
        created_at: nowText,
        expires_at: new Date(now.getTime() + SMS_RULES.codeTtlSeconds * 1000).toISOString(),
        ended_at: null
      })
      .execute()
  })

  try {
    await sms.send({ entId, areaNo, phone, code, sourceType, validMinutes: SMS_RULES.codeTtlSeconds / 60, locale: request.locale })
  } catch (error) {
    // Undeliverable: the code must not be usable; it still counts against the limits.
    await db.updateTable('sms_codes').set({ ended_at: new Date().toISOString() }).where('code_id', '=', codeId).execute()
    throw error instanceof SmsRefused ? smsRefusalError(error) : error
  }
  return { AreaNo: areaNo, MaskedPhone: maskPhone(phone), ExpiresIn: SMS_RULES.codeTtlSeconds, ResendIn: SMS_RULES.resendSeconds }
}

/**
 * A vendor's refusal as the caller's result code: a number the vendor cannot reach → 20036 (as our
 * own check says of a number that is not a mobile one); the vendor's flow control for the number →
 * 20032 with its wait, its daily limit → 20033 (the texts our own limits use); anything else
 * (credentials, template or signature not approved, balance, the vendor unreachable or too slow)
 * → 20075, 'could not be sent, try again later'. The vendor's code and message are in the log.
 */
export function smsRefusalError(refusal: SmsRefused): DomainError {
  switch (refusal.reason) {
    case 'invalid-number':
      return new DomainError('PHONE_INVALID')
    case 'too-frequent':
      return new DomainError('SMS_TOO_FREQUENT', { seconds: Math.max(1, Math.ceil(refusal.retryAfterSeconds ?? SMS_RULES.resendSeconds)) })
    case 'daily-limit':
      return new DomainError('SMS_DAILY_LIMIT')
    default:
      return new DomainError('SMS_NOT_SENT')
  }
}

export interface SmsCodeCheck {
  entId: string
  areaNo: string
  phone: string
  sourceType: SmsPurpose
  code: string
  /** Who is trying: each client address has its own share of wrong tries at a code. */
  clientIp: string
  /** smsRequester(device key, address): only the requester's own latest code is checked. */
  requester: string
  now: Date
}

/** A right, live code: use it up with useSmsCode once the operation it serves can succeed. */
export interface CheckedSmsCode {
  codeId: string
  areaNo: string
  phone: string
}

/**
 * Checks a code against the phone's latest code of that purpose. Wrong → SMS_CODE_WRONG (the try
 * is counted for the client address and for the code; the 10th in all burns the code); none,
 * expired, burned, used, replaced, or this address's 5 wrong tries spent → SMS_CODE_EXPIRED.
 * A right code is not used up here (VipLoginGet answers 42000 and the same code registers).
 */
export async function checkSmsCode(db: Kysely<Database>, check: SmsCodeCheck): Promise<CheckedSmsCode> {
  const { areaNo, phone } = normalisePhone(check.areaNo, check.phone)
  const latest = await db
    .selectFrom('sms_codes')
    .select(['code_id', 'code_hash', 'tries', 'expires_at', 'ended_at'])
    .where('ent_id', '=', check.entId)
    .where('area_no', '=', areaNo)
    .where('phone', '=', phone)
    .where('source_type', '=', check.sourceType)
    .where('requester', '=', check.requester)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  const nowText = check.now.toISOString()
  if (!latest || latest.ended_at !== null || latest.expires_at <= nowText || latest.tries >= SMS_RULES.maxTries) throw new DomainError('SMS_CODE_EXPIRED')
  // The try is taken before the code is compared, in one conditional statement each (this address's
  // share, then the code's total): checks racing each other cannot all read the same count, so no
  // more than maxTriesPerClient guesses from one address, nor maxTries in all, are ever compared.
  const clientTry = await db
    .insertInto('sms_code_tries')
    .values({ code_id: latest.code_id, client_ip: check.clientIp, tries: 1 })
    .onConflict((oc) =>
      oc
        .columns(['code_id', 'client_ip'])
        .doUpdateSet({ tries: sql<number>`sms_code_tries.tries + 1` })
        .where('sms_code_tries.tries', '<', SMS_RULES.maxTriesPerClient)
    )
    .returning('tries')
    .executeTakeFirst()
  if (!clientTry) throw new DomainError('SMS_CODE_EXPIRED')
  const reserved = await db
    .updateTable('sms_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('code_id', '=', latest.code_id)
    .where('ended_at', 'is', null)
    .where('tries', '<', SMS_RULES.maxTries)
    .where('expires_at', '>', nowText)
    .returning('tries')
    .executeTakeFirst()
  if (!reserved) throw new DomainError('SMS_CODE_EXPIRED')
  const secret = await getOrCreateSecret(db, SECRET_NAMES.smsCode)
  const given = Buffer.from(codeHash(secret, latest.code_id, check.code.trim()), 'hex')
  const stored = Buffer.from(latest.code_hash, 'hex')
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    // The try taken above counts; the one that took the last try ends the code.
    if (Number(reserved.tries) >= SMS_RULES.maxTries) {
      await db.updateTable('sms_codes').set({ ended_at: nowText }).where('code_id', '=', latest.code_id).where('ended_at', 'is', null).execute()
    }
    throw new DomainError('SMS_CODE_WRONG')
  }
  // A right code is no wrong try: give both back (VipLoginGet's 42000 leaves the code for VipRegister).
  await db.updateTable('sms_codes').set((eb) => ({ tries: eb('tries', '-', 1) })).where('code_id', '=', latest.code_id).execute()
  await db
    .updateTable('sms_code_tries')
    .set((eb) => ({ tries: eb('tries', '-', 1) }))
    .where('code_id', '=', latest.code_id)
    .where('client_ip', '=', check.clientIp)
    .execute()
  return { codeId: latest.code_id, areaNo, phone }
}

/**
 * Uses up a checked code (inside the transaction of what it allows): only one caller can, so a
 * code replayed at the same moment gets SMS_CODE_EXPIRED.
 */
export async function useSmsCode(db: Kysely<Database>, code: CheckedSmsCode, now: Date): Promise<void> {
  const result = await db.updateTable('sms_codes').set({ ended_at: now.toISOString() }).where('code_id', '=', code.codeId).where('ended_at', 'is', null).executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) throw new DomainError('SMS_CODE_EXPIRED')
}

const codeHash = (secret: string, codeId: string, code: string): string => createHmac('sha256', secret).update(`${codeId}:${code}`).digest('hex')

/** The instant the enterprise's calendar day of `now` began. */
function startOfDay(timeZone: string, now: Date): Date {
  const wall = wallClockIn(timeZone, now)
  return new Date(Math.floor(now.getTime() / 1000) * 1000 - wall.secondsOfDay * 1000)
}
