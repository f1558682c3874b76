/**
 * Recharge gift coupons as cards: each gift coupon of a recharge rule is a plan of its own
 * (code 'recharge-gift:<rule id>:<n>', issued only, valid from the day of the recharge for the
 * rule's validDays days), made the first time a recharge needs it. The migration of existing
 * holders (0012) uses the same codes, so old and new cards of one gift share their plan.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { toDecimal } from '../../../../src/core/money'
import { COUPON_TYPE, VALID_KIND } from '../../../../src/gateway/coupon-rows'
import type { LocalizedText } from '../../../../src/gateway/contract'
import type { Database } from '../../storage/schema'
import type { PlanRecord } from './coupon-plans'

export interface GiftSpec {
  names: LocalizedText
  value: string
  minAmount: string
  validDays: number
}

export const giftPlanCode = (ruleId: string, n: number): string => `recharge-gift:${ruleId}:${n}`

/** The plan of a rule's n-th gift coupon (1-based), made when missing (a concurrent maker wins, both read its row). */
export async function giftPlan(db: Kysely<Database> | Transaction<Database>, entId: string, ruleId: string, n: number, spec: GiftSpec, now: Date): Promise<PlanRecord> {
  const code = giftPlanCode(ruleId, n)
  const find = () => db.selectFrom('coupon_plans').selectAll().where('ent_id', '=', entId).where('code', '=', code).executeTakeFirst()
  const found = await find()
  if (found) return found
  const at = now.toISOString()
  await db
    .insertInto('coupon_plans')
    .values({
      plan_id: `CP${now.getTime().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`,
      ent_id: entId,
      code,
      names: JSON.stringify(spec.names),
      coupon_type: COUPON_TYPE.CASH,
      amount: toDecimal(spec.value).toString(),
      min_amount: toDecimal(spec.minAmount || '0').toString(),
      total_qua: null,
      per_member_qua: 0,
      claimable: 0,
      claim_from: null,
      claim_to: null,
      valid_kind: VALID_KIND.FROM_COLLECTION,
      valid_days: Math.max(1, Math.floor(spec.validDays)),
      created_at: at,
      updated_at: at
    })
    .onConflict((oc) => oc.columns(['ent_id', 'code']).doNothing())
    .execute()
  return (await find())!
}
