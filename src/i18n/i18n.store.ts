import { makeAutoObservable, observable, runInAction } from 'mobx'
import type { Host } from '../hosts/host'
import { LOCALES, type Locale, type LocalizedText } from '../gateway/contract'
import { chooseLocale } from './language'
import { fillParams, pickText, type MessageParams } from './text'
import type { Catalogue, MessageKey } from './catalogues'
import { loadCatalogue } from './catalogue-loader'

export const LANGUAGE_STORAGE_KEY = 'scanorder.language'
/** Spec §1: the default currency symbol is the full-width yen sign. */
export const DEFAULT_CURRENCY = '\uFFE5'

/** Hands over a language's catalogue, at once or when its script has arrived. */
export type CatalogueLoader = (locale: Locale) => Catalogue | Promise<Catalogue>

/**
 * The interface language, observable so every observer re-renders on a switch. It holds the
 * catalogue of the language on screen only; a switch takes effect once the new language's
 * catalogue is at hand (at once where all three are in the package).
 */
export class I18nStore {
  locale: Locale
  private catalogue: Catalogue | null = null
  private appLanguage: string | null = null
  /** The language asked for last: a slower load of an earlier choice never wins over it. */
  private wanted: Locale
  /** Settles when the catalogue of the language asked for last is at hand. */
  ready: Promise<void> = Promise.resolve()
  readonly locales = LOCALES

  constructor(
    private readonly host: Pick<Host, 'storage' | 'forcedLocale' | 'deviceLanguage'>,
    private readonly load: CatalogueLoader = loadCatalogue
  ) {
    this.locale = this.wanted = this.resolve()
    makeAutoObservable<I18nStore, 'host' | 'load' | 'catalogue' | 'wanted'>(this, {
      host: false,
      load: false,
      wanted: false,
      ready: false,
      catalogue: observable.ref
    })
    this.show(this.locale)
  }

  private resolve(): Locale {
    return chooseLocale({
      stored: this.host.storage.get(LANGUAGE_STORAGE_KEY),
      forcedByHost: this.host.forcedLocale,
      deviceLanguage: this.host.deviceLanguage(),
      appLanguage: this.appLanguage
    })
  }

  /** Puts `locale` on screen once its catalogue is at hand. */
  private show(locale: Locale): Promise<void> {
    this.wanted = locale
    if (locale === this.locale && this.catalogue) return (this.ready = Promise.resolve())
    const loaded = this.load(locale)
    if (!(loaded instanceof Promise)) {
      this.locale = locale
      this.catalogue = loaded
      return (this.ready = Promise.resolve())
    }
    return (this.ready = loaded.then((catalogue) => {
      if (this.wanted !== locale) return
      runInAction(() => {
        this.locale = locale
        this.catalogue = catalogue
      })
    }))
  }

  /** The enterprise's AppLanguage applies when nothing stronger decides (spec §1). */
  applyEnterpriseLanguage(appLanguage: string | undefined): Promise<void> {
    this.appLanguage = appLanguage ?? null
    return this.show(this.resolve())
  }

  /** The diner's own choice; stored at once, so it overrides everything from now on. */
  setLocale(locale: Locale): Promise<void> {
    this.host.storage.set(LANGUAGE_STORAGE_KEY, locale)
    return this.show(locale)
  }

  /** The text of `key` in the language on screen ('' until its catalogue has arrived). */
  t = (key: MessageKey, params?: MessageParams): string => {
    if (!this.catalogue) return ''
    return fillParams(this.catalogue[key] ?? key, params)
  }

  pick = (names: Partial<LocalizedText> | undefined, fallback = ''): string => pickText(names, this.locale, fallback)
}

/** Currency symbol from the enterprise settings (spec §1). */
export const currencySymbol = (params: Record<string, string>): string => params.Currency || DEFAULT_CURRENCY
