import { z } from 'zod'
import { orderDetail } from '../../domain/orders/order.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { ORDER_COLUMNS, ORDER_LINE_COLUMNS, PAYMENT_COLUMNS } from './OrderRows'

export default defineOperation({
  name: 'OrderDetailGet',
  group: 'Retail',
  summary:
    "One of the caller's orders (X-Device-Key, else errcode 10007): the order (table1) with its status, pickup number and what the caller may do now, its lines (table2) and its payments (table3). An unpaid order past its time is expired first. Unknown and another device's alike → ORDER_NOT_FOUND (a refusal confirms no id).",
  auth: 'app',
  input: z.object({ SheetID: requiredId('Order id') }),
  output: { table1: ORDER_COLUMNS, table2: ORDER_LINE_COLUMNS, table3: PAYMENT_COLUMNS },
  async handler(ctx, input) {
    return orderDetail({ ...ctx, entId: ctx.enterprise.entId }, input.SheetID)
  }
})
