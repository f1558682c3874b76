/**
 * Front of house (issue 24 item 3; docs/front-of-house.md): a branch's floor at the counter, live.
 *
 * CounterFloorGet reads every table with its open bill, the orders waiting at the counter, who may
 * approve a void, and the event position it stands at; the staff stream (../live/staff-stream.ts,
 * the kitchen board's) then carries every change after that position. 'bill.changed' holds a
 * table as it is now and 'counter.order' an order: applying one is an upsert by id (an event seen
 * twice, or older than the read, changes nothing). The kitchen's ticket events name the round or
 * order they are of: a stage that moved (a ticket bumped or recalled) reads the floor again, a
 * moment later, once for a burst. Events that come while the floor is read wait and are applied on
 * top of the read; a read that fails is tried again (../live/stream-follower.ts, as the kitchen
 * board's).
 *
 * Acting on a bill: take a payment (cash with what was handed over and the change shown as it is
 * typed, card, other; one request key per payment, kept after a network failure so a retry cannot
 * pay twice), close it (money still due: a reason, and a manager's PIN for a cashier), move it to
 * a free table, merge it into another table's bill, cancel a line (a reason; a manager's PIN for a
 * cashier). A prepay order awaiting payment is paid at the counter the same way.
 *
 * The gateway (through the root's call), the stream, the timers and the request keys come in
 * through the constructor: tests drive it all without module mocks.
 */
import { makeAutoObservable, reaction, runInAction, type IReactionDisposer } from 'mobx'
import { formatMoney, maxDecimal, toDecimal } from '../../core/money'
import type {
  CounterApproverRow,
  CounterBillRow,
  CounterLineRow,
  CounterMethod,
  CounterOrderRow,
  CounterRoundRow,
  CounterTableRow
} from '../../gateway/counter-contract'
import { StaffError, type StaffCredentials, type StaffOutput } from '../api/staff-client'
import { browserStaffStream, type StaffStreamEvent, type StaffStreamFactory, type StreamState } from '../live/staff-stream'
import { StreamFollower } from '../live/stream-follower'
import type { ServiceRoot } from './service-root'

/** What the counter needs of the console beyond a page's: who is asking (the stream's headers) and how a session ends. */
export interface CounterRoot extends ServiceRoot {
  readonly credentials: StaffCredentials
  readonly session: unknown
  sessionEnded(): void
}

export interface CounterTimers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface CounterDeps {
  openStream: StaffStreamFactory
  timers: CounterTimers
  /** A fresh request key for a payment (idempotent at the server). */
  newKey(): string
}

/** Where this browser's counter was left: the branch (localStorage). */
export const COUNTER_STORAGE_KEY = 'scanorder.console.counter'
/** Ticket events within this long read the floor once. */
export const RELOAD_AFTER_MS = 600
/** The clock that hides orders past their time to pay. */
export const TICK_MS = 15_000

export type CounterPanel = 'pay' | 'close' | 'move' | 'merge' | 'cancel'
export type TableFilter = 'all' | 'open'

/** Waiting-order statuses the counter keeps (awaiting payment, paid, ready). */
const WAITING = new Set([0, 1, 5])
const TICKET_KINDS = new Set(['ticket.sent', 'ticket.changed', 'ticket.bumped', 'ticket.recalled'])

/** How the counter takes a payment: money (cash, card, other), a member's balance, a voucher. */
export type PayMethod = CounterMethod | 'balance' | 'coupon'

export interface PayForm {
  method: PayMethod
  amount: string
  /** The member code (balance) or the voucher's code (coupon). */
  code: string
  tendered: string
  note: string
  /** The request key of this payment: the same one is sent again after a network failure. */
  key: string
}

export interface ApprovalForm {
  approverId: string
  pin: string
}

export interface CancelForm extends ApprovalForm {
  roundId: string
  lineNo: number
  /** What remains of the line ('0': all of it). */
  remains: string
  reason: string
}

export interface CloseForm extends ApprovalForm {
  reason: string
}

const isTable = (v: unknown): v is CounterTableRow => !!v && typeof v === 'object' && typeof (v as CounterTableRow).TableID === 'string' && 'Bill' in (v as object)
const isOrder = (v: unknown): v is CounterOrderRow => !!v && typeof v === 'object' && typeof (v as CounterOrderRow).OrderID === 'string' && typeof (v as CounterOrderRow).Status === 'number'
const AMOUNT = /^\d{1,10}(\.\d{1,6})?$/
const QUANTITY = /^\d{1,6}(\.\d{1,3})?$/

