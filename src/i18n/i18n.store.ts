import { makeAutoObservable, observable, runInAction } from 'mobx'
import type { Host } from '../hosts/host'
import { LOCALES, type Locale, type LocalizedText } from '../gateway/contract'
import { chooseLocale } from './language'
import { fillParams, pickText, type MessageParams } from './text'
import type { Catalogue, MessageKey } from './catalogues'
import { loadCatalogue, textsAtHand, type CataloguePart } from './catalogue-loader'

export const LANGUAGE_STORAGE_KEY = 'scanorder.language'
/** Spec §1: the default currency symbol is the full-width yen sign. */
export const DEFAULT_CURRENCY = '\uFFE5'

/** Hands over a language's texts (a part, or all), at once or when their script has arrived. */
export type CatalogueLoader = (locale: Locale, part: CataloguePart) => Partial<Catalogue> | Promise<Partial<Catalogue>>

/**
 * The interface language, observable so every observer re-renders on a switch. It holds the
 * texts of the language on screen only: those of the first screen until a page past it asks
 * for all (loadAll). A switch takes effect once the new language's texts are at hand (at once
 * where all three catalogues are in the package).
 */
export class I18nStore {
  locale: Locale
  private catalogue: Partial<Catalogue> | null = null
  /** What `catalogue` holds; once all is needed, every language is loaded whole. */
  private part: CataloguePart | null = null
  private needAll = false
  private appLanguage: string | null = null
  /** The language asked for last: a slower load of an earlier choice never wins over it. */
  private wanted: Locale
  /** Settles when the texts of the language asked for last are at hand. */
  ready: Promise<void> = Promise.resolve()
  readonly locales = LOCALES

  constructor(
    private readonly host: Pick<Host, 'storage' | 'forcedLocale' | 'deviceLanguage'>,
    private readonly load: CatalogueLoader = loadCatalogue,
    /** The texts there are before any is loaded (H5: the app shell's). */
    private readonly atHand: (locale: Locale) => Partial<Catalogue> = textsAtHand
  ) {
    this.locale = this.wanted = this.resolve()
    makeAutoObservable<I18nStore, 'host' | 'load' | 'atHand' | 'catalogue' | 'part' | 'needAll' | 'wanted'>(this, {
      host: false,
      load: false,
      atHand: false,
      wanted: false,
      part: false,
      needAll: false,
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

  /** Puts `locale` on screen once its texts (those needed so far) are at hand. */
  private show(locale: Locale): Promise<void> {
    this.wanted = locale
    const part: CataloguePart = this.needAll ? 'all' : 'first-screen'
    if (locale === this.locale && this.catalogue && (this.part === 'all' || part === 'first-screen')) return (this.ready = Promise.resolve())
    const loaded = this.load(locale, part)
    if (!(loaded instanceof Promise)) {
      this.put(locale, part, loaded)
      return (this.ready = Promise.resolve())
    }
    return (this.ready = loaded.then((texts) => {
      if (this.wanted === locale) runInAction(() => this.put(locale, part, texts))
    }))
  }

  private put(locale: Locale, part: CataloguePart, texts: Partial<Catalogue>): void {
    // The first screen's texts arriving after the whole catalogue of the same language add nothing.
    if (part === 'first-screen' && locale === this.locale && this.part === 'all') return
    this.locale = locale
    this.catalogue = texts
    this.part = part
  }

  /** Every text of the language on screen, and of any language switched to from now on. */
  loadAll(): Promise<void> {
    this.needAll = true
    return this.show(this.wanted)
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

  /** The text of `key` in the language on screen ('' until its texts have arrived, but the shell's). */
  t = (key: MessageKey, params?: MessageParams): string => {
    const text = this.catalogue?.[key] ?? this.atHand(this.locale)[key] ?? (this.catalogue ? key : '')
    return fillParams(text, params)
  }

  pick = (names: Partial<LocalizedText> | undefined, fallback = ''): string => pickText(names, this.locale, fallback)
}

/** Currency symbol from the enterprise settings (spec §1). */
export const currencySymbol = (params: Record<string, string>): string => params.Currency || DEFAULT_CURRENCY
