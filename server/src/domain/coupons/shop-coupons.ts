/**
 * The shop's side of coupons that the CLI (`npm run coupons`) and the console's staff operations
 * share: finding the member a card is issued to by phone, and looking a card up by its code with
 * its plan, holder (never the full phone), shown state and history.
 */
import type { Kysely } from 'kysely'
import { maskedPhone } from '../../../../src/core/phone-mask'
import { wallClockIn } from '../../../../src/core/wall-clock'
import type { CardStatus } from '../../../../src/gateway/coupon-rows'
import type { Database } from '../../storage/schema'
import { enterpriseTimeZone } from '../enterprise/enterprise.service'
import { DomainError } from '../errors'
import { shownStatus } from './card-validity'
import { cardEvents, type CardRecord } from './coupon-cards'
import type { PlanRecord } from './coupon-plans'

/** A typed card code as stored: spaces and dashes dropped, full-width digits read as digits. */
export const cardCodeOf = (code: string): string => code.normalize('NFKC').replace(/[\s-]/g, '')

/** Members of the enterprise with this phone (digits only), within one dialling area when given. */
export async function membersWithPhone(db: Kysely<Database>, entId: string, phone: string, areaNo?: string): Promise<{ vip_id: string; area_no: string; phone: string }[]> {
  let q = db.selectFrom('members').select(['vip_id', 'area_no', 'phone']).where('ent_id', '=', entId).where('phone', '=', phone.normalize('NFKC').replace(/\D/g, ''))
  if (areaNo) q = q.where('area_no', '=', areaNo.replace(/^\+/, ''))
  return q.execute()
}

export interface CardLookup {
  card: CardRecord
  plan: PlanRecord
  /** null: a printed voucher nobody holds yet. */
  holder: { vipId: string; name: string; maskedPhone: string } | null
  /** The state as shown today on the enterprise's clock (an available card past its days is expired). */
  shown: CardStatus
  events: Awaited<ReturnType<typeof cardEvents>>
  timeZone: string
}

/** A card of the enterprise by its code, or COUPON_NOT_FOUND. */
export async function lookUpCard(db: Kysely<Database>, entId: string, code: string, now: Date): Promise<CardLookup> {
  const card = await db.selectFrom('coupon_cards').selectAll().where('ent_id', '=', entId).where('code', '=', cardCodeOf(code)).executeTakeFirst()
  if (!card) throw new DomainError('COUPON_NOT_FOUND')
  const plan = await db.selectFrom('coupon_plans').selectAll().where('plan_id', '=', card.plan_id).executeTakeFirstOrThrow()
  const timeZone = await enterpriseTimeZone(db, entId)
  const today = wallClockIn(timeZone, now).date
  const member = card.vip_id ? await db.selectFrom('members').select(['vip_id', 'vip_name', 'area_no', 'phone']).where('vip_id', '=', card.vip_id).executeTakeFirst() : undefined
  return {
    card,
    plan,
    holder: member ? { vipId: member.vip_id, name: member.vip_name, maskedPhone: member.phone ? maskedPhone(member.area_no, member.phone) : '' } : null,
    shown: shownStatus(card, today),
    events: await cardEvents(db, card.card_id),
    timeZone
  }
}
