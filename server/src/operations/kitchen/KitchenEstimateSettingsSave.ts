import { z } from 'zod'
import { saveEstimateSettings } from '../../domain/kitchen/ready-estimate.service'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField } from '../staff/staff-service-rows'
import { branchInScope } from './kitchen-scope'

export default defineStaffOperation({
  name: 'KitchenEstimateSettingsSave',
  auth: 'shops.manage',
  input: z.object({
    BaseID: requiredIdField('The branch'),
    DefaultPrepMinutes: z.coerce.number().int().min(1).max(120).describe('Minutes a goods never bumped yet is taken to need per unit (1–120)'),
    SlotCapacity: z.coerce.number().int().min(0).max(999).describe('Orders one 15-minute pickup slot takes (0 no limit)')
  }),
  async handler(ctx, input) {
    const place = await branchInScope(ctx.db, ctx.staff, input.BaseID)
    const saved = await saveEstimateSettings(ctx.db, place, { defaultPrepMinutes: input.DefaultPrepMinutes, slotCapacity: input.SlotCapacity }, { actor: ctx.staff, clientIp: ctx.clientIp }, ctx.now)
    return { table1: [{ BaseID: place.baseId, DefaultPrepMinutes: saved.defaultPrepMinutes, SlotCapacity: saved.slotCapacity }] }
  }
})
