/**
 * People of an enterprise (issue 23): add, change, remove; the owner made by the setup link.
 * Rules: one never gives a role above one's own (src/core/staff-permissions.ts mayManageRole) nor
 * shops or branches outside one's own scope; the enterprise always keeps an owner; removing a
 * person ends their sessions at once. Passwords and PINs are stored as scrypt hashes only.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { mayManageRole, PASSWORD_MIN_LENGTH, PIN_PATTERN, type StaffRole } from '../../../../src/core/staff-permissions'
import type { StaffRow } from '../../../../src/gateway/staff-contract'
import { isPostgres } from '../../storage/database'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import { normalisePhone } from '../members/sms-areas'
import { appendAudit } from './audit-log'
import { hashSecret } from './secret-hash'
import { splitIds, type StaffActor } from './staff-actor'
import { endSessionsOf } from './staff-session'

type StaffRecord = Database['staff_members']

export const staffRow = (p: StaffRecord): StaffRow => ({
  StaffID: p.staff_id,
  Name: p.name,
  AreaCode: p.area_no,
  Phone: p.phone,
  Role: p.role as StaffRole,
  ShopIDs: p.shop_ids,
  BaseIDs: p.base_ids,
  Locale: p.locale,
  HasPassword: p.password_hash !== null,
  HasPin: p.pin_hash !== null,
  CreatedAt: p.created_at
})

export function assertPassword(password: string): void {
  if ([...password].length < PASSWORD_MIN_LENGTH) throw new DomainError('STAFF_PASSWORD_WEAK', { min: PASSWORD_MIN_LENGTH })
}

export function assertPin(pin: string): void {
  if (!PIN_PATTERN.test(pin)) throw new DomainError('STAFF_PIN_INVALID')
}

const newStaffId = (): string => `P${randomUUID().replace(/-/g, '').slice(0, 15)}`

interface Context {
  clientIp: string
  now: Date
}

/** The first owner of a new enterprise (setup link) — no actor yet; audited as the owner's own act. */
export async function createOwner(
  trx: Kysely<Database>,
  input: { entId: string; name: string; areaNo: string; phone: string; password: string; locale: string },
  ctx: Context
): Promise<StaffRecord> {
  assertPassword(input.password)
  const phone = normalisePhone(input.areaNo, input.phone)
  const nowText = ctx.now.toISOString()
  const record: StaffRecord = {
    staff_id: newStaffId(),
    ent_id: input.entId,
    name: input.name,
    area_no: phone.areaNo,
    phone: phone.phone,
    role: 'owner',
    shop_ids: '',
    base_ids: '',
    locale: input.locale,
    password_hash: await hashSecret(input.password),
    pin_hash: null,
    created_at: nowText,
    updated_at: nowText,
    removed_at: null
  }
  await trx.insertInto('staff_members').values(record).execute()
  await appendAudit(trx, {
    entId: input.entId,
    actor: { staffId: record.staff_id, name: record.name, role: 'owner', deviceId: '', deviceName: '' },
    action: 'staff.save',
    targetType: 'staff',
    targetId: record.staff_id,
    detail: { role: 'owner', setup: true },
    clientIp: ctx.clientIp,
    now: ctx.now
  })
  return record
}

/** Whether every shop and branch of `ids` lies in the actor's scope ('' = all needs all). */
function withinScope(actorIds: string[], ids: string[]): boolean {
  if (actorIds.length === 0) return true
  return ids.length > 0 && ids.every((id) => actorIds.includes(id))
}

function mayTouch(actor: StaffActor, person: Pick<StaffRecord, 'role' | 'shop_ids' | 'base_ids'>): boolean {
  if (!mayManageRole(actor.role, person.role as StaffRole)) return false
  if (actor.role === 'owner') return true
  return withinScope(actor.shopIds, splitIds(person.shop_ids)) && withinScope(actor.baseIds, splitIds(person.base_ids))
}

export async function listStaff(db: Kysely<Database>, actor: StaffActor): Promise<StaffRow[]> {
  const people = await db.selectFrom('staff_members').selectAll().where('ent_id', '=', actor.entId).where('removed_at', 'is', null).orderBy('created_at').execute()
  return people.filter((p) => p.staff_id === actor.staffId || mayTouch(actor, p) || actor.role === 'owner').map(staffRow)
}

