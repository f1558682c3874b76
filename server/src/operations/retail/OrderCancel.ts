import { z } from 'zod'
import { cancelOwnOrder } from '../../domain/orders/order.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { ORDER_COLUMNS } from './OrderRows'

export default defineOperation({
  name: 'OrderCancel',
  group: 'Retail',
  summary:
    "The diner cancels their own prepay order while it awaits payment (X-Device-Key, else errcode 10007); the answer is the cancelled order. A paid, ready, completed, expired or cancelled order → ORDER_STATUS_CONFLICT naming its status (paid orders are cancelled by the shop). Unknown and another device's alike → ORDER_NOT_FOUND.",
  auth: 'app',
  input: z.object({ SheetID: requiredId('Order id') }),
  output: { table1: ORDER_COLUMNS },
  async handler(ctx, input) {
    return { table1: await cancelOwnOrder({ ...ctx, entId: ctx.enterprise.entId }, input.SheetID) }
  }
})
