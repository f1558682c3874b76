import { z } from 'zod'
import { listDevices } from '../../domain/staff/staff-devices.service'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffDeviceList',
  auth: 'devices.manage',
  input: z.object({}),
  async handler(ctx) {
    return { table1: await listDevices(ctx.db, ctx.staff, ctx.now) }
  }
})
