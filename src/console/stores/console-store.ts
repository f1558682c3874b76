/**
 * The console's root store: language, route, the signed-in person (StaffMe) and this browser's
 * paired device; it builds the page stores and hands them itself (their way to the server, the
 * texts, the browser). Everything the console asks the server goes through call().
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { Locale } from '../../gateway/contract'
import type { DeviceKind, StaffOperationInputs, StaffOperationName, StaffScopeRow, StaffSessionRow } from '../../gateway/staff-contract'
import { PERMISSIONS, isStaffRole, type Permission, type StaffRole } from '../../core/staff-permissions'
import type { MessageParams } from '../../i18n/text'
import { StaffError, type StaffApi, type StaffCredentials, type StaffOutput } from '../api/staff-client'
import type { ConsoleBrowser } from '../browser'
import { HTML_LANG, isLocale, localeFromLanguages, translate, type ConsoleKey } from '../i18n'
import { AccountStore } from './account-store'
import { AfterSaleStore } from './aftersale-store'
import { AuditStore } from './audit-store'
import { CouponsStore } from './coupons-store'
import { browserCounterDeps, CounterStore, type CounterDeps } from './counter-store'
import { DevicesStore } from './devices-store'
import { browserKitchenDeps, KitchenStore, type KitchenDeps } from './kitchen-store'
import { KitchenStationsStore } from './kitchen-stations-store'
import { MenuStore, type PictureUpload } from './menu-store'
import { MembersStore } from './members-store'
import { OrdersStore } from './orders-store'
import { PairStore } from './pair-store'
import { PinPadStore } from './pin-pad-store'
import { ReportStore } from './report-store'
import { ReviewsStore } from './reviews-store'
import { SetupStore } from './setup-store'
import { SignInStore } from './sign-in-store'
import { SoldOutStore } from './sold-out-store'
import { StaffStore } from './staff-store'
import { BranchesStore } from './branches-store'
import { PaymentAccountsStore } from './payment-accounts-store'
import { SettingsStore } from './settings-store'
import { TablesStore } from './tables-store'

export const STORAGE_KEYS = {
  locale: 'scanorder.console.locale',
  session: 'scanorder.console.session',
  device: 'scanorder.console.device'
} as const

/** This browser as a paired shared device (kept in localStorage; the token goes in X-Staff-Device). */
export interface PairedDevice {
  token: string
  entId: string
  deviceId: string
  name: string
  kind: DeviceKind
}

interface SavedSession {
  token: string
  entId: string
}

/** The pages of a signed-in person. */
export type PageName = 'account' | 'staff' | 'devices' | 'audit' | 'pair' | 'tables' | 'branches' | 'paymentAccounts' | 'settings' | 'orders' | 'members' | 'coupons' | 'reviews' | 'aftersale' | 'menu' | 'soldOut' | 'report' | 'kitchen' | 'counter'

export interface NavItem {
  page: PageName
  path: string
  label: ConsoleKey
  /** Shown only to roles with this permission (the server checks it again on every operation). */
  permission?: Permission
}

/**
 * The navigation, in order. Only pages that work are registered here (house rule: no placeholder
 * pages). Next to come, each with its own permission: Tables
 * & QR codes ('tables.manage'), Branches & settings ('shops.manage', 'enterprise.manage'): add the
 * item here and its page in ui/App.tsx.
 */
