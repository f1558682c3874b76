import { z } from 'zod'
import { defineStaffOperation } from './staff-operation'
import { moveOrder } from './staff-order-actions'
import { requiredIdField } from './staff-service-rows'

export default defineStaffOperation({
  name: 'StaffOrderReady',
  auth: 'orders.work',
  input: z.object({ SheetID: requiredIdField('The order') }),
  handler: (ctx, input) => moveOrder(ctx, input.SheetID, 'ready')
})
