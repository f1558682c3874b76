import { z } from 'zod'
import { goodsComments } from '../../domain/catalogue/catalogue.service'
import { goodsIdField, pagingFields } from '../fields'
import { defineOperation } from '../operation'
import { COMMENT_SUMMARY_COLUMNS, GOODS_COMMENT_COLUMNS, commentSummaryRow, goodsCommentRow } from '../rows'

export default defineOperation({
  name: 'GoodsCommentListByPage',
  group: 'Goods',
  summary:
    "Reviews of one goods the shop has not hidden, newest first, paged (table1: members' names masked, '' when anonymous; photos with thumbnails; the shop's reply), with the count and average stars of all shown ones (table2, one row). Unknown goods → 20007.",
  auth: 'app',
  input: z.object({ GoodsID: goodsIdField, ...pagingFields }),
  output: { table1: GOODS_COMMENT_COLUMNS, table2: COMMENT_SUMMARY_COLUMNS },
  async handler(ctx, input) {
    const comments = await goodsComments(ctx.db, ctx.enterprise.entId, input.GoodsID, input, ctx.origin, ctx.providers.storage)
    return { table1: comments.reviews.map((r) => goodsCommentRow(r, comments)), table2: [commentSummaryRow(comments)] }
  }
})
