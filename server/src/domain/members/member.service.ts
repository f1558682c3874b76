/**
 * Members: finding and making them, logging them in (a session + claiming what the device ordered
 * as a walk-in), and the member as they see themselves (VipRow). The operations in
 * server/src/operations/members are thin wrappers around these.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import type { MemberPlace } from '../../../../src/gateway/operations'
import type { MemberSessionRow, VipRow } from '../../../../src/gateway/member-rows'
import type { RegisterType } from '../../../../src/gateway/member-rows'
import { isValidMemberName } from '../../../../src/core/member-name'
import { wallClockIn } from '../../../../src/core/wall-clock'
import { isUniqueViolation } from '../../storage/repositories/order.repository'
import type { Database, MemberTable } from '../../storage/schema'
import { wallClockText } from '../enterprise/enterprise.service'
import { DomainError } from '../errors'
import { memberOwnerKey, startSession } from './member-session'
import { usableCardCount } from '../coupons/coupon-cards'

export type MemberRecord = Selectable<MemberTable>

/** What the login answers of every operation share. */
export interface LoginAnswer {
  table1: MemberSessionRow[]
  table2: VipRow[]
}

export interface LoginContext {
  db: Kysely<Database>
  entId: string
  /** The device key hash of the request ('' none): its walk-in orders become the member's. */
  deviceKey: string
  /** The caller's address: SMS code tries are counted per address. */
  clientIp: string
  timeZone: string
  now: Date
}

export const newVipId = (): string => `V${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`

export async function findMember(db: Kysely<Database>, entId: string, vipId: string): Promise<MemberRecord | undefined> {
  return db.selectFrom('members').selectAll().where('ent_id', '=', entId).where('vip_id', '=', vipId).executeTakeFirst()
}

export async function findMemberByPhone(db: Kysely<Database>, entId: string, areaNo: string, phone: string): Promise<MemberRecord | undefined> {
  if (!phone) return undefined
  return db.selectFrom('members').selectAll().where('ent_id', '=', entId).where('area_no', '=', areaNo).where('phone', '=', phone).executeTakeFirst()
}

export async function findGuest(db: Kysely<Database>, entId: string, deviceKey: string): Promise<MemberRecord | undefined> {
  if (!deviceKey) return undefined
  return db.selectFrom('members').selectAll().where('ent_id', '=', entId).where('device_key', '=', deviceKey).executeTakeFirst()
}

export async function findMemberByIdentity(db: Kysely<Database>, entId: string, provider: string, openId: string): Promise<MemberRecord | undefined> {
  return db
    .selectFrom('member_identities as i')
    .innerJoin('members as m', 'm.vip_id', 'i.vip_id')
    .selectAll('m')
    .where('i.ent_id', '=', entId)
    .where('i.provider', '=', provider)
    .where('i.open_id', '=', openId)
    .executeTakeFirst()
}

/**
 * Links a host identity to a member (a second link of the same identity changes nothing).
 * False when the identity was linked already (to this member or, after a race, to another).
 */
export async function linkIdentity(db: Kysely<Database>, entId: string, identity: { provider: string; openId: string; minaId?: string }, vipId: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('member_identities')
    .values({ ent_id: entId, provider: identity.provider, open_id: identity.openId, mina_id: identity.minaId ?? '', vip_id: vipId, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['ent_id', 'provider', 'open_id']).doNothing())
    .returning('open_id')
    .executeTakeFirst()
  return inserted !== undefined
}

/** The profile fields a member sets (register, VipProfileUpdate). */
export interface ProfileInput {
  VipName?: string
  Sex?: string
  Birthy?: string
  HeadImg?: string
}

/** Checked profile values: NAME_INVALID for a name breaking the spec §5 rule. */
export function checkedProfile(input: ProfileInput): { vip_name?: string; sex?: string; birthday?: string; head_img?: string } {
  const out: { vip_name?: string; sex?: string; birthday?: string; head_img?: string } = {}
  if (input.VipName !== undefined) {
    if (!isValidMemberName(input.VipName)) throw new DomainError('NAME_INVALID')
    out.vip_name = input.VipName.trim()
  }
  if (input.Sex !== undefined) out.sex = input.Sex
  if (input.Birthy !== undefined) out.birthday = input.Birthy
  if (input.HeadImg !== undefined) out.head_img = input.HeadImg
  return out
}

