/**
 * The console's Settings, Shops & branches and Tables & QR codes pages (issue 23): their stores with
 * a fake StaffApi and browser handed in through the root (no module mocks), and the pages rendered
 * for a role. A refused save's problems (21100) show under their fields; the setup file and the QR
 * sheet download as files; the shop page config saves as Home's sections in order.
 */
import { TextDecoder, TextEncoder } from 'node:util'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { StaffError } from '../../src/console/api/staff-client'
import type { ConsoleBrowser } from '../../src/console/browser'
import { CONSOLE_CATALOGUES, translate } from '../../src/console/i18n'
import { homeChoices, homeConfigOf } from '../../src/console/stores/branches-store'
import { ConsoleStore, STORAGE_KEYS } from '../../src/console/stores/console-store'
import { problemFor } from '../../src/console/stores/setup-forms'
import { App } from '../../src/console/ui/App'
import { ROLE_PERMISSIONS, type StaffRole } from '../../src/core/staff-permissions'
import { LOCALES } from '../../src/gateway/contract'
import type { BranchSetupView, EnterpriseSetupView, ShopSetupView } from '../../src/gateway/setup-contract'
import type { StaffOperationName, StaffSessionRow, StaffTableRow } from '../../src/gateway/staff-contract'
import { FakeStaffApi } from './support/fake-staff-api'

// jsdom has no TextEncoder / TextDecoder; browsers do (the setup file is saved as UTF-8 bytes).
Object.assign(globalThis, { TextEncoder, TextDecoder })


class FakeBrowser implements ConsoleBrowser {
  readonly saved = new Map<string, string>()
  readonly downloads: { fileName: string; content: string | Uint8Array; mimeType: string }[] = []
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
  download = (fileName: string, content: string | Uint8Array, mimeType: string) => void this.downloads.push({ fileName, content, mimeType })
  languages = () => ['en-GB']
  setDocumentLanguage = () => undefined
  setTitle = () => undefined
  now = () => new Date('2026-11-28T02:00:00.000Z')
  every = () => () => undefined
}

const names = (en: string, zh = en) => ({ 'zh-CN': zh, 'zh-TW': zh, en })

const ENTERPRISE: EnterpriseSetupView & { entId: string } = {
  entId: 'E1',
  names: names('Ming Noodles', '阿明麵家'),
  currency: 'MOP$',
  timeZone: 'Asia/Macau',
  languages: ['zh-TW', 'en'],
  amoPoint: 2,
  pricePoint: 2,
  quantityEditAllowed: true,
  lowerSentAllowed: false,
  settings: { QuaPoint: '0', MaxLineQuantity: '20' },
  serviceLinks: { api: '/', h5: '/', image: '/files/' }
}

const SHOP: ShopSetupView = {
  shopId: 'S1',
  code: '101',
  names: names('Ming Noodles'),
  address: 'Rua 8',
  phone: '',
  posType: 2,
  enabled: true,
  userId: 'U1',
  userName: 'web',
  userCode: 'WEB101',
  minaAppId: '',
  minaId: '',
  counterCode: 'QR-S101-x',
  financeAccount: null,
  bagFee: '1',
  params: {}
}

const BRANCH: BranchSetupView = {
  baseId: 'B1',
  shopId: 'S1',
  code: '201',
  names: names('Night market'),
  address: '',
  phone: '',
  lat: 22.1975,
  lng: 113.5389,
  hours: { begin: '18:00', end: '02:00' },
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  services: 'all',
  tableService: 'dinein',
  dtbDuration: 0,
  cookingTimeDuration: 15,
  webOrderDuration: 120,
  openingHoursText: '18:00-02:00',
  payLaterOnlineCheckout: true,
  deliveryRange: 3000,
  deliveryFees: [{ by: 'distance', upTo: '1000', fee: '5' }],
  params: {}
}

const table = (code: string, area: string, baseId = 'B1'): StaffTableRow => ({ TableID: `${baseId}-${code}`, ShopID: 'S1', BaseID: baseId, Code: code, Names: names(`Table ${code}`), Area: area, EntryUrl: `http://shop.test/?QRCode=QR-${code}-abc` })

const SCOPE = [
  { ShopID: 'S1', BaseID: '', Names: names('Ming Noodles') },
  { ShopID: 'S1', BaseID: 'B1', Names: names('Night market') },
  { ShopID: 'S1', BaseID: 'B2', Names: names('Taipa') }
]

