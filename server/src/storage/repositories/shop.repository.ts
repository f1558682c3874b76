import type { Kysely, Selectable } from 'kysely'
import type { Shop } from '../../domain/records'
import type { PageWindow } from '../../domain/paging'
import type { Database, ShopTable } from '../schema'
import { countOf, parseNames } from './row-mapping'

const toShop = (r: Selectable<ShopTable>): Shop => ({
  entId: r.ent_id,
  shopId: r.shop_id,
  code: r.code,
  names: parseNames(r.names),
  userId: r.user_id,
  userName: r.user_name,
  userCode: r.user_code,
  posType: Number(r.pos_type),
  minaAppId: r.mina_app_id,
  minaId: r.mina_id,
  qrCode: r.qr_code,
  address: r.address,
  phone: r.phone,
  isEnable: Number(r.is_enable) === 1
})

/** A shop of this enterprise (enabled or not); another enterprise's shop is not found. */
export async function findShop(db: Kysely<Database>, entId: string, shopId: string): Promise<Shop | null> {
  const row = await db
    .selectFrom('shops')
    .selectAll()
    .where('ent_id', '=', entId)
    .where('shop_id', '=', shopId)
    .executeTakeFirst()
  return row ? toShop(row) : null
}

/** A shop by id in any enterprise (the enterprise lookup does not know the enterprise yet). */
export async function findShopById(db: Kysely<Database>, shopId: string): Promise<Shop | null> {
  const row = await db.selectFrom('shops').selectAll().where('shop_id', '=', shopId).executeTakeFirst()
  return row ? toShop(row) : null
}

export interface ShopFilter {
  onlyEnabled: boolean
}

export async function listShops(
  db: Kysely<Database>,
  entId: string,
  filter: ShopFilter,
  page: PageWindow
): Promise<{ shops: Shop[]; total: number }> {
  let query = db.selectFrom('shops').where('ent_id', '=', entId)
  if (filter.onlyEnabled) query = query.where('is_enable', '=', 1)
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('code').orderBy('shop_id').limit(page.limit).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirst()
  ])
  return { shops: rows.map(toShop), total: countOf(count) }
}
