/**
 * The after-sale screen (issue 17 item 3; spec §1 after-sale service requests): for one order of
 * the member's, either the form of a new request (the whole order or some lines with quantities,
 * a reason, text, photos, the amount prefilled with what can still be refunded) or the progress
 * of its latest request (submitted → decided → refunded, the shop's note, withdraw while
 * submitted). What can still be refunded and how many of each line can still come back are
 * worked out from the order (OrderDetailGet) and its earlier requests (AfterSaleListByPage, then
 * AfterSaleDetailGet for their lines); the server checks both again.
 *
 * The gateway comes through the constructor. Nothing here translates: refusals are the server's
 * message (already in the diner's language) with its code; states are codes.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { toDecimal } from '../../core/money'
import { newRequestKey } from '../../core/request-key'
import { AFTERSALE_REASONS, AFTERSALE_STATUS, MAX_PHOTOS, type AfterSaleLineRow, type AfterSaleReason, type AfterSaleRow } from '../../gateway/after-rows'
import { GatewayError, type RequestOptions } from '../../gateway/gateway-client'
import { isGoodsLine, type OrderLineRow, type OrderRow } from '../../gateway/order-rows'
import type { OperationTypes } from '../../gateway/operations'

type AfterSaleOps = 'OrderDetailGet' | 'AfterSaleListByPage' | 'AfterSaleDetailGet' | 'AfterSaleSubmit' | 'AfterSaleWithdraw'

/** The part of the gateway client this store uses. */
export interface AfterSaleGateway {
  request<K extends AfterSaleOps>(operation: K, records?: OperationTypes[K]['input'][], options?: RequestOptions): Promise<Partial<OperationTypes[K]['output']>>
}

/** The request's photos as this store uses them (the uploads feature's PhotoUploads, given by the page). */
export interface AfterSalePhotos {
  readonly photos: readonly unknown[]
  /** Uploads what is not uploaded yet: every FileID in order, or null when any failed (each says why). */
  upload(): Promise<string[] | null>
}

export interface AfterSaleStoreDeps {
  /** Digits after the point of money (the enterprise's AmoPoint). */
  amoPoint(): number
  /** The photo picker's uploads (absent: no photos). */
  photos?: AfterSalePhotos
  now?: () => number
  random?: () => number
}

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed'

/** A refusal as the page shows it: the server's code and message ('' code: the network). */
export interface AfterSaleProblem {
  code: string
  message: string
}

/** One order line as the form offers it: how many can still come back. */
export interface LineChoice {
  line: OrderLineRow
  /** Ordered less what earlier live requests took. */
  left: number
  /** Chosen now (0 not asked). */
  qua: number
}

/** The step list of a request: submitted, decided (approved or rejected), refunded. */
export interface ProgressStep {
  key: 'submitted' | 'approved' | 'rejected' | 'withdrawn' | 'refunded'
  done: boolean
  /** 'YYYY-MM-DD HH:mm:ss' or ''. */
  date: string
}

/** The member's text, at most (characters; the server's limit). */
export const AFTERSALE_TEXT_MAX = 500

const SILENT: RequestOptions = { silent: true }
const OPEN = new Set<number>([AFTERSALE_STATUS.SUBMITTED, AFTERSALE_STATUS.APPROVED])
/** Requests whose lines count as taken. */
const TAKEN = new Set<number>([AFTERSALE_STATUS.SUBMITTED, AFTERSALE_STATUS.APPROVED, AFTERSALE_STATUS.REFUNDED])
/** Order states a request may be made in: paid, completed, ready. */
const REFUNDABLE_ORDER = new Set<number>([1, 2, 5])

const problemOf = (e: unknown): AfterSaleProblem => {
  if (e instanceof GatewayError) {
    const network = e.kind === 'network' || e.kind === 'timeout'
    return { code: network ? '' : e.resultcode && e.resultcode !== '0' ? e.resultcode : e.errcode, message: network ? '' : e.message }
  }
  return { code: '', message: '' }
}

