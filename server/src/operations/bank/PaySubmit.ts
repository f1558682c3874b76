import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { requireOwner } from '../../domain/orders/order.service'
import { submitPayment } from '../../domain/payments/payment.service'
import { optionalId, requiredId } from '../fields'
import { defineOperation } from '../operation'
import { PAYMENT_COLUMNS } from '../retail/OrderRows'
import { invocationRows, PAY_CHANNEL_FIELD, PAY_INVOCATION_COLUMNS, paymentViewRow } from './bank-rows'

export default defineOperation({
  name: 'PaySubmit',
  group: 'Bank',
  summary:
    "Starts paying an order (or a table sheet's settlement order): table1 is the payment with PayUrl, the provider's hosted page to send the payer to; table2 (while it can be paid) what the caller's host opens to pay it, for the PayChannel asked for (docs/hosts.md). Idempotent by RequestKey: a retry returns the same payment (another order's key → 20029). A new key while a payment is pending makes a new payment and supersedes the old one. ReturnUrl: where the page sends the payer back, a same-origin path or a URL on the H5 origin ('{PayID}' in it is replaced by the payment id; anything else → 10007). Needs X-Device-Key (10007); unknown order and another device's alike → 20016; expired → 20024; not awaiting payment → 20018; shop without a finance account (at Provider, when given) → 20020.",
  auth: 'app',
  input: z.object({
    SheetID: requiredId('The order to pay (SheetID of OrderSubmit, or the SettlementID of a table sheet)'),
    RequestKey: requiredId('Client key of this payment attempt: a retry with the same key returns the same payment'),
    Provider: optionalId("Payment provider ('sandbox'); default: the shop's finance account's"),
    ReturnUrl: z.string().max(2000).describe("Where the payer's browser returns, e.g. '/#/pages/paying/paying?PayID={PayID}'"),
    PayChannel: PAY_CHANNEL_FIELD
  }),
  output: { table1: PAYMENT_COLUMNS, table2: PAY_INVOCATION_COLUMNS },
  async handler(ctx, input) {
    const ownerKey = requireOwner(ctx)
    const view = await submitPayment({ db: ctx.db, providers: ctx.providers.payments }, {
      entId: ctx.enterprise.entId,
      ownerKey,
      sheetId: input.SheetID,
      requestKey: input.RequestKey,
      provider: input.Provider,
      returnUrl: input.ReturnUrl,
      origin: ctx.origin,
      now: ctx.now,
      channel: input.PayChannel,
      payerIp: ctx.clientIp
    })
    return { table1: [paymentViewRow(view, await enterpriseTimeZone(ctx.db, ctx.enterprise.entId))], table2: invocationRows(view.invocation) }
  }
})