export const NAV: readonly NavItem[] = [
  { page: 'staff', path: '/staff', label: 'nav.staff', permission: 'staff.manage' },
  { page: 'devices', path: '/devices', label: 'nav.devices', permission: 'devices.manage' },
  { page: 'audit', path: '/audit', label: 'nav.audit', permission: 'audit.read' },
  { page: 'orders', path: '/orders', label: 'nav.orders', permission: 'orders.work' },
  { page: 'kitchen', path: '/kitchen', label: 'nav.kitchen', permission: 'orders.work' },
  { page: 'counter', path: '/counter', label: 'nav.counter', permission: 'orders.work' },
  { page: 'report', path: '/report', label: 'nav.report', permission: 'reports.read' },
  { page: 'menu', path: '/menu', label: 'nav.menuEdit', permission: 'menu.edit' },
  { page: 'soldOut', path: '/sold-out', label: 'nav.soldOut', permission: 'menu.soldOut' },
  { page: 'members', path: '/members', label: 'nav.members', permission: 'members.verify' },
  { page: 'coupons', path: '/coupons', label: 'nav.coupons', permission: 'coupons.manage' },
  { page: 'reviews', path: '/reviews', label: 'nav.reviews', permission: 'reviews.manage' },
  { page: 'aftersale', path: '/aftersale', label: 'nav.aftersale', permission: 'aftersale.decide' },
  { page: 'tables', path: '/tables', label: 'nav.tables', permission: 'tables.manage' },
  { page: 'branches', path: '/branches', label: 'nav.branches', permission: 'shops.manage' },
  { page: 'paymentAccounts', path: '/payment-accounts', label: 'nav.paymentAccounts', permission: 'shops.manage' },
  { page: 'settings', path: '/settings', label: 'nav.settings', permission: 'enterprise.manage' },
  { page: 'account', path: '/account', label: 'nav.account' }
]

/** Pages reached from another page, not from the navigation. */
const OTHER_PAGES: readonly NavItem[] = [{ page: 'pair', path: '/pair', label: 'pair.title', permission: 'devices.manage' }]

/** The screen a shared device is for opens first on it. */
const DEVICE_START: Readonly<Record<DeviceKind, PageName>> = { counter: 'counter', kitchen: 'kitchen' }

/** Without a device, the screen of the person's work (owners and managers: the navigation's first page). */
const ROLE_START: Readonly<Partial<Record<StaffRole, PageName>>> = { cashier: 'counter', kitchen: 'kitchen' }

const isPagePath = (path: string): boolean => [...NAV, ...OTHER_PAGES].some((i) => i.path === path)

export type View =
  | { name: 'booting' }
  | { name: 'setup' }
  | { name: 'sign-in' }
  | { name: 'pin' }
  | { name: 'page'; page: PageName }
  | { name: 'not-permitted'; page: PageName }

export interface Route {
  path: string
  query: Record<string, string>
}

