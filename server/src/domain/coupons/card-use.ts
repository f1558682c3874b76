/**
 * A coupon card at checkout (issue 15): re-checked and priced with the order, taken in the order's
 * transaction, given back when the order ends without being kept (docs/coupons.md "At checkout").
 *
 *   - priceCardForOrder (validatePlacement, reads only): the member's own card (an unknown id or
 *     another member's card: COUPON_NOT_FOUND, the same answer, so ids cannot be probed), available
 *     and within its days on the enterprise's clock (else COUPON_NOT_AVAILABLE), its plan applying
 *     to this order (src/core/coupon-pricing; a spend short of the minimum or of the voucher's
 *     value: COUPON_MIN_SPEND, the spec's consumption-amount message; anything else
 *     COUPON_NOT_AVAILABLE).
 *   - takeCard (insertOrder, the order's transaction): one conditional UPDATE from available to
 *     used WHERE it is still available, unheld and in its days. Two orders racing for one card:
 *     SQLite serialises the writers, PostgreSQL's row lock makes the second UPDATE re-check after
 *     the first commits; the loser changes no row, is refused COUPON_NOT_AVAILABLE and its order
 *     rolls back.
 *   - giveCardBack (applyOrderAction, on cancel and expire): the card the order holds goes back to
 *     available when its last day has not passed, else to expired; once (the UPDATE matches only
 *     a card still held by this order).
 */
import type { Kysely, Transaction } from 'kysely'
import { priceCoupon, type CouponOrder, type CouponPoints, type CouponPrice, type CouponTerms } from '../../../../src/core/coupon-pricing'
import { toDecimal } from '../../../../src/core/money'
import { wallClockIn } from '../../../../src/core/wall-clock'
import type { Locale } from '../../../../src/gateway/contract'
import { CARD_STATUS, COUPON_TYPE, type CouponReason } from '../../../../src/gateway/coupon-rows'
import type { ServiceType } from '../../../../src/gateway/order-rows'
import { pickText } from '../../../../src/i18n/translate'
import { parseNames } from '../../storage/repositories/row-mapping'
import type { Database } from '../../storage/schema'
import { enterpriseTimeZone } from '../enterprise/enterprise.service'
import { DomainError } from '../errors'
import { usableOn } from './card-validity'
import { addCardEvent, type CardRecord } from './coupon-cards'
import { parseIds, type PlanRecord } from './coupon-plans'

type Db = Kysely<Database> | Transaction<Database>

/** The card an order uses, as priced with it. */
export interface CardOnOrder {
  cardId: string
  planId: string
  /** The plan's name in the order's language (the order keeps it). */
  name: string
  /** What it takes off, at AmoPoint. */
  off: string
}

/** A plan as src/core/coupon-pricing reads it. */
export function termsOf(plan: PlanRecord): CouponTerms {
  return {
    kind: Number(plan.coupon_type) === COUPON_TYPE.DISCOUNT ? 'discount' : 'cash',
    amount: plan.amount,
    percent: plan.discount_rate,
    minSpend: plan.min_amount,
    maxOff: plan.max_off,
    shopIds: parseIds(plan.shop_ids),
    baseIds: parseIds(plan.base_ids),
    serviceTypes: parseIds(plan.service_types) as ServiceType[],
    goodsIds: parseIds(plan.goods_ids),
    classIds: parseIds(plan.class_ids)
  }
}

/** The priced lines of a placement as coupon pricing reads them. */
export function couponOrderOf(p: {
  shopId: string
  baseId: string
  serviceType: ServiceType
  lines: readonly { goods: { goodsId: string; classId: string }; amount: string }[]
}): CouponOrder {
  return {
    shopId: p.shopId,
    baseId: p.baseId,
    serviceType: p.serviceType,
    lines: p.lines.map((l) => ({ goodsId: l.goods.goodsId, classIds: l.goods.classId ? [l.goods.classId] : [], amount: l.amount }))
  }
}

export const planName = (plan: PlanRecord, locale: Locale): string => pickText(parseNames(plan.names), locale)

/** Why a held card cannot be used today, before its plan is looked at ('' it can). */
export function cardProblem(card: Pick<CardRecord, 'status' | 'valid_from' | 'valid_to'>, today: string): CouponReason {
  if (usableOn(card, today)) return ''
  const status = Number(card.status)
  if (status === CARD_STATUS.USED) return 'used'
  if (status === CARD_STATUS.RETURNED) return 'returned'
  if (status === CARD_STATUS.EXPIRED || card.valid_to < today) return 'expired'
  return 'not-yet-valid'
}

/** What a card would do to an order: its plan's price, or the card's own reason it cannot be used. */
export function priceCard(card: CardRecord, plan: PlanRecord, order: CouponOrder, points: CouponPoints, today: string): CouponPrice | { applies: false; reason: CouponReason; eligible: string; needed: string } {
  const problem = cardProblem(card, today)
  const priced = priceCoupon(termsOf(plan), order, points)
  if (problem) return { applies: false, reason: problem, eligible: priced.eligible, needed: '0' }
  return priced
}

/**
 * The member's card re-checked and priced for this order (reads only). `vipId` '' (no member
 * signed in) holds no card.
 */
