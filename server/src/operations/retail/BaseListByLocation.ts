import { z } from 'zod'
import { basesByLocation } from '../../domain/shops/base.service'
import { optionalId, optionalInteger, optionalNumber, pagingFields } from '../fields'
import { defineOperation } from '../operation'
import { BASE_COLUMNS, TOTAL_COLUMNS, baseRow, totalRow } from '../rows'

export default defineOperation({
  name: 'BaseListByLocation',
  group: 'Retail',
  summary:
    'Branches of enabled shops. With a location (Lat/Lng not both 0): nearest first, Distance in metres. Without: by BaseCode, Distance null. Optional ShopID filter (unknown shop → 20003); table2 holds the total.',
  auth: 'app',
  input: z.object({
    Lng: optionalNumber('Longitude of the diner (0 with Lat 0 = unknown)'),
    Lat: optionalNumber('Latitude of the diner'),
    ShopID: optionalId('Only branches of this shop'),
    BaseClass: optionalInteger('Accepted for compatibility (clients send 0); no effect', 0, 99),
    ...pagingFields
  }),
  output: {
    table1: { ...BASE_COLUMNS, Distance: 'number | null: metres from the given location' },
    table2: TOTAL_COLUMNS
  },
  async handler(ctx, input) {
    const { bases, total } = await basesByLocation(ctx.db, ctx.enterprise.entId, input)
    return {
      table1: bases.map(({ base, distance }) => ({ ...baseRow(base, ctx.locale), Distance: distance })),
      table2: [totalRow(total)]
    }
  }
})