/** A typed amount as the server reads it ('' or not a number: null). */
export function amountOf(text: string): string | null {
  const t = text.normalize('NFKC').trim()
  return AMOUNT.test(t) ? toDecimal(t).toFixed() : null
}

/**
 * The change for cash: tendered − amount, exact; null while either is not a number or the
 * tendered amount does not cover it.
 */
export function changeOf(amount: string, tendered: string): string | null {
  const a = amountOf(amount)
  const t = amountOf(tendered)
  if (a === null || t === null) return null
  const change = toDecimal(t).minus(toDecimal(a))
  return change.isNegative() ? null : change.toFixed()
}

export class CounterStore {
  baseId = ''
  tables: CounterTableRow[] = []
  orders: CounterOrderRow[] = []
  approvers: CounterApproverRow[] = []
  currency = ''
  amoPoint = 2
  connection: StreamState | 'idle' = 'idle'
  loading = false
  loaded = false
  /** Reading the floor failed. */
  error = ''
  /** An action failed: the server's words. */
  actionError = ''
  /** What the polite live region says (a payment recorded, a table moved …). */
  notice = ''
  filter: TableFilter = 'all'
  /** The table (TableID) or waiting order (OrderID) open in the side panel. */
  selectedTableId = ''
  selectedOrderId = ''
  panel: CounterPanel | null = null
  pay: PayForm = { method: 'cash', amount: '', code: '', tendered: '', note: '', key: '' }
  close: CloseForm = { reason: '', approverId: '', pin: '' }
  target = ''
  cancel: CancelForm = { roundId: '', lineNo: 0, remains: '0', reason: '', approverId: '', pin: '' }
  /** The last payment recorded here, for the receipt line ("change 12.00"). */
  lastPayment: { label: string; amount: string; change: string; method: PayMethod } | null = null
  busy = false
  nowMs: number

  /** The floor read and the branch's stream after it (../live/stream-follower.ts). */
  private readonly follower: StreamFollower<StaffOutput<'CounterFloorGet'>>
  private running = false
  private reloadTimer: unknown = null
  private ticker: unknown = null
  private scopeReaction: IReactionDisposer | null = null

  constructor(
    private readonly root: CounterRoot,
    private readonly deps: CounterDeps
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
        read: () => {
          runInAction(() => {
            this.loading = true
            this.error = ''
          })
          return root.call('CounterFloorGet', { BaseID: this.baseId })
        },
        positionOf: (res) => Number(res.table3?.[0]?.Position ?? 0),
        show: (res) => this.showFloor(res),
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
    makeAutoObservable<CounterStore, 'root' | 'deps' | 'follower' | 'running' | 'reloadTimer' | 'ticker' | 'scopeReaction'>(this, {
      root: false,
      deps: false,
      follower: false,
      running: false,
      reloadTimer: false,
      ticker: false,
      scopeReaction: false
    })
  }

  // ——— What is shown ———

  get branches(): { baseId: string; shopId: string }[] {
    return this.root.scope.filter((r) => r.BaseID).map((r) => ({ baseId: r.BaseID, shopId: r.ShopID }))
  }

  get shopId(): string {
    return this.branches.find((b) => b.baseId === this.baseId)?.shopId ?? ''
  }

  get shownTables(): CounterTableRow[] {
    return this.filter === 'open' ? this.tables.filter((t) => t.Bill) : this.tables
  }

  get openBills(): number {
    return this.tables.filter((t) => t.Bill).length
  }

  /** Orders still waiting now: awaiting payment (not past their time), paid or ready. */
  get waitingOrders(): CounterOrderRow[] {
    const now = new Date(this.nowMs).toISOString()
    return this.orders.filter((o) => WAITING.has(o.Status) && !(o.Status === 0 && o.ExpiresAt && o.ExpiresAt <= now))
  }

  get selectedTable(): CounterTableRow | null {
    return this.tables.find((t) => t.TableID === this.selectedTableId) ?? null
  }

  get selectedBill(): CounterBillRow | null {
    return this.selectedTable?.Bill ?? null
  }

  get selectedOrder(): CounterOrderRow | null {
    return this.waitingOrders.find((o) => o.OrderID === this.selectedOrderId) ?? null
  }

  /** What is due on what the panel shows. */
  get due(): string {
    return this.selectedBill?.Due ?? this.selectedOrder?.Due ?? '0'
  }

