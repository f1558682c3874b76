import { z } from 'zod'
import { listRechargeRules } from '../../domain/setup/shop-setup.service'
import { mayShop } from '../../domain/staff/staff-actor'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffRechargeRuleList',
  auth: 'shops.manage',
  input: z.object({}),
  async handler(ctx) {
    const staff = ctx.staff
    // Rules of every shop, and those of the caller's shops.
    const rules = await listRechargeRules(ctx.db, staff.entId)
    return { table1: rules.filter((r) => r.shopId === '' || mayShop(staff, r.shopId)) }
  }
})
