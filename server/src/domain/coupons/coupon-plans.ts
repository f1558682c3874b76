/**
 * Coupon plans (activities): what their cards are worth, where they apply, how many exist, who
 * may claim them and when, how long a card is valid. The shop creates and pauses them (CLI);
 * members see the claimable ones (CouponPlanList). Money stays exact decimal text.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import { decimalPoints } from '../../../../src/core/decimal-points'
import { toDecimal } from '../../../../src/core/money'
import { COUPON_TYPE, VALID_KIND, type CouponReason } from '../../../../src/gateway/coupon-rows'
import type { LocalizedText } from '../../../../src/gateway/contract'
import type { CouponPlanTable, Database } from '../../storage/schema'
import { listEnterpriseSettings } from '../../storage/repositories/enterprise.repository'
import { DomainError } from '../errors'
import { validityOfNewCard } from './card-validity'

export type PlanRecord = Selectable<CouponPlanTable>

/** A plan's terms refused, in plain words (the CLI prints the message; the staff operation answers errcode 10007 with it). */
export class PlanInvalid extends Error {}

export const parseIds = (json: string): string[] => {
  try {
    const v = JSON.parse(json) as unknown
    return Array.isArray(v) ? v.map(String) : []
  } catch {
    return []
  }
}

export async function findPlan(db: Kysely<Database>, entId: string, planId: string): Promise<PlanRecord | undefined> {
  return db.selectFrom('coupon_plans').selectAll().where('ent_id', '=', entId).where('plan_id', '=', planId).executeTakeFirst()
}

export async function findPlanByCode(db: Kysely<Database>, entId: string, code: string): Promise<PlanRecord | undefined> {
  return db.selectFrom('coupon_plans').selectAll().where('ent_id', '=', entId).where('code', '=', code).executeTakeFirst()
}

/** Every plan of the enterprise, as the shop lists them (CLI `plans`, StaffCouponPlanList). */
export async function listPlans(db: Kysely<Database>, entId: string): Promise<PlanRecord[]> {
  return db.selectFrom('coupon_plans').selectAll().where('ent_id', '=', entId).orderBy('sort_no').orderBy('code').execute()
}

/**
 * Why a member could not claim a card of the plan now ('' = they could). heldQua: cards of the
 * plan the member holds in any state (null: no member, the per-member limit is not judged).
 */
export function claimProblem(plan: PlanRecord, now: Date, today: string, heldQua: number | null): CouponReason {
  if (plan.claimable !== 1) return 'not-claimable'
  if (plan.status !== 1) return 'paused'
  const at = now.toISOString()
  if (plan.claim_from && at < plan.claim_from) return 'not-started'
  if ((plan.claim_to && at >= plan.claim_to) || !validityOfNewCard(plan, today)) return 'ended'
  if (plan.total_qua !== null && plan.issued_qua >= plan.total_qua) return 'sold-out'
  if (heldQua !== null && plan.per_member_qua > 0 && heldQua >= plan.per_member_qua) return 'limit'
  return ''
}

/** The DomainError a claim problem answers with. */
export function claimError(reason: CouponReason): DomainError {
  if (reason === 'sold-out') return new DomainError('COUPON_SOLD_OUT')
  if (reason === 'limit') return new DomainError('COUPON_LIMIT_REACHED')
  return new DomainError('COUPON_NOT_CLAIMABLE')
}

/**
 * Plans a member can see here: claimable in the app, running, for this shop (or every shop),
 * whose claim window has not ended. Sold-out ones stay listed (with Reason 'sold-out').
 */
export async function listClaimablePlans(db: Kysely<Database>, entId: string, shopId: string | undefined, now: Date): Promise<PlanRecord[]> {
  const at = now.toISOString()
  const rows = await db
    .selectFrom('coupon_plans')
    .selectAll()
    .where('ent_id', '=', entId)
    .where('claimable', '=', 1)
    .where('status', '=', 1)
    .where((eb) => eb.or([eb('claim_to', 'is', null), eb('claim_to', '>', at)]))
    .orderBy('sort_no')
    .orderBy('created_at', 'desc')
    .orderBy('plan_id')
    .execute()
  return rows.filter((p) => {
    const shops = parseIds(p.shop_ids)
    return shops.length === 0 || (shopId !== undefined && shops.includes(shopId))
  })
}

