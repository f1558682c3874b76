import { z } from 'zod'
import { CARD_STATUS } from '../../../../src/gateway/coupon-rows'
import { maskedPhone } from '../../../../src/core/phone-mask'
import { issueCards } from '../../domain/coupons/coupon-cards'
import { findPlan } from '../../domain/coupons/coupon-plans'
import { membersWithPhone } from '../../domain/coupons/shop-coupons'
import { DomainError, EnvelopeError } from '../../domain/errors'
import { normalisePhone } from '../../domain/members/sms-areas'
import { appendAudit } from '../../domain/staff/audit-log'
import { integerWithDefault } from '../fields'
import { areaCodeField, noteText, phoneField } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { cardRow, mayRunPlanOf, requiredIdField } from './staff-service-rows'

export default defineStaffOperation({
  name: 'StaffCouponIssue',
  auth: 'coupons.manage',
  input: z.object({
    PlanID: requiredIdField('The plan'),
    AreaCode: areaCodeField,
    Phone: phoneField,
    Qua: integerWithDefault('How many cards (1–1000, default 1)', 1, 1000, 1),
    Reason: noteText('Why (kept in the audit log)')
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const plan = await findPlan(ctx.db, staff.entId, input.PlanID)
    if (!plan) throw new DomainError('COUPON_NOT_FOUND')
    if (!mayRunPlanOf(staff, plan)) throw new EnvelopeError('STAFF_NOT_PERMITTED')
    const phone = normalisePhone(input.AreaCode, input.Phone)
    const [member] = await membersWithPhone(ctx.db, staff.entId, phone.phone, phone.areaNo)
    if (!member) throw new DomainError('MEMBER_NOT_REGISTERED')
    const name = (await ctx.db.selectFrom('members').select('vip_name').where('vip_id', '=', member.vip_id).executeTakeFirstOrThrow()).vip_name
    const cards = await issueCards(ctx.db, { entId: staff.entId, planId: plan.plan_id, vipId: member.vip_id, qua: input.Qua, now: ctx.now, actor: `staff:${staff.staffId}` }, (trx, done) =>
      appendAudit(trx, {
        entId: staff.entId,
        actor: staff,
        action: 'coupon.card.issue',
        targetType: 'member',
        targetId: member.vip_id,
        detail: { plan: plan.code, qua: done.cards.length, cardIds: done.cards.map((c) => c.card_id) },
        reason: input.Reason,
        clientIp: ctx.clientIp,
        now: ctx.now
      })
    )
    const holder = { vipId: member.vip_id, name, maskedPhone: maskedPhone(member.area_no, member.phone) }
    return { table1: cards.map((c) => cardRow(c, plan, CARD_STATUS.AVAILABLE, holder)) }
  }
})
