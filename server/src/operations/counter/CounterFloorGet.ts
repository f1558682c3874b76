import { z } from 'zod'
import { readFloor } from '../../domain/counter/counter-view'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField } from '../staff/staff-service-rows'
import { branchInScope } from './counter-scope'

export default defineStaffOperation({
  name: 'CounterFloorGet',
  auth: 'orders.work',
  input: z.object({ BaseID: requiredIdField('The branch') }),
  async handler(ctx, input) {
    const place = await branchInScope(ctx.db, ctx.staff, input.BaseID)
    const floor = await readFloor(ctx.db, place.entId, place.baseId, ctx.now)
    return { table1: floor.tables, table2: floor.orders, table3: [{ Position: floor.position, Currency: floor.currency, AmoPoint: floor.amoPoint }] }
  }
})