export interface NewMember {
  entId: string
  areaNo?: string
  phone?: string
  isGuest?: boolean
  deviceKey?: string
  registerType: RegisterType
  place: MemberPlace
  profile: ReturnType<typeof checkedProfile>
  now: Date
}

/** Inserts a member; a phone or device another member took meanwhile → a unique violation for the caller. */
export async function insertMember(db: Kysely<Database>, member: NewMember): Promise<string> {
  const vipId = newVipId()
  const now = member.now.toISOString()
  await db
    .insertInto('members')
    .values({
      vip_id: vipId,
      ent_id: member.entId,
      area_no: member.phone ? member.areaNo ?? '' : '',
      phone: member.phone ?? '',
      vip_name: member.profile.vip_name ?? '',
      sex: member.profile.sex ?? '',
      birthday: member.profile.birthday ?? '',
      head_img: member.profile.head_img ?? '',
      is_guest: member.isGuest ? 1 : 0,
      device_key: member.isGuest ? member.deviceKey ?? '' : '',
      code_ref: randomBytes(16).toString('hex'),
      register_type: member.registerType,
      register_place: JSON.stringify(placeOf(member.place)),
      created_at: now,
      updated_at: now
    })
    .execute()
  return vipId
}

const placeOf = (place: MemberPlace): MemberPlace => ({
  ShopName: place.ShopName ?? '',
  ShopCode: place.ShopCode ?? '',
  BaseName: place.BaseName ?? '',
  BaseCode: place.BaseCode ?? ''
})

/**
 * Walk-in orders this device placed (owner = the device key hash, no member) become the member's,
 * with their payments: nothing the diner did before logging in is lost. Table sheets have no owner
 * of their own (their rounds are orders), so moving the rounds moves the diner's part of a sheet.
 */
export async function claimDeviceOrders(db: Kysely<Database>, entId: string, deviceKey: string, vipId: string): Promise<number> {
  if (!deviceKey) return 0
  const ownerKey = memberOwnerKey(vipId)
  return db.transaction().execute(async (trx) => {
    const orders = await trx
      .updateTable('orders')
      .set({ owner_key: ownerKey, vip_id: vipId })
      .where('ent_id', '=', entId)
      .where('owner_key', '=', deviceKey)
      .where('vip_id', '=', '')
      .executeTakeFirst()
    await trx.updateTable('payments').set({ owner_key: ownerKey }).where('ent_id', '=', entId).where('owner_key', '=', deviceKey).execute()
    return Number(orders.numUpdatedRows)
  })
}

/** Logs a member in: claims the device's walk-in orders, starts a session, answers both tables. */
export async function logIn(ctx: LoginContext, member: MemberRecord, isNew: boolean): Promise<LoginAnswer> {
  await claimDeviceOrders(ctx.db, ctx.entId, ctx.deviceKey, member.vip_id)
  const session = await startSession(ctx.db, ctx.entId, member.vip_id, ctx.now)
  return {
    table1: [{ Token: session.token, ExpiresDate: wallClockText(ctx.timeZone, session.expiresAt), VipID: member.vip_id, IsNew: isNew ? 1 : 0 }],
    table2: [await vipRow(ctx.db, member, ctx.timeZone, ctx.now)]
  }
}

/** The member as they see themselves: balance and points from the member row, coupon cards usable today counted. */
export async function vipRow(db: Kysely<Database>, member: MemberRecord, timeZone: string, now: Date): Promise<VipRow> {
  const today = wallClockIn(timeZone, now).date
  const coupons = await usableCardCount(db, member.vip_id, today)
  return {
    VipID: member.vip_id,
    VipName: member.vip_name,
    Sex: member.sex,
    Birthy: member.birthday,
    HeadImg: member.head_img,
    AreaNo: member.area_no,
    Phone: member.phone,
    IsGuest: member.is_guest,
    Balance: member.balance,
    Score: member.score,
    CouponCount: coupons,
    CreatedDate: wallClockText(timeZone, new Date(member.created_at))
  }
}

/** The member of a session (it exists: the session joined it). */
export async function requireMember(db: Kysely<Database>, entId: string, vipId: string): Promise<MemberRecord> {
  const member = await findMember(db, entId, vipId)
  if (!member) throw new DomainError('MEMBER_NOT_REGISTERED')
  return member
}

/** Runs `write`; a unique violation (a phone another member took meanwhile) → PHONE_IN_USE. */
export async function phoneUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('PHONE_IN_USE')
    throw error
  }
}

