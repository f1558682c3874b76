/**
 * A branch's own page (ShopBaseDetailGet) and its tables for choosing one by hand
 * (TableListByPage; issue 16 item 5). Branches of disabled shops, and other enterprises', do
 * not exist for diners (BASE_NOT_FOUND). A table's QR code is never part of an answer: its
 * token is the proof of sitting there (server/src/domain/entry/table-codes.ts).
 */
import type { Kysely } from 'kysely'
import type { Locale } from '../../../../src/gateway/contract'
import type { BaseDetailRow, TableRow } from '../../../../src/gateway/address-rows'
import { findBase } from '../../storage/repositories/base.repository'
import { findBaseParam } from '../../storage/repositories/params.repository'
import { findShop } from '../../storage/repositories/shop.repository'
import { countBranchTables } from '../../storage/repositories/table.repository'
import { parseNames } from '../../storage/repositories/row-mapping'
import type { Database } from '../../storage/schema'
import { pickText } from '../../../../src/i18n/text'
import { DELIVERY_RANGE_PARAM, listFreightRules, parseRange, quoteDelivery } from '../delivery/freight.service'
import { DomainError } from '../errors'
import type { Base, Shop } from '../records'

/** TableListByPage's page size when none is asked (a branch rarely has more; at most MAX_PAGE_SIZE). */
export const DEFAULT_TABLE_PAGE_SIZE = 100

/** A branch of an enabled shop of the enterprise, with its shop; else BASE_NOT_FOUND. */
async function requireOpenBranch(db: Kysely<Database>, entId: string, baseId: string): Promise<{ base: Base; shop: Shop }> {
  const base = baseId ? await findBase(db, entId, baseId) : null
  const shop = base ? await findShop(db, entId, base.shopId) : null
  if (!base || !shop || !shop.isEnable) throw new DomainError('BASE_NOT_FOUND')
  return { base, shop }
}

/** The branch's tables in service by code, one page of them (PageIndex from 1), and how many there are. */
export async function branchTables(
  db: Kysely<Database>,
  entId: string,
  baseId: string,
  page: { PageIndex?: number; PageSize?: number },
  locale: Locale
): Promise<{ tables: TableRow[]; total: number }> {
  const { base } = await requireOpenBranch(db, entId, baseId)
  const size = page.PageSize || DEFAULT_TABLE_PAGE_SIZE
  const offset = (Math.max(page.PageIndex || 1, 1) - 1) * size
  // Tables in service only: a removed table kept for its orders (is_enable 0) cannot be chosen.
  const scope = db.selectFrom('dining_tables').where('ent_id', '=', entId).where('base_id', '=', base.baseId).where('is_enable', '=', 1)
  const [rows, count] = await Promise.all([
    // Never the qr_code column: choosing a table by hand must not hand out the table's proof.
    scope.select(['table_id', 'code', 'names', 'base_id', 'shop_id']).orderBy('code').orderBy('table_id').limit(size).offset(offset).execute(),
    scope.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()
  ])
  const tables = rows.map((r) => {
    const names = parseNames(r.names)
    return { TableID: r.table_id, TableCode: r.code, TableName: pickText(names, locale, r.code), BaseID: r.base_id, ShopID: r.shop_id }
  })
  return { tables, total: Number(count.n) }
}

/** Everything the branch page shows. */
export async function branchDetail(db: Kysely<Database>, entId: string, baseId: string, locale: Locale): Promise<BaseDetailRow> {
  const { base, shop } = await requireOpenBranch(db, entId, baseId)
  const [openingHours, range, rules, tables] = await Promise.all([
    findBaseParam(db, base.baseId, 'OpeningHours'),
    findBaseParam(db, base.baseId, DELIVERY_RANGE_PARAM),
    listFreightRules(db, base.baseId),
    countBranchTables(db, entId, base.baseId)
  ])
  // The range delivery really has: the DeliveryRange param capped by the last distance tier (as DispatchInfoGet).
  const deliveryRange = quoteDelivery(base, rules, parseRange(range), { lat: 0, lng: 0 }, '0', 0).maxDistance
  const name = (names: typeof base.names) => pickText(names, locale)
  return {
    ShopID: shop.shopId,
    ShopName: name(shop.names),
    BaseID: base.baseId,
    BaseCode: base.code,
    BaseName: name(base.names),
    // A branch without its own address or phone shows its shop's.
    Address: base.address || shop.address,
    Phone: base.phone || shop.phone,
    Lat: base.lat,
    Lng: base.lng,
    BeginTime: base.beginTime,
    EndTime: base.endTime,
    Weekday: base.weekday,
    OpeningHours: openingHours ?? '',
    BusinessMode: base.businessMode,
    CYType: base.cyType,
    DeliveryRange: deliveryRange,
    TableCount: tables
  }
}