/** The steps a request has gone through, in order. */
export function progressSteps(request: AfterSaleRow): ProgressStep[] {
  const submitted: ProgressStep = { key: 'submitted', done: true, date: request.CreatedDate }
  switch (request.Status) {
    case AFTERSALE_STATUS.WITHDRAWN:
      return [submitted, { key: 'withdrawn', done: true, date: '' }]
    case AFTERSALE_STATUS.REJECTED:
      return [submitted, { key: 'rejected', done: true, date: request.DecidedDate }]
    default:
      return [
        submitted,
        { key: 'approved', done: request.Status !== AFTERSALE_STATUS.SUBMITTED, date: request.DecidedDate },
        { key: 'refunded', done: request.Status === AFTERSALE_STATUS.REFUNDED, date: request.RefundedDate }
      ]
  }
}

export class AfterSaleStore {
  sheetId = ''
  state: LoadState = 'idle'
  order: OrderRow | null = null
  /** The order's requests, newest first. */
  requests: AfterSaleRow[] = []
  /** The latest request's lines. */
  latestLines: AfterSaleLineRow[] = []
  /** What was refunded of the order so far (its refunded requests). */
  refunded = '0'
  /** Line choices of the form. */
  choices: LineChoice[] = []
  /** The diner asked for a new request after a decided one. */
  asking = false

  // ---------- the form ----------
  whole = true
  reason: AfterSaleReason | '' = ''
  content = ''
  amount = ''
  /** Whether the diner typed the amount (then choosing lines no longer rewrites it). */
  amountTyped = false
  submitting = false
  withdrawing = false
  problem: AfterSaleProblem | null = null
  /** The key of the submit in flight (kept for a retry after a lost answer). */
  private requestKey = ''
  private loadSeq = 0

  constructor(
    private readonly gateway: AfterSaleGateway,
    private readonly deps: AfterSaleStoreDeps
  ) {
    makeAutoObservable<this, 'gateway' | 'deps' | 'requestKey' | 'loadSeq'>(this, { gateway: false, deps: false, requestKey: false, loadSeq: false })
  }

  /** The latest request of the order ('null' none). */
  get latest(): AfterSaleRow | null {
    return this.requests[0] ?? null
  }

  /** What can still be refunded: paid less refunded. */
  get refundable(): string {
    if (!this.order) return '0'
    const left = toDecimal(this.order.PaidAmount || '0').minus(toDecimal(this.refunded))
    return (left.lt(0) ? toDecimal('0') : left).toFixed(this.deps.amoPoint())
  }

  /** 'form' a new request; 'progress' the latest request; 'none' the order cannot be asked about. */
  get mode(): 'form' | 'progress' | 'none' {
    const latest = this.latest
    if (latest && OPEN.has(latest.Status)) return 'progress'
    const canAsk = !!this.order && REFUNDABLE_ORDER.has(this.order.Status) && toDecimal(this.refundable).gt(0)
    if (latest && latest.Status !== AFTERSALE_STATUS.WITHDRAWN && !this.asking) return 'progress'
    return canAsk ? 'form' : latest ? 'progress' : 'none'
  }

  /** A decided request's page offers a new one while something paid is not refunded. */
  get canAskAgain(): boolean {
    const latest = this.latest
    return !!latest && !OPEN.has(latest.Status) && !!this.order && REFUNDABLE_ORDER.has(this.order.Status) && toDecimal(this.refundable).gt(0)
  }

  get steps(): ProgressStep[] {
    return this.latest ? progressSteps(this.latest) : []
  }

  /** The amount the chosen lines are worth (their share of each line), at most what can be refunded. */
  get suggestedAmount(): string {
    if (this.whole) return this.refundable
    let sum = toDecimal('0')
    for (const c of this.choices) {
      const lineQua = toDecimal(c.line.Qua || '0')
      if (c.qua > 0 && lineQua.gt(0)) sum = sum.plus(toDecimal(c.line.Amount).times(c.qua).dividedBy(lineQua))
    }
    const max = toDecimal(this.refundable)
    return (sum.gt(max) ? max : sum).toFixed(this.deps.amoPoint())
  }

