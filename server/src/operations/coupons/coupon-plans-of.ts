import type { Kysely } from 'kysely'
import type { Locale } from '../../../../src/gateway/contract'
import type { PlanRecord } from '../../domain/coupons/coupon-plans'
import type { Database } from '../../storage/schema'
import { scopeNamesOf, type PlanScopeNames } from './coupon-rows'

/** The plans of some cards, by plan id, with their scope names. */
export async function plansOf(db: Kysely<Database>, entId: string, cards: { plan_id: string }[], locale: Locale): Promise<{ plans: Map<string, PlanRecord>; scope: Map<string, PlanScopeNames> }> {
  const ids = [...new Set(cards.map((c) => c.plan_id))]
  const rows = ids.length === 0 ? [] : await db.selectFrom('coupon_plans').selectAll().where('ent_id', '=', entId).where('plan_id', 'in', ids).execute()
  return { plans: new Map(rows.map((p) => [p.plan_id, p])), scope: await scopeNamesOf(db, rows, locale) }
}
