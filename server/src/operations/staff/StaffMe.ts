import { z } from 'zod'
import { scopeRows } from '../../domain/staff/staff-scope'
import { sessionRow } from '../../domain/staff/staff-session'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffMe',
  auth: 'signed-in',
  input: z.object({}),
  async handler(ctx) {
    return { table1: [sessionRow(ctx.staff)], table2: await scopeRows(ctx.db, ctx.staff) }
  }
})
