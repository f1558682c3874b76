import { z } from 'zod'
import { groundingShops } from '../../domain/catalogue/catalogue.service'
import { goodsIdField } from '../fields'
import { defineOperation } from '../operation'
import { GROUNDING_SHOP_COLUMNS, groundingShopRow } from '../rows'

export default defineOperation({
  name: 'GroundingShopList',
  group: 'Goods',
  summary:
    "Every branch, with its shop, whose menu has the goods on the shelf (a goods belongs to one shop's menu; it may be limited to some of its branches), by branch code. Unknown goods, or goods of a disabled shop → 20007.",
  auth: 'app',
  input: z.object({ GoodsID: goodsIdField }),
  output: { table1: GROUNDING_SHOP_COLUMNS },
  async handler(ctx, input) {
    const { shop, bases } = await groundingShops(ctx.db, ctx.enterprise.entId, input.GoodsID, ctx.now, ctx.origin)
    return { table1: bases.map((b) => groundingShopRow(shop, b, ctx.locale)) }
  }
})
