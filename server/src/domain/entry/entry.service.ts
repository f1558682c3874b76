/**
 * Where a scanned code or a link points: enterprise, shop, branch, table. One resolver
 * for EntIDGet and HomeShopDetailsGet so both read codes the same way.
 */
import type { Kysely } from 'kysely'
import { findEnterprise } from '../../storage/repositories/enterprise.repository'
import { findQrCode } from '../../storage/repositories/qr-code.repository'
import { findShop, findShopById } from '../../storage/repositories/shop.repository'
import { findBase, findBaseById, listBases } from '../../storage/repositories/base.repository'
import { findTable, findTableById } from '../../storage/repositories/table.repository'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import type { Base, DiningTable, Enterprise, Shop } from '../records'

export interface EntryLookup {
  QRCode?: string
  TableID?: string
  BaseID?: string
  ShopID?: string
}

export interface Entry {
  enterprise: Enterprise
  shop: Shop
  /** Null when the code names a shop with several branches and no branch. */
  base: Base | null
  table: DiningTable | null
  /** The scanned code; '' when reached by TableID, BaseID or ShopID. */
  qrCode: string
  /** The table's own code was scanned: the caller may see the table's open sheet. */
  holdsTableCode: boolean
}

export interface ResolveOptions {
  /** Only this enterprise's codes count; others are "not found". Absent: any enterprise. */
  entId?: string
  now: Date
}

/** The lookup key the resolver will use, by priority QRCode > TableID > BaseID > ShopID. */
export function lookupKey(lookup: EntryLookup): keyof EntryLookup | null {
  for (const key of ['QRCode', 'TableID', 'BaseID', 'ShopID'] as const) if (lookup[key]) return key
  return null
}

/** Resolves exactly one lookup path; returns null when no key is given. */
export async function resolveEntry(
  db: Kysely<Database>,
  lookup: EntryLookup,
  options: ResolveOptions
): Promise<Entry | null> {
  const key = lookupKey(lookup)
  if (!key) return null
  const scope = options.entId
  const inScope = <T extends { entId: string }>(found: T | null): T | null =>
    found && (scope === undefined || found.entId === scope) ? found : null

  let shopId: string
  let baseId: string | null = null
  let table: DiningTable | null = null
  let qrCode = ''

  if (key === 'QRCode') {
    const qr = inScope(await findQrCode(db, lookup.QRCode!))
    const expired = qr?.expiresAt != null && qr.expiresAt <= options.now.toISOString()
    if (!qr || !qr.isEnable || expired) throw new DomainError('QR_CODE_INVALID')
    qrCode = qr.code
    shopId = qr.shopId
    baseId = qr.baseId
    if (qr.tableId) {
      table = await findTable(db, qr.entId, qr.tableId)
      if (!table) throw new DomainError('QR_CODE_INVALID')
      baseId = table.baseId
    }
  } else if (key === 'TableID') {
    table = inScope(await findTableById(db, lookup.TableID!))
    if (!table) throw new DomainError('TABLE_NOT_FOUND')
    // A TableID is no secret: the table's code (its diners' key to the sheet) is never handed out for it.
    shopId = table.shopId
    baseId = table.baseId
  } else if (key === 'BaseID') {
    const base = inScope(await findBaseById(db, lookup.BaseID!))
    if (!base) throw new DomainError('BASE_NOT_FOUND')
    shopId = base.shopId
    baseId = base.baseId
  } else {
    shopId = lookup.ShopID!
  }

  const shop = scope === undefined ? await findShopById(db, shopId) : await findShop(db, scope, shopId)
  if (!shop || !shop.isEnable) throw new DomainError('SHOP_NOT_FOUND')
  const enterprise = await findEnterprise(db, shop.entId)
  if (!enterprise) throw new DomainError('ENTERPRISE_NOT_FOUND')

  let base: Base | null = null
  if (baseId) {
    base = await findBase(db, shop.entId, baseId)
    if (!base || base.shopId !== shop.shopId) throw new DomainError('BASE_NOT_FOUND')
  } else {
    base = await onlyBranchOf(db, shop)
  }
  return { enterprise, shop, base, table, qrCode, holdsTableCode: key === 'QRCode' && table !== null }
}

/** A shop with exactly one branch implies it; with several the caller must choose. */
async function onlyBranchOf(db: Kysely<Database>, shop: Shop): Promise<Base | null> {
  const bases = await listBases(db, shop.entId, { shopIds: [shop.shopId] })
  return bases.length === 1 ? bases[0] : null
}

/**
 * After a shop-level code (a counter QR code of a shop with several branches) the client
 * sends the branch the diner picked as BaseID beside it: take it when it is that shop's.
 */
export async function withChosenBranch(db: Kysely<Database>, entry: Entry, baseId: string | undefined): Promise<Entry> {
  if (entry.base || !baseId) return entry
  const base = await findBase(db, entry.enterprise.entId, baseId)
  if (!base || base.shopId !== entry.shop.shopId) throw new DomainError('BASE_NOT_FOUND')
  return { ...entry, base }
}
