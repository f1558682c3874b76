import { z } from 'zod'
import { freightRuleRows } from '../../domain/delivery/freight.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'

export default defineOperation({
  name: 'FreightRuleGet',
  group: 'Retail',
  summary:
    "A branch's delivery fee tiers: 'distance' tiers (UpTo metres: the first tier covering the distance gives the fee; beyond the last is out of range) first, then 'amount' tiers (UpTo goods amount: the first tier covering the amount gives the fee; above the last, no fee); both kinds add up. No rows: free delivery within DeliveryRange. Unknown branch → 20004.",
  auth: 'app',
  input: z.object({ BaseID: requiredId('Branch') }),
  output: {
    table1: {
      BaseID: 'string',
      RuleType: "'distance' | 'amount'",
      UpTo: 'string: metres or goods amount the tier covers up to (inclusive)',
      Fee: 'string: fee of the tier',
      SortNo: 'number: 1.. in the order tiers are tried'
    }
  },
  async handler(ctx, input) {
    return { table1: await freightRuleRows(ctx.db, ctx.enterprise.entId, input.BaseID) }
  }
})
