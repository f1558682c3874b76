import { z } from 'zod'
import { MAX_PHOTOS } from '../../../../src/gateway/after-rows'
import { REVIEW_EDIT_DAYS, REVIEW_MAX_TEXT, REVIEW_SUBMITS_PER_HOUR, reviewTextLength } from '../../../../src/core/review-rules'
import { submitReviews } from '../../domain/reviews/reviews.service'
import { freeTextAllowed, optionalId, requiredId } from '../fields'
import { defineOperation } from '../operation'
import { MY_REVIEW_COLUMNS, reviewCaller } from './review-columns'

const comment = z.object({
  LineNo: z.coerce.number().int().min(1).max(10_000).describe('The order line (OrderDetailGet table2 LineNo)'),
  Stars: z.coerce.number().int().min(1).max(5).describe('1–5'),
  Content: z
    .string()
    .trim()
    .refine((text) => reviewTextLength(text) <= REVIEW_MAX_TEXT, `at most ${REVIEW_MAX_TEXT} characters`)
    .refine(freeTextAllowed, 'control characters or bidi overrides')
    .default('')
    .describe(`The review text, at most ${REVIEW_MAX_TEXT} characters (may be empty)`),
  FileIDs: z.array(requiredId('FileID')).max(MAX_PHOTOS).optional().describe(`Up to ${MAX_PHOTOS} FileIDs of the member's 'review' uploads (FileBatchNameGet)`),
  Anonymous: z
    .preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.union([z.literal(0), z.literal(1)]))
    .optional()
    .describe("1: shown without the member's name and avatar")
})

export default defineOperation({
  name: 'GoodsCommentSubmit',
  group: 'Goods',
  summary: `The signed-in member reviews lines of their own paid, ready or completed order: per line Stars 1–5, Content (at most ${REVIEW_MAX_TEXT} characters), up to ${MAX_PHOTOS} photos (checked 'review' uploads), Anonymous. One review per line: a line reviewed before is edited, for ${REVIEW_EDIT_DAYS} days after it was first written (then 20069, nothing written). Every order line is the goods the diner chose (a combo as the combo, add-ons with their line). Answers the order's reviews (table1, as OrderCommentsGet). Another member's, unknown or unpaid order, or a line not in it → 20068 alike; photos not the member's uploads → 20067 (not a picture → 20065). At most ${REVIEW_SUBMITS_PER_HOUR} submissions per member per hour (errcode 10009). Idempotent by RequestKey: a retry answers without writing again. No session → errcode 10010.`,
  auth: 'member',
  input: z.object({
    SheetID: requiredId('The order (OrderDetailGet SheetID)'),
    Comments: z.array(comment).min(1).max(200).describe('One entry per line reviewed'),
    RequestKey: optionalId('Client key of this submission (optional): a retry with the same key writes once')
  }),
  output: { table1: MY_REVIEW_COLUMNS },
  async handler(ctx, input) {
    return {
      table1: await submitReviews(reviewCaller(ctx), {
        SheetID: input.SheetID,
        Comments: input.Comments.map((c) => ({ ...c, Anonymous: c.Anonymous === 1 ? 1 : 0 })),
        RequestKey: input.RequestKey || undefined
      })
    }
  }
})
