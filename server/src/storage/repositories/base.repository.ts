import type { Kysely, Selectable } from 'kysely'
import type { Base } from '../../domain/records'
import type { BaseTable, Database } from '../schema'
import { parseNames } from './row-mapping'

const toBase = (r: Selectable<BaseTable>): Base => ({
  entId: r.ent_id,
  shopId: r.shop_id,
  baseId: r.base_id,
  code: r.code,
  names: parseNames(r.names),
  businessMode: r.business_mode,
  cyType: r.cy_type,
  weekday: r.weekday,
  onlineBeginTime: r.online_begin_time,
  onlineEndTime: r.online_end_time,
  beginTime: r.begin_time,
  endTime: r.end_time,
  dtbDuration: Number(r.dtb_duration),
  cookingTimeDuration: Number(r.cooking_time_duration),
  webOrderDuration: Number(r.web_order_duration),
  address: r.address,
  phone: r.phone,
  lng: Number(r.lng),
  lat: Number(r.lat)
})

/** A branch of this enterprise; another enterprise's branch is not found. */
export async function findBase(db: Kysely<Database>, entId: string, baseId: string): Promise<Base | null> {
  const row = await db
    .selectFrom('bases')
    .selectAll()
    .where('ent_id', '=', entId)
    .where('base_id', '=', baseId)
    .executeTakeFirst()
  return row ? toBase(row) : null
}

export async function findBaseById(db: Kysely<Database>, baseId: string): Promise<Base | null> {
  const row = await db.selectFrom('bases').selectAll().where('base_id', '=', baseId).executeTakeFirst()
  return row ? toBase(row) : null
}

export interface BaseFilter {
  /** Only branches of these shops. */
  shopIds?: readonly string[]
  /** Only branches of enabled shops. */
  onlyEnabledShops?: boolean
}

/** Branches of an enterprise ordered by code. */
export async function listBases(db: Kysely<Database>, entId: string, filter: BaseFilter = {}): Promise<Base[]> {
  if (filter.shopIds && filter.shopIds.length === 0) return []
  let query = db.selectFrom('bases').selectAll('bases').where('bases.ent_id', '=', entId)
  if (filter.shopIds) query = query.where('bases.shop_id', 'in', [...filter.shopIds])
  if (filter.onlyEnabledShops) {
    query = query.innerJoin('shops', 'shops.shop_id', 'bases.shop_id').where('shops.is_enable', '=', 1)
  }
  const rows = await query.orderBy('bases.code').orderBy('bases.base_id').execute()
  return rows.map(toBase)
}