  /** Why the form cannot be sent yet ('' it can): a message key of the page. */
  get formProblem(): '' | 'aftersale.needLines' | 'aftersale.needReason' | 'aftersale.badAmount' {
    if (!this.whole && !this.choices.some((c) => c.qua > 0)) return 'aftersale.needLines'
    if (!this.reason) return 'aftersale.needReason'
    const text = this.amount.trim()
    if (!/^\d+(\.\d+)?$/.test(text)) return 'aftersale.badAmount'
    const amount = toDecimal(text)
    if (amount.lte(0) || amount.gt(toDecimal(this.refundable)) || (text.split('.')[1] ?? '').length > this.deps.amoPoint()) return 'aftersale.badAmount'
    return ''
  }

  /** Loads the order and its requests; a second load while one runs wins. */
  async load(sheetId: string): Promise<void> {
    const seq = ++this.loadSeq
    runInAction(() => {
      if (this.sheetId !== sheetId) this.reset(sheetId)
      this.state = this.order ? this.state : 'loading'
    })
    try {
      const [detail, list] = await Promise.all([
        this.gateway.request('OrderDetailGet', [{ SheetID: sheetId }], SILENT),
        this.gateway.request('AfterSaleListByPage', [{ PageIndex: 1, PageSize: 100 }], SILENT)
      ])
      const requests = (list.table1 ?? []).filter((r) => r.SheetID === sheetId)
      // The lines of every request that takes some (the latest's shown on the page too).
      const withLines = requests.filter((r, i) => i === 0 || TAKEN.has(r.Status))
      const lines = await Promise.all(withLines.map((r) => this.gateway.request('AfterSaleDetailGet', [{ AfterSaleID: r.AfterSaleID }], SILENT)))
      if (seq !== this.loadSeq) return
      const linesOf = new Map(withLines.map((r, i) => [r.AfterSaleID, lines[i].table2 ?? []]))
      runInAction(() => {
        this.order = detail.table1?.[0] ?? null
        this.requests = requests
        this.latestLines = requests[0] ? linesOf.get(requests[0].AfterSaleID) ?? [] : []
        this.refunded = requests
          .filter((r) => r.Status === AFTERSALE_STATUS.REFUNDED)
          .reduce((s, r) => s.plus(toDecimal(r.RefundedAmount)), toDecimal('0'))
          .toFixed()
        const taken = new Map<number, number>()
        for (const r of requests) {
          if (!TAKEN.has(r.Status)) continue
          for (const l of linesOf.get(r.AfterSaleID) ?? []) taken.set(l.LineNo, (taken.get(l.LineNo) ?? 0) + Number(l.Qua))
        }
        const before = new Map(this.choices.map((c) => [c.line.LineNo, c.qua]))
        // The coupon's line (a negative amount off) is no item to give back: only goods are offered.
        this.choices = (detail.table2 ?? []).filter(isGoodsLine).map((line) => {
          const left = Math.max(0, Number(line.Qua) - (taken.get(line.LineNo) ?? 0))
          return { line, left, qua: Math.min(before.get(line.LineNo) ?? 0, left) }
        })
        if (!this.amountTyped) this.amount = this.suggestedAmount
        this.state = this.order ? 'ready' : 'failed'
      })
    } catch (e) {
      if (seq !== this.loadSeq) return
      runInAction(() => {
        this.problem = problemOf(e)
        if (!this.order) this.state = 'failed'
      })
    }
  }

  private reset(sheetId: string): void {
    this.sheetId = sheetId
    this.state = 'idle'
    this.order = null
    this.requests = []
    this.latestLines = []
    this.refunded = '0'
    this.choices = []
    this.asking = false
    this.whole = true
    this.reason = ''
    this.content = ''
    this.amount = ''
    this.amountTyped = false
    this.problem = null
    this.requestKey = ''
  }

