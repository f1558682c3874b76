/**
 * Record field schemas shared by the operations. Callers are lenient in what they send
 * (numbers as strings, ids as numbers, null or '' for "not given"), so these normalise
 * first and then validate strictly.
 */
import { z } from 'zod'
import { MAX_PAGE_SIZE } from '../domain/paging'

const blankToUndefined = (v: unknown): unknown => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v)
const idText = (v: unknown): unknown => (typeof v === 'number' ? String(v) : blankToUndefined(v))

/** An id or code that may be absent (blank counts as absent). */
export const optionalId = (description: string) => z.preprocess(idText, z.string().trim().max(128).optional()).describe(description)

/** An id or code that must be given. */
export const requiredId = (description: string) => z.preprocess(idText, z.string().trim().min(1).max(128)).describe(description)

export const optionalNumber = (description: string) =>
  z.preprocess(blankToUndefined, z.coerce.number().finite().optional()).describe(description)

export const optionalInteger = (description: string, min: number, max: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(min).max(max).optional()).describe(description)

export const integerWithDefault = (description: string, min: number, max: number, fallback: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(min).max(max).default(fallback)).describe(description)

/** PageIndex (1-based) and PageSize (at most 1000, default 1000). */
/**
 * A longitude (180) or latitude (90) in degrees: a number or a plain decimal text, 0 when absent
 * (0 with 0 = unknown). Values off the globe were measured as 0 m from the branch.
 */
export const coordinateField = (limit: 90 | 180, description: string) =>
  z
    .preprocess(
      (v) => (v === null || v === undefined || v === '' ? 0 : typeof v === 'string' && /^\s*-?\d{1,3}(\.\d+)?\s*$/.test(v) ? Number(v) : v),
      z.number().finite().min(-limit).max(limit)
    )
    .describe(description)

export const pagingFields = {
  PageIndex: optionalInteger('Page number, from 1 (default 1)', 1, Number.MAX_SAFE_INTEGER),
  PageSize: optionalInteger(`Rows per page, 1–${MAX_PAGE_SIZE} (default ${MAX_PAGE_SIZE})`, 1, MAX_PAGE_SIZE)
}

/** Fields every record carries (spec §7); checked for every operation. */
export const baseRecordSchema = z.object({
  EntID: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().max(128)),
  UserID: z.preprocess((v) => (typeof v === 'number' ? String(v) : v ?? ''), z.string().max(128)),
  AppName: z.preprocess(blankToUndefined, z.string().max(200).optional())
})
export type BaseRecordInput = z.infer<typeof baseRecordSchema>

/** The code lookup of EntIDGet and HomeShopDetailsGet. */
export const entryLookupFields = {
  QRCode: optionalId('Scanned QR code (first priority)'),
  TableID: optionalId('Table id (second priority)'),
  BaseID: optionalId('Branch id (third priority)'),
  ShopID: optionalId('Shop id (fourth priority)')
}

/** ShopID and BaseID of every menu read (MenuScope). */
export const menuScopeFields = {
  ShopID: requiredId('Shop whose menu is read'),
  BaseID: optionalId("Branch: only goods sold there ('' or absent: the whole menu); must be a branch of the shop")
}

/** The GoodsID of the goods an operation is about. */
export const goodsIdField = requiredId('Goods id (GoodsID of a goods row)')

/**
 * Red team issue 17: a member's text that others read (a public review, a request the shop reads)
 * may span lines (tab, CR, LF) but carries no other control character (C0, DEL, C1), no line/
 * paragraph separator and no bidi override or isolate (they reorder what the reader sees).
 */
export const FREE_TEXT_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/
export const freeTextAllowed = (text: string): boolean => !FREE_TEXT_FORBIDDEN.test(text)
