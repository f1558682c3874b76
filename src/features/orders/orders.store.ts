/**
 * This device's orders (spec §2 orderList, orderDetails; §4 order statuses): the list, paged
 * (pull up for more, pull down to refresh), one order's details kept fresh while it is not final,
 * and cancelling after the diner confirms 'Are you sure to cancel the order?'.
 *
 * Kept fresh by push (issue 24; docs/pickup-screen.md): while an order is watched and not final,
 * the store follows its branch's public live stream through the host (H5 EventSource,
 * mini-programs a poll of /live/poll) and reads the order again at once when an `order.progress`
 * event names it (its ProgressRef), or when the stream (re)connects or was reset. Only while the
 * stream is not connected are the details polled, every DETAIL_POLL_MS. When the order becomes
 * ready for pickup the host nudges the diner (a vibration or a sound where it allows one).
 *
 * The server knows whose orders they are from the device key the gateway sends; this store only
 * asks. Gateway and timers come through the constructor; the page brings the confirmation modal
 * (so the modal's code loads with the page, not with the first screen).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { OperationTypes } from '../../gateway/operations'
import type { RequestOptions } from '../../gateway/gateway-client'
import { GatewayError } from '../../gateway/gateway-client'
import { ORDER_NOT_FOUND } from '../../gateway/entry-codes'
import { ORDER_STATUS, type OrderLineRow, type OrderRow, type PaymentRow } from '../../gateway/order-rows'
import { AFTERSALE_STATUS, type ReorderLineRow } from '../../gateway/after-rows'
import type { BaseDetailRow } from '../../gateway/address-rows'
import { isFinal } from '../../core/order-status'
import { Poller, realScheduler, type Scheduler } from '../../core/polling'
import { PagedList } from '../../stores/paged-list'
import { OrderProgressFollower, ORDER_LIVE_KINDS, type OrderProgressLive } from '../../stores/order-progress'
import { wasConfirmed } from '../../hosts/confirm-signal'

type OrderOps = 'OrderDetailGet' | 'OrderListByPage' | 'OrderCancel' | 'OrderReorderGet' | 'ShopBaseDetailGet' | 'AfterSaleListByPage'

/** The part of the gateway client this store uses. */
export interface OrdersGateway {
  request<K extends OrderOps>(
    operation: K,
    records?: OperationTypes[K]['input'][],
    options?: RequestOptions
  ): Promise<Partial<OperationTypes[K]['output']>>
}

/** The live stream the watched order's progress comes by (issue 24; src/stores/order-progress.ts). */
export type OrdersLive = OrderProgressLive

export interface OrdersStoreDeps {
  scheduler?: Scheduler
  /** Without it the watched order is polled every DETAIL_POLL_MS, as before issue 24. */
  live?: OrdersLive
}

/** The live events an order page listens for. */
export { ORDER_LIVE_KINDS }

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed'

export interface OrderDetail {
  order: OrderRow
  lines: OrderLineRow[]
  payments: PaymentRow[]
}

export const ORDER_PAGE_SIZE = 10
/** While an order is not final and its live stream is not connected, its details are asked for again this often. */
export const DETAIL_POLL_MS = 5000

type LoadOutcome = 'ok' | 'network' | 'refused'

export class OrdersStore {
  /** The list, newest first, as far as it has been paged. */
  readonly list: PagedList<OrderRow>

  details: Record<string, OrderDetail> = {}
  detailState: Record<string, LoadState> = {}
  /** Why an order could not be shown (the server's message), by SheetID. */
  detailError: Record<string, string> = {}
  /** SheetIDs the server knows no order by for this diner (an odd link): trying again cannot help. */
  detailMissing: Record<string, boolean> = {}
  cancelling = false
  /** issue 17: after — a reorder is being asked for (the button waits). */
  reordering = false
  /** issue 17: after — branches of orders shown on a receipt (address, phone), by BaseID. */
  branches: Record<string, BaseDetailRow> = {}
  /** issue 17: after — money an order had back through after-sale requests (the receipt), by SheetID. */
  afterSaleRefunds: Record<string, { amount: string; date: string }[]> = {}
  /** The order whose details are being kept fresh ('' none). */
  watching = ''

  private readonly poller: Poller
  /** Bumped by every watchDetail: a page's stop() only ends its own watch, not the next page's. */
  private watchGen = 0
  private readonly live: OrdersLive | null
  /** The watched order's branch stream (src/stores/order-progress.ts). */
  private readonly progress: OrderProgressFollower

