/**
 * Appointed pickup / delivery times (spec §4 "Appointment slots"): up to 7 days ahead, on the
 * branch's allowed weekdays (default all); every slot is on the quarter hour (:00, :15, :30, :45),
 * the first one the earliest time rounded up to it, then 15-minute steps (issue 27 item 19: the
 * spec's 'rounded up to 10 minutes' put one branch on :00/:15 and another on :10/:25, whether the
 * first slot came from the opening time or from now); the lead before the first slot today is the cooking duration
 * (15 min when 0), and delivery adds the distribution duration (30 min when 0); an end time of
 * 00:00 means 23:59:59. An end before the begin crosses midnight: the business day model, where
 * the small hours belong to the evening's service (docs/ordering.md). The closing minute is no slot. The client lists these slots and
 * the server accepts only a time this function lists ('The appointed Time is not within business
 * hours, please choose again'). Pure: callers pass the enterprise's wall clock.
 */
import { parseClock } from './daily-window'
import type { WallClock } from './wall-clock'

export const APPOINTMENT_DAYS = 7
export const SLOT_STEP_MINUTES = 15
/** The spec's rounding of the first slot, no longer used alone: slots keep to the 15-minute grid. */
export const FIRST_SLOT_ROUNDING_MINUTES = 10
export const DEFAULT_COOKING_MINUTES = 15
export const DEFAULT_DELIVERY_MINUTES = 30

export interface SlotRules {
  /** The enterprise's wall clock now. */
  now: WallClock
  /** Opening hours 'HH:mm' ('' = 00:00 / 23:59). */
  beginTime: string
  endTime: string
  /** Allowed weekdays '1,2,…,7' (Monday = 1); '' = every day. */
  weekday: string
  /** Minutes; 0 takes the defaults. */
  cookingMinutes: number
  dtbMinutes: number
  delivery: boolean
  days?: number
}

export interface SlotDay {
  /** 'YYYY-MM-DD' */
  date: string
  /** 1 Monday … 7 Sunday. */
  weekday: number
  /** The business day: 0 today, 1 tomorrow …; -1 yesterday's, still serving in tonight's small hours. */
  offset: number
  /** 'HH:mm' in service order (18:00 … 23:45, 00:00 … 01:45 for a service crossing midnight). */
  slots: string[]
  /** Index of the first slot after midnight (on the next calendar date); slots.length when none. */
  nextDayFrom: number
}

const DAY_SECONDS = 24 * 3600
const pad = (n: number): string => String(n).padStart(2, '0')
const hhmm = (seconds: number): string => `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}`

/** Minutes from ordering now to the earliest pickup (or delivery) time. */
export function leadMinutes(rules: Pick<SlotRules, 'cookingMinutes' | 'dtbMinutes' | 'delivery'>): number {
  const cooking = rules.cookingMinutes > 0 ? rules.cookingMinutes : DEFAULT_COOKING_MINUTES
  if (!rules.delivery) return cooking
  return cooking + (rules.dtbMinutes > 0 ? rules.dtbMinutes : DEFAULT_DELIVERY_MINUTES)
}

/** Allowed weekdays; '' or nothing valid = all seven. */
export function allowedWeekdays(text: string): Set<number> {
  const days = new Set(
    String(text ?? '')
      .split(/[,，\s]+/)
      .map(Number)
      .filter((d) => Number.isInteger(d) && d >= 1 && d <= 7)
  )
  return days.size ? days : new Set([1, 2, 3, 4, 5, 6, 7])
}

/**
 * The service of one business day in seconds from that day's midnight: [begin, end), end
 * exclusive (the closing minute itself is no slot). An end of 00:00 (or 23:59) is the end of the
 * day; an end before (or at) the begin is on the next calendar day, so 18:00–02:00 is
 * [18:00, 26:00): tonight's small hours belong to today's business day.
 */
export function serviceSpan(beginTime: string, endTime: string): [number, number] {
  const begin = parseClock(beginTime) ?? 0
  let end = parseClock(endTime) ?? DAY_SECONDS
  if (end === 0 || end >= DAY_SECONDS - 60) end = DAY_SECONDS
  if (end <= begin) end += DAY_SECONDS
  return [begin, end]
}

/**
 * Opening windows within one calendar day, in seconds ([from, to), to exclusive): one, or two
 * when the hours cross midnight (the small hours first).
 */
export function openWindows(beginTime: string, endTime: string): [number, number][] {
  const [begin, end] = serviceSpan(beginTime, endTime)
  if (end <= DAY_SECONDS) return [[begin, end]]
  return [
    [0, end - DAY_SECONDS],
    [begin, DAY_SECONDS]
  ]
}

const addDays = (date: string, days: number): { date: string; weekday: number } => {
  const [y, m, d] = date.split('-').map(Number)
  const t = new Date(Date.UTC(y, m - 1, d + days))
  const js = t.getUTCDay()
  return { date: `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`, weekday: js === 0 ? 7 : js }
}