  /** Tables a bill can move to: free, in service, not its own. */
  get freeTables(): CounterTableRow[] {
    return this.tables.filter((t) => !t.Bill && t.InService === 1 && t.TableID !== this.selectedTableId)
  }

  /** Tables a bill can merge into: with a bill, not its own. */
  get billTables(): CounterTableRow[] {
    return this.tables.filter((t) => t.Bill && t.TableID !== this.selectedTableId)
  }

  /** Whether this person voids on their own (owners, managers); else a manager's PIN is asked. */
  get voidsAlone(): boolean {
    return this.root.can('orders.void')
  }

  /** Closing the selected bill needs a reason (money due) and, for a cashier, an approval. */
  get closeNeedsReason(): boolean {
    return toDecimal(this.selectedBill?.Due ?? '0').isPositive()
  }

  get cancelLine(): { round: CounterRoundRow; line: CounterLineRow } | null {
    const round = this.selectedBill?.Rounds.find((r) => r.RoundID === this.cancel.roundId)
    const line = round?.Lines.find((l) => l.LineNo === this.cancel.lineNo)
    return round && line ? { round, line } : null
  }

  /** The change as typed (cash), or null. */
  get change(): string | null {
    if (this.pay.method !== 'cash') return null
    return changeOf(this.pay.amount, this.pay.tendered.trim() === '' ? this.pay.amount : this.pay.tendered)
  }

  /** The ways this person may take a payment for what the panel shows (a voucher only on a table's bill). */
  get payMethods(): PayMethod[] {
    const methods: PayMethod[] = ['cash', 'card', 'other']
    if (this.root.can('members.verify')) {
      methods.push('balance')
      if (this.selectedBill) methods.push('coupon')
    }
    return methods
  }

  /** What stops the payment form being sent, in the person's words ('' none). */
  get payProblem(): string {
    const t = this.root.t
    if ((this.pay.method === 'balance' || this.pay.method === 'coupon') && !this.pay.code.trim()) return t(this.pay.method === 'balance' ? 'counter.pay.memberCodeNeeded' : 'counter.pay.voucherCodeNeeded')
    // A voucher's value is the server's to work out from its plan.
    if (this.pay.method === 'coupon') return ''
    const amount = amountOf(this.pay.amount)
    if (amount === null || !toDecimal(amount).isPositive()) return t('counter.pay.amountInvalid')
    if (toDecimal(amount).greaterThan(toDecimal(this.due))) return t('counter.pay.overDue', { due: this.money(this.due) })
    if (this.selectedOrder && !toDecimal(amount).equals(toDecimal(this.due))) return t('counter.pay.orderWhole', { due: this.money(this.due) })
    if (this.pay.method === 'cash' && this.pay.tendered.trim() !== '' && this.change === null) return t('counter.pay.tenderedShort')
    return ''
  }

  money(value: string): string {
    return formatMoney(value, this.amoPoint, this.currency)
  }

  /** 'Table C02' or 'No. 12' (a counter order), for headings and announcements. */
  labelOfTable(table: Pick<CounterTableRow, 'TableName'>): string {
    return this.root.t('counter.table', { name: table.TableName })
  }

  labelOfOrder(order: CounterOrderRow): string {
    const t = this.root.t
    if (order.PickupNo) return t('counter.pickup', { no: order.PickupNo })
    // Not paid yet, no pickup number: the time it was placed (on this device's clock).
    const at = new Date(order.CreatedAt)
    const time = Number.isNaN(at.getTime()) ? order.OrderID.slice(-6) : new Intl.DateTimeFormat(this.root.locale === 'en' ? 'en-GB' : this.root.locale, { hour: '2-digit', minute: '2-digit', hour12: false }).format(at)
    return t('counter.orderAt', { time })
  }

  // ——— Starting and stopping (the page shown / left) ———

  async start(): Promise<void> {
    if (this.running) return
    this.running = true
    this.scheduleTick()
    this.scopeReaction = reaction(
      () => this.branches.map((b) => b.baseId).join(','),
      () => {
        if (this.branches.some((b) => b.baseId === this.baseId)) return
        this.chooseInitialBranch()
        void this.reopen()
      }
    )
    this.chooseInitialBranch()
    await this.reopen()
  }

  stop(): void {
    this.running = false
    this.follower.stop()
    this.scopeReaction?.()
    this.scopeReaction = null
    for (const timer of [this.reloadTimer, this.ticker]) if (timer !== null) this.deps.timers.clearTimeout(timer)
    this.reloadTimer = this.ticker = null
  }

