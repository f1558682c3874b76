/**
 * The console's Payment accounts page (owners and managers): its store with a fake StaffApi handed
 * in through the root. Providers are named for people, the form offers only what the server runs,
 * and a provider the server refuses (21500) is said in the console's own words in each language.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { StaffError } from '../../src/console/api/staff-client'
import type { ConsoleBrowser } from '../../src/console/browser'
import { translate } from '../../src/console/i18n'
import { ConsoleStore, STORAGE_KEYS } from '../../src/console/stores/console-store'
import { App } from '../../src/console/ui/App'
import { ROLE_PERMISSIONS, type StaffRole } from '../../src/core/staff-permissions'
import { LOCALES, type Locale } from '../../src/gateway/contract'
import type { ShopSetupView } from '../../src/gateway/setup-contract'
import type { PaymentAccountRow, StaffSessionRow } from '../../src/gateway/staff-contract'
import { FakeStaffApi } from './support/fake-staff-api'

class FakeBrowser implements ConsoleBrowser {
  readonly saved = new Map<string, string>()
  hashValue = ''
  private readonly listeners = new Set<() => void>()
  storage = {
    get: (key: string) => this.saved.get(key) ?? null,
    set: (key: string, value: string) => void this.saved.set(key, value),
    remove: (key: string) => void this.saved.delete(key)
  }
  hash = () => this.hashValue
  setHash = (hash: string) => {
    this.hashValue = hash
    this.listeners.forEach((l) => l())
  }
  replaceHash = (hash: string) => this.setHash(hash)
  path = () => '/console/'
  search = () => ''
  onHashChange = (listener: () => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }
  download = () => undefined
  languages = () => ['en-GB']
  setDocumentLanguage = () => undefined
  setTitle = () => undefined
  now = () => new Date('2026-11-28T02:00:00.000Z')
  every = () => () => undefined
}

const SHOP = { shopId: 'S1', names: { 'zh-CN': '阿明面家', 'zh-TW': '阿明麵家', en: 'Ming Noodles' } } as ShopSetupView
const SANDBOX: PaymentAccountRow = { ShopID: 'S1', Provider: 'sandbox', AccountName: 'Sandbox', AccountNo: 'SANDBOX-S1', Enabled: 1, Default: 1, Running: 1, RealMoney: 0 }

function setUp(role: StaffRole, locale: Locale = 'en') {
  const api = new FakeStaffApi()
  const browser = new FakeBrowser()
  browser.hashValue = '#/payment-accounts'
  const me: StaffSessionRow = { Token: `st_${role}`, StaffID: `P-${role}`, EntID: 'E1', Name: 'Person', Role: role, Permissions: ROLE_PERMISSIONS[role].join(','), Locale: locale, DeviceID: '', DeviceName: '', ExpiresAt: '' }
  api.on('StaffMe', () => ({ table1: [me], table2: [] }))
  api.on('ShopList', () => ({ table1: [SHOP], table2: [] }))
  api.on('PaymentAccountList', () => ({ table1: [SANDBOX], table2: [{ Provider: 'wechatpay', RealMoney: 1 as const }, { Provider: 'sandbox', RealMoney: 0 as const }] }))
  browser.saved.set(STORAGE_KEYS.session, JSON.stringify({ token: me.Token, entId: 'E1' }))
  browser.saved.set(STORAGE_KEYS.locale, locale)
  return { api, store: new ConsoleStore({ api, browser }) }
}

describe('console: payment accounts', () => {
  it('an owner sees the sandbox marked as not real money, and the form offers only the providers the server runs, named for people', async () => {
    const { store } = setUp('owner')
    await act(() => store.start())
    render(<App store={store} />)
    const table = await screen.findByRole('table')
    const row = within(table).getByRole('row', { name: /Sandbox/ })
    expect(within(row).getByText(translate('en', 'payAccounts.testMoney'))).toBeTruthy()
    const select = screen.getByLabelText(translate('en', 'payAccounts.provider')) as HTMLSelectElement
    expect([...select.options].map((o) => o.textContent)).toEqual(['WeChat Pay', 'Sandbox (no real money)'])
    // The shop has no WeChat Pay account yet: the form starts there.
    expect(select.value).toBe('wechatpay')
    fireEvent.change(select, { target: { value: 'sandbox' } })
    expect(screen.getByRole('note').textContent).toBe(translate('en', 'payAccounts.sandboxWarning'))
  })

  it('a cashier has no Payment accounts in the navigation', async () => {
    const { store } = setUp('cashier')
    await act(() => store.start())
    expect(store.nav.map((i) => i.page)).not.toContain('paymentAccounts')
  })

  it.each(LOCALES)('a provider the server does not run is refused in the console’s words (%s)', async (locale) => {
    const { api, store } = setUp('manager', locale)
    api.on('PaymentAccountSave', () => {
      throw new StaffError('business', 'server words', 'PaymentAccountSave', '0', '21500')
    })
    await act(() => store.start())
    const accounts = store.paymentAccounts
    await act(() => accounts.load())
    accounts.form.set('provider', 'wechatpay')
    accounts.form.set('accountName', 'Ming Noodles')
    accounts.form.set('accountNo', '1900000109')
    await act(() => accounts.save())
    expect(accounts.error).toBe(translate(locale, 'payAccounts.providerNotRun', { provider: translate(locale, 'payProvider.wechatpay') }))
    expect(accounts.error).not.toBe('server words')
    expect(api.inputsOf('PaymentAccountSave')).toEqual([{ ShopID: 'S1', Provider: 'wechatpay', AccountName: 'Ming Noodles', AccountNo: '1900000109', Enabled: 1, Default: 0, Reason: '' }])
  })

  it('an empty name or number is said before anything is sent', async () => {
    const { api, store } = setUp('owner')
    await act(() => store.start())
    await act(() => store.paymentAccounts.load())
    await act(() => store.paymentAccounts.save())
    expect(store.paymentAccounts.form.errors).toEqual({ provider: undefined, accountName: translate('en', 'payAccounts.nameRequired'), accountNo: translate('en', 'payAccounts.noRequired') })
    expect(api.inputsOf('PaymentAccountSave')).toEqual([])
  })
})
