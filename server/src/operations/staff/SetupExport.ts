import { z } from 'zod'
import { wallClockIn } from '../../../../src/core/wall-clock'
import { readEnterpriseSetup } from '../../domain/setup/enterprise-setup.service'
import { exportSetup } from '../../domain/setup/setup-file'
import { appendAudit } from '../../domain/staff/audit-log'
import { defineStaffOperation } from './staff-operation'
import { flagField } from './staff-setup'

export default defineStaffOperation({
  name: 'SetupExport',
  auth: 'enterprise.manage',
  input: z.object({
    KeepCodes: flagField("1: the tables' and counters' QR codes too (for a restore onto a new server: keep the file safe); 0 (default): none, a restore gets fresh codes"),
    Menus: flagField('1 (default): each shop’s menu too; 0: without menus', 1)
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const file = await exportSetup(ctx.db, staff.entId, { keepCodes: input.KeepCodes === 1, menus: input.Menus === 1 })
    const { timeZone } = await readEnterpriseSetup(ctx.db, staff.entId)
    const day = wallClockIn(timeZone, ctx.now).date
    await appendAudit(ctx.db, { entId: staff.entId, actor: staff, action: 'setup.export', targetType: 'enterprise', targetId: staff.entId, detail: { keepCodes: input.KeepCodes === 1, menus: input.Menus === 1, shops: file.shops.length }, clientIp: ctx.clientIp, now: ctx.now })
    return { table1: [{ FileName: `scanorder-setup-${staff.entId}-${day}.json`, Json: `${JSON.stringify(file, null, 2)}\n` }] }
  }
})
