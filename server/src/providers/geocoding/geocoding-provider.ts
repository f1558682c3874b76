/**
 * What a geocoder (a maps service) is to us (issue 16): typed address → places, point → place.
 * A real one (a maps vendor's API with its key) implements this in one file with its setting
 * (GEOCODING_PROVIDER); the development provider answers from the region dataset and the demo
 * branches only, and says so (`name: 'development'`, shown to the diner as the source). Providers
 * never touch the database; the places service decides what to ask and what to keep.
 */
import type { Locale } from '../../../../src/gateway/contract'
import type { PlacePrecision } from '../../../../src/gateway/address-rows'

export interface GeocodeQuery {
  /** What the diner typed (street, number, building), trimmed. */
  text: string
  /** The leaf region the address is in, when known: results are kept inside it. */
  regionCode?: string
  locale: Locale
}

export interface GeocodedPlace {
  lat: number
  lng: number
  /** Leaf region code of the dataset ('' when the place is outside it). */
  regionCode: string
  /** Street (and number) when known. */
  street: string
  /** One line for people, in the query's language where the provider has it. */
  formatted: string
  precision: PlacePrecision
}

export interface GeocodingProvider {
  /** 'development', or the vendor's name (PlaceRow.Provider). */
  readonly name: string
  /** Places for the text, best first; [] when none. Throws only when the vendor cannot be reached. */
  resolve(query: GeocodeQuery): Promise<GeocodedPlace[]>
  /** The place at a point, or null when the provider knows nothing there. */
  reverse(point: { lat: number; lng: number }, locale: Locale): Promise<GeocodedPlace | null>
}
