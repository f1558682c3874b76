import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { requireOwner } from '../../domain/orders/order.service'
import { orderRows } from '../../domain/orders/order-view'
import { paymentStatus } from '../../domain/payments/payment.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { ORDER_COLUMNS, PAYMENT_COLUMNS } from '../retail/OrderRows'
import { paymentViewRow } from './bank-rows'

export default defineOperation({
  name: 'PaymentStatusUpdate',
  group: 'Bank',
  summary:
    "A payment's state after asking its provider (the paying page polls it): table1 the payment, table2 its order. A pending payment the provider reports settled (its notice was lost) is settled now, by the same rules as a notice. Status 2 (declined): pay again with a new PaySubmit. Needs X-Device-Key (10007); unknown PayID and another device's payment alike → 20022; a provider notice whose amount did not match the payment → 20031.",
  auth: 'app',
  input: z.object({ PayID: requiredId('Payment id (PayID of PaySubmit)') }),
  output: { table1: PAYMENT_COLUMNS, table2: ORDER_COLUMNS },
  async handler(ctx, input) {
    const ownerKey = requireOwner(ctx)
    const { view, order } = await paymentStatus(
      { db: ctx.db, providers: ctx.providers.payments },
      { entId: ctx.enterprise.entId, ownerKey, payId: input.PayID, origin: ctx.origin, now: ctx.now }
    )
    const timeZone = await enterpriseTimeZone(ctx.db, ctx.enterprise.entId)
    return {
      table1: [paymentViewRow(view, timeZone)],
      table2: await orderRows(ctx.db, [order], { locale: ctx.locale, timeZone, ownerKey, now: ctx.now })
    }
  }
})
