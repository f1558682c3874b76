/**
 * Where a delivery goes (issue 16 item 4): a saved address of the signed-in member (its id in
 * Delivery.AddressID), or the contact, phone and address typed on the confirm page. A saved
 * address gives contact, phone, address and location (the typed fields are ignored); an address
 * without a location, saved or typed, is located through the geocoder before the range is
 * checked (only places found at street precision or better count: a region's centroid is not
 * where the courier goes). The order keeps a snapshot of a saved address (DeliverySnapshot), so
 * editing or deleting the address later changes nothing on the order.
 */
import type { Kysely } from 'kysely'
import { hasLocation } from '../../../../src/core/geo'
import { LOCALES, type Locale, type LocalizedText } from '../../../../src/gateway/contract'
import type { DeliveryInput } from '../../../../src/gateway/order-rows'
import type { GeocodingProvider } from '../../providers/geocoding/geocoding-provider'
import { findAddress, type AddressRecord } from '../../storage/repositories/address.repository'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import { regionPathName } from '../regions/region-dataset'
import type { DeliveryQuote } from './freight.service'

/** A saved address as the order keeps it (orders.delivery_snapshot, JSON). */
export interface DeliverySnapshot {
  AddressID: string
  Contact: string
  AreaNo: string
  Phone: string
  RegionCode: string
  /** The region's path in every language, as it was named when ordered. */
  RegionNames: LocalizedText
  Street: string
  Detail: string
  HouseNo: string
  Tag: string
  Lat: number
  Lng: number
}

/** The delivery details of a placement, before the range is checked. */
export interface DeliveryTarget {
  contact: string
  phone: string
  /** One line, in the placement's language. */
  address: string
  /** Degrees; 0, 0 when still unknown. */
  location: { lat: number; lng: number }
  /** The saved address ('' typed) and its snapshot (null typed). */
  addressId: string
  snapshot: DeliverySnapshot | null
}

/** What a placement's delivery is, with the range checked (ValidPlacement.delivery). */
export interface PlacedDelivery extends DeliveryTarget {
  quote: DeliveryQuote
}

export function snapshotOf(a: AddressRecord): DeliverySnapshot {
  const names = Object.fromEntries(LOCALES.map((l) => [l, regionPathName(a.region_code, l)])) as LocalizedText
  return {
    AddressID: a.address_id,
    Contact: a.contact,
    AreaNo: a.area_no,
    Phone: a.phone,
    RegionCode: a.region_code,
    RegionNames: names,
    Street: a.street,
    Detail: a.detail,
    HouseNo: a.house_no,
    Tag: a.tag,
    Lat: Number(a.lat),
    Lng: Number(a.lng)
  }
}

/** The snapshot kept on an order, or null ('' or unreadable: a typed address). */
export function parseSnapshot(text: string): DeliverySnapshot | null {
  if (!text) return null
  try {
    const value = JSON.parse(text) as DeliverySnapshot
    return value && typeof value === 'object' && typeof value.AddressID === 'string' ? value : null
  } catch {
    return null
  }
}

/** The snapshot's region path in `locale` ('' none). */
export const snapshotRegionName = (s: DeliverySnapshot, locale: Locale): string => s.RegionNames?.[locale] || s.RegionNames?.en || ''

/** The full address on one line: region, street and house number, then the detail ('澳門 氹仔 官也街 22號 3樓A'). */
export function snapshotLine(s: DeliverySnapshot, locale: Locale): string {
  const street = [s.Street, s.HouseNo].filter(Boolean).join(' ')
  const parts = [snapshotRegionName(s, locale), street, s.Detail].filter(Boolean)
  return parts.join(locale === 'en' ? ', ' : ' ')
}

/** '+853 66123456' */
export const phoneLine = (areaNo: string, phone: string): string => (areaNo ? `+${areaNo} ${phone}` : phone)

/**
 * The delivery target of a placement: the member's saved address (another member's id, or no
 * member → ADDRESS_NOT_FOUND) or the typed details (contact, phone and address all needed →
 * ADDRESS_REQUIRED).
 */
export async function deliveryTarget(
  db: Kysely<Database>,
  scope: { entId: string; vipId: string },
  delivery: DeliveryInput | undefined,
  locale: Locale
): Promise<DeliveryTarget> {
  const addressId = delivery?.AddressID?.trim() ?? ''
  if (addressId) {
    const saved = scope.vipId ? await findAddress(db, scope, addressId) : null
    if (!saved) throw new DomainError('ADDRESS_NOT_FOUND')
    const snapshot = snapshotOf(saved)
    return {
      contact: saved.contact,
      phone: phoneLine(saved.area_no, saved.phone),
      address: snapshotLine(snapshot, locale),
      location: { lat: snapshot.Lat, lng: snapshot.Lng },
      addressId: saved.address_id,
      snapshot
    }
  }
  const contact = delivery?.Contact?.trim() ?? ''
  const phone = delivery?.Phone?.trim() ?? ''
  const address = delivery?.Address?.trim() ?? ''
  if (!contact || !phone || !address) throw new DomainError('ADDRESS_REQUIRED')
  return { contact, phone, address, location: { lat: delivery?.Lat ?? 0, lng: delivery?.Lng ?? 0 }, addressId: '', snapshot: null }
}

/**
 * Locates a target that has no location through the geocoder (best effort: nothing found, or a
 * geocoder that cannot be reached, leaves it unlocated; the range check then asks for a location).
 */
export async function locateTarget(geocoder: GeocodingProvider | undefined, target: DeliveryTarget, locale: Locale): Promise<DeliveryTarget> {
  if (!geocoder || hasLocation(target.location.lat, target.location.lng)) return target
  const s = target.snapshot
  const text = s ? [s.Street, s.HouseNo].filter(Boolean).join(' ') : target.address
  if (!text) return target
  try {
    const places = await geocoder.resolve({ text, regionCode: s?.RegionCode || undefined, locale })
    const place = places.find((p) => (p.precision === 'point' || p.precision === 'street') && hasLocation(p.lat, p.lng) && (!s || !p.regionCode || p.regionCode === s.RegionCode))
    if (!place) return target
    return { ...target, location: { lat: place.lat, lng: place.lng }, snapshot: s ? { ...s, Lat: place.lat, Lng: place.lng } : null }
  } catch {
    return target
  }
}

/**
 * Metres as kilometres with one decimal ('7.2'), for BEYOND_DELIVERY_RANGE's {distance} and
 * {limit}: the distance rounded up and the limit down, so 5 001 m beyond 5 000 m never reads
 * '5.0 km; it delivers within 5.0 km'.
 */
export const kilometres = (metres: number, round: 'up' | 'down'): string =>
  ((round === 'up' ? Math.ceil : Math.floor)(Math.max(0, metres) / 100) / 10).toFixed(1)

/** BEYOND_DELIVERY_RANGE naming how far the address is and how far the branch delivers. */
export const beyondRange = (quote: Pick<DeliveryQuote, 'distance' | 'maxDistance'>): DomainError =>
  new DomainError('BEYOND_DELIVERY_RANGE', { distance: kilometres(quote.distance, 'up'), limit: kilometres(quote.maxDistance, 'down') })
