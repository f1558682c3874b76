/**
 * After-sale requests (issue 17, item 3) through the real gateway on the demo menu, SQLite and
 * (with DATABASE_URL) PostgreSQL: a member asks for money back on a paid order of their own, the
 * shop approves (refund through the balance or the sandbox provider, points taken back in
 * proportion, stock of the lines returned) or rejects, the member may withdraw while submitted.
 * Amounts never exceed paid less refunded; one open request per order; two submits at once make
 * one request and two approvals at once refund once; the shop's CLI does the same.
 */
import { randomBytes } from 'node:crypto'
import { AFTERSALE_STATUS } from '../../src/gateway/after-rows'
import { RESULTCODES } from '../../src/gateway/codes'
import { PAYMENT_STATUS } from '../../src/gateway/order-rows'
import { approveAfterSale, rejectAfterSale } from '../../server/src/domain/aftersale/aftersale.service'
import { applyShopAction } from '../../server/src/domain/orders/order.service'
import { SandboxPaymentProvider } from '../../server/src/providers/payment/sandbox.provider'
import { clientLine, gid, openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { createTestServer, ok, runCli, type TestServer } from './helpers/test-server'

const SECRET = 'aftersale-test-secret'
const sandbox = new SandboxPaymentProvider(SECRET)
const RETURN = '/#/pages/paying/paying?PayID={PayID}'
const L_ICED = `${gid('H01')}.k.L-ICED`

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({ sandboxPaySecret: SECRET }, { demoMenus: true })
  await openAllDay(server.db)
}, 60_000)
afterAll(() => server?.close())

const key = () => `as-${randomBytes(8).toString('hex')}`
const stockOf = async () => (await server.db.selectFrom('skus').select('stock').where('sku_id', '=', L_ICED).executeTakeFirstOrThrow()).stock
const balanceOf = async (m: TestMember) => (await server.db.selectFrom('members').select('balance').where('vip_id', '=', m.vipId).executeTakeFirstOrThrow()).balance
const scoreOf = async (m: TestMember) => (await server.db.selectFrom('members').select('score').where('vip_id', '=', m.vipId).executeTakeFirstOrThrow()).score
const sandboxOf = () => server.providers.payments.get('sandbox') as SandboxPaymentProvider

/** A member's takeaway order of 3 iced large milk teas (a counted sku) and 1 soup, placed. */
async function placeOrder(m: TestMember): Promise<{ sheetId: string; amount: string; teaLine: number; soupLine: number }> {
  const tea = (await clientLine(server, { code: 'H01', sku: 'L-ICED', qua: '3' })).input
  const placed = ok(await server.call('OrderSubmit', [{ ...takeaway([tea, soupLine('1')]), RequestKey: requestKey() }], { headers: m.headers }))
  const order = placed.table1[0]
  const lines = await server.db.selectFrom('order_lines').select(['line_no', 'goods_id']).where('order_id', '=', order.SheetID).orderBy('line_no').execute()
  return {
    sheetId: order.SheetID,
    amount: order.Amount,
    teaLine: lines.find((l) => l.goods_id === gid('H01'))!.line_no,
    soupLine: lines.find((l) => l.goods_id === gid('F01'))!.line_no
  }
}

const payByBalance = async (m: TestMember, sheetId: string) => ok(await server.call('BalancePay', [{ SheetID: sheetId, RequestKey: key() }], { headers: m.headers }))

async function payBySandbox(m: TestMember, sheetId: string): Promise<string> {
  const pay = ok(await server.call('PaySubmit', [{ SheetID: sheetId, RequestKey: key(), ReturnUrl: RETURN }], { headers: m.headers })).table1[0]
  const row = await server.db.selectFrom('payments').selectAll().where('pay_id', '=', pay.PayID).executeTakeFirstOrThrow()
  const notice = sandbox.signNotice({ payId: pay.PayID, providerRef: row.provider_ref, result: 'paid', amount: row.amount, at: new Date().toISOString() })
  const res = await server.app.inject({ method: 'POST', url: '/pay/notify/sandbox', payload: notice.body, headers: notice.headers })
  expect(res.statusCode).toBe(200)
  return pay.PayID
}

