import { z } from 'zod'
import { dispatchInfo } from '../../domain/delivery/freight.service'
import { coordinateField, requiredId } from '../fields'
import { defineOperation } from '../operation'

export default defineOperation({
  name: 'DispatchInfoGet',
  group: 'Retail',
  summary:
    "Delivering from a branch to a location: the distance in metres (-1 unknown), the branch's delivery range (base param DeliveryRange, capped by its last distance tier; 0 unlimited), whether the location is in range, the delivery fee for the goods Amount (freight tiers by distance and/or goods amount, see FreightRuleGet) and the minutes delivery adds (DtbDuration, or 30). Unknown branch → 20004.",
  auth: 'app',
  input: z.object({
    BaseID: requiredId('Branch'),
    Lng: coordinateField(180, 'Longitude (0 with Lat 0 = unknown)'),
    Lat: coordinateField(90, 'Latitude'),
    Amount: z
      .preprocess((v) => (typeof v === 'number' ? String(v) : v ?? '0'), z.string().trim().regex(/^\d{1,12}(\.\d{1,8})?$/))
      .describe('Goods amount of the order (decimal text)')
  }),
  output: {
    table1: {
      BaseID: 'string',
      Distance: 'number: metres from the branch (-1 unknown)',
      MaxDistance: 'number: delivery range in metres (0 = unlimited)',
      InRange: 'number: 1 within range',
      Freight: "string: delivery fee at AmoPoint ('0.00' out of range)",
      DtbDuration: 'number: minutes delivery adds to the lead time'
    }
  },
  async handler(ctx, input) {
    return { table1: [await dispatchInfo(ctx.db, ctx.enterprise.entId, input)] }
  }
})
