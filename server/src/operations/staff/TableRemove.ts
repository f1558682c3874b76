import { z } from 'zod'
import { DomainError } from '../../domain/errors'
import { listTables, removeTable } from '../../domain/setup/tables-setup.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { mayBase } from '../../domain/staff/staff-actor'
import { idField, noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'TableRemove',
  auth: 'tables.manage',
  input: z.object({ TableID: idField('The table (in service, within the caller’s branches)'), Reason: noteText('Why (kept in the audit log)') }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const [table] = await listTables(ctx.db, staff.entId, { tableId: input.TableID })
    if (!table || !mayBase(staff, table.shopId, table.baseId)) throw new DomainError('TABLE_NOT_FOUND')
    const removed = await ctx.db.transaction().execute(async (trx) => {
      const done = await removeTable(trx, staff.entId, table.tableId)
      await appendAudit(trx, { entId: staff.entId, actor: staff, action: 'table.remove', targetType: 'table', targetId: table.tableId, detail: { code: table.code, area: table.area, baseId: table.baseId, removed: done.removed }, reason: input.Reason, clientIp: ctx.clientIp, now: ctx.now })
      return done
    })
    return { table1: [{ TableID: removed.tableId, Removed: removed.removed }] }
  }
})
