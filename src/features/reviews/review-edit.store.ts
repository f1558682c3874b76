/**
 * The review page (issue 17 item 2; reviewEdit): for one order of the member's, each goods line
 * with its stars, text, photos, and one anonymous switch; a line reviewed before shows its review
 * and can be edited while the server says so (CanEdit), else it is read-only. Submitting sends the
 * lines the diner rated and changed (GoodsCommentSubmit), with one RequestKey kept until it
 * succeeds, so a retry after a lost answer writes once.
 *
 * The gateway and the photo uploader come through the constructor. Nothing here translates:
 * refusals are the server's message (already in the diner's language) with its code.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { newRequestKey } from '../../core/request-key'
import { REVIEW_MAX_TEXT } from '../../core/review-rules'
import { MAX_PHOTOS, type ImageRow, type MyReviewRow } from '../../gateway/after-rows'
import { GatewayError, type RequestOptions } from '../../gateway/gateway-client'
import { isGoodsLine, type OrderLineRow } from '../../gateway/order-rows'
import type { OperationTypes } from '../../gateway/operations'

type ReviewOps = 'OrderDetailGet' | 'OrderCommentsGet' | 'GoodsCommentSubmit'

/** The part of the gateway client this store uses. */
export interface ReviewGateway {
  request<K extends ReviewOps>(operation: K, records?: OperationTypes[K]['input'][], options?: RequestOptions): Promise<Partial<OperationTypes[K]['output']>>
}

/**
 * The photos a line adds (the uploads feature's PhotoUploads for 'review', made by the page's
 * glue): picked through the host, sent to object storage by upload(), named by FileID.
 */
export interface LinePhotos {
  readonly photos: readonly { state: string }[]
  readonly busy: boolean
  /** Uploads what is not uploaded yet: every FileID in order, or null when any failed. */
  upload(): Promise<string[] | null>
}

export interface ReviewEditDeps {
  /** A new photo list for a line that may add `max` photos. */
  newPhotos(max: number): LinePhotos
  now?: () => number
  random?: () => number
}

export type LoadState = 'idle' | 'loading' | 'ready' | 'refused' | 'failed'

/** A refusal as the page shows it: the server's code and message ('' code: the network). */
export interface ReviewProblem {
  code: string
  message: string
}

/** One goods line as the page edits it. */
export interface LineDraft {
  line: OrderLineRow
  /** The review written before (null: none yet). */
  review: MyReviewRow | null
  /** 0 not rated yet. */
  stars: number
  content: string
  /** Photos the review already has (checked pictures), kept unless removed. */
  kept: ImageRow[]
  /** Photos added now, uploaded when the review is sent. */
  added: LinePhotos
  /** Whether it may be written or edited now. */
  editable: boolean
}

const SILENT: RequestOptions = { silent: true }
/** Spec §3 sale type 5: the coupon's line of an order, no goods. */

const problemOf = (e: unknown): ReviewProblem => {
  if (e instanceof GatewayError) {
    const network = e.kind === 'network' || e.kind === 'timeout'
    return { code: network ? '' : e.resultcode && e.resultcode !== '0' ? e.resultcode : e.errcode, message: network ? '' : e.message }
  }
  return { code: '', message: '' }
}

/** A text cut to REVIEW_MAX_TEXT characters as a person counts them. */
export const clipReviewText = (text: string): string => {
  const chars = Array.from(text)
  return chars.length > REVIEW_MAX_TEXT ? chars.slice(0, REVIEW_MAX_TEXT).join('') : text
}

const sameDraft = (d: LineDraft, anonymous: boolean): boolean =>
  !!d.review &&
  d.review.Stars === d.stars &&
  d.review.Content === d.content.trim() &&
  d.review.Anonymous === (anonymous ? 1 : 0) &&
  d.added.photos.length === 0 &&
  d.review.Images.map((i) => i.FileID).join(',') === d.kept.map((i) => i.FileID).join(',')

export class ReviewEditStore {
  sheetId = ''
  state: LoadState = 'idle'
  drafts: LineDraft[] = []
  anonymous = false
  submitting = false
  /** The last submit succeeded (until the diner changes something). */
  saved = false
  problem: ReviewProblem | null = null
  /** The last submit stopped because a photo could not be uploaded (each photo says why). */
  photosFailed = false
  private requestKey = ''
  private loadSeq = 0

  constructor(
    private readonly gateway: ReviewGateway,
    private readonly deps: ReviewEditDeps
  ) {
    makeAutoObservable<this, 'gateway' | 'deps' | 'requestKey' | 'loadSeq'>(this, { gateway: false, deps: false, requestKey: false, loadSeq: false })
  }

  /** Lines that would be sent now: editable, rated, and new or changed. */
  get pending(): LineDraft[] {
    return this.drafts.filter((d) => d.editable && d.stars > 0 && !sameDraft(d, this.anonymous))
  }

  get canSubmit(): boolean {
    return !this.submitting && this.pending.length > 0 && !this.drafts.some((d) => d.added.busy)
  }

  /** Whether anything on the page can still be written (else the whole page is read-only). */
  get anyEditable(): boolean {
    return this.drafts.some((d) => d.editable)
  }

