/**
 * Exact numbers (spec §5 "Number formatting", design.md §4): every amount, price and quantity
 * is a decimal.js-light value or a decimal string, never a float. One rounding function, half-up at
 * the enterprise's decimals (AmoPoint, PricePoint, QuaPoint, DiscountPoint, PQuaPoint), used by
 * the client and the server alike.
 */
// decimal.js-light: decimal.js's own lighter edition (same author, same API for what money
// needs: exact plus/minus/times/div, toDecimalPlaces with ROUND_HALF_UP, toFixed) at about a
// third of the bytes; it leaves out NaN/Infinity, trigonometry and other bases, none of which
// an amount ever needs. The client's first screen carries it.
import Decimal, { type Numeric } from 'decimal.js-light'

export { Decimal }
export type DecimalInput = Numeric

export { DEFAULT_POINTS, decimalPoints, type DecimalPoints } from './decimal-points'

/** A decimal from a value that may be '', null or malformed (then 0): display code never throws. */
export function toDecimal(value: DecimalInput | null | undefined): Decimal {
  if (value === null || value === undefined || value === '') return new Decimal(0)
  try {
    // The light edition throws on NaN and ±Infinity instead of representing them.
    return new Decimal(value)
  } catch {
    return new Decimal(0)
  }
}

/**
 * The one rounding function: half-up (away from zero on a tie, so -2.345 → -2.35) at
 * `decimals` places. Decimal's ROUND_HALF_UP is exact, so 1.005 → 1.01 (the "half-up fix"
 * that floating point gets wrong).
 */
export function roundHalfUp(value: DecimalInput, decimals: number): Decimal {
  return toDecimal(value).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP)
}

export interface FormatOptions {
  /** Group the integer part by thousands with ','. Default true. */
  thousands?: boolean
  /** Drop trailing zeros after the point ('12.50' → '12.5', '12.00' → '12'). Default false. */
  trimZeros?: boolean
}

/**
 * Rounds half-up at `decimals` and formats: thousands separators, a leading '-' for negatives
 * (never '-0'), fixed decimals unless trimZeros.
 */
export function formatNumber(value: DecimalInput | null | undefined, decimals: number, options: FormatOptions = {}): string {
  const { thousands = true, trimZeros = false } = options
  let rounded = roundHalfUp(toDecimal(value), decimals)
  if (rounded.isZero()) rounded = new Decimal(0)
  let text = rounded.abs().toFixed(decimals)
  if (trimZeros && text.includes('.')) text = text.replace(/\.?0+$/, '')
  if (thousands) {
    const [int, frac] = text.split('.')
    text = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (frac !== undefined ? `.${frac}` : '')
  }
  return rounded.isNegative() ? `-${text}` : text
}

/** An amount with the currency symbol: '¥1,234.50', '-MOP$3.00'. */
export function formatMoney(value: DecimalInput | null | undefined, decimals: number, symbol: string, options: FormatOptions = {}): string {
  const text = formatNumber(value, decimals, options)
  return text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`
}

/** The larger of two values. */
export function maxDecimal(a: DecimalInput, b: DecimalInput): Decimal {
  const x = toDecimal(a)
  const y = toDecimal(b)
  return x.gte(y) ? x : y
}

/** Plain decimal string for storage and the wire ('12.5', '3'), rounded half-up at `decimals`. */
export function decimalString(value: DecimalInput, decimals: number): string {
  return roundHalfUp(value, decimals).toFixed()
}

/** How many decimals a value has once trailing zeros go ('0.5' → 1, '1.50' → 1, '2' → 0, bad → 0). */
export function decimalPlaces(value: DecimalInput | null | undefined): number {
  return toDecimal(value).decimalPlaces()
}

/** Exact plain decimal string without rounding ('1.50' → '1.5', '' or bad → '0', never '-0'). */
export function plainDecimal(value: DecimalInput | null | undefined): string {
  return toDecimal(value).toFixed()
}

/** Exact sum of decimal values (bad values count as 0). */
export function sumDecimals(values: Iterable<DecimalInput | null | undefined>): Decimal {
  let sum = new Decimal(0)
  for (const v of values) sum = sum.plus(toDecimal(v))
  return sum
}
