/**
 * Reviews (issue 23 item 4): the reviews of the person's shops, newest first, hidden ones too
 * (StaffReviewList: shop, stars, shown or hidden, days; paged); the shop's reply under one
 * (StaffReviewReply; an empty reply removes it); hiding one from the app's list and rating summary
 * with a reason, or showing it again (StaffReviewHiddenSet).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { StaffReviewRow } from '../../gateway/staff-contract'
import { pagesOf, SERVICE_PAGE_SIZE, type ServiceRoot } from './service-root'

/** The longest reply (the server's REVIEW_REPLY_MAX). */
export const REPLY_MAX = 500

export interface ReviewFilters {
  shopId: string
  /** '' any, '1'…'5'. */
  stars: string
  /** '' both, '0' shown, '1' hidden. */
  hidden: string
  from: string
  to: string
}

const NO_FILTERS: ReviewFilters = { shopId: '', stars: '', hidden: '', from: '', to: '' }

export class ReviewsStore {
  draft: ReviewFilters = { ...NO_FILTERS }
  applied: ReviewFilters = { ...NO_FILTERS }
  rows: StaffReviewRow[] = []
  total = 0
  page = 1
  loading = false
  loaded = false
  error = ''
  filterError = ''
  notice = ''
  /** The review whose reply is being written. */
  replying: StaffReviewRow | null = null
  reply = ''
  replyError = ''
  /** The review being hidden (the reason form). */
  hiding: StaffReviewRow | null = null
  hideReason = ''
  hideError = ''
  /** The ReviewID a change is under way for. */
  busy = ''
  rowError = ''

  constructor(private readonly root: ServiceRoot) {
    makeAutoObservable<ReviewsStore, 'root'>(this, { root: false })
  }

  get pages(): number {
    return pagesOf(this.total)
  }

  /** The shops of the person's scope, for the shop filter. */
  get shops(): { shopId: string }[] {
    return this.root.scope.filter((r) => !r.BaseID).map((r) => ({ shopId: r.ShopID }))
  }

  setDraft<K extends keyof ReviewFilters>(field: K, value: ReviewFilters[K]): void {
    this.draft = { ...this.draft, [field]: value }
    this.filterError = ''
  }

  async open(): Promise<void> {
    this.notice = ''
    await this.load(1)
  }

  async apply(): Promise<void> {
    if (this.draft.from && this.draft.to && this.draft.from > this.draft.to) {
      this.filterError = this.root.t('error.dateRange')
      return
    }
    this.applied = { ...this.draft }
    await this.load(1)
  }

  async reset(): Promise<void> {
    this.draft = { ...NO_FILTERS }
    this.filterError = ''
    await this.apply()
  }

  async load(page: number): Promise<void> {
    this.loading = true
    this.error = ''
    const f = this.applied
    try {
      const res = await this.root.call('StaffReviewList', {
        ShopID: f.shopId,
        GoodsID: '',
        From: f.from,
        To: f.to,
        Stars: f.stars ? Number(f.stars) : undefined,
        Hidden: f.hidden === '' ? undefined : Number(f.hidden),
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

  startReply(row: StaffReviewRow): void {
    this.hiding = null
    this.replying = row
    this.reply = row.Reply
    this.replyError = ''
    this.notice = ''
  }

  setReply(value: string): void {
    this.reply = value
    this.replyError = ''
  }

  stopReply(): void {
    this.replying = null
  }

  /** Characters as a person counts them (an emoji is one). */
  get replyLength(): number {
    return Array.from(this.reply.trim()).length
  }

  async saveReply(remove = false): Promise<boolean> {
    const row = this.replying
    if (!row || this.busy) return false
    const text = remove ? '' : this.reply.trim()
    if (!remove && !text) {
      this.replyError = this.root.t('reviews.replyRequired')
      return false
    }
    if (Array.from(text).length > REPLY_MAX) {
      this.replyError = this.root.t('reviews.replyTooLong', { max: REPLY_MAX })
      return false
    }
    this.busy = row.ReviewID
    try {
      const res = await this.root.call('StaffReviewReply', { ReviewID: row.ReviewID, Reply: text })
      runInAction(() => {
        this.replace(res.table1?.[0])
        this.replying = null
        this.notice = this.root.t(text ? 'reviews.replied' : 'reviews.replyRemoved')
      })
      return true
    } catch (e) {
      runInAction(() => {
        this.replyError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.busy = ''
      })
    }
  }

  startHide(row: StaffReviewRow): void {
    this.replying = null
    this.hiding = row
    this.hideReason = ''
    this.hideError = ''
    this.notice = ''
  }

  setHideReason(value: string): void {
    this.hideReason = value
    this.hideError = ''
  }

  stopHide(): void {
    this.hiding = null
  }

  async confirmHide(): Promise<boolean> {
    const row = this.hiding
    if (!row) return false
    const reason = this.hideReason.trim()
    if (!reason) {
      this.hideError = this.root.t('error.reasonRequired')
      return false
    }
    const done = await this.setHidden(row, 1, reason)
    runInAction(() => {
      if (done) this.hiding = null
      else this.hideError = this.rowError
    })
    return done
  }

  /** Shows a hidden review again (no reason asked: nothing is taken from anyone). */
  async unhide(row: StaffReviewRow): Promise<boolean> {
    return this.setHidden(row, 0, '')
  }

  private async setHidden(row: StaffReviewRow, hidden: 0 | 1, reason: string): Promise<boolean> {
    if (this.busy) return false
    this.busy = row.ReviewID
    this.rowError = ''
    this.notice = ''
    try {
      const res = await this.root.call('StaffReviewHiddenSet', { ReviewID: row.ReviewID, Hidden: hidden, Reason: reason })
      runInAction(() => {
        this.replace(res.table1?.[0])
        this.notice = this.root.t(hidden ? 'reviews.hidden' : 'reviews.shownAgain')
      })
      return true
    } catch (e) {
      runInAction(() => {
        this.rowError = this.root.messageOf(e)
      })
      return false
    } finally {
      runInAction(() => {
        this.busy = ''
      })
    }
  }

  private replace(row: StaffReviewRow | undefined): void {
    if (!row) return
    this.rows = this.rows.map((r) => (r.ReviewID === row.ReviewID ? row : r))
  }
}
