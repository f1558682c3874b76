import { z } from 'zod'
import { reorderLines } from '../../domain/orders/reorder'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'

export default defineOperation({
  name: 'OrderReorderGet',
  group: 'Retail',
  summary:
    "Ordering one of the caller's orders again (X-Device-Key, else errcode 10007; ownership as OrderDetailGet: unknown and another device's or member's alike → ORDER_NOT_FOUND): each goods line (table1, in line order) priced from today's menu of the order's shop and branch exactly as OrderSubmit would price it, with the cart line to put back (its sku, pack unit, remarks, add-ons and combo picks), or why it cannot come back: 'not-in-shop' (gone from the menu or this branch, or the shop or branch itself is gone), 'off-sale' (outside its sale time today, or none left), 'changed' (its sku, pack unit, remark, add-on or combo pick no longer exists, or its quantity is above the shop's cap now), 'stock' (fewer left than the line asks). Coupon lines (SaleType 5) are skipped; bags and the delivery fee are asked again at the new order. Nothing is written.",
  auth: 'app',
  input: z.object({ SheetID: requiredId('Order id') }),
  output: {
    table1: {
      LineNo: 'number: the line of the order',
      GoodsID: 'string: the goods',
      GoodsName: "string: its name today in the request's language (as ordered when it is gone)",
      Qua: 'number: main units the line had',
      Price: "string: today's price of one unit of the line (a pack on a pack line) without add-ons; '' when unavailable",
      Unavailable: "string: '' it can come back; 'not-in-shop', 'off-sale', 'changed' or 'stock'",
      Amount: "string: today's amount of the whole line with its choices (unrounded, as the cart shows it); '' when unavailable",
      Cart: 'object|null: { goods, line } as src/core/cart takes them (CartGoodsDetails and CartLineInput, priced today); null when unavailable'
    }
  },
  async handler(ctx, input) {
    return { table1: await reorderLines({ ...ctx, entId: ctx.enterprise.entId }, input.SheetID) }
  }
})
