/**
 * The address book (issue 16 item 2): a member's saved delivery addresses. Only the member's own
 * are ever read or written (every query names the enterprise and the member); another member's
 * address id and an unknown one are both ADDRESS_NOT_FOUND, so nothing confirms an id exists.
 *
 * Rules:
 *   - At most MAX_ADDRESSES (20) per member → ADDRESS_LIMIT_REACHED {max}. Adds, updates and
 *     deletes run in a transaction holding the member row (FOR UPDATE on PostgreSQL; SQLite's
 *     transactions begin IMMEDIATE), so parallel adds cannot pass the limit or leave two defaults.
 *   - RequestKey makes an add idempotent: the same key answers the address it made.
 *   - The phone is checked and stored as the SMS phone is (normalisePhone → PHONE_INVALID); the
 *     region must be a leaf of the region dataset (REGION_NOT_FOUND, spec 'Please select region').
 *   - Default address: a member with addresses always has exactly one default. The first address
 *     is the default; IsDefault 1 (add or update) makes it the only default; IsDefault 0 on the
 *     default moves the default to the newest other address (the only address stays default);
 *     deleting the default makes the newest remaining address the default.
 *   - Location: Lat/Lng from a map pin or the host's chooseLocation are kept as given. Without
 *     them (absent or 0, 0) the address is geocoded on save, best effort: the geocoder's first
 *     place inside the region found at street precision or better (a region's centroid is not
 *     where the courier goes), else (0, 0) — saving never fails for it (an order resolves it again
 *     before it is accepted). An update that changes neither region, street nor house number and
 *     gives no location keeps the location it had.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { hasLocation } from '../../../../src/core/geo'
import { MAX_ADDRESSES, type VipAddressInput, type VipAddressRow } from '../../../../src/gateway/address-rows'
import type { Locale } from '../../../../src/gateway/contract'
import type { GeocodingProvider } from '../../providers/geocoding/geocoding-provider'
import {
  countAddresses,
  latestAddressInstant,
  deleteAddress,
  findAddress,
  findAddressByRequestKey,
  insertAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
  type AddressRecord,
  type MemberScope
} from '../../storage/repositories/address.repository'
import { isUniqueViolation } from '../../storage/repositories/order.repository'
import type { Database } from '../../storage/schema'
import { wallClockText } from '../enterprise/enterprise.service'
import { DomainError } from '../errors'
import { normalisePhone } from '../members/sms-areas'
import { lockMember } from '../wallet/balance.service'
import { isLeafRegion, regionPath, regionPathName } from '../regions/region-dataset'

/** Who is asking: a signed-in member of an enterprise. */
export interface AddressCaller {
  db: Kysely<Database>
  entId: string
  vipId: string
  locale: Locale
  now: Date
  /** The enterprise's time zone (UpdatedAt). */
  timeZone: string
  geocoder: GeocodingProvider
}

const scopeOf = (c: AddressCaller): MemberScope => ({ entId: c.entId, vipId: c.vipId })

/** A stored address as the contract's row, its region named in `locale`. */
export function addressRow(a: AddressRecord, locale: Locale, timeZone: string): VipAddressRow {
  return {
    AddressID: a.address_id,
    VipID: a.vip_id,
    Contact: a.contact,
    AreaNo: a.area_no,
    Phone: a.phone,
    RegionCode: a.region_code,
    RegionName: regionPathName(a.region_code, locale),
    RegionPath: regionPath(a.region_code)
      .map((r) => r.code)
      .join('/'),
    Street: a.street,
    Detail: a.detail,
    HouseNo: a.house_no,
    Tag: a.tag,
    Lat: Number(a.lat),
    Lng: Number(a.lng),
    IsDefault: Number(a.is_default) === 1 ? 1 : 0,
    UpdatedAt: wallClockText(timeZone, new Date(a.updated_at))
  }
}

/** The member's addresses, default first, then newest. */
export async function listOwnAddresses(c: AddressCaller): Promise<AddressRecord[]> {
  return listAddresses(c.db, scopeOf(c))
}

