import { z } from 'zod'
import type { TableChanges } from '../../../../src/gateway/setup-contract'
import { DomainError } from '../../domain/errors'
import { listTables, renameTable } from '../../domain/setup/tables-setup.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { mayBase } from '../../domain/staff/staff-actor'
import { idField, noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { changesOf, setupObjectField } from './staff-setup'
import { tableRow } from './staff-tables'

export default defineStaffOperation({
  name: 'TableRename',
  auth: 'tables.manage',
  input: z.object({
    TableID: idField('The table (in service, within the caller’s branches)'),
    Table: setupObjectField<TableChanges>('What changes: code (names that were the default follow it), names, area; the QR code stays'),
    Reason: noteText('Why (kept in the audit log)')
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const [table] = await listTables(ctx.db, staff.entId, { tableId: input.TableID })
    if (!table || !mayBase(staff, table.shopId, table.baseId)) throw new DomainError('TABLE_NOT_FOUND')
    const renamed = await ctx.db.transaction().execute(async (trx) => {
      const after = await renameTable(trx, staff.entId, table.tableId, input.Table)
      const detail = changesOf(table, after, ['code', 'names', 'area'])
      if (Object.keys(detail.after).length > 0) {
        await appendAudit(trx, { entId: staff.entId, actor: staff, action: 'table.rename', targetType: 'table', targetId: table.tableId, detail, reason: input.Reason, clientIp: ctx.clientIp, now: ctx.now })
      }
      return after
    })
    return { table1: [tableRow(ctx, renamed)] }
  }
})
