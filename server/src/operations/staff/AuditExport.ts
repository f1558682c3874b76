import { z } from 'zod'
import { exportAudit } from '../../domain/staff/audit-log'
import { auditFilterFields } from './AuditListByPage'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'AuditExport',
  auth: 'audit.read',
  input: z.object(auditFilterFields),
  async handler(ctx, input) {
    const csv = await exportAudit(ctx.db, { entId: ctx.staff.entId, action: input.Action, staffId: input.StaffID, from: input.From, to: input.To })
    return { table1: [{ FileName: `audit-${ctx.staff.entId}-${ctx.now.toISOString().slice(0, 10)}.csv`, Csv: csv }] }
  }
})
