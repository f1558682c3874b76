/**
 * The table's open sheet (spec §2 orderEntry, pay-later dine-in): its rounds and total from
 * PosSheetDetailGet, polled every 5 s while the page shows, the sheet clock ticking every second
 * (spec §4), and paying the bill: PayLaterUpdate makes the settlement order when the branch takes
 * online payment for table orders (IsPayLaterOnlineCheckout), otherwise the diner pays at the counter.
 *
 * Each round shows where it is in the kitchen (issue 24 gap 5: its KitchenStage, preparing → ready,
 * and back on a recall). Those moves are pushed: while the page shows, the store follows the
 * branch's public live stream as the order page does (src/stores/order-progress.ts) and reads the
 * bill again at once when an `order.progress` names one of its rounds (their ProgressRef), or when
 * the stream (re)connects or was reset. The 5-second poll stays, connected or not: the public
 * stream carries nothing else of a bill (another phone's round, a changed quantity, a payment at
 * the counter are staff events), so the poll is what shows those.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { orderingRefusal, type OrderingRefusal } from '../../core/ordering-allowed'
import { Poller, realScheduler, type Scheduler } from '../../core/polling'
import { parseWallClock, type WallClock } from '../../core/wall-clock'
import type { Gateway } from '../../gateway/gateway-client'
import type { BaseRow } from '../../gateway/operations'
import type { OrderLineRow, RoundRow, TableSheetRow } from '../../gateway/order-rows'
import { OrderProgressFollower, type OrderProgressLive } from '../../stores/order-progress'
import { billAnswer, heldVersion } from './bill-version'
import { callGateway } from './gateway-call'
import { serverProblem, type LoadState, type ServerProblem } from './checkout.store'

export const SHEET_POLL_MS = 5000
export const SHEET_TICK_MS = 1000

export interface TableSheetDeps {
  /** The enterprise's wall clock now (session.now). */
  now: () => WallClock | null
  /** The branch (opening hours, WebOrderDuration). */
  base: () => BaseRow | null
  /** The branch's IsPayLaterOnlineCheckout is '1'. */
  onlineCheckout: () => boolean
  /** The table's QR code as scanned ('' none): the server shows and settles the sheet for it (or for a device that ordered on it). */
  qrCode?: () => string
  /** Device milliseconds (tests move it). */
  clock?: () => number
  /** The poll's timer (tests step it by hand). */
  scheduler?: Scheduler
  /** The branch's live stream its rounds' kitchen progress comes by (issue 24); without it, the poll alone. */
  live?: OrderProgressLive
}

export interface SheetRound {
  round: RoundRow
  lines: OrderLineRow[]
}

export type PayBillResult = { kind: 'pay'; SheetID: string } | { kind: 'counter' } | { kind: 'failed'; problem: ServerProblem }

/** Seconds since 0000-01-01 of a wall clock (for differences only). */
function wallSeconds(w: WallClock): number {
  const [y, m, d] = w.date.split('-').map(Number)
  return Date.UTC(y, m - 1, d) / 1000 + w.secondsOfDay
}

export class TableSheetStore {
  sheetId = ''
  sheet: TableSheetRow | null = null
  lines: OrderLineRow[] = []
  rounds: RoundRow[] = []
  state: LoadState = 'idle'
  problem: ServerProblem | null = null
  paying = false
  /** PosSheetClose is on its way (Leave the table / Finish). */
  closing = false
  /** Which line is being changed ('' none): its stepper waits for the answer. */
  editing = ''
  /** Device time of the last answer (SecondsLeft counts down from there). */
  private loadedAt = 0
  /**
   * The bill's version the lines and rounds held are of (PosSheetDetailGet's table4): sent with
   * the next poll, which then brings only the sheet's row while the bill is unchanged (issue 28
   * item 6: a bill of a hundred rounds is 70 KB, every five seconds, over a diner's signal).
   */
  private billVersion = ''
  private tick = 0
  /** Whether the page shows the sheet (start() … stop()). */
  private shown = false
  private readonly poller: Poller
  private ticker: ReturnType<typeof setInterval> | null = null
  private seq = 0
  private readonly clock: () => number
  /** The rounds' branch stream (src/stores/order-progress.ts). */
  private readonly progress: OrderProgressFollower

  constructor(
    private readonly gateway: Gateway,
    private readonly deps: TableSheetDeps
  ) {
    this.clock = deps.clock ?? (() => Date.now())
    this.poller = new Poller(deps.scheduler ?? realScheduler, SHEET_POLL_MS)
    this.progress = new OrderProgressFollower(deps.live ?? null)
    makeAutoObservable<TableSheetStore, 'gateway' | 'deps' | 'clock' | 'seq' | 'poller' | 'ticker' | 'progress' | 'shown'>(this, {
      gateway: false,
      deps: false,
      clock: false,
      seq: false,
      poller: false,
      ticker: false,
      progress: false,
      shown: false
    })
  }

