/**
 * Paying for an order online (spec §2 paymentTransfer, paying; §7 Bank): check the shop has a
 * finance account, submit the payment with a request key that stays the same for one attempt
 * (a double tap, a retry or a lost answer gives the same payment), send the diner to the
 * provider's page, and on return poll the payment's status until it is paid or declined.
 *
 * Leaving the app, the host's own cashier (docs/hosts.md) and the URL to come back to are the
 * host's business; this store is given them as functions.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { OperationTypes } from '../../gateway/operations'
import type { RequestOptions } from '../../gateway/gateway-client'
import { GatewayError } from '../../gateway/gateway-client'
import { RESULTCODES } from '../../gateway/codes'
import { ORDER_STATUS, PAYMENT_STATUS, type FinanceAccountRow, type OrderRow, type PaymentRow } from '../../gateway/order-rows'
import type { KeyValueStorage } from '../../hosts/host'
import type { HostCashier } from '../../hosts/cashier'
import type { PayInvocationRow } from '../../gateway/pay-invocation'
import { Poller, realScheduler, type Scheduler } from '../../core/polling'
import { newRequestKey } from '../../core/request-key'

type PaymentOps = 'OrderDetailGet' | 'FinanceAccountGet' | 'PaySubmit' | 'PaymentStatusUpdate'

/** The part of the gateway client this store uses. */
export interface PaymentGateway {
  request<K extends PaymentOps>(
    operation: K,
    records?: OperationTypes[K]['input'][],
    options?: RequestOptions
  ): Promise<Partial<OperationTypes[K]['output']>>
}

export interface PaymentStoreDeps {
  storage: KeyValueStorage
  /**
   * The app's own URL the provider's page sends the diner back to (the paying page of this
   * order), or null where the app cannot be left for a web page (mini-programs).
   */
  returnUrl(sheetId: string): string | null
  /** Leaves the app for the provider's page; false when the host cannot. */
  leaveTo(url: string): boolean
  /** The host's own cashier, where it has one (host.cashier); else the provider's page. */
  cashier?(): Promise<HostCashier | null>
  /** The payment made / the order changed: lets the order views catch up. */
  onOrder?(order: OrderRow): void
  scheduler?: Scheduler
  now?: () => number
  random?: () => number
}

/**
 * paymentTransfer: 'checking' (order, account, payment) → 'leaving' (on the way to PayUrl), or
 * with a host cashier 'inCashier' → 'toPaying' (the cashier is done: the paying page asks the
 * server what happened). Or it stops: 'paid' (nothing left to pay), 'notPayable' (cancelled,
 * expired…), 'noAccount' (the shop takes no online payment), 'unsupported' (this host has no way
 * to pay online), 'cancelled' (the diner left the cashier: the payment is still open),
 * 'cashierFailed' (the cashier failed and the server has no decision), 'failed' (say why; try
 * again with the same attempt).
 */
export type TransferState =
  | 'idle'
  | 'checking'
  | 'leaving'
  | 'inCashier'
  | 'toPaying'
  | 'paid'
  | 'notPayable'
  | 'noAccount'
  | 'unsupported'
  | 'cancelled'
  | 'cashierFailed'
  | 'failed'

/** paying: 'checking' until the provider has decided; 'notFound' when there is no such payment. */
export type PayingState = 'idle' | 'checking' | 'paid' | 'declined' | 'refundDue' | 'refunded' | 'notFound'

export const PAY_POLL_MS = 2000
/** The ReturnUrl sent where the app has no web address (a host cashier, no page to come back to). */
export const NO_WEB_RETURN = '/'
export const PAY_ATTEMPT_STORAGE = 'scanorder.payAttempt.'

const isNetwork = (e: unknown): boolean => e instanceof GatewayError && (e.kind === 'network' || e.kind === 'timeout')
const resultCodeOf = (e: unknown): string => (e instanceof GatewayError ? e.resultcode : '')
const messageOf = (e: unknown): string => (e instanceof GatewayError && !isNetwork(e) ? e.message : '')

export class PaymentStore {
  // ---------- paymentTransfer ----------
  transferState: TransferState = 'idle'
  /** The server's words when it refused ('' for network trouble: the page says so itself). */
  transferError = ''
  transferSheetId = ''
  order: OrderRow | null = null
  account: FinanceAccountRow | null = null
  payment: PaymentRow | null = null

  // ---------- paying ----------
  payingState: PayingState = 'idle'
  payingSheetId = ''
  payingPayId = ''
  /** True while the last status check did not reach the server (polling goes on). */
  offline = false
  paidOrder: OrderRow | null = null
  /** The order the payment was for, as the last status check answered it (null: not known yet). */
  payingOrder: OrderRow | null = null

  private readonly poller: Poller
  private transferSeq = 0
  private watchGen = 0

  constructor(
    private readonly gateway: PaymentGateway,
    private readonly deps: PaymentStoreDeps
  ) {
    this.poller = new Poller(deps.scheduler ?? realScheduler, PAY_POLL_MS)
    makeAutoObservable<PaymentStore, 'gateway' | 'deps' | 'poller' | 'transferSeq' | 'watchGen'>(this, {
      gateway: false,
      deps: false,
      poller: false,
      transferSeq: false,
      watchGen: false
    })
  }

