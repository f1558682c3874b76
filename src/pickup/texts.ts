/**
 * The pickup screen's texts in the three languages (the same keys in each; the page carries all
 * three, so the headings can say the enterprise's other languages too). Filled by the diner app's
 * fillParams. tests/unit/pickup.store.test.ts checks every key is in every language.
 */
import type { Locale } from '../gateway/contract'
import { fillParams, type MessageParams } from '../i18n/text'

const en = {
  title: 'Order pickup',
  preparing: 'Preparing',
  ready: 'Ready for pickup',
  readyHint: 'Please collect your order at the counter',
  emptyPreparing: 'No orders being prepared',
  emptyReady: 'No orders ready yet',
  more: '+{n} more',
  loading: 'Loading the pickup numbers…',
  notFound: 'This address names no branch. Check the pickup screen’s link.',
  failed: 'The pickup numbers could not be loaded. Trying again…',
  'connection.connecting': 'Connecting…',
  'connection.live': 'Live',
  'connection.polling': 'Reconnecting — updating every few seconds',
  'connection.offline': 'Offline — trying again',
  soundOff: 'Tap to turn the chime on',
  soundOn: 'Chime on (tap to turn off)',
  readyFor: 'Ready numbers stay on screen for {n} minutes.',
  numberLabel: 'Number {no}'
} as const

export type PickupKey = keyof typeof en

const zhCN: Record<PickupKey, string> = {
  title: '取餐叫号',
  preparing: '制作中',
  ready: '请取餐',
  readyHint: '请到柜台取餐',
  emptyPreparing: '暂无制作中的订单',
  emptyReady: '暂无可取的订单',
  more: '另有 {n} 个',
  loading: '正在载入取餐号…',
  notFound: '这个地址找不到门店，请检查取餐屏的链接。',
  failed: '无法载入取餐号，正在重试…',
  'connection.connecting': '正在连接…',
  'connection.live': '实时',
  'connection.polling': '正在重新连接，每隔几秒更新',
  'connection.offline': '连接中断，正在重试',
  soundOff: '点按开启提示音',
  soundOn: '提示音已开启（点按关闭）',
  readyFor: '可取餐的号码显示 {n} 分钟。',
  numberLabel: '{no} 号'
}

const zhTW: Record<PickupKey, string> = {
  title: '取餐叫號',
  preparing: '製作中',
  ready: '請取餐',
  readyHint: '請到櫃檯取餐',
  emptyPreparing: '暫無製作中的訂單',
  emptyReady: '暫無可取的訂單',
  more: '另有 {n} 個',
  loading: '正在載入取餐號…',
  notFound: '這個地址找不到分店，請檢查取餐螢幕的連結。',
  failed: '無法載入取餐號，正在重試…',
  'connection.connecting': '正在連線…',
  'connection.live': '即時',
  'connection.polling': '正在重新連線，每隔幾秒更新',
  'connection.offline': '連線中斷，正在重試',
  soundOff: '點按開啟提示音',
  soundOn: '提示音已開啟（點按關閉）',
  readyFor: '可取餐的號碼顯示 {n} 分鐘。',
  numberLabel: '{no} 號'
}

export const PICKUP_TEXTS: Readonly<Record<Locale, Readonly<Record<PickupKey, string>>>> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en }

export function pickupText(locale: Locale, key: PickupKey, params?: MessageParams): string {
  return fillParams(PICKUP_TEXTS[locale][key] ?? en[key], params)
}

/** <html lang> for a language (the diner's app and the console write the same). */
export const HTML_LANG: Readonly<Record<Locale, string>> = { 'zh-CN': 'zh-Hans', 'zh-TW': 'zh-Hant', en: 'en' }

export const isPickupLocale = (value: unknown): value is Locale => value === 'zh-CN' || value === 'zh-TW' || value === 'en'
