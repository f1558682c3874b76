/**
 * Shared by the VipAddress* operations (not an operation): the record fields of an address, the
 * column docs of VipAddressRow, and the caller the address book needs.
 */
import { z } from 'zod'
import { ADDRESS_LIMITS, ADDRESS_PAGE_SIZE, MAX_ADDRESSES, type VipAddressRow } from '../../../../src/gateway/address-rows'
import type { AddressCaller } from '../../domain/addresses/address-book'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { meteredGeocoder } from '../../domain/places/places.service'
import { coordinateField, requiredId } from '../fields'
import type { ColumnDocs, MemberOperationContext } from '../operation'

/**
 * Characters an address may not hold: C0 controls and DEL, and (red team, issue 16) C1 controls
 * (U+0085 is a line break to some printers, U+009B a terminal's CSI), the line and paragraph
 * separators, and the bidi overrides and isolates, which reorder what the shop reads.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/

/** Text of at most `max` characters (code points), trimmed, without control characters; '' / null / absent → ''. */
const addressText = (max: number, required: boolean, description: string) =>
  z
    .preprocess(
      (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
      z
        .string()
        .trim()
        .refine((s) => !required || s.length > 0)
        .refine((s) => [...s].length <= max)
        .refine((s) => !CONTROL.test(s))
    )
    .describe(`${description} (${required ? '1–' : 'up to '}${max} characters)`)

/** The fields of VipAddressInput (add and update). */
export const addressFields = {
  Contact: addressText(ADDRESS_LIMITS.Contact, true, 'Who receives the delivery'),
  AreaNo: requiredId("Dialling code of the phone without '+' (SmsAreaList): '853', '852', '86', '886'"),
  Phone: requiredId('Mobile number, national digits (spaces and hyphens ignored); checked as the SMS phone is (20036)'),
  RegionCode: z
    .preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string().trim().max(32))
    .describe('A leaf region of AreaBatchSelect (HasChildren 0); empty, unknown or not a leaf → 20063'),
  Street: addressText(ADDRESS_LIMITS.Street, true, 'Street and number'),
  Detail: addressText(ADDRESS_LIMITS.Detail, false, 'Building, floor, flat'),
  HouseNo: addressText(ADDRESS_LIMITS.HouseNo, false, 'House number'),
  Tag: addressText(ADDRESS_LIMITS.Tag, false, "'home', 'work', 'school' or the member's own ('' none)"),
  Lat: coordinateField(90, 'Latitude, degrees (with Lng 0, 0 or absent: the server resolves the address, best effort)'),
  Lng: coordinateField(180, 'Longitude, degrees'),
  IsDefault: z
    .preprocess((v) => (v === null || v === '' || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v), z.union([z.literal(0), z.literal(1)]).optional())
    .describe('1 makes it the default address; 0 on the default hands the default to the newest other address; absent: unchanged (add: the first address is the default)')
}

export const addressIdField = requiredId('AddressID of one of the signed-in member’s addresses')

export const ADDRESS_COLUMNS: ColumnDocs<VipAddressRow> = {
  AddressID: 'string',
  VipID: 'string: the signed-in member',
  Contact: 'string: who receives the delivery',
  AreaNo: "string: dialling code without '+'",
  Phone: 'string: national digits, as the SMS phone is stored',
  RegionCode: 'string: a leaf of the region dataset',
  RegionName: "string: its path in the request's language, broadest first ('澳門 嘉模堂區')",
  RegionPath: "string: the region's codes broadest first, '/'-joined ('' when the code is no longer in the dataset)",
  Street: 'string',
  Detail: 'string',
  HouseNo: 'string',
  Tag: "string: 'home', 'work', 'school' or the member's own ('' none)",
  Lat: 'number: degrees (0 with Lng 0: not located; an order resolves it before it is accepted)',
  Lng: 'number: degrees',
  IsDefault: 'number: 1 the default address (a member with addresses has exactly one)',
  UpdatedAt: "string: 'YYYY-MM-DD HH:mm:ss' on the enterprise's clock"
}

export const ADDRESS_RULES = `At most ${MAX_ADDRESSES} addresses per member (20062 naming the most). Field lengths Contact ${ADDRESS_LIMITS.Contact}, Street ${ADDRESS_LIMITS.Street}, Detail ${ADDRESS_LIMITS.Detail}, HouseNo ${ADDRESS_LIMITS.HouseNo}, Tag ${ADDRESS_LIMITS.Tag} characters; Contact, Phone and Street required (errcode 10007 naming the field). Phone checked as the SMS phone (20036); RegionCode a leaf region (20063). Without Lat/Lng the address is located by the geocoder, best effort, counted in the per-address geocoder limit (PLACES_RATE_PER_MINUTE) ((0, 0) when nothing is found or the limit is reached; saving never fails for it). Text fields refuse control characters, line separators and bidi overrides (errcode 10007).`

export { ADDRESS_PAGE_SIZE }

/** The address book's caller from a member operation's context. */
export async function addressCaller(ctx: MemberOperationContext): Promise<AddressCaller> {
  return {
    db: ctx.db,
    entId: ctx.enterprise.entId,
    vipId: ctx.member.vipId,
    locale: ctx.locale,
    now: ctx.now,
    timeZone: await enterpriseTimeZone(ctx.db, ctx.enterprise.entId),
    // Counted in the caller's per-address geocoder limit (beyond it an address is saved unlocated).
    geocoder: meteredGeocoder({ db: ctx.db, geocoding: ctx.providers.geocoding, clientIp: ctx.clientIp, now: ctx.now, ratePerMinute: ctx.config.placesRatePerMinute })
  }
}
