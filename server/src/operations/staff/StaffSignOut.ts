import { z } from 'zod'
import { appendAudit } from '../../domain/staff/audit-log'
import { endSession } from '../../domain/staff/staff-session'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffSignOut',
  auth: 'signed-in',
  input: z.object({}),
  async handler(ctx) {
    await ctx.db.transaction().execute(async (trx) => {
      await endSession(trx, ctx.staff.tokenHash, ctx.now)
      await appendAudit(trx, { entId: ctx.staff.entId, actor: ctx.staff, action: 'staff.signOut', targetType: 'staff', targetId: ctx.staff.staffId, clientIp: ctx.clientIp, now: ctx.now })
    })
    return {}
  }
})
