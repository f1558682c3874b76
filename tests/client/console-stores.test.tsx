/**
 * The console's stores (src/console/stores) with a fake StaffApi and a fake browser handed in
 * through the constructor (no module mocks), and its frame rendered for a role: sign-in,
 * permission-driven navigation, the PIN pad's lock, audit paging and CSV export, setup, language.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { StaffError, type StaffApi, type StaffCredentials, type StaffOutput } from '../../src/console/api/staff-client'
import type { ConsoleBrowser } from '../../src/console/browser'
import { translate } from '../../src/console/i18n'
import { AUDIT_PAGE_SIZE } from '../../src/console/stores/audit-store'
import { ConsoleStore, STORAGE_KEYS, type PairedDevice } from '../../src/console/stores/console-store'
import { App } from '../../src/console/ui/App'
import { ROLE_PERMISSIONS, type StaffRole } from '../../src/core/staff-permissions'
import type { AuditRow, StaffOperationInputs, StaffOperationName, StaffSessionRow } from '../../src/gateway/staff-contract'

type Handler<K extends StaffOperationName> = (input: StaffOperationInputs[K], who: StaffCredentials) => StaffOutput<K> | Promise<StaffOutput<K>>

/** The server, as the stores see it: answers per operation, and every call made. */
class FakeStaffApi implements StaffApi {
  readonly calls: { operation: StaffOperationName; input: unknown; who: StaffCredentials }[] = []
  private readonly handlers = new Map<StaffOperationName, Handler<StaffOperationName>>()

  on<K extends StaffOperationName>(operation: K, handler: Handler<K>): this {
    this.handlers.set(operation, handler as unknown as Handler<StaffOperationName>)
    return this
  }

  async call<K extends StaffOperationName>(operation: K, input: StaffOperationInputs[K], who: StaffCredentials): Promise<StaffOutput<K>> {
    this.calls.push({ operation, input, who })
    const handler = this.handlers.get(operation)
    if (!handler) throw new StaffError('envelope', `no fake for ${operation}`, operation, '10003')
    return (await handler(input as never, who)) as StaffOutput<K>
  }

  callsOf(operation: StaffOperationName) {
    return this.calls.filter((c) => c.operation === operation)
  }
}

class FakeBrowser implements ConsoleBrowser {
  readonly saved = new Map<string, string>()
  readonly downloads: { fileName: string; text: string; mimeType: string }[] = []
  hashValue = ''
  lang = ''
  title = ''
  clock = new Date('2026-11-28T02:00:00.000Z')
  private readonly listeners = new Set<() => void>()
  private timers: { ms: number; fn: () => void }[] = []

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
  download = (fileName: string, text: string, mimeType: string) => void this.downloads.push({ fileName, text, mimeType })
  languages = () => ['en-GB']
  setDocumentLanguage = (lang: string) => void (this.lang = lang)
  setTitle = (title: string) => void (this.title = title)
  now = () => new Date(this.clock)
  every = (ms: number, fn: () => void) => {
    const timer = { ms, fn }
    this.timers.push(timer)
    return () => void (this.timers = this.timers.filter((t) => t !== timer))
  }
  /** Moves the clock on, running the timers as often as they would have run. */
  advance(ms: number): void {
    this.clock = new Date(this.clock.getTime() + ms)
    for (const t of [...this.timers]) for (let i = 0; i < Math.floor(ms / t.ms); i++) t.fn()
  }
}

const session = (role: StaffRole, extra: Partial<StaffSessionRow> = {}): StaffSessionRow => ({
  Token: `st_${role}`,
  StaffID: `P-${role}`,
  EntID: 'E1001',
  Name: `${role[0].toUpperCase()}${role.slice(1)} Person`,
  Role: role,
  Permissions: ROLE_PERMISSIONS[role].join(','),
  Locale: 'en',
  DeviceID: '',
  DeviceName: '',
  ExpiresAt: '2026-11-29T02:00:00.000Z',
  ...extra
})

const SCOPE = [
  { ShopID: 'S101', BaseID: '', Names: { 'zh-CN': '茶楼', 'zh-TW': '茶樓', en: 'Tea House' } },
  { ShopID: 'S101', BaseID: 'B1', Names: { 'zh-CN': '堂食', 'zh-TW': '堂食', en: 'Dine-in' } }
]

