import type { Locale } from '../gateway/contract'
import { CATALOGUES, type MessageKey } from './catalogues'
import { fillParams, type MessageParams } from './text'

export { pickText, type MessageParams } from './text'

/**
 * Looks a key up in one catalogue and fills {placeholders}. Pure, with all three catalogues at
 * hand: the server and the tests use it; the app's I18nStore holds only the language on screen.
 */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  return fillParams(CATALOGUES[locale][key] ?? CATALOGUES['zh-TW'][key] ?? key, params)
}
