/**
 * The ways in (docs/members.md "Sessions and login"):
 *   - phone + SMS code (VipLoginGet): a right code of a known member logs in and is used up; a
 *     right code of an unknown phone → 42000 and the code stays for VipRegister;
 *   - register (VipRegister): RegisterType 1 phone + code, 0 the phone the host verified, 2 an
 *     open-id member without a phone; a phone that already has a member logs that member in (the
 *     code or the host proved the phone), linking the open id when one came;
 *   - guest (GuestLogin / GuestRegister): the device key's walk-in identity;
 *   - open id (VipLoginByOpenID): an OpenID with this server's AccessToken for it.
 * Every login claims the device's walk-in orders (member.service claimDeviceOrders).
 */
import type { MemberPlace, OperationTypes } from '../../../../src/gateway/operations'
import { REGISTER_TYPE } from '../../../../src/gateway/member-rows'
import { isUniqueViolation } from '../../storage/repositories/order.repository'
import { DomainError } from '../errors'
import { vouchedIdentity, type IdentityProviders, type VouchedIdentity } from './identity-token'
import {
  checkedProfile,
  findGuest,
  findMemberByIdentity,
  findMemberByPhone,
  insertMember,
  linkIdentity,
  logIn,
  phoneUnique,
  requireMember,
  type LoginAnswer,
  type LoginContext,
  type MemberRecord
} from './member.service'
import { checkSmsCode, smsRequester, useSmsCode, type CheckedSmsCode } from './sms-code.service'
import { normalisePhone } from './sms-areas'
import type { ObjectStorage } from '../../providers/storage/object-storage'
import { copyHostAvatar, type HostAvatarOptions } from './member-avatar.service'

/** VipLoginGet: 42000 only after a right code, so the answer tells nothing to one who lacks it. */
export async function loginByPhone(ctx: LoginContext, input: { AreaNo: string; Phone: string; Code: string }): Promise<LoginAnswer> {
  const code = await checkSmsCode(ctx.db, { entId: ctx.entId, areaNo: input.AreaNo, phone: input.Phone, sourceType: 'VipLogin', code: input.Code, clientIp: ctx.clientIp, requester: smsRequester(ctx.deviceKey, ctx.clientIp), now: ctx.now })
  const member = await findMemberByPhone(ctx.db, ctx.entId, code.areaNo, code.phone)
  if (!member) throw new DomainError('MEMBER_NOT_REGISTERED')
  await useSmsCode(ctx.db, code, ctx.now)
  return logIn(ctx, member, false)
}

/** VipRegister's record, as the contract has it. */
export type RegisterInput = OperationTypes['VipRegister']['input']

/** Where a new member's host picture is copied to (issue 17: spec §8), and how (tests). */
export interface RegisterAvatar {
  storage: ObjectStorage
  origin: string
  options?: HostAvatarOptions
}

