import { z } from 'zod'
import { removeDevice } from '../../domain/staff/staff-devices.service'
import { idField, noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffDeviceRemove',
  auth: 'devices.manage',
  input: z.object({ DeviceID: idField('The device'), Reason: noteText('Why (kept in the audit log)') }),
  async handler(ctx, input) {
    await removeDevice(ctx.db, ctx.staff, { deviceId: input.DeviceID, reason: input.Reason }, { clientIp: ctx.clientIp, now: ctx.now })
    return {}
  }
})
