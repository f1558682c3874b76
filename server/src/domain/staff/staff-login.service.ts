/**
 * Signing staff in (issue 23): owners and managers with phone + password or phone + SMS code (the
 * same SMS code service and limits members have, purpose 'StaffLogin'); anyone on a paired shared
 * device with their personal PIN. Every attempt is audited; failures never say whether the phone
 * belongs to someone.
 *
 * Guessing is bounded in the database, so every server process counts the same tries:
 *   - passwords: 10 failed sign-ins to one phone in 15 minutes lock that phone's password sign-in
 *     for 15 minutes (counted from the audit log's 'staff.signInFailed' entries);
 *   - PINs: a device takes PIN_TRIES_BEFORE_LOCK wrong PINs, then locks for PIN_LOCK_MINUTES. A try is
 *     reserved by one conditional UPDATE before the PIN is compared, so parallel guesses cannot
 *     all slip in under the limit.
 */
import { sql, type Kysely } from 'kysely'
import { PIN_LOCK_MINUTES, PIN_PATTERN, PIN_TRIES_BEFORE_LOCK } from '../../../../src/core/staff-permissions'
import type { StaffSessionRow } from '../../../../src/gateway/staff-contract'
import { LOCALES, type Locale } from '../../../../src/gateway/contract'
import type { SmsProvider } from '../../providers/sms/sms-provider'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import { normalisePhone } from '../members/sms-areas'
import { maskPhone } from '../../../../src/core/phone-mask'
import { SMS_RULES } from '../../../../src/gateway/member-rows'
import { wallClockIn } from '../../../../src/core/wall-clock'
import { enterpriseTimeZone } from '../enterprise/enterprise.service'
import { checkSmsCode, sendSmsCode, smsRequester, useSmsCode } from '../members/sms-code.service'
import { appendAudit } from './audit-log'
import { verifySecret } from './secret-hash'
import type { StaffActor } from './staff-actor'
import { findStaffSession, sessionRow, startStaffSession } from './staff-session'
import type { StaffDeviceRecord } from './staff-devices.service'

export const PASSWORD_FAILURES_BEFORE_LOCK = 10
export const PASSWORD_LOCK_MINUTES = 15

interface Attempt {
  clientIp: string
  now: Date
  /** The envelope's EntID, '' when the console does not know it yet. */
  entId: string
}

type StaffRecord = Database['staff_members']

/** Active people with this phone (in one enterprise when named). */
async function peopleWithPhone(db: Kysely<Database>, areaNo: string, phone: string, entId: string): Promise<StaffRecord[]> {
  let query = db.selectFrom('staff_members').selectAll().where('area_no', '=', areaNo).where('phone', '=', phone).where('removed_at', 'is', null)
  if (entId) query = query.where('ent_id', '=', entId)
  return query.orderBy('created_at').execute()
}

async function signedIn(db: Kysely<Database>, person: StaffRecord, deviceId: string, how: string, attempt: Attempt): Promise<StaffSessionRow> {
  const { token } = await startStaffSession(db, { entId: person.ent_id, staffId: person.staff_id, deviceId }, attempt.now)
  const actor = (await findStaffSession(db, token, attempt.now)) as StaffActor
  await appendAudit(db, { entId: person.ent_id, actor, action: 'staff.signIn', targetType: 'staff', targetId: person.staff_id, detail: { how }, clientIp: attempt.clientIp, now: attempt.now })
  return sessionRow(actor, token)
}

const phoneKey = (areaNo: string, phone: string): string => `+${areaNo} ${phone}`

/** The lock's end as staff read it: 'HH:mm' on the enterprise's clock (UTC when none is known yet). */
async function lockedUntil(db: Kysely<Database>, entId: string, until: Date): Promise<DomainError> {
  const zone = entId ? await enterpriseTimeZone(db, entId) : 'UTC'
  return new DomainError('STAFF_LOCKED', { until: wallClockIn(zone, until).time.slice(0, 5), minutes: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000)) })
}

/** Refuses while the phone's password sign-in is locked by recent failures. */
async function assertPasswordNotLocked(db: Kysely<Database>, key: string, entId: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - PASSWORD_LOCK_MINUTES * 60_000).toISOString()
  const failures = await db
    .selectFrom('audit_log')
    .select('at')
    .where('action', '=', 'staff.signInFailed')
    .where('target_id', '=', key)
    .where('at', '>=', since)
    .orderBy('at', 'desc')
    .limit(PASSWORD_FAILURES_BEFORE_LOCK)
    .execute()
  if (failures.length >= PASSWORD_FAILURES_BEFORE_LOCK) {
    const oldest = failures[failures.length - 1].at
    throw await lockedUntil(db, entId, new Date(new Date(oldest).getTime() + PASSWORD_LOCK_MINUTES * 60_000))
  }
}

