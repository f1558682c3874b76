import type { Locale, LocalizedText } from '../gateway/contract'

export type MessageParams = Record<string, string | number>

/**
 * Whether English says a count in the singular, by the platform's plural rules (issue 27 item 15;
 * src/i18n/plural.ts carries the rest); an engine without Intl.PluralRules: exactly 1.
 */
function isOne(value: string | number): boolean {
  const n = Number(value)
  const Rules = typeof Intl !== 'undefined' ? (Intl as { PluralRules?: typeof Intl.PluralRules }).PluralRules : undefined
  if (!Rules || !Number.isFinite(n)) return n === 1
  englishRules ??= new Rules('en')
  return englishRules.select(n) === 'one'
}
let englishRules: Intl.PluralRules | undefined

/**
 * Fills {placeholders} in a catalogue text; an unknown placeholder stays as written. A count
 * may pick its words: {n|# item|# items} says the first form for exactly 1 and the second for
 * any other count, '#' standing for the count (English needs it; Chinese texts write {n}).
 */
export function fillParams(text: string, params?: MessageParams): string {
  if (!params) return text
  return text.replace(/\{(\w+)(?:\|([^|{}]*)\|([^{}]*))?\}/g, (whole, name: string, one?: string, other?: string) => {
    const value = params[name]
    if (value === undefined) return whole
    return one === undefined ? String(value) : (isOne(value) ? one : other!).replace(/#/g, String(value))
  })
}

/** Picks the name in the wanted language, falling back to any non-empty one. */
export function pickText(names: Partial<LocalizedText> | undefined, locale: Locale, fallback = ''): string {
  if (!names) return fallback
  return names[locale] || names['zh-TW'] || names['zh-CN'] || names.en || fallback
}
