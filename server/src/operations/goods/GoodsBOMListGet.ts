import { z } from 'zod'
import { goodsCombo, memoKey, openMenu } from '../../domain/catalogue/catalogue.service'
import { keepAnswer } from '../../http/kept-answers'
import { goodsIdField, menuScopeFields } from '../fields'
import { defineOperation } from '../operation'
import { BOM_CLASS_COLUMNS, BOM_GOODS_COLUMNS, bomClassRow, bomGoodsRow } from '../rows'

export default defineOperation({
  name: 'GoodsBOMListGet',
  group: 'Goods',
  summary:
    "A combo goods' classes (table1: how many to pick, required or optional) and the goods to pick from in each (table2: quantity, unit, markup, default), in menu order; both empty for a goods that is not a combo. Unknown goods (or not sold on BaseID) → 20007; unknown shop → 20003; BaseID not of the shop → 20004.",
  auth: 'app',
  input: z.object({ ...menuScopeFields, GoodsID: goodsIdField }),
  output: { table1: BOM_CLASS_COLUMNS, table2: BOM_GOODS_COLUMNS },
  async handler(ctx, input) {
    const read = await openMenu(ctx.db, ctx.enterprise.entId, input, ctx.now, ctx.origin)
    return keepAnswer(
      read.memo(memoKey('GoodsBOMListGet', ctx.locale, input.GoodsID), () => {
        const combo = goodsCombo(read, input.GoodsID)
        return {
          table1: combo.classes.map((c) => bomClassRow(c, ctx.locale)),
          table2: combo.items.map((i) => bomGoodsRow(i.comboClass, i.item, i.goods, read, ctx.locale))
        }
      }),
      read.check
    )
  }
})
