import { z } from 'zod'
import { cancelLine } from '../../domain/counter/counter-line.service'
import { idField, pinField } from '../staff/staff-fields'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField, requiredNote } from '../staff/staff-service-rows'
import { billInScope, callerOf } from './counter-scope'

export default defineStaffOperation({
  name: 'CounterLineCancel',
  auth: 'orders.work',
  input: z.object({
    SheetID: requiredIdField('The open table bill'),
    RoundID: requiredIdField('The round the line is on'),
    LineNo: z.coerce.number().int().min(1).max(10_000).describe('The line'),
    Qua: z
      .preprocess((v) => (v === null || v === undefined ? '0' : typeof v === 'number' ? String(v) : v), z.string().trim().max(12))
      .describe("What remains of the line in its stepper unit: '0' cancels it whole"),
    Reason: requiredNote('Why (required; kept in the audit log)'),
    ApproverID: idField('An owner or manager approving the void of a line the kitchen has seen (not needed when the caller is one)').optional(),
    ApproverPin: pinField('The approver’s PIN (never stored or logged)').optional()
  }),
  async handler(ctx, input) {
    const sheet = await billInScope(ctx.db, ctx, input.SheetID)
    const table = await cancelLine(callerOf(ctx), sheet, { roundId: input.RoundID, lineNo: input.LineNo, qua: input.Qua, reason: input.Reason, approverId: input.ApproverID, pin: input.ApproverPin })
    return { table1: [table] }
  }
})
