/**
 * The console's day report page (issue 24 item 6), in the console frame with a fake StaffApi and
 * browser handed in through the root store's constructor: who sees it, what it asks the server for
 * (place and day), the figures it shows in tables (named methods, money with the currency, durations,
 * goods by quantity or by amount), the day before, a bad day, Download CSV and a refusal.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { StaffError } from '../../src/console/api/staff-client'
import type { ConsoleBrowser } from '../../src/console/browser'
import { translate } from '../../src/console/i18n'
import { ConsoleStore, STORAGE_KEYS } from '../../src/console/stores/console-store'
import { App } from '../../src/console/ui/App'
import { ROLE_PERMISSIONS, type StaffRole } from '../../src/core/staff-permissions'
import type { DayReportGoodsRow, ReportOperationOutputs } from '../../src/gateway/report-contract'
import type { StaffScopeRow, StaffSessionRow } from '../../src/gateway/staff-contract'
import { FakeStaffApi } from './support/fake-staff-api'


class FakeBrowser implements ConsoleBrowser {
  readonly saved = new Map<string, string>()
  readonly downloads: { fileName: string; text: string; mimeType: string }[] = []
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
  download = (fileName: string, content: string | Uint8Array, mimeType: string) => void this.downloads.push({ fileName, text: String(content), mimeType })
  languages = () => ['en-GB']
  setDocumentLanguage = () => undefined
  setTitle = () => undefined
  // Noon on this machine's clock: the device's day is 28 November whatever its time zone.
  now = () => new Date(2026, 10, 28, 12, 0, 0)
  every = () => () => undefined
}

const T = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('en', key, params)

const ONE_BRANCH: StaffScopeRow[] = [
  { ShopID: 'S101', BaseID: '', Names: { 'zh-CN': '茶楼', 'zh-TW': '茶樓', en: 'Tea House' } },
  { ShopID: 'S101', BaseID: 'B201', Names: { 'zh-CN': '堂食', 'zh-TW': '堂食', en: 'Square' } }
]
const TWO_SHOPS: StaffScopeRow[] = [
  ...ONE_BRANCH,
  { ShopID: 'S101', BaseID: 'B202', Names: { 'zh-CN': '氹仔', 'zh-TW': '氹仔', en: 'Taipa' } },
  { ShopID: 'S102', BaseID: '', Names: { 'zh-CN': '面馆', 'zh-TW': '麵館', en: 'Noodle Bar' } },
  { ShopID: 'S102', BaseID: 'B203', Names: { 'zh-CN': '路环', 'zh-TW': '路環', en: 'Coloane' } }
]

const goods = (code: string, en: string, qua: string, amount: string, unit = 'piece'): DayReportGoodsRow => ({
  GoodsID: `S101.g.${code}`,
  ShopID: 'S101',
  Names: { 'zh-CN': en, 'zh-TW': en, en },
  Units: { 'zh-CN': unit, 'zh-TW': unit, en: unit },
  Qua: qua,
  Amount: amount,
  Lines: 2
})

/** A day as the server answers it (the figures of tests/server/day-report.test.ts). */
function dayReport(day: string, baseIds = 'B201'): ReportOperationOutputs['DayReportGet'] {
  return {
    table1: [
      {
        Day: day,
        ShopID: 'S101',
        BaseID: baseIds.includes(',') ? '' : baseIds,
        BaseIDs: baseIds,
        Currency: 'MOP$',
        AmoPoint: 2,
        Sales: 8,
        SalesAmount: '343.00',
        OrderSales: 5,
        OrderSalesAmount: '246.00',
        BillSales: 3,
        BillSalesAmount: '97.00',
        Refunds: 2,
        RefundAmount: '67.00',
        NetAmount: '276.00',
        CouponOrders: 1,
        CouponAmount: '8.00',
        BumpedTickets: 5,
        MadeAt: '2026-11-28T13:00:00.000Z'
      }
    ],
    table2: [
      { Provider: 'balance', Payments: 3, Amount: '198.00', Refunds: 1, RefundAmount: '62.00', NetAmount: '136.00' },
      { Provider: 'sandbox', Payments: 3, Amount: '89.00', Refunds: 1, RefundAmount: '5.00', NetAmount: '84.00' },
      { Provider: 'cash', Payments: 1, Amount: '32.00', Refunds: 0, RefundAmount: '0.00', NetAmount: '32.00' },
      { Provider: 'octopus', Payments: 0, Amount: '0.00', Refunds: 0, RefundAmount: '0.00', NetAmount: '0.00' },
      { Provider: '', Payments: 1, Amount: '24.00', Refunds: 0, RefundAmount: '0.00', NetAmount: '24.00' }
    ],
    table3: [
      { At: '2026-11-28T04:00:00.000Z', Kind: 'aftersale', OrderID: 'O1', PickupNo: '3', TableName: '', OrderDay: '2026-11-27', ShopID: 'S101', BaseID: 'B201', Provider: 'sandbox', Amount: '5.00' },
      { At: '2026-11-28T05:00:00.000Z', Kind: 'cancel', OrderID: 'O2', PickupNo: '', TableName: 'A05', OrderDay: day, ShopID: 'S101', BaseID: 'B201', Provider: 'balance', Amount: '62.00' }
    ],
    table4: [
      goods('A03', 'Egg Tart', '6', '72.00'),
      goods('E01', 'Har Gow', '6', '55.00'),
      goods('C04', 'Macaroni', '3', '96.00', 'bowl'),
      ...Array.from({ length: 9 }, (_, i) => goods(`Z${i}`, `Tea ${i + 1}`, '1', '8.00', 'cup'))
    ],
    table5: [
      { ShopID: 'S101', BaseID: 'B201', StationID: '', StationName: '', Tickets: 2, AverageSeconds: 200, LongestSeconds: 300 },
      { ShopID: 'S101', BaseID: 'B201', StationID: 'ST-WOK', StationName: 'Wok', Tickets: 2, AverageSeconds: 315, LongestSeconds: 390 },
      { ShopID: 'S101', BaseID: 'B201', StationID: 'ST-DIM', StationName: 'Dim sum', Tickets: 1, AverageSeconds: 42, LongestSeconds: 42 }
    ]
  }
}

