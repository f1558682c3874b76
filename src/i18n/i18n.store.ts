import { makeAutoObservable } from 'mobx'
import type { Host } from '../hosts/host'
import { LOCALES, type Locale, type LocalizedText } from '../gateway/contract'
import { chooseLocale } from './language'
import { pickText, translate, type MessageParams } from './translate'
import type { MessageKey } from './catalogues'

export const LANGUAGE_STORAGE_KEY = 'scanorder.language'
/** Spec §1: the default currency symbol is the full-width yen sign. */
export const DEFAULT_CURRENCY = '\uFFE5'

/** The interface language, observable so every observer re-renders on a switch. */
export class I18nStore {
  locale: Locale
  private appLanguage: string | null = null
  readonly locales = LOCALES

  constructor(private readonly host: Pick<Host, 'storage' | 'forcedLocale' | 'deviceLanguage'>) {
    this.locale = this.resolve()
    makeAutoObservable<I18nStore, 'host'>(this, { host: false })
  }

  private resolve(): Locale {
    return chooseLocale({
      stored: this.host.storage.get(LANGUAGE_STORAGE_KEY),
      forcedByHost: this.host.forcedLocale,
      deviceLanguage: this.host.deviceLanguage(),
      appLanguage: this.appLanguage
    })
  }

  /** The enterprise's AppLanguage applies when nothing stronger decides (spec §1). */
  applyEnterpriseLanguage(appLanguage: string | undefined): void {
    this.appLanguage = appLanguage ?? null
    this.locale = this.resolve()
  }

  /** The diner's own choice; stored, so it overrides everything from now on. */
  setLocale(locale: Locale): void {
    this.locale = locale
    this.host.storage.set(LANGUAGE_STORAGE_KEY, locale)
  }

  t = (key: MessageKey, params?: MessageParams): string => translate(this.locale, key, params)

  pick = (names: Partial<LocalizedText> | undefined, fallback = ''): string => pickText(names, this.locale, fallback)
}

/** Currency symbol from the enterprise settings (spec §1). */
export const currencySymbol = (params: Record<string, string>): string => params.Currency || DEFAULT_CURRENCY
