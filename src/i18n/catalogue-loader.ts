/**
 * Where the I18nStore gets a language's texts. Mini-program packages (and the tests) carry all
 * three catalogues and hand a whole one over at once, whatever part is asked for; the H5 build
 * fetches only what is needed (catalogue-loader.h5.ts, picked by Taro's per-host file convention).
 */
import type { Locale } from '../gateway/contract'
import { CATALOGUES, type Catalogue } from './catalogues'

/**
 * The texts of the first screen (./first-screen.ts); those and the goods list's ('menu'
 * config/page-texts.js: the keys its code names); or every text. In this order, each holds the
 * one before.
 */
export type CataloguePart = 'first-screen' | 'menu' | 'all'

export function loadCatalogue(locale: Locale, _part: CataloguePart): Catalogue | Promise<Partial<Catalogue>> {
  return CATALOGUES[locale]
}

/** The texts there are before any is loaded: here, all. */
export function textsAtHand(locale: Locale): Partial<Catalogue> {
  return CATALOGUES[locale]
}
