/**
 * H5: scripts per language, fetched when needed: first the texts of the first screen (picked at
 * build time, config/catalogue-part-loader.js), the whole catalogue with the first page past
 * Home. Taro's router mounts no page before what it needs has arrived (RootStore.beforePage).
 */
import type { Locale } from '../gateway/contract'
import type { Catalogue } from './catalogues'
import type { CataloguePart } from './catalogue-loader'

type Script = () => Promise<{ default: Partial<Catalogue> }>

const SCRIPTS: Record<CataloguePart, Record<Locale, Script>> = {
  'first-screen': {
    'zh-CN': () => import(/* webpackChunkName: "i18n-zh-CN-first" */ './catalogues/zh-CN?first-screen'),
    'zh-TW': () => import(/* webpackChunkName: "i18n-zh-TW-first" */ './catalogues/zh-TW?first-screen'),
    en: () => import(/* webpackChunkName: "i18n-en-first" */ './catalogues/en?first-screen')
  },
  all: {
    'zh-CN': () => import(/* webpackChunkName: "i18n-zh-CN" */ './catalogues/zh-CN'),
    'zh-TW': () => import(/* webpackChunkName: "i18n-zh-TW" */ './catalogues/zh-TW'),
    en: () => import(/* webpackChunkName: "i18n-en" */ './catalogues/en')
  }
}

export type { CataloguePart }

export function loadCatalogue(locale: Locale, part: CataloguePart): Promise<Partial<Catalogue>> {
  return SCRIPTS[part][locale]().then((m) => m.default)
}
