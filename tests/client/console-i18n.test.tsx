/**
 * The console's three catalogues (src/console/i18n): the same keys, the same {placeholders}, no
 * empty text, and every key the console's code names exists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { CONSOLE_CATALOGUES, localeFromLanguages, translate } from '../../src/console/i18n'
import { LOCALES } from '../../src/gateway/contract'

const en = CONSOLE_CATALOGUES.en
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort()

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return name === 'i18n' ? [] : sources(file)
    return /\.tsx?$/.test(name) ? [file] : []
  })
}

describe('console catalogues', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the English keys', (locale) => {
    expect(Object.keys(CONSOLE_CATALOGUES[locale]).sort()).toEqual(Object.keys(en).sort())
  })

  it.each(LOCALES)('%s: every text is there and keeps the English placeholders', (locale) => {
    for (const [key, text] of Object.entries(CONSOLE_CATALOGUES[locale])) {
      expect(`${key}: ${text.trim() ? 'text' : 'empty'}`).toBe(`${key}: text`)
      expect([key, placeholders(text)]).toEqual([key, placeholders(en[key as keyof typeof en])])
    }
  })

  it('every literal key the console code asks for is in the catalogues', () => {
    const used = new Set<string>()
    for (const file of sources(path.join(__dirname, '../../src/console'))) {
      const code = readFileSync(file, 'utf8')
      for (const m of code.matchAll(/\bt\(\s*'([\w.-]+)'/g)) used.add(m[1])
      for (const m of code.matchAll(/label: '([\w.-]+)'/g)) used.add(m[1])
    }
    expect(used.size).toBeGreaterThan(100)
    expect([...used].filter((k) => !(k in en))).toEqual([])
  })

  it('fills counts in English and picks the device’s language', () => {
    expect(translate('en', 'audit.total', { n: 1 })).toBe('1 entry')
    expect(translate('en', 'audit.total', { n: 3 })).toBe('3 entries')
    expect(translate('zh-TW', 'audit.total', { n: 3 })).toBe('共 3 筆')
    expect(localeFromLanguages(['zh-HK', 'en'])).toBe('zh-TW')
    expect(localeFromLanguages(['zh-MO'])).toBe('zh-TW')
    expect(localeFromLanguages(['zh-CN'])).toBe('zh-CN')
    expect(localeFromLanguages(['fr-FR', 'en-US'])).toBe('en')
    expect(localeFromLanguages(['fr-FR'])).toBe('en')
  })
})
