import { z } from 'zod'
import { defineStaffOperation } from './staff-operation'
import { requiredIdField, reviewInScope, reviewRows } from './staff-service-rows'

export default defineStaffOperation({
  name: 'StaffReviewGet',
  auth: 'reviews.manage',
  input: z.object({ ReviewID: requiredIdField('The review') }),
  async handler(ctx, input) {
    return { table1: await reviewRows(ctx, [await reviewInScope(ctx.db, ctx.staff, input.ReviewID)]) }
  }
})
