/**
 * What a signed-in member changes about themselves: the profile, binding a phone (a guest or an
 * open-id member becomes a phone member), and changing the phone in two steps:
 *   1. verify the current phone (code of purpose VipPhoneVerify) → a ChangeTicket, signed, for this
 *      member and this current phone, valid 10 minutes;
 *   2. the ticket + a code (purpose VipPhoneChange) sent to the new phone → the phone is replaced.
 * The ticket names the phone it was issued for, so it is void once the phone has changed.
 * PHONE_IN_USE is only answered after a right code: without the code nobody learns whose a phone is.
 */
import type { Kysely } from 'kysely'
import type { PhoneChangeTicketRow, VipRow } from '../../../../src/gateway/member-rows'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import { SECRET_NAMES } from '../secrets/server-secret'
import { checkedProfile, findMemberByIdentity, findMemberByPhone, linkIdentity, phoneUnique, requireMember, vipRow, type ProfileInput } from './member.service'
import type { VouchedIdentity } from './identity-token'
import type { SessionMember } from './member-session'
import { signToken, verifyToken, type SignedPayload } from './signed-token'
import { checkSmsCode, smsRequester, useSmsCode } from './sms-code.service'
import { normalisePhone } from './sms-areas'

export interface MemberRequest {
  db: Kysely<Database>
  member: SessionMember
  timeZone: string
  now: Date
  /** The caller's address (SMS code tries are counted per address); '' when the operation takes no code. */
  clientIp?: string
  /** The caller's device key hash ('' none): with the address, who a code belongs to (smsRequester). */
  deviceKey?: string
}

/** How long step 1 of a phone change stays good for step 2. */
export const CHANGE_TICKET_SECONDS = 600

export async function memberDetail(req: MemberRequest): Promise<VipRow> {
  return vipRow(req.db, await requireMember(req.db, req.member.entId, req.member.vipId), req.timeZone, req.now)
}

export async function updateProfile(req: MemberRequest, input: ProfileInput): Promise<VipRow> {
  const changes = checkedProfile(input)
  await req.db
    .updateTable('members')
    .set({ ...changes, updated_at: req.now.toISOString() })
    .where('vip_id', '=', req.member.vipId)
    .where('ent_id', '=', req.member.entId)
    .execute()
  return memberDetail(req)
}

/** VipBindPhone: the phone (proved by a VipBindPhone code) becomes this member's; a guest stops being one. */
export async function bindPhone(req: MemberRequest, input: { AreaNo: string; Phone: string; Code: string }): Promise<VipRow> {
  const { db, member, now } = req
  const code = await checkSmsCode(db, { entId: member.entId, areaNo: input.AreaNo, phone: input.Phone, sourceType: 'VipBindPhone', code: input.Code, clientIp: req.clientIp ?? '', requester: smsRequester(req.deviceKey ?? '', req.clientIp ?? ''), now })
  const owner = await findMemberByPhone(db, member.entId, code.areaNo, code.phone)
  if (owner && owner.vip_id !== member.vipId) throw new DomainError('PHONE_IN_USE')
  if (owner) return memberDetail(req)
  // Another phone is bound already: moving to a new one is the change-phone flow (verify the current one first).
  if (member.phone) throw new DomainError('CHANGE_TICKET_INVALID')
  await db.transaction().execute(async (trx) => {
    await useSmsCode(trx, code, now)
    await phoneUnique(() =>
      trx
        .updateTable('members')
        // The device key went with the guest identity: a phone member logs in by phone, not by device.
        .set({ area_no: code.areaNo, phone: code.phone, is_guest: 0, device_key: '', updated_at: now.toISOString() })
        .where('vip_id', '=', member.vipId)
        .execute()
    )
  })
  return memberDetail(req)
}

/**
 * VipHostPhoneBind: the phone the host verified (signed into the identity's AccessToken: the chat-app
 * mini-program's getPhoneNumber) becomes this member's, by the same rules as VipBindPhone. The
 * identity must be this member's (or no one's yet: it is linked here); another member's → 20040.
 */