export function parseRoute(hash: string): Route {
  const text = hash.replace(/^#/, '')
  const [rawPath, rawQuery = ''] = text.split('?', 2)
  const query: Record<string, string> = {}
  for (const part of rawQuery.split('&')) {
    if (!part) continue
    const [k, v = ''] = part.split('=', 2)
    try {
      query[decodeURIComponent(k)] = decodeURIComponent(v.replace(/\+/g, ' '))
    } catch {
      query[k] = v
    }
  }
  const path = '/' + rawPath.replace(/^\/+/, '').replace(/\/+$/, '')
  return { path, query }
}

export interface ConsoleDeps {
  api: StaffApi
  browser: ConsoleBrowser
  /** Posts a signed picture upload form (the menu's pictures); default: the browser's fetch. */
  upload?: PictureUpload
  /** The kitchen board's stream, chime and timers; default: the browser's. */
  kitchen?: Partial<KitchenDeps>
  /** Front of house's stream, timers and request keys; default: the browser's. */
  counter?: Partial<CounterDeps>
}

export class ConsoleStore {
  locale: Locale
  route: Route
  /** The saved session's token and enterprise (null: nobody signed in on this browser). */
  session: SavedSession | null
  /** The signed-in person as StaffMe answered. */
  me: StaffSessionRow | null = null
  /** The shops and branches in the person's scope. */
  scope: StaffScopeRow[] = []
  device: PairedDevice | null
  booting = true
  /** A page-wide message that must be heard (role=alert): the session ended, the server is unreachable. */
  alert = ''
  /** A page-wide confirmation (role=status): paired, welcome. */
  notice = ''
  /** Where a person was going when asked to sign in. */
  returnTo = ''

  readonly api: StaffApi
  readonly browser: ConsoleBrowser
  readonly setup: SetupStore
  readonly signIn: SignInStore
  readonly pinPad: PinPadStore
  readonly pair: PairStore
  readonly account: AccountStore
  readonly staff: StaffStore
  readonly devices: DevicesStore
  readonly audit: AuditStore
  readonly tables: TablesStore
  readonly branches: BranchesStore
  readonly paymentAccounts: PaymentAccountsStore
  readonly settings: SettingsStore
  readonly menu: MenuStore
  readonly soldOut: SoldOutStore
  readonly orders: OrdersStore
  readonly members: MembersStore
  readonly coupons: CouponsStore
  readonly reviews: ReviewsStore
  readonly aftersale: AfterSaleStore
  readonly report: ReportStore
  readonly kitchen: KitchenStore
  readonly kitchenStations: KitchenStationsStore
  readonly counter: CounterStore
  private stopListening: (() => void) | null = null

  constructor({ api, browser, upload, kitchen, counter }: ConsoleDeps) {
    this.api = api
    this.browser = browser
    const saved = browser.storage.get(STORAGE_KEYS.locale)
    this.locale = isLocale(saved) ? saved : localeFromLanguages(browser.languages())
    this.session = readJson<SavedSession>(browser.storage.get(STORAGE_KEYS.session), (v) => typeof v.token === 'string' && typeof v.entId === 'string')
    this.device = readJson<PairedDevice>(browser.storage.get(STORAGE_KEYS.device), (v) => typeof v.token === 'string' && typeof v.entId === 'string')
    this.route = parseRoute(browser.hash())
    this.setup = new SetupStore(this)
    this.signIn = new SignInStore(this)
    this.pinPad = new PinPadStore(this)
    this.pair = new PairStore(this)
    this.account = new AccountStore(this)
    this.staff = new StaffStore(this)
    this.devices = new DevicesStore(this)
    this.audit = new AuditStore(this)
    this.tables = new TablesStore(this)
    this.branches = new BranchesStore(this)
    this.paymentAccounts = new PaymentAccountsStore(this)
    this.settings = new SettingsStore(this)
    this.menu = new MenuStore(this, upload)
    this.soldOut = new SoldOutStore(this)
    this.orders = new OrdersStore(this)
    this.members = new MembersStore(this)
    this.coupons = new CouponsStore(this)
    this.reviews = new ReviewsStore(this)
    this.aftersale = new AfterSaleStore(this)
    this.report = new ReportStore(this)
    this.kitchen = new KitchenStore(this, browserKitchenDeps(kitchen))
    this.kitchenStations = new KitchenStationsStore(this, this.kitchen)
    this.counter = new CounterStore(this, browserCounterDeps(counter))
    makeAutoObservable<ConsoleStore, 'stopListening'>(this, { api: false, browser: false, stopListening: false, setup: false, signIn: false, pinPad: false, pair: false, account: false, staff: false, devices: false, audit: false, tables: false, branches: false, paymentAccounts: false, settings: false, orders: false, members: false, coupons: false, reviews: false, aftersale: false, report: false, kitchen: false, kitchenStations: false, counter: false, menu: false, soldOut: false })
  }

  t = (key: ConsoleKey, params?: MessageParams): string => translate(this.locale, key, params)

  /** Reads the route, follows hash changes, and learns who is signed in. */
  async start(): Promise<void> {
    this.applyDocumentLanguage()
    // A link written as a path ('/console/setup?token=…') becomes the hash route it means.
    const fromPath = this.browser.path().replace(/^\/console\/?/, '')
    if (!this.browser.hash() && fromPath && fromPath !== 'index.html') this.browser.replaceHash(`#/${fromPath}${this.browser.search()}`)
    this.syncRoute()
    this.stopListening = this.browser.onHashChange(() => this.syncRoute())
    if (this.session) await this.loadMe()
    runInAction(() => {
      this.booting = false
    })
  }

  stop(): void {
    this.stopListening?.()
  }

  syncRoute(): void {
    const route = parseRoute(this.browser.hash())
    if (route.path !== this.route.path || JSON.stringify(route.query) !== JSON.stringify(this.route.query)) this.route = route
  }

  navigate(path: string): void {
    this.browser.setHash(`#${path}`)
    this.syncRoute()
  }

  get signedIn(): boolean {
    return this.me !== null
  }

  get role(): StaffRole | null {
    return this.me && isStaffRole(this.me.Role) ? this.me.Role : null
  }

  /** What the server says the person's role may do (StaffMe), never more than the known list. */
  get permissions(): ReadonlySet<Permission> {
    const given = (this.me?.Permissions ?? '').split(',').map((p) => p.trim())
    return new Set(PERMISSIONS.filter((p) => given.includes(p)))
  }

  can(permission: Permission | undefined): boolean {
    return permission === undefined || this.permissions.has(permission)
  }

  get nav(): NavItem[] {
    return NAV.filter((item) => this.can(item.permission))
  }

  /**
   * Where a sign-in lands and where '#/' leads: the screen the paired device is for (a counter
   * tablet on Front of house, a kitchen tablet on the Kitchen board); without a device the screen
   * of the person's role (a cashier's counter, a cook's board); else the first page of the navigation.
   */
  get homePath(): string {
    const start = this.device ? DEVICE_START[this.device.kind] : this.role ? ROLE_START[this.role] : undefined
    const item = start ? NAV.find((i) => i.page === start) : undefined
    if (item && this.can(item.permission)) return item.path
    return this.nav[0]?.path ?? '/account'
  }

  get view(): View {
    if (this.booting) return { name: 'booting' }
    const path = this.route.path
    if (path === '/setup') return { name: 'setup' }
    if (!this.me) {
      if (path === '/sign-in' || !this.device) return { name: 'sign-in' }
      return { name: 'pin' }
    }
    const item = [...NAV, ...OTHER_PAGES].find((i) => i.path === path) ?? NAV.find((i) => i.path === this.homePath)!
    return this.can(item.permission) ? { name: 'page', page: item.page } : { name: 'not-permitted', page: item.page }
  }

  /** Everything the server needs to know of the caller. */
  get credentials(): StaffCredentials {
    return {
      locale: this.locale,
      entId: this.session?.entId ?? this.device?.entId ?? '',
      token: this.session?.token ?? null,
      deviceToken: this.device?.token ?? null,
      staffId: this.me?.StaffID ?? ''
    }
  }

  /**
   * Calls a staff operation as the current caller. A session the server no longer knows (10012)
   * signs this browser out and asks to sign in again; the error is thrown on for the caller.
   */
  async call<K extends StaffOperationName>(operation: K, input: StaffOperationInputs[K]): Promise<StaffOutput<K>> {
    try {
      return await this.api.call(operation, input, this.credentials)
    } catch (e) {
      if (e instanceof StaffError && e.signInAgain && this.session) this.sessionEnded()
      throw e
    }
  }

  /** The text to show for a failed call: the server's own words, or ours for a network failure. */
  messageOf(e: unknown): string {
    if (e instanceof StaffError) {
      if (e.kind === 'network') return this.t('common.networkError')
      return e.message || this.t('common.failed')
    }
    return this.t('common.failed')
  }

  async loadMe(): Promise<boolean> {
    try {
      const res = await this.call('StaffMe', {})
      const me = res.table1?.[0]
      if (!me) throw new StaffError('decode', '', 'StaffMe')
      runInAction(() => {
        this.me = me
        this.scope = res.table2 ?? []
        if (isLocale(me.Locale) && me.Locale !== this.locale) this.useLocale(me.Locale)
      })
      return true
    } catch (e) {
      runInAction(() => {
        if (!(e instanceof StaffError && e.signInAgain)) this.alert = this.messageOf(e)
      })
      return false
    }
  }

  /** After any sign-in (setup, password, SMS, PIN): keep the session, learn the person, go on. */
  async startSession(row: StaffSessionRow, notice = ''): Promise<void> {
    this.session = { token: row.Token, entId: row.EntID }
    this.browser.storage.set(STORAGE_KEYS.session, JSON.stringify(this.session))
    this.alert = ''
    this.notice = notice
    // The person's own language, when they chose one; else theirs becomes this console's.
    if (isLocale(row.Locale)) this.useLocale(row.Locale)
    this.me = row
    // The sign-in's answer carries the permissions: go on at once (StaffMe then adds the scope), so
    // nothing the person does meanwhile is overtaken by a late move.
    // Where they were going: the page the session ended on, else a page's address opened before
    // signing in (a deep link), else the start page of this device or role.
    const asked = this.returnTo || (isPagePath(this.route.path) ? this.route.path : '')
    const target = asked && asked !== '/sign-in' && asked !== '/pin' && asked !== '/setup' ? asked : this.homePath
    this.returnTo = ''
    this.navigate(target)
    await this.loadMe()
  }

  /** Sign out (or, on a shared device, hand it to the next person). */
  async signOut(): Promise<void> {
    try {
      await this.api.call('StaffSignOut', {}, this.credentials)
    } catch {
      // Signed out here whatever the server says: the token is forgotten below.
    }
    runInAction(() => {
      this.clearSession()
      this.notice = ''
      this.navigate(this.device ? '/pin' : '/sign-in')
    })
    if (this.device) await this.pinPad.load()
  }

  /** The server ended the session (expired, person or device removed). */
  sessionEnded(): void {
    if (this.me && this.route.path !== '/sign-in' && this.route.path !== '/pin') this.returnTo = this.route.path
    this.clearSession()
    this.alert = this.t('common.signInAgain')
  }

  private clearSession(): void {
    this.session = null
    this.me = null
    this.scope = []
    this.browser.storage.remove(STORAGE_KEYS.session)
  }

  /** The language menu: kept on this browser, and as the person's own when signed in. */
  async setLocale(locale: Locale): Promise<void> {
    if (locale === this.locale) return
    this.useLocale(locale)
    if (this.me) {
      try {
        await this.call('StaffProfileUpdate', { Locale: locale })
        runInAction(() => {
          if (this.me) this.me = { ...this.me, Locale: locale }
        })
      } catch {
        // The console still shows the chosen language; it is only not remembered for the person.
      }
    }
  }

  private useLocale(locale: Locale): void {
    this.locale = locale
    this.browser.storage.set(STORAGE_KEYS.locale, locale)
    this.applyDocumentLanguage()
  }

  applyDocumentLanguage(): void {
    this.browser.setDocumentLanguage(HTML_LANG[this.locale])
    this.browser.setTitle(this.t('app.title'))
  }

  /** This browser became a shared device: keep its token; the manager who paired it signs out so the PIN pad shows. */
  async devicePaired(device: PairedDevice): Promise<void> {
    this.device = device
    this.browser.storage.set(STORAGE_KEYS.device, JSON.stringify(device))
    await this.signOut()
    runInAction(() => {
      this.notice = this.t('pair.done', { name: device.name })
    })
  }

  /** The server no longer knows this device (unpaired): forget it. */
  forgetDevice(): void {
    this.device = null
    this.browser.storage.remove(STORAGE_KEYS.device)
  }

  dismissAlert(): void {
    this.alert = ''
  }

  dismissNotice(): void {
    this.notice = ''
  }
}

function readJson<T>(text: string | null, valid: (value: Record<string, unknown>) => boolean): T | null {
  if (!text) return null
  try {
    const value = JSON.parse(text) as unknown
    return value && typeof value === 'object' && valid(value as Record<string, unknown>) ? (value as T) : null
  } catch {
    return null
  }
}
