/**
 * A goods' reviews (spec §2 goodsComment), page after page: the store past Home that the reviews
 * page reads (moved out of the menu store so the first screen does not carry it).
 */
import type { GoodsCommentRow } from '../../src/gateway/operations'
import type { HttpRequest, HttpResponse } from '../../src/hosts/host'
import { GoodsCommentsStore } from '../../src/features/menu/goods-comments.store'
import { createFakeHost, envelopeOf, fail, ok, testGateway } from './support/fake-host'

function comment(n: number): GoodsCommentRow {
  return {
    CommentID: `R${n}`,
    GoodsID: 'G1',
    VipName: `Diner ${n}`,
    HeadImg: '',
    Stars: 5,
    Content: `Review ${n}`,
    Images: [],
    Thumbs: [],
    CreatedDate: '2026-11-20 12:00:00',
    Anonymous: 0,
    Reply: '',
    ReplyDate: ''
  }
}

type Handler = (record: Record<string, unknown>, req: HttpRequest) => HttpResponse | Promise<HttpResponse>

function setup(handlers: Record<string, Handler>) {
  const calls: { op: string; record: Record<string, unknown> }[] = []
  const host = createFakeHost((req) => {
    const { fields, records } = envelopeOf(req)
    calls.push({ op: fields.KeyName, record: records[0] })
    const handler = handlers[fields.KeyName]
    if (!handler) return fail('10003', '0', `unknown ${fields.KeyName}`, 404)
    return handler(records[0], req)
  })
  return { comments: new GoodsCommentsStore(testGateway(host)), calls }
}

describe('GoodsCommentsStore', () => {
  describe('reviews', () => {
    const TOTAL = 23
    const reviewHandlers = (): Record<string, Handler> => ({
      GoodsCommentListByPage: (r) => {
        const page = Number(r.PageIndex)
        const size = Number(r.PageSize)
        const rows = Array.from({ length: TOTAL }, (_, i) => comment(i + 1)).slice((page - 1) * size, page * size)
        return ok({ table1: rows, table2: [{ Total: TOTAL, AvgStars: '4.5' }] })
      }
    })

    it('appends page after page and stops at the total', async () => {
      const { comments: menu, calls } = setup(reviewHandlers())
      expect(menu.hasMoreComments('G1')).toBe(false)

      await menu.loadComments('G1')
      expect(menu.commentsOf('G1')?.rows).toHaveLength(10)
      expect(menu.commentsOf('G1')?.summary).toEqual({ Total: 23, AvgStars: '4.5' })
      expect(menu.hasMoreComments('G1')).toBe(true)

      await menu.loadComments('G1', true)
      expect(menu.commentsOf('G1')?.rows.map((r) => r.CommentID)).toEqual(Array.from({ length: 20 }, (_, i) => `R${i + 1}`))
      expect(menu.hasMoreComments('G1')).toBe(true)

      await menu.loadComments('G1', true)
      expect(menu.commentsOf('G1')?.rows).toHaveLength(23)
      expect(menu.commentsOf('G1')?.rows[22].Content).toBe('Review 23')
      expect(menu.hasMoreComments('G1')).toBe(false)

      await menu.loadComments('G1', true)
      expect(calls.map((c) => c.record.PageIndex)).toEqual([1, 2, 3])
      expect(menu.commentsOf('G1')?.rows).toHaveLength(23)
    })

    it('asks once while a page is on its way', async () => {
      const { comments: menu, calls } = setup(reviewHandlers())
      await Promise.all([menu.loadComments('G1'), menu.loadComments('G1')])
      expect(calls).toHaveLength(1)
      expect(menu.commentsOf('G1')?.rows).toHaveLength(10)
    })

    it('keeps the rows it has when the next page fails', async () => {
      let broken = false
      const ok10 = reviewHandlers().GoodsCommentListByPage
      const { comments: menu } = setup({
        GoodsCommentListByPage: (r, req) => (broken ? fail('0', '50000', 'Server busy') : ok10(r, req))
      })
      await menu.loadComments('G1')
      broken = true
      await menu.loadComments('G1', true)
      expect(menu.commentsOf('G1')?.state).toBe('failed')
      expect(menu.commentsOf('G1')?.rows).toHaveLength(10)
      broken = false
      await menu.loadComments('G1', true)
      expect(menu.commentsOf('G1')?.rows).toHaveLength(20)
    })
  })

})
