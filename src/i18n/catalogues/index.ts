import type { Locale } from '../../gateway/contract'
import zhCN, { type MessageKey } from './zh-CN'
import zhTW from './zh-TW'
import en from './en'

export type { MessageKey }
export const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en }
