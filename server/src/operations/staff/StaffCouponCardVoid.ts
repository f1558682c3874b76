import { z } from 'zod'
import { voidCard } from '../../domain/coupons/coupon-cards'
import { lookUpCard } from '../../domain/coupons/shop-coupons'
import { DomainError } from '../../domain/errors'
import { appendAudit } from '../../domain/staff/audit-log'
import { defineStaffOperation } from './staff-operation'
import { cardCodeField, cardRow, mayRunPlanOf, requiredNote } from './staff-service-rows'

export default defineStaffOperation({
  name: 'StaffCouponCardVoid',
  auth: 'coupons.manage',
  input: z.object({ Code: cardCodeField, Reason: requiredNote('Why (required; kept in the audit log)') }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const look = await lookUpCard(ctx.db, staff.entId, input.Code, ctx.now)
    if (!mayRunPlanOf(staff, look.plan)) throw new DomainError('COUPON_NOT_FOUND')
    await voidCard(ctx.db, { entId: staff.entId, code: look.card.code, now: ctx.now, actor: `staff:${staff.staffId}` }, (trx, card) =>
      appendAudit(trx, {
        entId: staff.entId,
        actor: staff,
        action: 'coupon.card.void',
        targetType: 'couponCard',
        targetId: card.card_id,
        detail: { plan: look.plan.code, holder: card.vip_id, validTo: card.valid_to },
        reason: input.Reason,
        clientIp: ctx.clientIp,
        now: ctx.now
      })
    )
    const after = await lookUpCard(ctx.db, staff.entId, look.card.code, ctx.now)
    return { table1: [cardRow(after.card, after.plan, after.shown, after.holder)] }
  }
})
