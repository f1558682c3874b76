/**
 * Settling a recharge from its provider's answer (a verified notice through handleNotice, or a
 * status query through RechargeStatusGet), inside one transaction with the recharge row locked:
 *   - the answer is stored once in payment_notices (pay_id = recharge id); a replay changes nothing;
 *   - a pending or declined recharge takes 'paid' with the right amount → status 1, the balance gets
 *     the amount ('recharge') and the gift ('gift'), and the member gets the rule's gift coupons as
 *     coupon cards of the gift's plan (valid from today to today + validDays − 1 on the enterprise's
 *     clock; domain/coupons/recharge-gift-plans.ts); 'declined' → status 2;
 *     a paid recharge never moves again.
 * Ledger entries are unique per (kind, recharge id) and card ids derive from the recharge, so
 * even a second path to "paid" could not grant twice.
 */
import { storeProviderResult, type ProviderResult } from '../payments/provider-results'
import type { Selectable, Transaction } from 'kysely'
import { toDecimal } from '../../../../src/core/money'
import { wallClockIn } from '../../../../src/core/wall-clock'
import { RECHARGE_STATUS } from '../../../../src/gateway/member-rows'
import type { LocalizedText } from '../../../../src/gateway/contract'
import { isPostgres } from '../../storage/database'
import type { Database, RechargeTable } from '../../storage/schema'
import { enterpriseTimeZone } from '../enterprise/enterprise.service'
import { changeBalance } from './balance.service'
import { issueCard, lockPlan } from '../coupons/coupon-cards'
import { giftPlan } from '../coupons/recharge-gift-plans'

export type RechargeRecord = Selectable<RechargeTable>

/** A gift coupon of a rule, as stored in recharge_rules.gift_coupons and copied to the recharge. */
export interface GiftCouponSpec {
  names: LocalizedText
  value: string
  minAmount: string
  validDays: number
  qua: number
}

export function parseGiftCoupons(json: string): GiftCouponSpec[] {
  try {
    const parsed = JSON.parse(json) as unknown
    return Array.isArray(parsed) ? (parsed as GiftCouponSpec[]) : []
  } catch {
    return []
  }
}

export async function lockRecharge(trx: Transaction<Database>, rechargeId: string): Promise<RechargeRecord | undefined> {
  let query = trx.selectFrom('recharges').selectAll().where('recharge_id', '=', rechargeId)
  if (isPostgres(trx)) query = query.forUpdate()
  return query.executeTakeFirst()
}

export type RechargeOutcome = 'paid' | 'declined' | 'replay' | 'ignored' | 'amount_mismatch'

/**
 * Records the answer once and applies it; the recharge row is locked by the caller. A pending or
 * declined recharge takes a 'paid' (money the provider took after declining is credited: a
 * recharge can always take it); a paid one never moves again (a second 'paid' is the same money).
 */
export async function applyRechargeResult(trx: Transaction<Database>, recharge: RechargeRecord, r: ProviderResult): Promise<RechargeOutcome> {
  const { replay, amountMatches } = await storeProviderResult(trx, { payId: recharge.recharge_id, provider: recharge.provider, expectedAmount: recharge.amount }, r)
  if (replay) return 'replay'
  if (recharge.status === RECHARGE_STATUS.PAID) return 'ignored'
  if (!amountMatches) return 'amount_mismatch'
  const at = r.now.toISOString()
  if (r.result === 'declined') {
    if (recharge.status === RECHARGE_STATUS.DECLINED) return 'ignored'
    await trx.updateTable('recharges').set({ status: RECHARGE_STATUS.DECLINED, paid_at: null }).where('recharge_id', '=', recharge.recharge_id).execute()
    return 'declined'
  }
  await trx.updateTable('recharges').set({ status: RECHARGE_STATUS.PAID, paid_at: at }).where('recharge_id', '=', recharge.recharge_id).execute()
  await grantRecharge(trx, recharge, r.now)
  return 'paid'
}

/** The amount, the gift and the gift coupons of a paid recharge. */
async function grantRecharge(trx: Transaction<Database>, recharge: RechargeRecord, now: Date): Promise<void> {
  const base = { vipId: recharge.vip_id, refId: recharge.recharge_id, now }
  await changeBalance(trx, { ...base, kind: 'recharge', amount: recharge.amount })
  if (toDecimal(recharge.gift_amount).gt(0)) await changeBalance(trx, { ...base, kind: 'gift', amount: recharge.gift_amount })
  const coupons = parseGiftCoupons(recharge.gift_coupons)
  if (coupons.length === 0) return
  const today = wallClockIn(await enterpriseTimeZone(trx, recharge.ent_id), now).date
  for (const [i, c] of coupons.entries()) {
    if (c.qua <= 0) continue
    const made = await giftPlan(trx, recharge.ent_id, recharge.rule_id, i + 1, c, now)
    const plan = (await lockPlan(trx, recharge.ent_id, made.plan_id))!
    for (let j = 0; j < c.qua; j++) {
      // Derived from the recharge: granting twice would collide on the primary key. A gift is
      // owed once paid, so a paused plan or its stock does not stop it.
      await issueCard(trx, { plan, vipId: recharge.vip_id, source: 'recharge', sourceId: recharge.recharge_id, cardId: `${recharge.recharge_id}-C${i + 1}-${j + 1}`, actor: 'system', today, now })
    }
  }
}

/** 'YYYY-MM-DD' plus whole days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}
