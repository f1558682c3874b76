/**
 * Goods sale status (spec §4 "Goods sale status", §3 goodsStatus per GoodsID): a goods is on
 * sale while the enterprise's wall clock is inside its daily OnSaleTime–OffSaleTime window.
 * Both times empty, 00:00–00:00 and 00:00–23:59 mean always on sale; an end before the start
 * crosses midnight (the rules of daily-window.ts, shared with the opening hours).
 * Outside the window the goods is "not yet on sale" and the UI shows
 * 'This Goods will go on sale at [time]' with `startsAt`.
 */
import { inDailyWindow, parseClock } from './daily-window'

export interface SaleStatus {
  isOnSale: boolean
  /** 'HH:mm' when the goods goes on sale next; '' while on sale. */
  startsAt: string
}

export interface GoodsSaleStatus extends SaleStatus {
  OnSaleTime: string
  OffSaleTime: string
}

/** Seconds since midnight, a 'HH:mm[:ss]' text, or null while the clock is not known yet. */
export type TimeOfDay = number | string | null | undefined

const pad = (n: number): string => String(n).padStart(2, '0')

/** 'HH:mm' of seconds since midnight. */
function hhmm(seconds: number): string {
  return `${pad(Math.floor(seconds / 3600) % 24)}:${pad(Math.floor((seconds % 3600) / 60))}`
}

function secondsOf(now: TimeOfDay): number | null {
  if (typeof now === 'number') return Number.isFinite(now) ? now : null
  return parseClock(now)
}

/**
 * Sale status at `now` on the enterprise's wall clock.
 *
 * Decisions where the spec is silent:
 * - `startsAt` is the OnSaleTime's first five characters, normalised to 'HH:mm' ('8:00' → '08:00');
 *   a missing or malformed OnSaleTime starts at '00:00' (the window's default start).
 * - An unknown clock (null, malformed text) reports on sale: the status only guides the menu,
 *   and the server checks the window again when the order is placed.
 */
export function saleStatus(onSaleTime: string | null | undefined, offSaleTime: string | null | undefined, now: TimeOfDay): SaleStatus {
  const seconds = secondsOf(now)
  if (seconds === null || inDailyWindow(onSaleTime, offSaleTime, seconds)) return { isOnSale: true, startsAt: '' }
  return { isOnSale: false, startsAt: hhmm(parseClock(onSaleTime) ?? 0) }
}

/** goodsStatus of spec §3: the sale status of each goods, keyed by GoodsID. */
export function goodsStatusMap(
  goods: ReadonlyArray<{ GoodsID: string; OnSaleTime: string; OffSaleTime: string }>,
  now: TimeOfDay
): Record<string, GoodsSaleStatus> {
  const map: Record<string, GoodsSaleStatus> = {}
  for (const g of goods) {
    map[g.GoodsID] = { ...saleStatus(g.OnSaleTime, g.OffSaleTime, now), OnSaleTime: g.OnSaleTime, OffSaleTime: g.OffSaleTime }
  }
  return map
}