export interface StaffInput {
  staffId: string
  name: string
  areaNo: string
  phone: string
  role: StaffRole
  shopIds: string[]
  baseIds: string[]
  locale: string
  password: string
  pin: string
  reason: string
}

async function assertIdsExist(db: Kysely<Database>, entId: string, shopIds: string[], baseIds: string[]): Promise<void> {
  if (shopIds.length > 0) {
    const found = await db.selectFrom('shops').select('shop_id').where('ent_id', '=', entId).where('shop_id', 'in', shopIds).execute()
    if (found.length !== new Set(shopIds).size) throw new DomainError('SHOP_NOT_FOUND')
  }
  if (baseIds.length > 0) {
    const found = await db.selectFrom('bases').select(['base_id', 'shop_id']).where('ent_id', '=', entId).where('base_id', 'in', baseIds).execute()
    if (found.length !== new Set(baseIds).size) throw new DomainError('BASE_NOT_FOUND')
    // A branch must belong to one of the person's shops (when the shops are limited).
    if (shopIds.length > 0 && found.some((b) => !shopIds.includes(b.shop_id))) throw new DomainError('BASE_NOT_FOUND')
  }
}

/** Owners left if `staffId` stopped being one. */
async function otherOwners(db: Kysely<Database>, entId: string, staffId: string): Promise<number> {
  const row = await db
    .selectFrom('staff_members')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('ent_id', '=', entId)
    .where('role', '=', 'owner')
    .where('removed_at', 'is', null)
    .where('staff_id', '!=', staffId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function saveStaff(db: Kysely<Database>, actor: StaffActor, input: StaffInput, ctx: Context): Promise<StaffRow> {
  const phone = normalisePhone(input.areaNo, input.phone)
  // An owner's scope is always everything.
  const shopIds = input.role === 'owner' ? [] : [...new Set(input.shopIds)]
  const baseIds = input.role === 'owner' ? [] : [...new Set(input.baseIds)]
  if (!mayManageRole(actor.role, input.role)) throw new DomainError('STAFF_ROLE_NOT_ALLOWED')
  if (actor.role !== 'owner' && !(withinScope(actor.shopIds, shopIds) && withinScope(actor.baseIds, baseIds))) throw new DomainError('STAFF_ROLE_NOT_ALLOWED')
  if (input.password) assertPassword(input.password)
  if (input.pin) assertPin(input.pin)
  await assertIdsExist(db, actor.entId, shopIds, baseIds)
  const passwordHash = input.password ? await hashSecret(input.password) : null
  const pinHash = input.pin ? await hashSecret(input.pin) : null
  const nowText = ctx.now.toISOString()

  return db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) await trx.selectFrom('enterprises').select('ent_id').where('ent_id', '=', actor.entId).forUpdate().executeTakeFirst()
    const taken = await trx
      .selectFrom('staff_members')
      .select('staff_id')
      .where('ent_id', '=', actor.entId)
      .where('area_no', '=', phone.areaNo)
      .where('phone', '=', phone.phone)
      .where('removed_at', 'is', null)
      .executeTakeFirst()
    if (taken && taken.staff_id !== input.staffId) throw new DomainError('STAFF_PHONE_TAKEN')
    let before: StaffRecord | undefined
    if (input.staffId) {
      before = await trx.selectFrom('staff_members').selectAll().where('staff_id', '=', input.staffId).where('ent_id', '=', actor.entId).where('removed_at', 'is', null).executeTakeFirst()
      if (!before) throw new DomainError('STAFF_NOT_FOUND')
      if (!mayTouch(actor, before)) throw new DomainError('STAFF_ROLE_NOT_ALLOWED')
      if (before.role === 'owner' && input.role !== 'owner' && (await otherOwners(trx, actor.entId, before.staff_id)) === 0) throw new DomainError('STAFF_LAST_OWNER')
    }
    const values = {
      name: input.name,
      area_no: phone.areaNo,
      phone: phone.phone,
      role: input.role,
      shop_ids: shopIds.join(','),
      base_ids: baseIds.join(','),
      locale: input.locale,
      updated_at: nowText,
      ...(passwordHash ? { password_hash: passwordHash } : {}),
      ...(pinHash ? { pin_hash: pinHash } : {})
    }
    let saved: StaffRecord
    if (before) {
      await trx.updateTable('staff_members').set(values).where('staff_id', '=', before.staff_id).execute()
      saved = { ...before, ...values }
      // A narrower role or scope takes effect now: the person signs in again.
      if (before.role !== input.role || before.shop_ids !== values.shop_ids || before.base_ids !== values.base_ids || passwordHash) await endSessionsOf(trx, { staffId: before.staff_id }, ctx.now)
    } else {
      saved = { staff_id: newStaffId(), ent_id: actor.entId, created_at: nowText, removed_at: null, password_hash: passwordHash, pin_hash: pinHash, ...values }
      await trx.insertInto('staff_members').values(saved).execute()
    }
    const detail: Record<string, unknown> = { name: saved.name, role: saved.role, shopIds: saved.shop_ids, baseIds: saved.base_ids }
    if (before) detail.before = { name: before.name, role: before.role, shopIds: before.shop_ids, baseIds: before.base_ids }
    if (passwordHash) detail.passwordSet = true
    if (pinHash) detail.pinSet = true
    await appendAudit(trx, { entId: actor.entId, actor, action: 'staff.save', targetType: 'staff', targetId: saved.staff_id, detail, reason: input.reason, clientIp: ctx.clientIp, now: ctx.now })
    return staffRow(saved)
  })
}

