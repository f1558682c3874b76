/**
 * Front of house (issue 24 item 3) in the console frame, with a fake StaffApi, browser, staff stream,
 * timers and request keys handed in through the root store's constructor: the floor as a cashier
 * reads it, live events applied on top (a table's bill, an order; idempotent), a payment in cash
 * with the change shown as it is typed (one request key, kept after a network failure, new after a
 * refusal), a line cancelled with a manager's PIN, a close with money due, a move, and the
 * connection.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { StaffError } from '../../src/console/api/staff-client'
import type { ConsoleBrowser } from '../../src/console/browser'
import { translate, type ConsoleKey } from '../../src/console/i18n'
import type { StaffStreamEvent, StaffStreamHandlers, StaffStreamOptions, StreamState } from '../../src/console/live/staff-stream'
import { ConsoleStore, STORAGE_KEYS } from '../../src/console/stores/console-store'
import { changeOf, RELOAD_AFTER_MS } from '../../src/console/stores/counter-store'
import { App } from '../../src/console/ui/App'
import { ROLE_PERMISSIONS, type StaffRole } from '../../src/core/staff-permissions'
import type { CounterBillRow, CounterLineRow, CounterOrderRow, CounterTableRow } from '../../src/gateway/counter-contract'
import type { StaffSessionRow } from '../../src/gateway/staff-contract'
import { FakeStaffApi } from './support/fake-staff-api'


class Clock {
  now = Date.parse('2026-11-28T04:00:00.000Z')
  private seq = 0
  private due: { id: number; at: number; fn: () => void }[] = []
  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = ++this.seq
    this.due.push({ id, at: this.now + ms, fn })
    return id
  }
  clearTimeout = (handle: unknown): void => {
    this.due = this.due.filter((d) => d.id !== handle)
  }
  async advance(ms: number): Promise<void> {
    const target = this.now + ms
    for (;;) {
      const next = [...this.due].sort((a, b) => a.at - b.at || a.id - b.id)[0]
      if (!next || next.at > target) break
      this.due = this.due.filter((d) => d !== next)
      this.now = next.at
      await act(async () => next.fn())
    }
    this.now = target
  }
}

class FakeBrowser implements ConsoleBrowser {
  readonly saved = new Map<string, string>()
  hashValue = '#/counter'
  private readonly listeners = new Set<() => void>()
  constructor(private readonly clock: Clock) {}
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
  now = () => new Date(this.clock.now)
  every = () => () => undefined
}

const T = (key: ConsoleKey, params?: Record<string, string | number>) => translate('en', key, params)

const SCOPE = [
  { ShopID: 'S101', BaseID: '', Names: { 'zh-CN': '茶楼', 'zh-TW': '茶樓', en: 'Tea House' } },
  { ShopID: 'S101', BaseID: 'B201', Names: { 'zh-CN': '堂食', 'zh-TW': '堂食', en: 'Dine-in' } }
]

const line = (extra: Partial<CounterLineRow> = {}): CounterLineRow => ({
  LineNo: 1,
  GoodsID: 'S101.g.F01',
  GoodsName: 'Soup of the Day',
  SkuName: '',
  Qua: '2',
  Unit: 'bowl',
  Amount: '44',
  RemarkText: '',
  AddOnText: '',
  BomText: '',
  SentQua: '2',
  Cancelled: 0,
  ...extra
})

const bill = (extra: Partial<CounterBillRow> = {}): CounterBillRow => ({
  SheetID: 'B201-S1',
  TableID: 'B201-A02',
  OpenedAt: '2026-11-28T03:30:00.000Z',
  RoundCount: 1,
  Amount: '83.00',
  PaidAmount: '0.00',
  Due: '83.00',
  SettlementID: '',
  KitchenStage: 'preparing',
  Rounds: [{ RoundID: 'R1', RoundNo: 1, Status: 0, KitchenStage: 'preparing', GoodsAmount: '83.00', Amount: '83.00', CreatedAt: '2026-11-28T03:30:00.000Z', Lines: [line(), line({ LineNo: 2, GoodsID: 'S101.g.C04', GoodsName: 'Baked Pork Chop Rice', Qua: '1', Unit: 'plate', Amount: '39', SentQua: '1' })] }],
  Payments: [],
  ...extra
})

const table = (name: string, b: CounterBillRow | null = null, extra: Partial<CounterTableRow> = {}): CounterTableRow => ({ TableID: `B201-${name}`, TableName: name, Area: 'Hall', InService: 1, Bill: b, ...extra })

const order = (extra: Partial<CounterOrderRow> = {}): CounterOrderRow => ({
  OrderID: '2026112800000017',
  PickupNo: '',
  ServiceType: 'takeaway',
  TableName: '',
  Status: 0,
  KitchenStage: '',
  Amount: '24.00',
  PaidAmount: '0.00',
  Due: '24.00',
  Remarks: '',
  CreatedAt: '2026-11-28T03:58:00.000Z',
  ExpiresAt: '2026-11-28T04:13:00.000Z',
  Lines: [line({ Qua: '2', GoodsName: 'Egg Tart', Unit: 'pc', Amount: '24' })],
  ...extra
})

async function openCounter({ role = 'cashier' as StaffRole, tables = [table('A01'), table('A02', bill()), table('A03')], orders = [order()], position = 500 } = {}) {
  const clock = new Clock()
  const api = new FakeStaffApi()
  const browser = new FakeBrowser(clock)
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
  api.on('StaffMe', () => ({ table1: [{ ...me, Token: '' }], table2: SCOPE }))
  let floor = { tables, orders, position }
  api.on('CounterFloorGet', () => ({
    table1: floor.tables,
    table2: floor.orders,
    table3: [{ Position: floor.position, Currency: 'MOP$', AmoPoint: 2 }],
    table4: [{ StaffID: 'P-mia', Name: 'Manager Mia', Role: 'manager' }]
  }))
  browser.saved.set(STORAGE_KEYS.session, JSON.stringify({ token: me.Token, entId: 'E1001' }))
  const streams: { options: StaffStreamOptions; handlers: StaffStreamHandlers; stopped: boolean }[] = []
  let keys = 0
  const store = new ConsoleStore({
    api,
    browser,
    counter: {
      openStream: (options, handlers) => {
        const s = { options, handlers, stopped: false }
        streams.push(s)
        return { stop: () => void (s.stopped = true) }
      },
      timers: clock,
      newKey: () => `key-${++keys}`
    }
  })
  await store.start()
  render(<App store={store} />)
  await screen.findByRole('heading', { level: 1, name: T('counter.title') })
  await screen.findByRole('button', { name: /A02/ })
  await waitFor(() => expect(streams).toHaveLength(1))
  const stream = () => streams[streams.length - 1]
  const send = async (kind: string, data: Record<string, unknown>, id: number) => act(async () => stream().handlers.onEvent({ id, kind, data } as StaffStreamEvent))
  const state = async (s: StreamState) => act(async () => stream().handlers.onState(s))
  return { api, store, clock, streams, send, state, setFloor: (next: typeof floor) => (floor = next) }
}

const tableButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) })
const panel = () => screen.getByRole('region', { name: /^Table / })

afterEach(cleanup)

describe('front of house', () => {
  it('shows every table (free, or its bill with what is due, its rounds and the kitchen’s stage) and the orders waiting; follows the branch’s stream from the read’s position', async () => {
    const { streams } = await openCounter()
    expect(tableButton('A01').textContent).toContain(T('counter.free'))
    expect(tableButton('A02').textContent).toContain('MOP$83.00 due')
    expect(tableButton('A02').textContent).toContain('1 round · Preparing')
    const waiting = screen.getByRole('region', { name: T('counter.orders') })
    expect(within(waiting).getByRole('button').textContent).toContain('Awaiting payment')
    expect(streams[0].options).toMatchObject({ baseId: 'B201', after: 500 })
    expect(streams[0].options.headers()).toMatchObject({ Authorization: 'Bearer st_cashier' })
    fireEvent.click(tableButton('A02'))
    const bill = panel()
    expect(within(bill).getByRole('heading', { level: 2, name: 'Table A02' })).toBeTruthy()
    expect(within(bill).getByText('MOP$83.00', { selector: '.foh-totals-due dd' })).toBeTruthy()
    expect(within(bill).getByRole('button', { name: 'Cancel Baked Pork Chop Rice, round 1' })).toBeTruthy()
    // Only tables with a bill.
    fireEvent.click(screen.getByRole('button', { name: T('counter.filter.open') }))
    expect(screen.queryByRole('button', { name: /^A01/ })).toBeNull()
  })

  it('applies the stream on top of the read: a round at a free table shows its bill, an event seen twice or older changes nothing, a paid order leaves the waiting list; a ticket bumped reads the floor again once', async () => {
    const { send, api, clock } = await openCounter()
    await send('bill.changed', { table: table('A01', bill({ SheetID: 'B201-S9', TableID: 'B201-A01', Amount: '22.00', Due: '22.00' })) }, 501)
    expect(tableButton('A01').textContent).toContain('MOP$22.00 due')
    await send('bill.changed', { table: table('A01') }, 499)
    expect(tableButton('A01').textContent).toContain('MOP$22.00 due')
    const waiting = () => screen.getByRole('region', { name: T('counter.orders') })
    await send('counter.order', { order: order({ Status: 1, PickupNo: '17', KitchenStage: 'preparing', Due: '0.00', ExpiresAt: '' }) }, 502)
    expect(within(waiting()).getByRole('button').textContent).toContain('No. 17')
    await send('counter.order', { order: order({ Status: 2, PickupNo: '17' }) }, 503)
    expect(within(waiting()).queryByRole('button')).toBeNull()
    const reads = api.inputsOf('CounterFloorGet').length
    const ticket = { TicketID: 'K1', OrderID: 'R1', BaseID: 'B201' }
    await send('ticket.bumped', { ticket }, 504)
    await send('ticket.bumped', { ticket: { ...ticket, TicketID: 'K2' } }, 505)
    await send('ticket.bumped', { ticket: { ...ticket, OrderID: 'R-elsewhere' } }, 506)
    await clock.advance(RELOAD_AFTER_MS)
    await waitFor(() => expect(api.inputsOf('CounterFloorGet').length).toBe(reads + 1))
  })

  it('takes cash: the change shows as it is typed; a network failure keeps the request key (a retry cannot pay twice), a refusal gets a new one; the bill closes and the change is announced', async () => {
    const { api } = await openCounter()
    let attempts = 0
    api.on('CounterPaymentRecord', () => {
      attempts += 1
      if (attempts === 1) throw new StaffError('network', '', 'CounterPaymentRecord')
      if (attempts === 2) throw new StaffError('business', 'The amount is more than the due.', 'CounterPaymentRecord', '0', '21400')
      return {
        table1: [
          {
            Payment: { PayID: 'P1', SheetID: 'B201-S1', OrderID: 'P-set', Method: 'cash', Amount: '83.00', Tendered: '100.00', Change: '17.00', At: '2026-11-28T04:00:00.000Z', StaffName: 'cashier person' },
            Table: table('A02'),
            Order: null,
            Settled: 1,
            Replayed: 0
          }
        ]
      }
    })
    fireEvent.click(tableButton('A02'))
    fireEvent.click(within(panel()).getByRole('button', { name: T('counter.action.pay') }))
    const amount = within(panel()).getByLabelText(T('counter.pay.amount')) as HTMLInputElement
    expect(amount.value).toBe('83.00')
    const change = () => within(panel()).getByText(T('counter.pay.change')).parentElement!.textContent
    expect(change()).toContain('MOP$0.00')
    fireEvent.change(within(panel()).getByLabelText(T('counter.pay.tendered')), { target: { value: '100' } })
    expect(change()).toContain('MOP$17.00')
    fireEvent.change(within(panel()).getByLabelText(T('counter.pay.tendered')), { target: { value: '50' } })
    expect(change()).toContain('—')
    fireEvent.click(within(panel()).getByRole('button', { name: T('counter.pay.submit') }))
    expect(await within(panel()).findByRole('alert')).toBeTruthy()
    expect(api.inputsOf('CounterPaymentRecord')).toHaveLength(0)
    fireEvent.change(within(panel()).getByLabelText(T('counter.pay.tendered')), { target: { value: '100' } })
    // More than is due is refused here before it reaches the server.
    fireEvent.change(amount, { target: { value: '90' } })
    fireEvent.click(within(panel()).getByRole('button', { name: T('counter.pay.submit') }))
    expect((await within(panel()).findByRole('alert')).textContent).toContain('more than the MOP$83.00 due')
    fireEvent.change(amount, { target: { value: '83.00' } })
    // 1: the network fails (the same key next time); 2: the server refuses (a new key); 3: paid.
    for (let i = 0; i < 3; i++) {
      fireEvent.click(within(panel()).getByRole('button', { name: T('counter.pay.submit') }))
      await waitFor(() => expect(api.inputsOf('CounterPaymentRecord')).toHaveLength(i + 1))
    }
    const keys = api.inputsOf('CounterPaymentRecord').map((i) => i.RequestKey)
    expect(keys[0]).toBe(keys[1])
    expect(keys[2]).not.toBe(keys[1])
    expect(api.inputsOf('CounterPaymentRecord')[2]).toMatchObject({ SheetID: 'B201-S1', Method: 'cash', Amount: '83.00', Tendered: '100' })
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Table A02: MOP$83.00 paid by Cash. Give MOP$17.00 change. The bill is paid and closed.')).toBe(true))
    expect(tableButton('A02').textContent).toContain(T('counter.free'))
  })

  it('a cashier cancels a line with a reason and a manager’s PIN; a close with money due asks a reason and an approval; a move sends the bill to a free table', async () => {
    const { api } = await openCounter()
    api.on('CounterLineCancel', () => ({ table1: [table('A02', bill({ Amount: '44.00', Due: '44.00', Rounds: [{ ...bill().Rounds[0], Lines: [line(), line({ LineNo: 2, GoodsName: 'Baked Pork Chop Rice', Qua: '0', Amount: '0', SentQua: '0', Cancelled: 1 })] }] }))] }))
    fireEvent.click(tableButton('A02'))
    fireEvent.click(within(panel()).getByRole('button', { name: 'Cancel Baked Pork Chop Rice, round 1' }))
    expect(within(panel()).getByText(T('counter.cancel.sentNote'))).toBeTruthy()
    fireEvent.click(within(panel()).getByRole('button', { name: T('counter.cancel.submit') }))
    expect((await within(panel()).findByRole('alert')).textContent).toBe(T('counter.cancel.reasonNeeded'))
    fireEvent.change(within(panel()).getByLabelText(T('counter.cancel.reason')), { target: { value: 'Wrong dish' } })
    fireEvent.change(within(panel()).getByLabelText(T('counter.approval.who')), { target: { value: 'P-mia' } })
    fireEvent.change(within(panel()).getByLabelText(T('counter.approval.pin')), { target: { value: '2468' } })
    fireEvent.click(within(panel()).getByRole('button', { name: T('counter.cancel.submit') }))
    await waitFor(() => expect(api.inputsOf('CounterLineCancel')).toHaveLength(1))
    expect(api.inputsOf('CounterLineCancel')[0]).toEqual({ SheetID: 'B201-S1', RoundID: 'R1', LineNo: 2, Qua: '0', Reason: 'Wrong dish', ApproverID: 'P-mia', ApproverPin: '2468' })
    await waitFor(() => expect(within(panel()).getByText(T('counter.line.cancelled'))).toBeTruthy())
    expect(within(panel()).getByText('MOP$44.00', { selector: '.foh-totals-due dd' })).toBeTruthy()

    api.on('CounterBillClose', () => {
      throw new StaffError('business', 'This needs a manager’s approval.', 'CounterBillClose', '0', '21403')
    })
    fireEvent.click(within(panel()).getByRole('button', { name: T('counter.action.close') }))
    expect(within(panel()).getByText(T('counter.close.dueWarning', { due: 'MOP$44.00' }))).toBeTruthy()
    fireEvent.click(within(panel()).getByRole('button', { name: T('counter.close.submit') }))
    expect((await within(panel()).findByRole('alert')).textContent).toBe(T('counter.close.reasonNeeded', { due: 'MOP$44.00' }))
    fireEvent.change(within(panel()).getByLabelText(T('counter.close.reason')), { target: { value: 'Walked out' } })
    fireEvent.click(within(panel()).getByRole('button', { name: T('counter.close.submit') }))
    expect((await within(panel()).findByRole('alert')).textContent).toBe('This needs a manager’s approval.')
    expect(api.inputsOf('CounterBillClose')[0]).toEqual({ SheetID: 'B201-S1', Reason: 'Walked out', ApproverID: '', ApproverPin: '' })
    fireEvent.click(within(panel()).getByRole('button', { name: T('common.cancel') }))

    api.on('CounterTableMove', () => ({ table1: [table('A02'), table('A03', bill({ TableID: 'B201-A03' }))] }))
    fireEvent.click(within(panel()).getByRole('button', { name: T('counter.action.move') }))
    expect((within(panel()).getByLabelText(T('counter.move.to')) as HTMLSelectElement).value).toBe('B201-A01')
    fireEvent.change(within(panel()).getByLabelText(T('counter.move.to')), { target: { value: 'B201-A03' } })
    fireEvent.click(within(panel()).getByRole('button', { name: T('counter.move.submit') }))
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Table A03' })).toBeTruthy())
    expect(api.inputsOf('CounterTableMove')[0]).toEqual({ SheetID: 'B201-S1', ToTableID: 'B201-A03' })
    expect(tableButton('A02').textContent).toContain(T('counter.free'))
  })

  it('a voucher’s code and a member’s code go to their own operations (the voucher’s value is the server’s)', async () => {
    const { api } = await openCounter()
    api.on('CounterVoucherApply', () => ({
      table1: [
        {
          Payment: { PayID: 'P2', SheetID: 'B201-S1', OrderID: 'P-v', Method: 'coupon', Amount: '8.00', Tendered: '8.00', Change: '0.00', At: '2026-11-28T04:00:00.000Z', StaffName: 'cashier person' },
          Table: table('A02', bill({ PaidAmount: '8.00', Due: '75.00' })),
          Order: null,
          Settled: 0,
          Replayed: 0
        }
      ]
    }))
    fireEvent.click(tableButton('A02'))
    fireEvent.click(within(panel()).getByRole('button', { name: T('counter.action.pay') }))
    fireEvent.click(within(panel()).getByRole('radio', { name: T('counter.method.coupon') }))
    expect(within(panel()).queryByLabelText(T('counter.pay.amount'))).toBeNull()
    fireEvent.click(within(panel()).getByRole('button', { name: T('counter.pay.submit') }))
    expect((await within(panel()).findByRole('alert')).textContent).toBe(T('counter.pay.voucherCodeNeeded'))
    fireEvent.change(within(panel()).getByLabelText(T('counter.pay.voucherCode')), { target: { value: '1234 5678 9012' } })
    fireEvent.click(within(panel()).getByRole('button', { name: T('counter.pay.submit') }))
    await waitFor(() => expect(api.inputsOf('CounterVoucherApply')).toHaveLength(1))
    expect(api.inputsOf('CounterVoucherApply')[0]).toEqual({ SheetID: 'B201-S1', Code: '1234 5678 9012', RequestKey: expect.stringMatching(/^key-/) })
    await waitFor(() => expect(within(panel()).getByText('MOP$75.00', { selector: '.foh-totals-due dd' })).toBeTruthy())
    fireEvent.click(within(panel()).getByRole('button', { name: T('counter.action.pay') }))
    fireEvent.click(within(panel()).getByRole('radio', { name: T('counter.method.balance') }))
    fireEvent.change(within(panel()).getByLabelText(T('counter.pay.memberCode')), { target: { value: 'M1.abc.def.ghi' } })
    fireEvent.change(within(panel()).getByLabelText(T('counter.pay.amount')), { target: { value: '20' } })
    api.on('CounterMemberCharge', () => {
      throw new StaffError('business', 'Insufficient balance', 'CounterMemberCharge', '0', '20042')
    })
    fireEvent.click(within(panel()).getByRole('button', { name: T('counter.pay.submit') }))
    expect((await within(panel()).findByRole('alert')).textContent).toBe('Insufficient balance')
    expect(api.inputsOf('CounterMemberCharge')[0]).toMatchObject({ SheetID: 'B201-S1', Code: 'M1.abc.def.ghi', Amount: '20' })
  })

  it('the kitchen role is not offered a member’s balance or a voucher', async () => {
    await openCounter({ role: 'kitchen' })
    fireEvent.click(tableButton('A02'))
    fireEvent.click(within(panel()).getByRole('button', { name: T('counter.action.pay') }))
    expect(within(panel()).queryByRole('radio', { name: T('counter.method.balance') })).toBeNull()
    expect(within(panel()).queryByRole('radio', { name: T('counter.method.coupon') })).toBeNull()
  })

  it('a manager voids on their own: no PIN asked', async () => {
    await openCounter({ role: 'manager' })
    fireEvent.click(tableButton('A02'))
    fireEvent.click(within(panel()).getByRole('button', { name: 'Cancel Baked Pork Chop Rice, round 1' }))
    expect(within(panel()).queryByLabelText(T('counter.approval.pin'))).toBeNull()
  })

  it('says whether it is live', async () => {
    const { state } = await openCounter()
    await state('connected')
    expect(screen.getByText(T('counter.connection.connected'))).toBeTruthy()
    await state('reconnecting')
    expect(screen.getByText(T('counter.connection.reconnecting'))).toBeTruthy()
  })
})

describe('the change', () => {
  it('is exact: tendered − amount, none while the cash does not cover it', () => {
    expect(changeOf('83.10', '100')).toBe('16.9')
    expect(changeOf('0.30', '0.5')).toBe('0.2')
    expect(changeOf('83', '80')).toBeNull()
    expect(changeOf('x', '80')).toBeNull()
  })
})