/** A console whose server knows one person of `role` (password sign-in and StaffMe). */
function setUp(role: StaffRole = 'manager', options: { signedIn?: boolean; device?: PairedDevice; hash?: string } = {}) {
  const api = new FakeStaffApi()
  const browser = new FakeBrowser()
  browser.hashValue = options.hash ?? ''
  const me = session(role)
  api.on('StaffMe', (_input, who) => {
    if (who.token !== me.Token) throw new StaffError('envelope', 'Please sign in again.', 'StaffMe', '10012')
    return { table1: [{ ...me, Token: '' }], table2: SCOPE }
  })
  api.on('StaffPasswordLogin', (input) => {
    if (input.Password !== 'right-password') throw new StaffError('business', 'The phone or the password is wrong.', 'StaffPasswordLogin', '0', '21001')
    return { table1: [me] }
  })
  api.on('StaffSignOut', () => ({}))
  api.on('StaffProfileUpdate', () => ({ table1: [me] }))
  if (options.signedIn) browser.saved.set(STORAGE_KEYS.session, JSON.stringify({ token: me.Token, entId: 'E1001' }))
  if (options.device) browser.saved.set(STORAGE_KEYS.device, JSON.stringify(options.device))
  const store = new ConsoleStore({ api, browser })
  return { api, browser, store, me }
}

const DEVICE: PairedDevice = { token: 'dv_counter', entId: 'E1001', deviceId: 'D1', name: 'Counter tablet', kind: 'counter' }

describe('console: sign-in and session', () => {
  it('signs in with phone and password, keeps the session, learns the person and opens their first page', async () => {
    const { api, browser, store } = setUp('manager')
    await store.start()
    expect(store.view).toEqual({ name: 'sign-in' })
    store.signIn.set('phone', '6612 3456')
    store.signIn.set('password', 'right-password')
    expect(await store.signIn.passwordLogin()).toBe(true)
    expect(api.callsOf('StaffPasswordLogin')[0].input).toEqual({ AreaCode: '853', Phone: '66123456', Password: 'right-password' })
    expect(JSON.parse(browser.saved.get(STORAGE_KEYS.session)!)).toEqual({ token: 'st_manager', entId: 'E1001' })
    // Later calls carry the token and the enterprise.
    expect(api.callsOf('StaffMe')[0].who).toMatchObject({ token: 'st_manager', entId: 'E1001', locale: 'en' })
    expect(browser.hashValue).toBe('#/staff')
    expect(store.view).toEqual({ name: 'page', page: 'staff' })
    expect(store.signIn.password).toBe('')
  })

  it('shows the server’s words when the password is wrong, and checks the phone before asking', async () => {
    const { api, store } = setUp('manager')
    await store.start()
    store.signIn.set('phone', '123')
    store.signIn.set('password', 'x')
    expect(await store.signIn.passwordLogin()).toBe(false)
    expect(store.signIn.errors.phone).toBe(translate('en', 'error.phoneInvalid'))
    expect(api.callsOf('StaffPasswordLogin')).toHaveLength(0)
    store.signIn.set('phone', '66123456')
    store.signIn.set('password', 'wrong-password')
    expect(await store.signIn.passwordLogin()).toBe(false)
    expect(store.signIn.error).toBe('The phone or the password is wrong.')
    expect(store.signedIn).toBe(false)
  })

  it('a session the server ended (10012) signs this browser out, says so, and returns to the page after signing in again', async () => {
    const { api, browser, store } = setUp('manager', { signedIn: true, hash: '#/audit' })
    await store.start()
    expect(store.view).toEqual({ name: 'page', page: 'audit' })
    api.on('AuditListByPage', () => {
      throw new StaffError('envelope', 'Please sign in again.', 'AuditListByPage', '10012')
    })
    await store.audit.open()
    expect(store.signedIn).toBe(false)
    expect(browser.saved.has(STORAGE_KEYS.session)).toBe(false)
    expect(store.alert).toBe(translate('en', 'common.signInAgain'))
    expect(store.view).toEqual({ name: 'sign-in' })
    store.signIn.set('phone', '66123456')
    store.signIn.set('password', 'right-password')
    await store.signIn.passwordLogin()
    expect(browser.hashValue).toBe('#/audit')
  })

  it('signs in with an SMS code: the resend button waits out ResendIn', async () => {
    const { api, browser, store } = setUp('owner')
    api.on('StaffSmsSend', () => ({ table1: [{ MaskedPhone: '66****56', ResendIn: 3 }] }))
    api.on('StaffSmsLogin', (input) => (input.Code === '123456' ? { table1: [session('owner')] } : { table1: [] }))
    await store.start()
    store.signIn.setMethod('sms')
    store.signIn.set('phone', '66123456')
    expect(await store.signIn.sendCode()).toBe(true)
    expect(store.signIn.sentTo).toBe('66****56')
    expect(store.signIn.countdown).toBe(3)
    expect(await store.signIn.sendCode()).toBe(false)
    browser.advance(3000)
    expect(store.signIn.countdown).toBe(0)
    store.signIn.set('code', '123456')
    expect(await store.signIn.smsLogin()).toBe(true)
    expect(store.role).toBe('owner')
  })
})