/**
 * The slot days, by business day: a service that crosses midnight lists its small hours under
 * the day it began ('Today' 18:00 … 23:45, 00:00 … 01:45 at a night market open 18:00–02:00),
 * with `nextDayFrom` marking where the next calendar date starts. Before tonight's service is
 * over, yesterday's business day comes first (offset -1) while it still has slots. Days without
 * a slot and weekdays not allowed (the weekday the service begins) are left out.
 */
export function appointmentSlots(rules: SlotRules): SlotDay[] {
  const weekdays = allowedWeekdays(rules.weekday)
  const [begin, end] = serviceSpan(rules.beginTime, rules.endTime)
  const lead = leadMinutes(rules) * 60
  // The first slot on the same quarter-hour grid as every other (an opening at 10:10 starts at 10:15).
  const rounding = SLOT_STEP_MINUTES * 60
  const result: SlotDay[] = []
  for (let offset = -1; offset < (rules.days ?? APPOINTMENT_DAYS); offset++) {
    const day = addDays(rules.now.date, offset)
    if (!weekdays.has(day.weekday)) continue
    // The earliest time on this business day's own clock (now is one day later for yesterday's).
    const earliest = rules.now.secondsOfDay - offset * DAY_SECONDS + lead
    const start = Math.max(begin, earliest)
    const slots: string[] = []
    let nextDayFrom = -1
    for (let t = Math.ceil(start / rounding) * rounding; t < end; t += SLOT_STEP_MINUTES * 60) {
      if (t >= DAY_SECONDS && nextDayFrom < 0) nextDayFrom = slots.length
      slots.push(hhmm(t % DAY_SECONDS))
    }
    if (slots.length) result.push({ date: day.date, weekday: day.weekday, offset, slots, nextDayFrom: nextDayFrom < 0 ? slots.length : nextDayFrom })
  }
  return result
}

/** Whether a slot of the day falls after midnight (on the next calendar date). */
export const isAfterMidnight = (day: SlotDay, time: string): boolean => {
  const i = day.slots.indexOf(time)
  return i >= 0 && i >= day.nextDayFrom
}

/** The calendar time of a slot, 'YYYY-MM-DD HH:mm', as it goes to the server. */
export const slotDateTime = (day: SlotDay, time: string): string => `${isAfterMidnight(day, time) ? addDays(day.date, 1).date : day.date} ${time}`

/**
 * How long a listed slot stays good: the grid starts at the earliest time rounded up to 10
 * minutes, so it moves by 10 minutes at every :x0 of the clock, and a slot the diner picked a
 * moment ago may no longer be on it. One grid back is still accepted, never inside the lead.
 */
export const SLOT_GRACE_MINUTES = FIRST_SLOT_ROUNDING_MINUTES

/** The wall clock `seconds` earlier (later when negative; the weekday and date follow across midnight). */
function clockBefore(now: WallClock, seconds: number): WallClock {
  let s = now.secondsOfDay - seconds
  let day = { date: now.date, weekday: now.weekday }
  while (s < 0) {
    s += DAY_SECONDS
    day = addDays(day.date, -1)
  }
  while (s >= DAY_SECONDS) {
    s -= DAY_SECONDS
    day = addDays(day.date, 1)
  }
  return { ...day, secondsOfDay: s, time: `${hhmm(s)}:${pad(s % 60)}` }
}

/**
 * Whether 'YYYY-MM-DD HH:mm' (calendar date and time) is one of the slots listed now, or one
 * listed a grid ago (SLOT_GRACE_MINUTES) that is still at least the lead away.
 */
export function isAppointmentAllowed(rules: SlotRules, appointed: string): boolean {
  const text = appointed.trim()
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(text)) return false
  const listed = (r: SlotRules): boolean => appointmentSlots(r).some((d) => d.slots.some((t) => slotDateTime(d, t) === text))
  if (listed(rules)) return true
  if (!listed({ ...rules, now: clockBefore(rules.now, SLOT_GRACE_MINUTES * 60) })) return false
  // Still beyond the lead from now: 'YYYY-MM-DD HH:mm' texts order as times do.
  const earliest = clockBefore(rules.now, -leadMinutes(rules) * 60)
  return text >= `${earliest.date} ${earliest.time.slice(0, 5)}`
}

/** The business day whose service is on now (yesterday's in tonight's small hours), or null when closed. */
export function openBusinessDay(rules: Pick<SlotRules, 'now' | 'beginTime' | 'endTime' | 'weekday'>): string | null {
  const weekdays = allowedWeekdays(rules.weekday)
  const [begin, end] = serviceSpan(rules.beginTime, rules.endTime)
  for (const offset of [0, -1]) {
    const day = addDays(rules.now.date, offset)
    const t = rules.now.secondsOfDay - offset * DAY_SECONDS
    if (weekdays.has(day.weekday) && t >= begin && t < end) return day.date
  }
  return null
}

/** Whether ordering for as soon as possible is possible now (the branch is open now, closing minute excluded). */
export function isOpenNow(rules: Pick<SlotRules, 'now' | 'beginTime' | 'endTime' | 'weekday'>): boolean {
  return openBusinessDay(rules) !== null
}
