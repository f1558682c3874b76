import type { Locale, LocalizedText } from '../gateway/contract'
import { CATALOGUES, type MessageKey } from './catalogues'

export type MessageParams = Record<string, string | number>

/** Looks a key up in one catalogue and fills {placeholders}. Pure; the server uses it too. */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const text = CATALOGUES[locale][key] ?? CATALOGUES['zh-TW'][key] ?? key
  if (!params) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name])
  )
}

/** Picks the name in the wanted language, falling back to any non-empty one. */
export function pickText(names: Partial<LocalizedText> | undefined, locale: Locale, fallback = ''): string {
  if (!names) return fallback
  return names[locale] || names['zh-TW'] || names['zh-CN'] || names.en || fallback
}