async function failed(db: Kysely<Database>, entId: string, key: string, how: string, attempt: Attempt): Promise<never> {
  await appendAudit(db, { entId, actor: null, action: 'staff.signInFailed', targetType: 'phone', targetId: key, detail: { how }, clientIp: attempt.clientIp, now: attempt.now })
  throw new DomainError('STAFF_SIGN_IN_FAILED')
}

export async function passwordLogin(db: Kysely<Database>, input: { areaNo: string; phone: string; password: string }, attempt: Attempt): Promise<StaffSessionRow> {
  let normal: { areaNo: string; phone: string }
  try {
    normal = normalisePhone(input.areaNo, input.phone)
  } catch {
    throw new DomainError('STAFF_SIGN_IN_FAILED')
  }
  const key = phoneKey(normal.areaNo, normal.phone)
  const people = await peopleWithPhone(db, normal.areaNo, normal.phone, attempt.entId)
  await assertPasswordNotLocked(db, key, people[0]?.ent_id ?? '', attempt.now)
  for (const person of people) {
    if (person.password_hash && (await verifySecret(input.password, person.password_hash))) return signedIn(db, person, '', 'password', attempt)
  }
  // Spend a hash's time when there was no one to check, so timing does not tell staff phones apart.
  if (people.every((p) => !p.password_hash)) await verifySecret(input.password, null)
  return failed(db, people[0]?.ent_id ?? '', key, 'password', attempt)
}

/**
 * Sends a sign-in code when the phone is a person's (of the named enterprise, or the only one
 * who has it); answers the same either way so the form cannot be used to find staff phones.
 */
export async function sendStaffSmsCode(
  db: Kysely<Database>,
  sms: SmsProvider,
  input: { areaNo: string; phone: string },
  attempt: Attempt & { deviceKey: string; locale: Locale; timeZone: (entId: string) => Promise<string> }
): Promise<{ MaskedPhone: string; ResendIn: number }> {
  const normal = normalisePhone(input.areaNo, input.phone)
  const people = await peopleWithPhone(db, normal.areaNo, normal.phone, attempt.entId)
  // The same mask and wait sendSmsCode answers with: a stranger's phone looks like a colleague's.
  if (people.length === 0) return { MaskedPhone: maskPhone(normal.phone), ResendIn: SMS_RULES.resendSeconds }
  const entId = people[0].ent_id
  const sent = await sendSmsCode(db, sms, {
    entId,
    areaNo: normal.areaNo,
    phone: normal.phone,
    sourceType: 'StaffLogin',
    clientIp: attempt.clientIp,
    requester: smsRequester(attempt.deviceKey, attempt.clientIp),
    timeZone: await attempt.timeZone(entId),
    // The person's own language (set with their account) chooses the message's template; the form's otherwise.
    locale: (LOCALES as readonly string[]).includes(people[0].locale) ? (people[0].locale as Locale) : attempt.locale,
    now: attempt.now
  })
  return { MaskedPhone: sent.MaskedPhone, ResendIn: sent.ResendIn }
}

export async function smsLogin(db: Kysely<Database>, input: { areaNo: string; phone: string; code: string }, attempt: Attempt & { deviceKey: string }): Promise<StaffSessionRow> {
  const normal = normalisePhone(input.areaNo, input.phone)
  const people = await peopleWithPhone(db, normal.areaNo, normal.phone, attempt.entId)
  const key = phoneKey(normal.areaNo, normal.phone)
  if (people.length === 0) return failed(db, '', key, 'sms', attempt)
  const person = people[0]
  let checked
  try {
    checked = await checkSmsCode(db, {
      entId: person.ent_id,
      areaNo: normal.areaNo,
      phone: normal.phone,
      sourceType: 'StaffLogin',
      code: input.code,
      clientIp: attempt.clientIp,
      requester: smsRequester(attempt.deviceKey, attempt.clientIp),
      now: attempt.now
    })
  } catch (error) {
    if (error instanceof DomainError) await appendAudit(db, { entId: person.ent_id, actor: null, action: 'staff.signInFailed', targetType: 'phone', targetId: key, detail: { how: 'sms', code: error.code }, clientIp: attempt.clientIp, now: attempt.now })
    throw error
  }
  return db.transaction().execute(async (trx) => {
    await useSmsCode(trx, checked, attempt.now)
    return signedIn(trx, person, '', 'sms', attempt)
  })
}

