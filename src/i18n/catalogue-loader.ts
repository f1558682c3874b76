/**
 * Where the I18nStore gets a language's catalogue. Mini-program packages (and the tests) carry
 * all three and hand one over at once; the H5 build fetches only the language on screen
 * (catalogue-loader.h5.ts, picked by Taro's per-host file convention).
 */
import type { Locale } from '../gateway/contract'
import { CATALOGUES, type Catalogue } from './catalogues'

export function loadCatalogue(locale: Locale): Catalogue | Promise<Catalogue> {
  return CATALOGUES[locale]
}
