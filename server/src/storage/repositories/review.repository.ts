/**
 * Members' reviews in goods_reviews (migration 0015) and the submissions log review_submits.
 * Imported reviews are the menu repository's (replaceShopMenu); this file never touches them
 * except to hide, unhide or answer one from the shop's CLI.
 */
import { sql, type Kysely, type Selectable } from 'kysely'
import type { Database, GoodsReviewTable } from '../schema'

type Db = Kysely<Database>
export type ReviewRecord = Selectable<GoodsReviewTable>

/** A JSON array of strings as stored ('[]' for anything else). */
export function parseIdList(json: string | null | undefined): string[] {
  try {
    const value: unknown = JSON.parse(json || '[]')
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

export async function findReview(db: Db, entId: string, reviewId: string): Promise<ReviewRecord | null> {
  return (await db.selectFrom('goods_reviews').selectAll().where('ent_id', '=', entId).where('review_id', '=', reviewId).executeTakeFirst()) ?? null
}

/** The reviews of one order's lines (a member's), by line. */
export async function reviewsOfOrder(db: Db, orderId: string): Promise<ReviewRecord[]> {
  return db.selectFrom('goods_reviews').selectAll().where('order_id', '=', orderId).orderBy('line_no').execute()
}

/** Records a submission (stored first, counted after: see countSubmitsSince). */
export async function insertSubmit(db: Db, row: Database['review_submits']): Promise<void> {
  await db.insertInto('review_submits').values(row).execute()
}

export async function deleteSubmit(db: Db, submitId: string): Promise<void> {
  await db.deleteFrom('review_submits').where('submit_id', '=', submitId).execute()
}

export async function findSubmitByKey(db: Db, entId: string, vipId: string, requestKey: string): Promise<{ order_id: string } | null> {
  return (
    (await db
      .selectFrom('review_submits')
      .select('order_id')
      .where('ent_id', '=', entId)
      .where('vip_id', '=', vipId)
      .where('request_key', '=', requestKey)
      .executeTakeFirst()) ?? null
  )
}

export async function countSubmitsSince(db: Db, entId: string, vipId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('review_submits')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('ent_id', '=', entId)
    .where('vip_id', '=', vipId)
    .where('created_at', '>', since)
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

export interface ShopReviewQuery {
  entId: string
  goodsId?: string
  /** Only reviews of these shops (absent: every shop of the enterprise). */
  shopIds?: string[]
  /** Wall-clock dates are turned into instants by the caller. */
  fromInstant?: string
  toInstant?: string
  stars?: number
  /** 1 only hidden ones, 0 only shown ones; absent: both (the shop sees everything). */
  hidden?: 0 | 1
  limit: number
  offset?: number
}

function shopReviewQuery(db: Db, q: ShopReviewQuery) {
  let query = db.selectFrom('goods_reviews').where('ent_id', '=', q.entId)
  if (q.goodsId) query = query.where('goods_id', '=', q.goodsId)
  if (q.shopIds) query = q.shopIds.length ? query.where('shop_id', 'in', q.shopIds) : query.where(sql<boolean>`1 = 0`)
  if (q.fromInstant) query = query.where('created_at', '>=', q.fromInstant)
  if (q.toInstant) query = query.where('created_at', '<', q.toInstant)
  if (q.stars !== undefined) query = query.where('stars', '=', q.stars)
  if (q.hidden !== undefined) query = query.where('hidden', '=', q.hidden)
  return query
}

/** Reviews for the shop (CLI, console), newest first, hidden ones included. */
export async function listShopReviews(db: Db, q: ShopReviewQuery): Promise<ReviewRecord[]> {
  return shopReviewQuery(db, q).selectAll().orderBy('created_at', 'desc').orderBy('review_id', 'desc').limit(q.limit).offset(q.offset ?? 0).execute()
}

/** How many reviews listShopReviews would find without its limit. */
export async function countShopReviews(db: Db, q: ShopReviewQuery): Promise<number> {
  const row = await shopReviewQuery(db, q).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst()
  return Number(row?.n ?? 0)
}
