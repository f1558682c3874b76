/**
 * The kitchen board (issue 24 item 2; docs/console.md "Kitchen board"): a branch's open tickets, of
 * one station or of all (the expediter), live.
 *
 * KitchenBoardGet reads the board with the event position it stands at; the staff stream
 * (../live/staff-stream.ts) then carries every change after that position (../live/stream-follower.ts:
 * the read, the stream from its position, events waiting during a read, a failed read tried again). Each ticket event holds
 * the whole ticket as it is now, so applying one is an upsert by TicketID: an event seen twice (or
 * older than the read) changes nothing, a changed ticket is replaced where it stands, a ticket
 * never appears twice. Events that arrive while the board is being read again (another station,
 * a `reset`) wait and are applied on top of the read, those it already holds left out.
 *
 * Open tickets stand in arrival order (SentAt); their age is timed by the server's clock, not the
 * tablet's: each board read says the server's time (the offset from this clock is learned at the
 * read's midpoint), and a ticket sent, changed or bumped later than the clock we keep moves that
 * clock forward (the server's now is never before a time it wrote). Bumped ones leave for a short
 * "recently bumped" list; the all-day counts are recomputed from the open tickets with the server's own rule
 * (src/core/kitchen-all-day.ts). A ticket nobody acknowledged (AckedAt '') sounds: once sound is
 * on, a chime repeats until someone says "Heard" (KitchenTicketAck), on any board of the branch.
 *
 * The gateway (through the root's call), the stream, the chime and the timers come in through the
 * constructor: tests drive it all without module mocks.
 */
import { makeAutoObservable, reaction, runInAction, type IReactionDisposer } from 'mobx'
import { allDayCounts } from '../../core/kitchen-all-day'
import type { KitchenAllDayRow, KitchenStationRow, KitchenTicketLineRow, KitchenTicketRow } from '../../gateway/kitchen-contract'
import type { StaffCredentials, StaffOutput } from '../api/staff-client'
import { webAudioChime } from '../live/chime'
import { browserStaffStream, type StaffStreamEvent, type StaffStreamFactory, type StreamState } from '../live/staff-stream'
import { StreamFollower } from '../live/stream-follower'
import type { ServiceRoot } from './service-root'

/** What the kitchen board needs of the console beyond a page's: who is asking (for the stream's headers), the paired device, and how a session ends. */
export interface KitchenRoot extends ServiceRoot {
  readonly credentials: StaffCredentials
  readonly device: { kind: string } | null
  readonly session: unknown
  sessionEnded(): void
}

export interface KitchenTimers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface KitchenChime {
  unlock(): boolean
  play(): void
}

export interface KitchenDeps {
  openStream: StaffStreamFactory
  chime: KitchenChime
  timers: KitchenTimers
}

/** Where this browser's board was left: branch and station (localStorage). */
export const KITCHEN_STORAGE_KEY = 'scanorder.console.kitchen'
/** The expediter: every station. */
export const ALL_STATIONS = '*'
/** Bumped tickets kept at hand (the server's RECENT_BUMPED). */
export const RECENT_KEPT = 6
/** The chime repeats this often while a ticket is unheard. */
export const CHIME_EVERY_MS = 4000
/** A changed ticket flashes this long. */
export const FLASH_MS = 4000
/** New and changed tickets are announced together after this quiet time (no flood of messages). */
export const ANNOUNCE_AFTER_MS = 1500
/** A board read that failed is tried again after this, doubling up to READ_RETRY_MAX_MS (the follower's). */
export { READ_RETRY_MAX_MS, READ_RETRY_MS } from '../live/stream-follower'

export type TimeLevel = 'ok' | 'warn' | 'late'

/** Seconds since the kitchen saw the ticket, and how that stands against its station's alert timer. */
export function ticketAge(ticket: Pick<KitchenTicketRow, 'SentAt' | 'AlertMinutes'>, nowMs: number): { seconds: number; level: TimeLevel } {
  const sent = Date.parse(ticket.SentAt)
  const seconds = Number.isNaN(sent) ? 0 : Math.max(0, Math.floor((nowMs - sent) / 1000))
  const alert = Math.max(1, ticket.AlertMinutes || 10) * 60
  return { seconds, level: seconds >= alert ? 'late' : seconds * 2 >= alert ? 'warn' : 'ok' }
}

