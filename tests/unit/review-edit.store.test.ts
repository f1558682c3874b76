/**
 * The review page's store (issue 17 item 2): the order's goods lines with the member's reviews,
 * what is sent (rated, new or changed, editable lines only), one RequestKey per attempt kept for a
 * lost answer, photos uploaded first (a failed photo sends nothing), read-only lines, refusals.
 */
import { ReviewEditStore, clipReviewText, type LinePhotos } from '../../src/features/reviews/review-edit.store'
import { REVIEW_MAX_TEXT } from '../../src/core/review-rules'
import { MAX_PHOTOS, type ImageRow, type MyReviewRow } from '../../src/gateway/after-rows'
import { RESULTCODES } from '../../src/gateway/codes'
import { fakeGateway, lineRow, networkDown, refused, type Script } from './support/orders-fakes'

const image = (FileID: string): ImageRow => ({ FileID, Url: `http://x/${FileID}.jpg`, ThumbUrl: `http://x/${FileID}.thumb.jpg`, Width: 10, Height: 10 })

function review(LineNo: number, over: Partial<MyReviewRow> = {}): MyReviewRow {
  return {
    CommentID: `R${LineNo}`,
    SheetID: 'O1',
    LineNo,
    GoodsID: `S101.g.${LineNo}`,
    GoodsName: `Goods ${LineNo}`,
    Stars: 4,
    Content: 'Good',
    Images: [],
    Anonymous: 0,
    Reply: '',
    Hidden: 0,
    CreatedDate: '2026-11-22 12:00:00',
    UpdatedDate: '',
    CanEdit: 1,
    ...over
  }
}

/** A photo list as the uploads feature's: photos added by the test, upload() answers as told. */
class FakePhotos implements LinePhotos {
  photos: { state: string }[] = []
  busy = false
  answer: string[] | null = []
  uploads = 0
  constructor(readonly max: number) {}
  add(n: number) {
    for (let i = 0; i < n; i++) this.photos.push({ state: 'waiting' })
  }
  async upload() {
    this.uploads++
    return this.answer
  }
}

function setup(script: Script, reviews: MyReviewRow[] = []) {
  const gateway = fakeGateway({
    OrderDetailGet: () => ({ table2: [lineRow('O1', 1), lineRow('O1', 2), lineRow('O1', 3, { SaleType: 5, GoodsID: '', GoodsName: 'Voucher' })] }),
    OrderCommentsGet: () => ({ table1: reviews }),
    ...script
  })
  const made: FakePhotos[] = []
  let t = 1_700_000_000_000
  const store = new ReviewEditStore(gateway, {
    newPhotos: (max) => {
      const p = new FakePhotos(max)
      made.push(p)
      return p
    },
    now: () => t++,
    random: () => 0.5
  })
  return { gateway, store, made }
}

