import { z } from 'zod'
import { readFloor } from '../../domain/counter/counter-view'
import { approversAt } from '../../domain/counter/manager-approval'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField } from '../staff/staff-service-rows'
import { branchInScope } from './counter-scope'

export default defineStaffOperation({
  name: 'CounterFloorGet',
  auth: 'orders.work',
  input: z.object({ BaseID: requiredIdField('The branch') }),
  async handler(ctx, input) {
    const place = await branchInScope(ctx.db, ctx.staff, input.BaseID)
    const [floor, approvers] = await Promise.all([readFloor(ctx.db, place.entId, place.baseId, ctx.now), approversAt(ctx.db, place.entId, place.shopId, place.baseId)])
    return {
      table1: floor.tables,
      table2: floor.orders,
      table3: [{ Position: floor.position, Currency: floor.currency, AmoPoint: floor.amoPoint }],
      table4: approvers.map((a) => ({ StaffID: a.staffId, Name: a.name, Role: a.role }))
    }
  }
})
