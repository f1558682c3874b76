import { z } from 'zod'
import { smsLogin } from '../../domain/staff/staff-login.service'
import { areaCodeField, phoneField } from './staff-fields'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffSmsLogin',
  auth: 'public',
  input: z.object({ AreaCode: areaCodeField, Phone: phoneField, Code: z.string().trim().max(12).describe('The code the SMS brought') }),
  async handler(ctx, input) {
    const row = await smsLogin(ctx.db, { areaNo: input.AreaCode, phone: input.Phone, code: input.Code }, { clientIp: ctx.clientIp, now: ctx.now, entId: ctx.entId, deviceKey: ctx.deviceKey })
    return { table1: [row] }
  }
})
