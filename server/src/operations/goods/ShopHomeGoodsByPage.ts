import { z } from 'zod'
import { homeGoods, memoKey, openMenu } from '../../domain/catalogue/catalogue.service'
import { keepAnswer } from '../../http/kept-answers'
import { menuScopeFields, pagingFields } from '../fields'
import { defineOperation } from '../operation'
import { GOODS_COLUMNS, TOTAL_COLUMNS, goodsRow, totalRow } from '../rows'

export default defineOperation({
  name: 'ShopHomeGoodsByPage',
  group: 'Goods',
  summary:
    'Recommended goods (IsRecommend) of the shop, sold on BaseID when given, in menu order and paged; table2 counts them all. Unknown shop → 20003; BaseID not of the shop → 20004.',
  auth: 'app',
  input: z.object({ ...menuScopeFields, ...pagingFields }),
  output: { table1: GOODS_COLUMNS, table2: TOTAL_COLUMNS },
  async handler(ctx, input) {
    const read = await openMenu(ctx.db, ctx.enterprise.entId, input, ctx.now, ctx.origin)
    return keepAnswer(
      read.memo(memoKey('ShopHomeGoodsByPage', ctx.locale, input.PageIndex, input.PageSize), () => {
        const { goods, total } = homeGoods(read, input)
        return { table1: goods.map((g) => goodsRow(g, read, ctx.locale)), table2: [totalRow(total)] }
      }),
      read.check
    )
  }
})
