/**
 * Members' reviews (issue 17 item 2): a member reviews the goods lines of their own paid or
 * completed order (src/core/review-rules.ts says what is reviewable and for how long), reads their
 * reviews of an order with whether each can still be edited, and the shop replies to, hides and
 * unhides reviews (server/src/cli/reviews.ts). The public list is GoodsCommentListByPage
 * (../catalogue/catalogue.service.ts goodsComments), which leaves hidden reviews out.
 *
 * Another member's order, an unknown one, an unpaid, cancelled or expired one, a settlement and a
 * line not in the order all answer REVIEW_NOT_ALLOWED: a stranger learns nothing of which orders
 * exist. Photos are the member's checked uploads for 'review' (../files/uploaded-images.ts).
 * Every submission that writes counts in a per-member limit (RATE_LIMITED, errcode 10009); a
 * RequestKey seen before answers the order's reviews without writing again.
 */
import { billLinesOf } from '../table-sheets/bill-lines'
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Locale } from '../../../../src/gateway/contract'
import type { ImageRow, MyReviewRow, ReviewInput } from '../../../../src/gateway/after-rows'
import {
  REVIEWABLE_STATUSES,
  REVIEW_RATE_WINDOW_MS,
  REVIEW_SUBMITS_PER_HOUR,
  reviewEditable
} from '../../../../src/core/review-rules'
import type { ObjectStorage } from '../../providers/storage/object-storage'
import { bumpMenuVersion } from '../../storage/repositories/menu.repository'
import { findOrder, isUniqueViolation, type OrderRecord } from '../../storage/repositories/order.repository'
import {
  countShopReviews,
  countSubmitsSince,
  deleteSubmit,
  findReview,
  findSubmitByKey,
  insertSubmit,
  listShopReviews,
  parseIdList,
  reviewsOfOrder,
  type ReviewRecord
} from '../../storage/repositories/review.repository'
import type { Database } from '../../storage/schema'
import { instantOf } from '../catalogue/menu-import.service'
import { enterpriseTimeZone, wallClockText } from '../enterprise/enterprise.service'
import type { InTransaction } from '../in-transaction'
import { DomainError, EnvelopeError, invalidInput } from '../errors'
import { memberOwnerKey } from '../members/member-session'
import { orderLineRows } from '../orders/order-view'
import { checkReviewPhotos, reviewPhotoRows } from './review-photos'

/** Spec §3 sale type 5: the line of a coupon the order took, not goods. */
const SALE_TYPE_COUPON = 5

/** Who writes or reads their reviews (a member operation's context has all of it). */
export interface ReviewCaller {
  db: Kysely<Database>
  storage: ObjectStorage
  entId: string
  vipId: string
  locale: Locale
  origin: string
  now: Date
}

/** The caller's own order whose lines may be reviewed, or REVIEW_NOT_ALLOWED (same answer for every reason). */
async function reviewableOrder(caller: ReviewCaller, sheetId: string): Promise<OrderRecord> {
  const order = sheetId ? await findOrder(caller.db, caller.entId, sheetId) : null
  const own = order !== null && (order.owner_key === memberOwnerKey(caller.vipId) || order.vip_id === caller.vipId)
  if (!order || !own || !REVIEWABLE_STATUSES.includes(order.status)) throw new DomainError('REVIEW_NOT_ALLOWED')
  // A paid table bill is reviewed by the lines it was for, numbered for the bill (bill-lines.ts);
  // one made before those were written down has no line numbers of its own.
  if (order.kind === 'settlement' && !(await billLinesOf(caller.db, [order.order_id])).has(order.order_id)) throw new DomainError('REVIEW_NOT_ALLOWED')
  return order
}

/** The order's goods lines (a coupon's line is none) with their names in the caller's language. */
async function linesOf(caller: ReviewCaller, order: OrderRecord): Promise<Map<number, { GoodsID: string; GoodsName: string }>> {
  const rows = await orderLineRows(caller.db, [order], caller.locale)
  return new Map(rows.filter((r) => r.SaleType !== SALE_TYPE_COUPON && r.GoodsID !== '').map((r) => [r.LineNo, { GoodsID: r.GoodsID, GoodsName: r.GoodsName }]))
}