/** The business day the server says is running when asked for Day '' (the device's date here, unless a test says otherwise). */
const RUNNING_DAY = '2026-11-28'

async function open(role: StaffRole, scope: StaffScopeRow[] = ONE_BRANCH, setUpApi: (api: FakeStaffApi) => void = (api) => api.on('DayReportGet', (input) => dayReport(input.Day || RUNNING_DAY, input.BaseID || 'B201,B202'))) {
  const api = new FakeStaffApi()
  const browser = new FakeBrowser()
  browser.hashValue = '#/report'
  const me: StaffSessionRow = {
    Token: `st_${role}`,
    StaffID: `P-${role}`,
    EntID: 'E1001',
    Name: `${role} person`,
    Role: role,
    Permissions: ROLE_PERMISSIONS[role].join(','),
    Locale: 'en',
    DeviceID: '',
    DeviceName: '',
    ExpiresAt: '2026-11-29T02:00:00.000Z'
  }
  api.on('StaffMe', () => ({ table1: [{ ...me, Token: '' }], table2: scope }))
  browser.saved.set(STORAGE_KEYS.session, JSON.stringify({ token: me.Token, entId: 'E1001' }))
  setUpApi(api)
  const store = new ConsoleStore({ api, browser })
  await store.start()
  await act(async () => {
    render(<App store={store} />)
  })
  return { api, browser, store }
}

const dayField = () => screen.getByLabelText(T('report.day')) as HTMLInputElement

/** The rows of a named table region, each as its cells' texts. */
function rowsOf(regionName: string): string[][] {
  const region = screen.getByRole('region', { name: regionName })
  return within(region)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('[role=cell], [role=rowheader]')].map((c) => c.textContent ?? ''))
}