  private chooseInitialBranch(): void {
    let saved: unknown = null
    try {
      saved = JSON.parse(this.root.browser.storage.get(COUNTER_STORAGE_KEY) ?? 'null')
    } catch {
      saved = null
    }
    const savedBase = saved && typeof saved === 'object' ? (saved as { baseId?: unknown }).baseId : undefined
    const known = (id: unknown) => typeof id === 'string' && this.branches.some((b) => b.baseId === id)
    if (!known(this.baseId)) this.baseId = known(savedBase) ? (savedBase as string) : (this.branches[0]?.baseId ?? '')
  }

  async chooseBranch(baseId: string): Promise<void> {
    if (baseId === this.baseId || !this.branches.some((b) => b.baseId === baseId)) return
    this.baseId = baseId
    this.root.browser.storage.set(COUNTER_STORAGE_KEY, JSON.stringify({ baseId }))
    this.deselect()
    await this.reopen()
  }

  setFilter(filter: TableFilter): void {
    this.filter = filter
  }

  /** Reads the floor of the branch and follows its stream from the read's position (a failed read is tried again: the follower). */
  private reopen(): Promise<void> {
    return this.follower.follow(this.baseId)
  }

  /** Reads the floor again, the stream going on; events arriving meanwhile wait and are applied on top. */
  load(): Promise<boolean> {
    return this.follower.reload()
  }

  /** A read's answer, shown (the follower applies the events that waited right after). */
  private showFloor(res: StaffOutput<'CounterFloorGet'>): void {
    this.tables = res.table1 ?? []
    this.orders = res.table2 ?? []
    const info = res.table3?.[0]
    this.currency = info?.Currency ?? ''
    this.amoPoint = Number(info?.AmoPoint ?? 2)
    this.approvers = res.table4 ?? []
    this.loaded = true
    this.loading = false
    this.settleSelection()
  }

  // ——— Events ———

  /** An event of the stream: now, or after the read under way (the follower applies each once, in order). */
  receive(event: StaffStreamEvent): void {
    this.follower.receive(event)
  }

  /** An event past the floor's position. */
  private apply(event: StaffStreamEvent): void {
    if (event.kind === 'bill.changed' && isTable(event.data.table)) this.upsertTable(event.data.table)
    else if (event.kind === 'counter.order' && isOrder(event.data.order)) this.upsertOrder(event.data.order)
    else if (TICKET_KINDS.has(event.kind)) {
      // A ticket of a round or order shown here moved: its kitchen stage is read again.
      const orderId = (event.data.ticket as { OrderID?: unknown } | undefined)?.OrderID
      if (typeof orderId === 'string' && this.shows(orderId)) this.reloadSoon()
    }
  }

  private shows(orderId: string): boolean {
    return this.orders.some((o) => o.OrderID === orderId) || this.tables.some((t) => t.Bill?.Rounds.some((r) => r.RoundID === orderId))
  }

  private upsertTable(table: CounterTableRow): void {
    const index = this.tables.findIndex((t) => t.TableID === table.TableID)
    if (index >= 0) this.tables[index] = table
    else if (table.Bill) this.tables.push(table)
    this.settleSelection()
  }

  private upsertOrder(order: CounterOrderRow): void {
    const index = this.orders.findIndex((o) => o.OrderID === order.OrderID)
    if (!WAITING.has(order.Status)) {
      if (index >= 0) this.orders.splice(index, 1)
    } else if (index >= 0) this.orders[index] = order
    else this.orders.push(order)
    this.settleSelection()
  }

  /** The panel follows what it shows: a bill that closed elsewhere, an order collected. */
  private settleSelection(): void {
    if (this.selectedOrderId && !this.selectedOrder) {
      this.selectedOrderId = ''
      this.panel = null
    }
    if (this.selectedTableId && !this.selectedTable) this.selectedTableId = ''
    if (this.selectedTableId && !this.selectedBill && this.panel) this.panel = null
    if (this.panel === 'cancel' && !this.cancelLine) this.panel = null
  }

  private reloadSoon(): void {
    if (this.reloadTimer !== null) return
    this.reloadTimer = this.deps.timers.setTimeout(() => {
      this.reloadTimer = null
      if (this.running) void this.load()
    }, RELOAD_AFTER_MS)
  }

