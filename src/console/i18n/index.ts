/**
 * The console's texts: its own three catalogues (./zh-CN.ts, ./zh-TW.ts, ./en.ts, the same keys in
 * each; tests/client/console-i18n.test.tsx checks), filled by the diner app's fillParams. The
 * console is small enough to carry all three: switching language never waits for the network.
 */
import { LOCALES, type Locale } from '../../gateway/contract'
import { fillParams, type MessageParams } from '../../i18n/text'
import { en, type ConsoleKey } from './en'
import { zhCN } from './zh-CN'
import { zhTW } from './zh-TW'

export type { ConsoleKey }
export const CONSOLE_CATALOGUES: Readonly<Record<Locale, Readonly<Record<ConsoleKey, string>>>> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en }

export type Translate = (key: ConsoleKey, params?: MessageParams) => string

export function translate(locale: Locale, key: ConsoleKey, params?: MessageParams): string {
  return fillParams(CONSOLE_CATALOGUES[locale][key] ?? en[key] ?? key, params)
}

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value)

/** The console language a device's preferred languages suggest: Hong Kong, Macau and Taiwan read Traditional Chinese. */
export function localeFromLanguages(languages: readonly string[]): Locale {
  for (const raw of languages) {
    const tag = raw.toLowerCase()
    if (/^zh-(tw|hk|mo|hant)/.test(tag)) return 'zh-TW'
    if (tag.startsWith('zh')) return 'zh-CN'
    if (tag.startsWith('en')) return 'en'
  }
  return 'en'
}

/** <html lang> for a console language (the diner's H5 app writes the same). */
export const HTML_LANG: Readonly<Record<Locale, string>> = { 'zh-CN': 'zh-Hans', 'zh-TW': 'zh-Hant', en: 'en' }

/** Each language named in itself (the language menu shows these whatever the console's language). */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', en: 'English' }
