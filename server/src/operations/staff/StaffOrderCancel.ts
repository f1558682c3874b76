import { z } from 'zod'
import { defineStaffOperation } from './staff-operation'
import { moveOrder } from './staff-order-actions'
import { requiredIdField, requiredNote } from './staff-service-rows'

export default defineStaffOperation({
  name: 'StaffOrderCancel',
  auth: 'orders.void',
  input: z.object({
    SheetID: requiredIdField('The order'),
    Reason: requiredNote('Why (required; kept in the audit log). A paid order is refunded to where it came from')
  }),
  handler: (ctx, input) => moveOrder(ctx, input.SheetID, 'cancel', input.Reason)
})
