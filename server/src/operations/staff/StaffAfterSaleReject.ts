import { z } from 'zod'
import { AFTERSALE_NOTE_MAX, rejectAfterSale } from '../../domain/aftersale/aftersale.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { defineStaffOperation } from './staff-operation'
import { afterSaleAnswer, afterSaleInScope, requiredIdField, requiredNote } from './staff-service-rows'

export default defineStaffOperation({
  name: 'StaffAfterSaleReject',
  auth: 'aftersale.decide',
  input: z.object({
    AfterSaleID: requiredIdField('The request'),
    Reason: requiredNote('Why (required: the member reads it)', AFTERSALE_NOTE_MAX)
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const { order } = await afterSaleInScope(ctx.db, staff, input.AfterSaleID)
    const view = await rejectAfterSale(ctx.db, { afterSaleId: input.AfterSaleID, reason: input.Reason, now: ctx.now }, async (trx, result) => {
      if (!result.changed) return
      await appendAudit(trx, {
        entId: staff.entId,
        actor: staff,
        action: 'aftersale.reject',
        targetType: 'afterSale',
        targetId: input.AfterSaleID,
        detail: { order: order.order_id, amount: result.request.amount },
        reason: input.Reason,
        clientIp: ctx.clientIp,
        now: ctx.now
      })
    })
    return afterSaleAnswer(ctx, view)
  }
})
