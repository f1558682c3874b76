import { z } from 'zod'
import { CARD_STATUS } from '../../../../src/gateway/coupon-rows'
import { issueCards } from '../../domain/coupons/coupon-cards'
import { findPlan } from '../../domain/coupons/coupon-plans'
import { DomainError, EnvelopeError } from '../../domain/errors'
import { appendAudit } from '../../domain/staff/audit-log'
import { noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { cardRow, mayRunPlanOf, requiredIdField } from './staff-service-rows'

export default defineStaffOperation({
  name: 'StaffVoucherPrint',
  auth: 'coupons.manage',
  input: z.object({
    PlanID: requiredIdField('The plan'),
    Qua: z.coerce.number().int().min(1).max(1000).describe('How many vouchers (1–1000)'),
    Reason: noteText('Why (kept in the audit log)')
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const plan = await findPlan(ctx.db, staff.entId, input.PlanID)
    if (!plan) throw new DomainError('COUPON_NOT_FOUND')
    if (!mayRunPlanOf(staff, plan)) throw new EnvelopeError('STAFF_NOT_PERMITTED')
    // The codes are the vouchers themselves: the audit keeps the card ids, never the codes.
    const cards = await issueCards(ctx.db, { entId: staff.entId, planId: plan.plan_id, vipId: '', qua: input.Qua, now: ctx.now, actor: `staff:${staff.staffId}` }, (trx, done) =>
      appendAudit(trx, {
        entId: staff.entId,
        actor: staff,
        action: 'coupon.voucher.print',
        targetType: 'couponPlan',
        targetId: plan.code,
        detail: { qua: done.cards.length, cardIds: done.cards.map((c) => c.card_id) },
        reason: input.Reason,
        clientIp: ctx.clientIp,
        now: ctx.now
      })
    )
    return { table1: cards.map((c) => cardRow(c, plan, CARD_STATUS.AVAILABLE, null)) }
  }
})