  constructor(
    private readonly gateway: OrdersGateway,
    deps: OrdersStoreDeps = {}
  ) {
    this.live = deps.live ?? null
    this.progress = new OrderProgressFollower(this.live)
    this.poller = new Poller(deps.scheduler ?? realScheduler, DETAIL_POLL_MS)
    this.list = new PagedList(
      async (PageIndex, PageSize) => {
        const res = await this.gateway.request('OrderListByPage', [{ PageIndex, PageSize }])
        const rows = res.table1 ?? []
        return { rows, total: res.table2?.[0]?.Total ?? rows.length }
      },
      (r) => r.SheetID,
      ORDER_PAGE_SIZE
    )
    makeAutoObservable<OrdersStore, 'gateway' | 'poller' | 'watchGen' | 'live' | 'progress'>(this, {
      gateway: false,
      poller: false,
      watchGen: false,
      list: false,
      live: false,
      progress: false
    })
  }

  /** Whether the watched order's live stream is connected (then nothing is polled). */
  get liveConnected(): boolean {
    return this.progress.connected
  }

  // ---------- the list ----------

  get rows(): OrderRow[] {
    return this.list.rows
  }

  get listState(): LoadState {
    return this.list.state
  }

  get refreshing(): boolean {
    return this.list.refreshing
  }

  get moreState(): PagedList<OrderRow>['moreState'] {
    return this.list.moreState
  }

  get hasMore(): boolean {
    return this.list.hasMore
  }

  /** First page again (opening the list, pulling down). Rows already shown stay while it loads. */
  refreshList(): Promise<void> {
    return this.list.refresh()
  }

  /** The next page (pulling up at the bottom); an order placed meanwhile is not listed twice. */
  loadMore(): Promise<void> {
    return this.list.loadMore()
  }

  // ---------- one order ----------

  detailOf(sheetId: string): OrderDetail | null {
    return this.details[sheetId] ?? null
  }

  /** Loads one order with its lines and payments. Quiet: the page shows what went wrong. */
  async loadDetail(sheetId: string): Promise<LoadOutcome> {
    if (!sheetId) {
      this.detailState[sheetId] = 'failed'
      this.detailMissing[sheetId] = true
      return 'refused'
    }
    if (!this.details[sheetId]) this.detailState[sheetId] = 'loading'
    try {
      const res = await this.gateway.request('OrderDetailGet', [{ SheetID: sheetId }], { silent: true })
      const order = res.table1?.[0]
      runInAction(() => {
        if (!order) {
          this.detailState[sheetId] = 'failed'
          this.detailMissing[sheetId] = true
          return
        }
        const before = this.details[sheetId]?.order.Status
        // Ready for pickup while the diner looks at it: a nudge they feel or hear.
        if (sheetId === this.watching && before !== undefined && before !== ORDER_STATUS.READY && order.Status === ORDER_STATUS.READY) this.live?.alert?.()
        this.details[sheetId] = { order, lines: res.table2 ?? [], payments: res.table3 ?? [] }
        this.detailState[sheetId] = 'ready'
        delete this.detailError[sheetId]
        this.mergeRow(order)
      })
      return order ? 'ok' : 'refused'
    } catch (e) {
      const network = e instanceof GatewayError && (e.kind === 'network' || e.kind === 'timeout')
      runInAction(() => {
        // Polling through a lost connection keeps what is shown.
        if (!this.details[sheetId]) {
          this.detailState[sheetId] = 'failed'
          this.detailError[sheetId] = network ? '' : String((e as Error)?.message ?? '')
          // Unknown to the server (or someone else's: answered alike): a Retry would only ask again.
          this.detailMissing[sheetId] = e instanceof GatewayError && e.resultcode === ORDER_NOT_FOUND
        }
      })
      return network ? 'network' : 'refused'
    }
  }

  /**
   * Shows one order and keeps it fresh while it is not final (paid → ready for pickup →
   * completed happen in the shop): loads it, follows its branch's live stream and reads it again
   * when an event names it; while the stream is not connected, reads it every DETAIL_POLL_MS. A
   * lost connection keeps polling quietly; an order the server refuses to show stops it. Returns
   * the stop for the page that asked: it ends this watch only, so a page leaving after the next
   * one opened (orderDetails after paymentResult) does not stop the next one's.
   */
  watchDetail(sheetId: string): () => void {
    const gen = ++this.watchGen
    if (this.watching !== sheetId) this.unfollow()
    this.poll(sheetId, true)
    return () => {
      if (gen === this.watchGen) this.stopWatching()
    }
  }

  stopWatching(): void {
    this.poller.stop()
    this.unfollow()
    this.watching = ''
  }

  private poll(sheetId: string, immediately: boolean): void {
    this.watching = sheetId
    this.poller.start(async () => {
      const outcome = await this.loadDetail(sheetId)
      if (this.watching !== sheetId) return false
      if (outcome === 'refused') {
        this.unfollow()
        return false
      }
      const d = this.details[sheetId]
      const moving = !d || !isFinal(d.order.Status)
      this.follow(moving && d ? d.order : null)
      // Pushed while the stream is connected: no poll then.
      return moving && !this.liveConnected
    }, immediately)
  }

