import { z } from 'zod'
import { listRechargeRules, rechargeRuleRow } from '../../domain/wallet/recharge.service'
import { optionalId } from '../fields'
import { defineOperation } from '../operation'
import { RECHARGE_RULE_COLUMNS } from './recharge-rows'

export default defineOperation({
  name: 'RechargeRuleList',
  group: 'Recharge',
  summary:
    "The enterprise's recharge rules, in display order: pay Amount, get Amount + GiftAmount on the balance and GiftCouponQua gift coupons (RechargeRuleDetail lists them). With ShopID: the rules for every shop and that shop's own. No session needed.",
  auth: 'app',
  input: z.object({ ShopID: optionalId("Only rules valid at this shop (default: the enterprise's rules for every shop and each shop's)") }),
  output: { table1: RECHARGE_RULE_COLUMNS },
  async handler(ctx, input) {
    const rules = await listRechargeRules(ctx.db, ctx.enterprise.entId, input.ShopID || undefined)
    return { table1: rules.map((r) => rechargeRuleRow(r, ctx.locale)) }
  }
})
