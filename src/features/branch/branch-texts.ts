/**
 * What the branch page says about hours, days, services and delivery, from a BaseDetailRow: the
 * catalogue keys and their values, so the page stays thin and the rules are tested without Taro.
 */
import type { BaseDetailRow } from '../../gateway/address-rows'
import type { MessageKey } from '../../i18n/catalogues'
import { clockText, isWholeDayText, parseClock } from '../../core/daily-window'
import { servicesOffered } from '../../core/sheet-position'

type T = (key: MessageKey, values?: Record<string, string | number>) => string

/** The opening hours as shown to people: the OpeningHours param when set, else BeginTime–EndTime (all day when whole). */
export function hoursText(d: BaseDetailRow, t: T): string {
  if (d.OpeningHours.trim()) return d.OpeningHours.trim().replace(/\s*-\s*/, '–')
  if (isWholeDayText(d.BeginTime, d.EndTime)) return t('home.allDay')
  const begin = parseClock(d.BeginTime) === null ? '00:00' : clockText(d.BeginTime)
  const end = parseClock(d.EndTime) === null ? '23:59' : clockText(d.EndTime)
  return `${begin}–${end}`
}

/** The weekdays open ('1,2,…,7', 1 Monday): every day when all seven or none are named. */
export function daysText(d: BaseDetailRow, t: T, separator: string): string {
  const days = [...new Set(d.Weekday.split(',').map((s) => s.trim()).filter((s) => /^[1-7]$/.test(s)))].sort()
  if (days.length === 0 || days.length === 7) return t('branch.everyDay')
  return days.map((n) => t(`checkout.weekday.${n}` as MessageKey)).join(separator)
}

/** The service styles the branch offers, as the confirm page names them. */
export function serviceTexts(d: BaseDetailRow, t: T): string[] {
  return servicesOffered(d.BusinessMode, d.CYType).map((s) => t(`checkout.service.${s}` as MessageKey))
}

/** Its delivery range: none offered, no limit (0), or within so many km. */
export function deliveryText(d: BaseDetailRow, t: T): string {
  if (!servicesOffered(d.BusinessMode, d.CYType).includes('delivery')) return t('branch.noDelivery')
  if (!(d.DeliveryRange > 0)) return t('branch.deliveryAny')
  // Metres to km, at most one decimal, no trailing zero (5000 → 5, 2500 → 2.5).
  const km = String(Math.round(d.DeliveryRange / 100) / 10)
  return t('branch.deliveryWithin', { km })
}

/** Digits and a leading '+' only, as a tel: address takes a number ('+853 2835 6721' → '+85328356721'). */
export const dialable = (phone: string): string => phone.replace(/(?!^\+)[^\d]/g, '')