  /** Follows the stream of the order's branch (null: none); the same branch's subscription is kept. */
  private follow(order: OrderRow | null): void {
    const sheetId = order?.SheetID ?? ''
    this.progress.follow(order && order.ProgressRef ? order : null, {
      names: (ref) => this.watching === sheetId && ref === this.details[sheetId]?.order.ProgressRef,
      refresh: () => {
        if (this.watching === sheetId) void this.refreshWatched(sheetId)
      },
      connection: (connected) => {
        if (this.watching === sheetId) this.setLiveConnected(sheetId, connected)
      }
    })
  }

  private unfollow(): void {
    this.progress.close()
  }

  /** The watched order's stream connected or dropped. */
  private setLiveConnected(sheetId: string, connected: boolean): void {
    if (connected) {
      this.poller.stop()
      return
    }
    // The stream is down: poll until it is back.
    const d = this.details[sheetId]
    if (this.watching === sheetId && !this.poller.running && (!d || !isFinal(d.order.Status))) this.poll(sheetId, false)
  }

  /** Reads the watched order now (an event named it); a final order stops following. */
  private async refreshWatched(sheetId: string): Promise<void> {
    const outcome = await this.loadDetail(sheetId)
    if (this.watching !== sheetId) return
    const d = this.details[sheetId]
    if (outcome === 'refused' || (d && isFinal(d.order.Status))) {
      this.poller.stop()
      this.unfollow()
    }
  }

  /** Pull-to-refresh on the details page: load now; a watched order that stopped moving resumes. */
  async refreshDetail(sheetId: string): Promise<void> {
    const outcome = await this.loadDetail(sheetId)
    const d = this.details[sheetId]
    if (this.watching === sheetId && !this.poller.running && !this.liveConnected && outcome !== 'refused' && d && !isFinal(d.order.Status)) {
      this.poll(sheetId, false)
    }
  }

  /**
   * Cancels after the diner confirms ('Are you sure to cancel the order?', asked by `confirm`). True when the order is now cancelled. A refusal (the
   * shop moved it on meanwhile) is toasted by the gateway and the order shown as it now is.
   */
  async cancel(sheetId: string, confirm: () => Promise<void>): Promise<boolean> {
    if (this.cancelling) return false
    // The host's confirm rejects with the cancel signal on cancel (hosts/confirm-signal).
    const confirmed = await wasConfirmed(confirm())
    if (!confirmed) return false
    this.cancelling = true
    try {
      const res = await this.gateway.request('OrderCancel', [{ SheetID: sheetId }])
      const order = res.table1?.[0]
      runInAction(() => {
        if (order) this.applyOrder(order)
      })
      return true
    } catch {
      return false
    } finally {
      runInAction(() => {
        this.cancelling = false
      })
      void this.loadDetail(sheetId)
    }
  }

  // ---------- issue 17: after ----------

  /**
   * The order's lines priced from today's menu (OrderReorderGet), or null when it could not be
   * asked (the gateway already told the diner why). One at a time.
   */
  async reorderLines(sheetId: string): Promise<ReorderLineRow[] | null> {
    if (this.reordering) return null
    this.reordering = true
    try {
      const res = await this.gateway.request('OrderReorderGet', [{ SheetID: sheetId }])
      return res.table1 ?? []
    } catch {
      return null
    } finally {
      runInAction(() => {
        this.reordering = false
      })
    }
  }

  /** The branch of an order (its address and phone on the receipt); quiet: the receipt shows without them. */
  async loadBranch(baseId: string): Promise<void> {
    if (!baseId || this.branches[baseId]) return
    try {
      const res = await this.gateway.request('ShopBaseDetailGet', [{ BaseID: baseId }], { silent: true })
      const row = res.table1?.[0]
      if (row) runInAction(() => (this.branches[baseId] = row))
    } catch {
      // The receipt names the branch from the order without its address.
    }
  }

  /**
   * The signed-in member's refunded after-sale requests of an order (the receipt lists them);
   * quiet: the receipt shows without them. Members only (the requests are a member's).
   */
  async loadAfterSaleRefunds(sheetId: string): Promise<void> {
    try {
      const res = await this.gateway.request('AfterSaleListByPage', [{ PageIndex: 1, PageSize: 100 }], { silent: true })
      const refunds = (res.table1 ?? [])
        .filter((r) => r.SheetID === sheetId && r.Status === AFTERSALE_STATUS.REFUNDED)
        .map((r) => ({ amount: r.RefundedAmount, date: r.RefundedDate }))
      runInAction(() => (this.afterSaleRefunds[sheetId] = refunds))
    } catch {
      // The receipt shows the order's own payments and refunds.
    }
  }

  /** An order row fresher than what is shown (a cancel, a payment's answer). */
  applyOrder(order: OrderRow): void {
    const d = this.details[order.SheetID]
    if (d) this.details[order.SheetID] = { ...d, order }
    this.mergeRow(order)
  }

  private mergeRow(order: OrderRow): void {
    const i = this.list.rows.findIndex((r) => r.SheetID === order.SheetID)
    if (i >= 0) this.list.rows[i] = order
  }
}
