/**
 * What a printed QR sheet holds (issue 23 item 5): every table of an enterprise in service, with
 * its current code, and one code per shop counter; rendered by qr-sheet.ts.
 *
 *   const sheet = await qrSheetGroups(db, 'E1001', { origin: qrSheetOrigin(config.port), locale: 'zh-TW' })
 *   const pdf = await renderQrSheet(sheet)
 *
 * - A table is printed when it is in service (dining_tables.is_enable) and its current code
 *   (dining_tables.qr_code, as `listTableCodes` reads it) is a live row of qr_codes (enabled, not
 *   expired), so every printed code resolves.
 * - Tables are grouped by `groupBy` (default `branchAndArea`: the branch, and within it the
 *   table's area or floor, dining_tables.area, where it has one), groups in shop, branch and area
 *   order, tables by code ('A2' before 'A10').
 * - Then one group "Counter" ('櫃枱', '柜台'): each shop's counter code (shops.qr_code), named
 *   after the shop.
 * - `shopId` or `baseId` narrow the sheet to one shop or one branch (a branch's sheet carries its
 *   shop's counter).
 * - The URL is `entryUrl(origin, code)`: what `npm run tables -- list` prints and the entry page
 *   reads. The caption under each code is the URL's host and the code's readable part
 *   ('order.example.com · QR-A01-3q2-…'), so staff can tell a card with a rotated-away code.
 * Unknown enterprise, shop or branch: DomainError ENTERPRISE_NOT_FOUND, SHOP_NOT_FOUND, BASE_NOT_FOUND.
 */
import type { Kysely } from 'kysely'
import type { Locale, LocalizedText } from '../../../../src/gateway/contract'
import { parseNames } from '../../storage/repositories/row-mapping'
import type { Database } from '../../storage/schema'
import { requireEnterprise } from '../enterprise/enterprise.service'
import { DomainError } from '../errors'
import type { QrSheet, QrSheetCode, QrSheetGroup } from './qr-sheet'
import { hasToken, listTableCodes } from './table-codes'

/** The entry URL a QR code holds. */
export const entryUrl = (origin: string, qrCode: string): string => `${origin.replace(/\/+$/, '')}/?QRCode=${encodeURIComponent(qrCode)}`

/** The origin printed codes point at: PUBLIC_URL, else http://localhost:<port> (fine for a demo, not for phones). */
export const qrSheetOrigin = (port: number, publicUrl: string | undefined = process.env.PUBLIC_URL): string => publicUrl || `http://localhost:${port}`

/** A table as the grouping sees it. */
export interface QrSheetTable {
  tableId: string
  /** The short code ('A01'). */
  code: string
  names: LocalizedText
  shopId: string
  shopNames: LocalizedText
  baseId: string
  baseNames: LocalizedText
  /** Its area or floor ('' none). */
  area: string
  /** Its current QR code. */
  qrCode: string
}

export interface QrSheetGroupKey {
  /** Tables with the same key share a group (and its pages). */
  key: string
  heading: string
}

export interface QrSheetOptions {
  /** Where the URLs point (qrSheetOrigin()). */
  origin: string
  /** Names, headings and the fixed texts in this language (a missing name falls back to another). */
  locale: Locale
  /** Only this shop's tables and counter. */
  shopId?: string
  /** Only this branch's tables (and its shop's counter). */
  baseId?: string
  /** How tables group (default branchAndArea). */
  groupBy?: (table: QrSheetTable, locale: Locale) => QrSheetGroupKey
  /** For the expiry of codes (default now). */
  now?: Date
}

const FALLBACK: Record<Locale, Locale[]> = { 'zh-TW': ['zh-TW', 'zh-CN', 'en'], 'zh-CN': ['zh-CN', 'zh-TW', 'en'], en: ['en', 'zh-TW', 'zh-CN'] }

/** The name in `locale`, else in another language, else `otherwise`. */
export const nameIn = (names: LocalizedText, locale: Locale, otherwise: string): string =>
  FALLBACK[locale].map((l) => names[l]?.trim()).find((n) => n) ?? otherwise

const COUNTER: LocalizedText = { 'zh-CN': '柜台', 'zh-TW': '櫃枱', en: 'Counter' }