  private scheduleTick(): void {
    this.ticker = this.deps.timers.setTimeout(() => {
      if (!this.running) return
      runInAction(() => {
        this.nowMs = this.root.browser.now().getTime()
        this.settleSelection()
      })
      this.scheduleTick()
    }, TICK_MS)
  }

  // ——— Choosing ———

  selectTable(tableId: string): void {
    this.selectedTableId = tableId
    this.selectedOrderId = ''
    this.panel = null
    this.actionError = ''
  }

  selectOrder(orderId: string): void {
    this.selectedOrderId = orderId
    this.selectedTableId = ''
    this.panel = null
    this.actionError = ''
  }

  deselect(): void {
    this.selectedTableId = ''
    this.selectedOrderId = ''
    this.panel = null
    this.actionError = ''
  }

  openPanel(panel: CounterPanel): void {
    this.actionError = ''
    this.panel = panel
    if (panel === 'pay') this.pay = { method: 'cash', amount: toDecimal(this.due).toFixed(this.amoPoint), code: '', tendered: '', note: '', key: this.deps.newKey() }
    if (panel === 'close') this.close = { reason: '', approverId: '', pin: '' }
    if (panel === 'move') this.target = this.freeTables[0]?.TableID ?? ''
    if (panel === 'merge') this.target = this.billTables[0]?.TableID ?? ''
  }

  openCancel(roundId: string, lineNo: number): void {
    this.actionError = ''
    this.cancel = { roundId, lineNo, remains: '0', reason: '', approverId: '', pin: '' }
    this.panel = 'cancel'
  }

  closePanel(): void {
    this.panel = null
    this.actionError = ''
  }

  setPay<K extends keyof Omit<PayForm, 'key'>>(field: K, value: PayForm[K]): void {
    this.pay = { ...this.pay, [field]: value }
    if (field === 'method' && value !== 'cash') this.pay.tendered = ''
  }

  setClose<K extends keyof CloseForm>(field: K, value: CloseForm[K]): void {
    this.close = { ...this.close, [field]: value }
  }

  setCancel<K extends keyof CancelForm>(field: K, value: CancelForm[K]): void {
    this.cancel = { ...this.cancel, [field]: value }
  }

  setTarget(tableId: string): void {
    this.target = tableId
  }

  // ——— Acting ———

  private async act<T>(run: () => Promise<T>, done: (result: T) => void): Promise<boolean> {
    if (this.busy) return false
    this.busy = true
    this.actionError = ''
    try {
      const result = await run()
      runInAction(() => done(result))
      return true
    } catch (e) {
      runInAction(() => {
        this.actionError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.busy = false
      })
    }
  }

  /** Records the payment of the panel's bill or order. */
  async recordPayment(): Promise<boolean> {
    const problem = this.payProblem
    if (problem) {
      this.actionError = problem
      return false
    }
    const id = this.selectedBill?.SheetID ?? this.selectedOrder?.OrderID
    if (!id) return false
    const label = this.selectedTable ? this.labelOfTable(this.selectedTable) : this.selectedOrder ? this.labelOfOrder(this.selectedOrder) : ''
    const form = { ...this.pay }
    const tendered = form.method === 'cash' && form.tendered.trim() !== '' ? form.tendered.trim() : undefined
    const send = () => {
      if (form.method === 'balance') return this.root.call('CounterMemberCharge', { SheetID: id, Code: form.code.trim(), Amount: form.amount.trim(), RequestKey: form.key })
      if (form.method === 'coupon') return this.root.call('CounterVoucherApply', { SheetID: id, Code: form.code.trim(), RequestKey: form.key })
      return this.root.call('CounterPaymentRecord', { SheetID: id, Method: form.method, Amount: form.amount.trim(), Tendered: tendered, Note: form.note.trim(), RequestKey: form.key })
    }
    const ok = await this.act(
      async () => {
        try {
          return await send()
        } catch (e) {
          // Refused by the server: nothing was recorded under this key, the next try gets a new one.
          // Not heard from it (the network): the same key again, so it cannot pay twice.
          if (!(e instanceof StaffError && e.kind === 'network')) runInAction(() => (this.pay = { ...this.pay, key: this.deps.newKey() }))
          throw e
        }
      },
      (res) => {
        const row = res.table1?.[0]
        if (!row) return
        if (row.Table) this.upsertTable(row.Table)
        if (row.Order) this.upsertOrder(row.Order)
        const t = this.root.t
        this.lastPayment = { label, amount: row.Payment.Amount, change: row.Payment.Change, method: form.method }
        const paid = t('counter.notice.paid', { label, amount: this.money(row.Payment.Amount), method: t(`counter.method.${form.method}`) })
        const change = form.method === 'cash' && toDecimal(row.Payment.Change).isPositive() ? ` ${t('counter.notice.change', { change: this.money(row.Payment.Change) })}` : ''
        const settled = row.Settled && row.Table ? ` ${t('counter.notice.billClosed')}` : ''
        this.notice = `${paid}${change}${settled}`
        this.panel = null
        this.settleSelection()
      }
    )
    return ok
  }

