import { z } from 'zod'
import { shopsPage } from '../../domain/shops/shop.service'
import { pagingFields } from '../fields'
import { defineOperation } from '../operation'
import { SHOP_COLUMNS, TOTAL_COLUMNS, shopRow, totalRow } from '../rows'

export default defineOperation({
  name: 'ShopListByPage',
  group: 'Common',
  summary: "The enterprise's enabled shops by shop code, one page; table2 holds the total.",
  auth: 'app',
  input: z.object(pagingFields),
  output: { table1: SHOP_COLUMNS, table2: TOTAL_COLUMNS },
  async handler(ctx, input) {
    const { shops, total } = await shopsPage(ctx.db, ctx.enterprise.entId, input)
    return { table1: shops.map((s) => shopRow(s, ctx.locale)), table2: [totalRow(total)] }
  }
})