  // ---------- one attempt, one request key ----------

  /**
   * The request key of the current payment attempt for an order: made once and kept (in local
   * storage, so a reload or the way back from the provider keeps it) until the attempt is
   * declined. Timestamp + 10 random characters.
   */
  attemptKey(sheetId: string): string {
    const stored = this.deps.storage.get(PAY_ATTEMPT_STORAGE + sheetId)
    if (stored) return stored
    const key = newRequestKey('P', (this.deps.now ?? Date.now)(), this.deps.random)
    this.deps.storage.set(PAY_ATTEMPT_STORAGE + sheetId, key)
    return key
  }

  /** The attempt is over (declined): the next try is a new payment with a new key. */
  endAttempt(sheetId: string): void {
    this.deps.storage.remove(PAY_ATTEMPT_STORAGE + sheetId)
  }

  // ---------- paymentTransfer ----------

  /**
   * Order → finance account → PaySubmit → the provider's page. Safe to run again: the same
   * attempt submits with the same key, so the server answers with the same payment.
   */
  async transfer(sheetId: string): Promise<void> {
    const seq = ++this.transferSeq
    const current = () => seq === this.transferSeq
    this.transferSheetId = sheetId
    this.transferState = 'checking'
    this.transferError = ''
    this.payment = null
    if (!sheetId) return this.stopTransfer(seq, 'failed')

    try {
      const detail = await this.gateway.request('OrderDetailGet', [{ SheetID: sheetId }], { silent: true })
      const order = detail.table1?.[0] ?? null
      if (!current()) return
      runInAction(() => (this.order = order))
      if (!order) return this.stopTransfer(seq, 'failed')
      if (order.Status === ORDER_STATUS.PAID || order.Status === ORDER_STATUS.READY || order.Status === ORDER_STATUS.COMPLETED) {
        return this.stopTransfer(seq, 'paid')
      }
      if (!order.CanPay) return this.stopTransfer(seq, 'notPayable')

      const accounts = await this.gateway.request('FinanceAccountGet', [{ ShopID: order.ShopID }], { silent: true })
      if (!current()) return
      const account = accounts.table1?.[0] ?? null
      runInAction(() => (this.account = account))
      if (!account) return this.stopTransfer(seq, 'noAccount')

      const cashier = (await this.deps.cashier?.().catch(() => null)) ?? null
      if (!current()) return
      const returnUrl = this.deps.returnUrl(sheetId)
      if (returnUrl === null && !cashier) return this.stopTransfer(seq, 'unsupported')

      let submitted = await this.submit(sheetId, returnUrl ?? NO_WEB_RETURN, cashier)
      if (!current()) return
      // A key whose payment was declined belongs to an attempt that is over: start a new one.
      if (submitted.payment && submitted.payment.Status === PAYMENT_STATUS.DECLINED) {
        this.endAttempt(sheetId)
        submitted = await this.submit(sheetId, returnUrl ?? NO_WEB_RETURN, cashier)
        if (!current()) return
      }
      const { payment, invocation } = submitted
      runInAction(() => (this.payment = payment))
      if (!payment) return this.stopTransfer(seq, 'failed')
      if (payment.Status === PAYMENT_STATUS.PAID || payment.Status === PAYMENT_STATUS.REFUND_DUE) return this.stopTransfer(seq, 'paid')
      if (cashier && invocation?.Channel === cashier.channel) return await this.payInCashier(seq, cashier, invocation, payment)
      if (!payment.PayUrl || returnUrl === null) return this.stopTransfer(seq, 'failed')
      this.stopTransfer(seq, 'leaving')
      if (!this.deps.leaveTo(payment.PayUrl)) this.stopTransfer(seq, 'unsupported')
    } catch (e) {
      if (!current()) return
      const code = resultCodeOf(e)
      if (code === RESULTCODES.PAYMENT_ACCOUNT_NOT_LINKED) return this.stopTransfer(seq, 'noAccount')
      if (code === RESULTCODES.ORDER_EXPIRED || code === RESULTCODES.ORDER_STATUS_CONFLICT) {
        return this.stopTransfer(seq, 'notPayable', messageOf(e))
      }
      this.stopTransfer(seq, 'failed', messageOf(e))
    }
  }

  /**
   * The host's cashier is open. What it reports is not proof: 'done' goes to the paying page,
   * which asks the server; a failure asks the server once (the cashier may have declined it there).
   */
  private async payInCashier(seq: number, cashier: HostCashier, invocation: PayInvocationRow, payment: PaymentRow): Promise<void> {
    this.stopTransfer(seq, 'inCashier')
    const outcome = await cashier.pay(invocation, payment.PayUrl)
    if (seq !== this.transferSeq) return
    if (outcome === 'done') return this.stopTransfer(seq, 'toPaying')
    // Left the cashier: the payment stays open, the same attempt pays it later.
    if (outcome === 'cancelled') return this.stopTransfer(seq, 'cancelled')
    try {
      const res = await this.gateway.request('PaymentStatusUpdate', [{ PayID: payment.PayID }], { silent: true })
      const status = res.table1?.[0]?.Status
      this.stopTransfer(seq, status !== undefined && status !== PAYMENT_STATUS.PENDING ? 'toPaying' : 'cashierFailed')
    } catch {
      this.stopTransfer(seq, 'cashierFailed')
    }
  }

