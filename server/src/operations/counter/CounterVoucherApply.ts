import { z } from 'zod'
import { applyVoucher } from '../../domain/counter/counter-member.service'
import { defineStaffOperation } from '../staff/staff-operation'
import { cardCodeField, requiredIdField } from '../staff/staff-service-rows'
import { billInScope, callerOf } from './counter-scope'

export default defineStaffOperation({
  name: 'CounterVoucherApply',
  auth: 'members.verify',
  input: z.object({
    SheetID: requiredIdField('The open table bill'),
    Code: cardCodeField,
    RequestKey: requiredIdField('Client key of this use: a retry with the same key answers the same payment')
  }),
  async handler(ctx, input) {
    const sheet = await billInScope(ctx.db, ctx, input.SheetID)
    return { table1: [await applyVoucher(callerOf(ctx), { kind: 'bill', sheet }, { code: input.Code, requestKey: input.RequestKey, targetId: input.SheetID })] }
  }
})
