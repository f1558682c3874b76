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
import dayjs, { type Dayjs } from 'dayjs'

export type CommentTimeText =
  | { kind: 'today'; time: string }
  | { kind: 'yesterday' }
  | { kind: 'daysAgo'; days: number }
  | { kind: 'weekAgo' }
  | { kind: 'date'; date: string }

export const WEEK_AGO_FROM_DAYS = 7
export const DATE_FROM_DAYS = 30

interface Parsed {
  /** The calendar date, at midnight. */
  day: Dayjs
  date: string
  time: string
}

const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?)?$/

/** A wall-clock text read by dayjs; null for one that rolls over (2024-02-30, 24:10) or is no date. */
function parse(text: string): Parsed | null {
  const m = WALL_CLOCK.exec(text.trim())
  if (!m) return null
  const [, date, time = ''] = m
  const at = dayjs(`${date}T${time || '00:00'}`)
  if (!at.isValid() || at.format('YYYY-MM-DD HH:mm') !== `${date} ${time || '00:00'}`) return null
  return { day: at.startOf('day'), date, time }
}

/** `created` and `now` as 'YYYY-MM-DD HH:mm:ss', both on the enterprise's wall clock. */
export function commentTimeText(created: string, now: string): CommentTimeText {
  const c = parse(created)
  if (!c) return { kind: 'date', date: created }
  const n = parse(now)
  if (!n) return { kind: 'date', date: c.date }
  // Calendar days on the wall clock (dayjs allows for a daylight-saving hour in between).
  const days = n.day.diff(c.day, 'day')
  if (days < 0) return { kind: 'date', date: c.date }
  if (days === 0) return { kind: 'today', time: c.time }
  if (days === 1) return { kind: 'yesterday' }
  if (days < WEEK_AGO_FROM_DAYS) return { kind: 'daysAgo', days }
  if (days < DATE_FROM_DAYS) return { kind: 'weekAgo' }
  return { kind: 'date', date: c.date }
}
