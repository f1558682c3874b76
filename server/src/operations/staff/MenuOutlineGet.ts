import { z } from 'zod'
import { parseGoodsRemarks } from '../../../../src/core/goods-remarks'
import { LOCALES } from '../../../../src/gateway/contract'
import { readShopMenu } from '../../domain/catalogue/menu-edit.service'
import { assertWholeShop } from '../../domain/staff/staff-actor'
import { listBases } from '../../storage/repositories/base.repository'
import { defineStaffOperation } from './staff-operation'
import { menuImageUrl, shopField } from './staff-menu-edit'

export default defineStaffOperation({
  name: 'MenuOutlineGet',
  auth: 'menu.edit',
  input: z.object({ ShopID: shopField }),
  async handler(ctx, input) {
    const staff = ctx.staff
    assertWholeShop(staff, input.ShopID)
    const menu = await readShopMenu(ctx.db, staff.entId, input.ShopID)
    const imageUrl = await menuImageUrl(ctx, staff.entId, input.ShopID)
    const bases = await listBases(ctx.db, staff.entId, { shopIds: [input.ShopID] })
    const counts = new Map<string, number>()
    for (const g of menu.goods) counts.set(g.classId, (counts.get(g.classId) ?? 0) + 1)
    return {
      table1: menu.classes.map((c) => ({ ClassID: c.classId, Code: c.code, Names: c.names, Sort: c.sortNo, GoodsCount: counts.get(c.classId) ?? 0 })),
      table2: menu.goods.map((g) => ({
        GoodsID: g.goodsId,
        ClassID: g.classId,
        Code: g.code,
        Names: g.names,
        Type: g.goodsType,
        Price: g.salesPrice,
        ImageUrl: imageUrl(g.image),
        SoldOut: g.soldOut ? 1 : 0,
        Sort: g.sortNo,
        Required: LOCALES.some((l) => parseGoodsRemarks(g.remarks[l]).some((r) => r.required)) ? 1 : 0
      })),
      table3: bases.map((b) => ({ BaseID: b.baseId, Names: b.names })),
      table4: [{ Version: menu.version }]
    }
  }
})
