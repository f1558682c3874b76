import { z } from 'zod'
import { removeStaff } from '../../domain/staff/staff-people.service'
import { idField, noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffRemove',
  auth: 'staff.manage',
  input: z.object({ StaffID: idField('The person'), Reason: noteText('Why (kept in the audit log)') }),
  async handler(ctx, input) {
    await removeStaff(ctx.db, ctx.staff, { staffId: input.StaffID, reason: input.Reason }, { clientIp: ctx.clientIp, now: ctx.now })
    return {}
  }
})
