/**
 * Plurals (issue 27 item 15). Which form a count takes comes from the platform's plural rules
 * (Intl.PluralRules: English 'one' for exactly 1, 'other' for 0, 2, 1.5 …); where a host's JS
 * engine has no Intl.PluralRules (some mini-program engines), exactly 1 is 'one' and any other
 * count 'other', which is what English says for the counts an order holds. Chinese has no plural.
 *
 * A unit's name comes from the menu in the singular ('bowl', 'glass', 'Basket of 4'); beside a
 * count in English it takes the plural ('× 2 bowls', '× 3 glasses', '× 2 Baskets of 4'), by the
 * regular rules of English nouns with the few irregular ones a menu may use; abbreviations of
 * measures ('kg', 'ml') and names that are not plain English words stay as they are.
 */
import type { Locale } from '../gateway/contract'

type Category = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'

const rules = new Map<string, { select(n: number): string }>()

/** The plural category of `count` in `locale` ('one' or 'other' in English). */
export function pluralCategory(locale: string, count: number | string): Category {
  const n = Number(count)
  if (!Number.isFinite(n)) return 'other'
  const PluralRules = typeof Intl !== 'undefined' ? (Intl as { PluralRules?: typeof Intl.PluralRules }).PluralRules : undefined
  if (!PluralRules) return n === 1 ? 'one' : 'other'
  let r = rules.get(locale)
  if (!r) {
    try {
      r = new PluralRules(locale)
    } catch {
      r = { select: (x: number) => (x === 1 ? 'one' : 'other') }
    }
    rules.set(locale, r)
  }
  return r.select(n) as Category
}

/** Measures written short, the same for one and many. */
const INVARIANT = new Set(['kg', 'g', 'mg', 'lb', 'lbs', 'oz', 'ml', 'l', 'cl', 'cc', 'pc', 'pcs', 'ea', 'tbsp', 'tsp', 'fish', 'sheep', 'deer', 'series', 'species', 'dozen'])
const IRREGULAR: Record<string, string> = { loaf: 'loaves', half: 'halves', leaf: 'leaves', knife: 'knives', shelf: 'shelves', person: 'people', child: 'children', foot: 'feet', tooth: 'teeth', mouse: 'mice', man: 'men', woman: 'women' }

/** The plural of one English word ('bowl' → 'bowls', 'glass' → 'glasses', 'Patty' → 'Patties'); a word it cannot read stays. */
export function pluralWord(word: string): string {
  if (!/^[A-Za-z][A-Za-z'-]*$/.test(word)) return word
  const lower = word.toLowerCase()
  if (INVARIANT.has(lower) || word === word.toUpperCase()) return word
  const irregular = IRREGULAR[lower]
  if (irregular) return word[0] + irregular.slice(1)
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`
  return `${word}s`
}

/**
 * A unit's name as it reads beside `count` in `locale`: English plural for any count but one
 * ('bowls', 'Baskets of 4': the word before ' of ', else the last word); Chinese as it is.
 */
export function unitForCount(locale: Locale, count: number | string, unit: string): string {
  if (locale !== 'en' || !unit || pluralCategory('en', count) === 'one') return unit
  const of = unit.search(/ of /i)
  const head = of > 0 ? unit.slice(0, of) : unit
  const rest = of > 0 ? unit.slice(of) : ''
  const words = head.split(' ')
  words[words.length - 1] = pluralWord(words[words.length - 1])
  return words.join(' ') + rest
}
