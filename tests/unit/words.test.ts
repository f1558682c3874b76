/**
 * Issue 27 items 15, 16 and 19: words, numbers and formats in all three languages — English
 * plurals by the platform's rules (with a fallback for engines without Intl.PluralRules), chosen
 * options with each language's punctuation, dates through dayjs locales, slots on one grid.
 */
import { pluralCategory, pluralWord, unitForCount } from '../../src/i18n/plural'
import { fillParams } from '../../src/i18n/text'
import { listSeparator, remarkChoicesText, splitList } from '../../src/core/choice-text'
import { dateText, dateTimeText, weekDayText } from '../../src/i18n/dates'
import { translate } from '../../src/i18n/translate'
import { appointmentSlots, type SlotRules } from '../../src/core/appointment-slots'
import { parseWallClock } from '../../src/core/wall-clock'
import { LOCALES, type Locale } from '../../src/gateway/contract'
import type { MessageKey } from '../../src/i18n/catalogues'

const words = (locale: Locale) => ({ locale, t: (key: MessageKey) => translate(locale, key) })

describe('plurals (item 15)', () => {
  it('a unit beside a count reads in the plural in English: × 2 bowls, × 3 glasses, 2 Baskets of 4', () => {
    expect(unitForCount('en', '2', 'bowl')).toBe('bowls')
    expect(unitForCount('en', 1, 'bowl')).toBe('bowl')
    expect(unitForCount('en', '3', 'glass')).toBe('glasses')
    expect(unitForCount('en', '1.5', 'kg')).toBe('kg')
    expect(unitForCount('en', '0.5', 'portion')).toBe('portions')
    expect(unitForCount('en', '2', 'Basket of 4')).toBe('Baskets of 4')
    expect(unitForCount('en', '2', 'large box')).toBe('large boxes')
    expect(unitForCount('en', '2', 'patty')).toBe('patties')
    expect(unitForCount('en', '2', 'loaf')).toBe('loaves')
    for (const locale of ['zh-CN', 'zh-TW'] as const) expect(unitForCount(locale, '2', '碗')).toBe('碗')
  })

  it('leaves what it cannot read as English words alone', () => {
    expect(pluralWord('碗')).toBe('碗')
    expect(pluralWord('PCS')).toBe('PCS')
    expect(pluralWord('6pcs')).toBe('6pcs')
  })

  it('takes the category from Intl.PluralRules, and says one for exactly 1 where an engine has none', () => {
    expect(pluralCategory('en', 1)).toBe('one')
    expect(pluralCategory('en', '2')).toBe('other')
    expect(pluralCategory('en', 0)).toBe('other')
    const saved = (Intl as { PluralRules?: unknown }).PluralRules
    try {
      delete (Intl as { PluralRules?: unknown }).PluralRules
      expect(pluralCategory('en-x-none', 1)).toBe('one')
      expect(pluralCategory('en-x-none', 3)).toBe('other')
      expect(fillParams('{n|# item|# items}', { n: 1 })).toBe('1 item')
      expect(fillParams('{n|# item|# items}', { n: 2 })).toBe('2 items')
    } finally {
      ;(Intl as { PluralRules?: unknown }).PluralRules = saved
    }
  })
})

describe("chosen options with each language's punctuation (item 16)", () => {
  const chosen = [
    { name: '面底', option: '米粉' },
    { name: '辣度', option: '微辣' }
  ]
  it('Chinese: full-width colon and semicolon, the enumeration comma', () => {
    expect(remarkChoicesText(chosen, 'zh-CN')).toBe('面底：米粉；辣度：微辣')
    expect(remarkChoicesText(chosen, 'zh-TW')).toBe('面底：米粉；辣度：微辣')
    expect(['加蛋', '奶茶'].join(listSeparator('zh-TW'))).toBe('加蛋、奶茶')
  })
  it('English: colon, semicolon and comma with a space', () => {
    expect(remarkChoicesText([{ name: 'Spice', option: 'Mild' }, { name: '', option: 'No ice' }], 'en')).toBe('Spice: Mild; No ice')
    expect(['Egg', 'Tea'].join(listSeparator('en'))).toBe('Egg, Tea')
    expect(splitList('加蛋、奶茶')).toEqual(['加蛋', '奶茶'])
    expect(splitList('Egg, Tea')).toEqual(['Egg', 'Tea'])
  })
  it("no Chinese catalogue text puts ASCII ': ' or '; ' after a Chinese word", () => {
    for (const locale of ['zh-CN', 'zh-TW'] as const) {
      const { CATALOGUES } = jest.requireActual('../../src/i18n/catalogues') as typeof import('../../src/i18n/catalogues')
      for (const [key, text] of Object.entries(CATALOGUES[locale])) expect([key, /[\u4e00-\u9fff\uff09][:;]/.test(text)]).toEqual([key, false])
    }
  })
})

describe('dates in each language its own way (item 19)', () => {
  it('a moment to the minute, never seconds', () => {
    expect(dateTimeText('2026-11-28 14:51:07', words('en'))).toBe('28 Nov 2026, 14:51')
    expect(dateTimeText('2026-11-28 14:51:07', words('zh-CN'))).toBe('2026年11月28日 14:51')
    expect(dateTimeText('2026-11-28 14:51:07', words('zh-TW'))).toBe('2026年11月28日 14:51')
    expect(dateTimeText('', words('en'))).toBe('')
  })
  it('a day, and a day of the coming week with its weekday from the dayjs locale', () => {
    expect(dateText('2026-09-29', words('en'))).toBe('29 Sep 2026')
    expect(dateText('2026-09-29', words('zh-TW'))).toBe('2026年9月29日')
    expect(weekDayText('2026-11-30', words('en'))).toBe('Mon 30 Nov')
    expect(weekDayText('2026-11-30', words('zh-CN'))).toBe('11月30日 周一')
    expect(weekDayText('2026-11-30', words('zh-TW'))).toBe('11月30日 週一')
  })
  it('every language has its patterns', () => {
    for (const locale of LOCALES) for (const key of ['date.long', 'date.dateTime', 'date.day'] as const) expect(translate(locale, key)).not.toBe(key)
  })
})

describe('pickup slots on one grid at every branch (item 19)', () => {
  const rules = (now: string, beginTime: string): SlotRules => ({ now: parseWallClock(now)!, beginTime, endTime: '22:00', weekday: '', cookingMinutes: 0, dtbMinutes: 0, delivery: false })
  it('a branch opening later and a branch open now both offer :00, :15, :30, :45', () => {
    // 14:02 + 15 minutes' lead = 14:17: the first slot is 14:30 (it was 14:20, then 14:35, 14:50 …).
    const open = appointmentSlots(rules('2026-11-28 14:02:00', '08:00'))[0].slots
    const later = appointmentSlots(rules('2026-11-28 14:02:00', '17:00'))[0].slots
    expect(open.slice(0, 3)).toEqual(['14:30', '14:45', '15:00'])
    expect(later.slice(0, 3)).toEqual(['17:00', '17:15', '17:30'])
    for (const slot of [...open, ...later]) expect(['00', '15', '30', '45']).toContain(slot.slice(3))
  })
})