export async function bindVerifiedPhone(req: MemberRequest, identity: VouchedIdentity): Promise<VipRow> {
  const { db, member, now } = req
  const linked = await findMemberByIdentity(db, member.entId, identity.provider, identity.openId)
  if (linked && linked.vip_id !== member.vipId) throw new DomainError('ACCESS_TOKEN_INVALID')
  if (!identity.phone) throw new DomainError('PHONE_NOT_VERIFIED')
  const phone = normalisePhone(identity.areaNo, identity.phone)
  const owner = await findMemberByPhone(db, member.entId, phone.areaNo, phone.phone)
  if (owner && owner.vip_id !== member.vipId) throw new DomainError('PHONE_IN_USE')
  if (!owner && member.phone) throw new DomainError('CHANGE_TICKET_INVALID')
  await db.transaction().execute(async (trx) => {
    if (!linked) await linkIdentity(trx, member.entId, identity, member.vipId, now)
    if (owner) return
    await phoneUnique(() =>
      trx
        .updateTable('members')
        .set({ area_no: phone.areaNo, phone: phone.phone, is_guest: 0, device_key: '', updated_at: now.toISOString() })
        .where('vip_id', '=', member.vipId)
        .execute()
    )
  })
  return memberDetail(req)
}

interface ChangeTicketPayload extends SignedPayload {
  /** Enterprise, member, and the phone verified (area number, phone). */
  e: string
  v: string
  a: string
  n: string
}

export interface PhoneChangeInput {
  Type: 1 | 2
  AreaNo: string
  Phone: string
  Code: string
  ChangeTicket?: string
}

/** PHONE_UNCHANGED when `areaNo phone` is the member's current phone (no new number to change to). */
export async function refuseOwnPhone(db: Kysely<Database>, member: SessionMember, areaNo: string, phone: string): Promise<void> {
  const current = await requireMember(db, member.entId, member.vipId)
  const wanted = normalisePhone(areaNo, phone)
  if (current.phone && wanted.areaNo === current.area_no && wanted.phone === current.phone) throw new DomainError('PHONE_UNCHANGED')
}

export async function changePhone(req: MemberRequest, input: PhoneChangeInput): Promise<{ table1: PhoneChangeTicketRow[]; table2: VipRow[] }> {
  const { db, member, now } = req
  const current = await requireMember(db, member.entId, member.vipId)
  if (!current.phone) throw new DomainError('PHONE_NOT_BOUND')
  if (input.Type === 1) {
    const claimed = normalisePhone(input.AreaNo, input.Phone)
    if (claimed.areaNo !== current.area_no || claimed.phone !== current.phone) throw new DomainError('PHONE_INVALID')
    const code = await checkSmsCode(db, { entId: member.entId, areaNo: claimed.areaNo, phone: claimed.phone, sourceType: 'VipPhoneVerify', code: input.Code, clientIp: req.clientIp ?? '', requester: smsRequester(req.deviceKey ?? '', req.clientIp ?? ''), now })
    await useSmsCode(db, code, now)
    const payload: ChangeTicketPayload = { e: member.entId, v: member.vipId, a: current.area_no, n: current.phone, exp: Math.floor(now.getTime() / 1000) + CHANGE_TICKET_SECONDS }
    return {
      table1: [{ ChangeTicket: await signToken(db, SECRET_NAMES.phoneChangeTicket, payload), ExpiresIn: CHANGE_TICKET_SECONDS }],
      table2: [await vipRow(db, current, req.timeZone, now)]
    }
  }
  // Type 2: the ticket first, so without step 1 nothing else is looked at.
  const ticket = input.ChangeTicket ? await verifyToken<ChangeTicketPayload>(db, SECRET_NAMES.phoneChangeTicket, input.ChangeTicket, now) : null
  if (!ticket || ticket.e !== member.entId || ticket.v !== member.vipId || ticket.a !== current.area_no || ticket.n !== current.phone) {
    throw new DomainError('CHANGE_TICKET_INVALID')
  }
  // 'Changing' to the member's own number would succeed and change nothing: say so instead.
  await refuseOwnPhone(db, member, input.AreaNo, input.Phone)
  const code = await checkSmsCode(db, { entId: member.entId, areaNo: input.AreaNo, phone: input.Phone, sourceType: 'VipPhoneChange', code: input.Code, clientIp: req.clientIp ?? '', requester: smsRequester(req.deviceKey ?? '', req.clientIp ?? ''), now })
  const owner = await findMemberByPhone(db, member.entId, code.areaNo, code.phone)
  if (owner && owner.vip_id !== member.vipId) throw new DomainError('PHONE_IN_USE')
  await db.transaction().execute(async (trx) => {
    await useSmsCode(trx, code, now)
    await phoneUnique(() =>
      trx.updateTable('members').set({ area_no: code.areaNo, phone: code.phone, updated_at: now.toISOString() }).where('vip_id', '=', member.vipId).execute()
    )
  })
  return { table1: [], table2: [await memberDetail(req)] }
}
