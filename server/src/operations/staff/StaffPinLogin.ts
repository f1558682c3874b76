import { z } from 'zod'
import { pinLogin } from '../../domain/staff/staff-login.service'
import { idField, pinField } from './staff-fields'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffPinLogin',
  auth: 'device',
  input: z.object({ StaffID: idField('Who signs in (from StaffDeviceInfo)'), Pin: pinField('Their 4–6 digit PIN') }),
  async handler(ctx, input) {
    const row = await pinLogin(ctx.db, ctx.device, { staffId: input.StaffID, pin: input.Pin }, { clientIp: ctx.clientIp, now: ctx.now, entId: ctx.device.ent_id })
    return { table1: [row] }
  }
})