describe('console: navigation follows the role’s permissions', () => {
  it.each([
    ['owner', ['staff', 'devices', 'audit', 'orders', 'kitchen', 'counter', 'report', 'menu', 'soldOut', 'members', 'coupons', 'reviews', 'aftersale', 'tables', 'branches', 'paymentAccounts', 'settings', 'account']],
    ['manager', ['staff', 'devices', 'audit', 'orders', 'kitchen', 'counter', 'report', 'menu', 'soldOut', 'members', 'coupons', 'reviews', 'aftersale', 'tables', 'branches', 'paymentAccounts', 'account']],
    ['cashier', ['orders', 'kitchen', 'counter', 'soldOut', 'members', 'account']],
    ['kitchen', ['orders', 'kitchen', 'counter', 'soldOut', 'account']]
  ] as const)('%s sees %j', async (role, pages) => {
    const { store } = setUp(role, { signedIn: true })
    await store.start()
    expect(store.nav.map((n) => n.page)).toEqual(pages)
  })

  it('a cashier who opens Staff by its address is told the page is not for their role, and the frame shows no link to it', async () => {
    const { store } = setUp('cashier', { signedIn: true, hash: '#/staff' })
    await store.start()
    expect(store.view).toEqual({ name: 'not-permitted', page: 'staff' })
    render(<App store={store} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(translate('en', 'shell.notPermitted.title'))
    const nav = screen.getByRole('navigation', { name: translate('en', 'nav.label') })
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual([translate('en', 'nav.orders'), translate('en', 'nav.kitchen'), translate('en', 'nav.counter'), translate('en', 'nav.soldOut'), translate('en', 'nav.members'), translate('en', 'nav.account')])
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('a manager’s frame links to Staff, Devices, Audit log, the service pages and My account, the current one marked', async () => {
    const { store } = setUp('manager', { signedIn: true, hash: '#/devices' })
    // No device yet: the page shows its empty state.
    ;(store.api as FakeStaffApi).on('StaffDeviceList', () => ({ table1: [] }))
    await store.start()
    render(<App store={store} />)
    const nav = screen.getByRole('navigation', { name: translate('en', 'nav.label') })
    const links = within(nav).getAllByRole('link')
    expect(links.map((a) => a.textContent)).toEqual(['Staff', 'Devices', 'Audit log', 'Orders', 'Kitchen board', 'Front of house', 'Day report', 'Menu', 'Sold out', 'Members', 'Coupons', 'Reviews', 'After-sale', 'Tables & QR codes', 'Shops & branches', 'Payment accounts', 'My account'])
    expect(links[1].getAttribute('aria-current')).toBe('page')
    expect(await screen.findByText(translate('en', 'devices.empty'))).toBeTruthy()
  })
})

describe('console: the PIN pad', () => {
  const people = [{ StaffID: 'P-ana', Name: 'Ana', Role: 'cashier' as const }]
  const deviceRow = (lockedUntil = '') => ({ DeviceID: 'D1', Name: 'Counter tablet', Kind: 'counter' as const, ShopID: 'S101', BaseID: 'B1', PairedBy: 'Olivia', PairedAt: '', LastSeenAt: '', LockedUntil: lockedUntil })

  it('a locked device says until when, takes no digits, and opens again when the lock ends', async () => {
    const { api, browser, store } = setUp('cashier', { device: DEVICE })
    const until = new Date(browser.clock.getTime() + 5 * 60_000).toISOString()
    api.on('StaffDeviceInfo', (_input, who) => {
      expect(who.deviceToken).toBe('dv_counter')
      return { table1: [deviceRow(until)], table2: people }
    })
    await store.start()
    expect(store.view).toEqual({ name: 'pin' })
    render(<App store={store} />)
    await act(async () => {
      await store.pinPad.load()
    })
    expect(store.pinPad.lockedUntil?.toISOString()).toBe(until)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toMatch(/^Too many wrong PINs: this device is locked until \d\d:\d\d:\d\d\.$/)
    act(() => store.pinPad.choose('P-ana'))
    act(() => store.pinPad.press('1'))
    expect(store.pinPad.pin).toBe('')
    expect((screen.getByLabelText(translate('en', 'field.pin')) as HTMLInputElement).disabled).toBe(true)
    act(() => browser.advance(5 * 60_000 + 1000))
    expect(store.pinPad.lockedUntil).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    act(() => store.pinPad.press('1'))
    expect(store.pinPad.pin).toBe('1')
  })

  it('a wrong PIN is said in the server’s words, the PIN is cleared, and the device’s lock is read again', async () => {
    const { api, store } = setUp('cashier', { device: DEVICE })
    let infoCalls = 0
    api.on('StaffDeviceInfo', () => {
      infoCalls++
      return { table1: [deviceRow()], table2: people }
    })
    const ana = session('cashier', { StaffID: 'P-ana', Name: 'Ana', DeviceID: 'D1', DeviceName: 'Counter tablet' })
    api.on('StaffPinLogin', (input) => {
      if (input.Pin !== '2468') throw new StaffError('business', 'Wrong PIN: 4 tries left.', 'StaffPinLogin', '0', '21002')
      return { table1: [ana] }
    })
    api.on('StaffMe', (_input, who) => ({ table1: who.token === ana.Token ? [{ ...ana, Token: '' }] : [], table2: [] }))
    await store.start()
    await store.pinPad.load()
    store.pinPad.choose('P-ana')
    for (const d of '1111') store.pinPad.press(d)
    expect(await store.pinPad.submit()).toBe(false)
    expect(store.pinPad.error).toBe('Wrong PIN: 4 tries left.')
    expect(store.pinPad.pin).toBe('')
    expect(infoCalls).toBe(2)
    store.pinPad.setPin('２４６８') // a full-width keyboard's digits
    expect(store.pinPad.pin).toBe('2468')
    expect(await store.pinPad.submit()).toBe(true)
    expect(api.callsOf('StaffPinLogin').at(-1)!.who).toMatchObject({ deviceToken: 'dv_counter', entId: 'E1001' })
    expect(store.me?.DeviceName).toBe('Counter tablet')
  })

  it('the keyboard types the PIN without the field focused (no on-screen keyboard over the keypad); Enter signs in', async () => {
    const { api, store } = setUp('cashier', { device: DEVICE })
    api.on('StaffDeviceInfo', () => ({ table1: [deviceRow()], table2: people }))
    api.on('StaffPinLogin', () => {
      throw new StaffError('business', 'Wrong PIN: 4 tries left.', 'StaffPinLogin', '0', '21002')
    })
    await store.start()
    render(<App store={store} />)
    await act(async () => {
      await store.pinPad.load()
    })
    fireEvent.click(screen.getByRole('button', { name: /Ana/ }))
    const field = screen.getByLabelText(translate('en', 'field.pin'))
    expect(document.activeElement).not.toBe(field)
    for (const key of ['2', '4', 'x', '6', '9', 'Backspace', '8']) fireEvent.keyDown(window, { key })
    expect(store.pinPad.pin).toBe('2468')
    expect(screen.getByText(translate('en', 'pin.digits', { n: 4 }))).toBeTruthy()
    await act(async () => {
      fireEvent.keyDown(window, { key: 'Enter' })
    })
    expect(api.callsOf('StaffPinLogin')[0].input).toEqual({ StaffID: 'P-ana', Pin: '2468' })
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong PIN: 4 tries left.')
  })

  it('an unpaired device forgets its token and offers the ordinary sign-in', async () => {
    const { api, browser, store } = setUp('cashier', { device: DEVICE })
    api.on('StaffDeviceInfo', () => {
      throw new StaffError('business', 'This device is not paired.', 'StaffDeviceInfo', '0', '21009')
    })
    await store.start()
    await store.pinPad.load()
    expect(store.device).toBeNull()
    expect(browser.saved.has(STORAGE_KEYS.device)).toBe(false)
    expect(store.alert).toBe(translate('en', 'pin.notPaired'))
    expect(store.view).toEqual({ name: 'sign-in' })
  })

  it('pairing keeps the device token, signs the manager out and shows the pad', async () => {
    const { api, browser, store } = setUp('manager', { signedIn: true, hash: '#/pair' })
    api.on('StaffDevicePair', (input) => ({ table1: [{ ...deviceRow(), Name: input.Name, Kind: input.Kind, ShopID: input.ShopID, BaseID: input.BaseID, DeviceToken: 'dv_new' }] }))
    api.on('StaffDeviceInfo', () => ({ table1: [deviceRow()], table2: people }))
    await store.start()
    expect(store.pair.options.map((o) => o.label)).toEqual(['Tea House: every branch', 'Tea House: Dine-in'])
    expect(store.pair.selected?.value).toBe('S101|B1')
    expect(await store.pair.submit()).toBe(false)
    expect(store.pair.nameError).toBe(translate('en', 'error.deviceNameRequired'))
    store.pair.setName('Counter tablet')
    expect(await store.pair.submit()).toBe(true)
    expect(api.callsOf('StaffDevicePair')[0].input).toEqual({ Name: 'Counter tablet', Kind: 'counter', ShopID: 'S101', BaseID: 'B1' })
    expect(JSON.parse(browser.saved.get(STORAGE_KEYS.device)!)).toMatchObject({ token: 'dv_new', entId: 'E1001', name: 'Counter tablet' })
    expect(api.callsOf('StaffSignOut')).toHaveLength(1)
    expect(store.view).toEqual({ name: 'pin' })
    expect(store.notice).toBe(translate('en', 'pair.done', { name: 'Counter tablet' }))
  })
})

describe('console: the start page follows the device, else the role', () => {
  const KITCHEN_DEVICE: PairedDevice = { ...DEVICE, token: 'dv_kitchen', name: 'Kitchen tablet', kind: 'kitchen' }

  /** The PIN pad of `device` with one person of `role` on it, opened at `hash`; signs them in. */
  async function pinSignIn(role: StaffRole, device: PairedDevice, hash = '') {
    const setup = setUp(role, { device, hash })
    setup.api.on('StaffDeviceInfo', () => ({
      table1: [{ DeviceID: 'D1', Name: device.name, Kind: device.kind, ShopID: 'S101', BaseID: 'B1', PairedBy: 'Olivia', PairedAt: '', LastSeenAt: '', LockedUntil: '' }],
      table2: [{ StaffID: setup.me.StaffID, Name: setup.me.Name, Role: role }]
    }))
    setup.api.on('StaffPinLogin', () => ({ table1: [{ ...setup.me, DeviceID: 'D1', DeviceName: device.name }] }))
    await setup.store.start()
    expect(setup.store.view).toEqual({ name: 'pin' })
    await setup.store.pinPad.load()
    setup.store.pinPad.choose(setup.me.StaffID)
    for (const d of '2468') setup.store.pinPad.press(d)
    expect(await setup.store.pinPad.submit()).toBe(true)
    return setup
  }

  it.each([
    ['cashier', 'counter', '#/counter', 'counter'],
    ['manager', 'counter', '#/counter', 'counter'],
    ['kitchen', 'kitchen', '#/kitchen', 'kitchen'],
    ['cashier', 'kitchen', '#/kitchen', 'kitchen']
  ] as const)('a %s’s PIN on a %s tablet opens %s', async (role, kind, hash, page) => {
    const { browser, store } = await pinSignIn(role, kind === 'counter' ? DEVICE : KITCHEN_DEVICE)
    expect(browser.hashValue).toBe(hash)
    expect(store.view).toEqual({ name: 'page', page })
  })

  it('a page’s address opened before the PIN is where the sign-in goes (a deep link), and it stays open on reload', async () => {
    const { browser, store } = await pinSignIn('cashier', DEVICE, '#/sold-out')
    expect(browser.hashValue).toBe('#/sold-out')
    expect(store.view).toEqual({ name: 'page', page: 'soldOut' })
    // Signed out and back in: the pad's own address is no deep link, the counter opens.
    await store.signOut()
    expect(browser.hashValue).toBe('#/pin')
    await store.pinPad.load()
    store.pinPad.choose('P-cashier')
    for (const d of '2468') store.pinPad.press(d)
    await store.pinPad.submit()
    expect(browser.hashValue).toBe('#/counter')
    // A signed-in counter tablet opened at its root shows the counter; at a page's address, that page.
    const reopened = setUp('cashier', { signedIn: true, device: DEVICE, hash: '#/' })
    await reopened.store.start()
    expect(reopened.store.view).toEqual({ name: 'page', page: 'counter' })
    const linked = setUp('cashier', { signedIn: true, device: DEVICE, hash: '#/orders' })
    await linked.store.start()
    expect(linked.store.view).toEqual({ name: 'page', page: 'orders' })
  })

  it.each([
    ['cashier', '#/counter'],
    ['kitchen', '#/kitchen'],
    ['manager', '#/staff'],
    ['owner', '#/staff']
  ] as const)('without a device, signing in as %s opens %s', async (role, hash) => {
    const { browser, store } = setUp(role)
    await store.start()
    store.signIn.set('phone', '66123456')
    store.signIn.set('password', 'right-password')
    expect(await store.signIn.passwordLogin()).toBe(true)
    expect(browser.hashValue).toBe(hash)
  })
})

describe('console: the audit log', () => {
  const row = (i: number): AuditRow => ({
    AuditID: `A${i}`,
    At: '2026-11-28T01:00:00.000Z',
    StaffID: 'P-manager',
    StaffName: 'Manager Person',
    Role: 'manager',
    DeviceID: '',
    DeviceName: '',
    Action: i % 2 ? 'staff.save' : 'device.pair',
    TargetType: 'staff',
    TargetID: 'P-x',
    Detail: '{}',
    Reason: '',
    ClientIp: '127.0.0.1'
  })

  function auditServer() {
    const setup = setUp('manager', { signedIn: true, hash: '#/audit' })
    setup.api.on('StaffList', () => ({ table1: [] }))
    setup.api.on('AuditListByPage', (input) => {
      const all = Array.from({ length: 45 }, (_, i) => row(i)).filter((r) => !input.Action || r.Action === input.Action)
      const start = (input.PageIndex - 1) * input.PageSize
      return { table1: all.slice(start, start + input.PageSize), table2: [{ Total: all.length }] }
    })
    setup.api.on('AuditExport', () => ({ table1: [{ FileName: 'audit-E1001-2026-11-28.csv', Csv: 'At,Action\n2026-11-28,staff.save\n' }] }))
    return setup
  }

  it('pages through the log, newest first, PageSize rows at a time', async () => {
    const { api, store } = auditServer()
    await store.start()
    await store.audit.open()
    expect(store.audit.rows).toHaveLength(AUDIT_PAGE_SIZE)
    expect(store.audit.total).toBe(45)
    expect(store.audit.pages).toBe(3)
    expect(store.audit.hasPrevious).toBe(false)
    await store.audit.next()
    await store.audit.next()
    expect(store.audit.page).toBe(3)
    expect(store.audit.rows).toHaveLength(5)
    expect(store.audit.hasNext).toBe(false)
    await store.audit.next()
    expect(api.callsOf('AuditListByPage').map((c) => (c.input as { PageIndex: number }).PageIndex)).toEqual([1, 2, 3])
    await store.audit.previous()
    expect(store.audit.page).toBe(2)
  })

  it('filters by action and by days (From inclusive, To the start of the day after), refusing a range backwards', async () => {
    const { api, store } = auditServer()
    await store.start()
    await store.audit.open()
    store.audit.setDraft('from', '2026-11-28')
    store.audit.setDraft('to', '2026-11-01')
    await store.audit.apply()
    expect(store.audit.filterError).toBe(translate('en', 'error.dateRange'))
    store.audit.setDraft('to', '2026-11-28')
    store.audit.setDraft('action', 'device.pair')
    await store.audit.apply()
    const input = api.callsOf('AuditListByPage').at(-1)!.input as StaffOperationInputs['AuditListByPage']
    expect(input.Action).toBe('device.pair')
    expect(new Date(input.From).getTime()).toBe(new Date('2026-11-28T00:00:00').getTime())
    expect(new Date(input.To).getTime()).toBe(new Date('2026-11-29T00:00:00').getTime())
    expect(store.audit.total).toBe(23)
    expect(store.audit.page).toBe(1)
  })

  it('Export CSV saves the server’s CSV under its file name, with the filters the table shows', async () => {
    const { api, browser, store } = auditServer()
    await store.start()
    await store.audit.open()
    store.audit.setDraft('action', 'staff.save')
    await store.audit.apply()
    store.audit.setDraft('action', 'device.pair') // edited, not applied: the export follows the table
    expect(await store.audit.exportCsv()).toBe(true)
    expect(browser.downloads).toEqual([{ fileName: 'audit-E1001-2026-11-28.csv', text: 'At,Action\n2026-11-28,staff.save\n', mimeType: 'text/csv;charset=utf-8' }])
    expect((api.callsOf('AuditExport')[0].input as { Action: string }).Action).toBe('staff.save')
    expect(store.audit.exported).toBe(translate('en', 'audit.exported', { file: 'audit-E1001-2026-11-28.csv' }))
  })

  it('renders the page: a table, the pager, and the export button', async () => {
    const { store } = auditServer()
    await store.start()
    render(<App store={store} />)
    expect(await screen.findByText(translate('en', 'audit.page', { page: 1, pages: 3 }))).toBeTruthy()
    expect(screen.getAllByRole('row')).toHaveLength(AUDIT_PAGE_SIZE + 1)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: translate('en', 'audit.next') }))
    })
    expect(await screen.findByText(translate('en', 'audit.page', { page: 2, pages: 3 }))).toBeTruthy()
  })
})

