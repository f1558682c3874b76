/**
 * The birthday picker's three columns (year, month, day) with the texts of the language on
 * screen. Taro's H5 date picker writes '1990年', '01月' and '取消/确定' whatever the language, so
 * the picker is a multiSelector whose labels come from the catalogues: the same on every host.
 */
import dayjs from 'dayjs'

export interface ColumnTexts {
  /** '{n}年' / '{n}' */
  year(n: number): string
  /** twelve names, January first */
  months: string[]
  /** '{n}日' / '{n}' */
  day(n: number): string
}

export interface BirthdayColumns {
  labels: [string[], string[], string[]]
  years: number[]
  /** the months (1–12) and days (1–31) offered for the year and month chosen */
  months: number[]
  days: number[]
  /** indices of the chosen date in the three columns */
  index: [number, number, number]
}

const FIRST_YEAR = 1900

const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i)
const pad = (n: number): string => String(n).padStart(2, '0')

/** The columns around `chosen` ('YYYY-MM-DD'), offering no date after `today`. */
export function birthdayColumns(chosen: { y: number; m: number; d: number }, today: string, texts: ColumnTexts): BirthdayColumns {
  const last = dayjs(today)
  const years = range(FIRST_YEAR, last.year())
  const y = Math.min(Math.max(chosen.y, FIRST_YEAR), last.year())
  const months = range(1, y === last.year() ? last.month() + 1 : 12)
  const m = Math.min(chosen.m, months.length)
  const inMonth = dayjs(`${y}-${pad(m)}-01`).daysInMonth()
  const days = range(1, y === last.year() && m === last.month() + 1 ? last.date() : inMonth)
  const d = Math.min(chosen.d, days.length)
  return {
    labels: [years.map(texts.year), months.map((n) => texts.months[n - 1]), days.map(texts.day)],
    years,
    months,
    days,
    index: [years.indexOf(y), m - 1, d - 1]
  }
}

/** 'YYYY-MM-DD' → its parts (a missing or broken date gives `fallback`'s). */
export function dateParts(date: string, fallback: string): { y: number; m: number; d: number } {
  const parsed = dayjs(/^\d{4}-\d{2}-\d{2}$/.test(date) ? date : fallback)
  return { y: parsed.year(), m: parsed.month() + 1, d: parsed.date() }
}

export const partsToDate = (p: { y: number; m: number; d: number }): string => `${p.y}-${pad(p.m)}-${pad(p.d)}`
