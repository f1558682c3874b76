/**
 * A member as the counter sees them (the console's member check and `npm run member`): name,
 * masked phone, balance, points, usable coupons. Never the full phone.
 */
import type { Kysely } from 'kysely'
import { decimalPoints } from '../../../../src/core/decimal-points'
import { formatMoney } from '../../../../src/core/money'
import { maskedPhone } from '../../../../src/core/phone-mask'
import { wallClockIn } from '../../../../src/core/wall-clock'
import type { Database } from '../../storage/schema'
import { listEnterpriseSettings } from '../../storage/repositories/enterprise.repository'
import { usableCardCount } from '../coupons/coupon-cards'
import { enterpriseTimeZone } from '../enterprise/enterprise.service'
import type { MemberRecord } from './balance.service'

export interface MemberSummary {
  VipID: string
  EntID: string
  Name: string
  IsGuest: boolean
  /** '6***1234' style, '' when none is bound. */
  MaskedPhone: string
  /** Formatted with the enterprise's currency and decimals ('MOP$88.50'). */
  Balance: string
  Points: number
  UsableCoupons: number
}

export async function memberSummary(db: Kysely<Database>, member: MemberRecord, now: Date): Promise<MemberSummary> {
  const settings = Object.fromEntries((await listEnterpriseSettings(db, member.ent_id)).map((p) => [p.parmId, p.parmValue]))
  const today = wallClockIn(await enterpriseTimeZone(db, member.ent_id), now).date
  return {
    VipID: member.vip_id,
    EntID: member.ent_id,
    Name: member.vip_name,
    IsGuest: Boolean(member.is_guest),
    MaskedPhone: member.phone ? maskedPhone(member.area_no, member.phone) : '',
    Balance: formatMoney(member.balance, decimalPoints(settings).AmoPoint, settings.Currency ?? ''),
    Points: Number(member.score),
    UsableCoupons: await usableCardCount(db, member.vip_id, today)
  }
}
