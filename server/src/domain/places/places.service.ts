/**
 * Places (issue 16): a typed address → places (AddressResolution), a point → the place there and
 * the nearest branches (BaseInfoByGPS), through the configured geocoder (ctx.providers.geocoding).
 * The provider knows nothing of the database or the gateway; here its answers become PlaceRows,
 * named in the caller's language from the region dataset, and callers are limited per client
 * address (a geocoder is an outside service with its own limits and costs), counted in the
 * database so every server process on it shares one limit (./geocoder-lookups.ts).
 */
import type { Kysely } from 'kysely'
import type { Locale } from '../../../../src/gateway/contract'
import type { PlaceRow } from '../../../../src/gateway/address-rows'
import type { GeocodedPlace, GeocodingProvider } from '../../providers/geocoding/geocoding-provider'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import { findRegion, regionPathName } from '../regions/region-dataset'
import { basesByLocation, type BaseNearby } from '../shops/base.service'
import { countLookup } from './geocoder-lookups'

export { PLACES_WINDOW_MS } from './geocoder-lookups'

/** Longest address text a caller may send. */
export const MAX_ADDRESS_TEXT = 200
/** PLACES_RATE_PER_MINUTE's default (server/src/config.ts), for callers given no configuration. */
export const DEFAULT_PLACES_RATE = 60

export interface PlacesCaller {
  /** Where the per-address limit counts lookups (geocoder_lookups; see ./geocoder-lookups.ts). */
  db: Kysely<Database>
  geocoding: GeocodingProvider
  locale: Locale
  clientIp: string
  now: Date
  /** Lookups allowed per client address in any PLACES_WINDOW_MS (config placesRatePerMinute). */
  ratePerMinute: number
}

/** Who asks the geocoder, for the per-address count (an OperationContext has all of it). */
export type GeocoderUser = Pick<PlacesCaller, 'db' | 'geocoding' | 'clientIp' | 'now' | 'ratePerMinute'>

/**
 * The geocoder as one client address may use it: every lookup is counted in the same
 * per-address limit as AddressResolution and BaseInfoByGPS, and beyond it the lookup throws
 * RATE_LIMITED without reaching the provider. Red team (issue 16): the address book (saving an
 * address without a location) and order placement (a delivery address without one, in every
 * OrderPricePreview too) asked the geocoder uncounted, so a stranger could make the server
 * query the outside service without end (and fill Nominatim's one-a-second queue for everyone).
 * Those callers locate best effort: a refused lookup is "not located" to them.
 */
export function meteredGeocoder(user: GeocoderUser): GeocodingProvider {
  const { geocoding } = user
  return {
    name: geocoding.name,
    async resolve(query) {
      await countLookup(user)
      return geocoding.resolve(query)
    },
    async reverse(point, locale) {
      await countLookup(user)
      return geocoding.reverse(point, locale)
    }
  }
}

/** A provider's place as the gateway answers it. */
export function placeRow(place: GeocodedPlace, provider: string, locale: Locale): PlaceRow {
  return {
    Lat: place.lat,
    Lng: place.lng,
    RegionCode: place.regionCode,
    RegionName: place.regionCode ? regionPathName(place.regionCode, locale) : '',
    Street: place.street,
    FormattedAddress: place.formatted,
    Precision: place.precision,
    Provider: provider
  }
}

/**
 * Places for a typed address, best first, kept inside `regionCode` when given (a region the
 * dataset does not know → REGION_NOT_FOUND). None → PLACE_NOT_FOUND (20064). A geocoder that
 * cannot be reached throws (errcode 50000, logged): "not found" would be a lie then.
 */
export async function resolveAddress(caller: PlacesCaller, address: string, regionCode?: string): Promise<PlaceRow[]> {
  if (regionCode && !findRegion(regionCode)) throw new DomainError('REGION_NOT_FOUND')
  await countLookup(caller)
  const places = await caller.geocoding.resolve({ text: address, regionCode: regionCode || undefined, locale: caller.locale })
  if (places.length === 0) throw new DomainError('PLACE_NOT_FOUND')
  return places.map((p) => placeRow(p, caller.geocoding.name, caller.locale))
}

export interface PointInfo {
  /** The place at the point: one row, or none when the geocoder knows nothing there (not an error: the branches still help). */
  places: PlaceRow[]
  /** Branches of enabled shops (of `shopId` when given), nearest first. */
  bases: BaseNearby[]
}

/** What is at a point: the geocoder's place and the enterprise's (or a shop's) branches nearest first. */
export async function pointInfo(db: Kysely<Database>, entId: string, caller: PlacesCaller, point: { lat: number; lng: number }, shopId?: string): Promise<PointInfo> {
  // The branches first: an unknown shop is refused before the geocoder is asked (and counted).
  const { bases } = await basesByLocation(db, entId, { Lat: point.lat, Lng: point.lng, ShopID: shopId || undefined })
  await countLookup(caller)
  const place = await caller.geocoding.reverse(point, caller.locale)
  return { places: place ? [placeRow(place, caller.geocoding.name, caller.locale)] : [], bases }
}
