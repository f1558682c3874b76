/**
 * Dates and times as a diner reads them, in the language on screen, each language its own way
 * (issue 27 item 19): the catalogue holds the pattern ('date.long': 'D MMM YYYY' / 'YYYY年M月D日';
 * 'date.dateTime': 'D MMM YYYY, HH:mm' / 'YYYY年M月D日 HH:mm'; 'date.day': 'ddd D MMM' /
 * 'M月D日 ddd') and dayjs writes it with its locale's month and weekday names ('Mon', '周一',
 * '週一'). Wall-clock texts only ('YYYY-MM-DD' or 'YYYY-MM-DD HH:mm[:ss]' in the shop's time): no
 * time zone is involved, so the client needs no Intl time zone data. Seconds are never shown.
 * Not for the first screen (dayjs and its two Chinese locales stay off it).
 */
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import 'dayjs/locale/zh-tw'
import type { Locale } from '../gateway/contract'
import type { MessageKey } from './catalogues'

const DAYJS_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', en: 'en' }

/** `date` ('YYYY-MM-DD…') written with `pattern` in `locale`'s names; a text that is no date comes back as it is. */
export function formatDate(date: string, pattern: string, locale: Locale = 'en'): string {
  const parsed = dayjs(date.slice(0, 19).replace(' ', 'T'))
  return parsed.isValid() ? parsed.locale(DAYJS_LOCALE[locale] ?? 'en').format(pattern) : date
}

/** What the texts need: the language on screen and its catalogue (the I18nStore). */
export interface DateWords {
  locale: Locale
  t(key: MessageKey): string
}

/** A day: '29 Sep 2026', '2026年9月29日' ('' stays ''). */
export const dateText = (wall: string, w: DateWords): string => (wall ? formatDate(wall, w.t('date.long'), w.locale) : '')

/** A moment to the minute: '28 Nov 2026, 14:51', '2026年11月28日 14:51' ('' stays ''). */
export const dateTimeText = (wall: string, w: DateWords): string => (wall ? formatDate(wall, w.t('date.dateTime'), w.locale) : '')

/** A day of the coming week, as a slot's day: 'Mon 30 Nov', '11月30日 周一', '11月30日 週一'. */
export const weekDayText = (date: string, w: DateWords): string => (date ? formatDate(date, w.t('date.day'), w.locale) : '')
