import { z } from 'zod'
import { mergeBills } from '../../domain/counter/counter-bill.service'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField } from '../staff/staff-service-rows'
import { billInScope, callerOf } from './counter-scope'

export default defineStaffOperation({
  name: 'CounterTableMerge',
  auth: 'orders.work',
  input: z.object({ SheetID: requiredIdField('The open table bill that joins the other'), IntoTableID: requiredIdField('A table of the same branch with an open bill') }),
  async handler(ctx, input) {
    const sheet = await billInScope(ctx.db, ctx, input.SheetID)
    return { table1: await mergeBills(callerOf(ctx), sheet, input.IntoTableID) }
  }
})
