/**
 * Splitting the table's bill (issue 26 item 2; docs/split-bills.md): the bill's lines
 * (PosSheetDetailGet), its balance and who paid what (BillSplitGet), and the diner's choice of
 * what to pay — chosen dishes (whole or a fraction of a shared one), equal shares of the table's
 * split, an amount, or the rest — priced here with the server's own rule (src/core/bill-split.ts)
 * before BillShareStart makes the share to pay.
 *
 * The balance is live: while the page shows, the store follows the branch's public stream
 * (src/stores/order-progress.ts) and reads the bill again when a `sheet.balance` event names this
 * bill (its BillRef) or a round's progress names one of its rounds, and on every (re)connection;
 * a 5-second poll stays for what the stream does not carry (another phone's round).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { freeParts, MAX_SPLIT_PARTS, parseParts, partsAmount, type ShareMode } from '../../core/bill-split'
import { roundHalfUp, toDecimal, type Decimal } from '../../core/money'
import { Poller, realScheduler, type Scheduler } from '../../core/polling'
import type { BillLineClaimRow, BillShareRow, BillSplitRow, ShareLineInput } from '../../gateway/bill-split-rows'
import type { Gateway } from '../../gateway/gateway-client'
import type { OrderLineRow, RoundRow, TableSheetRow } from '../../gateway/order-rows'
import { OrderProgressFollower, type OrderProgressLive } from '../../stores/order-progress'
import { billAnswer, heldVersion } from './bill-version'
import { callGateway } from './gateway-call'
import { serverProblem, type LoadState, type ServerProblem } from './checkout.store'

export const SPLIT_POLL_MS = 5000

export interface BillSplitDeps {
  /** The table's QR code as scanned (the server shows and splits the bill for it). */
  qrCode: () => string
  /** The enterprise's AmoPoint (amounts are cut at it). */
  amoPoint: () => number
  /** The branch's IsPayLaterOnlineCheckout is '1' (else the bill is paid at the counter). */
  onlineCheckout: () => boolean
  scheduler?: Scheduler
  live?: OrderProgressLive
}

/** One line of the bill as the split page shows it. */
export interface SplitLine {
  line: OrderLineRow
  key: string
  /** The parts it is cut in by others' shares (0: nobody has taken any). */
  cutIn: number
  /** Parts taken (paid or being paid) and how many of them paid. */
  taken: number
  paid: number
  /** Free parts left. */
  free: number
  /** Whether the diner's own shares hold or paid some of it. */
  mine: boolean
}

/** What the diner picked for a line: Parts of it cut in Of. */
export interface LinePick {
  parts: number
  of: number
}

export type StartResult = { kind: 'pay'; ShareID: string; Amount: string } | { kind: 'counter' } | { kind: 'failed'; problem: ServerProblem }

const lineKey = (roundId: string, lineNo: number): string => `${roundId}|${lineNo}`

export class BillSplitStore {
  sheetId = ''
  sheet: TableSheetRow | null = null
  lines: OrderLineRow[] = []
  rounds: RoundRow[] = []
  balance: BillSplitRow | null = null
  payments: BillShareRow[] = []
  claims: BillLineClaimRow[] = []
  state: LoadState = 'idle'
  problem: ServerProblem | null = null
  starting = false

  mode: ShareMode = 'lines'
  /** Picked lines by key. */
  picks: Record<string, LinePick> = {}
  /** Equal shares: among how many, and how many the diner pays. */
  splitOf = 2
  splitParts = 1
  /** A custom amount as typed. */
  amountText = ''

  private shown = false
  private seq = 0
  /** The bill's version the lines and rounds held are of (bill-version.ts). */
  private billVersion = ''
  private readonly poller: Poller
  private readonly follower: OrderProgressFollower

  constructor(
    private readonly gateway: Gateway,
    private readonly deps: BillSplitDeps
  ) {
    this.poller = new Poller(deps.scheduler ?? realScheduler, SPLIT_POLL_MS)
    this.follower = new OrderProgressFollower(deps.live ?? null)
    makeAutoObservable<BillSplitStore, 'gateway' | 'deps' | 'poller' | 'follower' | 'seq' | 'shown'>(this, {
      gateway: false,
      deps: false,
      poller: false,
      follower: false,
      seq: false,
      shown: false
    })
  }

