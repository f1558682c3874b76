import { z } from 'zod'
import { REVIEW_REPLY_MAX, replyToReview } from '../../domain/reviews/reviews.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { requiredIdField, reviewInScope, reviewRows } from './staff-service-rows'

export default defineStaffOperation({
  name: 'StaffReviewReply',
  auth: 'reviews.manage',
  input: z.object({
    ReviewID: requiredIdField('The review'),
    Reply: noteText(`The reply shown under the review (at most ${REVIEW_REPLY_MAX} characters); empty removes it`, REVIEW_REPLY_MAX * 2).refine((t) => Array.from(t).length <= REVIEW_REPLY_MAX, `at most ${REVIEW_REPLY_MAX} characters`)
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const review = await reviewInScope(ctx.db, staff, input.ReviewID)
    const after = await replyToReview(ctx.db, staff.entId, review.review_id, input.Reply, ctx.now, async (trx, before) => {
      if (before.reply === input.Reply) return
      await appendAudit(trx, {
        entId: staff.entId,
        actor: staff,
        action: input.Reply ? 'review.reply' : 'review.replyRemoved',
        targetType: 'review',
        targetId: before.review_id,
        detail: { goodsId: before.goods_id, before: before.reply, after: input.Reply },
        clientIp: ctx.clientIp,
        now: ctx.now
      })
    })
    return { table1: await reviewRows(ctx, after ? [after] : []) }
  }
})