describe('ReviewEditStore', () => {
  it('offers the goods lines (not the coupon line), nothing rated; sends only what was rated', async () => {
    const { store, gateway } = setup({ GoodsCommentSubmit: (r) => ({ table1: r.Comments.map((c) => review(c.LineNo, { Stars: c.Stars, Content: c.Content })) }) })
    await store.load('O1')
    expect(store.state).toBe('ready')
    expect(store.drafts.map((d) => d.line.LineNo)).toEqual([1, 2])
    expect(store.canSubmit).toBe(false)
    store.setStars(2, 5)
    store.setContent(2, '  Crisp  ')
    expect(store.canSubmit).toBe(true)
    expect(await store.submit()).toBe(true)
    const sent = gateway.callsOf('GoodsCommentSubmit')[0].record as any
    expect(sent.SheetID).toBe('O1')
    expect(sent.Comments).toEqual([{ LineNo: 2, Stars: 5, Content: 'Crisp', FileIDs: [], Anonymous: 0 }])
    expect(sent.RequestKey).toMatch(/^RV\d+/)
    expect(store.saved).toBe(true)
    expect(store.draft(2)!.review!.CommentID).toBe('R2')
    // Nothing changed since: nothing to send.
    expect(store.canSubmit).toBe(false)
  })

  it('shows the reviews written before; an unchanged one is not sent again, a closed one is read-only', async () => {
    const { store, gateway } = setup({ GoodsCommentSubmit: (r) => ({ table1: r.Comments.map((c) => review(c.LineNo, { Stars: c.Stars })) }) }, [
      review(1, { Stars: 3, Content: 'ok', Images: [image('F1'), image('F2')] }),
      review(2, { CanEdit: 0, Stars: 5 })
    ])
    await store.load('O1')
    const [one, two] = store.drafts
    expect(one).toMatchObject({ stars: 3, content: 'ok', editable: true })
    expect(one.kept.map((i) => i.FileID)).toEqual(['F1', 'F2'])
    expect(two.editable).toBe(false)
    expect(store.canSubmit).toBe(false)
    // A closed line ignores edits.
    store.setStars(2, 1)
    store.setContent(2, 'changed')
    expect(store.draft(2)).toMatchObject({ stars: 5, content: 'Good' })
    // Removing a photo is a change; the kept one is named.
    store.removeKept(1, 'F1')
    expect(store.pending.map((d) => d.line.LineNo)).toEqual([1])
    await store.submit()
    expect((gateway.callsOf('GoodsCommentSubmit')[0].record as any).Comments[0].FileIDs).toEqual(['F2'])
  })

  it('the anonymous switch starts as the reviews were and goes with every line sent', async () => {
    const { store, gateway } = setup({ GoodsCommentSubmit: (r) => ({ table1: r.Comments.map((c) => review(c.LineNo, { Anonymous: c.Anonymous })) }) }, [review(1, { Anonymous: 1 })])
    await store.load('O1')
    expect(store.anonymous).toBe(true)
    store.setAnonymous(false)
    store.setStars(2, 2)
    await store.submit()
    expect((gateway.callsOf('GoodsCommentSubmit')[0].record as any).Comments.map((c: any) => [c.LineNo, c.Anonymous])).toEqual([
      [1, 0],
      [2, 0]
    ])
  })

  it('uploads the added photos first and names them after the kept ones; a failed photo sends nothing', async () => {
    const { store, gateway, made } = setup({ GoodsCommentSubmit: (r) => ({ table1: r.Comments.map((c) => review(c.LineNo, { Images: (c.FileIDs ?? []).map(image) })) }) }, [
      review(1, { Images: [image('F1')] })
    ])
    await store.load('O1')
    const photos = store.draft(1)!.added as FakePhotos
    expect(photos.max).toBe(MAX_PHOTOS - 1)
    photos.add(2)
    expect(store.pending.map((d) => d.line.LineNo)).toEqual([1])
    photos.answer = null
    expect(await store.submit()).toBe(false)
    expect(store.photosFailed).toBe(true)
    expect(gateway.callsOf('GoodsCommentSubmit')).toHaveLength(0)
    photos.answer = ['N1', 'N2']
    expect(await store.submit()).toBe(true)
    expect((gateway.callsOf('GoodsCommentSubmit')[0].record as any).Comments[0].FileIDs).toEqual(['F1', 'N1', 'N2'])
    // The answer's photos are kept now, and a fresh list takes new ones.
    expect(store.draft(1)!.kept.map((i) => i.FileID)).toEqual(['F1', 'N1', 'N2'])
    expect(made.at(-1)!.max).toBe(MAX_PHOTOS - 3)
  })

  it('keeps the RequestKey for a retry after a lost answer; a refusal ends the attempt and shows the server’s words', async () => {
    let answer: 'down' | 'closed' | 'ok' = 'down'
    const { store, gateway } = setup({
      GoodsCommentSubmit: (r) =>
        answer === 'down' ? networkDown('GoodsCommentSubmit') : answer === 'closed' ? refused('GoodsCommentSubmit', RESULTCODES.REVIEW_EDIT_CLOSED, 'This review can no longer be changed') : { table1: [review(r.Comments[0].LineNo)] }
    })
    await store.load('O1')
    store.setStars(1, 4)
    expect(await store.submit()).toBe(false)
    expect(store.problem).toEqual({ code: '', message: '' })
    answer = 'closed'
    expect(await store.submit()).toBe(false)
    expect(store.problem).toEqual({ code: RESULTCODES.REVIEW_EDIT_CLOSED, message: 'This review can no longer be changed' })
    answer = 'ok'
    expect(await store.submit()).toBe(true)
    const keys = gateway.callsOf('GoodsCommentSubmit').map((c) => (c.record as any).RequestKey)
    expect(keys[0]).toBe(keys[1])
    expect(keys[2]).not.toBe(keys[1])
  })

  it('an order the member may not review is refused with the server’s words; a network failure can be retried', async () => {
    const notAllowed = setup({ OrderCommentsGet: () => refused('OrderCommentsGet', RESULTCODES.REVIEW_NOT_ALLOWED, 'Only the goods of your paid or completed orders can be reviewed') })
    await notAllowed.store.load('O1')
    expect(notAllowed.store.state).toBe('refused')
    expect(notAllowed.store.problem!.message).toContain('paid or completed')
    const down = setup({ OrderDetailGet: () => networkDown('OrderDetailGet') })
    await down.store.load('O1')
    expect(down.store.state).toBe('failed')
  })

  it('clips the text at the limit as a person counts characters', async () => {
    expect(Array.from(clipReviewText('😀'.repeat(REVIEW_MAX_TEXT + 5)))).toHaveLength(REVIEW_MAX_TEXT)
    const { store } = setup({})
    await store.load('O1')
    store.setContent(1, 'x'.repeat(REVIEW_MAX_TEXT + 1))
    expect(store.draft(1)!.content).toHaveLength(REVIEW_MAX_TEXT)
    expect(store.canSubmit).toBe(false) // text without stars is not a review yet
  })
})
