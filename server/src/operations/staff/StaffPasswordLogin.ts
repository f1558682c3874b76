import { z } from 'zod'
import { passwordLogin } from '../../domain/staff/staff-login.service'
import { areaCodeField, passwordField, phoneField } from './staff-fields'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffPasswordLogin',
  auth: 'public',
  input: z.object({ AreaCode: areaCodeField, Phone: phoneField, Password: passwordField('The password') }),
  async handler(ctx, input) {
    const row = await passwordLogin(ctx.db, { areaNo: input.AreaCode, phone: input.Phone, password: input.Password }, { clientIp: ctx.clientIp, now: ctx.now, entId: ctx.entId })
    return { table1: [row] }
  }
})