  /** Shows a sheet: loads it now, then every 5 s, and follows its rounds' progress; the clock ticks every second. */
  start(sheetId: string): void {
    this.stop()
    if (sheetId !== this.sheetId) {
      this.sheet = null
      this.lines = []
      this.rounds = []
      this.billVersion = ''
      this.state = 'idle'
    }
    this.sheetId = sheetId
    if (!sheetId) return
    this.shown = true
    this.poller.start(async () => {
      await this.load()
      return this.shown && this.sheetId === sheetId
    })
    this.ticker = setInterval(() => this.bump(), SHEET_TICK_MS)
  }

  /** The page left: no more polls, the stream closed, the clock stopped. */
  stop(): void {
    this.shown = false
    this.poller.stop()
    this.progress.close()
    if (this.ticker) clearInterval(this.ticker)
    this.ticker = null
  }

  /** Whether the rounds' live stream is connected (their kitchen stages are pushed). */
  get liveConnected(): boolean {
    return this.progress.connected
  }

  /**
   * Follows the stream of the sheet's branch while the page shows a bill with rounds: an event
   * naming one of them, or a (re)connection, reads the bill again.
   */
  private followRounds(): void {
    const s = this.sheet
    const sheetId = this.sheetId
    const refs = this.shown && s ? this.rounds.map((r) => r.ProgressRef).filter(Boolean) : []
    this.progress.follow(refs.length > 0 && s ? s : null, {
      names: (ref) => this.rounds.some((r) => r.ProgressRef === ref),
      refresh: () => {
        if (this.shown && this.sheetId === sheetId) void this.load()
      }
    })
  }

  private bump(): void {
    this.tick++
  }

  async load(): Promise<void> {
    const sheetId = this.sheetId
    if (!sheetId) return
    const seq = ++this.seq
    if (!this.sheet) this.state = 'loading'
    try {
      const held = this.sheet ? this.billVersion : ''
      const out = await callGateway(this.gateway, 'PosSheetDetailGet', { SheetID: sheetId, QRCode: this.deps.qrCode?.() ?? '', ...heldVersion(held) })
      runInAction(() => {
        if (seq !== this.seq || sheetId !== this.sheetId) return
        this.sheet = out.table1?.[0] ?? null
        const { rows, version } = billAnswer(out, held, this.billVersion)
        if (rows) {
          this.lines = rows.lines
          this.rounds = [...rows.rounds].sort((a, b) => a.RoundNo - b.RoundNo)
        }
        this.billVersion = version
        this.loadedAt = this.clock()
        this.problem = null
        this.state = this.sheet ? 'ready' : 'failed'
        this.followRounds()
      })
    } catch (e) {
      runInAction(() => {
        if (seq !== this.seq) return
        this.problem = serverProblem(e)
        // Keep showing what we had; a poll that fails once is not worth blanking the page.
        if (!this.sheet) this.state = 'failed'
      })
    }
  }

  /** The rounds, each with its lines, first round first. */
  get roundsWithLines(): SheetRound[] {
    return this.rounds.map((round) => ({ round, lines: this.lines.filter((l) => l.RoundNo === round.RoundNo) }))
  }

  /** Seconds since the sheet was opened, on the enterprise's clock (ticks every second). */
  get seatedSeconds(): number | null {
    void this.tick
    const now = this.deps.now()
    const created = this.sheet ? parseWallClock(this.sheet.CreatedDate) : null
    if (!now || !created) return null
    return Math.max(0, wallSeconds(now) - wallSeconds(created))
  }

  /** Seconds the sheet may still take rounds, counting down between polls; -1 unlimited. */
  get secondsLeft(): number {
    void this.tick
    const s = this.sheet
    if (!s || s.SecondsLeft < 0) return -1
    return Math.max(0, s.SecondsLeft - Math.floor((this.clock() - this.loadedAt) / 1000))
  }

  get isOpen(): boolean {
    return this.sheet?.Status === 0
  }

  /** Why no more rounds can be added now (spec §4), or null. */
  get refusal(): OrderingRefusal | null {
    const s = this.sheet
    const base = this.deps.base()
    const now = this.deps.now()
    if (!s || !base || !now) return null
    return orderingRefusal({
      beginTime: base.BeginTime,
      endTime: base.EndTime,
      nowSecondsOfDay: now.secondsOfDay,
      webOrderDuration: base.WebOrderDuration,
      sheetAgeSeconds: this.seatedSeconds,
      sheetStatus: s.Status
    })
  }

