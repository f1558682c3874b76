import { z } from 'zod'
import type { RechargeRuleChanges } from '../../../../src/gateway/setup-contract'
import { DomainError } from '../../domain/errors'
import { listRechargeRules, saveRechargeRule } from '../../domain/setup/shop-setup.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { assertShop, type StaffActor } from '../../domain/staff/staff-actor'
import { idField, noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { assertWholeEnterprise, changesOf, setupObjectField } from './staff-setup'

const KEYS = ['names', 'amount', 'giftAmount', 'giftCoupons', 'shopId', 'enabled', 'sort'] as const

/** A rule of every shop ('') needs the whole enterprise; a shop's rule that shop. */
const assertRuleShop = (staff: StaffActor, shopId: string): void => (shopId === '' ? assertWholeEnterprise(staff) : assertShop(staff, shopId))

export default defineStaffOperation({
  name: 'StaffRechargeRuleSave',
  auth: 'shops.manage',
  input: z.object({
    RuleID: idField("The rule to change; '' adds one"),
    Rule: setupObjectField<RechargeRuleChanges>(
      'What changes, as saveRechargeRule takes it (docs/setup.md): names, amount, giftAmount, giftCoupons [{names, value, minAmount, validDays, qua}], shopId (’’ every shop), enabled, sort. New gifts on a rule that gave some make a new rule in its place'
    ),
    Reason: noteText('Why (kept in the audit log)')
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const { ruleId: _ignored, ...changes } = input.Rule as RechargeRuleChanges & { ruleId?: unknown }
    const [before] = input.RuleID ? await listRechargeRules(ctx.db, staff.entId, { ruleId: input.RuleID }) : []
    if (input.RuleID && !before) throw new DomainError('RECHARGE_RULE_NOT_FOUND')
    if (before) assertRuleShop(staff, before.shopId)
    if (!before || typeof changes.shopId === 'string') assertRuleShop(staff, typeof changes.shopId === 'string' ? changes.shopId : '')
    const saved = await ctx.db.transaction().execute(async (trx) => {
      const after = await saveRechargeRule(trx, staff.entId, { ...changes, ruleId: input.RuleID || undefined })
      const detail = before
        ? { ...changesOf(before, after, KEYS), ...(after.ruleId !== before.ruleId ? { replaces: before.ruleId } : {}) }
        : { created: true, after: changesOf({}, after, KEYS).after }
      await appendAudit(trx, { entId: staff.entId, actor: staff, action: 'recharge.rule.save', targetType: 'rechargeRule', targetId: after.ruleId, detail, reason: input.Reason, clientIp: ctx.clientIp, now: ctx.now })
      return after
    })
    return { table1: [saved] }
  }
})
