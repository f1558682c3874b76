import type { I18nStore } from '../i18n/i18n.store'

/**
 * How a pack unit is named wherever the diner meets it (goods details, cart, confirm page, order
 * details): its name, saying what it holds only when the name does not already say it. 'Basket'
 * holding 4 pieces reads 'Basket (piece × 4)'; 'Basket of 4', '一籠（4隻）', '六件裝' or 'Box of six'
 * stand alone instead of saying the count twice.
 */

const DIGITS = '零一二三四五六七八九'
const WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve']

/** Chinese numerals of a whole number under 100 ('6' → 六, '24' → 二十四; 2 also 兩 / 两). */
function chineseNumerals(n: number): string[] {
  if (!Number.isInteger(n) || n < 1 || n > 99) return []
  const tens = Math.floor(n / 10)
  const ones = n % 10
  const text = `${tens > 1 ? DIGITS[tens] : ''}${tens > 0 ? '十' : ''}${ones > 0 ? DIGITS[ones] : ''}`
  return n === 2 ? [text, '兩', '两'] : [text]
}

/** Whether `unit` already says the pack holds `ref` (digits, Chinese numerals or an English word). */
export function packSaysItsCount(unit: string, ref: string): boolean {
  if (new RegExp(`(^|\\D)${ref.replace(/[.,]/g, '\\$&')}(\\D|$)`).test(unit)) return true
  const n = Number(ref)
  const numeral = `[${DIGITS}十百兩两]`
  if (chineseNumerals(n).some((c) => new RegExp(`(^|[^${DIGITS.slice(1)}十百兩两])${c}(?!${numeral})`).test(unit))) return true
  return Number.isInteger(n) && n > 0 && n < WORDS.length && new RegExp(`\\b${WORDS[n]}\\b`, 'i').test(unit)
}

/** A pack unit's name with what it holds ('Basket (piece × 4)', '一籠（4隻）'), or the name alone when it says so. */
export function packLabel(i18n: I18nStore, unit: string, ref: string, main: string): string {
  return packSaysItsCount(unit, ref) ? unit : i18n.t('details.pack', { unit, ref, main })
}

/**
 * What a pack holds, for a view that names the pack beside its quantity ('× 1 · Box'):
 * 'piece × 6' / '每份 6件', or '' when the name already says it ('× 1 · Box of 6').
 */
export function packHolds(i18n: I18nStore, unit: string, ref: string, main: string): string {
  return packSaysItsCount(unit, ref) ? '' : i18n.t('checkout.packHolds', { ref, main })
}
