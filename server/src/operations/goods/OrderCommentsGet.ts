import { z } from 'zod'
import { orderReviews } from '../../domain/reviews/reviews.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { MY_REVIEW_COLUMNS, reviewCaller } from './review-columns'

export default defineOperation({
  name: 'OrderCommentsGet',
  group: 'Goods',
  summary:
    "The signed-in member's reviews of one of their paid, ready or completed orders, one per reviewed line (table1), each with CanEdit (7 days after it was first written) and the shop's reply. Lines not reviewed yet have no row. Another member's, unknown or unpaid order → 20068 alike. No session → errcode 10010.",
  auth: 'member',
  input: z.object({ SheetID: requiredId('The order (OrderDetailGet SheetID)') }),
  output: { table1: MY_REVIEW_COLUMNS },
  async handler(ctx, input) {
    return { table1: await orderReviews(reviewCaller(ctx), input.SheetID) }
  }
})
