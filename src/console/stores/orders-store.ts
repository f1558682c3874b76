/**
 * Orders (issue 23 item 4): the orders of the person's branches, filtered by branch, status and
 * business day (StaffOrderList, paged); one order with its lines (StaffOrderGet); moving it on
 * (StaffOrderReady, StaffOrderComplete: orders.work) and cancelling it with a reason
 * (StaffOrderCancel: orders.void; a paid order is refunded). Which moves an order offers comes from
 * the order state table the server uses (src/core/order-status.ts). The live kitchen board is
 * another page.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { canTransition } from '../../core/order-status'
import { ORDER_STATUS, type OrderLineRow, type OrderRow, type OrderStatus } from '../../gateway/order-rows'
import { pagesOf, SERVICE_PAGE_SIZE, type ServiceRoot } from './service-root'

export type OrderMove = 'ready' | 'complete' | 'cancel'

export interface OrderFilters {
  baseId: string
  /** '' every status, else '0'…'5'. */
  status: string
  /** 'YYYY-MM-DD' business day, or ''. */
  day: string
}

const NO_FILTERS: OrderFilters = { baseId: '', status: '', day: '' }

/** Statuses the filter offers, in the order a shift meets them. */
export const ORDER_STATUS_CHOICES: OrderStatus[] = [ORDER_STATUS.PAID, ORDER_STATUS.READY, ORDER_STATUS.AWAITING_PAYMENT, ORDER_STATUS.COMPLETED, ORDER_STATUS.CANCELLED, ORDER_STATUS.EXPIRED]

export class OrdersStore {
  draft: OrderFilters = { ...NO_FILTERS }
  applied: OrderFilters = { ...NO_FILTERS }
  rows: OrderRow[] = []
  total = 0
  page = 1
  loading = false
  loaded = false
  error = ''
  notice = ''
  /** The order open in detail, with its lines. */
  selected: OrderRow | null = null
  lines: OrderLineRow[] = []
  detailLoading = false
  detailError = ''
  /** The order being cancelled (the reason form). */
  cancelling: OrderRow | null = null
  cancelReason = ''
  cancelError = ''
  /** The SheetID a move is under way for. */
  busy = ''
  moveError = ''

  constructor(private readonly root: ServiceRoot) {
    makeAutoObservable<OrdersStore, 'root'>(this, { root: false })
  }

  get pages(): number {
    return pagesOf(this.total)
  }

  /** Branches of the person's scope, for the branch filter. */
  get branches(): { baseId: string; shopId: string }[] {
    return this.root.scope.filter((r) => r.BaseID).map((r) => ({ baseId: r.BaseID, shopId: r.ShopID }))
  }

  /** What the person may do to the order now: the state table's moves, cancelling only with orders.void. */
  movesOf(row: Pick<OrderRow, 'Status'> & Partial<Pick<OrderRow, 'TableSheetID' | 'RoundNo'>>): OrderMove[] {
    const moves: OrderMove[] = []
    // A table bill's payment (its settlement: a bill's id without a round) takes no move of its own.
    if (row.TableSheetID && !row.RoundNo) return moves
    if (this.root.can('orders.work') && canTransition(row.Status, 'ready')) moves.push('ready')
    if (this.root.can('orders.work') && row.Status !== ORDER_STATUS.AWAITING_PAYMENT && canTransition(row.Status, 'complete')) moves.push('complete')
    if (this.root.can('orders.void') && canTransition(row.Status, 'cancel')) moves.push('cancel')
    return moves
  }

  setDraft<K extends keyof OrderFilters>(field: K, value: OrderFilters[K]): void {
    this.draft = { ...this.draft, [field]: value }
  }

  async open(): Promise<void> {
    this.notice = ''
    await this.load(1)
  }

  async apply(): Promise<void> {
    this.applied = { ...this.draft }
    await this.load(1)
  }

  async reset(): Promise<void> {
    this.draft = { ...NO_FILTERS }
    await this.apply()
  }

