/**
 * What a coupon says, in the language on screen: its value ('MOP$10.00', '15% off'), its rules
 * (minimum spend, cap, where it applies), its validity (spec §5: from the day of collection, from
 * the next day, within N days; or fixed days) and why it cannot be used or claimed.
 */
import { toDecimal } from '../../core/money'
import {
  CARD_EVENT_ACTIONS,
  COUPON_TYPE,
  VALID_KIND,
  type CardEventAction,
  type AvailableCardRow,
  type CouponPlanRow,
  type CouponReason,
  type CouponTerms
} from '../../gateway/coupon-rows'
import type { MessageKey } from '../../i18n/catalogues'

type T = (key: MessageKey, params?: Record<string, string | number>) => string
type Amount = (value: string) => string

/** The big figure of a ticket. */
export function couponValue(c: CouponTerms, t: T, amount: Amount): string {
  if (c.CouponType === COUPON_TYPE.DISCOUNT) return t('coupon.discount', { rate: toDecimal(c.DiscountRate).toString() })
  return amount(c.Amount)
}

/** Minimum spend, cap and scope, one line each. */
export function couponRules(c: CouponTerms, t: T, amount: Amount, serviceName: (s: string) => string): string[] {
  const out: string[] = []
  out.push(toDecimal(c.MinAmount).gt(0) ? t('coupon.minSpend', { min: amount(c.MinAmount) }) : t('coupon.noMin'))
  if (c.CouponType === COUPON_TYPE.DISCOUNT && toDecimal(c.MaxOff).gt(0)) out.push(t('coupon.maxOff', { amount: amount(c.MaxOff) }))
  out.push(c.ScopeNames ? t('coupon.scopeGoods', { names: c.ScopeNames }) : t('coupon.scopeAll'))
  const services = c.ServiceTypes.split(',').filter(Boolean)
  if (services.length > 0) out.push(t('coupon.scopeServices', { names: services.map(serviceName).join(' / ') }))
  // Where, by name (issue 27 item 20: 'Only at some shops' did not say which).
  if (c.ShopIDs || c.BaseIDs) out.push(c.PlaceNames ? t('coupon.scopePlaceNames', { names: c.PlaceNames }) : t('coupon.scopePlaces'))
  return out
}

/** 'YYYY-MM-DD' of a date as written; a page passes the language's own way (src/i18n/dates.ts dateText: '29 Sep 2026'). */
const isoDay = (d: string): string => d.slice(0, 10)

/** A card's validity: its own days. */
export function cardValidity(c: { ValidFrom: string; ValidTo: string }, t: T, day: (d: string) => string = isoDay): string {
  return t('coupon.valid.range', { from: day(c.ValidFrom), to: day(c.ValidTo) })
}

/** A plan's validity: what a card claimed now would get. */
export function planValidity(p: CouponPlanRow, t: T, day: (d: string) => string = isoDay): string {
  if (p.ValidKind === VALID_KIND.FROM_COLLECTION) return t('coupon.valid.fromCollection', { days: p.ValidDays })
  if (p.ValidKind === VALID_KIND.FROM_NEXT_DAY) return t('coupon.valid.fromNextDay', { days: p.ValidDays })
  return t('coupon.valid.range', { from: day(p.ValidFrom), to: day(p.ValidTo) })
}

/** Why a card does not apply to this order, or a plan cannot be claimed ('' when it does). */
export function reasonText(reason: CouponReason, t: T, amount: Amount, row?: Pick<AvailableCardRow, 'MinAmount' | 'EligibleAmount'>): string {
  if (!reason) return ''
  if (reason === 'min-spend' && row) {
    const short = toDecimal(row.MinAmount).minus(toDecimal(row.EligibleAmount || '0'))
    return t('coupon.reason.min-spend', { short: amount(short.gt(0) ? short.toString() : '0'), min: amount(row.MinAmount) })
  }
  if (reason === 'min-spend') return t('coupon.minSpend', { min: amount(row?.MinAmount ?? '0') })
  return t(`coupon.reason.${reason}` as MessageKey)
}

/** The key naming a step of a card's history; one this app does not know is named as a change by the shop (never its raw key). */
export function eventKey(action: string): MessageKey {
  return (CARD_EVENT_ACTIONS as readonly string[]).includes(action) ? `coupon.event.${action as CardEventAction}` : 'coupon.event.other'
}
