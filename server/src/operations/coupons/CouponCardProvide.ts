import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { claimCard, today } from '../../domain/coupons/coupon-cards'
import { claimProblem, heldCounts } from '../../domain/coupons/coupon-plans'
import { DomainError } from '../../domain/errors'
import { optionalId, requiredId } from '../fields'
import { defineOperation } from '../operation'
import { CARD_COLUMNS, cardRow, PLAN_COLUMNS, planRow, scopeNamesOf } from './coupon-rows'

export default defineOperation({
  name: 'CouponCardProvide',
  group: 'Coupons',
  summary:
    "The signed-in member claims one card of a plan: table1 the new card (its own code, valid days on the enterprise's clock), table2 the plan as it stands after. Idempotent by RequestKey: a retry answers the same card; the key of a claim of another plan → 20029. Stock and the per-member limit hold under concurrent claims. Unknown plan → 20054; none left → 20056; the member holds the most allowed → 20057; paused, outside its claim window, its fixed days over, or not claimable in the app → 20058; a guest or a member without a phone → 20038 (bind a phone first). No session → errcode 10010.",
  auth: 'member',
  input: z.object({
    PlanID: requiredId('PlanID of CouponPlanList'),
    RequestKey: requiredId('Client key of this claim: a retry with the same key answers the same card'),
    ShopID: optionalId('The shop the member claims at (informational)')
  }),
  output: { table1: CARD_COLUMNS, table2: PLAN_COLUMNS },
  async handler(ctx, input) {
    // A member without a phone (a guest: any new device key makes one) would make the per-member
    // limit void: claims are for phone-bound members, as recharges are.
    if (ctx.member.isGuest || !ctx.member.phone) throw new DomainError('PHONE_NOT_BOUND')
    const entId = ctx.enterprise.entId
    const { card, plan } = await claimCard(ctx.db, { entId, vipId: ctx.member.vipId, planId: input.PlanID, requestKey: input.RequestKey, now: ctx.now })
    const [timeZone, day, scope, held] = await Promise.all([
      enterpriseTimeZone(ctx.db, entId),
      today(ctx.db, entId, ctx.now),
      scopeNamesOf(ctx.db, [plan], ctx.locale),
      heldCounts(ctx.db, ctx.member.vipId, [plan.plan_id])
    ])
    const heldQua = held.get(plan.plan_id) ?? 0
    const scopeNames = scope.get(plan.plan_id)
    return {
      table1: [cardRow(card, plan, { locale: ctx.locale, timeZone, today: day, scopeNames })],
      table2: [planRow(plan, { locale: ctx.locale, timeZone, scopeNames, heldQua, reason: claimProblem(plan, ctx.now, day, heldQua) })]
    }
  }
})