function setUp(role: StaffRole, hash = '') {
  const api = new FakeStaffApi()
  const browser = new FakeBrowser()
  browser.hashValue = hash
  const me: StaffSessionRow = { Token: `st_${role}`, StaffID: `P-${role}`, EntID: 'E1', Name: 'Person', Role: role, Permissions: ROLE_PERMISSIONS[role].join(','), Locale: 'en', DeviceID: '', DeviceName: '', ExpiresAt: '' }
  api.on('StaffMe', () => ({ table1: [me], table2: SCOPE }))
  api.on('EnterpriseGet', () => ({ table1: [ENTERPRISE] }))
  api.on('ShopList', () => ({ table1: [SHOP], table2: [BRANCH] }))
  api.on('StaffRechargeRuleList', () => ({ table1: [] }))
  api.on('StaffTableList', () => ({ table1: [table('A01', 'Floor 1'), table('A02', 'Floor 1'), table('B01', 'Floor 2'), table('T01', '', 'B2')] }))
  browser.saved.set(STORAGE_KEYS.session, JSON.stringify({ token: me.Token, entId: 'E1' }))
  const store = new ConsoleStore({ api, browser })
  return { api, browser, store }
}

const refused = (operation: StaffOperationName, problems: string[]) =>
  new StaffError('business', `The setup was not saved: ${problems.join('\n')}`, operation, '0', '21100', problems)

describe('navigation: who sees the setup pages', () => {
  it.each([
    ['owner', ['tables', 'branches', 'settings']],
    ['manager', ['tables', 'branches']],
    ['cashier', []],
    ['kitchen', []]
  ] as const)('%s', async (role, pages) => {
    const { store } = setUp(role)
    await store.start()
    expect(store.nav.map((n) => n.page).filter((p) => ['tables', 'branches', 'settings'].includes(p))).toEqual(pages)
  })

  it('a manager who opens Settings by its address is told it is not for their role', async () => {
    const { store } = setUp('manager', '#/settings')
    await store.start()
    expect(store.view).toEqual({ name: 'not-permitted', page: 'settings' })
  })
})

