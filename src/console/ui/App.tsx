/**
 * The console's frame: a skip link, the top bar (person, role, device, language, sign out or switch
 * person), the navigation the role permits (a side bar on a tablet, a menu under a button on a
 * phone), and the page the route names.
 */
import { observer } from 'mobx-react-lite'
import { useEffect, useState, type MouseEvent } from 'react'
import { LOCALES, type Locale } from '../../gateway/contract'
import { LANGUAGE_NAMES, HTML_LANG } from '../i18n'
import type { ConsoleStore, PageName } from '../stores/console-store'
import { AccountPage } from './AccountPage'
import { AfterSalePage } from './AfterSalePage'
import { AuditPage } from './AuditPage'
import { Alert, PageHeading, Status } from './controls'
import { CouponsPage } from './CouponsPage'
import { CounterPage } from './CounterPage'
import { DevicesPage } from './DevicesPage'
import { KitchenPage } from './KitchenPage'
import { MenuPage } from './MenuPage'
import { MembersPage } from './MembersPage'
import { OrdersPage } from './OrdersPage'
import { PairPage } from './PairPage'
import { PinPadPage } from './PinPadPage'
import { ReportPage } from './ReportPage'
import { ReviewsPage } from './ReviewsPage'
import { SetupPage } from './SetupPage'
import { SignInPage } from './SignInPage'
import { SoldOutPage } from './SoldOutPage'
import { StaffPage } from './StaffPage'
import { BranchesPage } from './BranchesPage'
import { PaymentAccountsPage } from './PaymentAccountsPage'
import { SettingsPage } from './SettingsPage'
import { TablesPage } from './TablesPage'
import { StoreContext, useConsole } from './console-context'


export const App = observer(function App({ store }: { store: ConsoleStore }) {
  return (
    <StoreContext.Provider value={store}>
      <Frame />
    </StoreContext.Provider>
  )
})

const Frame = observer(function Frame() {
  const store = useConsole()
  const { t, view } = store
  const [menuOpen, setMenuOpen] = useState(false)
  const path = store.route.path
  useEffect(() => setMenuOpen(false), [path])
  const skip = (e: MouseEvent) => {
    // The hash is the route: move focus without touching it.
    e.preventDefault()
    document.getElementById('main')?.focus()
  }
  const signedIn = store.signedIn && view.name !== 'setup'
  return (
    <div className={signedIn ? 'app app-signed-in' : 'app'}>
      <a className='skip-link' href='#main' onClick={skip}>
        {t('app.skip')}
      </a>
      <header className='topbar'>
        <p className='brand'>{t('app.title')}</p>
        {signedIn && store.me ? (
          <p className='who'>
            <span className='who-name'>{store.me.Name}</span>
            <span className='who-role'>{t(`role.${store.role ?? 'cashier'}`)}</span>
            {store.me.DeviceName ? <span className='who-device'>{t('top.device', { name: store.me.DeviceName })}</span> : null}
          </p>
        ) : null}
        <div className='topbar-tools'>
          <LanguageMenu />
          {signedIn ? (
            <button type='button' className='button button-quiet' onClick={() => void store.signOut()}>
              {store.device && store.me?.DeviceID ? t('top.switchPerson') : t('top.signOut')}
            </button>
          ) : null}
          {signedIn ? (
            <button type='button' className='button button-quiet menu-button' aria-expanded={menuOpen} aria-controls='console-nav' onClick={() => setMenuOpen(!menuOpen)}>
              {t('nav.menu')}
            </button>
          ) : null}
        </div>
      </header>
      <div className='body'>
        {signedIn ? (
          <nav id='console-nav' className={menuOpen ? 'nav nav-open' : 'nav'} aria-label={t('nav.label')}>
            <ul>
              {store.nav.map((item) => (
                <li key={item.page}>
                  <a href={`#${item.path}`} aria-current={currentPage(store) === item.page ? 'page' : undefined}>
                    {t(item.label)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <main id='main' tabIndex={-1}>
          <Alert message={store.alert} />
          <Status message={store.notice} />
          <Page />
        </main>
      </div>
    </div>
  )
})

function currentPage(store: ConsoleStore): PageName | null {
  const v = store.view
  return v.name === 'page' || v.name === 'not-permitted' ? v.page : null
}

const LanguageMenu = observer(function LanguageMenu() {
  const store = useConsole()
  return (
    <div className='language'>
      <label htmlFor='console-language' className='visually-hidden'>
        {store.t('lang.label')}
      </label>
      <select id='console-language' value={store.locale} onChange={(e) => void store.setLocale(e.target.value as Locale)}>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={HTML_LANG[l]}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  )
})

const Page = observer(function Page() {
  const store = useConsole()
  const view = store.view
  switch (view.name) {
    case 'booting':
      return <p className='loading'>{store.t('common.loading')}</p>
    case 'setup':
      return <SetupPage />
    case 'sign-in':
      return <SignInPage />
    case 'pin':
      return <PinPadPage />
    case 'not-permitted':
      return <NotPermitted />
    case 'page':
      switch (view.page) {
        case 'account':
          return <AccountPage />
        case 'staff':
          return <StaffPage />
        case 'devices':
          return <DevicesPage />
        case 'audit':
          return <AuditPage />
        case 'menu':
          return <MenuPage />
        case 'soldOut':
          return <SoldOutPage />
        case 'pair':
          return <PairPage />
        case 'tables':
          return <TablesPage />
        case 'branches':
          return <BranchesPage />
        case 'paymentAccounts':
          return <PaymentAccountsPage />
        case 'settings':
          return <SettingsPage />
        case 'orders':
          return <OrdersPage />
        case 'members':
          return <MembersPage />
        case 'coupons':
          return <CouponsPage />
        case 'reviews':
          return <ReviewsPage />
        case 'aftersale':
          return <AfterSalePage />
        case 'report':
          return <ReportPage />
        case 'kitchen':
          return <KitchenPage />
        case 'counter':
          return <CounterPage />
      }
  }
})

const NotPermitted = observer(function NotPermitted() {
  const store = useConsole()
  return (
    <>
      <PageHeading focusKey='not-permitted'>{store.t('shell.notPermitted.title')}</PageHeading>
      <p>{store.t('shell.notPermitted.body', { role: store.t(`role.${store.role ?? 'cashier'}`) })}</p>
      <p>
        <a className='button' href={`#${store.homePath}`}>
          {store.t('shell.notPermitted.home')}
        </a>
      </p>
    </>
  )
})
