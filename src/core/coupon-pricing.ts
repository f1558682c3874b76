/**
 * Whether a coupon card's plan applies to an order, and how much it takes off (pure; the server's
 * checkout and CouponCardsForOrder use it, the client may show the same figures).
 *
 *   - Scope: the plan may name shops, branches, service styles, goods and goods classes; an empty
 *     list means "any". Goods and classes together mean "a line of these goods OR in these
 *     classes". Lines outside the goods/class scope are not eligible spend.
 *   - Cash voucher: `amount` off the eligible spend once it reaches the minimum spend. It never
 *     takes more than the eligible spend: the spend must reach the voucher's value as well (the
 *     spec's 'The consumption amount must be greater than or equal to the amount of available
 *     vouchers'), so the minimum it needs is the larger of the two (reason 'min-spend' naming it)
 *     rather than a voucher silently shrunk.
 *   - Discount: `percent` off the eligible spend, the amount off rounded half-up at DiscountPoint
 *     decimals (never finer than AmoPoint) with the one rounding of ./money, at most `maxOff`
 *     when the plan caps it, and never more than the eligible spend. A minimum spend applies too,
 *     and a discount that rounds to nothing off does not apply ('min-spend' naming the spend it
 *     needs), so a card is never used up for nothing.
 * The eligible spend is the sum of the eligible lines' amounts, rounded at AmoPoint like the
 * order's goods amount.
 */
import { Decimal, roundHalfUp, sumDecimals, toDecimal } from './money'
import type { CouponReason } from '../gateway/coupon-rows'
import type { ServiceType } from '../gateway/order-rows'

export type CouponKind = 'cash' | 'discount'

/** What a plan says a card is worth and where it applies. */
export interface CouponTerms {
  kind: CouponKind
  /** Cash voucher: the amount off (decimal text). */
  amount: string
  /** Percent off for a discount ('15' = 15 % off; decimal text, 0 < p ≤ 100). */
  percent: string
  /** Least eligible spend ('0' or '' = none). */
  minSpend: string
  /** Discount: the most it takes off ('0' or '' = no cap). */
  maxOff: string
  /** Empty = any. */
  shopIds: readonly string[]
  baseIds: readonly string[]
  serviceTypes: readonly ServiceType[]
  /** Both empty = every goods. */
  goodsIds: readonly string[]
  classIds: readonly string[]
}

export interface CouponOrderLine {
  goodsId: string
  /** The goods' class (and the classes above it, when the menu nests them). */
  classIds: readonly string[]
  /** The line's amount (unrounded, as priced). */
  amount: string
}

/** The order preview a card is checked against. */
export interface CouponOrder {
  shopId: string
  baseId: string
  serviceType: ServiceType
  lines: readonly CouponOrderLine[]
}

/** Why a plan does not apply to this order (the contract's reasons, src/gateway/coupon-rows.ts). */
export type CouponMismatch = Extract<CouponReason, 'shop' | 'branch' | 'service-type' | 'goods' | 'min-spend'>

export type CouponPrice =
  | { applies: true; eligible: string; off: string }
  | { applies: false; eligible: string; reason: CouponMismatch; /** The spend it needs ('min-spend'; '0' otherwise). */ needed: string }

export interface CouponPoints {
  AmoPoint: number
  DiscountPoint: number
}

const anyOr = <T>(list: readonly T[], value: T): boolean => list.length === 0 || list.includes(value)

/** Whether a line is in the plan's goods/class scope. */
export function lineInScope(terms: Pick<CouponTerms, 'goodsIds' | 'classIds'>, line: Pick<CouponOrderLine, 'goodsId' | 'classIds'>): boolean {
  if (terms.goodsIds.length === 0 && terms.classIds.length === 0) return true
  return terms.goodsIds.includes(line.goodsId) || line.classIds.some((c) => terms.classIds.includes(c))
}

/** Prices a card's plan against an order: the amount off, or why it does not apply. */
export function priceCoupon(terms: CouponTerms, order: CouponOrder, points: CouponPoints): CouponPrice {
  const amo = points.AmoPoint
  const eligibleSum = roundHalfUp(sumDecimals(order.lines.filter((l) => lineInScope(terms, l)).map((l) => l.amount)), amo)
  const eligible = eligibleSum.toFixed(amo)
  const refuse = (reason: CouponMismatch, needed: Decimal = new Decimal(0)): CouponPrice => ({ applies: false, eligible, reason, needed: needed.toFixed(amo) })
  if (!anyOr(terms.shopIds, order.shopId)) return refuse('shop')
  if (!anyOr(terms.baseIds, order.baseId)) return refuse('branch')
  if (!anyOr(terms.serviceTypes, order.serviceType)) return refuse('service-type')
  if (!eligibleSum.greaterThan(0)) return refuse('goods')
  const minSpend = roundHalfUp(toDecimal(terms.minSpend), amo)
  if (terms.kind === 'cash') {
    const value = roundHalfUp(toDecimal(terms.amount), amo)
    const needed = value.greaterThan(minSpend) ? value : minSpend
    if (eligibleSum.lessThan(needed)) return refuse('min-spend', needed)
    return { applies: true, eligible, off: value.toFixed(amo) }
  }
  if (eligibleSum.lessThan(minSpend)) return refuse('min-spend', minSpend)
  const percent = toDecimal(terms.percent)
  const rate = (percent.isNegative() ? new Decimal(0) : percent.greaterThan(100) ? new Decimal(100) : percent).div(100)
  const dp = Math.min(points.DiscountPoint, amo)
  let off = roundHalfUp(eligibleSum.times(rate), dp)
  if (!off.greaterThan(0)) {
    // Rounded to nothing off (2 % of 22 at DiscountPoint 0): the card is not used up for nothing.
    // It needs the spend whose discount reaches half the least unit.
    if (rate.isZero()) return refuse('min-spend', minSpend)
    const needed = new Decimal(10).pow(-dp).div(2).div(rate).toDecimalPlaces(amo, Decimal.ROUND_UP)
    return refuse('min-spend', needed.greaterThan(minSpend) ? needed : minSpend)
  }
  const cap = roundHalfUp(toDecimal(terms.maxOff), amo)
  if (cap.greaterThan(0) && off.greaterThan(cap)) off = cap
  return { applies: true, eligible, off: (off.greaterThan(eligibleSum) ? eligibleSum : off).toFixed(amo) }
}
