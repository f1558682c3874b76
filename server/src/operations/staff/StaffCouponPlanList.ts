import { z } from 'zod'
import { listPlans } from '../../domain/coupons/coupon-plans'
import { defineStaffOperation } from './staff-operation'
import { planRow } from './staff-service-rows'

export default defineStaffOperation({
  name: 'StaffCouponPlanList',
  auth: 'coupons.manage',
  input: z.object({}),
  async handler(ctx) {
    return { table1: (await listPlans(ctx.db, ctx.staff.entId)).map((p) => planRow(p, ctx.staff)) }
  }
})
