/**
 * The kitchen board (issue 24 item 2) in the console frame, with a fake StaffApi, browser, staff
 * stream, chime and timers handed in through the root store's constructor: the board as a cook
 * reads it, events applied on top of the read (idempotent, in place), line done, bump, recall,
 * keys, sound until heard, the connection, stations, and the kitchen language in Settings.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { StaffError } from '../../src/console/api/staff-client'
import type { ConsoleBrowser } from '../../src/console/browser'
import { translate, type ConsoleKey } from '../../src/console/i18n'
import type { StaffStreamEvent, StaffStreamHandlers, StaffStreamOptions, StreamState } from '../../src/console/live/staff-stream'
import { ConsoleStore, STORAGE_KEYS } from '../../src/console/stores/console-store'
import { ANNOUNCE_AFTER_MS, CHIME_EVERY_MS, KITCHEN_STORAGE_KEY } from '../../src/console/stores/kitchen-store'
import { App } from '../../src/console/ui/App'
import { ROLE_PERMISSIONS, type StaffRole } from '../../src/core/staff-permissions'
import type { KitchenStationRow, KitchenTicketLineRow, KitchenTicketRow } from '../../src/gateway/kitchen-contract'
import type { EnterpriseSetupView } from '../../src/gateway/setup-contract'
import type { StaffOperationInputs, StaffSessionRow } from '../../src/gateway/staff-contract'
import { FakeStaffApi } from './support/fake-staff-api'


/** Timers and the clock, moved by the test. */
class Clock {
  now = Date.parse('2026-11-28T02:00:00.000Z')
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
  hashValue = ''
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
  /** The tablet's clock set wrong by this much (the timers run on). */
  skewMs = 0
  now = () => new Date(this.clock.now + this.skewMs)
  every = () => () => undefined
}

interface FakeStream {
  options: StaffStreamOptions
  handlers: StaffStreamHandlers
  stopped: boolean
}

const T = (key: ConsoleKey, params?: Record<string, string | number>) => translate('en', key, params)

const SCOPE = [
  { ShopID: 'S101', BaseID: '', Names: { 'zh-CN': '茶楼', 'zh-TW': '茶樓', en: 'Tea House' } },
  { ShopID: 'S101', BaseID: 'B201', Names: { 'zh-CN': '堂食', 'zh-TW': '堂食', en: 'Dine-in' } }
]

const line = (extra: Partial<KitchenTicketLineRow> = {}): KitchenTicketLineRow => ({
  LineNo: 1,
  GoodsID: 'S101.g.C01',
  GoodsName: 'Shrimp Wonton Noodles',
  SkuName: 'Large',
  Unit: 'bowl',
  Qua: '2',
  PrevQua: '',
  Change: '',
  ChangedAt: '',
  RemarkText: 'Spring onion: No',
  AddOnText: 'Three more wontons',
  BomText: '',
  Done: 0,
  ...extra
})

const ticket = (id: string, extra: Partial<KitchenTicketRow> = {}): KitchenTicketRow => ({
  TicketID: id,
  ShopID: 'S101',
  BaseID: 'B201',
  StationID: '',
  StationName: '',
  OrderID: `R-${id}`,
  Kind: 'round',
  TableID: 'B201-A02',
  TableName: 'A02',
  PickupNo: '',
  ServiceType: 'dinein',
  RoundNo: 1,
  OrderRemarks: '',
  Status: 'open',
  SentAt: '2026-11-28T01:58:00.000Z',
  ChangedAt: '',
  BumpedAt: '',
  AckedAt: '2026-11-28T01:58:30.000Z',
  AlertMinutes: 10,
  PrintError: '',
  Lines: [line()],
  ...extra
})

const soup = (extra: Partial<KitchenTicketLineRow> = {}) => line({ LineNo: 2, GoodsID: 'S101.g.F01', GoodsName: 'Soup of the day', SkuName: '', Unit: 'bowl', Qua: '1', RemarkText: '', AddOnText: '', ...extra })

/** The first read: a table's round (2:00 old), a pickup order (6 min: half of its 10), a late one (15 min). */
const BOARD = (): KitchenTicketRow[] => [
  ticket('K1', { OrderRemarks: 'No coriander please', Lines: [line(), soup()] }),
  ticket('K2', { Kind: 'order', TableID: '', TableName: '', PickupNo: '12', ServiceType: 'takeaway', RoundNo: 0, SentAt: '2026-11-28T01:54:00.000Z', Lines: [line({ LineNo: 1, GoodsID: 'S101.g.M01', GoodsName: 'Tea set', SkuName: '', AddOnText: '', RemarkText: '', BomText: 'Milk tea, Egg tart', Unit: 'set', Qua: '1' })] }),
  ticket('K3', { TableName: 'B07', TableID: 'B201-B07', SentAt: '2026-11-28T01:45:00.000Z', Lines: [soup({ LineNo: 1, Qua: '3' })] })
]

const STATIONS: KitchenStationRow[] = [
  { StationID: 'ST-wok', ShopID: 'S101', BaseID: 'B201', Name: 'Wok', ClassIDs: ['S101.c.NOODLE'], GoodsIDs: [], AlertMinutes: 12, PrinterHost: '', PrinterPort: 9100, Sort: 1 },
  { StationID: 'ST-steam', ShopID: 'S101', BaseID: 'B201', Name: 'Steamer', ClassIDs: ['S101.c.DIMSUM'], GoodsIDs: ['S101.g.F01'], AlertMinutes: 8, PrinterHost: '192.168.1.50', PrinterPort: 9100, Sort: 2 }
]

