import { z } from 'zod'
import { listStations, stationRow } from '../../domain/kitchen/kitchen-stations'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField } from '../staff/staff-service-rows'
import { branchInScope } from './kitchen-scope'

export default defineStaffOperation({
  name: 'KitchenStationList',
  auth: 'orders.work',
  input: z.object({ BaseID: requiredIdField('The branch') }),
  async handler(ctx, input) {
    const place = await branchInScope(ctx.db, ctx.staff, input.BaseID)
    return { table1: (await listStations(ctx.db, place.baseId)).map(stationRow) }
  }
})
