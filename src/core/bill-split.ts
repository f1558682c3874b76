/**
 * Splitting a table's bill (issue 26 item 2; docs/split-bills.md): the money of a share, exact,
 * with the one rounding function (roundHalfUp at AmoPoint). Used by the server (what a share
 * costs) and the client (what it will cost before asking).
 *
 * A whole (a line's amount, or what an equal split divides) is cut in `of` parts; part i is
 *   roundHalfUp(whole × (i + 1) / of) − roundHalfUp(whole × i / of),
 * so the parts telescope to the whole exactly, whoever takes which, and no two differ by more
 * than one unit of the last place (100.00 in 3 → 33.33, 33.34, 33.33).
 */
import { roundHalfUp, toDecimal, type Decimal, type DecimalInput } from './money'

/** What part `index` (0 … of − 1) of `whole` cut in `of` parts is. */
export function partAmount(whole: DecimalInput, of: number, index: number, amoPoint: number): Decimal {
  const w = toDecimal(whole)
  return roundHalfUp(w.times(index + 1).div(of), amoPoint).minus(roundHalfUp(w.times(index).div(of), amoPoint))
}

/** The sum of the parts `indexes` of `whole` cut in `of`. */
export function partsAmount(whole: DecimalInput, of: number, indexes: readonly number[], amoPoint: number): Decimal {
  return indexes.reduce((sum, i) => sum.plus(partAmount(whole, of, i, amoPoint)), toDecimal(0))
}

/** The lowest `count` part indexes of `of` not in `taken`, or null when fewer are free. */
export function freeParts(of: number, taken: ReadonlySet<number>, count: number): number[] | null {
  const out: number[] = []
  for (let i = 0; i < of && out.length < count; i++) if (!taken.has(i)) out.push(i)
  return out.length === count ? out : null
}

/** '0,2' → [0, 2] (what bill_shares and bill_share_lines keep). */
export function parseParts(text: string): number[] {
  return text
    .split(',')
    .filter((p) => p.trim() !== '')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0)
}

export const partsText = (parts: readonly number[]): string => parts.join(',')

/** The most parts a line or an equal split may be cut in. */
export const MAX_SPLIT_PARTS = 20

export type ShareMode = 'lines' | 'equal' | 'amount' | 'rest'
export const SHARE_MODES: readonly ShareMode[] = ['lines', 'equal', 'amount', 'rest']
