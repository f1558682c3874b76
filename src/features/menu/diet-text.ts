/**
 * Allergens and dietary marks as words in the diner's language (issue 26 item 1): names from the
 * catalogues ('allergen.peanuts' → 'Peanuts' / '花生'), never bare icons, so a screen reader says
 * them too. src/core/allergens.ts has the codes and the rules.
 */
import { allergensOf, dietsOf, type AllergenCode, type DietCode } from '../../core/allergens'
import { listSeparator } from '../../core/choice-text'
import type { Locale } from '../../gateway/contract'
import type { MessageKey } from '../../i18n/catalogues'

interface Translator {
  locale: Locale
  t(key: MessageKey, params?: Record<string, string | number>): string
}

/** 'Peanuts, Milk' / '花生、奶類'. */
export const allergenWords = (i18n: Translator, codes: readonly AllergenCode[]): string =>
  codes.map((c) => i18n.t(`allergen.${c}` as MessageKey)).join(listSeparator(i18n.locale))

/** 'Vegetarian · Mildly spicy'. */
export const dietWords = (i18n: Translator, codes: readonly DietCode[]): string => codes.map((c) => i18n.t(`diet.${c}` as MessageKey)).join(' · ')

/** A goods' or a choice's marks in one short text: 'Vegetarian · Contains Peanuts, Milk'; '' without marks. */
export function marksText(i18n: Translator, marked: { Allergens?: string; Diets?: string }): string {
  const diets = dietsOf(marked.Diets)
  const allergens = allergensOf(marked.Allergens)
  return [dietWords(i18n, diets), allergens.length ? i18n.t('diet.contains', { list: allergenWords(i18n, allergens) }) : ''].filter(Boolean).join(' · ')
}
