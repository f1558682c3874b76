/**
 * Members' reviews (issue 17 item 2) through the real gateway on the demo menu, SQLite and (with
 * DATABASE_URL) PostgreSQL: a member reviews the lines of their own paid order with stars, text,
 * photos (their checked uploads) and anonymity; a second submission edits, for 7 days; another
 * member's, unknown and unpaid orders are refused alike; text, stars and photo limits; the rate
 * limit and RequestKey; goodsComment's list (newest first, masked or anonymous names, thumbnails,
 * the shop's reply, hidden ones left out of the list and the summary); the shop's CLI.
 */
import sharp from 'sharp'
import { RESULTCODES, ERRCODES } from '../../src/gateway/codes'
import { ORDER_STATUS } from '../../src/gateway/order-rows'
import { REVIEW_MAX_TEXT, REVIEW_SUBMITS_PER_HOUR } from '../../src/core/review-rules'
import { markOrderPaid } from '../../server/src/domain/orders/order-state'
import { signUploads } from '../../server/src/domain/files/uploaded-images'
import type { UploadPurpose } from '../../src/gateway/after-rows'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { clientLine, device, gid, openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { createTestServer, ok, runCli, type TestServer } from './helpers/test-server'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
}, 60_000)
afterAll(() => server?.close())

const SOUP = gid('F01')
const BASKET = gid('E01')

/** A takeaway order of soup and a basket of dumplings, placed by `m` (paid unless told). */
async function order(headers: Record<string, string>, pay = true): Promise<string> {
  const basket = await clientLine(server, { code: 'E01', pack: 'BASKET4', qua: '1' })
  const placed = await server.call('OrderSubmit', [{ ...takeaway([soupLine('1'), basket.input]), RequestKey: requestKey() }], { headers })
  expect(placed.body.resultcode).toBe('0')
  const row = placed.body.data.table1[0]
  if (pay) await server.db.transaction().execute((trx) => markOrderPaid(trx, row.SheetID, row.Amount, new Date()))
  return row.SheetID
}

/** A picture the member "uploaded": signed as FileBatchNameGet signs it, the bytes put where the form would. */
async function photo(m: TestMember, purpose: UploadPurpose = 'review', color = '#c33'): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } }).png().toBuffer()
  const [signed] = await signUploads(server.db, server.providers.storage, {
    entId: 'E1001',
    vipId: m.vipId,
    userId: m.vipId,
    userName: '',
    purpose,
    files: [{ FileName: 'dish.png', FileSize: png.length, FileType: 'image/png' }],
    now: new Date(),
    ratePerHour: 1000
  })
  await server.providers.storage.write(signed.key, png, 'image/png')
  return signed.fileId
}

const submit = (m: TestMember, sheetId: string, comments: unknown[], extra: Record<string, unknown> = {}) =>
  server.call('GoodsCommentSubmit', [{ SheetID: sheetId, Comments: comments, ...extra }], { headers: m.headers })
const mine = (m: TestMember, sheetId: string) => server.call('OrderCommentsGet', [{ SheetID: sheetId }], { headers: m.headers })
const list = (goodsId: string, lang = 'en') => server.call('GoodsCommentListByPage', [{ GoodsID: goodsId, PageIndex: 1, PageSize: 50 }], { lang })

