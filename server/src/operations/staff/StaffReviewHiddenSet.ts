import { z } from 'zod'
import { setReviewHidden } from '../../domain/reviews/reviews.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { requiredIdField, reviewInScope, reviewRows } from './staff-service-rows'

export default defineStaffOperation({
  name: 'StaffReviewHiddenSet',
  auth: 'reviews.manage',
  input: z.object({
    ReviewID: requiredIdField('The review'),
    Hidden: z.coerce.number().int().min(0).max(1).describe('1 hide it from the app (list and rating summary), 0 show it again'),
    Reason: noteText('Why (kept in the audit log)')
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const review = await reviewInScope(ctx.db, staff, input.ReviewID)
    const hidden = input.Hidden === 1 ? 1 : 0
    const after =
      Number(review.hidden) === hidden
        ? review
        : await setReviewHidden(ctx.db, staff.entId, review.review_id, hidden, ctx.now, (trx, before) =>
            appendAudit(trx, {
              entId: staff.entId,
              actor: staff,
              action: hidden ? 'review.hide' : 'review.unhide',
              targetType: 'review',
              targetId: before.review_id,
              detail: { goodsId: before.goods_id, stars: before.stars },
              reason: input.Reason,
              clientIp: ctx.clientIp,
              now: ctx.now
            })
          )
    return { table1: await reviewRows(ctx, after ? [after] : []) }
  }
})
