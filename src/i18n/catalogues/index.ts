import type { Locale } from '../../gateway/contract'
import zhCN, { type MessageKey } from './zh-CN'
import zhTW from './zh-TW'
import en from './en'

export type { MessageKey }
/** Every text of one language. */
export type Catalogue = Record<MessageKey, string>
/** All three at once, for the server, the tests and mini-program packages; H5 loads one (../catalogue-loader.h5.ts). */
export const CATALOGUES: Record<Locale, Catalogue> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en }
