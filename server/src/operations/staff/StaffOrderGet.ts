import { z } from 'zod'
import { shopOrder } from '../../domain/orders/order.service'
import { defineStaffOperation } from './staff-operation'
import { orderInScope, requiredIdField } from './staff-service-rows'

export default defineStaffOperation({
  name: 'StaffOrderGet',
  auth: 'orders.work',
  input: z.object({ SheetID: requiredIdField('The order') }),
  async handler(ctx, input) {
    await orderInScope(ctx.db, ctx.staff, input.SheetID)
    const view = await shopOrder(ctx.db, input.SheetID, ctx.locale, ctx.now)
    return { table1: [view.order], table2: view.lines }
  }
})
