import { I18nStore, LANGUAGE_STORAGE_KEY, currencySymbol } from '../../src/i18n/i18n.store'
import { createFakeHost } from './support/fake-host'

const hostWith = (deviceLanguage: string | null, forcedLocale: 'zh-TW' | null = null) =>
  createFakeHost(() => ({ statusCode: 200, data: {} }), { deviceLanguage: () => deviceLanguage, forcedLocale })

describe('i18n store', () => {
  it('starts in the device language and translates', () => {
    const i18n = new I18nStore(hostWith('en-US'))
    expect(i18n.locale).toBe('en')
    expect(i18n.t('tab.home')).toBe('Home')
  })

  it('keeps a switched language in storage, so the next start uses it', () => {
    const host = hostWith('zh-CN')
    const i18n = new I18nStore(host)
    i18n.setLocale('en')
    expect(host.store.get(LANGUAGE_STORAGE_KEY)).toBe('en')
    expect(new I18nStore(host).locale).toBe('en')
  })

  it('lets the payment-app browser force traditional Chinese', () => {
    expect(new I18nStore(hostWith('en-US', 'zh-TW')).locale).toBe('zh-TW')
  })

  it("falls back to the enterprise's AppLanguage only when nothing else decides", () => {
    const unknownDevice = new I18nStore(hostWith('pt-BR'))
    unknownDevice.applyEnterpriseLanguage('2')
    expect(unknownDevice.locale).toBe('en')
    const chineseDevice = new I18nStore(hostWith('zh-CN'))
    chineseDevice.applyEnterpriseLanguage('2')
    expect(chineseDevice.locale).toBe('zh-CN')
  })

  it('picks names in the current language', () => {
    const i18n = new I18nStore(hostWith('zh-HK'))
    expect(i18n.pick({ 'zh-CN': '莲香', 'zh-TW': '蓮香', en: 'Lotus' })).toBe('蓮香')
    expect(i18n.pick(undefined, 'fallback')).toBe('fallback')
  })

  it('uses the currency symbol of the settings, full-width yen by default', () => {
    expect(currencySymbol({ Currency: 'MOP$' })).toBe('MOP$')
    expect(currencySymbol({})).toBe('￥')
  })
})