  /** Shows a bill: loads it now and every 5 s, and follows its balance on the live stream. */
  start(sheetId: string): void {
    this.stop()
    if (sheetId !== this.sheetId) {
      this.sheet = null
      this.balance = null
      this.lines = []
      this.rounds = []
      this.billVersion = ''
      this.payments = []
      this.claims = []
      this.picks = {}
      this.amountText = ''
      this.state = 'idle'
    }
    this.sheetId = sheetId
    if (!sheetId) return
    this.shown = true
    this.poller.start(async () => {
      await this.load()
      return this.shown && this.sheetId === sheetId
    })
  }

  stop(): void {
    this.shown = false
    this.poller.stop()
    this.follower.close()
  }

  /** Whether the live stream is connected (the balance is pushed). */
  get liveConnected(): boolean {
    return this.follower.connected
  }

  async load(): Promise<void> {
    const sheetId = this.sheetId
    if (!sheetId) return
    const seq = ++this.seq
    if (!this.sheet) this.state = 'loading'
    try {
      const record = { SheetID: sheetId, QRCode: this.deps.qrCode() }
      // The bill's rows come only when they changed since the ones held (bill-version.ts).
      const held = this.sheet ? this.billVersion : ''
      const [detail, split] = await Promise.all([callGateway(this.gateway, 'PosSheetDetailGet', { ...record, ...heldVersion(held) }), callGateway(this.gateway, 'BillSplitGet', record)])
      runInAction(() => {
        if (seq !== this.seq || sheetId !== this.sheetId) return
        this.sheet = detail.table1?.[0] ?? null
        const { rows, version } = billAnswer(detail, held, this.billVersion)
        if (rows) {
          this.lines = rows.lines
          this.rounds = rows.rounds
        }
        this.billVersion = version
        this.balance = split.table1?.[0] ?? null
        this.payments = split.table2 ?? []
        this.claims = split.table3 ?? []
        this.problem = null
        this.state = this.sheet && this.balance ? 'ready' : 'failed'
        this.dropTakenPicks()
        this.follow()
      })
    } catch (e) {
      runInAction(() => {
        if (seq !== this.seq) return
        this.problem = serverProblem(e)
        if (!this.sheet) this.state = 'failed'
      })
    }
  }

  /** Follows the branch's stream: this bill's balance events and its rounds' progress read it again. */
  private follow(): void {
    const s = this.sheet
    const sheetId = this.sheetId
    this.follower.follow(this.shown && s ? s : null, {
      names: (ref) => ref === this.balance?.BillRef || this.rounds.some((r) => r.ProgressRef === ref),
      refresh: () => {
        if (this.shown && this.sheetId === sheetId) void this.load()
      }
    })
  }

  get isOpen(): boolean {
    return this.sheet?.Status === 0
  }

  private get amoPoint(): number {
    return this.deps.amoPoint()
  }

  /** The bill's lines with what others took of each. */
  get splitLines(): SplitLine[] {
    return this.lines.map((line) => {
      const key = lineKey(line.SheetID, line.LineNo)
      const claims = this.claims.filter((c) => lineKey(c.RoundID, c.LineNo) === key)
      const cutIn = claims[0]?.Of ?? 0
      const taken = claims.reduce((n, c) => n + c.Parts, 0)
      const paid = claims.filter((c) => c.State === 'paid').reduce((n, c) => n + c.Parts, 0)
      return { line, key, cutIn, taken, paid, free: cutIn ? Math.max(0, cutIn - taken) : 1, mine: claims.some((c) => c.Mine === 1) }
    })
  }

  setMode(mode: ShareMode): void {
    this.mode = mode
  }

  /** Picks a line (whole, or Parts of it cut in Of), or leaves it (null). */
  pick(key: string, pick: LinePick | null): void {
    const next = { ...this.picks }
    if (pick) next[key] = pick
    else delete next[key]
    this.picks = next
  }

  /** The fractions a line may be cut in: fixed once someone took part of it. */
  cutChoices(line: SplitLine): number[] {
    return line.cutIn ? [line.cutIn] : [1, 2, 3, 4]
  }

  private dropTakenPicks(): void {
    const byKey = new Map(this.splitLines.map((l) => [l.key, l]))
    const next: Record<string, LinePick> = {}
    for (const [key, pick] of Object.entries(this.picks)) {
      const line = byKey.get(key)
      if (!line) continue
      const of = line.cutIn || pick.of
      const free = line.cutIn ? line.free : of
      if (free <= 0) continue
      next[key] = { of, parts: Math.min(pick.parts, free) }
    }
    this.picks = next
  }

  setSplitOf(n: number): void {
    this.splitOf = Math.min(MAX_SPLIT_PARTS, Math.max(2, Math.floor(n)))
    this.splitParts = Math.min(this.splitParts, this.splitFreeCount)
  }

