/**
 * Whether a table sheet may take another round (spec §4 "Ordering allowed"): the shop is open
 * (BeginTime/EndTime, defaults 00:00–23:59, midnight crossing), the sheet is younger than
 * WebOrderDuration minutes (0 or absent = unlimited), and its status is not 2 or 3.
 * Pure: callers give the enterprise's wall clock and the sheet's age.
 */
import { inDailyWindow } from './daily-window'

/**
 * Codes that stop ordering on a table sheet (spec §4: 2 closed, 3 cancelled; ORDER_STATUS's
 * COMPLETED and CANCELLED). Written as the spec's numbers so the first screen, which checks the
 * table's sheet, does not carry the whole order state table (core/order-status.ts re-exports it).
 */
export const stopsOrdering = (status: number): boolean => status === 2 || status === 3

export type OrderingRefusal = 'SHOP_CLOSED' | 'SHEET_EXPIRED' | 'SHEET_CLOSED'

export interface OrderingAllowedInput {
  /** Branch opening hours 'HH:mm' ('' = defaults). */
  beginTime: string
  endTime: string
  /** Seconds since midnight on the enterprise's clock. */
  nowSecondsOfDay: number
  /** Minutes; 0, absent or negative = unlimited. */
  webOrderDuration?: number | null
  /** Seconds since the sheet was created (absent: no sheet yet). */
  sheetAgeSeconds?: number | null
  /** The sheet's status code (absent: no sheet yet). */
  sheetStatus?: number | null
}

/** null when ordering is allowed, else the first rule that refuses it. */
export function orderingRefusal(input: OrderingAllowedInput): OrderingRefusal | null {
  if (!inDailyWindow(input.beginTime, input.endTime, input.nowSecondsOfDay)) return 'SHOP_CLOSED'
  if (input.sheetStatus != null && stopsOrdering(input.sheetStatus)) return 'SHEET_CLOSED'
  const left = sheetSecondsLeft(input.webOrderDuration, input.sheetAgeSeconds)
  if (left === 0) return 'SHEET_EXPIRED'
  return null
}

export const isOrderingAllowed = (input: OrderingAllowedInput): boolean => orderingRefusal(input) === null

/** Seconds the sheet may still take rounds: -1 unlimited, 0 expired (WebOrderDuration minutes → seconds). */
export function sheetSecondsLeft(webOrderDuration: number | null | undefined, sheetAgeSeconds: number | null | undefined): number {
  const minutes = Number(webOrderDuration)
  if (!Number.isFinite(minutes) || minutes <= 0 || sheetAgeSeconds == null) return -1
  return Math.max(0, Math.floor(minutes * 60 - sheetAgeSeconds))
}

/** Editing quantities of ordered goods is allowed only when CYSheetGoodsQuaEdit equals 1. */
export const isQuantityEditAllowed = (param: string | number | null | undefined): boolean => String(param ?? '').trim() === '1'
