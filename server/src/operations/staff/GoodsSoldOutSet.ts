import { z } from 'zod'
import { setGoodsSoldOut } from '../../domain/catalogue/sold-out.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { assertShop } from '../../domain/staff/staff-actor'
import { idField, noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'

export const soldOutFlag = z.coerce.number().int().min(0).max(1).describe('1 sold out, 0 back on sale')

export default defineStaffOperation({
  name: 'GoodsSoldOutSet',
  auth: 'menu.soldOut',
  input: z.object({ ShopID: idField('The shop'), GoodsID: idField('The goods'), SoldOut: soldOutFlag, Reason: noteText('Why (kept in the audit log)') }),
  async handler(ctx, input) {
    const staff = ctx.staff
    assertShop(staff, input.ShopID)
    const change = await ctx.db.transaction().execute(async (trx) => {
      const change = await setGoodsSoldOut(trx, { entId: staff.entId, shopId: input.ShopID, goodsId: input.GoodsID, soldOut: input.SoldOut === 1 }, ctx.now)
      if (change.changed) {
        await appendAudit(trx, { entId: staff.entId, actor: staff, action: input.SoldOut ? 'goods.soldOut' : 'goods.backOnSale', targetType: 'goods', targetId: input.GoodsID, detail: { shopId: input.ShopID }, reason: input.Reason, clientIp: ctx.clientIp, now: ctx.now })
      }
      return change
    })
    return { table1: [{ GoodsID: input.GoodsID, SoldOut: input.SoldOut, Changed: change.changed }] }
  }
})