  setSplitParts(n: number): void {
    this.splitParts = Math.min(Math.max(1, Math.floor(n)), Math.max(1, this.splitFreeCount))
  }

  setAmount(text: string): void {
    this.amountText = text
  }

  /** The table's split, when one is under way: its count is fixed for everyone. */
  get tableSplitOf(): number {
    return this.balance?.SplitOf ?? 0
  }

  get effectiveSplitOf(): number {
    return this.tableSplitOf || this.splitOf
  }

  /** Free equal shares left. */
  get splitFreeCount(): number {
    const b = this.balance
    if (b && b.SplitOf) return parseParts(b.SplitFree).length
    return this.splitOf
  }

  /** What the diner's choice costs now (exact, as the server will price it), or null when nothing is chosen. */
  get shareAmount(): Decimal | null {
    const b = this.balance
    if (!b) return null
    const p = this.amoPoint
    if (this.mode === 'rest') return toDecimal(b.OpenAmount)
    if (this.mode === 'amount') {
      const text = this.amountText.trim().replace(/[０-９．]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
      if (!/^\d+(\.\d+)?$/.test(text)) return null
      return roundHalfUp(text, p)
    }
    if (this.mode === 'equal') {
      const of = this.effectiveSplitOf
      const base = b.SplitOf ? b.SplitBase : b.OpenAmount
      const taken = new Set(b.SplitOf ? Array.from({ length: of }, (_, i) => i).filter((i) => !parseParts(b.SplitFree).includes(i)) : [])
      const free = freeParts(of, taken, this.splitParts)
      return free ? partsAmount(base, of, free, p) : null
    }
    const byKey = new Map(this.splitLines.map((l) => [l.key, l]))
    let sum = toDecimal(0)
    let any = false
    for (const [key, pick] of Object.entries(this.picks)) {
      const line = byKey.get(key)
      if (!line) continue
      // The server takes the lowest free parts; others' shares took `taken` of them (a lapsed one may
      // leave a gap, and then the server's price, shown before paying, differs by a cent at most).
      const free = freeParts(pick.of, new Set(Array.from({ length: line.taken }, (_, i) => i)), pick.parts)
      if (!free) continue
      sum = sum.plus(partsAmount(line.line.Amount, pick.of, free, p))
      any = true
    }
    return any ? sum : null
  }

  /** Why the choice cannot be paid as it stands (a message key), or ''. */
  get choiceProblem(): '' | 'split.chooseSomething' | 'split.aboveOpen' | 'split.nothingOpen' {
    const b = this.balance
    if (!b) return 'split.chooseSomething'
    if (!toDecimal(b.OpenAmount).isPositive()) return 'split.nothingOpen'
    const amount = this.shareAmount
    if (!amount || !amount.isPositive()) return 'split.chooseSomething'
    if (amount.gt(toDecimal(b.OpenAmount))) return 'split.aboveOpen'
    return ''
  }

  /** Makes the diner's share (BillShareStart): the order to pay, or what the server refused (in the diner's language). */
  async startShare(): Promise<StartResult> {
    if (!this.deps.onlineCheckout()) return { kind: 'counter' }
    if (!this.sheetId || this.starting) return { kind: 'failed', problem: { code: '', message: '', backToCart: false } }
    this.starting = true
    const lines: ShareLineInput[] = Object.entries(this.picks).map(([key, pick]) => {
      const [RoundID, LineNo] = key.split('|')
      return { RoundID, LineNo: Number(LineNo), Parts: pick.parts, Of: pick.of }
    })
    try {
      const out = await callGateway(this.gateway, 'BillShareStart', {
        SheetID: this.sheetId,
        QRCode: this.deps.qrCode(),
        Mode: this.mode,
        ...(this.mode === 'lines' ? { Lines: lines } : {}),
        ...(this.mode === 'equal' ? { Of: this.effectiveSplitOf, Parts: this.splitParts } : {}),
        ...(this.mode === 'amount' ? { Amount: this.shareAmount?.toFixed(this.amoPoint) ?? '' } : {})
      })
      const share = out.table2?.[0]
      runInAction(() => {
        if (out.table1?.[0]) this.balance = out.table1[0]
        this.picks = {}
      })
      if (!share) return { kind: 'failed', problem: { code: '', message: 'BillShareStart answered without a share', backToCart: false } }
      return { kind: 'pay', ShareID: share.SheetID, Amount: share.Amount }
    } catch (e) {
      // Someone else took it meanwhile: show the bill as it is now.
      void this.load()
      return { kind: 'failed', problem: serverProblem(e) }
    } finally {
      runInAction(() => (this.starting = false))
    }
  }
}
