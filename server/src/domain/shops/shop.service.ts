/** Shops as the diner's shop picker and the external shop list see them. */
import type { Kysely } from 'kysely'
import { listBases } from '../../storage/repositories/base.repository'
import { findShop, listShops } from '../../storage/repositories/shop.repository'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import { pageWindow, type PageRequest } from '../paging'
import type { Base, Shop } from '../records'

/** An enabled shop of the enterprise; disabled or foreign shops do not exist for diners. */
export async function requireShop(db: Kysely<Database>, entId: string, shopId: string): Promise<Shop> {
  const shop = shopId ? await findShop(db, entId, shopId) : null
  if (!shop || !shop.isEnable) throw new DomainError('SHOP_NOT_FOUND')
  return shop
}

/** Enabled shops, by code. */
export function shopsPage(db: Kysely<Database>, entId: string, page: PageRequest): Promise<{ shops: Shop[]; total: number }> {
  return listShops(db, entId, { onlyEnabled: true }, pageWindow(page))
}

export interface ExternalShopList {
  shops: { shop: Shop; bases: Base[] }[]
  total: number
}

/** Every shop (enabled or not, flagged) with its branches: the list other systems read. */
export async function externalShopList(db: Kysely<Database>, entId: string, page: PageRequest): Promise<ExternalShopList> {
  const { shops, total } = await listShops(db, entId, { onlyEnabled: false }, pageWindow(page))
  const bases = await listBases(db, entId, { shopIds: shops.map((s) => s.shopId) })
  return { shops: shops.map((shop) => ({ shop, bases: bases.filter((b) => b.shopId === shop.shopId) })), total }
}
