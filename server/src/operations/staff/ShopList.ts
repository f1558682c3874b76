import { z } from 'zod'
import { listBranchSetups, listShopSetups } from '../../domain/setup/shop-setup.service'
import { mayBase, mayShop } from '../../domain/staff/staff-actor'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'ShopList',
  auth: 'shops.manage',
  input: z.object({}),
  async handler(ctx) {
    const staff = ctx.staff
    const [shops, branches] = await Promise.all([listShopSetups(ctx.db, staff.entId), listBranchSetups(ctx.db, staff.entId)])
    return {
      table1: shops.filter((s) => mayShop(staff, s.shopId)),
      table2: branches.filter((b) => mayBase(staff, b.shopId, b.baseId))
    }
  }
})
