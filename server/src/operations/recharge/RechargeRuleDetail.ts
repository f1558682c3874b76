import { z } from 'zod'
import { giftCouponRows, rechargeRuleRow, requireRechargeRule } from '../../domain/wallet/recharge.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { GIFT_COUPON_COLUMNS, RECHARGE_RULE_COLUMNS } from './recharge-rows'

export default defineOperation({
  name: 'RechargeRuleDetail',
  group: 'Recharge',
  summary: 'One recharge rule (table1) and the gift coupons it gives (table2). Unknown or disabled rule → 20043.',
  auth: 'app',
  input: z.object({ RuleID: requiredId('RuleID of RechargeRuleList') }),
  output: { table1: RECHARGE_RULE_COLUMNS, table2: GIFT_COUPON_COLUMNS },
  async handler(ctx, input) {
    const rule = await requireRechargeRule(ctx.db, ctx.enterprise.entId, input.RuleID)
    return { table1: [rechargeRuleRow(rule, ctx.locale)], table2: giftCouponRows(rule.gift_coupons, ctx.locale) }
  }
})
