import { z } from 'zod'
import { memoKey, openMenu, runningPromotionGoods } from '../../domain/catalogue/catalogue.service'
import { menuScopeFields } from '../fields'
import { defineOperation } from '../operation'
import { PROMOTION_GOODS_COLUMNS, promotionGoodsRow } from '../rows'

export default defineOperation({
  name: 'AvailablePromotionGoods',
  group: 'Retail',
  summary:
    "Promotions running now on the enterprise's clock (within their dates and daily hours), one row per promotion and goods (sold on BaseID when given), promotions in menu order. A goods in several gets the lowest price in the goods lists. Unknown shop → 20003; BaseID not of the shop → 20004.",
  auth: 'app',
  input: z.object(menuScopeFields),
  output: { table1: PROMOTION_GOODS_COLUMNS },
  async handler(ctx, input) {
    const read = await openMenu(ctx.db, ctx.enterprise.entId, input, ctx.now, ctx.origin)
    return read.memo(memoKey('AvailablePromotionGoods', ctx.locale), () => ({
      table1: runningPromotionGoods(read).map((p) => promotionGoodsRow(p.promotion, p.goods, ctx.locale))
    }))
  }
})
