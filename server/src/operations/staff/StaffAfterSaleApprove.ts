import { z } from 'zod'
import { AFTERSALE_NOTE_MAX, approveAfterSale } from '../../domain/aftersale/aftersale.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { afterSaleAnswer, afterSaleInScope, requiredIdField } from './staff-service-rows'

export default defineStaffOperation({
  name: 'StaffAfterSaleApprove',
  auth: 'aftersale.decide',
  input: z.object({
    AfterSaleID: requiredIdField('The request'),
    Note: noteText('A note the member reads with the refund (may be empty; kept in the audit log)', AFTERSALE_NOTE_MAX)
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const { order } = await afterSaleInScope(ctx.db, staff, input.AfterSaleID)
    // The refund, points and stock, the request's new state and this entry: one transaction.
    const done = await approveAfterSale(ctx.db, ctx.providers.payments, { afterSaleId: input.AfterSaleID, note: input.Note, now: ctx.now }, async (trx, result) => {
      if (!result.applied) return
      await appendAudit(trx, {
        entId: staff.entId,
        actor: staff,
        action: 'aftersale.approve',
        targetType: 'afterSale',
        targetId: input.AfterSaleID,
        detail: { order: order.order_id, amount: result.request.refunded_amount, refunds: result.refunds, pointsReversed: result.pointsReversed },
        reason: input.Note,
        clientIp: ctx.clientIp,
        now: ctx.now
      })
    })
    return afterSaleAnswer(ctx, done)
  }
})
