import fs from 'node:fs'
import { z } from 'zod'
import { announceMenuChange, changedPrices, goodsFileItem, saveMenuGoods, storeMenuPicture } from '../../domain/catalogue/menu-edit.service'
import { DomainError } from '../../domain/errors'
import { staffUploader, useCheckedImages } from '../../domain/files/uploaded-images'
import { appendAudit } from '../../domain/staff/audit-log'
import { assertWholeShop } from '../../domain/staff/staff-actor'
import { idField, noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { afterMenuChange, menuGoodsRow, menuImageUrl, shopField } from './staff-menu-edit'

const flag01 = (description: string) => z.preprocess((v) => (v === '' || v == null ? 0 : v), z.coerce.number().int().min(0).max(1)).describe(description)

export default defineStaffOperation({
  name: 'MenuGoodsSave',
  auth: 'menu.edit',
  input: z.object({
    ShopID: shopField,
    GoodsID: idField("The goods to change; '' to add one"),
    Goods: z
      .record(z.string(), z.unknown())
      .describe(
        'The whole goods as one goods of the menu file (docs/menu-import.md: code, class, names, descriptions, unit, type, price, salesPrice, stepQua, onSaleTime/offSaleTime, bases, skus with stock, packUnits, remarks with "*" before required groups, addOns, combo …), checked with the import’s rules; no image paths'
      ),
    PictureFileID: idField("A checked upload of MenuPictureUploadTicket to use as the picture; '' keeps the current one"),
    RemovePicture: flag01('1: the goods has no picture any more'),
    KeepStock: flag01('1: skus that exist keep their stock as orders left it (the form did not change it); 0: the stock is as given'),
    Reason: noteText('Why (kept in the audit log; needed when a price of an existing goods changes)')
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    assertWholeShop(staff, input.ShopID)
    const startedAt = Date.now()

    // A new picture: the upload checked (decoded, metadata stripped) and copied among the menu's pictures first.
    let picture: 'keep' | 'none' | string = input.RemovePicture === 1 ? 'none' : 'keep'
    let created: string[] = []
    if (input.PictureFileID) {
      const [image] = await useCheckedImages(ctx.db, ctx.providers.storage, { entId: staff.entId, vipId: staffUploader(staff.staffId), purpose: 'goods-picture', fileIds: [input.PictureFileID] })
      const name = typeof input.Goods.code === 'string' ? input.Goods.code : 'goods'
      const stored = await storeMenuPicture(ctx.providers.storage, ctx.config.filesDir, staff.entId, input.ShopID, name, image)
      picture = stored.target
      created = stored.created
    }

    let saved
    try {
      saved = await ctx.db.transaction().execute(async (trx) => {
        const saved = await saveMenuGoods(trx, {
          entId: staff.entId,
          shopId: input.ShopID,
          goodsId: input.GoodsID,
          item: input.Goods,
          picture,
          keepStock: input.KeepStock === 1,
          locale: ctx.locale,
          now: ctx.now
        })
        const after = goodsFileItem(saved.menu, saved.goods)
        const audit = { entId: staff.entId, actor: staff, targetType: 'goods', targetId: saved.goods.goodsId, reason: input.Reason, clientIp: ctx.clientIp, now: ctx.now }
        const prices = saved.before ? changedPrices(saved.before, saved.goods) : {}
        if (Object.keys(prices).length > 0) {
          if (!input.Reason) throw new DomainError('MENU_INVALID', { detail: 'Reason: say why the price changes (kept in the audit log)' })
          await appendAudit(trx, { ...audit, action: 'menu.price', detail: { shopId: input.ShopID, prices } })
        }
        await appendAudit(trx, {
          ...audit,
          action: 'menu.goods.save',
          detail: {
            shopId: input.ShopID,
            created: saved.before === null,
            before: saved.before ? { ...goodsFileItem(saved.menu, saved.before), image: saved.before.image } : null,
            after: { ...after, image: saved.goods.image }
          }
        })
        await announceMenuChange(trx, staff.entId, input.ShopID, saved.version, ctx.now)
        return saved
      })
    } catch (error) {
      // The picture copied for this change (with its variants) is not kept when the change is not.
      for (const file of created) fs.rmSync(file, { force: true })
      throw error
    }
    await afterMenuChange(ctx.db, ctx.config.filesDir, staff.entId, input.ShopID, startedAt)
    return { table1: [menuGoodsRow(saved.menu, saved.goods, saved.version, await menuImageUrl(ctx, staff.entId, input.ShopID))] }
  }
})