describe('Settings', () => {
  it('loads the enterprise, sends only what changed, and maps the quantity rule to its two settings', async () => {
    const { api, store } = setUp('owner')
    api.on('EnterpriseUpdate', () => ({ table1: [{ ...ENTERPRISE, currency: 'HK$', lowerSentAllowed: true, settings: { QuaPoint: '0', MaxOrderLines: '30' } }] }))
    await store.start()
    const settings = store.settings
    await settings.load()
    const form = settings.form!
    expect(form.quantityRule).toBe('raise')
    form.set('currency', 'HK$')
    form.setQuantityRule('any')
    form.removeSetting(1)
    form.addSetting()
    form.setSetting(1, 'name', 'MaxOrderLines')
    form.setSetting(1, 'value', '30')
    form.set('reason', 'new prices')
    expect(await settings.save()).toBe(true)
    expect(api.inputsOf('EnterpriseUpdate')).toEqual([
      { Changes: { currency: 'HK$', quantityEditAllowed: true, lowerSentAllowed: true, settings: { MaxOrderLines: '30', MaxLineQuantity: null } }, Reason: 'new prices' }
    ])
    expect(settings.notice).toBe(translate('en', 'settings.saved'))
    expect(settings.form?.quantityRule).toBe('any')
  })

  it('says what is wrong before sending, and shows the server’s problems by their field', async () => {
    const { api, store } = setUp('owner')
    api.on('EnterpriseUpdate', () => {
      throw refused('EnterpriseUpdate', ['timeZone: unknown time zone "Mars/Base": use an IANA name such as "Asia/Macau"'])
    })
    await store.start()
    await store.settings.load()
    const form = store.settings.form!
    form.toggleLanguage('zh-TW', false)
    form.toggleLanguage('en', false)
    form.set('amoPoint', '12')
    expect(await store.settings.save()).toBe(false)
    expect(form.errors).toEqual({ languages: translate('en', 'error.languagesNone'), amoPoint: translate('en', 'settings.error.decimals') })
    expect(api.inputsOf('EnterpriseUpdate')).toEqual([])
    form.toggleLanguage('en', true)
    form.set('amoPoint', '2')
    form.set('timeZone', 'Mars/Base')
    expect(await store.settings.save()).toBe(false)
    expect(store.settings.errorOf('timeZone')).toBe('unknown time zone "Mars/Base": use an IANA name such as "Asia/Macau"')
  })

  it('downloads the setup file as UTF-8 JSON without a byte order mark', async () => {
    const { api, browser, store } = setUp('owner')
    api.on('SetupExport', () => ({ table1: [{ FileName: 'scanorder-setup-E1-2026-11-28.json', Json: '{"format":"scanorder-setup/1","enterprise":{"names":{"en":"阿明"}}}\n' }] }))
    await store.start()
    store.settings.setExportCodes(true)
    expect(await store.settings.exportFile()).toBe(true)
    expect(api.inputsOf('SetupExport')).toEqual([{ KeepCodes: 1, Menus: 1 }])
    const [file] = browser.downloads
    expect(file.fileName).toBe('scanorder-setup-E1-2026-11-28.json')
    expect(file.mimeType).toBe('application/json')
    expect(ArrayBuffer.isView(file.content)).toBe(true)
    expect(new TextDecoder().decode(file.content as Uint8Array)).toBe('{"format":"scanorder-setup/1","enterprise":{"names":{"en":"阿明"}}}\n')
  })

  it('imports a file only once the owner agreed; a file that is no setup file is said at once; refusals list every problem', async () => {
    const { api, store } = setUp('owner')
    let refuse = true
    api.on('SetupImport', () => {
      if (refuse) throw refused('SetupImport', ['shops[0] "101" branches[0] "201" hours.begin: bad time', 'shops[1] "101" code: duplicate shop code "101"'])
      return { table1: [{ EntID: 'E1', Shops: 1, Branches: 2, Tables: 8, RechargeRules: 1, Menus: 1 }] }
    })
    await store.start()
    const settings = store.settings
    settings.chooseImport('notes.txt', 'hello')
    expect(settings.importError).toBe(translate('en', 'settings.import.notSetupFile', { file: 'notes.txt' }))
    settings.chooseImport('backup.json', '\ufeff{ "format": "scanorder-setup/1", "enterprise": {}, "shops": [ {}, {} ] }')
    expect(settings.importShops).toBe(2)
    expect(await settings.confirmImport()).toBe(false)
    expect(settings.importError).toBe(translate('en', 'settings.import.agreeFirst'))
    settings.setImport('importAgreed', true)
    settings.setImportReason('restore')
    expect(await settings.confirmImport()).toBe(false)
    expect(settings.importProblems).toHaveLength(2)
    refuse = false
    expect(await settings.confirmImport()).toBe(true)
    expect(api.inputsOf('SetupImport')[1]).toEqual({ File: '{"format":"scanorder-setup/1","enterprise":{},"shops":[{},{}]}', KeepCodes: 0, Reason: 'restore' })
    expect(settings.imported).toMatchObject({ Tables: 8 })
    // The person's scope is read again: the file may have added or removed shops.
    expect(api.calls.filter((c) => c.operation === 'StaffMe')).toHaveLength(2)
  })

  it('renders for an owner: the quantity rule as radio buttons, every problem in an alert, export and import', async () => {
    const { api, store } = setUp('owner', '#/settings')
    api.on('EnterpriseUpdate', () => {
      throw refused('EnterpriseUpdate', ['currency: must not be empty'])
    })
    await store.start()
    render(<App store={store} />)
    expect(await screen.findByRole('heading', { level: 1, name: translate('en', 'settings.title') })).toBeTruthy()
    const rule = screen.getByRole('group', { name: translate('en', 'settings.quantityRule') })
    const radios = within(rule).getAllByRole('radio') as HTMLInputElement[]
    expect(radios.map((r) => r.checked)).toEqual([true, false, false])
    fireEvent.click(within(rule).getByLabelText(translate('en', 'settings.rule.none')))
    expect(store.settings.form?.quantityRule).toBe('none')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: translate('en', 'common.save') }))
    })
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain(translate('en', 'setup.problems'))
    expect(alert.textContent).toContain('currency: must not be empty')
    expect(screen.getByLabelText(translate('en', 'setup.currency')).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('button', { name: translate('en', 'settings.exportButton') })).toBeTruthy()
    expect(screen.getByLabelText(translate('en', 'settings.importFile'))).toBeTruthy()
  })
})

