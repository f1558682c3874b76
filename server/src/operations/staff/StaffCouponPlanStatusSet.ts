import { z } from 'zod'
import { findPlan, setPlanStatus } from '../../domain/coupons/coupon-plans'
import { DomainError, EnvelopeError } from '../../domain/errors'
import { appendAudit } from '../../domain/staff/audit-log'
import { noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { mayRunPlanOf, planRow, requiredIdField } from './staff-service-rows'

export default defineStaffOperation({
  name: 'StaffCouponPlanStatusSet',
  auth: 'coupons.manage',
  input: z.object({
    PlanID: requiredIdField('The plan'),
    Running: z.coerce.number().int().min(0).max(1).describe('1 running, 0 paused (no new cards; cards held keep working)'),
    Reason: noteText('Why (kept in the audit log)')
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const plan = await findPlan(ctx.db, staff.entId, input.PlanID)
    if (!plan) throw new DomainError('COUPON_NOT_FOUND')
    if (!mayRunPlanOf(staff, plan)) throw new EnvelopeError('STAFF_NOT_PERMITTED')
    const status = input.Running === 1 ? 1 : 0
    const after = await ctx.db.transaction().execute(async (trx) => {
      const after = await setPlanStatus(trx, staff.entId, plan.code, status, ctx.now)
      if (plan.status !== status) {
        await appendAudit(trx, { entId: staff.entId, actor: staff, action: status ? 'coupon.plan.resume' : 'coupon.plan.pause', targetType: 'couponPlan', targetId: plan.code, detail: { planId: plan.plan_id }, reason: input.Reason, clientIp: ctx.clientIp, now: ctx.now })
      }
      return after
    })
    return { table1: [planRow(after, staff)] }
  }
})
