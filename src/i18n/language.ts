import { LOCALES, type Locale } from '../gateway/contract'

/**
 * The language rules of spec §1, as one pure function:
 *   1. a stored choice wins;
 *   2. the payment-app browser forces traditional Chinese;
 *   3. the device language, when it is one of ours;
 *   4. otherwise the enterprise setting AppLanguage: '1' → zh-TW, '2' → en, anything else → zh-TW.
 */
export interface LanguageInputs {
  stored?: string | null
  forcedByHost?: Locale | null
  deviceLanguage?: string | null
  appLanguage?: string | null
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** Maps a BCP 47 tag from a device to one of our locales, or null. */
export function localeFromDevice(tag: string | null | undefined): Locale | null {
  if (!tag) return null
  const t = tag.replace('_', '-').toLowerCase()
  if (t.startsWith('en')) return 'en'
  if (!t.startsWith('zh')) return null
  if (/^zh-(tw|hk|mo|hant)/.test(t)) return 'zh-TW'
  return 'zh-CN'
}

export function localeFromAppLanguage(appLanguage: string | null | undefined): Locale {
  return appLanguage === '2' ? 'en' : 'zh-TW'
}

export function chooseLocale(inputs: LanguageInputs): Locale {
  if (isLocale(inputs.stored)) return inputs.stored
  if (inputs.forcedByHost) return inputs.forcedByHost
  return localeFromDevice(inputs.deviceLanguage) ?? localeFromAppLanguage(inputs.appLanguage)
}

/** Parses an Accept-Language header (the server answers in the first of ours it names). */
export function localeFromAcceptLanguage(header: string | undefined, fallback: Locale = 'zh-TW'): Locale {
  if (!header) return fallback
  for (const part of header.split(',')) {
    const tag = part.split(';')[0].trim()
    if (isLocale(tag)) return tag
    const mapped = localeFromDevice(tag)
    if (mapped) return mapped
  }
  return fallback
}
