/**
 * Writing out a number that needs no rounding, without decimal.js-light. A price or amount the
 * gateway sends is a plain decimal string with no more places than the enterprise shows; written
 * at those places it only gains zeros, a decimal point and thousands separators, which string
 * work does exactly. Anything else (a value to round, a Decimal, an exponent) is left to
 * ./money (null here): rounding stays in its one function. tests/unit/formatter.test.ts
 * checks both give the same text for the same input.
 */
import type { DecimalInput, FormatOptions } from './money'

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/

/** core/money's formatNumber for a value that needs no rounding at `decimals` places, else null. */
export function formatPlain(value: DecimalInput | null | undefined, decimals: number, options: FormatOptions = {}): string | null {
  const { thousands = true, trimZeros = false } = options
  const raw = value === null || value === undefined || value === '' ? '0' : typeof value === 'number' ? String(value) : value
  const m = typeof raw === 'string' ? PLAIN.exec(raw) : null
  if (!m) return null
  const [, sign, digits, fraction = ''] = m
  if (/[^0]/.test(fraction.slice(decimals))) return null
  const int = digits.replace(/^0+(?=\d)/, '')
  let text = decimals > 0 ? `${int}.${fraction.slice(0, decimals).padEnd(decimals, '0')}` : int
  const zero = !/[1-9]/.test(text)
  if (trimZeros && text.includes('.')) text = text.replace(/\.?0+$/, '')
  if (thousands) {
    const [whole, frac] = text.split('.')
    text = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (frac !== undefined ? `.${frac}` : '')
  }
  return sign && !zero ? `-${text}` : text
}

/** core/money's formatMoney around formatPlain: '¥1,234.50', '-MOP$3.00'. */
export function withSymbol(text: string, symbol: string): string {
  return text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`
}
