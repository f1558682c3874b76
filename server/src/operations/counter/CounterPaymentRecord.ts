import { z } from 'zod'
import { COUNTER_METHODS } from '../../../../src/gateway/counter-contract'
import { recordCounterPayment } from '../../domain/counter/counter-payment.service'
import { noteText } from '../staff/staff-fields'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField } from '../staff/staff-service-rows'
import { callerOf, payTargetInScope } from './counter-scope'

const amountText = (description: string) =>
  z
    .preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string().trim().max(20))
    .describe(description)

export default defineStaffOperation({
  name: 'CounterPaymentRecord',
  auth: 'orders.work',
  input: z.object({
    SheetID: requiredIdField('A table bill (its SheetID) or a prepay order awaiting payment (its order id)'),
    Method: z.enum(COUNTER_METHODS).describe(COUNTER_METHODS.join(' | ')),
    Amount: amountText('What is paid, at most what is due (a prepay order: exactly its due); decimals up to AmoPoint'),
    Tendered: amountText('Cash only: what the diner handed over, at least Amount (the change is Tendered − Amount); empty: Amount').optional(),
    Note: noteText('A note kept with the payment and in the audit log', 200).optional(),
    RequestKey: requiredIdField('Client key of this payment: a retry with the same key answers the same payment')
  }),
  async handler(ctx, input) {
    const target = await payTargetInScope(ctx.db, ctx, input.SheetID)
    const row = await recordCounterPayment(callerOf(ctx), target, {
      target: input.SheetID,
      method: input.Method,
      amount: input.Amount,
      tendered: input.Tendered,
      note: input.Note ?? '',
      requestKey: input.RequestKey
    })
    return { table1: [row] }
  }
})