export async function removeStaff(db: Kysely<Database>, actor: StaffActor, input: { staffId: string; reason: string }, ctx: Context): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) await trx.selectFrom('enterprises').select('ent_id').where('ent_id', '=', actor.entId).forUpdate().executeTakeFirst()
    const person = await trx.selectFrom('staff_members').selectAll().where('staff_id', '=', input.staffId).where('ent_id', '=', actor.entId).where('removed_at', 'is', null).executeTakeFirst()
    if (!person) throw new DomainError('STAFF_NOT_FOUND')
    if (person.staff_id !== actor.staffId && !mayTouch(actor, person)) throw new DomainError('STAFF_ROLE_NOT_ALLOWED')
    if (person.role === 'owner' && (await otherOwners(trx, actor.entId, person.staff_id)) === 0) throw new DomainError('STAFF_LAST_OWNER')
    await trx.updateTable('staff_members').set({ removed_at: ctx.now.toISOString(), updated_at: ctx.now.toISOString() }).where('staff_id', '=', person.staff_id).execute()
    await endSessionsOf(trx, { staffId: person.staff_id }, ctx.now)
    await appendAudit(trx, { entId: actor.entId, actor, action: 'staff.remove', targetType: 'staff', targetId: person.staff_id, detail: { name: person.name, role: person.role }, reason: input.reason, clientIp: ctx.clientIp, now: ctx.now })
  })
}

/** The signed-in person's own language, password (with the current one) or PIN. */
export async function updateOwnProfile(
  db: Kysely<Database>,
  actor: StaffActor,
  input: { locale?: string; password?: string; pin?: string },
  ctx: Context
): Promise<void> {
  const values: Partial<StaffRecord> = { updated_at: ctx.now.toISOString() }
  if (input.locale) values.locale = input.locale
  if (input.password) {
    assertPassword(input.password)
    values.password_hash = await hashSecret(input.password)
  }
  if (input.pin) {
    assertPin(input.pin)
    values.pin_hash = await hashSecret(input.pin)
  }
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('staff_members').set(values).where('staff_id', '=', actor.staffId).execute()
    if (input.password || input.pin) {
      await appendAudit(trx, { entId: actor.entId, actor, action: 'staff.ownSecrets', targetType: 'staff', targetId: actor.staffId, detail: { passwordSet: Boolean(input.password), pinSet: Boolean(input.pin) }, clientIp: ctx.clientIp, now: ctx.now })
    }
  })
}
