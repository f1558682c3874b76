/** Columns of a member's own review (OrderCommentsGet, GoodsCommentSubmit). */
import type { MyReviewRow } from '../../../../src/gateway/after-rows'
import type { MemberOperationContext, ColumnDocs } from '../operation'
import type { ReviewCaller } from '../../domain/reviews/reviews.service'

export const MY_REVIEW_COLUMNS: ColumnDocs<MyReviewRow> = {
  CommentID: 'string: review id',
  SheetID: 'string: the order',
  LineNo: 'number: the order line reviewed',
  GoodsID: 'string',
  GoodsName: "string: in the request's language",
  Stars: 'number: 1–5',
  Content: 'string: the review text',
  Images: 'list of ImageRow: the photos (FileID, Url, ThumbUrl, Width, Height)',
  Anonymous: "number: 1 shown without the member's name and avatar",
  Reply: "string: the shop's reply, '' none",
  Hidden: 'number: 1 when the shop hid it from the list',
  CreatedDate: "string: first written, 'YYYY-MM-DD HH:mm:ss' on the enterprise's wall clock",
  UpdatedDate: "string: last edited, '' never",
  CanEdit: 'number: 1 while the member may still edit it'
}

export const reviewCaller = (ctx: MemberOperationContext): ReviewCaller => ({
  db: ctx.db,
  storage: ctx.providers.storage,
  entId: ctx.enterprise.entId,
  vipId: ctx.member.vipId,
  locale: ctx.locale,
  origin: ctx.origin,
  now: ctx.now
})
