import { z } from 'zod'
import { goodsList, memoKey, openMenu } from '../../domain/catalogue/catalogue.service'
import { keepAnswer } from '../../http/kept-answers'
import { menuScopeFields, optionalId, optionalInteger, pagingFields } from '../fields'
import { defineOperation } from '../operation'
import { GOODS_COLUMNS, TOTAL_COLUMNS, goodsRow, totalRow } from '../rows'

export default defineOperation({
  name: 'GoodsListByClass',
  group: 'Goods',
  summary:
    "Goods of one class (ClassID '' or absent: the whole menu) in menu order: class sort, then goods sort. With Keyword: goods whose number (GoodsCode) starts with it first, then goods whose name in any language contains it, each group by goods number, case-insensitive. Without PageSize every match is returned; table2 counts all matches. Prices are those of now on the enterprise's clock. Goods off sale at this hour are listed too (OnSaleTime/OffSaleTime tell). Unknown shop → 20003; BaseID not of the shop → 20004; unknown ClassID → 20008.",
  auth: 'app',
  input: z.object({
    ...menuScopeFields,
    ClassID: optionalId("Class id ('' or absent: every class)"),
    Keyword: z
      .preprocess((v) => (typeof v === 'number' ? String(v) : v === null ? undefined : v), z.string().trim().max(100).optional())
      .describe('Goods number prefix or part of a name'),
    PageIndex: pagingFields.PageIndex,
    PageSize: optionalInteger('Rows per page, 1–1000 (absent: every match)', 1, 1000)
  }),
  output: { table1: GOODS_COLUMNS, table2: TOTAL_COLUMNS },
  async handler(ctx, input) {
    const read = await openMenu(ctx.db, ctx.enterprise.entId, input, ctx.now, ctx.origin)
    const key = memoKey('GoodsListByClass', ctx.locale, input.ClassID, input.Keyword, input.PageIndex, input.PageSize)
    return keepAnswer(
      read.memo(key, () => {
        const { goods, total } = goodsList(read, input)
        return { table1: goods.map((g) => goodsRow(g, read, ctx.locale)), table2: [totalRow(total)] }
      }),
      read.check
    )
  }
})
