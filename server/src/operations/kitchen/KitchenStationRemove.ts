import { z } from 'zod'
import { removeStation } from '../../domain/kitchen/station.service'
import { assertBase } from '../../domain/staff/staff-actor'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField } from '../staff/staff-service-rows'

export default defineStaffOperation({
  name: 'KitchenStationRemove',
  auth: 'shops.manage',
  input: z.object({ StationID: requiredIdField('The station') }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const removed = await removeStation(ctx.db, staff.entId, input.StationID, { actor: staff, clientIp: ctx.clientIp, assertBase: (shopId, baseId) => assertBase(staff, shopId, baseId) }, ctx.now)
    return { table1: [{ Removed: removed }] }
  }
})
