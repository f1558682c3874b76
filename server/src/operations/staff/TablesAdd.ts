import { z } from 'zod'
import { DomainError } from '../../domain/errors'
import { addTablesInBulk } from '../../domain/setup/tables-setup.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { assertBase } from '../../domain/staff/staff-actor'
import { idField, lineText, noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { tableRow } from './staff-tables'

export default defineStaffOperation({
  name: 'TablesAdd',
  auth: 'tables.manage',
  input: z.object({ BaseID: idField('The branch'), Pattern: lineText("Table codes: 'A01–A12', 'A01, A02, B01-B04'", 500), Area: noteText("Area or floor ('Floor 1'), or ''", 64) }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const base = await ctx.db.selectFrom('bases').select(['base_id', 'shop_id']).where('base_id', '=', input.BaseID).where('ent_id', '=', staff.entId).executeTakeFirst()
    if (!base) throw new DomainError('BASE_NOT_FOUND')
    assertBase(staff, base.shop_id, base.base_id)
    const added = await ctx.db.transaction().execute(async (trx) => {
      const tables = await addTablesInBulk(trx, { entId: staff.entId, baseId: base.base_id, pattern: input.Pattern, area: input.Area })
      await appendAudit(trx, { entId: staff.entId, actor: staff, action: 'table.add', targetType: 'base', targetId: base.base_id, detail: { codes: tables.map((t) => t.code), area: input.Area }, clientIp: ctx.clientIp, now: ctx.now })
      return tables
    })
    return { table1: added.map((t) => tableRow(ctx, t)) }
  }
})