describe('Shops & branches', () => {
  it('Home’s sections: the editor’s rows and the config they say', () => {
    expect(homeChoices(undefined).map((r) => `${r.section}:${r.shown}`)).toEqual(['order:true', 'byNumber:true', 'links:true', 'language:true', 'recommended:true', 'notice:false'])
    const rows = homeChoices('notice,recommended,language')
    expect(homeConfigOf(rows)).toBe('notice,recommended,language')
    // Order by number only with Order now; the language switch stays even when unticked.
    expect(homeConfigOf(rows.map((r) => (r.section === 'byNumber' || r.section === 'language' ? { ...r, shown: false } : r)))).toBe('notice,recommended,language')
    expect(homeConfigOf(homeChoices('byNumber,language'))).toBe('language')
  })

  it('saves a shop’s page config and notice; the default page saves as ""', async () => {
    const { api, store } = setUp('manager')
    api.on('ShopSave', (input) => ({ table1: [{ ...SHOP, ...input.Shop } as ShopSetupView] }))
    await store.start()
    const branches = store.branches
    await branches.load()
    branches.editShop(SHOP)
    if (branches.view.kind !== 'shop') throw new Error('no form')
    const form = branches.view.form
    form.showSection('notice', true)
    form.moveSection('notice', -1)
    form.moveSection('notice', -1)
    form.moveSection('notice', -1)
    form.moveSection('notice', -1)
    form.moveSection('notice', -1)
    form.showSection('byNumber', false)
    form.set('notice', 'Open till 2 am')
    expect(await branches.saveShop()).toBe(true)
    expect(api.inputsOf('ShopSave')[0]).toEqual({ ShopID: 'S1', Shop: { notice: 'Open till 2 am', pageConfig: 'notice,order,links,language,recommended' }, Reason: '' })
    expect(branches.notice).toBe(translate('en', 'branches.shopSaved', { name: 'Ming Noodles' }))
    branches.editShop({ ...SHOP, pageConfig: 'notice,order,language' })
    if (branches.view.kind !== 'shop') throw new Error('no form')
    const again = branches.view.form
    for (const s of ['order', 'byNumber', 'links', 'recommended'] as const) again.showSection(s, true)
    again.showSection('notice', false)
    // Back to the standard order.
    again.moveSection('notice', 1)
    again.moveSection('notice', 1)
    again.moveSection('notice', 1)
    again.moveSection('notice', 1)
    again.moveSection('notice', 1)
    expect(homeConfigOf(again.home)).toBe('order,byNumber,language,links,recommended')
  })

  it('a branch open past midnight, its tiers; the server’s problems land on their fields', async () => {
    const { api, store } = setUp('owner')
    api.on('BranchSave', () => {
      throw refused('BranchSave', ['deliveryFees[1].upTo: "distance" tiers must go up: 500 is not above the tier before it (1000)'])
    })
    await store.start()
    const branches = store.branches
    await branches.load()
    branches.editBranch(BRANCH)
    if (branches.view.kind !== 'branch') throw new Error('no form')
    const form = branches.view.form
    expect(form.pastMidnight).toBe(true)
    form.addFee()
    form.setFee(1, 'upTo', '500')
    form.setFee(1, 'fee', '8')
    form.toggleDay(1, false)
    expect(await branches.saveBranch()).toBe(false)
    expect(api.inputsOf('BranchSave')[0]).toEqual({
      BaseID: 'B1',
      ShopID: '',
      Branch: { weekdays: [2, 3, 4, 5, 6, 7], deliveryFees: [{ by: 'distance', upTo: '1000', fee: '5' }, { by: 'distance', upTo: '500', fee: '8' }] },
      Reason: ''
    })
    expect(branches.problemOf('deliveryFees[1].upTo')).toBe('"distance" tiers must go up: 500 is not above the tier before it (1000)')
    expect(branches.problemOf('deliveryFees[0].upTo')).toBeUndefined()
    expect(problemFor(branches.problems, 'deliveryFees')).toBeDefined()
    // A new branch needs its names; times are checked here first.
    branches.editBranch(null, 'S1')
    if (branches.view.kind !== 'branch') throw new Error('no form')
    branches.view.form.set('begin', '25:00')
    expect(await branches.saveBranch()).toBe(false)
    expect(branches.view.form.errors).toMatchObject({ names: translate('en', 'branches.error.name'), hours: translate('en', 'branches.error.hours') })
  })

  it('renders the shops with their branches, hours past midnight marked; removing asks for a reason', async () => {
    const { api, store } = setUp('owner', '#/branches')
    api.on('BranchRemove', () => ({ table1: [{ BaseID: 'B1' }] }))
    await store.start()
    render(<App store={store} />)
    expect(await screen.findByRole('heading', { level: 2, name: /Ming Noodles/ })).toBeTruthy()
    const region = screen.getByRole('region', { name: translate('en', 'branches.branchesOf', { name: 'Ming Noodles' }) })
    expect(within(region).getByText(/18:00–02:00 \(next day\)/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: translate('en', 'branches.removeBranch', { name: 'Night market' }) }))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: translate('en', 'branches.removeConfirm') }))
    })
    expect(screen.getByRole('alert').textContent).toBe(translate('en', 'error.reasonRequired'))
    fireEvent.change(screen.getByLabelText(translate('en', 'field.reason')), { target: { value: 'closed' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: translate('en', 'branches.removeConfirm') }))
    })
    expect(api.inputsOf('BranchRemove')).toEqual([{ BaseID: 'B1', Reason: 'closed' }])
  })
})

