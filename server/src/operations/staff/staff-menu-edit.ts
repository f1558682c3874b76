/**
 * Shared by the console's Menu operations (issue 23: MenuOutlineGet, MenuClassSave, MenuGoodsSave
 * …): the goods row they answer, and the end of every change (the menu cache told, pictures the
 * shop no longer uses let go). Domain rules are in server/src/domain/catalogue/menu-edit.service.ts.
 */
import type { Kysely } from 'kysely'
import type { StaffMenuGoodsRow } from '../../../../src/gateway/staff-contract'
import { imageResolver } from '../../domain/catalogue/catalogue.service'
import { goodsFileItem } from '../../domain/catalogue/menu-edit.service'
import { menuCache } from '../../domain/catalogue/menu-cache'
import { prunePictures } from '../../domain/catalogue/menu-import.service'
import type { CatalogueGoods, ShopMenu } from '../../domain/catalogue/records'
import { findMenuHead } from '../../storage/repositories/menu.repository'
import type { Database } from '../../storage/schema'
import type { StaffOperationContext } from './staff-operation'
import { idField } from './staff-fields'

export const shopField = idField('The shop (the menu is the whole shop’s: a person limited to some branches cannot edit it)')

/** Absolute picture URLs for stored menu picture paths, as diners' rows build them. */
export async function menuImageUrl(ctx: StaffOperationContext, entId: string, shopId: string): Promise<(path: string) => string> {
  const head = await findMenuHead(ctx.db, entId, shopId)
  return imageResolver(head?.imageLink ?? null, ctx.origin)
}

export function menuGoodsRow(menu: Pick<ShopMenu, 'shopId' | 'classes' | 'goods'>, g: CatalogueGoods, version: number, imageUrl: (path: string) => string): StaffMenuGoodsRow {
  return {
    GoodsID: g.goodsId,
    ClassID: g.classId,
    Goods: goodsFileItem(menu, g),
    ImageUrl: imageUrl(g.image),
    SoldOut: g.soldOut ? 1 : 0,
    Version: version
  }
}

/** After a change committed: this process's cached menu goes at once (others see the new version); unused pictures go. */
export async function afterMenuChange(db: Kysely<Database>, filesDir: string, entId: string, shopId: string, startedAt: number): Promise<void> {
  menuCache(db).invalidate(entId, shopId)
  await prunePictures(db, filesDir, entId, shopId, startedAt)
}
