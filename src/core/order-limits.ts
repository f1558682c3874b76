/**
 * How much one order may ask for (issue 11): a cap per line and a cap on the number of lines,
 * shop params first, then the enterprise's settings, else the defaults. The server refuses an
 * order above them (LINE_QUANTITY_OVER_LIMIT, TOO_MANY_LINES); the client's steppers stop at
 * them, and at the stock left when the client knows it, so an honest diner never meets a refusal.
 * Plain numbers, no decimal.js: the goods list's first screen uses it.
 */

/** Per line, counted as the stepper counts: packs on a pack line, main units otherwise. */
export const DEFAULT_MAX_LINE_QUANTITY = 99
export const DEFAULT_MAX_ORDER_LINES = 50
/** Bounds a setting cannot lift (a slip such as 1000000 must not reopen the finding). */
export const HARD_MAX_LINE_QUANTITY = 9999
export const HARD_MAX_ORDER_LINES = 200

export interface OrderLimits {
  maxLineQuantity: number
  maxOrderLines: number
}

type Params = Record<string, string | undefined> | Map<string, string>

const read = (params: Params, key: string): string | undefined => (params instanceof Map ? params.get(key) : params[key])

/** The first source (shop params, then enterprise settings) with a whole number ≥ 1 wins. */
function setting(sources: Params[], key: string, fallback: number, hardMax: number): number {
  for (const params of sources) {
    const raw = (read(params, key) ?? '').trim()
    const n = raw === '' ? NaN : Number(raw)
    if (Number.isInteger(n) && n >= 1) return Math.min(n, hardMax)
  }
  return fallback
}

/** Limits from the shop's params and the enterprise's settings (MaxLineQuantity, MaxOrderLines). */
export function orderLimits(shopParams: Params, entSettings: Params): OrderLimits {
  const sources = [shopParams, entSettings]
  return {
    maxLineQuantity: setting(sources, 'MaxLineQuantity', DEFAULT_MAX_LINE_QUANTITY, HARD_MAX_LINE_QUANTITY),
    maxOrderLines: setting(sources, 'MaxOrderLines', DEFAULT_MAX_ORDER_LINES, HARD_MAX_ORDER_LINES)
  }
}

/**
 * Most a stepper may show: the per-line cap, and, when the stock left is known (main units,
 * null = unlimited), as many whole steps of `unitRef` main units (a pack's Ref, '1' for the main
 * unit) as the stock holds.
 */
export function stepperMax(limits: Pick<OrderLimits, 'maxLineQuantity'>, stockLeft: number | null, unitRef = '1'): number {
  if (stockLeft === null || stockLeft < 0) return limits.maxLineQuantity
  const ref = Number(unitRef) > 0 ? Number(unitRef) : 1
  // A tiny allowance: 7 / 0.7 is 9.999… in binary floating point.
  return Math.max(0, Math.min(limits.maxLineQuantity, Math.floor(stockLeft / ref + 1e-9)))
}

/** Whether a stepper at `value` may go up by `step` without passing `max`. */
export function canStepUp(value: number, step: number, max: number): boolean {
  return value + step <= max + 1e-9
}
