import { z } from 'zod'
import { announceMenuChange, goodsFileItem, removeMenuGoods } from '../../domain/catalogue/menu-edit.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { assertWholeShop } from '../../domain/staff/staff-actor'
import { idField, noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { afterMenuChange, shopField } from './staff-menu-edit'

export default defineStaffOperation({
  name: 'MenuGoodsRemove',
  auth: 'menu.edit',
  input: z.object({ ShopID: shopField, GoodsID: idField('The goods (not one that is a choice in a combo)'), Reason: noteText('Why (kept in the audit log)') }),
  async handler(ctx, input) {
    const staff = ctx.staff
    assertWholeShop(staff, input.ShopID)
    const startedAt = Date.now()
    const removed = await ctx.db.transaction().execute(async (trx) => {
      const removed = await removeMenuGoods(trx, { entId: staff.entId, shopId: input.ShopID, goodsId: input.GoodsID, locale: ctx.locale, now: ctx.now })
      await appendAudit(trx, {
        entId: staff.entId,
        actor: staff,
        action: 'menu.goods.remove',
        targetType: 'goods',
        targetId: input.GoodsID,
        detail: { shopId: input.ShopID, before: goodsFileItem(removed.menu, removed.before) },
        reason: input.Reason,
        clientIp: ctx.clientIp,
        now: ctx.now
      })
      await announceMenuChange(trx, staff.entId, input.ShopID, removed.version, ctx.now)
      return removed
    })
    await afterMenuChange(ctx.db, ctx.config.filesDir, staff.entId, input.ShopID, startedAt)
    return { table1: [{ GoodsID: input.GoodsID, Version: removed.version }] }
  }
})