export async function register(ctx: LoginContext, identityProvider: IdentityProviders, input: RegisterInput, avatar?: RegisterAvatar): Promise<LoginAnswer> {
  // The host's picture URL is never kept: a new member's avatar is a copy in our storage, or empty (below).
  const profile = { ...checkedProfile(input), head_img: '' }
  // A client-sent OpenID counts only with this server's AccessToken for it.
  const identity: VouchedIdentity | null = input.OpenID
    ? await vouchedIdentity(ctx.db, identityProvider, ctx.entId, input.OpenID, input.AccessToken, ctx.now)
    : null
  let code: CheckedSmsCode | null = null
  let phone: { areaNo: string; phone: string } | null = null
  if (input.RegisterType === REGISTER_TYPE.PHONE_AND_CODE) {
    if (!input.Phone || !input.AreaNo || !input.Code) throw new DomainError('PHONE_INVALID')
    code = await checkSmsCode(ctx.db, { entId: ctx.entId, areaNo: input.AreaNo, phone: input.Phone, sourceType: 'VipLogin', code: input.Code, clientIp: ctx.clientIp, requester: smsRequester(ctx.deviceKey, ctx.clientIp), now: ctx.now })
    phone = { areaNo: code.areaNo, phone: code.phone }
  } else {
    if (!identity) throw new DomainError('ACCESS_TOKEN_INVALID')
    if (input.RegisterType === REGISTER_TYPE.PHONE_ONLY) {
      // Only a phone the host verified (a provider that checks nothing vouches for none): that phone's member logs in.
      if (!identity.phone) throw new DomainError('PHONE_NOT_VERIFIED')
      // Stored as an SMS login stores it (0912… is 912…), so one phone is one member whichever way it came.
      phone = normalisePhone(identity.areaNo, identity.phone)
    }
  }

  const linked = identity ? await findMemberByIdentity(ctx.db, ctx.entId, identity.provider, identity.openId) : undefined
  let made: { member: MemberRecord; isNew: boolean }
  try {
    made = await ctx.db.transaction().execute(async (trx) => {
      if (code) await useSmsCode(trx, code, ctx.now)
      // The open id already has a member, or the proven phone has one: that member logs in.
      const existing = linked ?? (phone ? await findMemberByPhone(trx, ctx.entId, phone.areaNo, phone.phone) : undefined)
      if (existing) {
        if (identity) await linkIdentity(trx, ctx.entId, { ...identity, minaId: input.MinaID }, existing.vip_id, ctx.now)
        return { member: existing, isNew: false }
      }
      const vipId = await phoneUnique(() =>
        insertMember(trx, { entId: ctx.entId, areaNo: phone?.areaNo, phone: phone?.phone, registerType: input.RegisterType, place: input, profile, now: ctx.now })
      )
      // The same open id registering at the same moment: the other request linked it first, so
      // this new member would be one the open id never reaches again. Undo it; log in the other.
      if (identity && !(await linkIdentity(trx, ctx.entId, { ...identity, minaId: input.MinaID }, vipId, ctx.now))) throw new IdentityTaken()
      return { member: await requireMember(trx, ctx.entId, vipId), isNew: true }
    })
  } catch (error) {
    if (!(error instanceof IdentityTaken) || !identity) throw error
    const winner = await findMemberByIdentity(ctx.db, ctx.entId, identity.provider, identity.openId)
    if (!winner) throw error
    made = { member: winner, isNew: false }
  }
  const picture = (input.HeadImg ?? '').trim()
  if (made.isNew && picture && avatar) {
    // Outside the transaction: a slow host does not hold the database. A copy that fails leaves it empty.
    await copyHostAvatar({ db: ctx.db, storage: avatar.storage, entId: ctx.entId, vipId: made.member.vip_id, origin: avatar.origin, now: ctx.now }, picture, avatar.options)
    made = { member: await requireMember(ctx.db, ctx.entId, made.member.vip_id), isNew: true }
  }
  return logIn(ctx, made.member, made.isNew)
}

/** Thrown inside register's transaction when a racing request linked the open id first. */
class IdentityTaken extends Error {}

/** GuestLogin: the device's walk-in identity; 42000 when it has none yet (then GuestRegister). */
export async function guestLogin(ctx: LoginContext): Promise<LoginAnswer> {
  if (!ctx.deviceKey) throw new DomainError('DEVICE_KEY_REQUIRED')
  const guest = await findGuest(ctx.db, ctx.entId, ctx.deviceKey)
  if (!guest) throw new DomainError('MEMBER_NOT_REGISTERED')
  return logIn(ctx, guest, false)
}

/** GuestRegister: makes the device's walk-in identity, or logs in the one it has. */
export async function guestRegister(ctx: LoginContext, place: MemberPlace): Promise<LoginAnswer> {
  if (!ctx.deviceKey) throw new DomainError('DEVICE_KEY_REQUIRED')
  const existing = await findGuest(ctx.db, ctx.entId, ctx.deviceKey)
  if (existing) return logIn(ctx, existing, false)
  let guest: MemberRecord
  try {
    const vipId = await insertMember(ctx.db, { entId: ctx.entId, isGuest: true, deviceKey: ctx.deviceKey, registerType: REGISTER_TYPE.NEITHER, place, profile: {}, now: ctx.now })
    guest = await requireMember(ctx.db, ctx.entId, vipId)
  } catch (error) {
    // The same device registering twice at once: the other request made it.
    const made = isUniqueViolation(error) ? await findGuest(ctx.db, ctx.entId, ctx.deviceKey) : undefined
    if (!made) throw error
    return logIn(ctx, made, false)
  }
  return logIn(ctx, guest, true)
}

/** VipLoginByOpenID: 42000 when no member has the identity (then VipRegister with it). */
export async function loginByOpenId(ctx: LoginContext, identityProvider: IdentityProviders, input: { OpenID: string; AccessToken: string; MinaID?: string }): Promise<LoginAnswer> {
  const identity = await vouchedIdentity(ctx.db, identityProvider, ctx.entId, input.OpenID, input.AccessToken, ctx.now)
  const member = await findMemberByIdentity(ctx.db, ctx.entId, identity.provider, identity.openId)
  if (!member) throw new DomainError('MEMBER_NOT_REGISTERED')
  return logIn(ctx, member, false)
}
