import { birthdayColumns, dateParts, partsToDate } from '../../src/features/member/components/birthday-columns'
import { formatDate } from '../../src/i18n/dates'
import { packLabel } from '../../src/ui/pack-label'
import { translate } from '../../src/i18n/translate'
import type { Locale } from '../../src/gateway/contract'
import type { I18nStore } from '../../src/i18n/i18n.store'

const textsOf = (locale: Locale) => ({
  year: (n: number) => translate(locale, 'picker.year', { n }),
  months: translate(locale, 'picker.months').split(','),
  day: (n: number) => translate(locale, 'picker.day', { n })
})

describe('birthday picker columns', () => {
  it('label years, months and days in the language on screen', () => {
    const en = birthdayColumns({ y: 1990, m: 3, d: 5 }, '2026-11-24', textsOf('en'))
    expect([en.labels[0][90], en.labels[1][2], en.labels[2][4]]).toEqual(['1990', 'Mar', '5'])
    expect(en.index).toEqual([90, 2, 4])
    const tw = birthdayColumns({ y: 1990, m: 3, d: 5 }, '2026-11-24', textsOf('zh-TW'))
    expect([tw.labels[0][90], tw.labels[1][2], tw.labels[2][4]]).toEqual(['1990年', '3月', '5日'])
  })

  it('offer the days the month has, and no day after today', () => {
    expect(birthdayColumns({ y: 2000, m: 2, d: 31 }, '2026-11-24', textsOf('en')).days).toHaveLength(29)
    expect(birthdayColumns({ y: 2001, m: 2, d: 31 }, '2026-11-24', textsOf('en')).index[2]).toBe(27)
    const thisYear = birthdayColumns({ y: 2026, m: 12, d: 31 }, '2026-11-24', textsOf('en'))
    expect([thisYear.years.at(-1), thisYear.months.at(-1), thisYear.days.at(-1)]).toEqual([2026, 11, 24])
  })

  it('read and write YYYY-MM-DD', () => {
    expect(dateParts('1988-07-09', '1990-01-01')).toEqual({ y: 1988, m: 7, d: 9 })
    expect(dateParts('', '1990-01-01')).toEqual({ y: 1990, m: 1, d: 1 })
    expect(partsToDate({ y: 1988, m: 7, d: 9 })).toBe('1988-07-09')
  })
})

describe('dates shown to diners', () => {
  it('follow the language on screen', () => {
    expect(formatDate('1988-07-09', translate('en', 'date.long'))).toBe('9 Jul 1988')
    expect(formatDate('1988-07-09', translate('zh-TW', 'date.long'))).toBe('1988年7月9日')
    expect(formatDate('not a date', 'D MMM YYYY')).toBe('not a date')
  })
})

describe('pack unit labels', () => {
  const i18n = { t: (key: 'details.pack', params: Record<string, string>) => translate('en', key, params) } as unknown as I18nStore
  it('say what a pack holds once', () => {
    expect(packLabel(i18n, 'Basket', '4', 'piece')).toBe('Basket (piece × 4)')
    expect(packLabel(i18n, 'Basket of 4', '4', 'piece')).toBe('Basket of 4')
    expect(packLabel(i18n, 'Box of 24', '4', 'piece')).toBe('Box of 24 (piece × 4)')
    expect(packLabel(i18n, '一籠（4隻）', '4', '隻')).toBe('一籠（4隻）')
    // Counts in Chinese numerals and English words say it too; a numeral inside a bigger one does not.
    expect(packLabel(i18n, '六件裝', '6', '件')).toBe('六件裝')
    expect(packLabel(i18n, '二十四罐裝', '24', '罐')).toBe('二十四罐裝')
    expect(packLabel(i18n, '二十四罐裝', '4', 'can')).toBe('二十四罐裝 (can × 4)')
    expect(packLabel(i18n, 'Box of six', '6', 'piece')).toBe('Box of six')
  })
})
