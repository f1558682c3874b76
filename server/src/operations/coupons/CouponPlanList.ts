import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { pageWindow } from '../../domain/paging'
import { today } from '../../domain/coupons/coupon-cards'
import { validityOfNewCard } from '../../domain/coupons/card-validity'
import { claimProblem, heldCounts, listClaimablePlans } from '../../domain/coupons/coupon-plans'
import { optionalId, pagingFields } from '../fields'
import { defineOperation } from '../operation'
import { TOTAL_COLUMNS, totalRow } from '../rows'
import { PLAN_COLUMNS, planRow, scopeNamesOf } from './coupon-rows'

export default defineOperation({
  name: 'CouponPlanList',
  group: 'Coupons',
  summary:
    "Coupon plans a member can claim here, paged: running plans claimable in the app, for ShopID (or for every shop), whose claim window has not ended (nor their fixed days). Each row says whether the caller could claim one now (CanClaim) and why not (Reason: sold-out, limit, not-started …); with a session HeldQua counts the member's cards of the plan. table2 holds the total.",
  auth: 'app',
  input: z.object({ ShopID: optionalId("The shop the member is at ('' or absent: only plans for every shop)"), ...pagingFields }),
  output: { table1: PLAN_COLUMNS, table2: TOTAL_COLUMNS },
  async handler(ctx, input) {
    const entId = ctx.enterprise.entId
    const day = await today(ctx.db, entId, ctx.now)
    // A fixed-days plan whose last day is over has nothing left to give: not listed.
    const plans = (await listClaimablePlans(ctx.db, entId, input.ShopID || undefined, ctx.now)).filter((p) => validityOfNewCard(p, day))
    const { limit, offset } = pageWindow(input)
    const page = plans.slice(offset, offset + limit)
    const [timeZone, scope, held] = await Promise.all([
      enterpriseTimeZone(ctx.db, entId),
      scopeNamesOf(ctx.db, page, ctx.locale),
      ctx.member ? heldCounts(ctx.db, ctx.member.vipId, page.map((p) => p.plan_id)) : Promise.resolve(null)
    ])
    return {
      table1: page.map((p) => {
        const heldQua = held ? held.get(p.plan_id) ?? 0 : null
        return planRow(p, { locale: ctx.locale, timeZone, scopeNames: scope.get(p.plan_id), heldQua: heldQua ?? 0, reason: claimProblem(p, ctx.now, day, heldQua) })
      }),
      table2: [totalRow(plans.length)]
    }
  }
})
