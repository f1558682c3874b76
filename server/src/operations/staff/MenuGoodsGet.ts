import { z } from 'zod'
import { readShopMenu } from '../../domain/catalogue/menu-edit.service'
import { DomainError } from '../../domain/errors'
import { assertWholeShop } from '../../domain/staff/staff-actor'
import { idField } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { menuGoodsRow, menuImageUrl, shopField } from './staff-menu-edit'

export default defineStaffOperation({
  name: 'MenuGoodsGet',
  auth: 'menu.edit',
  input: z.object({ ShopID: shopField, GoodsID: idField('The goods') }),
  async handler(ctx, input) {
    const staff = ctx.staff
    assertWholeShop(staff, input.ShopID)
    const menu = await readShopMenu(ctx.db, staff.entId, input.ShopID)
    const goods = menu.goods.find((g) => g.goodsId === input.GoodsID)
    if (!goods) throw new DomainError('GOODS_NOT_FOUND')
    return { table1: [menuGoodsRow(menu, goods, menu.version, await menuImageUrl(ctx, staff.entId, input.ShopID))] }
  }
})