  draft(lineNo: number): LineDraft | undefined {
    return this.drafts.find((d) => d.line.LineNo === lineNo)
  }

  /** Loads the order's goods lines and the member's reviews of them; a second load while one runs wins. */
  async load(sheetId: string): Promise<void> {
    const seq = ++this.loadSeq
    runInAction(() => {
      if (this.sheetId !== sheetId) {
        this.sheetId = sheetId
        this.drafts = []
        this.requestKey = ''
        this.saved = false
      }
      this.state = this.drafts.length ? this.state : 'loading'
      this.problem = null
    })
    try {
      const [detail, mine] = await Promise.all([
        this.gateway.request('OrderDetailGet', [{ SheetID: sheetId }], SILENT),
        this.gateway.request('OrderCommentsGet', [{ SheetID: sheetId }], SILENT)
      ])
      if (seq !== this.loadSeq) return
      runInAction(() => this.fill(detail.table2 ?? [], mine.table1 ?? []))
    } catch (e) {
      if (seq !== this.loadSeq) return
      runInAction(() => {
        this.problem = problemOf(e)
        // The server refuses reviewing this order (not the member's, not paid): nothing to retry.
        this.state = this.problem.code && this.problem.code !== '' && e instanceof GatewayError && e.kind !== 'network' && e.kind !== 'timeout' ? 'refused' : 'failed'
      })
    }
  }

  private fill(lines: OrderLineRow[], reviews: MyReviewRow[]): void {
    const byLine = new Map(reviews.map((r) => [r.LineNo, r]))
    this.drafts = lines
      .filter((l) => isGoodsLine(l) && l.GoodsID !== '')
      .map((line) => {
        const review = byLine.get(line.LineNo) ?? null
        return {
          line,
          review,
          stars: review?.Stars ?? 0,
          content: review?.Content ?? '',
          kept: review?.Images ?? [],
          added: this.deps.newPhotos(MAX_PHOTOS - (review?.Images.length ?? 0)),
          editable: review ? review.CanEdit === 1 : true
        }
      })
    this.anonymous = reviews.length > 0 && reviews.every((r) => r.Anonymous === 1)
    this.state = 'ready'
  }

  private touched(): void {
    this.saved = false
    this.problem = null
  }

  setStars(lineNo: number, stars: number): void {
    const d = this.draft(lineNo)
    if (!d?.editable || stars < 1 || stars > 5) return
    d.stars = Math.round(stars)
    this.touched()
  }

  setContent(lineNo: number, text: string): void {
    const d = this.draft(lineNo)
    if (!d?.editable) return
    d.content = clipReviewText(text)
    this.touched()
  }

  setAnonymous(on: boolean): void {
    if (!this.anyEditable) return
    this.anonymous = on
    this.touched()
  }

  /** Takes out a photo the review had (room for another one when none were added yet). */
  removeKept(lineNo: number, fileId: string): void {
    const d = this.draft(lineNo)
    if (!d?.editable) return
    d.kept = d.kept.filter((p) => p.FileID !== fileId)
    if (d.added.photos.length === 0) d.added = this.deps.newPhotos(MAX_PHOTOS - d.kept.length)
    this.touched()
  }

  /** Sends the pending lines; true when the server took them. */
  async submit(): Promise<boolean> {
    if (!this.canSubmit) return false
    const pending = this.pending
    this.submitting = true
    this.problem = null
    this.photosFailed = false
    if (!this.requestKey) this.requestKey = newRequestKey('RV', (this.deps.now ?? Date.now)(), this.deps.random)
    try {
      // The photos added go up first; any that fails stops the submission (each says why).
      const uploaded = await Promise.all(pending.map((d) => (d.added.photos.length ? d.added.upload() : Promise.resolve([] as string[]))))
      if (uploaded.some((ids) => ids === null)) {
        runInAction(() => (this.photosFailed = true))
        return false
      }
      const res = await this.gateway.request(
        'GoodsCommentSubmit',
        [
          {
            SheetID: this.sheetId,
            Comments: pending.map((d, i) => ({
              LineNo: d.line.LineNo,
              Stars: d.stars,
              Content: d.content.trim(),
              FileIDs: [...d.kept.map((p) => p.FileID), ...(uploaded[i] ?? [])],
              Anonymous: this.anonymous ? 1 : 0
            })),
            RequestKey: this.requestKey
          }
        ],
        SILENT
      )
      runInAction(() => {
        const reviews = new Map((res.table1 ?? []).map((r) => [r.LineNo, r]))
        for (const d of this.drafts) {
          const review = reviews.get(d.line.LineNo)
          if (!review) continue
          d.review = review
          d.stars = review.Stars
          d.content = review.Content
          d.kept = review.Images
          d.added = this.deps.newPhotos(MAX_PHOTOS - review.Images.length)
          d.editable = review.CanEdit === 1
        }
        this.requestKey = ''
        this.saved = true
      })
      return true
    } catch (e) {
      runInAction(() => {
        const problem = problemOf(e)
        this.problem = problem
        // A refusal that is an answer (not a lost one) ends this attempt: a new one gets a new key.
        if (problem.code) this.requestKey = ''
      })
      return false
    } finally {
      runInAction(() => (this.submitting = false))
    }
  }
}
