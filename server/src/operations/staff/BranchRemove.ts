import { z } from 'zod'
import { removeBranch } from '../../domain/setup/shop-setup.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { assertWholeShop } from '../../domain/staff/staff-actor'
import { idField, noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { requireBranch } from './staff-setup'

export default defineStaffOperation({
  name: 'BranchRemove',
  auth: 'shops.manage',
  input: z.object({ BaseID: idField('The branch (its whole shop in the caller’s scope)'), Reason: noteText('Why (kept in the audit log)') }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const base = await requireBranch(ctx.db, staff.entId, input.BaseID)
    assertWholeShop(staff, base.shop_id)
    await ctx.db.transaction().execute(async (trx) => {
      await removeBranch(trx, staff.entId, base.base_id)
      await appendAudit(trx, { entId: staff.entId, actor: staff, action: 'branch.remove', targetType: 'base', targetId: base.base_id, detail: { code: base.code, shopId: base.shop_id }, reason: input.Reason, clientIp: ctx.clientIp, now: ctx.now })
    })
    return { table1: [{ BaseID: base.base_id }] }
  }
})
