import { z } from 'zod'
import { hasLocation } from '../../../../src/core/geo'
import { invalidInput } from '../../domain/errors'
import { PLACE_COLUMNS } from '../../domain/places/place-columns'
import { pointInfo } from '../../domain/places/places.service'
import { coordinateField, optionalId } from '../fields'
import { defineOperation } from '../operation'
import { BASE_COLUMNS, baseRow } from '../rows'

export default defineOperation({
  name: 'BaseInfoByGPS',
  group: 'Params',
  summary:
    "What is at a point (Lat −90…90, Lng −180…180; 0, 0 is no location → errcode 10007): table1 the geocoder's place there (one row, or none when the geocoder knows nothing there; the point stays the caller's own), table2 the branches of enabled shops (ShopID's only when given; unknown shop → 20003) nearest first with Distance in metres. Counted in the per-address geocoder limit (errcode 10009 beyond).",
  auth: 'app',
  input: z.object({
    Lat: coordinateField(90, 'Latitude, degrees WGS-84'),
    Lng: coordinateField(180, 'Longitude, degrees WGS-84'),
    ShopID: optionalId("Only this shop's branches")
  }),
  output: {
    table1: PLACE_COLUMNS,
    table2: { ...BASE_COLUMNS, Distance: 'number | null: metres from the point (null: the branch has no location)' }
  },
  async handler(ctx, input) {
    if (!hasLocation(input.Lat, input.Lng)) throw invalidInput('Lat/Lng: a location is required (0, 0 means none)')
    const caller = { db: ctx.db, geocoding: ctx.providers.geocoding, locale: ctx.locale, clientIp: ctx.clientIp, now: ctx.now, ratePerMinute: ctx.config.placesRatePerMinute }
    const { places, bases } = await pointInfo(ctx.db, ctx.enterprise.entId, caller, { lat: input.Lat, lng: input.Lng }, input.ShopID)
    return { table1: places, table2: bases.map(({ base, distance }) => ({ ...baseRow(base, ctx.locale), Distance: distance })) }
  }
})