/** The people who may sign in on a device: its enterprise's, working at its shop and branch. */
export async function peopleOfDevice(db: Kysely<Database>, device: StaffDeviceRecord): Promise<StaffRecord[]> {
  const people = await db.selectFrom('staff_members').selectAll().where('ent_id', '=', device.ent_id).where('removed_at', 'is', null).orderBy('name').execute()
  return people.filter((p) => worksAtDevice(p, device))
}

function worksAtDevice(person: StaffRecord, device: StaffDeviceRecord): boolean {
  if (person.role === 'owner') return true
  const shops = person.shop_ids.split(',').filter(Boolean)
  const bases = person.base_ids.split(',').filter(Boolean)
  if (shops.length > 0 && !shops.includes(device.shop_id)) return false
  return !device.base_id || bases.length === 0 || bases.includes(device.base_id)
}

export async function pinLogin(db: Kysely<Database>, device: StaffDeviceRecord, input: { staffId: string; pin: string }, attempt: Attempt): Promise<StaffSessionRow> {
  const nowText = attempt.now.toISOString()
  // Reserve a try (or find the device locked) before anything is compared.
  const reserved = await db
    .updateTable('staff_devices')
    .set({ failed_pins: sql<number>`failed_pins + 1` })
    .where('device_id', '=', device.device_id)
    .where('removed_at', 'is', null)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowText)]))
    .where('failed_pins', '<', PIN_TRIES_BEFORE_LOCK)
    .returning(['failed_pins'])
    .executeTakeFirst()
  if (!reserved) {
    const row = await db.selectFrom('staff_devices').select(['locked_until', 'failed_pins']).where('device_id', '=', device.device_id).executeTakeFirst()
    const until = row?.locked_until && row.locked_until > nowText ? row.locked_until : new Date(attempt.now.getTime() + PIN_LOCK_MINUTES * 60_000).toISOString()
    if (row && !(row.locked_until && row.locked_until > nowText)) {
      // The last reserved tries used up the count without setting the lock (a race): set it now.
      await db.updateTable('staff_devices').set({ locked_until: until, failed_pins: 0 }).where('device_id', '=', device.device_id).execute()
    }
    throw await lockedUntil(db, device.ent_id, new Date(until))
  }
  const person = await db.selectFrom('staff_members').selectAll().where('staff_id', '=', input.staffId).where('ent_id', '=', device.ent_id).where('removed_at', 'is', null).executeTakeFirst()
  const right = PIN_PATTERN.test(input.pin) && person !== undefined && worksAtDevice(person, device) && person.pin_hash !== null && (await verifySecret(input.pin, person.pin_hash))
  if (!right || !person) {
    if (!person?.pin_hash) await verifySecret(input.pin, null)
    const tries = Number(reserved.failed_pins)
    const locks = tries >= PIN_TRIES_BEFORE_LOCK
    if (locks) await db.updateTable('staff_devices').set({ locked_until: new Date(attempt.now.getTime() + PIN_LOCK_MINUTES * 60_000).toISOString(), failed_pins: 0 }).where('device_id', '=', device.device_id).execute()
    await appendAudit(db, {
      entId: device.ent_id,
      actor: { staffId: person?.staff_id ?? '', name: person?.name ?? '', role: (person?.role ?? '') as StaffActor['role'], deviceId: device.device_id, deviceName: device.name },
      action: 'staff.pinFailed',
      targetType: 'device',
      targetId: device.device_id,
      detail: { locked: locks },
      clientIp: attempt.clientIp,
      now: attempt.now
    })
    if (locks) throw await lockedUntil(db, device.ent_id, new Date(attempt.now.getTime() + PIN_LOCK_MINUTES * 60_000))
    throw new DomainError('STAFF_PIN_WRONG', { left: PIN_TRIES_BEFORE_LOCK - tries })
  }
  await db.updateTable('staff_devices').set({ failed_pins: 0, locked_until: null, last_seen_at: nowText }).where('device_id', '=', device.device_id).execute()
  return signedIn(db, person, device.device_id, 'pin', { ...attempt, entId: device.ent_id })
}
