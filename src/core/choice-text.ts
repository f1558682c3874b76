/**
 * What a diner chose on a line, written with the punctuation of the language it is read in
 * (issue 27 item 16): English 'Noodles: Rice noodles; Spice: Mild' and 'Egg, Tea'; Chinese
 * '面底：米粉；辣度：微辣' and '加蛋、奶茶' (full-width colon and semicolon, the enumeration comma).
 * Client (cart, confirm page) and server (order lines as stored and as read) write them the same.
 */
import type { Locale } from '../gateway/contract'

/** One chosen remark option: 'Spice: Mild', '辣度：微辣'; the option alone when its group has no name. */
export function remarkChoiceText(name: string, option: string, locale: Locale): string {
  if (!name) return option
  return locale === 'en' ? `${name}: ${option}` : `${name}\uFF1A${option}`
}

/** Between chosen remark options: '; ' in English, '；' in Chinese. */
export const remarkSeparator = (locale: Locale): string => (locale === 'en' ? '; ' : '\uFF1B')

/** Chosen remark options in one text: 'Noodles: Rice noodles; Spice: Mild', '面底：米粉；辣度：微辣'. */
export function remarkChoicesText(choices: readonly { name: string; option: string }[], locale: Locale): string {
  return choices.map((c) => remarkChoiceText(c.name, c.option, locale)).join(remarkSeparator(locale))
}

/** Between names in a list (add-ons, combo picks): ', ' in English, '、' in Chinese. */
export const listSeparator = (locale: Locale): string => (locale === 'en' ? ', ' : '\u3001')

/** A list written by listSeparator (in any of the languages, or before it: ', ') back into its names. */
export const splitList = (text: string): string[] => (text ? text.split(/, |\u3001/) : [])

/**
 * A combo pick with its own remark options: 'Beef noodles (Spice: Mild)', '牛肉面（辣度：微辣）';
 * the name alone without remarks.
 */
export function bomPickText(name: string, remarks: readonly { name: string; option: string }[], locale: Locale): string {
  return bomPickWithTexts(name, remarks.map((r) => remarkChoiceText(r.name, r.option, locale)), locale)
}

/** The same from remark options already written in the reader's language ('Spice: Mild'). */
export function bomPickWithTexts(name: string, remarkTexts: readonly string[], locale: Locale): string {
  if (remarkTexts.length === 0) return name
  const text = remarkTexts.join(remarkSeparator(locale))
  return locale === 'en' ? `${name} (${text})` : `${name}\uFF08${text}\uFF09`
}