  async load(page: number): Promise<void> {
    this.loading = true
    this.error = ''
    const f = this.applied
    try {
      const res = await this.root.call('StaffOrderList', {
        BaseID: f.baseId,
        Status: f.status === '' ? undefined : Number(f.status),
        Day: f.day,
        PageIndex: page,
        PageSize: SERVICE_PAGE_SIZE
      })
      runInAction(() => {
        this.rows = res.table1 ?? []
        this.total = Number(res.table2?.[0]?.Total ?? this.rows.length) || 0
        this.page = page
        this.loaded = true
      })
    } catch (e) {
      runInAction(() => {
        this.error = this.root.messageOf(e)
      })
    } finally {
      runInAction(() => {
        this.loading = false
      })
    }
  }

  async next(): Promise<void> {
    if (this.page < this.pages && !this.loading) await this.load(this.page + 1)
  }

  async previous(): Promise<void> {
    if (this.page > 1 && !this.loading) await this.load(this.page - 1)
  }

  async show(sheetId: string): Promise<void> {
    this.detailLoading = true
    this.detailError = ''
    this.moveError = ''
    this.notice = ''
    try {
      const res = await this.root.call('StaffOrderGet', { SheetID: sheetId })
      runInAction(() => {
        this.selected = res.table1?.[0] ?? null
        this.lines = res.table2 ?? []
      })
    } catch (e) {
      runInAction(() => {
        this.detailError = this.root.messageOf(e)
      })
    } finally {
      runInAction(() => {
        this.detailLoading = false
      })
    }
  }

  back(): void {
    this.selected = null
    this.lines = []
    this.detailError = ''
    this.cancelling = null
  }

  /** Ready or completed: at once (nothing is given back). */
  async move(row: OrderRow, move: 'ready' | 'complete'): Promise<boolean> {
    if (this.busy) return false
    this.busy = row.SheetID
    this.moveError = ''
    this.notice = ''
    try {
      const res = await this.root.call(move === 'ready' ? 'StaffOrderReady' : 'StaffOrderComplete', { SheetID: row.SheetID })
      this.moved(res.table1?.[0], move)
      await this.load(this.page)
      return true
    } catch (e) {
      runInAction(() => {
        this.moveError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.busy = ''
      })
    }
  }

  startCancel(row: OrderRow): void {
    this.cancelling = row
    this.cancelReason = ''
    this.cancelError = ''
    this.notice = ''
  }

  setCancelReason(value: string): void {
    this.cancelReason = value
    this.cancelError = ''
  }

  stopCancel(): void {
    this.cancelling = null
  }

  /** Whether cancelling the order gives money back (it was paid). */
  get cancelRefunds(): boolean {
    return this.cancelling?.Status === ORDER_STATUS.PAID
  }

  async confirmCancel(): Promise<boolean> {
    const row = this.cancelling
    if (!row || this.busy) return false
    const reason = this.cancelReason.trim()
    if (!reason) {
      this.cancelError = this.root.t('error.reasonRequired')
      return false
    }
    this.busy = row.SheetID
    try {
      const res = await this.root.call('StaffOrderCancel', { SheetID: row.SheetID, Reason: reason })
      runInAction(() => {
        this.cancelling = null
      })
      this.moved(res.table1?.[0], 'cancel')
      await this.load(this.page)
      return true
    } catch (e) {
      runInAction(() => {
        this.cancelError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.busy = ''
      })
    }
  }

  private moved(after: OrderRow | undefined, move: OrderMove): void {
    if (!after) return
    const label = orderLabel(after)
    this.notice =
      move === 'cancel' && Number(after.RefundedAmount) > 0
        ? this.root.t('orders.cancelledRefunded', { order: label, amount: after.RefundedAmount })
        : this.root.t(move === 'ready' ? 'orders.movedReady' : move === 'complete' ? 'orders.movedComplete' : 'orders.cancelled', { order: label })
    if (this.selected?.SheetID === after.SheetID) this.selected = after
  }
}

/** '#12 (2611280003)': the pickup number first, as staff call it. */
export function orderLabel(row: Pick<OrderRow, 'PickupNo' | 'SheetID'>): string {
  return row.PickupNo ? `#${row.PickupNo} (${row.SheetID})` : row.SheetID
}