  async closeBill(): Promise<boolean> {
    const bill = this.selectedBill
    if (!bill) return false
    const t = this.root.t
    if (this.closeNeedsReason && !this.close.reason.trim()) {
      this.actionError = t('counter.close.reasonNeeded', { due: this.money(bill.Due) })
      return false
    }
    const approval = this.closeNeedsReason && !this.voidsAlone ? { ApproverID: this.close.approverId, ApproverPin: this.close.pin } : {}
    const label = this.selectedTable ? this.labelOfTable(this.selectedTable) : ''
    return this.act(
      () => this.root.call('CounterBillClose', { SheetID: bill.SheetID, Reason: this.close.reason.trim(), ...approval }),
      (res) => {
        const table = res.table1?.[0]
        if (table) this.upsertTable(table)
        this.notice = t('counter.notice.closed', { label })
        this.panel = null
        this.close = { reason: '', approverId: '', pin: '' }
      }
    )
  }

  async moveOrMerge(): Promise<boolean> {
    const bill = this.selectedBill
    const panel = this.panel
    if (!bill || (panel !== 'move' && panel !== 'merge') || !this.target) return false
    const t = this.root.t
    const from = this.selectedTable!
    const to = this.tables.find((x) => x.TableID === this.target)
    return this.act(
      () => (panel === 'move' ? this.root.call('CounterTableMove', { SheetID: bill.SheetID, ToTableID: this.target }) : this.root.call('CounterTableMerge', { SheetID: bill.SheetID, IntoTableID: this.target })),
      (res) => {
        for (const table of res.table1 ?? []) this.upsertTable(table)
        this.notice = t(panel === 'move' ? 'counter.notice.moved' : 'counter.notice.merged', { from: from.TableName, to: to?.TableName ?? '' })
        // The bill now stands at the other table: it stays open there.
        this.selectedTableId = this.target
        this.panel = null
      }
    )
  }

  async cancelLineNow(): Promise<boolean> {
    const bill = this.selectedBill
    const found = this.cancelLine
    if (!bill || !found) return false
    const t = this.root.t
    const remains = this.cancel.remains.normalize('NFKC').trim()
    if (!QUANTITY.test(remains) || !toDecimal(remains).lessThan(toDecimal(found.line.Qua))) {
      this.actionError = t('counter.cancel.remainsInvalid', { qua: found.line.Qua })
      return false
    }
    if (!this.cancel.reason.trim()) {
      this.actionError = t('counter.cancel.reasonNeeded')
      return false
    }
    const approval = this.voidsAlone ? {} : { ApproverID: this.cancel.approverId, ApproverPin: this.cancel.pin }
    return this.act(
      () => this.root.call('CounterLineCancel', { SheetID: bill.SheetID, RoundID: found.round.RoundID, LineNo: found.line.LineNo, Qua: remains, Reason: this.cancel.reason.trim(), ...approval }),
      (res) => {
        const table = res.table1?.[0]
        if (table) this.upsertTable(table)
        this.notice = t(toDecimal(remains).isZero() ? 'counter.notice.lineCancelled' : 'counter.notice.lineLowered', { goods: found.line.GoodsName, qua: remains })
        this.panel = null
      }
    )
  }
}

/** A request key: 32 hex digits from the browser's random source. */
export function randomKey(): string {
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  return `fo-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

export function browserCounterDeps(given: Partial<CounterDeps> = {}): CounterDeps {
  return {
    openStream: given.openStream ?? ((options, handlers) => browserStaffStream(window)(options, handlers)),
    timers: given.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
    newKey: given.newKey ?? randomKey
  }
}

/** What remains of the bill's due after the payment typed (for the form's line "left to pay"). */
export function leftAfter(due: string, amount: string): string {
  const a = amountOf(amount)
  return maxDecimal(0, toDecimal(due).minus(toDecimal(a ?? '0'))).toFixed()
}
