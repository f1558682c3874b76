/**
 * Dates as a diner reads them, in the language on screen: the catalogue holds the pattern
 * ('date.long': 'D MMM YYYY', 'YYYY年M月D日') and dayjs writes it. Wall-clock texts only
 * ('YYYY-MM-DD' or 'YYYY-MM-DD HH:mm[:ss]' in the shop's time): no time zone is involved, so
 * the client needs no Intl time zone data. Not for the first screen (dayjs stays off it).
 */
import dayjs from 'dayjs'

/** `date` ('YYYY-MM-DD…') written with `pattern`; a text that is no date comes back as it is. */
export function formatDate(date: string, pattern: string): string {
  const parsed = dayjs(date.slice(0, 19).replace(' ', 'T'))
  return parsed.isValid() ? parsed.format(pattern) : date
}
