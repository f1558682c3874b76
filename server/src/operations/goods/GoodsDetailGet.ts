import { z } from 'zod'
import { goodsDetail, memoKey, openMenu } from '../../domain/catalogue/catalogue.service'
import { keepAnswer } from '../../http/kept-answers'
import { goodsIdField, menuScopeFields } from '../fields'
import { defineOperation } from '../operation'
import {
  GOODS_DETAIL_COLUMNS,
  PACK_UNIT_COLUMNS,
  SKU_ATTRIBUTE_COLUMNS,
  SKU_ATTRIBUTE_VALUE_COLUMNS,
  SKU_COLUMNS,
  goodsDetailRow,
  packUnitRow,
  skuAttributeRow,
  skuAttributeValueRow,
  skuRow
} from '../rows'

export default defineOperation({
  name: 'GoodsDetailGet',
  group: 'Goods',
  summary:
    'One goods for goodsDetails: the goods with its names in all languages, description, remark groups and pictures (table1), its sku attributes (table2) and their values (table3), its skus with prices now and stock (table4) and its pack units (table5); tables 2–5 are empty when the goods has none. Unknown goods, or goods not sold on the BaseID given → 20007; unknown shop → 20003; BaseID not of the shop → 20004.',
  auth: 'app',
  input: z.object({ ...menuScopeFields, GoodsID: goodsIdField }),
  output: {
    table1: GOODS_DETAIL_COLUMNS,
    table2: SKU_ATTRIBUTE_COLUMNS,
    table3: SKU_ATTRIBUTE_VALUE_COLUMNS,
    table4: SKU_COLUMNS,
    table5: PACK_UNIT_COLUMNS
  },
  async handler(ctx, input) {
    const read = await openMenu(ctx.db, ctx.enterprise.entId, input, ctx.now, ctx.origin)
    return keepAnswer(
      read.memo(memoKey('GoodsDetailGet', ctx.locale, input.GoodsID), () => {
        const detail = goodsDetail(read, input.GoodsID)
        const goods = detail.goods
        return {
          table1: [goodsDetailRow(detail, read, ctx.locale)],
          table2: goods.attributes.map((a) => skuAttributeRow(a, ctx.locale)),
          table3: goods.attributes.flatMap((a) => a.values.map((v) => skuAttributeValueRow(v, ctx.locale))),
          table4: detail.skus.map((s) => skuRow(s, goods, ctx.locale)),
          table5: detail.packUnits.map((p) => packUnitRow(p, ctx.locale))
        }
      }),
      read.check
    )
  }
})
