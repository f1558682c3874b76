/** Times and names as the console shows them. */
import type { Locale } from '../../gateway/contract'
import type { StaffScopeRow } from '../../gateway/staff-contract'
import { pickText } from '../../i18n/text'

const INTL_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW', en: 'en-GB' }

/** '2026-11-28 10:05' style, in the device's time zone (the restaurant's own tablet); '' stays ''. */
export function formatDateTime(text: string, locale: Locale): string {
  if (!text) return ''
  const date = new Date(text)
  if (Number.isNaN(date.getTime())) return text
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false }).format(date)
}

export function formatTime(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(date)
}

/** A shop's or branch's name in the scope, else its id. */
export function placeName(scope: readonly StaffScopeRow[], shopId: string, baseId: string, locale: Locale): string {
  const row = scope.find((r) => r.ShopID === shopId && r.BaseID === baseId)
  return pickText(row?.Names, locale, baseId || shopId)
}
