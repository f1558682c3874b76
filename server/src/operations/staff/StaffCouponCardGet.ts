import { z } from 'zod'
import { lookUpCard } from '../../domain/coupons/shop-coupons'
import { DomainError } from '../../domain/errors'
import { defineStaffOperation } from './staff-operation'
import { cardCodeField, cardEventRows, cardRow, mayRunPlanOf, planRow } from './staff-service-rows'

export default defineStaffOperation({
  name: 'StaffCouponCardGet',
  auth: 'coupons.manage',
  input: z.object({ Code: cardCodeField }),
  async handler(ctx, input) {
    const look = await lookUpCard(ctx.db, ctx.staff.entId, input.Code, ctx.now)
    // A card of a plan outside the person's shops is no card of theirs.
    if (!mayRunPlanOf(ctx.staff, look.plan)) throw new DomainError('COUPON_NOT_FOUND')
    return { table1: [cardRow(look.card, look.plan, look.shown, look.holder)], table2: cardEventRows(look), table3: [planRow(look.plan, ctx.staff)] }
  }
})
