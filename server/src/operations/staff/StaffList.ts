import { z } from 'zod'
import { listStaff } from '../../domain/staff/staff-people.service'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffList',
  auth: 'staff.manage',
  input: z.object({}),
  async handler(ctx) {
    return { table1: await listStaff(ctx.db, ctx.staff) }
  }
})
