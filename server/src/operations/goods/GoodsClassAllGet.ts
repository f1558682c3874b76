import { z } from 'zod'
import { memoKey, menuClasses, openMenu } from '../../domain/catalogue/catalogue.service'
import { keepAnswer } from '../../http/kept-answers'
import { menuScopeFields } from '../fields'
import { defineOperation } from '../operation'
import { GOODS_CLASS_COLUMNS, goodsClassRow } from '../rows'

export default defineOperation({
  name: 'GoodsClassAllGet',
  group: 'Goods',
  summary:
    "Every goods class of a shop's menu in menu order, with how many goods each has; classes without goods (on the branch, when BaseID is given) are left out. Unknown shop → 20003; BaseID not a branch of the shop → 20004.",
  auth: 'app',
  input: z.object(menuScopeFields),
  output: { table1: GOODS_CLASS_COLUMNS },
  async handler(ctx, input) {
    const read = await openMenu(ctx.db, ctx.enterprise.entId, input, ctx.now, ctx.origin)
    return keepAnswer(
      read.memo(memoKey('GoodsClassAllGet', ctx.locale), () => ({
        table1: menuClasses(read).map((c) => goodsClassRow(c.goodsClass, c.goodsCount, read, ctx.locale))
      })),
      read.check
    )
  }
})
