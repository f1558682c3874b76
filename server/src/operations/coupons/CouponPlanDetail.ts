import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { DomainError } from '../../domain/errors'
import { today } from '../../domain/coupons/coupon-cards'
import { claimProblem, findPlan, heldCounts } from '../../domain/coupons/coupon-plans'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { PLAN_COLUMNS, planRow, scopeNamesOf } from './coupon-rows'

export default defineOperation({
  name: 'CouponPlanDetail',
  group: 'Coupons',
  summary:
    "One coupon plan: value, scope, stock, per-member limit, claim window, validity, and whether the caller could claim one now (CanClaim, Reason). Any plan of the enterprise, also ones only issued (Reason 'not-claimable') or paused. Unknown plan → 20054.",
  auth: 'app',
  input: z.object({ PlanID: requiredId('PlanID of CouponPlanList or of a card') }),
  output: { table1: PLAN_COLUMNS },
  async handler(ctx, input) {
    const entId = ctx.enterprise.entId
    const plan = await findPlan(ctx.db, entId, input.PlanID)
    if (!plan) throw new DomainError('COUPON_NOT_FOUND')
    const held = ctx.member ? (await heldCounts(ctx.db, ctx.member.vipId, [plan.plan_id])).get(plan.plan_id) ?? 0 : null
    const day = await today(ctx.db, entId, ctx.now)
    const scope = await scopeNamesOf(ctx.db, [plan], ctx.locale)
    return {
      table1: [
        planRow(plan, {
          locale: ctx.locale,
          timeZone: await enterpriseTimeZone(ctx.db, entId),
          scopeNames: scope.get(plan.plan_id),
          heldQua: held ?? 0,
          reason: claimProblem(plan, ctx.now, day, held)
        })
      ]
    }
  }
})
