import { z } from 'zod'
import type { StaffRole } from '../../../../src/core/staff-permissions'
import { deviceRow } from '../../domain/staff/staff-devices.service'
import { peopleOfDevice } from '../../domain/staff/staff-login.service'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffDeviceInfo',
  auth: 'device',
  input: z.object({}),
  async handler(ctx) {
    const people = await peopleOfDevice(ctx.db, ctx.device)
    return {
      table1: [deviceRow(ctx.device, ctx.now.toISOString())],
      // Only those who have a PIN can sign in here.
      table2: people.filter((p) => p.pin_hash !== null).map((p) => ({ StaffID: p.staff_id, Name: p.name, Role: p.role as StaffRole }))
    }
  }
})