describe('console: setup link, staff form, language', () => {
  it('a used or expired setup link says so; a valid one for a new restaurant sends the enterprise too', async () => {
    const { api, store } = setUp('owner', { hash: '#/setup?token=su_old' })
    api.on('StaffSetupCheck', (input) => ({ table1: [{ Valid: input.SetupToken === 'su_new', EntID: '', EntNames: null }] }))
    api.on('StaffSetupComplete', () => ({ table1: [session('owner')] }))
    await store.start()
    expect(store.view).toEqual({ name: 'setup' })
    await store.setup.check(store.route.query.token)
    expect(store.setup.status).toBe('invalid')
    await store.setup.check('su_new')
    expect(store.setup.status).toBe('valid')
    expect(await store.setup.submit()).toBe(false)
    expect(store.setup.errorList).toEqual([
      translate('en', 'error.nameRequired'),
      translate('en', 'error.phoneRequired'),
      translate('en', 'error.passwordLength', { min: 8 }),
      translate('en', 'error.entNameRequired')
    ])
    store.setup.set('ownerName', 'Nora')
    store.setup.setArea('852')
    store.setup.set('phone', '61234567')
    store.setup.set('password', 'hand-pulled')
    store.setup.set('password2', 'hand-pulled')
    store.setup.setEntName('en', 'Nora’s Noodles')
    store.setup.toggleLanguage('zh-CN', false)
    expect(await store.setup.submit()).toBe(true)
    const input = api.callsOf('StaffSetupComplete')[0].input as StaffOperationInputs['StaffSetupComplete']
    expect(input).toMatchObject({ SetupToken: 'su_new', AreaCode: '852', Phone: '61234567', Currency: 'HK$', TimeZone: 'Asia/Hong_Kong', Languages: 'zh-TW,en', Locale: 'en' })
    // One name given: the others use it, so diners never see a blank.
    expect(input.EntNames).toEqual({ 'zh-CN': 'Nora’s Noodles', 'zh-TW': 'Nora’s Noodles', en: 'Nora’s Noodles' })
    expect(store.signedIn).toBe(true)
  })

  it('an owner link of an existing enterprise asks only for the owner', async () => {
    const { api, store } = setUp('owner', { hash: '#/setup?token=su_demo' })
    api.on('StaffSetupCheck', () => ({ table1: [{ Valid: true, EntID: 'E1001', EntNames: { 'zh-CN': '莲', 'zh-TW': '蓮', en: 'Lotus' } }] }))
    api.on('StaffSetupComplete', () => ({ table1: [session('owner')] }))
    await store.start()
    await store.setup.check('su_demo')
    store.setup.set('ownerName', 'Olivia')
    store.setup.set('phone', '66123456')
    store.setup.set('password', 'long-enough')
    store.setup.set('password2', 'long-enough')
    expect(await store.setup.submit()).toBe(true)
    const input = api.callsOf('StaffSetupComplete')[0].input as Record<string, unknown>
    expect(Object.keys(input).sort()).toEqual(['AreaCode', 'Locale', 'OwnerName', 'Password', 'Phone', 'SetupToken'])
  })

  it('a manager offers only roles below their own and may not edit an owner or themselves', async () => {
    const { store, me } = setUp('manager', { signedIn: true })
    await store.start()
    expect(store.staff.assignableRoles).toEqual(['cashier', 'kitchen'])
    const person = (role: StaffRole, id: string) => ({ StaffID: id, Name: id, AreaCode: '853', Phone: '66000000', Role: role, ShopIDs: '', BaseIDs: '', Locale: 'en', HasPassword: false, HasPin: true, CreatedAt: '' })
    expect(store.staff.mayManage(person('owner', 'P-o'))).toBe(false)
    expect(store.staff.mayManage(person('manager', me.StaffID))).toBe(false)
    expect(store.staff.mayManage(person('cashier', 'P-c'))).toBe(true)
  })

  it('the staff form checks the PIN, and a removal needs a reason', async () => {
    const { api, store } = setUp('owner', { signedIn: true })
    api.on('StaffList', () => ({ table1: [] }))
    api.on('StaffSave', (input) => ({ table1: [{ StaffID: 'P-new', Name: input.Name, AreaCode: input.AreaCode, Phone: input.Phone, Role: input.Role, ShopIDs: input.ShopIDs, BaseIDs: input.BaseIDs, Locale: input.Locale, HasPassword: false, HasPin: true, CreatedAt: '' }] }))
    api.on('StaffRemove', () => ({}))
    await store.start()
    store.staff.startAdd()
    const form = store.staff.form!
    form.set('name', 'Ana')
    form.set('phone', '66000001')
    form.setPin('12')
    expect(await store.staff.save()).toBe(false)
    expect(form.errors.pin).toBe(translate('en', 'error.pin'))
    form.setPin('2468')
    form.toggleShop('S101', true)
    form.toggleBase('B1', true)
    expect(await store.staff.save()).toBe(true)
    expect(api.callsOf('StaffSave')[0].input).toMatchObject({ StaffID: '', Name: 'Ana', Role: 'cashier', ShopIDs: 'S101', BaseIDs: 'B1', Pin: '2468', Password: '' })
    expect(store.staff.notice).toBe(translate('en', 'staff.saved', { name: 'Ana' }))
    store.staff.startRemove({ StaffID: 'P-new', Name: 'Ana', AreaCode: '853', Phone: '66000001', Role: 'cashier', ShopIDs: '', BaseIDs: '', Locale: 'en', HasPassword: false, HasPin: true, CreatedAt: '' })
    expect(await store.staff.confirmRemove()).toBe(false)
    expect(store.staff.removeError).toBe(translate('en', 'error.reasonRequired'))
    store.staff.setRemoveReason('Left the job')
    expect(await store.staff.confirmRemove()).toBe(true)
    expect(api.callsOf('StaffRemove')[0].input).toEqual({ StaffID: 'P-new', Reason: 'Left the job' })
  })

  it('the language menu: kept on this browser, saved as the person’s own, <html lang> follows', async () => {
    const { api, browser, store } = setUp('manager', { signedIn: true })
    await store.start()
    expect(browser.lang).toBe('en')
    await store.setLocale('zh-TW')
    expect(browser.lang).toBe('zh-Hant')
    expect(browser.title).toBe(translate('zh-TW', 'app.title'))
    expect(browser.saved.get(STORAGE_KEYS.locale)).toBe('zh-TW')
    expect(api.callsOf('StaffProfileUpdate')[0]).toMatchObject({ input: { Locale: 'zh-TW' }, who: { locale: 'zh-TW' } })
    expect(store.t('nav.staff')).toBe('員工')
  })

  it('a device’s language follows the person who signs in on it', async () => {
    const { api, browser, store } = setUp('cashier', { device: DEVICE })
    api.on('StaffDeviceInfo', () => ({ table1: [], table2: [{ StaffID: 'P-ana', Name: 'Ana', Role: 'cashier' as const }] }))
    api.on('StaffPinLogin', () => ({ table1: [session('cashier', { Locale: 'zh-CN', DeviceID: 'D1' })] }))
    api.on('StaffMe', () => ({ table1: [session('cashier', { Locale: 'zh-CN', DeviceID: 'D1', Token: '' })], table2: [] }))
    await store.start()
    await store.pinPad.load()
    store.pinPad.choose('P-ana')
    store.pinPad.setPin('2468')
    expect(await store.pinPad.submit()).toBe(true)
    expect(store.locale).toBe('zh-CN')
    expect(browser.lang).toBe('zh-Hans')
  })
})
