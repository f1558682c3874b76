import { z } from 'zod'
import { setAddOnSoldOut } from '../../domain/catalogue/sold-out.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { assertShop } from '../../domain/staff/staff-actor'
import { soldOutFlag } from './GoodsSoldOutSet'
import { idField, noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'AddOnSoldOutSet',
  auth: 'menu.soldOut',
  input: z.object({ ShopID: idField('The shop'), GoodsID: idField('The goods'), OptionID: idField('The add-on'), SoldOut: soldOutFlag, Reason: noteText('Why (kept in the audit log)') }),
  async handler(ctx, input) {
    const staff = ctx.staff
    assertShop(staff, input.ShopID)
    const change = await ctx.db.transaction().execute(async (trx) => {
      const change = await setAddOnSoldOut(trx, { entId: staff.entId, shopId: input.ShopID, goodsId: input.GoodsID, optionId: input.OptionID, soldOut: input.SoldOut === 1 }, ctx.now)
      if (change.changed) {
        await appendAudit(trx, { entId: staff.entId, actor: staff, action: input.SoldOut ? 'addOn.soldOut' : 'addOn.backOnSale', targetType: 'addOn', targetId: input.OptionID, detail: { shopId: input.ShopID, goodsId: input.GoodsID }, reason: input.Reason, clientIp: ctx.clientIp, now: ctx.now })
      }
      return change
    })
    return { table1: [{ GoodsID: input.GoodsID, OptionID: input.OptionID, SoldOut: input.SoldOut, Changed: change.changed }] }
  }
})
