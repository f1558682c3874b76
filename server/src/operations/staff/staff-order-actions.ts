/** The shop's order moves as staff operations (StaffOrderReady, StaffOrderComplete, StaffOrderCancel): scope, the move, its audit entry. */
import { applyShopAction, type ShopAction } from '../../domain/orders/order.service'
import { appendAudit } from '../../domain/staff/audit-log'
import type { SignedInContext } from './staff-operation'
import { orderInScope } from './staff-service-rows'

export async function moveOrder(ctx: SignedInContext, sheetId: string, action: ShopAction, reason = '') {
  const staff = ctx.staff
  await orderInScope(ctx.db, staff, sheetId)
  const view = await applyShopAction(ctx.db, sheetId, action, ctx.locale, ctx.now, ctx.providers.payments, (trx, { before, after, refunded }) =>
    appendAudit(trx, {
      entId: staff.entId,
      actor: staff,
      action: `order.${action}`,
      targetType: 'order',
      targetId: sheetId,
      detail: { from: before.status, to: after.status, amount: before.amount, paid: before.paid_amount, refunded, pickupNo: before.pickup_no, baseId: before.base_id },
      reason,
      clientIp: ctx.clientIp,
      now: ctx.now
    })
  )
  return { table1: [view.order] }
}