/** The member's address, or ADDRESS_NOT_FOUND (another member's too). */
export async function ownAddress(db: Kysely<Database> | Transaction<Database>, scope: MemberScope, addressId: string): Promise<AddressRecord> {
  const found = addressId ? await findAddress(db, scope, addressId) : null
  if (!found) throw new DomainError('ADDRESS_NOT_FOUND')
  return found
}

/** The fields of an address as they are stored (checked, phone normalised). */
interface CheckedAddress {
  contact: string
  areaNo: string
  phone: string
  regionCode: string
  street: string
  detail: string
  houseNo: string
  tag: string
  lat: number
  lng: number
}

/** Checks what the zod schema cannot: the phone (PHONE_INVALID) and the region (REGION_NOT_FOUND). */
function checkAddress(input: VipAddressInput): CheckedAddress {
  const regionCode = input.RegionCode.trim()
  if (!regionCode || !isLeafRegion(regionCode)) throw new DomainError('REGION_NOT_FOUND')
  // NFKC first: digits typed on a Chinese keyboard come full-width ('６６１２３４５６'); other scripts' digits stay refused.
  const { areaNo, phone } = normalisePhone(input.AreaNo.normalize('NFKC'), input.Phone.normalize('NFKC'))
  const located = hasLocation(input.Lat, input.Lng)
  return {
    contact: input.Contact.trim(),
    areaNo,
    phone,
    regionCode,
    street: input.Street.trim(),
    detail: (input.Detail ?? '').trim(),
    houseNo: (input.HouseNo ?? '').trim(),
    tag: (input.Tag ?? '').trim(),
    lat: located ? input.Lat! : 0,
    lng: located ? input.Lng! : 0
  }
}

/** The text a geocoder is asked for an address: street and house number (the detail is for the courier). */
export const geocodeText = (a: { street: string; houseNo: string }): string => [a.street, a.houseNo].filter(Boolean).join(' ')

/**
 * Best effort: the geocoder's first place for the address inside its region, or null. A geocoder
 * that cannot be reached counts as having found nothing (the caller decides what that means).
 */
export async function locateAddress(
  geocoder: GeocodingProvider,
  a: { regionCode: string; street: string; houseNo: string },
  locale: Locale
): Promise<{ lat: number; lng: number } | null> {
  const text = geocodeText(a)
  if (!text) return null
  try {
    const places = await geocoder.resolve({ text, regionCode: a.regionCode || undefined, locale })
    // A region's centroid is not where the courier goes: only street precision or better.
    const place = places.find(
      (p) => (p.precision === 'point' || p.precision === 'street') && hasLocation(p.lat, p.lng) && (!a.regionCode || !p.regionCode || p.regionCode === a.regionCode)
    )
    return place ? { lat: place.lat, lng: place.lng } : null
  } catch {
    return null
  }
}

const newAddressId = (): string => `A${randomBytes(8).toString('hex')}`

/**
 * VipAddressAdd: a new address (geocoded when it has no location), the default when it is the
 * first or IsDefault is 1. ADDRESS_LIMIT_REACHED beyond MAX_ADDRESSES; the same RequestKey answers
 * the address it made.
 */
