import { z } from 'zod'
import { closeBill } from '../../domain/counter/counter-bill.service'
import { idField, noteText, pinField } from '../staff/staff-fields'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField } from '../staff/staff-service-rows'
import { billInScope, callerOf } from './counter-scope'

export default defineStaffOperation({
  name: 'CounterBillClose',
  auth: 'orders.work',
  input: z.object({
    SheetID: requiredIdField('The table bill'),
    Reason: noteText('Why it closes with money still due (required then; kept in the audit log)').optional(),
    ApproverID: idField('An owner or manager approving a close with money due (not needed when the caller is one)').optional(),
    ApproverPin: pinField('The approver’s PIN (never stored or logged)').optional()
  }),
  async handler(ctx, input) {
    const sheet = await billInScope(ctx.db, ctx, input.SheetID)
    return { table1: [await closeBill(callerOf(ctx), sheet, { reason: input.Reason ?? '', approverId: input.ApproverID, pin: input.ApproverPin })] }
  }
})