function myReviewRow(
  review: ReviewRecord,
  line: { GoodsName: string } | undefined,
  photos: Map<string, ImageRow>,
  timeZone: string,
  now: Date
): MyReviewRow {
  const wall = (iso: string) => (iso ? wallClockText(timeZone, new Date(iso)) : '')
  return {
    CommentID: review.review_id,
    SheetID: review.order_id ?? '',
    LineNo: Number(review.line_no),
    GoodsID: review.goods_id,
    GoodsName: line?.GoodsName ?? '',
    Stars: Number(review.stars),
    Content: review.content,
    Images: parseIdList(review.file_ids).flatMap((id) => photos.get(id) ?? []),
    Anonymous: Number(review.anonymous) === 1 ? 1 : 0,
    Reply: review.reply,
    Hidden: Number(review.hidden) === 1 ? 1 : 0,
    CreatedDate: wall(review.created_at),
    UpdatedDate: wall(review.updated_at),
    CanEdit: reviewEditable(review.created_at, now) ? 1 : 0
  }
}

async function answerOf(caller: ReviewCaller, order: OrderRecord): Promise<MyReviewRow[]> {
  const [reviews, lines, timeZone] = await Promise.all([
    reviewsOfOrder(caller.db, order.order_id),
    linesOf(caller, order),
    enterpriseTimeZone(caller.db, caller.entId)
  ])
  const photos = await reviewPhotoRows(caller, reviews.flatMap((r) => parseIdList(r.file_ids)))
  return reviews.map((r) => myReviewRow(r, lines.get(Number(r.line_no)), photos, timeZone, caller.now))
}

/** OrderCommentsGet: the caller's reviews of their order, by line. */
export async function orderReviews(caller: ReviewCaller, sheetId: string): Promise<MyReviewRow[]> {
  return answerOf(caller, await reviewableOrder(caller, sheetId))
}

export interface ReviewSubmission {
  SheetID: string
  Comments: ReviewInput[]
  RequestKey?: string
}

/**
 * GoodsCommentSubmit: writes a review per line given, or edits the line's review while it may be
 * edited (REVIEW_EDIT_CLOSED after; nothing is written then). Answers the order's reviews.
 */
export async function submitReviews(caller: ReviewCaller, input: ReviewSubmission): Promise<MyReviewRow[]> {
  const order = await reviewableOrder(caller, input.SheetID)
  const lines = await linesOf(caller, order)
  const seen = new Set<number>()
  for (const c of input.Comments) {
    if (seen.has(c.LineNo)) throw invalidInput('Comments.LineNo')
    seen.add(c.LineNo)
    if (!lines.has(c.LineNo)) throw new DomainError('REVIEW_NOT_ALLOWED')
  }

  const { db, entId, vipId, now } = caller
  if (input.RequestKey) {
    const before = await findSubmitByKey(db, entId, vipId, input.RequestKey)
    // A key names one submission: used for another order it is a mistake of the caller's.
    if (before) {
      if (before.order_id !== order.order_id) throw invalidInput('RequestKey')
      return answerOf(caller, order)
    }
  }

  // Edit window first (a closed review refuses the whole submission, before it counts).
  const existing = new Map((await reviewsOfOrder(db, order.order_id)).map((r) => [Number(r.line_no), r]))
  for (const c of input.Comments) {
    const review = existing.get(c.LineNo)
    if (review && !reviewEditable(review.created_at, now)) throw new DomainError('REVIEW_EDIT_CLOSED')
  }
  // Photos: the member's checked uploads; a review's own photos stay usable when it is edited.
  const kept = new Set(input.Comments.flatMap((c) => (existing.get(c.LineNo) ? parseIdList(existing.get(c.LineNo)!.file_ids) : [])))
  const fresh = [...new Set(input.Comments.flatMap((c) => c.FileIDs ?? []))].filter((id) => !kept.has(id))
  if (fresh.length > 0) await checkReviewPhotos(caller, fresh)

  // The rate limit: stored first and counted after, so racing submissions on any process cannot all pass.
  const submitId = randomUUID()
  try {
    await insertSubmit(db, { submit_id: submitId, ent_id: entId, vip_id: vipId, order_id: order.order_id, request_key: input.RequestKey ?? null, created_at: now.toISOString() })
  } catch (error) {
    if (input.RequestKey && isUniqueViolation(error)) return answerOf(caller, order)
    throw error
  }
  const since = new Date(now.getTime() - REVIEW_RATE_WINDOW_MS).toISOString()
  if ((await countSubmitsSince(db, entId, vipId, since)) > REVIEW_SUBMITS_PER_HOUR) {
    await deleteSubmit(db, submitId)
    throw new EnvelopeError('RATE_LIMITED')
  }

  try {
    const member = await db.selectFrom('members').select(['vip_name', 'head_img']).where('vip_id', '=', vipId).executeTakeFirst()
    await db.transaction().execute(async (trx) => {
      for (const c of input.Comments) {
        const goodsId = lines.get(c.LineNo)!.GoodsID
        const fileIds = JSON.stringify([...new Set(c.FileIDs ?? [])])
        const review = existing.get(c.LineNo)
        if (review) {
          await trx
            .updateTable('goods_reviews')
            .set({ stars: c.Stars, content: c.Content, anonymous: c.Anonymous === 1 ? 1 : 0, file_ids: fileIds, updated_at: now.toISOString() })
            .where('review_id', '=', review.review_id)
            .execute()
        } else {
          await trx
            .insertInto('goods_reviews')
            .values({
              review_id: `R${randomUUID().replace(/-/g, '')}`,
              ent_id: entId,
              shop_id: order.shop_id,
              goods_id: goodsId,
              vip_id: vipId,
              vip_name: member?.vip_name ?? '',
              head_img: member?.head_img ?? '',
              stars: c.Stars,
              content: c.Content,
              images: '[]',
              created_at: now.toISOString(),
              is_imported: 0,
              order_id: order.order_id,
              line_no: c.LineNo,
              anonymous: c.Anonymous === 1 ? 1 : 0,
              file_ids: fileIds
            })
            .execute()
        }
      }
      // The menu's review counts change: every process drops its cached menu.
      await bumpMenuVersion(trx, entId, order.shop_id, now)
    })
  } catch (error) {
    await deleteSubmit(db, submitId)
    // Two first submissions of one line at once: the other one wrote it; this one edits it.
    if (isUniqueViolation(error)) return submitReviews(caller, input)
    throw error
  }
  return answerOf(caller, order)
}