interface Options {
  role?: StaffRole
  board?: KitchenTicketRow[]
  position?: number
  device?: boolean
  /** The first board read fails (the server not reachable yet). */
  failFirst?: boolean
  /** How far the server's clock is ahead of the tablet's (ms; negative: behind). */
  serverAheadMs?: number
}

async function openBoard({ role = 'kitchen', board = BOARD(), position = 100, device = false, failFirst = false, serverAheadMs = 0 }: Options = {}) {
  const clock = new Clock()
  const api = new FakeStaffApi()
  const browser = new FakeBrowser(clock)
  browser.hashValue = '#/kitchen'
  const me: StaffSessionRow = {
    Token: `st_${role}`,
    StaffID: `P-${role}`,
    EntID: 'E1001',
    Name: `${role} person`,
    Role: role,
    Permissions: ROLE_PERMISSIONS[role].join(','),
    Locale: 'en',
    DeviceID: device ? 'D1' : '',
    DeviceName: device ? 'Kitchen tablet' : '',
    ExpiresAt: '2026-11-29T02:00:00.000Z'
  }
  api.on('StaffMe', () => ({ table1: [{ ...me, Token: '' }], table2: SCOPE }))
  let boardRows = board
  let boardPosition = position
  let failures = failFirst ? 1 : 0
  api.on('KitchenBoardGet', (input) => {
    if (failures-- > 0) throw new StaffError('network', '', 'KitchenBoardGet')
    return boardOf(input)
  })
  const boardOf = (input: StaffOperationInputs['KitchenBoardGet']) => ({
    table1: boardRows.filter((t) => !input.StationID || input.StationID === '*' || t.StationID === input.StationID),
    table2: [],
    table3: STATIONS,
    table4: [{ Position: boardPosition, KitchenLocale: 'en', ServerTime: new Date(clock.now + serverAheadMs).toISOString() }]
  })
  browser.saved.set(STORAGE_KEYS.session, JSON.stringify({ token: me.Token, entId: 'E1001' }))
  if (device) browser.saved.set(STORAGE_KEYS.device, JSON.stringify({ token: 'sd_kitchen', entId: 'E1001', deviceId: 'D1', name: 'Kitchen tablet', kind: 'kitchen' }))
  const streams: FakeStream[] = []
  const chime = { unlocked: 0, played: 0, unlock: () => ((chime.unlocked += 1), true), play: () => void (chime.played += 1) }
  const store = new ConsoleStore({
    api,
    browser,
    kitchen: {
      openStream: (options, handlers) => {
        const s: FakeStream = { options, handlers, stopped: false }
        streams.push(s)
        return { stop: () => void (s.stopped = true) }
      },
      chime,
      timers: clock
    }
  })
  await store.start()
  render(<App store={store} />)
  await screen.findByRole('heading', { level: 1, name: T('kitchen.title') })
  if (board.length && !failFirst) await screen.findAllByRole('article')
  if (!failFirst) await waitFor(() => expect(streams).toHaveLength(1))
  const stream = () => streams[streams.length - 1]
  let id = position
  /** An event of the stream, as the server sends it (the whole ticket). */
  const send = async (kind: string, data: Record<string, unknown>, eventId = ++id) => {
    id = Math.max(id, eventId)
    await act(async () => stream().handlers.onEvent({ id: eventId, kind, data } as StaffStreamEvent))
  }
  const state = async (s: StreamState) => act(async () => stream().handlers.onState(s))
  return {
    api,
    browser,
    store,
    clock,
    chime,
    streams,
    stream,
    send,
    state,
    setBoard: (rows: KitchenTicketRow[], pos: number) => {
      boardRows = rows
      boardPosition = pos
    }
  }
}

const cards = () => screen.queryAllByRole('article')
const card = (name: RegExp | string) => screen.getByRole('article', { name })
const titles = () => cards().map((c) => within(c).getByRole('heading', { level: 3 }).textContent)

