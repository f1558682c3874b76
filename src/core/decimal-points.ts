/**
 * The enterprise's decimals settings (spec §3, §9), without decimal.js-light: the H5 first screen
 * reads them without loading it (src/core/plain-number.ts). src/core/money re-exports them.
 */

/** The decimals settings of spec §3 with their defaults (spec §9). */
export interface DecimalPoints {
  AmoPoint: number
  PricePoint: number
  QuaPoint: number
  DiscountPoint: number
  PQuaPoint: number
}

export const DEFAULT_POINTS: DecimalPoints = { AmoPoint: 2, PricePoint: 2, QuaPoint: 0, DiscountPoint: 0, PQuaPoint: 0 }

/** Reads the decimals from entSysParams, falling back per field on a missing or bad value. */
export function decimalPoints(params: Record<string, string | undefined>): DecimalPoints {
  const read = (key: keyof DecimalPoints): number => {
    const raw = params[key]
    const n = raw === undefined || raw.trim() === '' ? NaN : Number(raw)
    return Number.isInteger(n) && n >= 0 && n <= 8 ? n : DEFAULT_POINTS[key]
  }
  return {
    AmoPoint: read('AmoPoint'),
    PricePoint: read('PricePoint'),
    QuaPoint: read('QuaPoint'),
    DiscountPoint: read('DiscountPoint'),
    PQuaPoint: read('PQuaPoint')
  }
}
