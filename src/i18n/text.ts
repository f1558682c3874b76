import type { Locale, LocalizedText } from '../gateway/contract'

export type MessageParams = Record<string, string | number>

/** Fills {placeholders} in a catalogue text; an unknown placeholder stays as written. */
export function fillParams(text: string, params?: MessageParams): string {
  if (!params) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])))
}

/** Picks the name in the wanted language, falling back to any non-empty one. */
export function pickText(names: Partial<LocalizedText> | undefined, locale: Locale, fallback = ''): string {
  if (!names) return fallback
  return names[locale] || names['zh-TW'] || names['zh-CN'] || names.en || fallback
}