describe('the kitchen board', () => {
  it('shows each ticket as a card in arrival order: table or pickup number, service, round, time coloured by its alert and said in words, every line with its quantity, unit, spec, add-ons, combo and remarks; the all-day counts', async () => {
    const { streams } = await openBoard()
    expect(titles()).toEqual(['Table B07', 'No. 12', 'Table A02'])
    const first = card('Table A02')
    expect(within(first).getByText('Dine-in · Round 1')).toBeTruthy()
    expect(within(first).getByText('2:00')).toBeTruthy()
    expect(within(first).getByText(T('kitchen.level.ok'))).toBeTruthy()
    const noodles = within(first).getByRole('button', { name: /Shrimp Wonton Noodles/ })
    expect(noodles.textContent).toBe('2 bowlShrimp Wonton Noodles Large+ Three more wontonsSpring onion: No')
    expect(noodles.getAttribute('aria-pressed')).toBe('false')
    expect(within(first).getByText('No coriander please')).toBeTruthy()
    const pickup = card('No. 12')
    expect(within(pickup).getByText('Takeaway')).toBeTruthy()
    expect(within(pickup).getByText(T('kitchen.level.warn'))).toBeTruthy()
    expect(within(pickup).getByRole('button', { name: /Tea set/ }).textContent).toContain('Combo: Milk tea, Egg tart')
    expect(within(card('Table B07')).getByText(T('kitchen.level.late'))).toBeTruthy()
    expect(card('Table B07').className).toContain('kds-level-late')
    // Key numbers for a bump bar.
    expect(cards().map((c) => c.querySelector('.kds-number')?.textContent)).toEqual(['Key 1', 'Key 2', 'Key 3'])
    // All day: soup 1 + 3, noodles 2, tea set 1.
    const allDay = screen.getByRole('region', { name: T('kitchen.allDay') })
    expect(within(allDay).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['4 bowlSoup of the day', '2 bowlShrimp Wonton Noodles', '1 setTea set'])
    // The stream follows the branch from the read's position, with the session's headers.
    expect(streams[0].options.baseId).toBe('B201')
    expect(streams[0].options.after).toBe(100)
    expect(streams[0].options.headers()).toMatchObject({ Authorization: 'Bearer st_kitchen' })
  })

  it('applies events on top of the read: a new ticket once (an event seen twice or older than the read changes nothing), a changed ticket in place with the old quantity struck through, a cancelled line kept; counts follow', async () => {
    const { send, clock } = await openBoard()
    const k4 = ticket('K4', { TableName: 'A09', SentAt: '2026-11-28T01:59:30.000Z', AckedAt: '', Lines: [soup({ LineNo: 1, Qua: '2', RemarkText: 'Less salt' })] })
    await send('ticket.sent', { ticket: k4 }, 101)
    await send('ticket.sent', { ticket: k4 }, 101)
    await send('ticket.sent', { ticket: { ...k4, TicketID: 'K-old', TableName: 'Z99' } }, 90)
    expect(titles()).toEqual(['Table B07', 'No. 12', 'Table A02', 'Table A09'])
    expect(within(card('Table A09')).getByText(T('kitchen.new'))).toBeTruthy()
    // Said politely once things are quiet, not once per event.
    const live = () => document.querySelector('[aria-live="polite"]')!.textContent
    expect(live()).toBe('')
    await clock.advance(ANNOUNCE_AFTER_MS)
    expect(live()).toBe('New ticket: Table A09, round 1.')

    // The diner raises the noodles 2 → 3 and the shop cancels the soup of the first ticket.
    const changed = ticket('K1', { ChangedAt: '2026-11-28T02:00:05.000Z', AckedAt: '', OrderRemarks: 'No coriander please', Lines: [line({ Qua: '3', PrevQua: '2', Change: 'raised' }), soup({ Qua: '0', PrevQua: '1', Change: 'cancelled' })] })
    await send('ticket.changed', { ticket: changed }, 102)
    expect(titles()).toEqual(['Table B07', 'No. 12', 'Table A02', 'Table A09'])
    expect(screen.getAllByRole('heading', { level: 3, name: 'Table A02' })).toHaveLength(1)
    const first = card('Table A02')
    expect(first.className).toContain('kds-flash')
    const noodles = within(first).getByRole('button', { name: /Shrimp Wonton Noodles/ })
    expect(noodles.querySelector('del')?.textContent).toBe('2')
    expect(noodles.textContent).toContain('was 2, now 3 bowl')
    expect(within(noodles).getByText(T('kitchen.raised'))).toBeTruthy()
    // The cancelled soup is still there, struck through, not a button.
    const cancelled = within(first).getByText(T('kitchen.cancelled')).closest('.kds-line')!
    expect(cancelled.tagName).toBe('DIV')
    expect(cancelled.querySelector('s')?.textContent).toContain('1 bowl')
    expect(cancelled.textContent).toContain('Soup of the day')
    await clock.advance(ANNOUNCE_AFTER_MS)
    expect(live()).toBe('Ticket changed: Table A02, round 1.')
    // The flash ends; the change stays written.
    await clock.advance(5000)
    expect(card('Table A02').className).not.toContain('kds-flash')
    expect(within(card('Table A02')).getByText(T('kitchen.unheardChange'))).toBeTruthy()
    const allDay = screen.getByRole('region', { name: T('kitchen.allDay') })
    expect(within(allDay).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['5 bowlSoup of the day', '3 bowlShrimp Wonton Noodles', '1 setTea set'])
  })

  it('offers Reprint only on tickets of a station with a printer, and says whether the ticket printed', async () => {
    const { api } = await openBoard({ board: [ticket('K1', { StationID: 'ST-steam' }), ticket('K2', { StationID: 'ST-wok', TableName: 'A05' })] })
    expect(within(card('Table A05')).queryByRole('button', { name: /Reprint/ })).toBeNull()
    let printed = true
    api.on('KitchenTicketReprint', () => ({ table1: [{ Printed: printed, Error: printed ? '' : 'the printer is out of paper' }] }))
    fireEvent.click(within(card('Table A02')).getByRole('button', { name: 'Reprint Table A02, round 1' }))
    await waitFor(() => expect(api.inputsOf('KitchenTicketReprint')).toEqual([{ TicketID: 'K1' }]))
    printed = false
    fireEvent.click(within(card('Table A02')).getByRole('button', { name: 'Reprint Table A02, round 1' }))
    expect(await screen.findByText('Table A02, round 1 did not print: the printer is out of paper')).toBeTruthy()
  })

  it('a print that failed for good shows on its card and above the board, with Reprint; the stream brings it; a reprint that prints clears it', async () => {
    const { api, send, store } = await openBoard({
      board: [ticket('K1', { StationID: 'ST-steam' }), ticket('K2', { StationID: 'ST-wok', TableName: 'A05', SentAt: '2026-11-28T01:59:00.000Z', PrintError: 'connection refused (127.0.0.1:9100)' })]
    })
    // Read with the board: a station that has no printer now cannot reprint, and says so.
    expect(within(card('Table A05')).getByText(T('kitchen.printFailed.tag'))).toBeTruthy()
    expect(within(card('Table A05')).getByText(T('kitchen.printFailed.noPrinter', { error: 'connection refused (127.0.0.1:9100)' }))).toBeTruthy()
    expect(within(card('Table A05')).queryByRole('button', { name: /Reprint/ })).toBeNull()
    expect(screen.getByText(T('kitchen.printFailed.summary', { n: 1 }))).toBeTruthy()
    expect(within(card('Table A02')).queryByText(T('kitchen.printFailed.tag'))).toBeNull()

    // The print worker gives up on K1: every board hears the ticket with its reason, and says it.
    const k1 = ticket('K1', { StationID: 'ST-steam' })
    await send('ticket.printed', { ticket: { ...k1, PrintError: 'the printer is out of paper' } })
    const a02 = card('Table A02')
    expect(within(a02).getByText(T('kitchen.printFailed.tag'))).toBeTruthy()
    const detail = within(a02).getByText(T('kitchen.printFailed.detail', { error: 'the printer is out of paper' }))
    const reprint = within(a02).getByRole('button', { name: 'Reprint Table A02, round 1' })
    expect(reprint.getAttribute('aria-describedby')).toBe(detail.id)
    expect(screen.getByText(T('kitchen.printFailed.summary', { n: 2 }))).toBeTruthy()
    expect(screen.getByText(T('kitchen.printFailed.announce', { ticket: 'Table A02, round 1' }))).toBeTruthy()
    expect(store.kitchen.printFailures.map((t) => t.TicketID)).toEqual(['K1', 'K2'])

    // Reprint: it prints; the card and the summary say so no more.
    api.on('KitchenTicketReprint', () => ({ table1: [{ Printed: true, Error: '' }] }))
    fireEvent.click(reprint)
    await waitFor(() => expect(within(card('Table A02')).queryByText(T('kitchen.printFailed.tag'))).toBeNull())
    expect(within(card('Table A02')).queryByRole('button', { name: 'Reprint Table A02, round 1' })?.getAttribute('aria-describedby')).toBeNull()
    expect(screen.getByText(T('kitchen.printFailed.summary', { n: 1 }))).toBeTruthy()
    // Another board's reprint clears it the same way, through the stream.
    await send('ticket.printed', { ticket: ticket('K2', { StationID: 'ST-wok', TableName: 'A05', SentAt: '2026-11-28T01:59:00.000Z' }) })
    expect(screen.queryByText(/did not print/)).toBeNull()
  })

  it('the clock ticks every second and the colour follows the station’s alert timer', async () => {
    const { clock } = await openBoard({ board: [ticket('K1', { SentAt: '2026-11-28T01:55:01.000Z', AlertMinutes: 10 })] })
    const first = () => card('Table A02')
    expect(within(first()).getByText('4:59')).toBeTruthy()
    expect(within(first()).getByText(T('kitchen.level.ok'))).toBeTruthy()
    await clock.advance(1000)
    expect(within(first()).getByText('5:00')).toBeTruthy()
    expect(within(first()).getByText(T('kitchen.level.warn'))).toBeTruthy()
    await clock.advance(300_000)
    expect(within(first()).getByText('10:00')).toBeTruthy()
    expect(within(first()).getByText(T('kitchen.level.late'))).toBeTruthy()
  })

  it('ages are timed by the server’s clock, not the tablet’s: learned from the board read, and moved on by a ticket stamped later than it', async () => {
    // The tablet's clock is 10 minutes slow (02:00 on it, 02:10 on the server): the pickup order sent
    // at 01:54 is 16 minutes old and late, not 6 minutes and half-way.
    const { browser, clock, send, store } = await openBoard({ serverAheadMs: 10 * 60_000 })
    expect(store.kitchen.clockOffsetMs).toBe(10 * 60_000)
    expect(within(card('No. 12')).getByText('16:00')).toBeTruthy()
    expect(within(card('No. 12')).getByText(T('kitchen.level.late'))).toBeTruthy()
    await clock.advance(1000)
    expect(within(card('No. 12')).getByText('16:01')).toBeTruthy()
    // The tablet's clock goes back two more minutes; a ticket the server sends now (02:10:01) is not in
    // the future: the board's clock moves on to its time, and it counts up from 0:00.
    browser.skewMs = -2 * 60_000
    await send('ticket.sent', { ticket: ticket('K9', { TableName: 'C01', TableID: 'B201-C01', SentAt: new Date(clock.now + 10 * 60_000).toISOString(), AckedAt: '' }) })
    expect(store.kitchen.clockOffsetMs).toBe(12 * 60_000)
    expect(within(card('Table C01')).getByText('0:00')).toBeTruthy()
    await clock.advance(61_000)
    expect(within(card('Table C01')).getByText('1:01')).toBeTruthy()
    expect(within(card('Table C01')).getByText(T('kitchen.level.ok'))).toBeTruthy()
    expect(within(card('No. 12')).getByText('17:02')).toBeTruthy()
  })

  it('tap a line: done (and back); Bump: the ticket leaves for Recently bumped; Recall brings the station’s last bumped back; another tablet’s bump arrives as an event', async () => {
    const { api, send } = await openBoard()
    const done = (t: KitchenTicketRow) => ({ ...t, Lines: t.Lines.map((l) => (l.LineNo === 1 ? { ...l, Done: 1 as const } : l)) })
    const k1 = BOARD()[0]
    api.on('KitchenLineDone', (input) => ({ table1: [input.Done ? done(k1) : k1] }))
    fireEvent.click(within(card('Table A02')).getByRole('button', { name: /Shrimp Wonton Noodles/ }))
    await waitFor(() => expect(within(card('Table A02')).getByRole('button', { name: /Shrimp Wonton Noodles/ }).getAttribute('aria-pressed')).toBe('true'))
    expect(within(card('Table A02')).getByRole('button', { name: /Shrimp Wonton Noodles/ }).textContent).toContain(T('kitchen.done'))
    expect(api.inputsOf('KitchenLineDone')).toEqual([{ TicketID: 'K1', LineNo: 1, Done: 1 }])
    // Done lines leave the all-day count.
    const allDay = screen.getByRole('region', { name: T('kitchen.allDay') })
    expect(within(allDay).queryByText('Shrimp Wonton Noodles')).toBeNull()

    api.on('KitchenTicketBump', (input) => ({ table1: [{ ...BOARD().find((t) => t.TicketID === input.TicketID)!, Status: 'bumped', BumpedAt: '2026-11-28T02:00:10.000Z' }] }))
    fireEvent.click(screen.getByRole('button', { name: `${T('kitchen.bump')} No. 12` }))
    await waitFor(() => expect(titles()).toEqual(['Table B07', 'Table A02']))
    const recent = screen.getByRole('region', { name: T('kitchen.recent') })
    expect(within(recent).getByRole('button', { name: `${T('kitchen.recall')} No. 12` })).toBeTruthy()
    expect(api.inputsOf('KitchenTicketBump')).toEqual([{ TicketID: 'K2' }])

    api.on('KitchenTicketRecall', () => ({ table1: [{ ...BOARD()[1], Status: 'open' }] }))
    fireEvent.click(screen.getAllByRole('button', { name: T('kitchen.recall') })[0])
    await waitFor(() => expect(titles()).toEqual(['Table B07', 'No. 12', 'Table A02']))
    expect(api.inputsOf('KitchenTicketRecall')).toEqual([{ BaseID: 'B201', StationID: '*' }])
    expect(within(screen.getByRole('region', { name: T('kitchen.recent') })).queryByRole('button', { name: `${T('kitchen.recall')} No. 12` })).toBeNull()

    // Another tablet bumps the late one: it leaves this board too, once.
    const bumped = { ...BOARD()[2], Status: 'bumped' as const, BumpedAt: '2026-11-28T02:00:20.000Z' }
    await send('ticket.bumped', { ticket: bumped })
    await send('ticket.bumped', { ticket: bumped })
    expect(titles()).toEqual(['No. 12', 'Table A02'])
    expect(within(screen.getByRole('region', { name: T('kitchen.recent') })).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['Table B07, round 1'])
  })

  it('keys: 1–9 select the ticket with that number, Enter bumps it (the next is selected), Backspace recalls; typing in a field is left alone', async () => {
    const { api } = await openBoard()
    api.on('KitchenTicketBump', (input) => ({ table1: [{ ...BOARD().find((t) => t.TicketID === input.TicketID)!, Status: 'bumped', BumpedAt: '2026-11-28T02:00:10.000Z' }] }))
    api.on('KitchenTicketRecall', () => ({ table1: [{ ...BOARD()[1], Status: 'open' }] }))
    fireEvent.keyDown(document.body, { key: '2' })
    expect(card('No. 12').className).toContain('kds-selected')
    expect(within(card('No. 12')).getByText(T('kitchen.selected'))).toBeTruthy()
    expect(document.activeElement).toBe(card('No. 12'))
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' })
    await waitFor(() => expect(titles()).toEqual(['Table B07', 'Table A02']))
    expect(api.inputsOf('KitchenTicketBump')).toEqual([{ TicketID: 'K2' }])
    // The ticket that took its place is selected, and has the focus: Enter again would bump it.
    expect(card('Table A02').className).toContain('kds-selected')
    await waitFor(() => expect(document.activeElement).toBe(card('Table A02')))
    fireEvent.keyDown(document.activeElement!, { key: 'Backspace' })
    await waitFor(() => expect(titles()).toEqual(['Table B07', 'No. 12', 'Table A02']))
    expect(api.inputsOf('KitchenTicketRecall')).toEqual([{ BaseID: 'B201', StationID: '*' }])
    expect(card('No. 12').className).toContain('kds-selected')
    // A key with no ticket selects nothing; keys in a field are the field's.
    fireEvent.keyDown(document.body, { key: '9' })
    expect(card('No. 12').className).toContain('kds-selected')
    fireEvent.keyDown(screen.getByLabelText(T('kitchen.station')), { key: 'Backspace' })
    expect(api.inputsOf('KitchenTicketRecall')).toHaveLength(1)
    // The keys are written on the page.
    const keys = screen.getByRole('region', { name: T('kitchen.keys.title') })
    expect(keys.textContent).toContain(T('kitchen.keys.bump'))
  })

  it('sound: nothing before the tap; then a chime at once and every few seconds while a ticket is unheard; Heard acknowledges them all; an ack from another board stops it too; a new ticket starts it again', async () => {
    const { api, chime, clock, send } = await openBoard()
    const k4 = ticket('K4', { TableName: 'A09', AckedAt: '' })
    await send('ticket.sent', { ticket: k4 })
    await clock.advance(CHIME_EVERY_MS * 2)
    expect(chime.played).toBe(0)
    expect(screen.getByText(T('kitchen.sound.offNote'))).toBeTruthy()
    expect(screen.getByText(T('kitchen.sounding', { n: 1 }))).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: T('kitchen.sound.turnOn') }))
    expect(chime.unlocked).toBe(1)
    expect(chime.played).toBe(1)
    await clock.advance(CHIME_EVERY_MS)
    expect(chime.played).toBe(2)
    await clock.advance(CHIME_EVERY_MS)
    expect(chime.played).toBe(3)

    api.on('KitchenTicketAck', () => ({ table1: [{ Acked: 1 }] }))
    fireEvent.click(screen.getByRole('button', { name: T('kitchen.heard') }))
    await waitFor(() => expect(screen.queryByRole('button', { name: T('kitchen.heard') })).toBeNull())
    expect(api.inputsOf('KitchenTicketAck')).toEqual([{ BaseID: 'B201', TicketIDs: 'K4' }])
    await clock.advance(CHIME_EVERY_MS * 3)
    expect(chime.played).toBe(3)

    // Two new tickets; another board hears them.
    await send('ticket.sent', { ticket: ticket('K5', { TableName: 'A10', AckedAt: '' }) })
    await send('ticket.sent', { ticket: ticket('K6', { TableName: 'A11', AckedAt: '' }) })
    expect(chime.played).toBe(4)
    expect(screen.getByText(T('kitchen.sounding', { n: 2 }))).toBeTruthy()
    await send('ticket.acked', { ticketIds: ['K5', 'K6'] })
    expect(screen.queryByRole('button', { name: T('kitchen.heard') })).toBeNull()
    await clock.advance(CHIME_EVERY_MS * 3)
    expect(chime.played).toBe(4)
    // A change asks to be heard again.
    await send('ticket.changed', { ticket: ticket('K5', { TableName: 'A10', AckedAt: '', ChangedAt: '2026-11-28T02:01:00.000Z', Lines: [line({ Qua: '1', PrevQua: '2', Change: 'lowered' })] }) })
    expect(chime.played).toBe(5)
    expect(within(card('Table A10')).getByText(T('kitchen.lowered'))).toBeTruthy()
  })

  it('the connection is always written; a 401 on the stream ends the session; a reset reads the board again and applies what came meanwhile on top', async () => {
    const { state, stream, setBoard, send, api } = await openBoard()
    const connection = () => screen.getByText((_, el) => el?.classList.contains('kds-connection') === true)
    await state('connecting')
    expect(connection().textContent).toContain(T('kitchen.connection.connecting'))
    await state('connected')
    expect(connection().textContent).toContain(T('kitchen.connection.connected'))
    await state('reconnecting')
    expect(connection().textContent).toContain(T('kitchen.connection.reconnecting'))
    await state('polling')
    expect(connection().textContent).toContain(T('kitchen.connection.polling'))

    // reset: the board is read again; an event that came during the read is applied after it, one the read holds is not.
    let release: () => void = () => undefined
    const gate = new Promise<void>((r) => (release = r))
    const fresh = [ticket('K9', { TableName: 'C01' })]
    setBoard(fresh, 500)
    const plain = api.inputsOf('KitchenBoardGet').length
    api.on('KitchenBoardGet', async () => {
      await gate
      return { table1: fresh, table2: [], table3: STATIONS, table4: [{ Position: 500, KitchenLocale: 'en', ServerTime: '2026-11-28T02:00:00.000Z' }] }
    })
    await act(async () => stream().handlers.onReset(480))
    await send('ticket.changed', { ticket: ticket('K9', { TableName: 'C01', Lines: [line({ Qua: '9' })] }) }, 499)
    await send('ticket.sent', { ticket: ticket('K10', { TableName: 'C02', SentAt: '2026-11-28T01:59:00.000Z' }) }, 501)
    await act(async () => release())
    await waitFor(() => expect(titles()).toEqual(['Table C01', 'Table C02']))
    expect(within(card('Table C01')).getByRole('button', { name: /Shrimp/ }).textContent).toContain('2 bowl')
    expect(api.inputsOf('KitchenBoardGet').length).toBe(plain + 1)

    await state('signedOut')
    await screen.findByText(T('common.signInAgain'))
  })

  it('a board that cannot be read (the server not reachable yet) says so and tries again by itself', async () => {
    const { clock, streams, api } = await openBoard({ failFirst: true })
    await screen.findByText(T('common.networkError'))
    expect(screen.getByText(T('kitchen.connection.reconnecting'))).toBeTruthy()
    expect(streams).toHaveLength(0)
    await clock.advance(2999)
    expect(api.inputsOf('KitchenBoardGet')).toHaveLength(1)
    await clock.advance(1)
    await waitFor(() => expect(titles()).toEqual(['Table B07', 'No. 12', 'Table A02']))
    expect(screen.queryByText(T('common.networkError'))).toBeNull()
    expect(streams).toHaveLength(1)
    expect(streams[0].options.after).toBe(100)
  })

  it('a station shows only its own tickets (the branch’s stream goes on); the choice is remembered on this browser', async () => {
    const { browser, send, streams, api } = await openBoard({ board: [ticket('K1', { StationID: 'ST-wok', StationName: 'Wok' }), ticket('K2', { StationID: 'ST-steam', StationName: 'Steamer', TableName: 'A05' })] })
    expect(titles()).toEqual(['Table A02', 'Table A05'])
    expect(within(card('Table A02')).getByText('Dine-in · Round 1 · Wok')).toBeTruthy()
    fireEvent.change(screen.getByLabelText(T('kitchen.station')), { target: { value: 'ST-steam' } })
    await waitFor(() => expect(titles()).toEqual(['Table A05']))
    expect(api.inputsOf('KitchenBoardGet').map((i) => i.StationID)).toEqual(['*', 'ST-steam'])
    expect(streams).toHaveLength(1)
    await send('ticket.sent', { ticket: ticket('K3', { StationID: 'ST-wok', StationName: 'Wok', TableName: 'A06' }) })
    await send('ticket.sent', { ticket: ticket('K4', { StationID: 'ST-steam', StationName: 'Steamer', TableName: 'A07' }) })
    expect(titles()).toEqual(['Table A05', 'Table A07'])
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`${T('kitchen.title')} · Steamer`)
    expect(JSON.parse(browser.saved.get(KITCHEN_STORAGE_KEY)!)).toEqual({ baseId: 'B201', stationId: 'ST-steam' })
  })

  it('a paired kitchen tablet opens on the board after the PIN sign-in, for its own branch', async () => {
    const { store, streams, api } = await openBoard({ device: true })
    const me = store.me!
    // The cook hands the tablet over (signed out: no one, no scope), the next signs in with a PIN.
    await act(async () => {
      await store.signOut()
    })
    expect(store.scope).toEqual([])
    expect(streams[0].stopped).toBe(true)
    expect(store.homePath).toBe('/account')
    // StaffMe (the scope) answers only after the board is on screen.
    let answer: () => void = () => undefined
    const slow = new Promise<void>((r) => (answer = r))
    api.on('StaffMe', async () => {
      await slow
      return { table1: [{ ...me, Token: '' }], table2: SCOPE }
    })
    let signedIn: Promise<void> = Promise.resolve()
    await act(async () => {
      signedIn = store.startSession({ ...me, Token: 'st_next' })
    })
    expect(store.route.path).toBe('/kitchen')
    await screen.findByRole('heading', { level: 1, name: T('kitchen.title') })
    expect(streams).toHaveLength(1)
    await act(async () => {
      answer()
      await signedIn
    })
    // The scope came after the page opened: the board opened then, on the device's branch.
    await waitFor(() => expect(titles()).toEqual(['Table B07', 'No. 12', 'Table A02']))
    expect(streams).toHaveLength(2)
    expect(streams[1].options.baseId).toBe('B201')
    expect(streams[1].options.headers()).toMatchObject({ Authorization: 'Bearer st_next', 'X-Staff-Device': 'sd_kitchen' })
    // A cook signed in without a device starts on the board too (the role's screen).
    const other = new ConsoleStore({ api: new FakeStaffApi(), browser: new FakeBrowser(new Clock()) })
    other.me = { ...store.me!, DeviceID: '' }
    expect(other.homePath).toBe('/kitchen')
  })

  it('a cook is not offered the stations; a manager lists, adds (classes and a dish from the menu), edits and removes them after a confirmation', async () => {
    const cook = await openBoard()
    expect(screen.queryByRole('button', { name: T('kitchen.stations.manage') })).toBeNull()
    cook.store.stop()
    cleanup()

    const { api } = await openBoard({ role: 'manager' })
    api.on('KitchenStationList', () => ({ table1: STATIONS }))
    api.on('StaffMenuGet', () => ({
      table1: [
        { GoodsID: 'S101.g.C01', ClassID: 'S101.c.NOODLE', Code: 'C01', Names: { 'zh-CN': '虾云吞面', 'zh-TW': '蝦雲吞麵', en: 'Shrimp Wonton Noodles' }, Price: '48', Image: '', SoldOut: 0 },
        { GoodsID: 'S101.g.F01', ClassID: 'S101.c.SOUP', Code: 'F01', Names: { 'zh-CN': '是日例汤', 'zh-TW': '是日例湯', en: 'Soup of the day' }, Price: '22', Image: '', SoldOut: 0 }
      ],
      table2: [],
      table3: [
        { ClassID: 'S101.c.NOODLE', Names: { 'zh-CN': '面', 'zh-TW': '麵', en: 'Noodles' } },
        { ClassID: 'S101.c.DIMSUM', Names: { 'zh-CN': '点心', 'zh-TW': '點心', en: 'Dim sum' } },
        { ClassID: 'S101.c.SOUP', Names: { 'zh-CN': '汤', 'zh-TW': '湯', en: 'Soup' } }
      ]
    }))
    const saved: StaffOperationInputs['KitchenStationSave'][] = []
    api.on('KitchenStationSave', (input) => {
      saved.push(input)
      return { table1: [{ ...STATIONS[0], StationID: input.StationID || 'ST-new', Name: input.Name }] }
    })
    api.on('KitchenStationRemove', () => ({ table1: [{ Removed: true }] }))
    fireEvent.click(screen.getByRole('button', { name: T('kitchen.stations.manage') }))
    await screen.findByRole('heading', { level: 1, name: T('kitchen.stations.title') })
    const steamer = (await screen.findByRole('heading', { level: 2, name: 'Steamer' })).closest('li')!
    await waitFor(() => expect(steamer.textContent).toContain('Dim sum'))
    expect(steamer.textContent).toContain('Soup of the day')
    expect(steamer.textContent).toContain('192.168.1.50:9100')

    fireEvent.click(screen.getByRole('button', { name: T('kitchen.stations.add') }))
    expect(document.activeElement?.textContent).toBe(T('kitchen.stations.newTitle'))
    fireEvent.change(screen.getByLabelText(T('kitchen.field.alertMinutes')), { target: { value: '0' } })
    fireEvent.click(screen.getByRole('button', { name: T('common.save') }))
    expect(screen.getByRole('alert').textContent).toContain(T('kitchen.error.name'))
    expect(screen.getByRole('alert').textContent).toContain(T('kitchen.error.alert'))
    expect(saved).toEqual([])
    fireEvent.change(screen.getByLabelText(T('kitchen.field.name')), { target: { value: 'Bar' } })
    fireEvent.change(screen.getByLabelText(T('kitchen.field.alertMinutes')), { target: { value: '6' } })
    // A class another station cooks says so.
    fireEvent.click(screen.getByLabelText(T('kitchen.stations.classAt', { name: 'Dim sum', station: 'Steamer' })))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Soup' }))
    fireEvent.click(screen.getByLabelText('Shrimp Wonton Noodles'))
    fireEvent.change(screen.getByLabelText(T('kitchen.field.printerHost')), { target: { value: ' 10.0.0.9 ' } })
    fireEvent.click(screen.getByRole('button', { name: T('common.save') }))
    await screen.findByText(T('kitchen.stations.saved', { name: 'Bar' }))
    expect(saved).toEqual([{ BaseID: 'B201', StationID: '', Name: 'Bar', ClassIDs: 'S101.c.DIMSUM,S101.c.SOUP', GoodsIDs: 'S101.g.C01', AlertMinutes: 6, PrinterHost: '10.0.0.9', PrinterPort: 9100, Sort: 3 }])

    fireEvent.click(screen.getByRole('button', { name: `${T('common.edit')} Wok` }))
    expect(screen.getByLabelText(T('kitchen.field.name'))).toHaveProperty('value', 'Wok')
    fireEvent.change(screen.getByLabelText(T('kitchen.field.name')), { target: { value: 'Wok line' } })
    fireEvent.click(screen.getByRole('button', { name: T('common.save') }))
    await waitFor(() => expect(saved).toHaveLength(2))
    expect(saved[1]).toMatchObject({ StationID: 'ST-wok', Name: 'Wok line', ClassIDs: 'S101.c.NOODLE', AlertMinutes: 12 })

    fireEvent.click(await screen.findByRole('button', { name: `${T('common.remove')} Steamer` }))
    expect(document.activeElement?.textContent).toBe(T('kitchen.stations.removeTitle', { name: 'Steamer' }))
    expect(api.inputsOf('KitchenStationRemove')).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: T('kitchen.stations.removeYes') }))
    await screen.findByText(T('kitchen.stations.removed', { name: 'Steamer' }))
    expect(api.inputsOf('KitchenStationRemove')).toEqual([{ StationID: 'ST-steam' }])

    fireEvent.click(screen.getByRole('button', { name: T('kitchen.stations.back') }))
    await screen.findByRole('heading', { level: 1, name: T('kitchen.title') })
  })
})

