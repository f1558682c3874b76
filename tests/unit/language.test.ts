import { chooseLocale, localeFromAcceptLanguage, localeFromDevice } from '../../src/i18n/language'

describe('language rules (spec §1)', () => {
  it('follows the device language', () => {
    expect(chooseLocale({ deviceLanguage: 'en-GB' })).toBe('en')
    expect(chooseLocale({ deviceLanguage: 'zh-CN' })).toBe('zh-CN')
    expect(chooseLocale({ deviceLanguage: 'zh-HK' })).toBe('zh-TW')
    expect(chooseLocale({ deviceLanguage: 'zh-Hant-TW' })).toBe('zh-TW')
  })

  it('lets the payment-app browser force traditional Chinese', () => {
    expect(chooseLocale({ deviceLanguage: 'en-US', forcedByHost: 'zh-TW' })).toBe('zh-TW')
  })

  it('lets a stored choice override everything', () => {
    expect(chooseLocale({ stored: 'en', forcedByHost: 'zh-TW', deviceLanguage: 'zh-CN', appLanguage: '1' })).toBe('en')
    expect(chooseLocale({ stored: 'klingon', deviceLanguage: 'zh-CN' })).toBe('zh-CN')
  })

  it("maps AppLanguage '1' → zh-TW, '2' → en, else zh-TW when the device says nothing we speak", () => {
    expect(chooseLocale({ deviceLanguage: 'pt-PT', appLanguage: '1' })).toBe('zh-TW')
    expect(chooseLocale({ deviceLanguage: 'pt-PT', appLanguage: '2' })).toBe('en')
    expect(chooseLocale({ deviceLanguage: null, appLanguage: '9' })).toBe('zh-TW')
    expect(localeFromDevice('fr')).toBeNull()
  })

  it('reads Accept-Language for the server', () => {
    expect(localeFromAcceptLanguage('en-US,en;q=0.9')).toBe('en')
    expect(localeFromAcceptLanguage('zh-CN')).toBe('zh-CN')
    expect(localeFromAcceptLanguage('fr, zh-TW;q=0.5')).toBe('zh-TW')
    expect(localeFromAcceptLanguage(undefined)).toBe('zh-TW')
  })
})
