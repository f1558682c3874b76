import { z } from 'zod'
import { chargeMember } from '../../domain/counter/counter-member.service'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField } from '../staff/staff-service-rows'
import { callerOf, payTargetInScope } from './counter-scope'

export default defineStaffOperation({
  name: 'CounterMemberCharge',
  auth: 'members.verify',
  input: z.object({
    SheetID: requiredIdField('A table bill (its SheetID) or a prepay order awaiting payment (its order id)'),
    Code: z.string().trim().min(1).max(300).describe('The member code the diner shows (typed or scanned)'),
    Amount: z
      .preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string().trim().max(20))
      .describe('What the balance pays: at most what is due (a prepay order: exactly its due)'),
    RequestKey: requiredIdField('Client key of this payment: a retry with the same key answers the same payment')
  }),
  async handler(ctx, input) {
    const target = await payTargetInScope(ctx.db, ctx, input.SheetID)
    return { table1: [await chargeMember(callerOf(ctx), target, { code: input.Code, amount: input.Amount, requestKey: input.RequestKey, targetId: input.SheetID })] }
  }
})
