import { z } from 'zod'
import { listLearned, readEstimateSettings } from '../../domain/kitchen/ready-estimate.service'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField } from '../staff/staff-service-rows'
import { branchInScope } from './kitchen-scope'

export default defineStaffOperation({
  name: 'KitchenEstimateSettingsGet',
  auth: 'shops.manage',
  input: z.object({ BaseID: requiredIdField('The branch') }),
  async handler(ctx, input) {
    const place = await branchInScope(ctx.db, ctx.staff, input.BaseID)
    const [settings, learned] = await Promise.all([readEstimateSettings(ctx.db, place.baseId), listLearned(ctx.db, place.baseId)])
    return { table1: [{ BaseID: place.baseId, DefaultPrepMinutes: settings.defaultPrepMinutes, SlotCapacity: settings.slotCapacity }], table2: learned }
  }
})
