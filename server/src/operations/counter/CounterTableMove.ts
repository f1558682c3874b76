import { z } from 'zod'
import { moveBill } from '../../domain/counter/counter-bill.service'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField } from '../staff/staff-service-rows'
import { billInScope, callerOf } from './counter-scope'

export default defineStaffOperation({
  name: 'CounterTableMove',
  auth: 'orders.work',
  input: z.object({ SheetID: requiredIdField('The open table bill'), ToTableID: requiredIdField('A free table of the same branch') }),
  async handler(ctx, input) {
    const sheet = await billInScope(ctx.db, ctx, input.SheetID)
    return { table1: await moveBill(callerOf(ctx), sheet, input.ToTableID) }
  }
})
