/**
 * H5: one script per language, fetched when the language is first shown, so the first screen
 * carries one catalogue instead of three. Taro's router mounts no page before the catalogue on
 * screen has arrived (RootStore.beforePage).
 */
import type { Locale } from '../gateway/contract'
import type { Catalogue } from './catalogues'

const SCRIPTS: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  'zh-CN': () => import(/* webpackChunkName: "i18n-zh-CN" */ './catalogues/zh-CN'),
  'zh-TW': () => import(/* webpackChunkName: "i18n-zh-TW" */ './catalogues/zh-TW'),
  en: () => import(/* webpackChunkName: "i18n-en" */ './catalogues/en')
}

export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  return SCRIPTS[locale]().then((m) => m.default)
}
