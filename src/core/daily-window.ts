/**
 * Daily time windows (shop opening hours, goods sale windows), pure and zone-free:
 * callers pass the wall-clock time of the enterprise's time zone.
 */

/** 'HH:mm' or 'HH:mm:ss' → seconds since midnight; null when malformed. */
export function parseClock(text: string | null | undefined): number | null {
  if (!text) return null
  const m = /^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$/.exec(text)
  if (!m) return null
  const h = Number(m[1])
  const min = Number(m[2])
  const s = m[3] ? Number(m[3]) : 0
  if (h > 24 || min > 59 || s > 59 || (h === 24 && (min > 0 || s > 0))) return null
  return h * 3600 + min * 60 + s
}

/** First five characters of a time text, as the spec shows times ('08:00:00' → '08:00'). */
export const clockText = (text: string): string => text.slice(0, 5)

const DAY = 24 * 3600

/**
 * Whether `now` (seconds since midnight) lies in the window [begin, end].
 * Empty begin/end take the defaults 00:00 and 23:59 (spec §4 "Ordering allowed");
 * an end before the begin crosses midnight; an end of 00:00 after a later begin means
 * the end of the day. 00:00–00:00 and 00:00–23:59 are the whole day.
 */
export function inDailyWindow(begin: string | null | undefined, end: string | null | undefined, now: number): boolean {
  const b = parseClock(begin) ?? 0
  let e = parseClock(end) ?? parseClock('23:59')!
  if (isWholeDay(b, e)) return true
  if (e === 0) e = DAY - 1
  // The window includes the whole last minute: 23:59 means until 23:59:59.
  const endInclusive = e % 60 === 0 ? e + 59 : e
  if (b <= e) return now >= b && now <= endInclusive
  return now >= b || now <= endInclusive
}

export function isWholeDay(begin: number, end: number): boolean {
  return begin === 0 && (end === 0 || end >= parseClock('23:59')!)
}

/** Whole day for texts, with the same defaults as inDailyWindow. */
export function isWholeDayText(begin: string | null | undefined, end: string | null | undefined): boolean {
  return isWholeDay(parseClock(begin) ?? 0, parseClock(end) ?? parseClock('23:59')!)
}
