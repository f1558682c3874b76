/** How many of each menu class the cart holds, for the dots on goodsList's class bar. */
import { Decimal, toDecimal } from '../core/money'
import type { CartStore } from '../features/cart/cart.store'
import type { MenuStore } from '../features/menu/menu.store'

export function cartCountByClass(menu: MenuStore, cart: CartStore, shopId: string, baseId: string): Map<string, Decimal> {
  const perClass = new Map<string, Decimal>()
  for (const e of cart.entriesFor(shopId, baseId)) {
    const goods = menu.goodsById(e.goodsDetails.GoodsID)
    if (!goods) continue
    const n = toDecimal(cart.goodsQuantity(goods.GoodsID, shopId, baseId))
    perClass.set(goods.ClassID, (perClass.get(goods.ClassID) ?? new Decimal(0)).plus(n))
  }
  return perClass
}