/** Cards of each plan the member holds (any state). */
export async function heldCounts(db: Kysely<Database>, vipId: string, planIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  if (planIds.length === 0) return counts
  const rows = await db
    .selectFrom('coupon_cards')
    .select(['plan_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('vip_id', '=', vipId)
    .where('plan_id', 'in', planIds)
    .groupBy('plan_id')
    .execute()
  for (const r of rows) counts.set(r.plan_id, Number(r.n))
  return counts
}

export interface NewPlan {
  entId: string
  code: string
  names: LocalizedText
  descriptions?: LocalizedText
  couponType: 1 | 2
  /** Cash: money off. */
  amount?: string
  minAmount?: string
  /** Discount: percent off (0 < rate < 100). */
  discountRate?: string
  maxOff?: string
  shopIds?: string[]
  baseIds?: string[]
  serviceTypes?: string[]
  goodsIds?: string[]
  classIds?: string[]
  totalQua?: number | null
  perMemberQua?: number
  claimable?: boolean
  claimFrom?: string | null
  claimTo?: string | null
  validKind: 1 | 2 | 3
  validDays?: number
  validFrom?: string
  validTo?: string
  sortNo?: number
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Checks a plan's terms; throws PlanInvalid naming the problem. */
export function checkPlan(p: NewPlan): void {
  if (!/^[A-Za-z0-9._:-]{1,64}$/.test(p.code)) throw new PlanInvalid(`plan code '${p.code}': 1-64 letters, digits, . _ : -`)
  if (!p.names['zh-CN'] || !p.names['zh-TW'] || !p.names.en) throw new PlanInvalid('a plan needs its name in zh-CN, zh-TW and en')
  const money = (v: string | undefined, what: string) => {
    if (v === undefined) return
    if (!/^\d{1,10}(\.\d{1,4})?$/.test(v)) throw new PlanInvalid(`${what} '${v}' is not an amount`)
  }
  money(p.amount, 'amount')
  money(p.minAmount, 'minimum spend')
  money(p.maxOff, 'most off')
  money(p.discountRate, 'discount rate')
  if (p.couponType === COUPON_TYPE.CASH) {
    if (!p.amount || toDecimal(p.amount).lte(0)) throw new PlanInvalid('a cash voucher needs an amount above 0')
  } else if (p.couponType === COUPON_TYPE.DISCOUNT) {
    const rate = toDecimal(p.discountRate ?? '0')
    if (rate.lte(0) || rate.gte(100)) throw new PlanInvalid('a discount needs a percent off between 0 and 100 (exclusive)')
  } else throw new PlanInvalid('coupon type: 1 cash voucher or 2 discount')
  if (p.validKind === VALID_KIND.FIXED) {
    if (!p.validFrom || !p.validTo || !DAY.test(p.validFrom) || !DAY.test(p.validTo) || p.validTo < p.validFrom)
      throw new PlanInvalid('fixed validity needs --from and --to days (YYYY-MM-DD, from ≤ to)')
  } else if (p.validKind === VALID_KIND.FROM_COLLECTION || p.validKind === VALID_KIND.FROM_NEXT_DAY) {
    if (!p.validDays || !Number.isInteger(p.validDays) || p.validDays < 1 || p.validDays > 3650) throw new PlanInvalid('valid days: a whole number 1-3650')
  } else throw new PlanInvalid('validity kind: 1 from the day of collection, 2 from the next day, 3 fixed days')
  if (p.totalQua !== undefined && p.totalQua !== null && (!Number.isInteger(p.totalQua) || p.totalQua < 0)) throw new PlanInvalid('total: a whole number ≥ 0')
  if (p.perMemberQua !== undefined && (!Number.isInteger(p.perMemberQua) || p.perMemberQua < 0)) throw new PlanInvalid('per member: a whole number ≥ 0 (0 unlimited)')
}

/**
 * A plan's money terms in the enterprise's currency unit (AmoPoint decimals): a term finer than it
 * would be rounded away when priced ('most off 0.004' became no cap; 'amount 0.004' used a card up
 * for nothing), so it is refused, naming the term and the unit.
 */
async function checkPlanMoney(db: Kysely<Database>, p: NewPlan): Promise<void> {
  const settings = Object.fromEntries((await listEnterpriseSettings(db, p.entId)).map((s) => [s.parmId, s.parmValue]))
  const places = decimalPoints(settings).AmoPoint
  const terms: [string | undefined, string][] = [
    [p.couponType === COUPON_TYPE.CASH ? p.amount : undefined, 'amount'],
    [p.minAmount, 'minimum spend'],
    [p.maxOff, 'most off']
  ]
  for (const [value, what] of terms) {
    if (value !== undefined && toDecimal(value).decimalPlaces() > places) {
      throw new PlanInvalid(`${what} '${value}' is finer than the currency: at most ${places} decimal place${places === 1 ? '' : 's'}`)
    }
  }
}

/** Makes a plan (inside the caller's transaction when `db` is one: a staff operation audits it there). */
export async function createPlan(db: Kysely<Database>, p: NewPlan, now: Date): Promise<PlanRecord> {
  checkPlan(p)
  await checkPlanMoney(db, p)
  if (await findPlanByCode(db, p.entId, p.code)) throw new PlanInvalid(`a plan with code '${p.code}' exists`)
  const at = now.toISOString()
  const row = {
    plan_id: `CP${now.getTime().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`,
    ent_id: p.entId,
    code: p.code,
    names: JSON.stringify(p.names),
    descriptions: JSON.stringify(p.descriptions ?? { 'zh-CN': '', 'zh-TW': '', en: '' }),
    coupon_type: p.couponType,
    amount: p.couponType === COUPON_TYPE.CASH ? toDecimal(p.amount!).toString() : '0',
    min_amount: toDecimal(p.minAmount ?? '0').toString(),
    discount_rate: p.couponType === COUPON_TYPE.DISCOUNT ? toDecimal(p.discountRate!).toString() : '0',
    max_off: toDecimal(p.maxOff ?? '0').toString(),
    shop_ids: JSON.stringify(p.shopIds ?? []),
    base_ids: JSON.stringify(p.baseIds ?? []),
    service_types: JSON.stringify(p.serviceTypes ?? []),
    goods_ids: JSON.stringify(p.goodsIds ?? []),
    class_ids: JSON.stringify(p.classIds ?? []),
    total_qua: p.totalQua ?? null,
    issued_qua: 0,
    per_member_qua: p.perMemberQua ?? 1,
    claimable: p.claimable ? 1 : 0,
    claim_from: p.claimFrom ?? null,
    claim_to: p.claimTo ?? null,
    valid_kind: p.validKind,
    valid_days: p.validKind === VALID_KIND.FIXED ? 0 : p.validDays!,
    valid_from: p.validKind === VALID_KIND.FIXED ? p.validFrom! : '',
    valid_to: p.validKind === VALID_KIND.FIXED ? p.validTo! : '',
    status: 1,
    sort_no: p.sortNo ?? 0,
    created_at: at,
    updated_at: at
  }
  await db.insertInto('coupon_plans').values(row).execute()
  return (await findPlan(db, p.entId, row.plan_id))!
}

/** Pauses (0) or resumes (1) a plan: a paused plan gives no new cards; cards held keep working. */
export async function setPlanStatus(db: Kysely<Database>, entId: string, code: string, status: 0 | 1, now: Date): Promise<PlanRecord> {
  const r = await db.updateTable('coupon_plans').set({ status, updated_at: now.toISOString() }).where('ent_id', '=', entId).where('code', '=', code).executeTakeFirst()
  if (Number(r.numUpdatedRows) === 0) throw new PlanInvalid(`no plan with code '${code}'`)
  return (await findPlanByCode(db, entId, code))!
}
