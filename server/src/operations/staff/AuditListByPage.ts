import { z } from 'zod'
import { listAudit } from '../../domain/staff/audit-log'
import { integerWithDefault } from '../fields'
import { idField, instantField } from './staff-fields'
import { defineStaffOperation } from './staff-operation'

export const auditFilterFields = {
  Action: z.preprocess((v) => v ?? '', z.string().trim().max(64).regex(/^[A-Za-z.]*$/)).describe("An action ('staff.save'), a prefix ending in '.' ('staff.'), or '' for all"),
  StaffID: idField("Who did it, '' for everyone"),
  From: instantField('From (inclusive)'),
  To: instantField('To (exclusive)')
}

export default defineStaffOperation({
  name: 'AuditListByPage',
  auth: 'audit.read',
  input: z.object({ ...auditFilterFields, PageIndex: integerWithDefault('Page, from 1', 1, 100000, 1), PageSize: integerWithDefault('Rows per page, 1–200', 1, 200, 50) }),
  async handler(ctx, input) {
    const { rows, total } = await listAudit(ctx.db, { entId: ctx.staff.entId, action: input.Action, staffId: input.StaffID, from: input.From, to: input.To }, { index: input.PageIndex, size: input.PageSize })
    return { table1: rows, table2: [{ Total: total }] }
  }
})
