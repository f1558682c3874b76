import { z } from 'zod'
import { submitOrder } from '../../domain/orders/order.service'
import { placesOnThread } from '../../domain/orders/placement-thread'
import { defineOperation } from '../operation'
import { cardIdField, ORDER_COLUMNS, ORDER_LINE_COLUMNS, placementFields, requestKeyField } from './OrderRows'

export default defineOperation({
  name: 'OrderSubmit',
  group: 'Retail',
  summary:
    "Places a prepay order (needs the X-Device-Key header, else errcode 10007): every line priced from the server's catalogue; a line whose Amount differs from the server's → PRICE_CHANGED naming the goods. Status 0 (awaiting payment) until paid; it expires after the enterprise's UnpaidOrderMinutes (15). Idempotent by RequestKey: the same key and content from the same device answers the first order as it is now; the key with other content or from another device → REQUEST_KEY_REUSED. table1 the order, table2 its lines. Refusals: 20003/20004/20005, SERVICE_NOT_OFFERED, SHOP_CLOSED, APPOINTMENT_OUTSIDE_HOURS, SLOT_FULL (21304: the appointed pickup slot already has the branch's orders per 15 minutes; docs/estimates.md), ADDRESS_REQUIRED, ADDRESS_NOT_FOUND (Delivery.AddressID not a saved address of the signed-in member), LOCATION_REQUIRED (the address could not be located, by the diner or the geocoder, and the branch needs a distance), BEYOND_DELIVERY_RANGE (naming the distance and the limit in km), CART_EMPTY, TOO_MANY_LINES (more lines than the shop's MaxOrderLines, 50), GOODS_NOT_IN_SHOP, GOODS_OFF_SALE (also an sku with no stock left), INVALID_QUANTITY, LINE_QUANTITY_OVER_LIMIT (a line above the shop's MaxLineQuantity, 99), PRICE_CHANGED, STOCK_SHORT (more than the stock left, naming the goods and what is left; the stock is taken with the order and comes back when it expires or is cancelled). CardID: a signed-in member's coupon card, re-checked and priced as OrderPricePreview does (COUPON_NOT_FOUND, COUPON_NOT_AVAILABLE, COUPON_MIN_SPEND) and taken with the order: another order that took it first → COUPON_NOT_AVAILABLE; it comes back when the order expires or is cancelled while it has days left. An order the card covers entirely is paid at once (Status 1, nothing to pay).",
  auth: 'app',
  input: z.object({ ...placementFields, CardID: cardIdField, RequestKey: requestKeyField }),
  output: { table1: ORDER_COLUMNS, table2: ORDER_LINE_COLUMNS },
  async handler(ctx, input) {
    // On SQLite the placement thread places it, beside this thread's HTTP work (placement-thread.ts).
    if (ctx.orderPlacer && placesOnThread(input)) {
      const { locale, now, origin, ownerKey, clientIp } = ctx
      return ctx.orderPlacer.submit({ entId: ctx.enterprise.entId, locale, now, origin, ownerKey, clientIp }, input)
    }
    return submitOrder({ ...ctx, entId: ctx.enterprise.entId }, input)
  }
})