  private async submit(sheetId: string, returnUrl: string, cashier: HostCashier | null): Promise<{ payment: PaymentRow | null; invocation: PayInvocationRow | null }> {
    const send = async (key: string) => {
      const res = await this.gateway.request(
        'PaySubmit',
        [{ SheetID: sheetId, RequestKey: key, ReturnUrl: returnUrl, ...(cashier ? { PayChannel: cashier.channel } : {}) }],
        { silent: true }
      )
      return { payment: res.table1?.[0] ?? null, invocation: res.table2?.[0] ?? null }
    }
    try {
      return await send(this.attemptKey(sheetId))
    } catch (e) {
      // The server knows this key for something else (storage carried over): a fresh attempt.
      if (resultCodeOf(e) !== RESULTCODES.REQUEST_KEY_REUSED) throw e
      this.endAttempt(sheetId)
      return await send(this.attemptKey(sheetId))
    }
  }

  /** The page has moved on from 'toPaying' / 'cancelled': coming back to it starts afresh, not another redirect. */
  transferShown(): void {
    if (this.transferState === 'toPaying' || this.transferState === 'cancelled') this.transferState = 'idle'
  }

  private stopTransfer(seq: number, state: TransferState, error = ''): void {
    if (seq !== this.transferSeq) return
    this.transferState = state
    this.transferError = error
  }

  // ---------- paying ----------

  /**
   * The diner is back from the provider's page (or opened paying directly): ask for the
   * payment's status every PAY_POLL_MS until it is decided. Without a PayID, the order's latest
   * payment is the one. A lost connection keeps polling quietly. Returns the stop of this watch.
   */
  watchPayment(ids: { PayID?: string; SheetID?: string }): () => void {
    const gen = ++this.watchGen
    this.payingState = 'checking'
    this.payingPayId = ids.PayID ?? ''
    this.payingSheetId = ids.SheetID ?? ''
    this.offline = false
    this.paidOrder = null
    this.payingOrder = null
    this.poller.start(() => this.checkPayment())
    return () => {
      if (gen === this.watchGen) this.stopWatchingPayment()
    }
  }

  stopWatchingPayment(): void {
    this.poller.stop()
  }

  /** One status check; true to ask again. */
  private async checkPayment(): Promise<boolean> {
    try {
      if (!this.payingPayId) {
        const found = await this.latestPayment(this.payingSheetId)
        if (!found) {
          runInAction(() => (this.payingState = 'notFound'))
          return false
        }
        runInAction(() => (this.payingPayId = found.PayID))
      }
      const res = await this.gateway.request('PaymentStatusUpdate', [{ PayID: this.payingPayId }], { silent: true })
      const payment = res.table1?.[0]
      const order = res.table2?.[0] ?? null
      return runInAction(() => {
        this.offline = false
        if (!payment) {
          this.payingState = 'notFound'
          return false
        }
        if (payment.SheetID) this.payingSheetId = payment.SheetID
        if (order) {
          this.payingOrder = order
          this.deps.onOrder?.(order)
        }
        switch (payment.Status) {
          case PAYMENT_STATUS.PAID:
            this.paidOrder = order
            this.payingState = 'paid'
            this.endAttempt(payment.SheetID)
            return false
          case PAYMENT_STATUS.DECLINED:
            this.payingState = 'declined'
            this.endAttempt(payment.SheetID)
            return false
          case PAYMENT_STATUS.REFUND_DUE:
          case PAYMENT_STATUS.REFUNDED:
            // Money that came after the order had ended: given back, or to be.
            this.payingState = payment.Status === PAYMENT_STATUS.REFUNDED ? 'refunded' : 'refundDue'
            this.endAttempt(payment.SheetID)
            return false
          default:
            return true
        }
      })
    } catch (e) {
      if (isNetwork(e)) {
        runInAction(() => (this.offline = true))
        return true
      }
      if (resultCodeOf(e) === RESULTCODES.PAYMENT_NOT_FOUND || resultCodeOf(e) === RESULTCODES.ORDER_NOT_FOUND || resultCodeOf(e) === RESULTCODES.ORDER_NOT_YOURS) {
        runInAction(() => (this.payingState = 'notFound'))
        return false
      }
      // Anything else (a server hiccup): keep asking.
      return true
    }
  }

  /** The order's newest payment (the one the diner just made). */
  private async latestPayment(sheetId: string): Promise<PaymentRow | null> {
    if (!sheetId) return null
    const res = await this.gateway.request('OrderDetailGet', [{ SheetID: sheetId }], { silent: true })
    const payments = [...(res.table3 ?? [])].sort((a, b) => (a.CreatedDate < b.CreatedDate ? 1 : a.CreatedDate > b.CreatedDate ? -1 : 0))
    return payments[0] ?? null
  }
}
