import { z } from 'zod'
import { enterpriseTimeZone, timeZoneOf } from '../../domain/enterprise/enterprise.service'
import { memberOwnerKey } from '../../domain/members/member-session'
import { orderRows, paymentRow } from '../../domain/orders/order-view'
import { payFromBalance } from '../../domain/wallet/balance-pay.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { ORDER_COLUMNS, PAYMENT_COLUMNS } from './OrderRows'

export default defineOperation({
  name: 'BalancePay',
  group: 'Retail',
  summary:
    "Pays one of the signed-in member's orders (or a table sheet's settlement order) from the member's balance, at once: table1 the payment (Provider 'balance', Status 1), table2 the order, now paid. The balance ledger gets a 'spend' entry and the order earns its points, in one transaction. Idempotent by RequestKey (a retry answers the same payment; another order's key → 20029). Guest member (no phone) → 20038; the balance does not cover what is due → 20042 (nothing changes); unknown and another member's or a walk-in order alike → 20016; expired → 20024; not awaiting payment → 20018. No session → errcode 10010.",
  auth: 'member',
  input: z.object({
    SheetID: requiredId('The order to pay (SheetID of OrderSubmit, or the SettlementID of a table sheet)'),
    RequestKey: requiredId('Client key of this payment attempt: a retry with the same key returns the same payment')
  }),
  output: { table1: PAYMENT_COLUMNS, table2: ORDER_COLUMNS },
  async handler(ctx, input) {
    const entId = ctx.enterprise.entId
    const ownerKey = memberOwnerKey(ctx.member.vipId)
    const { payment, order, timeZoneSetting, lineCount } = await payFromBalance(ctx.db, { entId, member: ctx.member, ownerKey, sheetId: input.SheetID, requestKey: input.RequestKey, now: ctx.now })
    // The payment read the settings already (a retry did not).
    const timeZone = timeZoneSetting === undefined ? await enterpriseTimeZone(ctx.db, entId) : timeZoneOf(timeZoneSetting)
    return {
      table1: [paymentRow(payment, timeZone)],
      // Paid just now: its lines were counted in the payment, and nothing of it is refunded yet.
      table2: await orderRows(ctx.db, [order], { locale: ctx.locale, timeZone, ownerKey, now: ctx.now, ...(lineCount === undefined ? {} : { justPaid: { orderId: order.order_id, lineCount } }) })
    }
  }
})
