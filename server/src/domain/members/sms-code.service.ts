/**
 * SMS codes (issue 5; SMS_RULES in src/gateway/member-rows.ts). A code:
 *   - lives 5 minutes; only its HMAC is stored (keyed by a server secret), compared in constant time;
 *   - may be sent once per phone per 60 s and once per client address per 60 s, at most
 *     SMS_RULES.dailyPerPhone times per phone and dailyPerClient times per client address per day
 *     (the enterprise's calendar day), counting the codes of every enterprise on this server;
 *   - is burned by the 5th wrong try, and replaced by a newer code for the same phone and purpose;
 *   - serves one purpose (SourceType) and is used up by the operation that succeeds with it.
 * Codes never appear in an answer: only the SMS provider sees them.
 * Sending checks the limits and stores the code in one transaction (SQLite: BEGIN IMMEDIATE;
 * PostgreSQL: advisory locks on the phone and the client address), so racing sends cannot pass a
 * limit together; the provider is called after the commit, so a slow vendor holds no lock.
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { SMS_RULES, type SmsSentRow, type SmsSourceType } from '../../../../src/gateway/member-rows'
import { wallClockIn } from '../../../../src/core/wall-clock'
import type { SmsProvider } from '../../providers/sms/sms-provider'
import { isPostgres } from '../../storage/database'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import { getOrCreateSecret, SECRET_NAMES } from '../secrets/server-secret'
import { maskPhone } from '../../../../src/core/phone-mask'
import { normalisePhone } from './sms-areas'

export interface SmsSendRequest {
  entId: string
  areaNo: string
  phone: string
  sourceType: SmsSourceType
  clientIp: string
  /** The enterprise's time zone: the daily caps count its calendar day. */
  timeZone: string
  now: Date
}

/** Sends a new code (replacing the phone's open code of the same purpose); the answer never holds it. */
export async function sendSmsCode(db: Kysely<Database>, sms: SmsProvider, request: SmsSendRequest): Promise<SmsSentRow> {
  const { areaNo, phone } = normalisePhone(request.areaNo, request.phone)
  const { entId, sourceType, clientIp, now } = request
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
    const clientCodes = trx.selectFrom('sms_codes').where('client_ip', '=', clientIp)
    for (const recent of [phoneCodes, clientCodes]) {
      const last = await recent.select('created_at').where('created_at', '>', resendAfter).orderBy('created_at', 'desc').limit(1).executeTakeFirst()
      if (last) {
        const seconds = Math.max(1, Math.ceil((new Date(last.created_at).getTime() + SMS_RULES.resendSeconds * 1000 - now.getTime()) / 1000))
        throw new DomainError('SMS_TOO_FREQUENT', { seconds })
      }
    }
    const sentToday = async (query: typeof phoneCodes): Promise<number> =>
      Number((await query.select((eb) => eb.fn.countAll<string | number>().as('n')).where('created_at', '>=', dayStart).executeTakeFirstOrThrow()).n)
    if ((await sentToday(phoneCodes)) >= SMS_RULES.dailyPerPhone || (await sentToday(clientCodes)) >= SMS_RULES.dailyPerClient) {
      throw new DomainError('SMS_DAILY_LIMIT')
    }
    // A newer code replaces the older one of the same purpose.
    await trx
      .updateTable('sms_codes')
      .set({ ended_at: nowText })
      .where('ent_id', '=', entId)
      .where('area_no', '=', areaNo)
      .where('phone', '=', phone)
      .where('source_type', '=', sourceType)
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
        tries: 0,
        created_at: nowText,
        expires_at: new Date(now.getTime() + SMS_RULES.codeTtlSeconds * 1000).toISOString(),
        ended_at: null
      })
      .execute()
  })

  try {
    await sms.send({ entId, areaNo, phone, code, sourceType, validMinutes: SMS_RULES.codeTtlSeconds / 60 })
  } catch (error) {
    // Undeliverable: the code must not be usable; it still counts against the limits.
    await db.updateTable('sms_codes').set({ ended_at: new Date().toISOString() }).where('code_id', '=', codeId).execute()
    throw error
  }
  return { AreaNo: areaNo, MaskedPhone: maskPhone(phone), ExpiresIn: SMS_RULES.codeTtlSeconds, ResendIn: SMS_RULES.resendSeconds }
}

export interface SmsCodeCheck {
  entId: string
  areaNo: string
  phone: string
  sourceType: SmsSourceType
  code: string
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
 * is counted; the 5th burns the code); none, expired, burned, used or replaced → SMS_CODE_EXPIRED.
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
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  const nowText = check.now.toISOString()
  if (!latest || latest.ended_at !== null || latest.expires_at <= nowText || latest.tries >= SMS_RULES.maxTries) throw new DomainError('SMS_CODE_EXPIRED')
  // The try is taken before the code is compared, in one conditional statement: checks racing
  // each other cannot all read the same count, so no more than maxTries guesses are ever compared.
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
  // A right code is no wrong try: give it back (VipLoginGet's 42000 leaves the code for VipRegister).
  await db.updateTable('sms_codes').set((eb) => ({ tries: eb('tries', '-', 1) })).where('code_id', '=', latest.code_id).execute()
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