/** '3:07', '12:40', '1:02:05'. */
export function clockText(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  const two = (n: number) => String(n).padStart(2, '0')
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`
}

export const isCancelled = (line: Pick<KitchenTicketLineRow, 'Qua' | 'Change'>): boolean => line.Change === 'cancelled' || Number(line.Qua) === 0

const byArrival = (a: KitchenTicketRow, b: KitchenTicketRow) => (a.SentAt < b.SentAt ? -1 : a.SentAt > b.SentAt ? 1 : a.TicketID < b.TicketID ? -1 : a.TicketID > b.TicketID ? 1 : 0)
const byBumpedLast = (a: KitchenTicketRow, b: KitchenTicketRow) => (a.BumpedAt < b.BumpedAt ? 1 : a.BumpedAt > b.BumpedAt ? -1 : 0)

const TICKET_KINDS = new Set(['ticket.sent', 'ticket.changed', 'ticket.lineDone', 'ticket.printed', 'ticket.bumped', 'ticket.recalled'])

function isTicket(value: unknown): value is KitchenTicketRow {
  const t = value as KitchenTicketRow | null
  return !!t && typeof t === 'object' && typeof t.TicketID === 'string' && typeof t.BaseID === 'string' && (t.Status === 'open' || t.Status === 'bumped') && Array.isArray(t.Lines)
}

export class KitchenStore {
  baseId = ''
  /** A StationID, or '*' for every station (the expediter). */
  stationId = ALL_STATIONS
  /** Open tickets, oldest first. */
  tickets: KitchenTicketRow[] = []
  /** Bumped tickets, last bumped first. */
  recent: KitchenTicketRow[] = []
  stations: KitchenStationRow[] = []
  /** The language ticket lines are named in (the enterprise's KitchenLocale). */
  kitchenLocale = ''
  /** 'idle' until the stream is opened. */
  connection: StreamState | 'idle' = 'idle'
  loading = false
  loaded = false
  /** Reading the board failed. */
  error = ''
  /** A move (done, bump, recall, heard) failed: the server's words. */
  actionError = ''
  /** What the polite live region says: new and changed tickets (gathered), the person's own moves. */
  announcement = ''
  selectedId = ''
  soundOn = false
  soundUnavailable = false
  /** What is on its way to the server: `ticketId`, `ticketId|lineNo`, 'recall', 'heard'. */
  busy: string[] = []
  /** The board's clock (ms): the server's time as this tablet knows it, ticking every second while shown. */
  nowMs: number
  /** How far the server's clock is ahead of this tablet's (ms; negative: behind). */
  clockOffsetMs = 0
  /** When a ticket last changed in front of us (ms), for its flash. */
  flashes: Record<string, number> = {}

  /** The board read and the branch's stream after it. */
  private readonly follower: StreamFollower<{ board: StaffOutput<'KitchenBoardGet'>; askedAt: number; answeredAt: number }>
  private running = false
  private ticker: unknown = null
  private chimer: unknown = null
  private announcer: unknown = null
  private soundReaction: IReactionDisposer | null = null
  private scopeReaction: IReactionDisposer | null = null
  private heardNew: string[] = []
  private heardChanged: string[] = []

  constructor(
    private readonly root: KitchenRoot,
    private readonly deps: KitchenDeps
  ) {
    this.nowMs = root.browser.now().getTime()
    this.follower = new StreamFollower(
      {
        openStream: deps.openStream,
        timers: deps.timers,
        credentials: () => root.credentials,
        signedOut: () => {
          if (root.session) root.sessionEnded()
        }
      },
      {
        read: async () => {
          runInAction(() => {
            this.loading = true
            this.error = ''
          })
          const askedAt = root.browser.now().getTime()
          const board = await root.call('KitchenBoardGet', { BaseID: this.baseId, StationID: this.stationId })
          return { board, askedAt, answeredAt: root.browser.now().getTime() }
        },
        positionOf: ({ board }) => Number(board.table4?.[0]?.Position ?? 0),
        show: (answer) => this.showBoard(answer.board, (answer.askedAt + answer.answeredAt) / 2),
        failed: (e) => {
          this.error = root.messageOf(e)
          this.loading = false
        },
        apply: (event) => this.apply(event),
        connection: (state) => {
          this.connection = state
        }
      }
    )
    makeAutoObservable<KitchenStore, 'root' | 'deps' | 'follower' | 'running' | 'ticker' | 'chimer' | 'announcer' | 'soundReaction' | 'scopeReaction' | 'heardNew' | 'heardChanged'>(this, {
      root: false,
      deps: false,
      follower: false,
      running: false,
      ticker: false,
      chimer: false,
      announcer: false,
      soundReaction: false,
      scopeReaction: false,
      heardNew: false,
      heardChanged: false
    })
  }

  // ——— What is shown ———

  /** Branches of the person's scope (a paired device's session: its own). */
  get branches(): { baseId: string; shopId: string }[] {
    return this.root.scope.filter((r) => r.BaseID).map((r) => ({ baseId: r.BaseID, shopId: r.ShopID }))
  }

  get shopId(): string {
    return this.branches.find((b) => b.baseId === this.baseId)?.shopId ?? ''
  }

  get allDay(): KitchenAllDayRow[] {
    return allDayCounts(this.tickets)
  }

  /** Open tickets whose print failed for good (the server's PrintError): shown with Reprint. */
  get printFailures(): KitchenTicketRow[] {
    return this.tickets.filter((t) => t.PrintError)
  }

  /** Open tickets nobody has heard yet (new, or changed since). */
  get sounding(): KitchenTicketRow[] {
    return this.tickets.filter((t) => t.AckedAt === '')
  }

  get selected(): KitchenTicketRow | null {
    return this.tickets.find((t) => t.TicketID === this.selectedId) ?? null
  }

  get stationName(): string {
    return this.stations.find((s) => s.StationID === this.stationId)?.Name ?? ''
  }

  /** How a ticket is called on the board and in button names: 'Table A02, round 2', 'No. 12' (and its station for the expediter). */
  labelOf(ticket: KitchenTicketRow): string {
    const t = this.root.t
    let label = ticket.TableName ? t('kitchen.table', { name: ticket.TableName }) : ticket.PickupNo ? t('kitchen.pickup', { no: ticket.PickupNo }) : t('kitchen.counter')
    if (ticket.Kind === 'round' && ticket.RoundNo > 0) label = t('kitchen.withRound', { label, n: ticket.RoundNo })
    if (this.stationId === ALL_STATIONS && ticket.StationName) label = t('kitchen.withStation', { label, station: ticket.StationName })
    return label
  }

  ageOf(ticket: KitchenTicketRow): { seconds: number; level: TimeLevel } {
    return ticketAge(ticket, this.nowMs)
  }

  isFlashing(ticketId: string): boolean {
    const at = this.flashes[ticketId]
    return at !== undefined && this.nowMs - at < FLASH_MS
  }

  isBusy(key: string): boolean {
    return this.busy.includes(key)
  }

  // ——— Starting and stopping (the page shown / left) ———

  /** The page is shown: choose the branch, read the board, follow the stream, tick. */
  async start(): Promise<void> {
    if (this.running) return
    this.running = true
    this.nowMs = this.serverNow()
    this.scheduleTick()
    this.soundReaction = reaction(
      () => this.soundOn && this.sounding.length > 0,
      (on) => (on ? this.startChiming() : this.stopChiming()),
      { fireImmediately: true }
    )
    // Right after a sign-in the person's scope (StaffMe) may still be on its way: the board opens when it comes.
    this.scopeReaction = reaction(
      () => this.branches.map((b) => b.baseId).join(','),
      () => {
        if (this.branches.some((b) => b.baseId === this.baseId)) return
        this.chooseInitialPlace()
        void this.reopen()
      }
    )
    this.chooseInitialPlace()
    await this.reopen()
  }

  /** The page is left: no stream, no clock, no chime. */
  stop(): void {
    this.running = false
    this.follower.stop()
    this.soundReaction?.()
    this.soundReaction = null
    this.scopeReaction?.()
    this.scopeReaction = null
    for (const timer of [this.ticker, this.chimer, this.announcer]) if (timer !== null) this.deps.timers.clearTimeout(timer)
    this.ticker = this.chimer = this.announcer = null
    this.heardNew = []
    this.heardChanged = []
  }

  private chooseInitialPlace(): void {
    let saved: { baseId?: unknown; stationId?: unknown } = {}
    try {
      saved = JSON.parse(this.root.browser.storage.get(KITCHEN_STORAGE_KEY) ?? '{}') as typeof saved
    } catch {
      saved = {}
    }
    const branches = this.branches
    const known = (id: unknown) => typeof id === 'string' && branches.some((b) => b.baseId === id)
    if (known(this.baseId)) return
    // A paired tablet's session sees its own branch only; else the one chosen last here, else the first.
    this.baseId = known(saved.baseId) ? (saved.baseId as string) : (branches[0]?.baseId ?? '')
    this.stationId = typeof saved.stationId === 'string' && saved.stationId && saved.baseId === this.baseId ? saved.stationId : ALL_STATIONS
    this.tickets = []
    this.recent = []
    this.stations = []
    this.selectedId = ''
    this.loaded = false
  }

  private remember(): void {
    this.root.browser.storage.set(KITCHEN_STORAGE_KEY, JSON.stringify({ baseId: this.baseId, stationId: this.stationId }))
  }

  /** Reads the board of the branch and follows its stream from the read's position (a failed read is tried again: the follower). */
  private reopen(): Promise<void> {
    return this.follower.follow(this.baseId)
  }

  /**
   * Reads the board (KitchenBoardGet) of the branch and station again, the stream going on. Events
   * arriving meanwhile wait, then those after the read's position are applied on top. False when it
   * failed; a read that a newer one overtook answers what the newer one does.
   */
  load(): Promise<boolean> {
    return this.follower.reload()
  }

  /** A read's answer, shown (the follower applies the events that waited right after). */
  private showBoard(res: StaffOutput<'KitchenBoardGet'>, answeredAtMs: number): void {
    this.learnServerTime(res.table4?.[0]?.ServerTime, answeredAtMs)
    const rows = res.table1 ?? []
    this.stations = res.table3 ?? []
    if (this.stationId !== ALL_STATIONS && !this.stations.some((s) => s.StationID === this.stationId)) this.stationId = ALL_STATIONS
    this.tickets = rows.filter((t) => t.Status === 'open' && this.onThisBoard(t)).sort(byArrival)
    this.recent = rows.filter((t) => t.Status === 'bumped' && this.onThisBoard(t)).sort(byBumpedLast).slice(0, RECENT_KEPT)
    this.kitchenLocale = res.table4?.[0]?.KitchenLocale ?? ''
    if (this.selectedId && !this.selected) this.selectedId = ''
    this.loaded = true
    this.loading = false
  }

  private onThisBoard(ticket: KitchenTicketRow): boolean {
    return ticket.BaseID === this.baseId && (this.stationId === ALL_STATIONS || ticket.StationID === this.stationId)
  }

  // ——— Events ———

  /** An event of the stream: now, or after the read under way (the follower applies each once, in order). */
  receive(event: StaffStreamEvent): void {
    this.follower.receive(event)
  }

  /** An event past the board's position. */
  private apply(event: StaffStreamEvent): void {
    if (TICKET_KINDS.has(event.kind)) {
      const ticket = event.data.ticket
      if (isTicket(ticket)) {
        this.learnFromTicket(ticket)
        this.upsert(ticket, event.kind)
      }
    } else if (event.kind === 'ticket.acked') {
      const ids = Array.isArray(event.data.ticketIds) ? event.data.ticketIds.filter((id): id is string => typeof id === 'string') : []
      this.markHeard(ids)
    }
  }

  /** The ticket as it is now, put where it belongs: on the board (open) or among the recently bumped. */
  private upsert(ticket: KitchenTicketRow, kind: string): void {
    if (ticket.BaseID !== this.baseId) return
    const index = this.tickets.findIndex((t) => t.TicketID === ticket.TicketID)
    if (!this.onThisBoard(ticket)) {
      if (index >= 0) this.tickets.splice(index, 1)
      this.recent = this.recent.filter((t) => t.TicketID !== ticket.TicketID)
      return
    }
    if (ticket.Status === 'open') {
      this.recent = this.recent.filter((t) => t.TicketID !== ticket.TicketID)
      // A print that failed for good is said at once (and stays written on the card).
      if (ticket.PrintError && !(index >= 0 && this.tickets[index].PrintError)) this.announcement = this.root.t('kitchen.printFailed.announce', { ticket: this.labelOf(ticket) })
      if (index >= 0) {
        this.tickets[index] = ticket
      } else {
        this.tickets.push(ticket)
        this.tickets.sort(byArrival)
      }
      if (kind === 'ticket.sent' && index < 0) this.gather('new', ticket)
      if (kind === 'ticket.changed') {
        this.flashes = { ...this.flashes, [ticket.TicketID]: this.nowMs }
        this.gather('changed', ticket)
      }
      return
    }
    if (index >= 0) {
      this.tickets.splice(index, 1)
      if (this.selectedId === ticket.TicketID) this.selectedId = ''
    }
    this.recent = [ticket, ...this.recent.filter((t) => t.TicketID !== ticket.TicketID)].sort(byBumpedLast).slice(0, RECENT_KEPT)
  }

  private markHeard(ids: readonly string[]): void {
    if (ids.length === 0) return
    const at = new Date(this.nowMs).toISOString()
    this.tickets = this.tickets.map((t) => (ids.includes(t.TicketID) && t.AckedAt === '' ? { ...t, AckedAt: at } : t))
  }

  /** New and changed tickets are said together once things are quiet for a moment. */
  private gather(what: 'new' | 'changed', ticket: KitchenTicketRow): void {
    const list = what === 'new' ? this.heardNew : this.heardChanged
    const label = this.labelOf(ticket)
    if (!list.includes(label)) list.push(label)
    if (this.announcer !== null) this.deps.timers.clearTimeout(this.announcer)
    this.announcer = this.deps.timers.setTimeout(() => this.announceGathered(), ANNOUNCE_AFTER_MS)
  }

  private announceGathered(): void {
    this.announcer = null
    const t = this.root.t
    const sep = t('common.listSeparator')
    const parts: string[] = []
    if (this.heardNew.length) parts.push(t('kitchen.announce.new', { n: this.heardNew.length, list: this.heardNew.join(sep) }))
    if (this.heardChanged.length) parts.push(t('kitchen.announce.changed', { n: this.heardChanged.length, list: this.heardChanged.join(sep) }))
    this.heardNew = []
    this.heardChanged = []
    if (parts.length) runInAction(() => (this.announcement = parts.join(' ')))
  }

  // ——— The clock and the chime ———

  /** The server's time now, as far as this tablet knows it. */
  private serverNow(): number {
    return this.root.browser.now().getTime() + this.clockOffsetMs
  }

  /** The server said `serverTime` (ISO) at about `localMs` on this tablet's clock: the offset between them. */
  private learnServerTime(serverTime: string | undefined, localMs: number): void {
    const at = serverTime ? Date.parse(serverTime) : NaN
    if (Number.isNaN(at)) return
    this.clockOffsetMs = Math.round(at - localMs)
    this.nowMs = this.serverNow()
  }

  /** A ticket stamped later than the clock we keep: the server's now is at least that (the tablet's clock went back). */
  private learnFromTicket(ticket: KitchenTicketRow): void {
    const stamps = [ticket.SentAt, ticket.ChangedAt, ticket.BumpedAt].map((s) => (s ? Date.parse(s) : NaN)).filter((n) => !Number.isNaN(n))
    if (stamps.length === 0) return
    const latest = Math.max(...stamps)
    const local = this.root.browser.now().getTime()
    if (latest > local + this.clockOffsetMs) {
      this.clockOffsetMs = latest - local
      this.nowMs = this.serverNow()
    }
  }

  private scheduleTick(): void {
    this.ticker = this.deps.timers.setTimeout(() => {
      if (!this.running) return
      runInAction(() => (this.nowMs = this.serverNow()))
      this.scheduleTick()
    }, 1000)
  }

  private startChiming(): void {
    if (this.chimer !== null) return
    this.deps.chime.play()
    const again = () => {
      this.chimer = this.deps.timers.setTimeout(() => {
        this.chimer = null
        if (!this.running || !this.soundOn || this.sounding.length === 0) return
        this.deps.chime.play()
        again()
      }, CHIME_EVERY_MS)
    }
    again()
  }

  private stopChiming(): void {
    if (this.chimer !== null) this.deps.timers.clearTimeout(this.chimer)
    this.chimer = null
  }

  /** The "Turn on sound" tap: browsers allow sound only after one. A first chime says it works. */
  enableSound(): void {
    if (!this.deps.chime.unlock()) {
      this.soundUnavailable = true
      return
    }
    this.soundUnavailable = false
    this.soundOn = true
    // When something is sounding, the chiming that starts now is the first chime.
    if (this.sounding.length === 0) this.deps.chime.play()
  }

  disableSound(): void {
    this.soundOn = false
  }

  // ——— Choices ———

  async chooseBranch(baseId: string): Promise<void> {
    if (baseId === this.baseId || !this.branches.some((b) => b.baseId === baseId)) return
    this.baseId = baseId
    this.stationId = ALL_STATIONS
    this.tickets = []
    this.recent = []
    this.selectedId = ''
    this.remember()
    await this.reopen()
  }

  /** Another station (or '*'): the board is read again; the branch's stream goes on. */
  async chooseStation(stationId: string): Promise<void> {
    if (stationId === this.stationId) return
    this.stationId = stationId
    this.selectedId = ''
    this.remember()
    await this.load()
  }

  /** Selects the nth open ticket (1-based, as numbered on the board). */
  selectByNumber(n: number): boolean {
    const ticket = this.tickets[n - 1]
    if (!ticket) return false
    this.selectedId = ticket.TicketID
    return true
  }

  select(ticketId: string): void {
    this.selectedId = this.tickets.some((t) => t.TicketID === ticketId) ? ticketId : ''
  }

  /** A key of a keyboard or bump bar: 1–9 select, Enter bumps the selected, Backspace recalls. True when it was one of ours. */
  handleKey(key: string): boolean {
    if (/^[1-9]$/.test(key)) {
      this.selectByNumber(Number(key))
      return true
    }
    if (key === 'Enter') {
      if (!this.selectedId) return false
      void this.bump(this.selectedId)
      return true
    }
    if (key === 'Backspace') {
      void this.recall()
      return true
    }
    return false
  }

  // ——— Moves ———

  private async move(key: string, send: () => Promise<KitchenTicketRow | undefined>, after?: (row: KitchenTicketRow) => void): Promise<boolean> {
    if (this.isBusy(key)) return false
    this.busy = [...this.busy, key]
    this.actionError = ''
    try {
      const row = await send()
      runInAction(() => {
        // The answer is the ticket as it is now: shown at once (its event, when it comes, changes nothing).
        if (row && isTicket(row)) {
          this.learnFromTicket(row)
          this.upsert(row, '')
          after?.(row)
        }
      })
      return true
    } catch (e) {
      runInAction(() => (this.actionError = this.root.messageOf(e)))
      return false
    } finally {
      runInAction(() => (this.busy = this.busy.filter((b) => b !== key)))
    }
  }

  /** Tap a line: done, or not done again. A cancelled line has nothing to do. */
  async toggleLine(ticketId: string, lineNo: number): Promise<void> {
    const line = this.tickets.find((t) => t.TicketID === ticketId)?.Lines.find((l) => l.LineNo === lineNo)
    if (!line || isCancelled(line)) return
    const done: 0 | 1 = line.Done ? 0 : 1
    await this.move(`${ticketId}|${lineNo}`, async () => (await this.root.call('KitchenLineDone', { TicketID: ticketId, LineNo: lineNo, Done: done })).table1?.[0])
  }

  /** Bump: the ticket leaves the board (when it was selected, the next one is). */
  async bump(ticketId: string): Promise<void> {
    const index = this.tickets.findIndex((t) => t.TicketID === ticketId)
    if (index < 0) return
    const wasSelected = this.selectedId === ticketId
    await this.move(
      ticketId,
      async () => (await this.root.call('KitchenTicketBump', { TicketID: ticketId })).table1?.[0],
      (row) => {
        this.announcement = this.root.t('kitchen.announce.bumped', { ticket: this.labelOf(row) })
        if (wasSelected && this.tickets.length > 0) this.selectedId = this.tickets[Math.min(index, this.tickets.length - 1)].TicketID
      }
    )
  }

  /** Whether the ticket's station has a printer (Reprint is offered only then). */
  canReprint(ticket: KitchenTicketRow): boolean {
    return this.stations.some((s) => s.StationID === ticket.StationID && s.PrinterHost !== '')
  }

  /** Prints the ticket again on its station's printer; says whether it printed. */
  async reprint(ticketId: string): Promise<void> {
    const ticket = this.tickets.find((t) => t.TicketID === ticketId)
    const key = `reprint|${ticketId}`
    if (!ticket || this.isBusy(key)) return
    this.busy = [...this.busy, key]
    this.actionError = ''
    try {
      const outcome = (await this.root.call('KitchenTicketReprint', { TicketID: ticketId })).table1?.[0]
      runInAction(() => {
        const label = this.labelOf(ticket)
        if (outcome?.Printed) {
          this.announcement = this.root.t('kitchen.reprinted', { ticket: label })
          // Printed now: a failed print is over (the server tells the other boards).
          this.tickets = this.tickets.map((t) => (t.TicketID === ticketId && t.PrintError ? { ...t, PrintError: '' } : t))
        } else this.actionError = this.root.t('kitchen.reprintFailed', { ticket: label, error: outcome?.Error ?? '' })
      })
    } catch (e) {
      runInAction(() => (this.actionError = this.root.messageOf(e)))
    } finally {
      runInAction(() => (this.busy = this.busy.filter((b) => b !== key)))
    }
  }

  /** Recall: the station's last bumped ticket (or the one named) comes back onto the board, selected. */
  async recall(ticketId?: string): Promise<void> {
    if (!this.baseId) return
    await this.move(
      'recall',
      async () => (await this.root.call('KitchenTicketRecall', { BaseID: this.baseId, StationID: this.stationId, ...(ticketId ? { TicketID: ticketId } : {}) })).table1?.[0],
      (row) => {
        this.announcement = this.root.t('kitchen.announce.recalled', { ticket: this.labelOf(row) })
        if (this.tickets.some((t) => t.TicketID === row.TicketID)) this.selectedId = row.TicketID
      }
    )
  }

  /** "Heard": every unheard ticket of this board is acknowledged; every board of the branch stops sounding for them. */
  async heard(): Promise<void> {
    const ids = this.sounding.map((t) => t.TicketID)
    if (ids.length === 0 || this.isBusy('heard')) return
    this.busy = [...this.busy, 'heard']
    this.actionError = ''
    try {
      await this.root.call('KitchenTicketAck', { BaseID: this.baseId, TicketIDs: ids.join(',') })
      runInAction(() => {
        this.markHeard(ids)
        this.announcement = this.root.t('kitchen.announce.heard', { n: ids.length })
      })
    } catch (e) {
      runInAction(() => (this.actionError = this.root.messageOf(e)))
    } finally {
      runInAction(() => (this.busy = this.busy.filter((b) => b !== 'heard')))
    }
  }

  dismissError(): void {
    this.actionError = ''
  }
}

/** The browser's stream (fetch), chime (Web Audio) and timers, each made only when first used; `given` replaces any of them. */
export function browserKitchenDeps(given: Partial<KitchenDeps> = {}): KitchenDeps {
  let chime: KitchenChime | null = null
  return {
    openStream: given.openStream ?? ((options, handlers) => browserStaffStream(window)(options, handlers)),
    chime: given.chime ?? {
      unlock: () => (chime ??= webAudioChime()).unlock(),
      play: () => chime?.play()
    },
    timers: given.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) }
  }
}
