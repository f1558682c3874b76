/**
 * Appointed pickup / delivery times (spec §4 "Appointment slots"): up to 7 days ahead, on the
 * branch's allowed weekdays (default all); the first slot is the earliest time rounded up to
 * 10 minutes, then 15-minute steps; the lead before the first slot today is the cooking duration
 * (15 min when 0), and delivery adds the distribution duration (30 min when 0); an end time of
 * 00:00 means 23:59:59. An end before the begin crosses midnight. The client lists these slots and
 * the server accepts only a time this function lists ('The appointed Time is not within business
 * hours, please choose again'). Pure: callers pass the enterprise's wall clock.
 */
import { parseClock } from './daily-window'
import { addMilliseconds, type WallClock } from './wall-clock'

export const APPOINTMENT_DAYS = 7
export const SLOT_STEP_MINUTES = 15
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
  /** 0 today, 1 tomorrow … */
  offset: number
  /** 'HH:mm', ascending. */
  slots: string[]
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

/** Opening windows within one day, in seconds: one, or two when the hours cross midnight. */
export function openWindows(beginTime: string, endTime: string): [number, number][] {
  const begin = parseClock(beginTime) ?? 0
  let end = parseClock(endTime) ?? parseClock('23:59')!
  if (end === 0 || end >= DAY_SECONDS) end = DAY_SECONDS - 1
  else if (end % 60 === 0) end += 59 // 23:59 means until 23:59:59
  if (begin <= end) return [[begin, end]]
  return [
    [0, end],
    [begin, DAY_SECONDS - 1]
  ]
}

/** The slot days, today first; days without a slot are left out. */
export function appointmentSlots(rules: SlotRules): SlotDay[] {
  const weekdays = allowedWeekdays(rules.weekday)
  const windows = openWindows(rules.beginTime, rules.endTime)
  const earliestToday = rules.now.secondsOfDay + leadMinutes(rules) * 60
  const result: SlotDay[] = []
  for (let offset = 0; offset < (rules.days ?? APPOINTMENT_DAYS); offset++) {
    const day = addMilliseconds(rules.now, offset * DAY_SECONDS * 1000)
    if (!weekdays.has(day.weekday)) continue
    const slots: string[] = []
    for (const [from, to] of windows) {
      const start = offset === 0 ? Math.max(from, earliestToday) : from
      const rounding = FIRST_SLOT_ROUNDING_MINUTES * 60
      for (let t = Math.ceil(start / rounding) * rounding; t <= to && t < DAY_SECONDS; t += SLOT_STEP_MINUTES * 60) slots.push(hhmm(t))
    }
    if (slots.length) result.push({ date: day.date, weekday: day.weekday, offset, slots })
  }
  return result
}

/** Whether 'YYYY-MM-DD HH:mm' is one of the slots. */
export function isAppointmentAllowed(rules: SlotRules, appointed: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(appointed.trim())
  if (!m) return false
  return appointmentSlots(rules).some((d) => d.date === m[1] && d.slots.includes(m[2]))
}

/** Whether ordering for as soon as possible is possible now (the shop is open now). */
export function isOpenNow(rules: Pick<SlotRules, 'now' | 'beginTime' | 'endTime' | 'weekday'>): boolean {
  if (!allowedWeekdays(rules.weekday).has(rules.now.weekday)) return false
  return openWindows(rules.beginTime, rules.endTime).some(([a, b]) => rules.now.secondsOfDay >= a && rules.now.secondsOfDay <= b)
}
