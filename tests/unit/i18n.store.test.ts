import { autorun } from 'mobx'
import { I18nStore, LANGUAGE_STORAGE_KEY, currencySymbol } from '../../src/i18n/i18n.store'
import { CATALOGUES, type Catalogue } from '../../src/i18n/catalogues'
import { loadCatalogue as loadOnDemand } from '../../src/i18n/catalogue-loader.h5'
import type { CataloguePart } from '../../src/i18n/catalogue-loader'
import type { Locale } from '../../src/gateway/contract'
import { createFakeHost } from './support/fake-host'

// The H5 loader carries the shell's texts, picked by a webpack loader (config/catalogue-part-loader.js).
jest.mock('../../src/i18n/catalogues/zh-CN?shell', () => ({ default: {} }), { virtual: true })
jest.mock('../../src/i18n/catalogues/zh-TW?shell', () => ({ default: {} }), { virtual: true })
jest.mock('../../src/i18n/catalogues/en?shell', () => ({ default: {} }), { virtual: true })

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
    void i18n.setLocale('en')
    expect(host.store.get(LANGUAGE_STORAGE_KEY)).toBe('en')
    expect(new I18nStore(host).locale).toBe('en')
  })

  it('lets the payment-app browser force traditional Chinese', () => {
    expect(new I18nStore(hostWith('en-US', 'zh-TW')).locale).toBe('zh-TW')
  })

  it("falls back to the enterprise's AppLanguage only when nothing else decides", () => {
    const unknownDevice = new I18nStore(hostWith('pt-BR'))
    void unknownDevice.applyEnterpriseLanguage('2')
    expect(unknownDevice.locale).toBe('en')
    const chineseDevice = new I18nStore(hostWith('zh-CN'))
    void chineseDevice.applyEnterpriseLanguage('2')
    expect(chineseDevice.locale).toBe('zh-CN')
  })

  it('picks names in the current language', () => {
    const i18n = new I18nStore(hostWith('zh-HK'))
    expect(i18n.pick({ 'zh-CN': '莲香', 'zh-TW': '蓮香', en: 'Lotus' })).toBe('蓮香')
    expect(i18n.pick(undefined, 'fallback')).toBe('fallback')
  })

  it('where catalogues arrive on demand, switches once the new one is here, and the latest choice wins', async () => {
    const arrive = new Map<Locale, (c: Catalogue) => void>()
    const load = (locale: Locale) => (locale === 'en' ? CATALOGUES.en : new Promise<Catalogue>((resolve) => arrive.set(locale, resolve)))
    const host = hostWith('en-US')
    const i18n = new I18nStore(host, load, () => ({}))
    expect(i18n.t('tab.home')).toBe('Home')
    const toSimplified = i18n.setLocale('zh-CN')
    const toTraditional = i18n.setLocale('zh-TW')
    expect(host.store.get(LANGUAGE_STORAGE_KEY)).toBe('zh-TW')
    expect([i18n.locale, i18n.t('tab.home')]).toEqual(['en', 'Home'])
    arrive.get('zh-TW')!(CATALOGUES['zh-TW'])
    await toTraditional
    expect([i18n.locale, i18n.t('tab.home')]).toEqual(['zh-TW', '首頁'])
    arrive.get('zh-CN')!(CATALOGUES['zh-CN'])
    await toSimplified
    expect(i18n.locale).toBe('zh-TW')
  })

  it("says only the shell's texts before the first catalogue has arrived, and is ready once it has", async () => {
    let arrive: (c: Catalogue) => void = () => undefined
    const shell = (locale: Locale) => ({ 'shell.reload': CATALOGUES[locale]['shell.reload'] })
    const i18n = new I18nStore(hostWith('zh-HK'), () => new Promise<Catalogue>((resolve) => (arrive = resolve)), shell)
    expect([i18n.locale, i18n.t('home.openNow'), i18n.t('shell.reload')]).toEqual(['zh-TW', '', CATALOGUES['zh-TW']['shell.reload']])
    arrive(CATALOGUES['zh-TW'])
    await i18n.ready
    expect(i18n.t('home.hours', { begin: '08:00', end: '22:00' })).toBe(CATALOGUES['zh-TW']['home.hours'].replace('{begin}', '08:00').replace('{end}', '22:00'))
  })

  it('fetches each language on demand in the H5 build, every text there', async () => {
    for (const locale of ['zh-CN', 'zh-TW', 'en'] as const) expect(await loadOnDemand(locale, 'all')).toEqual(CATALOGUES[locale])
  })

  it("holds the first screen's texts until a page past it asks for all, then every language whole", async () => {
    const asked: string[] = []
    const load = (locale: Locale, part: CataloguePart) => {
      asked.push(`${locale}:${part}`)
      const all = CATALOGUES[locale]
      return Promise.resolve(part === 'all' ? all : { 'tab.home': all['tab.home'] })
    }
    const i18n = new I18nStore(hostWith('en-US'), load, () => ({}))
    await i18n.ready
    expect([i18n.t('tab.home'), i18n.t('cart.go')]).toEqual(['Home', 'cart.go'])
    await i18n.setLocale('zh-TW')
    await i18n.loadAll()
    expect(i18n.t('cart.go')).toBe(CATALOGUES['zh-TW']['cart.go'])
    await i18n.loadAll()
    await i18n.setLocale('en')
    expect(i18n.t('cart.go')).toBe(CATALOGUES.en['cart.go'])
    expect(asked).toEqual(['en:first-screen', 'zh-TW:first-screen', 'zh-TW:all', 'en:all'])
  })

  it('keeps the whole catalogue when the first screen part of the same language arrives after it', async () => {
    let firstScreen: (texts: Partial<Catalogue>) => void = () => undefined
    const load = (locale: Locale, part: CataloguePart) =>
      part === 'all' ? Promise.resolve(CATALOGUES[locale]) : new Promise<Partial<Catalogue>>((resolve) => (firstScreen = resolve))
    const i18n = new I18nStore(hostWith('en-US'), load, () => ({}))
    await i18n.loadAll()
    firstScreen({ 'tab.home': 'Home' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(i18n.t('cart.go')).toBe(CATALOGUES.en['cart.go'])
  })

  it("with the goods list's part: its texts at once; a text it lacks shows nothing while the rest is fetched, then shows", async () => {
    const asked: string[] = []
    const load = (locale: Locale, part: CataloguePart) => {
      asked.push(`${locale}:${part}`)
      const all = CATALOGUES[locale]
      const texts: Partial<Catalogue> = { 'tab.home': all['tab.home'] }
      if (part !== 'first-screen') texts['cart.go'] = all['cart.go']
      return Promise.resolve(part === 'all' ? all : texts)
    }
    const i18n = new I18nStore(hostWith('en-US'), load, () => ({}))
    await i18n.loadPart('menu')
    expect([i18n.t('tab.home'), i18n.t('cart.go')]).toEqual(['Home', CATALOGUES.en['cart.go']])
    // A smaller part asked for later keeps what is there.
    await i18n.loadPart('first-screen')
    expect(i18n.t('cart.go')).toBe(CATALOGUES.en['cart.go'])
    expect(asked).toEqual(['en:first-screen', 'en:menu'])
    // A key the part lacks (one made at run time, say): nothing, never the key, and the rest is fetched once.
    expect([i18n.t('sheet.payBill'), i18n.t('sheet.payBill')]).toEqual(['', ''])
    await new Promise((resolve) => setTimeout(resolve, 0))
    await i18n.ready
    expect(i18n.t('sheet.payBill')).toBe(CATALOGUES.en['sheet.payBill'])
    // A language switched to from now on comes whole.
    await i18n.setLocale('zh-TW')
    expect(i18n.t('sheet.payBill')).toBe(CATALOGUES['zh-TW']['sheet.payBill'])
    expect(asked).toEqual(['en:first-screen', 'en:menu', 'en:all', 'zh-TW:all'])
  })

  it("a language switched to on the goods list comes as the goods list's part, until all is needed", async () => {
    const asked: string[] = []
    const load = (locale: Locale, part: CataloguePart) => {
      asked.push(`${locale}:${part}`)
      return Promise.resolve(CATALOGUES[locale])
    }
    const i18n = new I18nStore(hostWith('en-US'), load, () => ({}))
    await i18n.loadPart('menu')
    await i18n.setLocale('zh-CN')
    expect(asked).toEqual(['en:first-screen', 'en:menu', 'zh-CN:menu'])
  })

  it('adds a larger part of the language on screen without re-rendering what shows its texts, unless one was missing', async () => {
    const load = (locale: Locale, part: CataloguePart) => {
      const all = CATALOGUES[locale]
      return Promise.resolve(part === 'all' ? all : { 'tab.home': all['tab.home'], 'cart.go': all['cart.go'] })
    }
    const i18n = new I18nStore(hostWith('en-US'), load, () => ({}))
    await i18n.loadPart('menu')
    const shown: string[] = []
    const stop = autorun(() => shown.push(i18n.t('tab.home')))
    await i18n.loadAll()
    // Nothing on screen changed: no re-render; a text asked for later is there.
    expect(shown).toEqual(['Home'])
    expect(i18n.t('sheet.payBill')).toBe(CATALOGUES.en['sheet.payBill'])
    stop()

    // The goods list's part, and a text it lacks was shown as nothing: the rest re-renders it.
    const again = new I18nStore(hostWith('en-US'), load, () => ({}))
    await again.loadPart('menu')
    const seen: string[] = []
    const stopAgain = autorun(() => seen.push(again.t('sheet.payBill')))
    await new Promise((resolve) => setTimeout(resolve, 0))
    await again.ready
    expect(seen).toEqual(['', CATALOGUES.en['sheet.payBill']])
    stopAgain()
    // Another language re-renders too.
    const other: string[] = []
    const stopOther = autorun(() => other.push(i18n.t('tab.home')))
    await i18n.setLocale('zh-TW')
    expect(other).toEqual(['Home', CATALOGUES['zh-TW']['tab.home']])
    stopOther()
  })

  it('uses the currency symbol of the settings, full-width yen by default', () => {
    expect(currencySymbol({ Currency: 'MOP$' })).toBe('MOP$')
    expect(currencySymbol({})).toBe('￥')
  })
})