// ---------- the shop (CLI and console) ----------

/** The longest reply the shop may write (the app shows it under the review). */
export const REVIEW_REPLY_MAX = 500

export interface ShopReviewFilter {
  entId: string
  goodsId?: string
  /** Only these shops' reviews (absent: all of the enterprise's). */
  shopIds?: string[]
  /** Wall-clock days of the enterprise (YYYY-MM-DD), both included. */
  fromDay?: string
  toDay?: string
  stars?: number
  hidden?: 0 | 1
  limit: number
  offset?: number
}

/** The shop's review list: newest first, hidden ones too; days are the enterprise's, `toDay` included. */
export async function shopReviews(db: Kysely<Database>, f: ShopReviewFilter): Promise<{ rows: ReviewRecord[]; total: number; timeZone: string }> {
  const timeZone = await enterpriseTimeZone(db, f.entId)
  const query = {
    entId: f.entId,
    goodsId: f.goodsId,
    shopIds: f.shopIds,
    fromInstant: f.fromDay ? instantOf(timeZone, f.fromDay, '00:00').toISOString() : undefined,
    // The last day listed is included: up to the start of the day after.
    toInstant: f.toDay ? new Date(instantOf(timeZone, f.toDay, '00:00').getTime() + 24 * 3600_000).toISOString() : undefined,
    stars: f.stars,
    hidden: f.hidden,
    limit: f.limit,
    offset: f.offset
  }
  const [rows, total] = await Promise.all([listShopReviews(db, query), countShopReviews(db, query)])
  return { rows, total, timeZone }
}

/**
 * The shop's reply ('' removes it; at most REVIEW_REPLY_MAX characters, the caller checks).
 * Unknown review → null. `inTransaction` sees the review before the change.
 */
export async function replyToReview(
  db: Kysely<Database>,
  entId: string,
  reviewId: string,
  reply: string,
  now: Date,
  inTransaction?: InTransaction<ReviewRecord>
): Promise<ReviewRecord | null> {
  const review = await findReview(db, entId, reviewId)
  if (!review) return null
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('goods_reviews')
      .set({ reply, replied_at: reply ? now.toISOString() : '' })
      .where('review_id', '=', reviewId)
      .execute()
    await bumpMenuVersion(trx, entId, review.shop_id, now)
    await inTransaction?.(trx, review)
  })
  return findReview(db, entId, reviewId)
}

/** Hides (1) or shows again (0) a review: hidden ones leave the list and the rating summary. */
export async function setReviewHidden(
  db: Kysely<Database>,
  entId: string,
  reviewId: string,
  hidden: 0 | 1,
  now: Date,
  inTransaction?: InTransaction<ReviewRecord>
): Promise<ReviewRecord | null> {
  const review = await findReview(db, entId, reviewId)
  if (!review) return null
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('goods_reviews').set({ hidden }).where('review_id', '=', reviewId).execute()
    await bumpMenuVersion(trx, entId, review.shop_id, now)
    await inTransaction?.(trx, review)
  })
  return findReview(db, entId, reviewId)
}
