import { z } from 'zod'
import { PLACE_COLUMNS } from '../../domain/places/place-columns'
import { MAX_ADDRESS_TEXT, resolveAddress } from '../../domain/places/places.service'
import { MAX_REGION_CODE } from '../../domain/regions/regions.service'
import { optionalId } from '../fields'
import { defineOperation } from '../operation'

export default defineOperation({
  name: 'AddressResolution',
  group: 'Common',
  summary: `Places for a typed address (street, number, building; at most ${MAX_ADDRESS_TEXT} characters), best first, through the deployment's geocoder (GEOCODING_PROVIDER; the development one knows only region names and the demo branches' streets). With RegionCode only places inside that region (unknown region → 20063). None → 20064. Limited per client address (PLACES_RATE_PER_MINUTE, default 60 a minute; beyond: errcode 10009).`,
  auth: 'app',
  input: z.object({
    Address: z.string().trim().min(1).max(MAX_ADDRESS_TEXT).describe(`The typed address, 1–${MAX_ADDRESS_TEXT} characters`),
    RegionCode: optionalId(`Keep places inside this region (a code of AreaBatchSelect, at most ${MAX_REGION_CODE} characters)`).pipe(z.string().max(MAX_REGION_CODE).optional())
  }),
  output: { table1: PLACE_COLUMNS },
  async handler(ctx, input) {
    const caller = { db: ctx.db, geocoding: ctx.providers.geocoding, locale: ctx.locale, clientIp: ctx.clientIp, now: ctx.now, ratePerMinute: ctx.config.placesRatePerMinute }
    return { table1: await resolveAddress(caller, input.Address, input.RegionCode) }
  }
})