describe('the day report page', () => {
  test('a manager of one branch: its report for today, in tables with the currency, named methods and durations', async () => {
    const { api, store } = await open('manager')
    expect(screen.getByRole('link', { name: T('nav.report') }).getAttribute('aria-current')).toBe('page')
    expect(document.activeElement).toBe(await screen.findByRole('heading', { level: 1, name: T('report.title') }))
    await screen.findByText(T('report.shown', { day: '2026-11-28', places: 'Tea House: Square' }))
    // The day running now is the server's to say (the branch's hours, the enterprise's clock).
    expect(api.inputsOf('DayReportGet')).toEqual([{ BaseID: 'B201', ShopID: '', Day: '' }])
    expect(dayField().value).toBe('2026-11-28')
    // One branch: nothing else to choose.
    expect(within(screen.getByLabelText(T('report.place'))).getAllByRole('option').map((o) => o.textContent)).toEqual(['Tea House: Square'])

    expect(rowsOf(T('report.sales'))).toEqual([
      ['Prepaid orders', '5', 'MOP$246.00'],
      ['Table bills settled', '3', 'MOP$97.00'],
      ['Sales', '8', 'MOP$343.00'],
      ['Refunds', '2', 'MOP$67.00'],
      ['Net (sales − refunds)', '', 'MOP$276.00'],
      ['Coupon discounts', '1', 'MOP$8.00']
    ])
    expect(rowsOf(T('report.payments'))).toEqual([
      ['Member balance', '3', 'MOP$198.00', '1', 'MOP$62.00', 'MOP$136.00'],
      ['Sandbox (test)', '3', 'MOP$89.00', '1', 'MOP$5.00', 'MOP$84.00'],
      ['Cash', '1', 'MOP$32.00', '0', 'MOP$0.00', 'MOP$32.00'],
      // A provider the console has no name for is shown as the server names it.
      ['octopus', '0', 'MOP$0.00', '0', 'MOP$0.00', 'MOP$0.00'],
      ['No payment recorded', '1', 'MOP$24.00', '0', 'MOP$0.00', 'MOP$24.00'],
      ['Total', '8', 'MOP$343.00', '2', 'MOP$67.00', 'MOP$276.00']
    ])
    screen.getByText(T('report.notRecordedNote'))
    const refunds = rowsOf(T('report.refundList'))
    expect(refunds.map((r) => [r[0], r[2], r[3], r[4]])).toEqual([
      ['#3O1 · ordered on 2026-11-27', 'After-sale refund', 'Sandbox (test)', 'MOP$5.00'],
      ['O2table A05', 'Order cancelled', 'Member balance', 'MOP$62.00']
    ])
    expect(rowsOf(T('report.stations'))).toEqual([
      ['Kitchen (no station)', '2', '3 min 20 s', '5 min 0 s'],
      ['Wok', '2', '5 min 15 s', '6 min 30 s'],
      ['Dim sum', '1', '42 s', '42 s']
    ])
    expect(store.report.shownDay).toBe('2026-11-28')
  })

  test('top goods: the first ten by quantity, by amount on request, all of them on request', async () => {
    await open('owner')
    await screen.findByRole('region', { name: T('report.goods') })
    const names = () => rowsOf(T('report.goods')).map((r) => r[1])
    expect(names()).toHaveLength(10)
    expect(rowsOf(T('report.goods'))[0]).toEqual(['1', 'Egg Tart', '6 piece', 'MOP$72.00', '2'])
    expect(names().slice(0, 3)).toEqual(['Egg Tart', 'Har Gow', 'Macaroni'])
    const byAmount = screen.getByRole('button', { name: T('report.byAmount') })
    expect(byAmount.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(byAmount)
    expect(byAmount.getAttribute('aria-pressed')).toBe('true')
    expect(names().slice(0, 3)).toEqual(['Macaroni', 'Egg Tart', 'Har Gow'])
    fireEvent.click(screen.getByRole('button', { name: T('report.showAllGoods', { n: 12 }) }))
    expect(names()).toHaveLength(12)
    expect(screen.getByRole('button', { name: T('report.showTopGoods', { n: 10 }) }).getAttribute('aria-expanded')).toBe('true')
  })

  test('several shops: every branch, a shop’s branches or one branch; the day before; a bad day asks nothing', async () => {
    const { api } = await open('owner', TWO_SHOPS)
    await screen.findByRole('region', { name: T('report.sales') })
    expect(api.inputsOf('DayReportGet')[0]).toEqual({ BaseID: '', ShopID: '', Day: '' })
    const place = screen.getByLabelText(T('report.place'))
    expect(within(place).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All my branches',
      'Tea House: all its branches',
      'Tea House: Square',
      'Tea House: Taipa',
      'Noodle Bar: Coloane'
    ])
    // Several branches: refunds and stations say which.
    expect(screen.getByRole('region', { name: T('report.stations') }).textContent).toContain('Tea House: Square')

    fireEvent.change(place, { target: { value: 'shop:S101' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('report.show') }))
    })
    expect(api.inputsOf('DayReportGet')[1]).toEqual({ BaseID: '', ShopID: 'S101', Day: '2026-11-28' })

    fireEvent.change(place, { target: { value: 'B203' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('report.previousDay') }))
    })
    expect(api.inputsOf('DayReportGet')[2]).toEqual({ BaseID: 'B203', ShopID: '', Day: '2026-11-27' })
    expect(dayField().value).toBe('2026-11-27')

    fireEvent.change(screen.getByLabelText(T('report.day')), { target: { value: '' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('report.show') }))
    })
    expect(api.inputsOf('DayReportGet')).toHaveLength(3)
    const describedBy = (dayField().getAttribute('aria-describedby') ?? '').split(' ')
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(T('report.dayInvalid'))
    expect(dayField().getAttribute('aria-invalid')).toBe('true')
  })

  test('Download CSV saves the report shown (not the form’s unsent choices) and says so', async () => {
    const { api, browser } = await open('manager', ONE_BRANCH, (a) =>
      a.on('DayReportGet', (input) => dayReport(input.Day || RUNNING_DAY)).on('DayReportExport', (input) => ({ table1: [{ FileName: `day-report-${input.Day}-${input.BaseID}.csv`, Csv: 'Day report\r\nSales,8,343.00\r\n' }] }))
    )
    await screen.findByRole('region', { name: T('report.sales') })
    fireEvent.change(screen.getByLabelText(T('report.day')), { target: { value: '2026-11-01' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('report.export') }))
    })
    expect(api.inputsOf('DayReportExport')).toEqual([{ BaseID: 'B201', ShopID: '', Day: '2026-11-28' }])
    expect(browser.downloads).toEqual([{ fileName: 'day-report-2026-11-28-B201.csv', text: 'Day report\r\nSales,8,343.00\r\n', mimeType: 'text/csv;charset=utf-8' }])
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(T('report.exported', { file: 'day-report-2026-11-28-B201.csv' }))
  })

  test('a refusal is announced and no figures are shown', async () => {
    await open('owner', ONE_BRANCH, (a) =>
      a.on('DayReportGet', () => {
        throw new StaffError('business', 'Branch not found.', 'DayReportGet', '0', '20004')
      })
    )
    expect((await screen.findByRole('alert')).textContent).toContain('Branch not found.')
    expect(screen.queryByRole('region', { name: T('report.sales') })).toBeNull()
    // The form still offers a day to ask for: this device's.
    expect(dayField().value).toBe('2026-11-28')
  })

  test('opens on the business day running at the branch, as the server says, not the device’s date: at 01:30 a branch open past midnight is still on the day before', async () => {
    const { api } = await open('manager', ONE_BRANCH, (a) => a.on('DayReportGet', (input) => dayReport(input.Day || '2026-11-27')))
    await screen.findByText(T('report.shown', { day: '2026-11-27', places: 'Tea House: Square' }))
    expect(dayField().value).toBe('2026-11-27')
    expect(api.inputsOf('DayReportGet')).toEqual([{ BaseID: 'B201', ShopID: '', Day: '' }])
    // Day after: the device's date, asked for by name.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: T('report.nextDay') }))
    })
    expect(api.inputsOf('DayReportGet')[1]).toEqual({ BaseID: 'B201', ShopID: '', Day: '2026-11-28' })
    await screen.findByText(T('report.shown', { day: '2026-11-28', places: 'Tea House: Square' }))
  })

  test('cashiers and the kitchen: no navigation entry, "not open to your role" at its address', async () => {
    for (const role of ['cashier', 'kitchen'] as const) {
      const { api, store } = await open(role)
      expect(screen.queryByRole('link', { name: T('nav.report') })).toBeNull()
      screen.getByRole('heading', { level: 1, name: T('shell.notPermitted.title') })
      expect(api.inputsOf('DayReportGet')).toEqual([])
      store.stop()
      document.body.innerHTML = ''
    }
  })

  test('the page speaks the console’s language', async () => {
    const { store } = await open('owner')
    await screen.findByRole('region', { name: T('report.sales') })
    await act(async () => {
      await store.setLocale('zh-TW')
    })
    screen.getByRole('heading', { level: 1, name: '日結報表' })
    expect(rowsOf('按付款方式')[2]).toEqual(['現金', '1', 'MOP$32.00', '0', 'MOP$0.00', 'MOP$32.00'])
    expect(rowsOf('各工作站備餐時間')[1]).toEqual(['Wok', '2', '5 分 15 秒', '6 分 30 秒'])
  })
})
