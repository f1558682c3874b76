/**
 * After-sale (issue 23 item 4): requests about orders of the person's branches (StaffAfterSaleList,
 * by state, paged; the ones waiting first), one request with its lines, photos and refunds
 * (StaffAfterSaleGet), and the decision: approve (StaffAfterSaleApprove: the refund goes back the
 * way the order was paid, at once) or reject with the reason the member reads (StaffAfterSaleReject).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { AFTERSALE_STATUS, type AfterSaleLineRow } from '../../gateway/after-rows'
import type { StaffAfterSaleAnswer, StaffAfterSaleRefundRow, StaffAfterSaleRow } from '../../gateway/staff-contract'
import type { StaffOutput } from '../api/staff-client'
import { pagesOf, SERVICE_PAGE_SIZE, type ServiceRoot } from './service-root'

export type Decision = 'approve' | 'reject'

export class AfterSaleStore {
  /** '' every state, else '0'…'4'; waiting ones first. */
  status = String(AFTERSALE_STATUS.SUBMITTED)
  rows: StaffAfterSaleRow[] = []
  total = 0
  page = 1
  loading = false
  loaded = false
  error = ''
  notice = ''
  selected: StaffAfterSaleRow | null = null
  lines: AfterSaleLineRow[] = []
  refunds: StaffAfterSaleRefundRow[] = []
  detailLoading = false
  detailError = ''
  /** The decision being made on the selected request. */
  deciding: Decision | null = null
  text = ''
  decideError = ''
  busy = false

  constructor(private readonly root: ServiceRoot) {
    makeAutoObservable<AfterSaleStore, 'root'>(this, { root: false })
  }

  get pages(): number {
    return pagesOf(this.total)
  }

  async open(): Promise<void> {
    this.notice = ''
    await this.load(1)
  }

  async setStatus(status: string): Promise<void> {
    this.status = status
    await this.load(1)
  }

  async load(page: number): Promise<void> {
    this.loading = true
    this.error = ''
    try {
      const res = await this.root.call('StaffAfterSaleList', { Status: this.status === '' ? undefined : Number(this.status), PageIndex: page, PageSize: SERVICE_PAGE_SIZE })
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

  async show(afterSaleId: string): Promise<void> {
    this.detailLoading = true
    this.detailError = ''
    this.notice = ''
    this.deciding = null
    try {
      this.showAnswer(await this.root.call('StaffAfterSaleGet', { AfterSaleID: afterSaleId }))
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

  private showAnswer(res: StaffOutput<'StaffAfterSaleGet'> | Partial<StaffAfterSaleAnswer>): void {
    this.selected = res.table1?.[0] ?? null
    this.lines = res.table2 ?? []
    this.refunds = res.table3 ?? []
  }

  back(): void {
    this.selected = null
    this.deciding = null
    this.detailError = ''
  }

  /** Only a submitted request waits for a decision. */
  get canDecide(): boolean {
    return this.selected?.Status === AFTERSALE_STATUS.SUBMITTED
  }

  startDecision(decision: Decision): void {
    this.deciding = decision
    this.text = ''
    this.decideError = ''
    this.notice = ''
  }

  setText(value: string): void {
    this.text = value
    this.decideError = ''
  }

  stopDecision(): void {
    this.deciding = null
  }

  async confirmDecision(): Promise<boolean> {
    const row = this.selected
    const decision = this.deciding
    if (!row || !decision || this.busy) return false
    const text = this.text.trim()
    if (decision === 'reject' && !text) {
      this.decideError = this.root.t('aftersale.rejectReasonRequired')
      return false
    }
    this.busy = true
    try {
      const res =
        decision === 'approve'
          ? await this.root.call('StaffAfterSaleApprove', { AfterSaleID: row.AfterSaleID, Note: text })
          : await this.root.call('StaffAfterSaleReject', { AfterSaleID: row.AfterSaleID, Reason: text })
      runInAction(() => {
        this.showAnswer(res)
        this.deciding = null
        const after = this.selected ?? row
        this.notice =
          decision === 'approve' ? this.root.t('aftersale.approved', { amount: after.RefundedAmount, order: after.SheetID }) : this.root.t('aftersale.rejected', { order: after.SheetID })
      })
      await this.load(this.page)
      return true
    } catch (e) {
      runInAction(() => {
        this.decideError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.busy = false
      })
    }
  }
}
