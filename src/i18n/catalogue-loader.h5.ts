/**
 * H5: scripts per language, fetched when needed: first the texts of the first screen (picked at
 * build time, config/catalogue-part-loader.js); with the goods list those and the goods list's
 * (about a fifth of the whole), the whole catalogue once it shows; the whole catalogue with any
 * other page past Home. Taro's router mounts no page before what it needs has arrived
 * (RootStore.beforePage).
 */
import type { Locale } from '../gateway/contract'
import type { Catalogue } from './catalogues'
import type { CataloguePart } from './catalogue-loader'
import shellZhCN from './catalogues/zh-CN?shell'
import shellZhTW from './catalogues/zh-TW?shell'
import shellEn from './catalogues/en?shell'

type Script = () => Promise<{ default: Partial<Catalogue> }>

const SCRIPTS: Record<CataloguePart, Record<Locale, Script>> = {
  'first-screen': {
    'zh-CN': () => import(/* webpackChunkName: "i18n-zh-CN-first" */ './catalogues/zh-CN?first-screen'),
    'zh-TW': () => import(/* webpackChunkName: "i18n-zh-TW-first" */ './catalogues/zh-TW?first-screen'),
    en: () => import(/* webpackChunkName: "i18n-en-first" */ './catalogues/en?first-screen')
  },
  menu: {
    'zh-CN': () => import(/* webpackChunkName: "i18n-zh-CN-menu" */ './catalogues/zh-CN?menu'),
    'zh-TW': () => import(/* webpackChunkName: "i18n-zh-TW-menu" */ './catalogues/zh-TW?menu'),
    en: () => import(/* webpackChunkName: "i18n-en-menu" */ './catalogues/en?menu')
  },
  all: {
    'zh-CN': () => import(/* webpackChunkName: "i18n-zh-CN" */ './catalogues/zh-CN'),
    'zh-TW': () => import(/* webpackChunkName: "i18n-zh-TW" */ './catalogues/zh-TW'),
    en: () => import(/* webpackChunkName: "i18n-en" */ './catalogues/en')
  }
}

export type { CataloguePart }

export function loadCatalogue(locale: Locale, part: CataloguePart): Promise<Partial<Catalogue>> {
  return SCRIPTS[part === 'first-screen' ? openingPart() : part][locale]().then((m) => m.default)
}

/**
 * What the first screen's texts are on the page in the address: a page past Home opened directly
 * (a reload, a link) needs its own part next (RootStore.beforePage), which holds the first
 * screen's, so the app does not fetch the first screen's as well (a request beside its scripts
 * on a weak signal; docs/first-load.md).
 */
function openingPart(): CataloguePart {
  const route = location.hash.replace(/^#\/?/, '').split('?')[0]
  if (!route || /^pages\/(home\/home|scanCodeEntry\/scanCodeEntry)$/.test(route)) return 'first-screen'
  return route === 'pages/goodsList/goodsList' ? 'menu' : 'all'
}

const SHELL: Record<Locale, Partial<Catalogue>> = { 'zh-CN': shellZhCN, 'zh-TW': shellZhTW, en: shellEn }

/** The texts there are before any is loaded: the app shell's, so a page that fails to arrive is still explained. */
export function textsAtHand(locale: Locale): Partial<Catalogue> {
  return SHELL[locale]
}