  setWhole(whole: boolean): void {
    this.whole = whole
    this.formChanged()
  }

  /** One more (or less) of a line; at most what can still come back. */
  step(lineNo: number, by: 1 | -1): void {
    const choice = this.choices.find((c) => c.line.LineNo === lineNo)
    if (!choice) return
    const next = by > 0 ? Math.min(choice.left, choice.qua + 1) : Math.max(0, choice.qua - 1)
    choice.qua = next
    if (next > 0) this.whole = false
    this.formChanged()
  }

  setReason(reason: AfterSaleReason): void {
    if ((AFTERSALE_REASONS as readonly string[]).includes(reason)) this.reason = reason
    this.requestKey = ''
  }

  setContent(text: string): void {
    this.content = text
    this.requestKey = ''
  }

  setAmount(text: string): void {
    this.amount = text
    this.amountTyped = text.trim() !== ''
    this.requestKey = ''
  }

  askAgain(): void {
    this.asking = true
    this.amountTyped = false
    this.amount = this.suggestedAmount
  }

  private formChanged(): void {
    this.requestKey = ''
    this.problem = null
    if (!this.amountTyped) this.amount = this.suggestedAmount
  }

  /** Sends the form; true when the request was made (the page then shows its progress). */
  async submit(): Promise<boolean> {
    if (this.submitting || this.formProblem || !this.reason || !this.order) return false
    this.submitting = true
    this.problem = null
    // The photos go up first (only HTTP 200 counts); one that failed says why beside it, and nothing is sent.
    let fileIds: string[] = []
    if (this.deps.photos && this.deps.photos.photos.length > 0) {
      const uploaded = await this.deps.photos.upload()
      if (!uploaded) {
        runInAction(() => (this.submitting = false))
        return false
      }
      fileIds = uploaded.slice(0, MAX_PHOTOS)
    }
    // A retry of the same form (an answer lost on the way) keeps its key: the server answers the same request.
    this.requestKey ||= newRequestKey('as-', (this.deps.now ?? Date.now)(), this.deps.random)
    const lines = this.whole ? [] : this.choices.filter((c) => c.qua > 0).map((c) => ({ LineNo: c.line.LineNo, Qua: c.qua }))
    try {
      const out = await this.gateway.request(
        'AfterSaleSubmit',
        [
          {
            SheetID: this.sheetId,
            ...(lines.length ? { Lines: lines } : {}),
            Amount: this.amount.trim(),
            Reason: this.reason,
            Content: this.content.trim(),
            ...(fileIds.length ? { FileIDs: fileIds } : {}),
            RequestKey: this.requestKey
          }
        ],
        SILENT
      )
      const request = out.table1?.[0]
      runInAction(() => {
        this.submitting = false
        if (!request) return
        this.requests = [request, ...this.requests.filter((r) => r.AfterSaleID !== request.AfterSaleID)]
        this.latestLines = out.table2 ?? []
        this.asking = false
        this.requestKey = ''
      })
      return !!request
    } catch (e) {
      const problem = problemOf(e)
      runInAction(() => {
        this.submitting = false
        this.problem = problem
        // Refused: the next try is a new request. Lost on the way: the same key again.
        if (problem.code) this.requestKey = ''
      })
      return false
    }
  }

  /** Withdraws the latest request while it is submitted. */
  async withdraw(): Promise<boolean> {
    const latest = this.latest
    if (!latest || !latest.CanWithdraw || this.withdrawing) return false
    this.withdrawing = true
    this.problem = null
    try {
      const out = await this.gateway.request('AfterSaleWithdraw', [{ AfterSaleID: latest.AfterSaleID }], SILENT)
      const row = out.table1?.[0]
      runInAction(() => {
        this.withdrawing = false
        if (row) this.requests = [row, ...this.requests.slice(1)]
      })
      return !!row
    } catch (e) {
      const problem = problemOf(e)
      runInAction(() => {
        this.withdrawing = false
        this.problem = problem
      })
      return false
    }
  }
}
