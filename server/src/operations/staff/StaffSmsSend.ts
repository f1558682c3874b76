import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { sendStaffSmsCode } from '../../domain/staff/staff-login.service'
import { areaCodeField, phoneField } from './staff-fields'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffSmsSend',
  auth: 'public',
  input: z.object({ AreaCode: areaCodeField, Phone: phoneField }),
  async handler(ctx, input) {
    const sent = await sendStaffSmsCode(ctx.db, ctx.providers.sms, { areaNo: input.AreaCode, phone: input.Phone }, {
      clientIp: ctx.clientIp,
      now: ctx.now,
      entId: ctx.entId,
      deviceKey: ctx.deviceKey,
      locale: ctx.locale,
      timeZone: (entId) => enterpriseTimeZone(ctx.db, entId)
    })
    return { table1: [sent] }
  }
})