/** The default grouping: one group per branch, split by area or floor where tables have one. */
export function branchAndArea(table: QrSheetTable, locale: Locale): QrSheetGroupKey {
  const branch = nameIn(table.baseNames, locale, table.baseId)
  return table.area ? { key: `${table.baseId}\u0000${table.area}`, heading: `${branch} · ${table.area}` } : { key: table.baseId, heading: branch }
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/** 'order.example.com · QR-A01-3q2-…' (a counter code whole: 'QR-S101'). */
function caption(origin: string, qrCode: string): string {
  let host = origin
  try {
    host = new URL(origin).host
  } catch {
    // an origin that is no URL is printed as given
  }
  const readable = hasToken(qrCode) ? `${qrCode.slice(0, qrCode.length - 18)}…` : qrCode
  return `${host} · ${readable}`
}

/** A URL as a QR code should hold it: ASCII (an IDN host in punycode, other characters escaped). */
function asciiUrl(url: string): string {
  try {
    return new URL(url).href
  } catch {
    return url
  }
}

/** The sheet of the enterprise's tables and counters (see the file's header). */
export async function qrSheetGroups(db: Kysely<Database>, entId: string, options: QrSheetOptions): Promise<QrSheet> {
  const { origin, locale } = options
  const enterprise = await requireEnterprise(db, entId)
  const now = (options.now ?? new Date()).toISOString()
  const groupBy = options.groupBy ?? branchAndArea

  const [shops, bases, details, liveCodes, codes] = await Promise.all([
    db.selectFrom('shops').select(['shop_id', 'names', 'qr_code', 'is_enable']).where('ent_id', '=', entId).orderBy('shop_id').execute(),
    db.selectFrom('bases').select(['base_id', 'shop_id', 'names']).where('ent_id', '=', entId).orderBy('base_id').execute(),
    db.selectFrom('dining_tables').select(['table_id', 'shop_id', 'names', 'area']).where('ent_id', '=', entId).where('is_enable', '=', 1).execute(),
    db.selectFrom('qr_codes').select(['code', 'expires_at']).where('ent_id', '=', entId).where('is_enable', '=', 1).execute(),
    listTableCodes(db, entId)
  ])
  const live = new Set(liveCodes.filter((q) => q.expires_at == null || q.expires_at > now).map((q) => q.code))
  const shopById = new Map(shops.map((s) => [s.shop_id, s]))
  const baseById = new Map(bases.map((b) => [b.base_id, b]))
  const detailById = new Map(details.map((d) => [d.table_id, d]))

  let shopIds = new Set(shops.map((s) => s.shop_id))
  if (options.shopId) {
    if (!shopById.has(options.shopId)) throw new DomainError('SHOP_NOT_FOUND')
    shopIds = new Set([options.shopId])
  }
  if (options.baseId) {
    const base = baseById.get(options.baseId)
    if (!base || !shopIds.has(base.shop_id)) throw new DomainError('BASE_NOT_FOUND')
    shopIds = new Set([base.shop_id])
  }

  const tables: QrSheetTable[] = []
  for (const row of codes) {
    const detail = detailById.get(row.tableId)
    const base = baseById.get(row.baseId)
    const shop = detail && shopById.get(detail.shop_id)
    if (!detail || !base || !shop || !shopIds.has(shop.shop_id)) continue
    if (options.baseId && row.baseId !== options.baseId) continue
    if (!row.qrCode || !live.has(row.qrCode)) continue
    tables.push({
      tableId: row.tableId,
      code: row.code,
      names: parseNames(detail.names),
      shopId: shop.shop_id,
      shopNames: parseNames(shop.names),
      baseId: row.baseId,
      baseNames: parseNames(base.names),
      area: detail.area.trim(),
      qrCode: row.qrCode
    })
  }
  tables.sort((a, b) => collator.compare(a.shopId, b.shopId) || collator.compare(a.baseId, b.baseId) || collator.compare(a.area, b.area) || collator.compare(a.code, b.code))

  const code = (name: string, qrCode: string): QrSheetCode => ({ name, caption: caption(origin, qrCode), url: asciiUrl(entryUrl(origin, qrCode)) })
  const groups: QrSheetGroup[] = []
  const byKey = new Map<string, QrSheetGroup>()
  for (const t of tables) {
    const { key, heading } = groupBy(t, locale)
    let group = byKey.get(key)
    if (!group) {
      group = { heading, codes: [] }
      byKey.set(key, group)
      groups.push(group)
    }
    group.codes.push(code(nameIn(t.names, locale, t.code), t.qrCode))
  }

  const counters = shops
    .filter((s) => shopIds.has(s.shop_id) && s.is_enable === 1 && s.qr_code && live.has(s.qr_code))
    .map((s) => code(nameIn(parseNames(s.names), locale, s.shop_id), s.qr_code))
  if (counters.length > 0) groups.push({ heading: COUNTER[locale], codes: counters })

  const shopTitle = options.shopId ?? (options.baseId ? baseById.get(options.baseId)?.shop_id : undefined)
  const entName = nameIn(enterprise.names, locale, entId)
  const title = shopTitle ? `${entName} · ${nameIn(parseNames(shopById.get(shopTitle)!.names), locale, shopTitle)}` : entName
  return { title, groups, locale }
}
