import { z } from 'zod'
import { DomainError } from '../../domain/errors'
import { rotateTableCode } from '../../domain/entry/table-codes'
import { listTables } from '../../domain/setup/tables-setup.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { mayBase } from '../../domain/staff/staff-actor'
import { idField, noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { tableRow } from './staff-tables'

export default defineStaffOperation({
  name: 'TableRotate',
  auth: 'tables.manage',
  input: z.object({ TableID: idField('The table'), Reason: noteText('Why (kept in the audit log)') }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const [table] = await listTables(ctx.db, staff.entId, { tableId: input.TableID })
    if (!table || !mayBase(staff, table.shopId, table.baseId)) throw new DomainError('TABLE_NOT_FOUND')
    // The code's change and its audit entry: the rotation commits first (its own transaction), then the entry.
    const rotated = await rotateTableCode(ctx.db, table.tableId)
    await appendAudit(ctx.db, { entId: staff.entId, actor: staff, action: 'table.rotate', targetType: 'table', targetId: table.tableId, detail: { code: table.code }, reason: input.Reason, clientIp: ctx.clientIp, now: ctx.now })
    return { table1: [tableRow(ctx, { ...table, qrCode: rotated.qrCode })] }
  }
})
