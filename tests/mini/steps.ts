/**
 * Steps the mini-program tests share, written as a diner would do them on the host double, with
 * texts from the app's own catalogues (so a step reads the same in every language).
 */
import assert from 'node:assert/strict'
import type { Locale } from '../../src/gateway/contract'
import type { MessageKey } from '../../src/i18n/catalogues'
import type { MessageParams } from '../../src/i18n/text'
import { translate } from '../../src/i18n/translate'
import type { MiniHostDouble, MiniKind } from './host-double'

/** The catalogue's text in a language. */
export const say = (locale: Locale, key: MessageKey, params?: MessageParams): string => translate(locale, key, params)

/**
 * The language each build shows a device set to English: the chat-app follows the device; the
 * payment app forces traditional Chinese (src/hosts/index.alipay.ts forcedLocale, spec §1).
 */
export const LOCALE_ON_ENGLISH_DEVICE: Record<MiniKind, Locale> = { weapp: 'en', alipay: 'zh-TW' }

/** The goods journey's choices on A01 (Beef Brisket Noodles): the last noodle, the hottest spice, an extra egg. */
export const A01_CHOICES: Record<Locale, { name: string; picks: string[]; line: string }> = {
  'zh-CN': { name: '清汤牛腩面', picks: ['乌冬', '大辣', '加蛋'], line: '面底：乌冬 · 辣度：大辣 · +加蛋' },
  'zh-TW': { name: '清湯牛腩麵', picks: ['烏冬', '大辣', '加蛋'], line: '麵底：烏冬 · 辣度：大辣 · +加蛋' },
  en: { name: 'Beef Brisket Noodles in Clear Broth', picks: ['Udon', 'Hot', 'Extra egg'], line: 'Noodles: Udon · Spice: Hot · +Extra egg' }
}

/** From the entry code to Home. */
export async function openTable(d: MiniHostDouble, code: string, locale: Locale, systemLanguage = 'en'): Promise<void> {
  d.launch({ query: { QRCode: code }, systemLanguage })
  await d.waitForRoute('pages/home/home')
  await d.waitForText(say(locale, 'home.orderNow'))
}

/**
 * Home → goods list → A01's details → choices (price 58 + 6 for the egg) → add to cart → back to
 * the list, whose cart bar then shows one item at MOP$64.00 (`currency`: the shop's symbol).
 */
export async function addA01WithChoices(d: MiniHostDouble, locale: Locale, currency = 'MOP$'): Promise<void> {
  const a01 = A01_CHOICES[locale]
  await d.tap(say(locale, 'home.orderNow'))
  await d.waitForRoute('pages/goodsList/goodsList')
  await d.waitForText(a01.name)
  assert.ok(d.text().includes(`${currency}58.00\n`), `the list shows A01 at ${currency}58.00`)
  await d.tap(say(locale, 'menu.choose'))
  await d.waitForRoute('pages/goodsDetails/goodsDetails')
  await d.waitForText(say(locale, 'details.add'))
  assert.ok(d.text().includes(`${currency}58.00`), 'details start at the plain price')
  for (const pick of a01.picks) await d.tap(pick)
  await d.waitForText(`${currency}64.00`)
  await d.tap(say(locale, 'details.add'))
  await d.waitFor(() => d.toasts.includes(say(locale, 'details.added')), 'the added-to-cart toast')
  d.back()
  await d.waitForRoute('pages/goodsList/goodsList')
  await d.waitForText(`${currency}64.00`)
}

/** Goods list → cart (the line with its choices) → confirm → agree → submit: the order is placed. */
export async function checkoutPrepay(d: MiniHostDouble, locale: Locale, currency = 'MOP$'): Promise<void> {
  const a01 = A01_CHOICES[locale]
  await d.tap(say(locale, 'cart.go'))
  await d.waitForRoute('pages/prepayCart/prepayCart')
  await d.waitForText(a01.line)
  assert.ok(d.text().includes(`${currency}64.00`), `the cart totals ${currency}64.00`)
  await d.tap(say(locale, 'cart.checkout'))
  await d.waitForRoute('pages/prepayOrderConfirm/prepayOrderConfirm')
  await d.waitForText(say(locale, 'checkout.submitPrepay'))
  await d.idle()
  assert.ok(d.text().includes(a01.line), 'confirm lists the line with its choices')
  await d.tap(say(locale, 'checkout.agree'))
  await d.tap(say(locale, 'checkout.submitPrepay'))
}
