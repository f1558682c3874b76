/**
 * A goods' reviews (spec §2 goodsComment): page after page, ten at a time, with the summary
 * (count and average stars). Only the reviews page reads them, so this store comes with the
 * stores past Home (stores/past-menu-stores.ts) instead of with the menu on the first screen.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { Gateway } from '../../gateway/gateway-client'
import type { CommentSummaryRow, GoodsCommentRow } from '../../gateway/operations'

export const COMMENT_PAGE_SIZE = 10

export interface CommentPage {
  rows: GoodsCommentRow[]
  summary: CommentSummaryRow
  page: number
  state: 'loading' | 'ready' | 'failed'
}

export class GoodsCommentsStore {
  comments: Record<string, CommentPage> = {}

  constructor(private readonly gateway: Pick<Gateway, 'request'>) {
    makeAutoObservable<GoodsCommentsStore, 'gateway'>(this, { gateway: false })
  }

  commentsOf(goodsId: string): CommentPage | undefined {
    return this.comments[goodsId]
  }

  get hasMoreComments(): (goodsId: string) => boolean {
    return (goodsId) => {
      const c = this.comments[goodsId]
      return !!c && c.rows.length < c.summary.Total
    }
  }

  /** First page, or the next one with `more`. */
  async loadComments(goodsId: string, more = false): Promise<void> {
    const current = this.comments[goodsId]
    if (current?.state === 'loading') return
    if (more && current && current.rows.length >= current.summary.Total) return
    const page = more && current ? current.page + 1 : 1
    this.comments[goodsId] = {
      rows: more && current ? current.rows : [],
      summary: current?.summary ?? { Total: 0, AvgStars: '0' },
      page: current?.page ?? 0,
      state: 'loading'
    }
    try {
      const res = await this.gateway.request('GoodsCommentListByPage', [
        { GoodsID: goodsId, PageIndex: page, PageSize: COMMENT_PAGE_SIZE }
      ])
      runInAction(() => {
        const before = this.comments[goodsId]
        const seen = new Set(before.rows.map((r) => r.CommentID))
        this.comments[goodsId] = {
          rows: [...before.rows, ...(res.table1 ?? []).filter((r) => !seen.has(r.CommentID))],
          summary: res.table2?.[0] ?? { Total: 0, AvgStars: '0' },
          page,
          state: 'ready'
        }
      })
    } catch {
      runInAction(() => {
        this.comments[goodsId] = { ...this.comments[goodsId], state: 'failed' }
      })
    }
  }
}