describe('Tables & QR codes', () => {
  it('lists by branch and area, adds in bulk, renames, rotates with a reason, downloads the QR sheet', async () => {
    const { api, browser, store } = setUp('manager')
    api.on('TablesAdd', (input) => ({ table1: [table('C01', input.Area), table('C02', input.Area)] }))
    api.on('TableRotate', () => ({ table1: [table('A01', 'Floor 1')] }))
    api.on('TableRename', () => ({ table1: [table('Y01', 'Garden')] }))
    api.on('TableQrSheet', () => ({ table1: [{ FileName: 'qr-codes-B1.pdf', PdfBase64: btoa('%PDF-1.7 test') }] }))
    await store.start()
    const tables = store.tables
    await tables.load()
    expect(tables.shopId).toBe('S1')
    expect(tables.groups.map((g) => [g.baseId, g.area, g.tables.map((t) => t.Code)])).toEqual([
      ['B1', 'Floor 1', ['A01', 'A02']],
      ['B1', 'Floor 2', ['B01']],
      ['B2', '', ['T01']]
    ])
    tables.chooseBranch('B1')
    expect(tables.groups).toHaveLength(2)
    tables.setAdd('addPattern', 'C01–C02')
    tables.setAdd('addArea', 'Terrace')
    expect(await tables.addTables()).toBe(true)
    expect(api.inputsOf('TablesAdd')).toEqual([{ BaseID: 'B1', Pattern: 'C01–C02', Area: 'Terrace' }])
    expect(tables.notice).toBe(translate('en', 'tables.added', { n: 2, codes: 'C01, C02' }))

    tables.startRotate(table('A01', 'Floor 1'))
    expect(await tables.confirm()).toBe(false)
    expect(tables.error).toBe(translate('en', 'error.reasonRequired'))
    tables.setField('reason', 'photographed')
    expect(await tables.confirm()).toBe(true)
    expect(api.inputsOf('TableRotate')).toEqual([{ TableID: 'B1-A01', Reason: 'photographed' }])

    tables.startRename(table('A01', 'Floor 1'))
    tables.setField('code', 'Y01')
    tables.setField('area', 'Garden')
    expect(await tables.confirm()).toBe(true)
    expect(api.inputsOf('TableRename')).toEqual([{ TableID: 'B1-A01', Table: { code: 'Y01', area: 'Garden' }, Reason: '' }])

    tables.setSheetLocale('zh-TW')
    expect(await tables.downloadSheet()).toBe(true)
    expect(api.inputsOf('TableQrSheet')).toEqual([{ ShopID: 'S1', BaseID: 'B1', Locale: 'zh-TW' }])
    const [pdf] = browser.downloads
    expect(pdf).toMatchObject({ fileName: 'qr-codes-B1.pdf', mimeType: 'application/pdf' })
    expect(new TextDecoder().decode(pdf.content as Uint8Array)).toBe('%PDF-1.7 test')
  })

  it('renders the groups as named regions with a row per table and named actions', async () => {
    const { store } = setUp('manager', '#/tables')
    await store.start()
    render(<App store={store} />)
    const floor1 = await screen.findByRole('region', { name: 'Night market · Floor 1' })
    expect(within(floor1).getAllByRole('row')).toHaveLength(3)
    expect(within(floor1).getByRole('button', { name: translate('en', 'tables.rotateName', { name: 'Table A01' }) })).toBeTruthy()
    expect(screen.getByLabelText(translate('en', 'tables.pattern'))).toBeTruthy()
    expect(screen.getByRole('button', { name: translate('en', 'tables.sheetButton') })).toBeTruthy()
  })
})

describe('texts', () => {
  it('every key of these pages is in all three catalogues', () => {
    const keys = Object.keys(CONSOLE_CATALOGUES.en).filter((k) => /^(settings|branches|tables|section|services|tableService|tierBy|weekday)\./.test(k))
    expect(keys.length).toBeGreaterThan(150)
    for (const l of LOCALES) for (const k of keys) expect({ l, k, text: CONSOLE_CATALOGUES[l][k as keyof (typeof CONSOLE_CATALOGUES)['en']] }).toEqual({ l, k, text: expect.stringMatching(/\S/) })
  })
})
