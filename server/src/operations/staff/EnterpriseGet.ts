import { z } from 'zod'
import { readEnterpriseSetup } from '../../domain/setup/enterprise-setup.service'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'EnterpriseGet',
  auth: 'enterprise.manage',
  input: z.object({}),
  async handler(ctx) {
    const setup = await readEnterpriseSetup(ctx.db, ctx.staff.entId)
    return { table1: [{ entId: ctx.staff.entId, ...setup }] }
  }
})
