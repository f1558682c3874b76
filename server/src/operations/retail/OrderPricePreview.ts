import { z } from 'zod'
import { previewOrder } from '../../domain/orders/order.service'
import { defineOperation } from '../operation'
import { cardIdField, ORDER_COLUMNS, ORDER_LINE_COLUMNS, placementFields } from './OrderRows'

export default defineOperation({
  name: 'OrderPricePreview',
  group: 'Retail',
  summary:
    "What a prepay order would be, checked and priced exactly as OrderSubmit will (nothing is written): the order (table1, SheetID '') with goods amount, bag fee, delivery fee and total, and its lines (table2) priced from the server's catalogue; the shown line Amounts are not compared. Refusals as OrderSubmit: 20003/20004/20005, SERVICE_NOT_OFFERED, SHOP_CLOSED, APPOINTMENT_OUTSIDE_HOURS, ADDRESS_REQUIRED, ADDRESS_NOT_FOUND (Delivery.AddressID not a saved address of the signed-in member), LOCATION_REQUIRED (the address could not be located, by the diner or the geocoder, and the branch needs a distance), BEYOND_DELIVERY_RANGE (naming the distance and the limit in km), CART_EMPTY, TOO_MANY_LINES, GOODS_NOT_IN_SHOP, GOODS_OFF_SALE, INVALID_QUANTITY, LINE_QUANTITY_OVER_LIMIT, STOCK_SHORT (the stock left now, naming the goods). With CardID (a signed-in member's coupon card) the card is re-checked and priced: CouponAmount off the total and a sale type 5 line; COUPON_NOT_FOUND (no card of the caller's by that id), COUPON_NOT_AVAILABLE (used, expired, not yet valid, not for this shop, branch, service style or goods), COUPON_MIN_SPEND (the eligible spend below the card's minimum or, for a cash voucher, its value).",
  auth: 'app',
  input: z.object({ ...placementFields, CardID: cardIdField }),
  output: { table1: ORDER_COLUMNS, table2: ORDER_LINE_COLUMNS },
  async handler(ctx, input) {
    return previewOrder({ ...ctx, entId: ctx.enterprise.entId }, input)
  }
})