export async function addAddress(c: AddressCaller, input: VipAddressInput & { RequestKey?: string }): Promise<AddressRecord> {
  const scope = scopeOf(c)
  const requestKey = input.RequestKey?.trim() || null
  if (requestKey) {
    const earlier = await findAddressByRequestKey(c.db, scope, requestKey)
    if (earlier) return earlier
  }
  const checked = checkAddress(input)
  if (!hasLocation(checked.lat, checked.lng)) {
    const at = await locateAddress(c.geocoder, checked, c.locale)
    if (at) Object.assign(checked, at)
  }
  const addressId = newAddressId()
  try {
    return await c.db.transaction().execute(async (trx) => {
      await lockMember(trx, c.vipId)
      if (requestKey) {
        const earlier = await findAddressByRequestKey(trx, scope, requestKey)
        if (earlier) return earlier
      }
      const count = await countAddresses(trx, scope)
      if (count >= MAX_ADDRESSES) throw new DomainError('ADDRESS_LIMIT_REACHED', { max: MAX_ADDRESSES })
      // Two adds within one millisecond would tie on "newest" (the default's successor): keep them apart.
      const latest = await latestAddressInstant(trx, scope)
      const at = new Date(Math.max(c.now.getTime(), latest ? Date.parse(latest) + 1 : 0)).toISOString()
      const isDefault = count === 0 || input.IsDefault === 1
      await insertAddress(trx, {
        address_id: addressId,
        ent_id: c.entId,
        vip_id: c.vipId,
        contact: checked.contact,
        area_no: checked.areaNo,
        phone: checked.phone,
        region_code: checked.regionCode,
        street: checked.street,
        detail: checked.detail,
        house_no: checked.houseNo,
        tag: checked.tag,
        lat: checked.lat,
        lng: checked.lng,
        is_default: isDefault ? 1 : 0,
        request_key: requestKey,
        created_at: at,
        updated_at: at
      })
      if (isDefault) await setDefaultAddress(trx, scope, addressId)
      return (await findAddress(trx, scope, addressId))!
    })
  } catch (error) {
    // The same key sent twice at once: the first add won; answer its address.
    if (!requestKey || !isUniqueViolation(error)) throw error
    const first = await findAddressByRequestKey(c.db, scope, requestKey)
    if (!first) throw error
    return first
  }
}

/**
 * VipAddressUpdate: the member's address with every field as given (ADDRESS_NOT_FOUND for
 * another's). IsDefault 1 makes it the only default; 0 on the default hands the default to the
 * newest other address (the only address stays default); absent leaves it as it is.
 */
export async function changeAddress(c: AddressCaller, input: VipAddressInput & { AddressID: string }): Promise<AddressRecord> {
  const scope = scopeOf(c)
  const before = await ownAddress(c.db, scope, input.AddressID)
  const checked = checkAddress(input)
  if (!hasLocation(checked.lat, checked.lng)) {
    const samePlace = before.region_code === checked.regionCode && before.street === checked.street && before.house_no === checked.houseNo
    const kept = samePlace && hasLocation(Number(before.lat), Number(before.lng)) ? { lat: Number(before.lat), lng: Number(before.lng) } : null
    const at = kept ?? (await locateAddress(c.geocoder, checked, c.locale))
    if (at) Object.assign(checked, at)
  }
  return c.db.transaction().execute(async (trx) => {
    await lockMember(trx, c.vipId)
    const current = await ownAddress(trx, scope, input.AddressID)
    await updateAddress(trx, scope, current.address_id, {
      contact: checked.contact,
      area_no: checked.areaNo,
      phone: checked.phone,
      region_code: checked.regionCode,
      street: checked.street,
      detail: checked.detail,
      house_no: checked.houseNo,
      tag: checked.tag,
      lat: checked.lat,
      lng: checked.lng,
      updated_at: c.now.toISOString()
    })
    if (input.IsDefault === 1) {
      await setDefaultAddress(trx, scope, current.address_id)
    } else if (input.IsDefault === 0 && Number(current.is_default) === 1) {
      const next = (await listAddresses(trx, scope)).find((a) => a.address_id !== current.address_id)
      if (next) await setDefaultAddress(trx, scope, next.address_id)
    }
    return (await findAddress(trx, scope, current.address_id))!
  })
}

/** VipAddressDelete: removes the member's address; the newest remaining one becomes the default if it was. */
export async function removeAddress(c: AddressCaller, addressId: string): Promise<AddressRecord[]> {
  const scope = scopeOf(c)
  await ownAddress(c.db, scope, addressId)
  return c.db.transaction().execute(async (trx) => {
    await lockMember(trx, c.vipId)
    const current = await ownAddress(trx, scope, addressId)
    await deleteAddress(trx, scope, current.address_id)
    const rest = await listAddresses(trx, scope)
    if (rest.length > 0 && !rest.some((a) => Number(a.is_default) === 1)) {
      // listAddresses puts the newest first among non-defaults.
      await setDefaultAddress(trx, scope, rest[0].address_id)
      return listAddresses(trx, scope)
    }
    return rest
  })
}