const submit = (m: TestMember, record: Record<string, unknown>) =>
  server.call('AfterSaleSubmit', [{ Reason: 'quality', Content: 'The tea was cold', RequestKey: key(), ...record }], { headers: m.headers })

/** issue 17: refunds — what the diner's order details and list say was given back. */
const refundedShown = async (m: TestMember, sheetId: string) => {
  const detail = ok(await server.call('OrderDetailGet', [{ SheetID: sheetId }], { headers: m.headers })).table1[0].RefundedAmount
  const listed = ok(await server.call('OrderListByPage', [{ PageIndex: 1, PageSize: 50 }], { headers: m.headers })).table1.find((o: { SheetID: string }) => o.SheetID === sheetId)?.RefundedAmount
  expect(listed).toBe(detail)
  return detail
}

const approve = (id: string, note = '') => approveAfterSale(server.db, server.providers.payments, { afterSaleId: id, note, now: new Date() })

describe('after-sale', () => {
  it('a partial request, approved twice at once, refunds to the balance once, takes back points in proportion and returns the stock; then the rest', async () => {
    await server.db.updateTable('skus').set({ stock: 20 }).where('sku_id', '=', L_ICED).execute()
    const m = await makeMember(server.db, { balance: '500' })
    const order = await placeOrder(m)
    expect(await stockOf()).toBe(17)
    await payByBalance(m, order.sheetId)
    expect(await refundedShown(m, order.sheetId)).toBe('0')
    const paidBalance = await balanceOf(m)
    const earned = await scoreOf(m)
    expect(earned).toBe(Math.floor(Number(order.amount)))

    // Two milk teas of three, 20.00 back.
    const first = ok(await submit(m, { SheetID: order.sheetId, Lines: [{ LineNo: order.teaLine, Qua: 2 }], Amount: '20' }))
    const request = first.table1[0]
    expect(request).toMatchObject({ SheetID: order.sheetId, Status: AFTERSALE_STATUS.SUBMITTED, WholeOrder: 0, Reason: 'quality', Amount: '20.00', RefundedAmount: '0', CanWithdraw: 1, Images: [] })
    expect(first.table2).toEqual([expect.objectContaining({ LineNo: order.teaLine, GoodsID: gid('H01'), Qua: 2 })])

    // One open request per order.
    expect((await submit(m, { SheetID: order.sheetId, Amount: '1' })).body.resultcode).toBe(RESULTCODES.AFTERSALE_OPEN_EXISTS)

    const [a, b] = await Promise.all([approve(request.AfterSaleID, 'Sorry'), approve(request.AfterSaleID, 'Sorry')])
    expect([a.applied, b.applied].sort()).toEqual([false, true])
    expect(Number(await balanceOf(m))).toBeCloseTo(Number(paidBalance) + 20, 6)
    const refunds = await server.db.selectFrom('balance_ledger').selectAll().where('vip_id', '=', m.vipId).where('kind', '=', 'refund').execute()
    expect(refunds.map((r) => [r.amount, r.ref_id])).toEqual([['20.00', request.AfterSaleID]])
    expect(await stockOf()).toBe(19)
    expect(await refundedShown(m, order.sheetId)).toBe('20.00')
    const keep = Math.floor(Number(order.amount) - 20)
    expect(await scoreOf(m)).toBe(keep)

    const detail = ok(await server.call('AfterSaleDetailGet', [{ SheetID: order.sheetId }], { headers: m.headers }))
    expect(detail.table1[0]).toMatchObject({ AfterSaleID: request.AfterSaleID, Status: AFTERSALE_STATUS.REFUNDED, RefundedAmount: '20.00', ShopNote: 'Sorry', CanWithdraw: 0 })
    expect(detail.table1[0].RefundedDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)

    // What is left: paid less 20; the tea line has 1 left.
    const left = (Number(order.amount) - 20).toFixed(2)
    const over = await submit(m, { SheetID: order.sheetId, Amount: (Number(left) + 0.01).toFixed(2) })
    expect(over.body.resultcode).toBe(RESULTCODES.AFTERSALE_AMOUNT_INVALID)
    expect(over.body.resultmsg).toContain(left)
    expect((await submit(m, { SheetID: order.sheetId, Amount: '0' })).body.resultcode).toBe(RESULTCODES.AFTERSALE_AMOUNT_INVALID)
    expect((await submit(m, { SheetID: order.sheetId, Lines: [{ LineNo: order.teaLine, Qua: 2 }], Amount: '1' })).body.resultcode).toBe(RESULTCODES.AFTERSALE_NOT_ALLOWED)

    // The whole rest: the remaining tea and the soup, everything paid comes back.
    const rest = ok(await submit(m, { SheetID: order.sheetId, Amount: left, Reason: 'other' })).table1[0]
    const restLines = ok(await server.call('AfterSaleDetailGet', [{ AfterSaleID: rest.AfterSaleID }], { headers: m.headers })).table2
    expect(restLines.map((l: { LineNo: number; Qua: number }) => [l.LineNo, l.Qua]).sort()).toEqual([[order.teaLine, 1], [order.soupLine, 1]].sort())
    expect((await approve(rest.AfterSaleID)).applied).toBe(true)
    expect(Number(await balanceOf(m))).toBeCloseTo(Number(paidBalance) + Number(order.amount), 6)
    expect(await scoreOf(m)).toBe(0)
    expect(await stockOf()).toBe(20)
    // Two balance refunds (20 and the rest), the payment used up: the order's amount, once.
    expect(await refundedShown(m, order.sheetId)).toBe(order.amount)
    // Nothing is left to refund.
    expect((await submit(m, { SheetID: order.sheetId, Amount: '1' })).body.resultcode).toBe(RESULTCODES.AFTERSALE_NOT_ALLOWED)
    const list = ok(await server.call('AfterSaleListByPage', [{ PageIndex: 1, PageSize: 10 }], { headers: m.headers }))
    expect(list.table1.map((r: { AfterSaleID: string }) => r.AfterSaleID)).toEqual([rest.AfterSaleID, request.AfterSaleID])
    expect(list.table2[0].Total).toBe(2)
  })

  it("an order's coupon line is no item to give back: a whole-order request leaves it out, and asking for it is refused", async () => {
    const m = await makeMember(server.db, { balance: '500' })
    const names = ['--name-zh-cn', '减10', '--name-zh-tw', '減10', '--name-en', '10 off']
    expect((await runCli(server, 'coupons', 'create', 'AS10OFF', ...names, '--amount', '10', '--valid-days', '3')).code).toBe(0)
    expect((await runCli(server, 'coupons', 'issue', 'AS10OFF', '--phone', m.phone, '--area', '853')).code).toBe(0)
    const card = ok(await server.call('CouponCardList', [{ Status: 0 }], { headers: m.headers })).table1[0].CardID
    const placed = ok(await server.call('OrderSubmit', [{ ...takeaway([soupLine('2')], { CardID: card }), RequestKey: requestKey() }], { headers: m.headers })).table1[0]
    await payByBalance(m, placed.SheetID)
    const lines = await server.db.selectFrom('order_lines').select(['line_no', 'sale_type']).where('order_id', '=', placed.SheetID).orderBy('line_no').execute()
    const couponLine = lines.find((l) => Number(l.sale_type) === 5)!.line_no
    expect(couponLine).toBeDefined()
    expect((await submit(m, { SheetID: placed.SheetID, Lines: [{ LineNo: couponLine, Qua: 1 }], Amount: '1' })).body.resultcode).toBe(RESULTCODES.AFTERSALE_NOT_ALLOWED)
    const whole = ok(await submit(m, { SheetID: placed.SheetID, Amount: '5' })).table1[0]
    const asked = await server.db.selectFrom('after_sale_lines').select('line_no').where('after_sale_id', '=', whole.AfterSaleID).execute()
    expect(asked.map((l) => l.line_no)).not.toContain(couponLine)
    expect(asked.length).toBe(lines.length - 1)
  })

  it('a provider-paid order is refunded through the provider, in parts, each with its own refund number', async () => {
    const m = await makeMember(server.db)
    const order = await placeOrder(m)
    const payId = await payBySandbox(m, order.sheetId)
    const part = ok(await submit(m, { SheetID: order.sheetId, Lines: [{ LineNo: order.soupLine, Qua: 1 }], Amount: '5.5' })).table1[0]
    expect(part.Amount).toBe('5.50')
    await approve(part.AfterSaleID)
    const asked = sandboxOf().refunds.filter((r) => r.payId === payId)
    expect(asked).toEqual([expect.objectContaining({ payId, refundNo: part.AfterSaleID, amount: '5.50' })])
    let payment = await server.db.selectFrom('payments').select('status').where('pay_id', '=', payId).executeTakeFirstOrThrow()
    expect(payment.status).toBe(PAYMENT_STATUS.PAID)
    expect(await refundedShown(m, order.sheetId)).toBe('5.50')
    const notices = await server.db.selectFrom('payment_notices').select(['notice_id', 'amount']).where('pay_id', '=', payId).where('result', '=', 'refunded').execute()
    expect(notices).toEqual([{ notice_id: `sandbox:refund:${payId}:${part.AfterSaleID}`, amount: '5.50' }])

    const left = (Number(order.amount) - 5.5).toFixed(2)
    const rest = ok(await submit(m, { SheetID: order.sheetId, Amount: left })).table1[0]
    await approve(rest.AfterSaleID)
    expect(sandboxOf().refunds.filter((r) => r.payId === payId).map((r) => r.amount)).toEqual(['5.50', left])
    payment = await server.db.selectFrom('payments').select('status').where('pay_id', '=', payId).executeTakeFirstOrThrow()
    expect(payment.status).toBe(PAYMENT_STATUS.REFUNDED)
    expect(await scoreOf(m)).toBe(0)
    // The payment refunded whole by two after-sale parts: counted once.
    expect(await refundedShown(m, order.sheetId)).toBe(order.amount)
  })

  it('a completed order may be asked about; the shop cancelling a paid order after a partial refund gives back only the rest', async () => {
    const m = await makeMember(server.db, { balance: '500' })
    const done = await placeOrder(m)
    await payByBalance(m, done.sheetId)
    await applyShopAction(server.db, done.sheetId, 'complete', 'en', new Date(), server.providers.payments)
    ok(await submit(m, { SheetID: done.sheetId, Amount: '1' }))

    const order = await placeOrder(m)
    await payByBalance(m, order.sheetId)
    const before = Number(await balanceOf(m))
    const part = ok(await submit(m, { SheetID: order.sheetId, Amount: '10' })).table1[0]
    await approve(part.AfterSaleID)
    expect(await refundedShown(m, order.sheetId)).toBe('10.00')
    await applyShopAction(server.db, order.sheetId, 'cancel', 'en', new Date(), server.providers.payments)
    // The request's 10 and the cancel's rest: the order's amount, not amount + 10.
    expect(await refundedShown(m, order.sheetId)).toBe(order.amount)
    // 10 by the request, the rest by the cancel: the order's amount in all, never more.
    expect(Number(await balanceOf(m))).toBeCloseTo(before + Number(order.amount), 6)
    const reversed = await server.db.selectFrom('score_ledger').select('score').where('vip_id', '=', m.vipId).where('kind', '=', 'reverse').execute()
    expect(reversed.reduce((s, r) => s + r.score, 0)).toBe(-Math.floor(Number(order.amount)))

    // A shop cancel alone, of an order paid through the provider: all of it, once.
    const plain = await placeOrder(m)
    await payBySandbox(m, plain.sheetId)
    await applyShopAction(server.db, plain.sheetId, 'cancel', 'en', new Date(), server.providers.payments)
    expect(await refundedShown(m, plain.sheetId)).toBe(plain.amount)
  })

  it('only the member’s own paid orders: another’s, unknown and unpaid orders are refused alike; another’s request is not found', async () => {
    const owner = await makeMember(server.db, { balance: '500' })
    const other = await makeMember(server.db, { balance: '500' })
    const order = await placeOrder(owner)
    // Not paid yet.
    expect((await submit(owner, { SheetID: order.sheetId, Amount: '1' })).body.resultcode).toBe(RESULTCODES.AFTERSALE_NOT_ALLOWED)
    await payByBalance(owner, order.sheetId)
    const theirs = await submit(other, { SheetID: order.sheetId, Amount: '1' })
    const unknown = await submit(other, { SheetID: 'O-NO-SUCH-ORDER', Amount: '1' })
    expect(theirs.body.resultcode).toBe(RESULTCODES.AFTERSALE_NOT_ALLOWED)
    expect(unknown.body).toMatchObject({ resultcode: theirs.body.resultcode, resultmsg: theirs.body.resultmsg })
    const mine = ok(await submit(owner, { SheetID: order.sheetId, Amount: '1' })).table1[0]
    expect((await server.call('AfterSaleDetailGet', [{ AfterSaleID: mine.AfterSaleID }], { headers: other.headers })).body.resultcode).toBe(RESULTCODES.AFTERSALE_NOT_FOUND)
    expect((await server.call('AfterSaleDetailGet', [{ SheetID: order.sheetId }], { headers: other.headers })).body.resultcode).toBe(RESULTCODES.AFTERSALE_NOT_FOUND)
    expect((await server.call('AfterSaleWithdraw', [{ AfterSaleID: mine.AfterSaleID }], { headers: other.headers })).body.resultcode).toBe(RESULTCODES.AFTERSALE_NOT_FOUND)
    // Without a session: login required.
    expect((await server.call('AfterSaleSubmit', [{ SheetID: order.sheetId, Amount: '1', Reason: 'late', RequestKey: key() }])).body.errcode).toBe('10010')
    // Photos that were never uploaded.
    await server.call('AfterSaleWithdraw', [{ AfterSaleID: mine.AfterSaleID }], { headers: owner.headers })
    expect((await submit(owner, { SheetID: order.sheetId, Amount: '1', FileIDs: ['F-NOT-UPLOADED'] })).body.resultcode).toBe(RESULTCODES.UPLOAD_NOT_FOUND)
  })

  it('withdrawn while submitted; rejected with the shop’s reason; decided requests cannot change', async () => {
    const m = await makeMember(server.db, { balance: '500' })
    const order = await placeOrder(m)
    await payByBalance(m, order.sheetId)
    const before = await balanceOf(m)
    const first = ok(await submit(m, { SheetID: order.sheetId, Amount: '3' })).table1[0]
    const withdrawn = ok(await server.call('AfterSaleWithdraw', [{ AfterSaleID: first.AfterSaleID }], { headers: m.headers })).table1[0]
    expect(withdrawn).toMatchObject({ Status: AFTERSALE_STATUS.WITHDRAWN, CanWithdraw: 0 })
    ok(await server.call('AfterSaleWithdraw', [{ AfterSaleID: first.AfterSaleID }], { headers: m.headers }))
    await expect(approve(first.AfterSaleID)).rejects.toMatchObject({ code: 'AFTERSALE_STATE_CONFLICT' })

    // A withdrawn request does not hold the order: a new one may be made.
    const second = ok(await submit(m, { SheetID: order.sheetId, Amount: '3', Reason: 'late' })).table1[0]
    await rejectAfterSale(server.db, { afterSaleId: second.AfterSaleID, reason: 'Delivered on time', now: new Date() })
    const rejected = ok(await server.call('AfterSaleDetailGet', [{ AfterSaleID: second.AfterSaleID }], { headers: m.headers, lang: 'zh-TW' })).table1[0]
    expect(rejected).toMatchObject({ Status: AFTERSALE_STATUS.REJECTED, ShopNote: 'Delivered on time', RefundedAmount: '0', CanWithdraw: 0 })
    const late = await server.call('AfterSaleWithdraw', [{ AfterSaleID: second.AfterSaleID }], { headers: m.headers })
    expect(late.body.resultcode).toBe(RESULTCODES.AFTERSALE_STATE_CONFLICT)
    await expect(approve(second.AfterSaleID)).rejects.toMatchObject({ code: 'AFTERSALE_STATE_CONFLICT' })
    expect(await balanceOf(m)).toBe(before)
  })

  it('two submits at once make one request; a retry with the same key answers the same request', async () => {
    const m = await makeMember(server.db, { balance: '500' })
    const order = await placeOrder(m)
    await payByBalance(m, order.sheetId)
    const answers = await Promise.all([1, 2, 3, 4].map(() => submit(m, { SheetID: order.sheetId, Amount: '2' })))
    const codes = answers.map((a) => a.body.resultcode).sort()
    expect(codes).toEqual(['0', RESULTCODES.AFTERSALE_OPEN_EXISTS, RESULTCODES.AFTERSALE_OPEN_EXISTS, RESULTCODES.AFTERSALE_OPEN_EXISTS])
    expect(await server.db.selectFrom('after_sales').select('after_sale_id').where('order_id', '=', order.sheetId).execute()).toHaveLength(1)

    const sameKey = key()
    const other = await placeOrder(m)
    await payByBalance(m, other.sheetId)
    const [x, y] = await Promise.all([submit(m, { SheetID: other.sheetId, Amount: '2', RequestKey: sameKey }), submit(m, { SheetID: other.sheetId, Amount: '2', RequestKey: sameKey })])
    expect(ok(x).table1[0].AfterSaleID).toBe(ok(y).table1[0].AfterSaleID)
    // The key of this request used for another order.
    expect((await submit(m, { SheetID: order.sheetId, Amount: '2', RequestKey: sameKey })).body.resultcode).toBe(RESULTCODES.REQUEST_KEY_REUSED)
  })

  it('the shop’s CLI lists, shows, approves (once) and rejects', async () => {
    const m = await makeMember(server.db, { balance: '500' })
    const order = await placeOrder(m)
    await payByBalance(m, order.sheetId)
    const before = Number(await balanceOf(m))
    const request = ok(await submit(m, { SheetID: order.sheetId, Lines: [{ LineNo: order.teaLine, Qua: 1 }], Amount: '8' })).table1[0]

    const list = await runCli(server, 'aftersale', 'list', '--status', 'submitted')
    expect(list.code).toBe(0)
    expect(list.stdout).toContain(`${request.AfterSaleID}  ${order.sheetId}  submitted  8.00`)
    const show = await runCli(server, 'aftersale', 'show', request.AfterSaleID)
    expect(show.stdout).toContain('says: The tea was cold')
    expect(show.stdout).toMatch(/line \d+: .*Milk Tea.* × 1/)

    const approved = await runCli(server, 'aftersale', 'approve', request.AfterSaleID, '--note', 'Refunded, sorry')
    expect(approved.code).toBe(0)
    expect(approved.stdout).toContain('approved and refunded 8.00 (8.00 through balance)')
    const again = await runCli(server, 'aftersale', 'approve', request.AfterSaleID)
    expect(again.stdout).toContain('already refunded')
    expect(Number(await balanceOf(m))).toBeCloseTo(before + 8, 6)

    const next = ok(await submit(m, { SheetID: order.sheetId, Amount: '2' })).table1[0]
    expect((await runCli(server, 'aftersale', 'reject', next.AfterSaleID)).code).toBe(2)
    const rejected = await runCli(server, 'aftersale', 'reject', next.AfterSaleID, '--reason', 'Not our fault')
    expect(rejected.stdout).toContain('rejected (Not our fault)')
    const conflict = await runCli(server, 'aftersale', 'approve', next.AfterSaleID)
    expect(conflict.code).toBe(1)
    expect(conflict.stderr).toContain('AFTERSALE_STATE_CONFLICT')
    expect((await runCli(server, 'aftersale', 'show', 'AS-NONE')).code).toBe(1)
  }, 60_000)
})