describe('Settings: the kitchen language', () => {
  it('is a choice of its own, sent as the KitchenLocale setting (and taken out again for the diners’ language)', async () => {
    const clock = new Clock()
    const api = new FakeStaffApi()
    const browser = new FakeBrowser(clock)
    browser.hashValue = '#/settings'
    const ENTERPRISE: EnterpriseSetupView & { entId: string } = {
      entId: 'E1001',
      names: { 'zh-CN': '茶楼', 'zh-TW': '茶樓', en: 'Tea House' },
      currency: 'MOP$',
      timeZone: 'Asia/Macau',
      languages: ['zh-TW', 'en'],
      amoPoint: 2,
      pricePoint: 2,
      quantityEditAllowed: true,
      lowerSentAllowed: false,
      settings: { QuaPoint: '0' },
      serviceLinks: { api: '/', h5: '/', image: '/files/' }
    }
    let current = ENTERPRISE
    api.on('StaffMe', () => ({ table1: [{ Token: '', StaffID: 'P1', EntID: 'E1001', Name: 'Owner', Role: 'owner', Permissions: ROLE_PERMISSIONS.owner.join(','), Locale: 'en', DeviceID: '', DeviceName: '', ExpiresAt: '' }], table2: SCOPE }))
    api.on('EnterpriseGet', () => ({ table1: [current] }))
    api.on('EnterpriseUpdate', (input) => {
      const settings = { ...current.settings }
      for (const [k, v] of Object.entries(input.Changes.settings ?? {})) {
        if (v === null) delete settings[k]
        else settings[k] = v
      }
      current = { ...current, settings }
      return { table1: [current] }
    })
    browser.saved.set(STORAGE_KEYS.session, JSON.stringify({ token: 'st_owner', entId: 'E1001' }))
    const store = new ConsoleStore({ api, browser })
    await store.start()
    render(<App store={store} />)
    const select = await screen.findByLabelText(T('settings.kitchenLocale'))
    expect((select as HTMLSelectElement).value).toBe('')
    fireEvent.change(select, { target: { value: 'zh-CN' } })
    fireEvent.click(screen.getByRole('button', { name: T('common.save') }))
    await waitFor(() => expect(api.inputsOf('EnterpriseUpdate')).toHaveLength(1))
    expect(api.inputsOf('EnterpriseUpdate')[0].Changes).toEqual({ settings: { KitchenLocale: 'zh-CN' } })
    // Not listed again among the other settings.
    await waitFor(() => expect((screen.getByLabelText(T('settings.kitchenLocale')) as HTMLSelectElement).value).toBe('zh-CN'))
    expect(screen.queryByDisplayValue('KitchenLocale')).toBeNull()
    fireEvent.change(screen.getByLabelText(T('settings.kitchenLocale')), { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: T('common.save') }))
    await waitFor(() => expect(api.inputsOf('EnterpriseUpdate')).toHaveLength(2))
    expect(api.inputsOf('EnterpriseUpdate')[1].Changes).toEqual({ settings: { KitchenLocale: null } })
  })
})
