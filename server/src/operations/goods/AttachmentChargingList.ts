import { z } from 'zod'
import { memoKey, openMenu, requireGoods } from '../../domain/catalogue/catalogue.service'
import { keepAnswer } from '../../http/kept-answers'
import { goodsIdField, menuScopeFields } from '../fields'
import { defineOperation } from '../operation'
import { ATTACHMENT_COLUMNS, attachmentRow } from '../rows'

export default defineOperation({
  name: 'AttachmentChargingList',
  group: 'Goods',
  summary:
    'Priced add-ons (attachments) of one goods in menu order; empty when it has none. Unknown goods (or not sold on BaseID) → 20007; unknown shop → 20003; BaseID not of the shop → 20004.',
  auth: 'app',
  input: z.object({ ...menuScopeFields, GoodsID: goodsIdField }),
  output: { table1: ATTACHMENT_COLUMNS },
  async handler(ctx, input) {
    const read = await openMenu(ctx.db, ctx.enterprise.entId, input, ctx.now, ctx.origin)
    return keepAnswer(
      read.memo(memoKey('AttachmentChargingList', ctx.locale, input.GoodsID), () => {
        const goods = requireGoods(read, input.GoodsID)
        return { table1: goods.addOns.map((a) => attachmentRow(goods, a, ctx.locale)) }
      }),
      read.check
    )
  }
})