  get canOrderMore(): boolean {
    return this.isOpen && this.refusal === null && this.sheet?.OrderingAllowed !== 0
  }

  get canPay(): boolean {
    return this.isOpen && this.rounds.length > 0
  }

  /** Quantities of ordered goods may be changed now (CYSheetGoodsQuaEdit = 1, the sheet taking rounds). */
  get quantitiesEditable(): boolean {
    return (this.sheet?.QuaEditable ?? 0) > 0 && this.canOrderMore
  }

  /**
   * Only raising what went to the kitchen (QuaEditable 2: the shop does not let diners lower it,
   * CYSheetSentQuaLower ≠ 1). Everything on a round has gone to the kitchen, so no − is offered.
   */
  get raiseOnly(): boolean {
    return this.sheet?.QuaEditable === 2
  }

  /** Whether a line's − may be pressed: above 1, and lowering what was sent is allowed. */
  canLower(line: OrderLineRow): boolean {
    return !this.editing && !this.raiseOnly && this.stepperQuantity(line) > 1
  }

  /** The quantity a line's stepper counts: packs on a pack line, main units otherwise. */
  stepperQuantity(line: OrderLineRow): number {
    return Number(line.PCode || line.PUnit ? line.PQua : line.MQua) || 0
  }

  /**
   * Changes an ordered line's quantity (PosSheetGoodsQuaEdit); the sheet as the server answers
   * it replaces what is shown. Null when done, else what went wrong (the page shows it).
   */
  async changeQuantity(line: OrderLineRow, qua: number): Promise<ServerProblem | null> {
    const key = `${line.SheetID}-${line.LineNo}`
    if (!this.sheetId || this.editing || qua < 1) return null
    this.editing = key
    try {
      const out = await callGateway(this.gateway, 'PosSheetGoodsQuaEdit', {
        SheetID: this.sheetId,
        RoundID: line.SheetID,
        LineNo: line.LineNo,
        Qua: qua,
        QRCode: this.deps.qrCode?.() ?? ''
      })
      runInAction(() => {
        if (out.table1?.[0]) {
          this.sheet = out.table1[0]
          this.lines = out.table2 ?? []
          this.rounds = [...(out.table3 ?? [])].sort((a, b) => a.RoundNo - b.RoundNo)
          // These rows are newer than the version held: the next poll brings them all again.
          this.billVersion = ''
          this.loadedAt = this.clock()
          this.followRounds()
        }
      })
      return null
    } catch (e) {
      void this.load()
      return serverProblem(e)
    } finally {
      runInAction(() => (this.editing = ''))
    }
  }

  /**
   * Closes the sheet from the diner's side (PosSheetClose): an empty one is cancelled (Leave the
   * table), one paid in full is closed (Finish). The server's answer replaces the sheet; a refusal
   * (20018: unpaid, with rounds) changes nothing and is handed back for the page to tell.
   */
  async close(): Promise<ServerProblem | null> {
    if (!this.sheetId || this.closing) return null
    this.closing = true
    try {
      const out = await callGateway(this.gateway, 'PosSheetClose', { SheetID: this.sheetId, QRCode: this.deps.qrCode?.() ?? '' })
      runInAction(() => {
        if (out.table1?.[0]) this.sheet = out.table1[0]
        this.loadedAt = this.clock()
      })
      return null
    } catch (e) {
      void this.load()
      return serverProblem(e)
    } finally {
      runInAction(() => (this.closing = false))
    }
  }

  /** Settles the sheet: the settlement order to pay online, or 'counter' when the branch does not take it. */
  async payBill(): Promise<PayBillResult> {
    if (!this.deps.onlineCheckout()) return { kind: 'counter' }
    if (!this.sheetId || this.paying) return { kind: 'failed', problem: { code: '', message: '', backToCart: false } }
    this.paying = true
    try {
      const out = await callGateway(this.gateway, 'PayLaterUpdate', { SheetID: this.sheetId, QRCode: this.deps.qrCode?.() ?? '' })
      const settlement = out.table2?.[0]?.SheetID || out.table1?.[0]?.SettlementID || ''
      runInAction(() => {
        if (out.table1?.[0]) this.sheet = out.table1[0]
      })
      if (!settlement) return { kind: 'failed', problem: { code: '', message: 'PayLaterUpdate answered without a settlement order', backToCart: false } }
      return { kind: 'pay', SheetID: settlement }
    } catch (e) {
      return { kind: 'failed', problem: serverProblem(e) }
    } finally {
      runInAction(() => (this.paying = false))
    }
  }
}