describe('writing reviews', () => {
  it('a member reviews the lines of their paid order with stars, text, photos and anonymity; the list shows them first', async () => {
    const m = await makeMember(server.db, { name: '陳大文' })
    const sheetId = await order(m.headers)
    expect(ok(await mine(m, sheetId)).table1).toEqual([])
    const before = ok(await list(SOUP)).table2[0]

    const fileId = await photo(m)
    const rows = ok(
      await submit(m, sheetId, [
        { LineNo: 1, Stars: 4, Content: '  Clear and warm  ', FileIDs: [fileId] },
        { LineNo: 2, Stars: 2, Content: 'Cold', Anonymous: 1 }
      ])
    ).table1
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({ SheetID: sheetId, LineNo: 1, GoodsID: SOUP, Stars: 4, Content: 'Clear and warm', Anonymous: 0, Reply: '', Hidden: 0, CanEdit: 1, UpdatedDate: '' })
    expect(rows[0].GoodsName).toBeTruthy()
    expect(rows[0].Images).toHaveLength(1)
    expect(rows[0].Images[0]).toMatchObject({ FileID: fileId, Width: 64, Height: 48 })
    expect(rows[1]).toMatchObject({ LineNo: 2, GoodsID: BASKET, Stars: 2, Anonymous: 1, Images: [] })
    expect(ok(await mine(m, sheetId)).table1).toEqual(rows)

    // The checked picture and its thumbnail are served.
    for (const url of [rows[0].Images[0].Url, rows[0].Images[0].ThumbUrl]) {
      const got = await server.app.inject({ method: 'GET', url: new URL(url).pathname })
      expect(got.statusCode).toBe(200)
      expect(got.headers['content-type']).toContain('image/png')
    }

    const soup = ok(await list(SOUP))
    expect(soup.table1[0]).toMatchObject({ CommentID: rows[0].CommentID, VipName: '陳**', Stars: 4, Content: 'Clear and warm', Anonymous: 0, Reply: '' })
    expect(soup.table1[0].Images).toEqual([rows[0].Images[0].Url])
    expect(soup.table1[0].Thumbs).toEqual([rows[0].Images[0].ThumbUrl])
    expect(soup.table2[0].Total).toBe(before.Total + 1)
    const basket = ok(await list(BASKET)).table1[0]
    expect(basket).toMatchObject({ CommentID: rows[1].CommentID, VipName: '', HeadImg: '', Anonymous: 1 })
    // The menu's review count follows (the menu cache is dropped).
    const detail = ok(await server.call('GoodsDetailGet', [{ GoodsID: SOUP, ShopID: 'S101', BaseID: 'B201' }]))
    expect(detail.table1[0].CommentCount).toBe(before.Total + 1)
  })

  it('a second submission edits the line’s review (same id, edited date), keeping its photos usable', async () => {
    const m = await makeMember(server.db)
    const sheetId = await order(m.headers)
    const fileId = await photo(m)
    const first = ok(await submit(m, sheetId, [{ LineNo: 1, Stars: 5, Content: 'Great', FileIDs: [fileId] }])).table1[0]
    const total = ok(await list(SOUP)).table2[0].Total
    const second = ok(await submit(m, sheetId, [{ LineNo: 1, Stars: 3, Content: 'Fine after all', FileIDs: [fileId], Anonymous: 1 }])).table1
    expect(second).toHaveLength(1)
    expect(second[0]).toMatchObject({ CommentID: first.CommentID, Stars: 3, Content: 'Fine after all', Anonymous: 1, CreatedDate: first.CreatedDate })
    expect(second[0].UpdatedDate).not.toBe('')
    expect(second[0].Images.map((i: any) => i.FileID)).toEqual([fileId])
    expect(ok(await list(SOUP)).table2[0].Total).toBe(total)
  })

  it('refuses another member’s order, an unknown one, an unpaid one and a line not in the order alike (20068), writing nothing', async () => {
    const owner = await makeMember(server.db)
    const stranger = await makeMember(server.db)
    const paid = await order(owner.headers)
    const unpaid = await order(owner.headers, false)
    const line = [{ LineNo: 1, Stars: 5, Content: 'x' }]
    for (const res of [
      await submit(stranger, paid, line),
      await mine(stranger, paid),
      await submit(owner, 'NO-SUCH-ORDER', line),
      await submit(owner, unpaid, line),
      await mine(owner, unpaid),
      await submit(owner, paid, [{ LineNo: 9, Stars: 5, Content: 'x' }])
    ]) {
      expect(res.body.errcode).toBe('0')
      expect(res.body.resultcode).toBe(RESULTCODES.REVIEW_NOT_ALLOWED)
    }
    // A walk-in diner's order (device key, no member) is no member's.
    const walkIn = device()
    const theirs = await order(walkIn.headers)
    expect((await submit(owner, theirs, line)).body.resultcode).toBe(RESULTCODES.REVIEW_NOT_ALLOWED)
    // Cancelled orders are not reviewable either; completed ones are.
    await server.db.updateTable('orders').set({ status: ORDER_STATUS.CANCELLED }).where('order_id', '=', paid).execute()
    expect((await submit(owner, paid, line)).body.resultcode).toBe(RESULTCODES.REVIEW_NOT_ALLOWED)
    await server.db.updateTable('orders').set({ status: ORDER_STATUS.COMPLETED }).where('order_id', '=', paid).execute()
    ok(await submit(owner, paid, line))
    const count = await server.db.selectFrom('goods_reviews').select((eb) => eb.fn.countAll<string>().as('n')).where('vip_id', '=', stranger.vipId).executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(0)
    // Without a session: login required.
    expect((await server.call('GoodsCommentSubmit', [{ SheetID: paid, Comments: line }])).body.errcode).toBe(ERRCODES.LOGIN_REQUIRED)
  })

  it('two first submissions of the same line at once leave one review (the later one edits it)', async () => {
    const m = await makeMember(server.db)
    const sheetId = await order(m.headers)
    const [a, b] = await Promise.all([
      submit(m, sheetId, [{ LineNo: 1, Stars: 2, Content: 'one' }]),
      submit(m, sheetId, [{ LineNo: 1, Stars: 5, Content: 'two' }])
    ])
    ok(a)
    ok(b)
    const rows = await server.db.selectFrom('goods_reviews').selectAll().where('order_id', '=', sheetId).execute()
    expect(rows).toHaveLength(1)
    expect(['one', 'two']).toContain(rows[0].content)
    expect(ok(await mine(m, sheetId)).table1).toHaveLength(1)
  })

  it('closes editing 7 days after the review was first written (20069), and says so with CanEdit 0', async () => {
    const m = await makeMember(server.db)
    const sheetId = await order(m.headers)
    const review = ok(await submit(m, sheetId, [{ LineNo: 1, Stars: 5, Content: 'Lovely' }])).table1[0]
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600_000).toISOString()
    await server.db.updateTable('goods_reviews').set({ created_at: eightDaysAgo }).where('review_id', '=', review.CommentID).execute()
    expect(ok(await mine(m, sheetId)).table1[0].CanEdit).toBe(0)
    const res = await submit(m, sheetId, [{ LineNo: 1, Stars: 1, Content: 'Changed my mind' }, { LineNo: 2, Stars: 4, Content: 'ok' }])
    expect(res.body.resultcode).toBe(RESULTCODES.REVIEW_EDIT_CLOSED)
    const after = ok(await mine(m, sheetId)).table1
    // Nothing written: neither the closed one nor the new line.
    expect(after).toHaveLength(1)
    expect(after[0]).toMatchObject({ Stars: 5, Content: 'Lovely' })
    // A line never reviewed can still be.
    ok(await submit(m, sheetId, [{ LineNo: 2, Stars: 4, Content: 'ok' }]))
  })

  it('limits: text length, stars, number of photos (10007 naming the field); photos must be the member’s own review uploads (20067)', async () => {
    const m = await makeMember(server.db)
    const other = await makeMember(server.db)
    const sheetId = await order(m.headers)
    const long = await submit(m, sheetId, [{ LineNo: 1, Stars: 5, Content: '好'.repeat(REVIEW_MAX_TEXT + 1) }])
    expect(long.body.errcode).toBe(ERRCODES.INVALID_INPUT)
    expect(long.body.errmsg).toContain('Content')
    ok(await submit(m, sheetId, [{ LineNo: 1, Stars: 5, Content: '好'.repeat(REVIEW_MAX_TEXT) }]))
    for (const stars of [0, 6, 2.5]) {
      const res = await submit(m, sheetId, [{ LineNo: 2, Stars: stars, Content: '' }])
      expect(res.body.errcode).toBe(ERRCODES.INVALID_INPUT)
      expect(res.body.errmsg).toContain('Stars')
    }
    const seven = await submit(m, sheetId, [{ LineNo: 2, Stars: 5, FileIDs: ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'] }])
    expect(seven.body.errcode).toBe(ERRCODES.INVALID_INPUT)
    expect(seven.body.errmsg).toContain('FileIDs')
    const dup = await submit(m, sheetId, [{ LineNo: 2, Stars: 5 }, { LineNo: 2, Stars: 4 }])
    expect(dup.body.errcode).toBe(ERRCODES.INVALID_INPUT)

    const theirs = await photo(other)
    const forAfterSale = await photo(m, 'aftersale')
    for (const fileId of [theirs, forAfterSale, 'never-uploaded-0000']) {
      expect((await submit(m, sheetId, [{ LineNo: 2, Stars: 5, FileIDs: [fileId] }])).body.resultcode).toBe(RESULTCODES.UPLOAD_NOT_FOUND)
    }
    // Bytes that are not the picture they claim.
    const [signed] = await signUploads(server.db, server.providers.storage, {
      entId: 'E1001', vipId: m.vipId, userId: m.vipId, userName: '', purpose: 'review',
      files: [{ FileName: 'x.png', FileSize: 20, FileType: 'image/png' }], now: new Date(), ratePerHour: 1000
    })
    await server.providers.storage.write(signed.key, Buffer.from('<svg>not a png</svg>'), 'image/png')
    expect((await submit(m, sheetId, [{ LineNo: 2, Stars: 5, FileIDs: [signed.fileId] }])).body.resultcode).toBe(RESULTCODES.UPLOAD_FILE_INVALID)
    expect(ok(await mine(m, sheetId)).table1.map((r: any) => r.LineNo)).toEqual([1])
  })

  it('a RequestKey writes once (a retry answers without writing again); the rate limit refuses with 10009 and retries do not count', async () => {
    const m = await makeMember(server.db)
    const sheetId = await order(m.headers)
    const key = requestKey()
    const first = ok(await submit(m, sheetId, [{ LineNo: 1, Stars: 5, Content: 'first' }], { RequestKey: key })).table1
    const retry = ok(await submit(m, sheetId, [{ LineNo: 1, Stars: 1, Content: 'retried' }], { RequestKey: key })).table1
    expect(retry).toEqual(first)
    // The same key for another order is the caller's mistake.
    const otherOrder = await order(m.headers)
    expect((await submit(m, otherOrder, [{ LineNo: 1, Stars: 5 }], { RequestKey: key })).body.errcode).toBe(ERRCODES.INVALID_INPUT)

    // Fill the hour's allowance (one used above).
    for (let i = 1; i < REVIEW_SUBMITS_PER_HOUR; i++) ok(await submit(m, sheetId, [{ LineNo: 2, Stars: (i % 5) + 1, Content: `edit ${i}` }]))
    const limited = await submit(m, sheetId, [{ LineNo: 2, Stars: 5, Content: 'one too many' }])
    expect(limited.body.errcode).toBe(ERRCODES.RATE_LIMITED)
    expect(ok(await mine(m, sheetId)).table1.find((r: any) => r.LineNo === 2).Content).not.toBe('one too many')
    // A retry of an earlier submission still answers; another member is not limited.
    expect(ok(await submit(m, sheetId, [{ LineNo: 1, Stars: 1 }], { RequestKey: key })).table1[0].Content).toBe('first')
    const other = await makeMember(server.db)
    ok(await submit(other, await order(other.headers), [{ LineNo: 1, Stars: 5 }]))
  })
})

describe('the list, the summary and the shop', () => {
  it('keeps the imported reviews working (Thumbs as Images, named as imported)', async () => {
    const res = ok(await list(gid('A01')))
    expect(res.table1.length).toBeGreaterThanOrEqual(3)
    for (const r of res.table1) {
      expect(r.Thumbs).toEqual(r.Images)
      expect(r).toMatchObject({ Anonymous: 0, Reply: '', ReplyDate: '' })
    }
    expect(res.table1.map((r: any) => r.VipName)).toContain('陳小姐')
  })

  it('the shop replies, hides and unhides from the CLI; hidden reviews leave the list and the summary; unknown ids are errors', async () => {
    const m = await makeMember(server.db, { name: 'Alice' })
    const sheetId = await order(m.headers)
    const [soupReview] = ok(await submit(m, sheetId, [{ LineNo: 1, Stars: 1, Content: 'Too salty' }])).table1
    const before = ok(await list(SOUP)).table2[0]
    expect(ok(await list(SOUP)).table1[0]).toMatchObject({ CommentID: soupReview.CommentID, VipName: 'A****' })

    const listed = await runCli(server, 'reviews', 'list', '--goods', SOUP, '--stars', '1')
    expect(listed.code).toBe(0)
    expect(listed.stdout).toContain(soupReview.CommentID)
    expect(listed.stdout).toContain('Too salty')

    const replied = await runCli(server, 'reviews', 'reply', soupReview.CommentID, 'Sorry, we will tell the kitchen.')
    expect(replied.code).toBe(0)
    const withReply = ok(await list(SOUP)).table1.find((r: any) => r.CommentID === soupReview.CommentID)
    expect(withReply.Reply).toBe('Sorry, we will tell the kitchen.')
    expect(withReply.ReplyDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(ok(await mine(m, sheetId)).table1[0].Reply).toBe('Sorry, we will tell the kitchen.')

    const shown = await runCli(server, 'reviews', 'show', soupReview.CommentID)
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain(`Order:    ${sheetId} line 1`)
    expect(shown.stdout).toContain('Sorry, we will tell the kitchen.')

    expect((await runCli(server, 'reviews', 'hide', soupReview.CommentID)).code).toBe(0)
    const hidden = ok(await list(SOUP))
    expect(hidden.table1.map((r: any) => r.CommentID)).not.toContain(soupReview.CommentID)
    expect(hidden.table2[0].Total).toBe(before.Total - 1)
    expect(ok(await mine(m, sheetId)).table1[0].Hidden).toBe(1)
    expect((await runCli(server, 'reviews', 'list', '--goods', SOUP)).stdout).toContain('HIDDEN')

    expect((await runCli(server, 'reviews', 'unhide', soupReview.CommentID)).code).toBe(0)
    const back = ok(await list(SOUP))
    expect(back.table1.map((r: any) => r.CommentID)).toContain(soupReview.CommentID)
    expect(back.table2[0]).toEqual(before)

    for (const command of ['show', 'reply', 'hide', 'unhide']) {
      const res = await runCli(server, 'reviews', command, 'R-no-such', ...(command === 'reply' ? ['hi'] : []))
      expect(res.code).toBe(1)
      expect(res.stderr).toContain('No review R-no-such')
    }
    expect((await runCli(server, 'reviews', 'list', '--stars', '9')).code).toBe(2)
  }, 180_000) // eight CLI processes, each starting tsx: a minute was too little on a loaded two-core machine

  it('the summary averages only shown reviews, one decimal', async () => {
    const goods = gid('E01')
    const start = ok(await list(goods)).table2[0]
    const a = await makeMember(server.db)
    const b = await makeMember(server.db)
    ok(await submit(a, await order(a.headers), [{ LineNo: 2, Stars: 5 }]))
    const [bad] = ok(await submit(b, await order(b.headers), [{ LineNo: 2, Stars: 1 }])).table1
    const both = ok(await list(goods)).table2[0]
    expect(both.Total).toBe(start.Total + 2)
    const hid = await runCli(server, 'reviews', 'hide', bad.CommentID)
    expect(hid.code).toBe(0)
    const shown = ok(await list(goods))
    expect(shown.table2[0].Total).toBe(start.Total + 1)
    // Recompute from what is listed: the summary counts exactly the shown reviews.
    const stars = shown.table1.map((r: any) => r.Stars as number)
    expect(stars.length).toBe(shown.table2[0].Total)
    const avg = stars.reduce((s: number, n: number) => s + n, 0) / stars.length
    expect(shown.table2[0].AvgStars).toBe((Math.round(avg * 10) / 10).toFixed(1))
  }, 60_000)
})
