import { z } from 'zod'
import { listOwnOrders } from '../../domain/orders/order.service'
import { optionalInteger, pagingFields } from '../fields'
import { defineOperation } from '../operation'
import { TOTAL_COLUMNS, totalRow } from '../rows'
import { ORDER_COLUMNS } from './OrderRows'

export default defineOperation({
  name: 'OrderListByPage',
  group: 'Retail',
  summary:
    "The caller's orders, postpay rounds and table bills (X-Device-Key, else errcode 10007), newest first, paged; optional Status filter (0–5). A table bill (a settlement: PayMode postpay, RoundNo 0, TableSheetID set) is listed once it was paid or a payment came for it (a late payment given back: its bill shows cancelled); a bill asked for and never paid is not. Unpaid orders past their time show as expired. table2 holds the total.",
  auth: 'app',
  input: z.object({ ...pagingFields, Status: optionalInteger('Only orders with this status (0–5)', 0, 5) }),
  output: { table1: ORDER_COLUMNS, table2: TOTAL_COLUMNS },
  async handler(ctx, input) {
    const { rows, total } = await listOwnOrders({ ...ctx, entId: ctx.enterprise.entId }, input)
    return { table1: rows, table2: [totalRow(total)] }
  }
})
