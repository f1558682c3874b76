import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { memberCard, today } from '../../domain/coupons/coupon-cards'
import { claimProblem, heldCounts } from '../../domain/coupons/coupon-plans'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { plansOf } from './coupon-plans-of'
import { ISSUE_CARD_COLUMNS, issueCardRow, PLAN_COLUMNS, planRow } from './coupon-rows'

export default defineOperation({
  name: 'CouponIssueCardDetail',
  group: 'Coupons',
  summary:
    "How one of the signed-in member's cards was issued: table1 where it came from (claimed, issued by the shop, a recharge gift, a typed voucher, migrated) and when, table2 the plan it was issued from. Another member's card, or an unknown id → 20054. No session → errcode 10010.",
  auth: 'member',
  input: z.object({ CardID: requiredId('CardID of CouponCardList') }),
  output: { table1: ISSUE_CARD_COLUMNS, table2: PLAN_COLUMNS },
  async handler(ctx, input) {
    const entId = ctx.enterprise.entId
    const card = await memberCard(ctx.db, entId, ctx.member.vipId, input.CardID)
    const { plans, scope } = await plansOf(ctx.db, entId, [card], ctx.locale)
    const plan = plans.get(card.plan_id)!
    const timeZone = await enterpriseTimeZone(ctx.db, entId)
    const heldQua = (await heldCounts(ctx.db, ctx.member.vipId, [plan.plan_id])).get(plan.plan_id) ?? 0
    const reason = claimProblem(plan, ctx.now, await today(ctx.db, entId, ctx.now), heldQua)
    return {
      table1: [issueCardRow(card, timeZone)],
      table2: [planRow(plan, { locale: ctx.locale, timeZone, scopeNames: scope.get(plan.plan_id), heldQua, reason })]
    }
  }
})
