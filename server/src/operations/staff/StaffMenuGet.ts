import { z } from 'zod'
import type { LocalizedText } from '../../../../src/gateway/contract'
import { assertShop } from '../../domain/staff/staff-actor'
import { idField } from './staff-fields'
import { defineStaffOperation } from './staff-operation'

const names = (text: string): LocalizedText => JSON.parse(text) as LocalizedText

export default defineStaffOperation({
  name: 'StaffMenuGet',
  auth: 'menu.soldOut',
  input: z.object({ ShopID: idField('The shop') }),
  async handler(ctx, input) {
    assertShop(ctx.staff, input.ShopID)
    const shop = ctx.staff.entId
    const [classes, goods, addOns] = await Promise.all([
      ctx.db.selectFrom('goods_classes').select(['class_id', 'names']).where('ent_id', '=', shop).where('shop_id', '=', input.ShopID).orderBy('sort_no').orderBy('class_id').execute(),
      ctx.db.selectFrom('goods').select(['goods_id', 'class_id', 'code', 'names', 'sales_price', 'image', 'sold_out']).where('ent_id', '=', shop).where('shop_id', '=', input.ShopID).orderBy('sort_no').orderBy('code').execute(),
      ctx.db
        .selectFrom('goods_add_ons as a')
        .innerJoin('goods as g', (j) => j.onRef('g.goods_id', '=', 'a.goods_id').onRef('g.shop_id', '=', 'a.shop_id'))
        .select(['a.goods_id', 'a.option_id', 'a.names', 'a.sales_price', 'a.sold_out'])
        .where('g.ent_id', '=', shop)
        .where('a.shop_id', '=', input.ShopID)
        .orderBy('a.goods_id')
        .orderBy('a.sort_no')
        .execute()
    ])
    return {
      table1: goods.map((g) => ({ GoodsID: g.goods_id, ClassID: g.class_id, Code: g.code, Names: names(g.names), Price: g.sales_price, Image: g.image, SoldOut: Number(g.sold_out) })),
      table2: addOns.map((a) => ({ GoodsID: a.goods_id, OptionID: a.option_id, Names: names(a.names), Price: a.sales_price, SoldOut: Number(a.sold_out) })),
      table3: classes.map((c) => ({ ClassID: c.class_id, Names: names(c.names) }))
    }
  }
})
