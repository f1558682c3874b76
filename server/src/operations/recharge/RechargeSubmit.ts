import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { submitRecharge } from '../../domain/wallet/recharge.service'
import { optionalId, requiredId } from '../fields'
import { defineOperation } from '../operation'
import { RECHARGE_COLUMNS, rechargeRow } from './recharge-rows'
import { invocationRows, PAY_CHANNEL_FIELD, PAY_INVOCATION_COLUMNS } from '../bank/bank-rows'

export default defineOperation({
  name: 'RechargeSubmit',
  group: 'Recharge',
  summary:
    "Starts a recharge of the signed-in member's balance by a rule: table1 is the recharge (Status 0) with PayUrl, the payment provider's hosted page to send the member to; table2 (while pending) what the member's host opens to pay it, for the PayChannel asked for, as PaySubmit's. When the provider confirms the payment, the balance gets Amount + GiftAmount and the rule's gift coupons, once. Idempotent by RequestKey (a retry answers the same recharge; the key of another recharge → 20029). ReturnUrl: where the page sends the member back, checked as PaySubmit's ('{RechargeID}' or '{PayID}' in it becomes the recharge id; not ours → 10007). Member without a bound phone (guest) → 20038; unknown rule, or a rule of another shop → 20043; unknown shop → 20003; shop without a finance account (at Provider, when given) → 20020; Provider 'balance' → 10007. No session → errcode 10010.",
  auth: 'member',
  input: z.object({
    RuleID: requiredId('RuleID of RechargeRuleList'),
    ShopID: requiredId('The shop the member recharges at (its finance account takes the payment)'),
    RequestKey: requiredId('Client key of this recharge attempt: a retry with the same key returns the same recharge'),
    ReturnUrl: z.string().max(2000).describe("Where the member's browser returns, e.g. '/#/pages/rechargeResult/rechargeResult?RechargeID={RechargeID}'"),
    Provider: optionalId("Payment provider ('sandbox'); default: the shop's finance account's"),
    PayChannel: PAY_CHANNEL_FIELD
  }),
  output: { table1: RECHARGE_COLUMNS, table2: PAY_INVOCATION_COLUMNS },
  async handler(ctx, input) {
    const view = await submitRecharge(
      { db: ctx.db, providers: ctx.providers.payments },
      {
        entId: ctx.enterprise.entId,
        member: ctx.member,
        ruleId: input.RuleID,
        shopId: input.ShopID,
        requestKey: input.RequestKey,
        returnUrl: input.ReturnUrl,
        provider: input.Provider || undefined,
        origin: ctx.origin,
        locale: ctx.locale,
        now: ctx.now,
        channel: input.PayChannel,
        payerIp: ctx.clientIp
      }
    )
    return { table1: [rechargeRow(view, await enterpriseTimeZone(ctx.db, ctx.enterprise.entId))], table2: invocationRows(view.invocation) }
  }
})
