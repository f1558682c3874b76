/**
 * The time text of a review (spec §4 "Time text for comments"): today shows the time; yesterday;
 * n days ago; beyond that '7 days ago'; older shows the full date. Structured results: the UI
 * picks the words from the i18n catalogues.
 *
 * Reading of the spec's thresholds (it names "7 days" and "older" without numbers for "older"):
 * - days are calendar days on the enterprise's wall clock (23:59 yesterday → 00:01 today is
 *   'yesterday', not 'today'), never 24-hour periods;
 * - 0 → today (with 'HH:mm'), 1 → yesterday, 2..6 → 'n days ago';
 * - 7..29 → 'weekAgo', the spec's '7 days ago' ("beyond 7 days") — shown as "a week ago";
 * - 30 and more → the date 'YYYY-MM-DD' ("older shows the full date").
 * A time in the future (clock skew, bad data) and an unparsable text show as a date: the date
 * part when it parses, otherwise the text as given.
 */

export type CommentTimeText =
  | { kind: 'today'; time: string }
  | { kind: 'yesterday' }
  | { kind: 'daysAgo'; days: number }
  | { kind: 'weekAgo' }
  | { kind: 'date'; date: string }

export const WEEK_AGO_FROM_DAYS = 7
export const DATE_FROM_DAYS = 30

interface Parsed {
  /** Days since 1970-01-01 of the calendar date. */
  day: number
  date: string
  time: string
}

function parse(text: string): Parsed | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/.exec(text.trim())
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const utc = Date.UTC(y, mo - 1, d)
  const check = new Date(utc)
  // Reject dates that roll over (2024-02-30) and impossible times.
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null
  const h = m[4] === undefined ? 0 : Number(m[4])
  const min = m[5] === undefined ? 0 : Number(m[5])
  if (h > 23 || min > 59 || (m[6] !== undefined && Number(m[6]) > 59)) return null
  return { day: Math.round(utc / 86_400_000), date: `${m[1]}-${m[2]}-${m[3]}`, time: m[4] === undefined ? '' : `${m[4]}:${m[5]}` }
}

/** `created` and `now` as 'YYYY-MM-DD HH:mm:ss', both on the enterprise's wall clock. */
export function commentTimeText(created: string, now: string): CommentTimeText {
  const c = parse(created)
  if (!c) return { kind: 'date', date: created }
  const n = parse(now)
  if (!n) return { kind: 'date', date: c.date }
  const days = n.day - c.day
  if (days < 0) return { kind: 'date', date: c.date }
  if (days === 0) return { kind: 'today', time: c.time }
  if (days === 1) return { kind: 'yesterday' }
  if (days < WEEK_AGO_FROM_DAYS) return { kind: 'daysAgo', days }
  if (days < DATE_FROM_DAYS) return { kind: 'weekAgo' }
  return { kind: 'date', date: c.date }
}
