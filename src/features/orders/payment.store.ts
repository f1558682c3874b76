/**
 * Paying for an order online (spec §2 paymentTransfer, paying; §7 Bank): check the shop has a
 * finance account, submit the payment with a request key that stays the same for one attempt
 * (a double tap, a retry or a lost answer gives the same payment), send the diner to the
 * provider's page, and on return poll the payment's status until it is paid or declined.
 *
 * Leaving the app and the URL to come back to are the host's business; this store is given
 * them as functions.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { OperationTypes } from '../../gateway/operations'
import type { RequestOptions } from '../../gateway/gateway-client'
import { GatewayError } from '../../gateway/gateway-client'
import { RESULTCODES } from '../../gateway/contract'
import { ORDER_STATUS, PAYMENT_STATUS, type FinanceAccountRow, type OrderRow, type PaymentRow } from '../../gateway/order-rows'
import type { KeyValueStorage } from '../../hosts/host'
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
  /** The payment made / the order changed: lets the order views catch up. */
  onOrder?(order: OrderRow): void
  scheduler?: Scheduler
  now?: () => number
  random?: () => number
}

/**
 * paymentTransfer: 'checking' (order, account, payment) → 'leaving' (on the way to PayUrl).
 * Or it stops: 'paid' (nothing left to pay), 'notPayable' (cancelled, expired…), 'noAccount'
 * (the shop takes no online payment), 'unsupported' (this build cannot leave for the
 * provider's page), 'failed' (say why; try again with the same attempt).
 */
export type TransferState = 'idle' | 'checking' | 'leaving' | 'paid' | 'notPayable' | 'noAccount' | 'unsupported' | 'failed'

/** paying: 'checking' until the provider has decided; 'notFound' when there is no such payment. */
export type PayingState = 'idle' | 'checking' | 'paid' | 'declined' | 'refundDue' | 'refunded' | 'notFound'

export const PAY_POLL_MS = 2000
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

      const returnUrl = this.deps.returnUrl(sheetId)
      if (returnUrl === null) return this.stopTransfer(seq, 'unsupported')

      let payment = await this.submit(sheetId, returnUrl)
      if (!current()) return
      // A key whose payment was declined belongs to an attempt that is over: start a new one.
      if (payment && payment.Status === PAYMENT_STATUS.DECLINED) {
        this.endAttempt(sheetId)
        payment = await this.submit(sheetId, returnUrl)
        if (!current()) return
      }
      runInAction(() => (this.payment = payment))
      if (!payment) return this.stopTransfer(seq, 'failed')
      if (payment.Status === PAYMENT_STATUS.PAID || payment.Status === PAYMENT_STATUS.REFUND_DUE) return this.stopTransfer(seq, 'paid')
      if (!payment.PayUrl) return this.stopTransfer(seq, 'failed')
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

  private async submit(sheetId: string, returnUrl: string): Promise<PaymentRow | null> {
    const send = (key: string) =>
      this.gateway.request('PaySubmit', [{ SheetID: sheetId, RequestKey: key, ReturnUrl: returnUrl }], { silent: true })
    try {
      return (await send(this.attemptKey(sheetId))).table1?.[0] ?? null
    } catch (e) {
      // The server knows this key for something else (storage carried over): a fresh attempt.
      if (resultCodeOf(e) !== RESULTCODES.REQUEST_KEY_REUSED) throw e
      this.endAttempt(sheetId)
      return (await send(this.attemptKey(sheetId))).table1?.[0] ?? null
    }
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
        if (order) this.deps.onOrder?.(order)
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
