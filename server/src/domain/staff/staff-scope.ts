/** The shops and branches a person works at, with their names (StaffMe's table2; the console's pickers). */
import type { Kysely } from 'kysely'
import type { LocalizedText } from '../../../../src/gateway/contract'
import type { StaffScopeRow } from '../../../../src/gateway/staff-contract'
import type { Database } from '../../storage/schema'
import { mayBase, mayShop, type StaffActor } from './staff-actor'

const names = (text: string): LocalizedText => {
  try {
    return JSON.parse(text) as LocalizedText
  } catch {
    return { 'zh-CN': text, 'zh-TW': text, en: text }
  }
}

export async function scopeRows(db: Kysely<Database>, actor: StaffActor): Promise<StaffScopeRow[]> {
  const shops = await db.selectFrom('shops').select(['shop_id', 'names']).where('ent_id', '=', actor.entId).orderBy('shop_id').execute()
  const bases = await db.selectFrom('bases').select(['base_id', 'shop_id', 'names']).where('ent_id', '=', actor.entId).orderBy('base_id').execute()
  const rows: StaffScopeRow[] = []
  for (const shop of shops) {
    if (!mayShop(actor, shop.shop_id)) continue
    rows.push({ ShopID: shop.shop_id, BaseID: '', Names: names(shop.names) })
    for (const base of bases) if (base.shop_id === shop.shop_id && mayBase(actor, shop.shop_id, base.base_id)) rows.push({ ShopID: shop.shop_id, BaseID: base.base_id, Names: names(base.names) })
  }
  return rows
}
