/**
 * Wall-clock times of the enterprise's time zone. The server reads them with Intl; the
 * client never needs Intl time zones (mini-program engines may lack them): it takes the
 * server's NowDate and moves it on by the time elapsed since.
 */

export interface WallClock {
  /** 'YYYY-MM-DD' */
  date: string
  /** 'HH:mm:ss' */
  time: string
  /** Seconds since local midnight. */
  secondsOfDay: number
  /** 1 Monday … 7 Sunday. */
  weekday: number
}

const pad = (n: number): string => String(n).padStart(2, '0')

/**
 * One formatter per time zone, made on first use: building an Intl.DateTimeFormat with a
 * time zone costs a hundred times more than formatting with one (a placement reads the clock
 * several times). Unknown zones throw and are not kept; at most 1,000 names are.
 */
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23'
    })
    if (formatters.size >= 1000) formatters.clear()
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/**
 * The last wall clock read per time zone, with the whole second it was read for: a clock shows
 * whole seconds, so any instant of the same second reads the same. formatToParts costs 10–20 µs
 * and an order placement reads the clock twice (its sale windows, its answer's times); a busy
 * server reads the same second hundreds of times. Frozen, as it is handed to every caller.
 */
const lastRead = new Map<string, { second: number; clock: WallClock }>()

/** The wall clock in `timeZone` at `instant` (server side: Node has full ICU). */
export function wallClockIn(timeZone: string, instant: Date): WallClock {
  const second = Math.floor(instant.getTime() / 1000)
  const last = lastRead.get(timeZone)
  if (last !== undefined && last.second === second) return last.clock
  const parts = formatterFor(timeZone).formatToParts(instant)
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0)
  const clock = Object.freeze(fromFields(get('year'), get('month'), get('day'), get('hour') % 24, get('minute'), get('second')))
  // Only zones a formatter was made for get here (an unknown one threw): at most 1,000 of them.
  if (lastRead.size >= 1000 && last === undefined) lastRead.clear()
  lastRead.set(timeZone, { second, clock })
  return clock
}

/** Whether a time zone name is one the runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    formatterFor(name)
    return true
  } catch {
    return false
  }
}

/** 'YYYY-MM-DD HH:mm:ss' → a WallClock, or null when malformed. */
export function parseWallClock(text: string): WallClock | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim())
  if (!m) return null
  return fromFields(+m[1], +m[2], +m[3], +m[4], +m[5], +m[6])
}

export const formatWallClock = (w: WallClock): string => `${w.date} ${w.time}`

/** Moves a wall clock on by `ms` (zones without daylight saving, such as Asia/Macau, stay exact). */
export function addMilliseconds(w: WallClock, ms: number): WallClock {
  const [y, mo, d] = w.date.split('-').map(Number)
  const base = Date.UTC(y, mo - 1, d) + w.secondsOfDay * 1000 + ms
  const t = new Date(base)
  return fromFields(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate(), t.getUTCHours(), t.getUTCMinutes(), t.getUTCSeconds())
}

function fromFields(y: number, mo: number, d: number, h: number, mi: number, s: number): WallClock {
  const jsDay = new Date(Date.UTC(y, mo - 1, d)).getUTCDay()
  return {
    date: `${y}-${pad(mo)}-${pad(d)}`,
    time: `${pad(h)}:${pad(mi)}:${pad(s)}`,
    secondsOfDay: h * 3600 + mi * 60 + s,
    weekday: jsDay === 0 ? 7 : jsDay
  }
}