export async function priceCardForOrder(
  db: Db,
  c: { entId: string; vipId: string; cardId: string; today: string; locale: Locale; order: CouponOrder; points: CouponPoints }
): Promise<CardOnOrder> {
  if (!c.vipId) throw new DomainError('COUPON_NOT_FOUND')
  const card = await db
    .selectFrom('coupon_cards')
    .selectAll()
    .where('card_id', '=', c.cardId)
    .where('ent_id', '=', c.entId)
    .where('vip_id', '=', c.vipId)
    .executeTakeFirst()
  if (!card) throw new DomainError('COUPON_NOT_FOUND')
  const plan = await db.selectFrom('coupon_plans').selectAll().where('plan_id', '=', card.plan_id).where('ent_id', '=', c.entId).executeTakeFirst()
  if (!plan) throw new DomainError('COUPON_NOT_FOUND')
  const priced = priceCard(card, plan, c.order, c.points, c.today)
  if (!priced.applies) throw new DomainError(priced.reason === 'min-spend' ? 'COUPON_MIN_SPEND' : 'COUPON_NOT_AVAILABLE')
  return { cardId: card.card_id, planId: plan.plan_id, name: planName(plan, c.locale), off: priced.off }
}

/** Takes the card for the order in its transaction, or refuses COUPON_NOT_AVAILABLE (another order took it first). */
export async function takeCard(trx: Transaction<Database>, c: { cardId: string; vipId: string; orderId: string; today: string; now: Date }): Promise<void> {
  const at = c.now.toISOString()
  const taken = await trx
    .updateTable('coupon_cards')
    .set({ status: CARD_STATUS.USED, order_id: c.orderId, used_at: at, updated_at: at })
    .where('card_id', '=', c.cardId)
    .where('vip_id', '=', c.vipId)
    .where('status', '=', CARD_STATUS.AVAILABLE)
    .where('order_id', '=', '')
    .where('valid_from', '<=', c.today)
    .where('valid_to', '>=', c.today)
    .executeTakeFirst()
  if (Number(taken.numUpdatedRows) !== 1) throw new DomainError('COUPON_NOT_AVAILABLE')
  await addCardEvent(trx, { cardId: c.cardId, action: 'use', from: CARD_STATUS.AVAILABLE, to: CARD_STATUS.USED, actor: `member:${c.vipId}`, refId: c.orderId, now: c.now })
}

/**
 * The order ended without being kept (cancelled, expired, or cancelled and refunded by the shop):
 * the card it took goes back to its holder while it has days left, else it is expired. Runs in the
 * caller's transaction with the order locked; does nothing for an order without a card or one
 * whose card was already given back.
 */
export async function giveCardBack(trx: Transaction<Database>, order: { order_id: string; ent_id: string; card_id: string }, now: Date): Promise<void> {
  if (!order.card_id) return
  const card = await trx
    .selectFrom('coupon_cards')
    .select(['card_id', 'valid_to'])
    .where('card_id', '=', order.card_id)
    .where('order_id', '=', order.order_id)
    .where('status', '=', CARD_STATUS.USED)
    .executeTakeFirst()
  if (!card) return
  const today = wallClockIn(await enterpriseTimeZone(trx as unknown as Kysely<Database>, order.ent_id), now).date
  const to = card.valid_to >= today ? CARD_STATUS.AVAILABLE : CARD_STATUS.EXPIRED
  const at = now.toISOString()
  const given = await trx
    .updateTable('coupon_cards')
    .set({ status: to, order_id: '', used_at: null, updated_at: at })
    .where('card_id', '=', card.card_id)
    .where('order_id', '=', order.order_id)
    .where('status', '=', CARD_STATUS.USED)
    .executeTakeFirst()
  if (Number(given.numUpdatedRows) !== 1) return
  await addCardEvent(trx, { cardId: card.card_id, action: 'give-back', from: CARD_STATUS.USED, to, actor: 'system', refId: order.order_id, now })
}

/** One of the member's cards as it stands for a cart (CouponCardsForOrder). */
export interface CardForOrder {
  card: CardRecord
  plan: PlanRecord
  applies: boolean
  reason: CouponReason
  /** At AmoPoint; '0' when it does not apply. */
  off: string
  eligible: string
}

/**
 * The member's cards that could still be used (available, last day not passed; ones whose first
 * day is ahead say 'not-yet-valid'), each priced against the order: those that apply first, most
 * off first, then soonest ending; then the others with why, soonest ending first.
 */
export async function cardsForOrder(
  db: Db,
  c: { entId: string; vipId: string; today: string; order: CouponOrder; points: CouponPoints }
): Promise<CardForOrder[]> {
  if (!c.vipId) return []
  const cards = await db
    .selectFrom('coupon_cards')
    .selectAll()
    .where('ent_id', '=', c.entId)
    .where('vip_id', '=', c.vipId)
    .where('status', '=', CARD_STATUS.AVAILABLE)
    .where('valid_to', '>=', c.today)
    .orderBy('valid_to')
    .orderBy('card_id')
    .execute()
  if (cards.length === 0) return []
  const plans = await db
    .selectFrom('coupon_plans')
    .selectAll()
    .where('ent_id', '=', c.entId)
    .where('plan_id', 'in', [...new Set(cards.map((card) => card.plan_id))])
    .execute()
  const planBy = new Map(plans.map((p) => [p.plan_id, p]))
  const zero = (0).toFixed(c.points.AmoPoint)
  const out = cards.flatMap((card): CardForOrder[] => {
    const plan = planBy.get(card.plan_id)
    if (!plan) return []
    const priced = priceCard(card, plan, c.order, c.points, c.today)
    return [{ card, plan, applies: priced.applies, reason: priced.applies ? '' : priced.reason, off: priced.applies ? priced.off : zero, eligible: priced.eligible }]
  })
  // Stable sort: within each group the query's order (soonest last day first) stays.
  return out.sort((a, b) => (a.applies !== b.applies ? (a.applies ? -1 : 1) : a.applies ? toDecimal(b.off).comparedTo(toDecimal(a.off)) : 0))
}
