import { z } from 'zod'
import { announceMenuChange, setSkuStock } from '../../domain/catalogue/menu-edit.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { assertWholeShop } from '../../domain/staff/staff-actor'
import { idField, noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { afterMenuChange, shopField } from './staff-menu-edit'

export default defineStaffOperation({
  name: 'MenuStockSet',
  auth: 'menu.edit',
  input: z.object({
    ShopID: shopField,
    GoodsID: idField('The goods'),
    SkuID: idField('The sku (goods without specs have no stock: they are unlimited)'),
    Stock: z
      .preprocess((v) => (v === '' || v == null ? null : v), z.coerce.number().int().min(0).max(1_000_000_000).nullable())
      .describe("Main units in stock; '' = unlimited"),
    Reason: noteText('Why (kept in the audit log)')
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    assertWholeShop(staff, input.ShopID)
    const startedAt = Date.now()
    const changed = await ctx.db.transaction().execute(async (trx) => {
      const changed = await setSkuStock(trx, { entId: staff.entId, shopId: input.ShopID, goodsId: input.GoodsID, skuId: input.SkuID, stock: input.Stock, locale: ctx.locale, now: ctx.now })
      await appendAudit(trx, {
        entId: staff.entId,
        actor: staff,
        action: 'menu.stock',
        targetType: 'sku',
        targetId: input.SkuID,
        detail: { shopId: input.ShopID, goodsId: input.GoodsID, before: changed.before, after: changed.after },
        reason: input.Reason,
        clientIp: ctx.clientIp,
        now: ctx.now
      })
      await announceMenuChange(trx, staff.entId, input.ShopID, changed.version, ctx.now)
      return changed
    })
    await afterMenuChange(ctx.db, ctx.config.filesDir, staff.entId, input.ShopID, startedAt)
    return { table1: [{ GoodsID: input.GoodsID, SkuID: input.SkuID, Stock: changed.after, Version: changed.version }] }
  }
})
