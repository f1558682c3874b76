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

/** The parts in order: each holds the one before it (catalogue-loader.ts). */
const PARTS: readonly CataloguePart[] = ['first-screen', 'menu', 'all']

/**
 * The interface language, observable so every observer re-renders on a switch. It holds the
 * texts of the language on screen only: those of the first screen until a page past it asks
 * for more (loadPart: the goods list's, or all). A switch takes effect once the new language's
 * texts are at hand (at once where all three catalogues are in the package).
 */
export class I18nStore {
  locale: Locale
  private catalogue: Partial<Catalogue> | null = null
  /** Which of PARTS `catalogue` holds (-1: none yet); `needed`, which every language is loaded with from now on. */
  private held = -1
  private needed = 0
  /** A text was asked for that the texts at hand lack. */
  private missed = false
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
    makeAutoObservable<I18nStore, 'host' | 'load' | 'atHand' | 'catalogue' | 'held' | 'needed' | 'missed' | 'wanted'>(this, {
      host: false,
      load: false,
      atHand: false,
      wanted: false,
      held: false,
      needed: false,
      missed: false,
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
    const part = this.needed
    if (locale === this.locale && this.held >= part) return (this.ready = Promise.resolve())
    const loaded = this.load(locale, PARTS[part])
    if (!(loaded instanceof Promise)) {
      this.put(locale, part, loaded)
      return (this.ready = Promise.resolve())
    }
    return (this.ready = loaded.then((texts) => {
      if (this.wanted === locale) runInAction(() => this.put(locale, part, texts))
    }))
  }

  private put(locale: Locale, part: number, texts: Partial<Catalogue>): void {
    // A smaller part arriving after a larger one of the same language adds nothing.
    if (locale === this.locale && part < this.held) return
    // A larger part of the language on screen says the same for every text shown so far: added
    // in place, without re-rendering every page on screen, unless a text was missing.
    if (locale === this.locale && this.held >= 0 && !this.missed) Object.assign(this.catalogue!, texts)
    else (this.locale = locale), (this.catalogue = { ...texts }), (this.missed = false)
    this.held = part
  }

  /** Every text of the language on screen, and of any language switched to from now on. */
  loadAll(): Promise<void> {
    return this.loadPart('all')
  }

  /** At least `part` of the language on screen, and of any language switched to from now on. */
  loadPart(part: CataloguePart): Promise<void> {
    this.needed = Math.max(this.needed, PARTS.indexOf(part))
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
    const text = this.catalogue?.[key] ?? this.atHand(this.locale)[key] ?? (this.catalogue ? this.missing(key) : '')
    return fillParams(text, params)
  }

  /**
   * A key the texts at hand lack. The goods list's part holds the keys its code names
   * (config/page-texts.js); one made otherwise ('resultcode.' + code) shows nothing for the moment
   * it takes to fetch the rest, which every observer then re-renders with. Elsewhere, the key.
   */
  private missing(key: MessageKey): string {
    this.missed = true
    if (this.held !== 1) return key
    if (this.needed < 2) {
      this.needed = 2
      // Not while rendering: loading changes what observers read.
      setTimeout(() => void this.show(this.wanted), 0)
    }
    return ''
  }

  pick = (names: Partial<LocalizedText> | undefined, fallback = ''): string => pickText(names, this.locale, fallback)
}

/** Currency symbol from the enterprise settings (spec §1). */
export const currencySymbol = (params: Record<string, string>): string => params.Currency || DEFAULT_CURRENCY
