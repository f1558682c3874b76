/**
 * Split bills (issue 26 item 2; docs/split-bills.md) through the real gateway, on SQLite and (with
 * DATABASE_URL) PostgreSQL: phones racing for one line, a payment that arrives for a claim that
 * lost (given back through its provider), partial payments by lines, equal shares and the rest
 * with each payer's own method, the bill closing only when nothing is due, each payer's receipt,
 * and the whole-bill payment as "the rest".
 */
import { Decimal } from '../../src/core/money'
import { partAmount } from '../../src/core/bill-split'
import { ORDER_STATUS, PAYMENT_STATUS } from '../../src/gateway/order-rows'
import { SandboxPaymentProvider } from '../../server/src/providers/payment/sandbox.provider'
import { B201, clientLine, device, openAllDay, requestKey } from './helpers/order-fixtures'
import { createTestServer, type TestServer } from './helpers/test-server'
import { tableCode } from './helpers/table-codes'
import { makeMember } from './helpers/member-fixtures'
import { approveAfterSale } from '../../server/src/domain/aftersale/aftersale.service'

const SECRET = 'split-bills-sandbox-secret'
const sandbox = new SandboxPaymentProvider(SECRET)
let server: TestServer

beforeAll(async () => {
  server = await createTestServer({ sandboxPaySecret: SECRET }, { demoMenus: true })
  await openAllDay(server.db)
  await server.db.updateTable('enterprise_settings').set({ parm_value: '1' }).where('ent_id', '=', 'E1001').where('parm_id', '=', 'CYSheetGoodsQuaEdit').execute()
}, 60_000)

afterAll(() => server?.close())

const approve = (payId: string) =>
  server.app.inject({ method: 'POST', url: sandbox.pagePath(payId, '/approve'), payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } })

type Phone = { headers: Record<string, string> }

/** A table with one round of these lines; answers the sheet, its code and the round. */
async function seat(tableId: string, phone: Phone, lines: Parameters<typeof clientLine>[1][]) {
  const QRCode = await tableCode(server.db, tableId)
  const inputs = await Promise.all(lines.map(async (l) => (await clientLine(server, l)).input))
  const placed = await server.call(
    'MealPosOrderSubmit',
    [{ ShopID: 'S101', BaseID: B201, TableID: tableId, QRCode, ServiceType: 'dinein', RequestKey: requestKey(), Lines: inputs }],
    { headers: phone.headers, lang: 'en' }
  )
  expect(placed.body.resultcode).toBe('0')
  const sheetId: string = placed.body.data.table1[0].SheetID
  const round = placed.body.data.table2[0]
  const detail = (await server.call('PosSheetDetailGet', [{ SheetID: sheetId, QRCode }], { headers: phone.headers })).body.data
  return { QRCode, sheetId, round, lines: detail.table2 as { SheetID: string; LineNo: number; Amount: string; GoodsName: string }[], amount: detail.table1[0].Amount as string }
}

const share = (phone: Phone, sheetId: string, QRCode: string, request: Record<string, unknown>, lang = 'en') =>
  server.call('BillShareStart', [{ SheetID: sheetId, QRCode, ...request }], { headers: phone.headers, lang })

const balanceOf = async (sheetId: string, QRCode: string, phone: Phone) =>
  (await server.call('BillSplitGet', [{ SheetID: sheetId, QRCode }], { headers: phone.headers, lang: 'en' })).body.data

const payAtSandbox = async (phone: Phone, orderId: string): Promise<string> => {
  const pay = await server.call('PaySubmit', [{ SheetID: orderId, RequestKey: requestKey(), ReturnUrl: 'http://localhost/paying' }], { headers: phone.headers })
  expect(pay.body.resultcode).toBe('0')
  return pay.body.data.table1[0].PayID
}

describe('split bills', () => {
  it('two phones claiming the same line at once: one wins, the other is told in its language; halves of a shared dish add up exactly', async () => {
    const a = device()
    const b = device()
    const { QRCode, sheetId, lines } = await seat('B201-A01', a, [
      { code: 'F01', qua: '1' },
      { code: 'C01', sku: 'LARGE', qua: '1' }
    ])
    const [juice, noodles] = lines
    const whole = { Mode: 'lines', Lines: [{ RoundID: juice.SheetID, LineNo: juice.LineNo, Parts: 1, Of: 1 }] }
    const ref = (await balanceOf(sheetId, QRCode, a)).table1[0].BillRef
    const before = await server.db.selectFrom('events').select((eb) => eb.fn.max<number>('id').as('id')).executeTakeFirst()
    const [ra, rb] = await Promise.all([share(a, sheetId, QRCode, whole, 'en'), share(b, sheetId, QRCode, whole, 'zh-TW')])
    const codes = [ra.body.resultcode, rb.body.resultcode].sort()
    expect(codes).toEqual(['0', '21600'])
    const loser = ra.body.resultcode === '21600' ? ra.body : rb.body
    expect(loser.resultmsg).toMatch(ra.body.resultcode === '21600' ? /Someone else at the table/ : /同桌另一位/)
    // Only one share holds the line.
    const view = await balanceOf(sheetId, QRCode, a)
    expect(view.table3.filter((c: any) => c.RoundID === juice.SheetID)).toHaveLength(1)
    expect(view.table1[0].HeldAmount).toBe(new Decimal(juice.Amount).toFixed(2))
    // Every phone at the table hears it: a 'sheet.balance' naming the bill on the branch's public stream.
    const events = await server.db.selectFrom('events').selectAll().where('kind', '=', 'sheet.balance').where('id', '>', Number(before?.id ?? 0)).execute()
    expect(events.map((e) => JSON.parse(e.payload).ref)).toEqual([ref])

    // The noodles are shared in three: three phones each take a third, a fourth is refused.
    const third = { Mode: 'lines', Lines: [{ RoundID: noodles.SheetID, LineNo: noodles.LineNo, Parts: 1, Of: 3 }] }
    const c = device()
    const thirds = await Promise.all([share(a, sheetId, QRCode, third), share(b, sheetId, QRCode, third), share(c, sheetId, QRCode, third)])
    expect(thirds.map((r) => r.body.resultcode)).toEqual(['0', '0', '0'])
    const amounts = thirds.map((r) => new Decimal(r.body.data.table2[0].Amount))
    expect(amounts.reduce((s, x) => s.plus(x), new Decimal(0)).toFixed(2)).toBe(new Decimal(noodles.Amount).toFixed(2))
    expect((await share(device(), sheetId, QRCode, third)).body.resultcode).toBe('21600')
    // Cut in another number: told what the line is cut in.
    const half = await share(device(), sheetId, QRCode, { Mode: 'lines', Lines: [{ RoundID: noodles.SheetID, LineNo: noodles.LineNo, Parts: 1, Of: 2 }] }, 'zh-CN')
    expect(half.body.resultcode).toBe('21601')
    expect(half.body.resultmsg).toContain('已按 3 份分摊')
    // Nothing is open beyond what the shares hold: more is refused.
    const after = (await balanceOf(sheetId, QRCode, a)).table1[0]
    expect(after.OpenAmount).toBe('0.00')
    expect((await share(a, sheetId, QRCode, { Mode: 'amount', Amount: '1' })).body.resultcode).toBe('21602')
    // The whole bill is the rest: with everything held there is none to ask for.
    expect((await server.call('PayLaterUpdate', [{ SheetID: sheetId, QRCode }], { headers: a.headers })).body.resultcode).toBe('21602')
  }, 60_000)

  it('money that arrives for a claim that lost is given back through its provider; balance refuses a lapsed share and takes nothing', async () => {
    const a = device()
    const b = await makeMember(server.db, { balance: '500' })
    const { QRCode, sheetId, round, lines } = await seat('B201-A02', a, [{ code: 'F01', qua: '1' }])
    const [juice] = lines
    const whole = { Mode: 'lines', Lines: [{ RoundID: juice.SheetID, LineNo: juice.LineNo, Parts: 1, Of: 1 }] }
    const mine = (await share(a, sheetId, QRCode, whole)).body.data.table2[0]
    const payId = await payAtSandbox(a, mine.SheetID)

    // A's claim lapses (its time runs out while A is on the provider's page) and B takes the line.
    await server.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('order_id', '=', mine.SheetID).execute()
    const theirs = await share(b, sheetId, QRCode, whole)
    expect(theirs.body.resultcode).toBe('0')
    const paidB = await server.call('BalancePay', [{ SheetID: theirs.body.data.table2[0].SheetID, RequestKey: requestKey() }], { headers: b.headers })
    expect(paidB.body.resultcode).toBe('0')

    // A approves after all: the money is not kept, it goes back to A's payment at the provider.
    expect((await approve(payId)).statusCode).toBeLessThan(400)
    const status = (await server.call('PaymentStatusUpdate', [{ PayID: payId }], { headers: a.headers })).body.data
    expect(status.table1[0].Status).toBe(PAYMENT_STATUS.REFUNDED)
    const notices = await server.db.selectFrom('payment_notices').select(['result', 'amount']).where('pay_id', '=', payId).where('result', '=', 'refunded').execute()
    expect(notices).toEqual([{ result: 'refunded', amount: mine.Amount }])
    // The bill was paid once, by B: closed.
    const view = await balanceOf(sheetId, QRCode, a)
    expect(view.table1[0]).toMatchObject({ Status: ORDER_STATUS.COMPLETED, DueAmount: '0.00' })
    expect(view.table2.map((r: any) => [r.State, r.Mine])).toEqual(expect.arrayContaining([['paid', 0], ['refunded', 1]]))

    // A share whose line changed no longer stands: BalancePay takes nothing and says so.
    const c = await makeMember(server.db, { balance: '500' })
    const next = await seat('B201-A04', c, [{ code: 'F01', qua: '1' }])
    const line = next.lines[0]
    const held = (await share(c, next.sheetId, next.QRCode, { Mode: 'lines', Lines: [{ RoundID: line.SheetID, LineNo: 1, Parts: 1, Of: 1 }] })).body.data.table2[0]
    expect((await server.call('PosSheetGoodsQuaEdit', [{ SheetID: next.sheetId, RoundID: line.SheetID, LineNo: 1, Qua: 2, QRCode: next.QRCode }], { headers: c.headers })).body.resultcode).toBe('0')
    const refused = await server.call('BalancePay', [{ SheetID: held.SheetID, RequestKey: requestKey() }], { headers: c.headers, lang: 'en' })
    expect(refused.body.resultcode).toBe('21603')
    const ledger = await server.db.selectFrom('balance_ledger').select('kind').where('vip_id', '=', c.vipId).where('kind', '=', 'spend').execute()
    expect(ledger).toEqual([])
    void round
  }, 60_000)

  it('three payers: lines from the balance, equal shares and the rest at the provider; the bill closes only when nothing is due; each has their own receipt', async () => {
    const a = await makeMember(server.db, { balance: '500' })
    const b = device()
    const c = device()
    const { QRCode, sheetId, lines, amount } = await seat('B201-A05', a, [
      { code: 'F01', qua: '2' },
      { code: 'C01', sku: 'LARGE', qua: '1' },
      { code: 'E01', pack: 'BASKET4', qua: '1' }
    ])
    const total = new Decimal(amount)
    const [juice] = lines

    // A pays the juices from the balance.
    const aShare = (await share(a, sheetId, QRCode, { Mode: 'lines', Lines: [{ RoundID: juice.SheetID, LineNo: juice.LineNo, Parts: 1, Of: 1 }] })).body.data.table2[0]
    expect((await server.call('BalancePay', [{ SheetID: aShare.SheetID, RequestKey: requestKey() }], { headers: a.headers })).body.resultcode).toBe('0')
    let view = await balanceOf(sheetId, QRCode, b)
    expect(view.table1[0]).toMatchObject({ Status: ORDER_STATUS.AWAITING_PAYMENT, PaidAmount: new Decimal(juice.Amount).toFixed(2) })
    const open = new Decimal(view.table1[0].OpenAmount)
    expect(open.toFixed(2)).toBe(total.minus(new Decimal(juice.Amount)).toFixed(2))

    // B pays one of three equal shares of what is open, at the provider.
    const bStart = await share(b, sheetId, QRCode, { Mode: 'equal', Of: 3, Parts: 1 })
    expect(bStart.body.resultcode).toBe('0')
    const bShare = bStart.body.data.table2[0]
    expect(bShare.Amount).toBe(partAmount(open, 3, 0, 2).toFixed(2))
    expect((await share(c, sheetId, QRCode, { Mode: 'equal', Of: 2, Parts: 1 })).body.resultcode).toBe('21601')
    await approve(await payAtSandbox(b, bShare.SheetID))
    view = await balanceOf(sheetId, QRCode, c)
    expect(view.table1[0]).toMatchObject({ SplitOf: 3, SplitTaken: 1, Status: ORDER_STATUS.AWAITING_PAYMENT })

    // C pays the rest; the bill closes with exactly its total paid.
    const cShare = (await share(c, sheetId, QRCode, { Mode: 'rest' })).body.data.table2[0]
    expect(new Decimal(cShare.Amount).toFixed(2)).toBe(open.minus(new Decimal(bShare.Amount)).toFixed(2))
    await approve(await payAtSandbox(c, cShare.SheetID))
    view = await balanceOf(sheetId, QRCode, a)
    expect(view.table1[0]).toMatchObject({ Status: ORDER_STATUS.COMPLETED, PaidAmount: total.toFixed(2), DueAmount: '0.00', OpenAmount: '0.00' })
    expect(view.table2.map((r: any) => [r.Mode, r.State, r.PayerNo, r.Mine, r.Provider])).toEqual([
      ['lines', 'paid', 1, 1, 'balance'],
      ['equal', 'paid', 2, 0, 'sandbox'],
      ['rest', 'paid', 3, 0, 'sandbox']
    ])
    const sheet = (await server.call('PosSheetDetailGet', [{ SheetID: sheetId, QRCode }], { headers: a.headers })).body.data
    expect(sheet.table3.every((r: any) => r.Status === ORDER_STATUS.COMPLETED)).toBe(true)

    // Each payer's receipt is their own: A's lists the juices it paid; B cannot open A's.
    const receiptA = (await server.call('OrderDetailGet', [{ SheetID: aShare.SheetID }], { headers: a.headers, lang: 'en' })).body.data
    expect(receiptA.table1[0]).toMatchObject({ Status: ORDER_STATUS.PAID, Amount: aShare.Amount, SplitShare: 'lines' })
    expect(receiptA.table2.map((l: any) => [l.Qua, new Decimal(l.Amount).toFixed(2)])).toEqual([['2', new Decimal(juice.Amount).toFixed(2)]])
    expect((await server.call('OrderDetailGet', [{ SheetID: aShare.SheetID }], { headers: b.headers })).body.resultcode).toBe('20016')
    const receiptB = (await server.call('OrderDetailGet', [{ SheetID: bShare.SheetID }], { headers: b.headers })).body.data
    expect(receiptB.table3.map((p: any) => [p.Provider, p.Status, p.Amount])).toEqual([['sandbox', PAYMENT_STATUS.PAID, bShare.Amount]])
  }, 60_000)

  it('partial payments and refunds: the whole bill is the rest; a share paid after the bill closed goes back to its own payment', async () => {
    const a = device()
    const b = device()
    const { QRCode, sheetId, amount } = await seat('B201-A03', a, [{ code: 'C01', sku: 'LARGE', qua: '2' }])
    // B holds a custom amount; A asks for the whole bill: it is what B does not hold.
    const bShare = (await share(b, sheetId, QRCode, { Mode: 'amount', Amount: '10' })).body.data.table2[0]
    expect(bShare.Amount).toBe('10.00')
    const whole = (await server.call('PayLaterUpdate', [{ SheetID: sheetId, QRCode }], { headers: a.headers })).body.data.table2[0]
    expect(new Decimal(whole.Amount).toFixed(2)).toBe(new Decimal(amount).minus(10).toFixed(2))
    const bPay = await payAtSandbox(b, bShare.SheetID)
    await approve(await payAtSandbox(a, whole.SheetID))
    // Paid in part: open until B's share comes.
    let view = await balanceOf(sheetId, QRCode, a)
    expect(view.table1[0]).toMatchObject({ Status: ORDER_STATUS.AWAITING_PAYMENT, DueAmount: '10.00', HeldAmount: '10.00', OpenAmount: '0.00' })
    // Nobody may close it while something is due.
    expect((await server.call('PosSheetClose', [{ SheetID: sheetId, QRCode }], { headers: a.headers })).body.resultcode).toBe('20018')
    await approve(bPay)
    view = await balanceOf(sheetId, QRCode, b)
    expect(view.table1[0]).toMatchObject({ Status: ORDER_STATUS.COMPLETED, DueAmount: '0.00' })

    // Another table: B's equal share is overtaken by A paying everything; B's late money goes back to B's payment.
    const next = await seat('B201-A06', a, [{ code: 'F01', qua: '1' }])
    const late = (await share(b, next.sheetId, next.QRCode, { Mode: 'equal', Of: 2 })).body.data.table2[0]
    const latePay = await payAtSandbox(b, late.SheetID)
    // A shortens B's hold (it lapsed) and pays the rest, which is now everything.
    await server.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('order_id', '=', late.SheetID).execute()
    const all = (await share(a, next.sheetId, next.QRCode, { Mode: 'rest' })).body.data.table2[0]
    expect(new Decimal(all.Amount).toFixed(2)).toBe(new Decimal(next.amount).toFixed(2))
    await approve(await payAtSandbox(a, all.SheetID))
    await approve(latePay)
    const status = (await server.call('PaymentStatusUpdate', [{ PayID: latePay }], { headers: b.headers })).body.data
    expect(status.table1[0].Status).toBe(PAYMENT_STATUS.REFUNDED)
    const back = await server.db.selectFrom('payment_notices').select(['pay_id', 'amount']).where('result', '=', 'refunded').where('pay_id', '=', latePay).execute()
    expect(back).toEqual([{ pay_id: latePay, amount: late.Amount }])
    view = await balanceOf(next.sheetId, next.QRCode, b)
    expect(view.table1[0]).toMatchObject({ Status: ORDER_STATUS.COMPLETED, PaidAmount: new Decimal(next.amount).toFixed(2) })
    expect(view.table2.find((r: any) => r.ShareID === late.SheetID)).toMatchObject({ State: 'refunded', Mine: 1 })
  }, 60_000)
  it("a refund of one payer's share goes back to that share's payment: the balance it came from, the provider it came through; the other payer's stays paid", async () => {
    const a = await makeMember(server.db, { balance: '500' })
    const b = await makeMember(server.db, { balance: '0' })
    const { QRCode, sheetId, lines } = await seat('B201-A05', a, [
      { code: 'F01', qua: '1' },
      { code: 'C01', sku: 'LARGE', qua: '1' }
    ])
    const [juice] = lines
    const aShare = (await share(a, sheetId, QRCode, { Mode: 'lines', Lines: [{ RoundID: juice.SheetID, LineNo: juice.LineNo, Parts: 1, Of: 1 }] })).body.data.table2[0]
    expect((await server.call('BalancePay', [{ SheetID: aShare.SheetID, RequestKey: requestKey() }], { headers: a.headers })).body.resultcode).toBe('0')
    const bShare = (await share(b, sheetId, QRCode, { Mode: 'rest' })).body.data.table2[0]
    const bPay = await payAtSandbox(b, bShare.SheetID)
    await approve(bPay)
    expect((await balanceOf(sheetId, QRCode, a)).table1[0].Status).toBe(ORDER_STATUS.COMPLETED)
    const balanceA = async () => (await server.db.selectFrom('members').select('balance').where('vip_id', '=', a.vipId).executeTakeFirstOrThrow()).balance
    const before = new Decimal(await balanceA())

    // A asks 5.00 back of A's share; the shop approves: it goes to A's balance, B's payment is untouched.
    const asked = await server.call('AfterSaleSubmit', [{ SheetID: aShare.SheetID, Amount: '5', Reason: 'quality', Content: 'Warm juice', RequestKey: requestKey() }], { headers: a.headers, lang: 'en' })
    expect(asked.body.resultcode).toBe('0')
    await approveAfterSale(server.db, server.providers.payments, { afterSaleId: asked.body.data.table1[0].AfterSaleID, note: '', now: new Date() })
    expect(new Decimal(await balanceA()).minus(before).toFixed(2)).toBe('5.00')
    const bRefunds = await server.db.selectFrom('payment_notices').select('notice_id').where('pay_id', '=', bPay).where('result', '=', 'refunded').execute()
    expect(bRefunds).toEqual([])

    // B asks 3.00 back of B's share: through the sandbox, under B's own payment.
    const askedB = await server.call('AfterSaleSubmit', [{ SheetID: bShare.SheetID, Amount: '3', Reason: 'quality', Content: 'Cold noodles', RequestKey: requestKey() }], { headers: b.headers, lang: 'en' })
    expect(askedB.body.resultcode).toBe('0')
    await approveAfterSale(server.db, server.providers.payments, { afterSaleId: askedB.body.data.table1[0].AfterSaleID, note: '', now: new Date() })
    const refundsB = await server.db.selectFrom('after_sale_refunds').select(['pay_id', 'provider', 'amount']).where('after_sale_id', '=', askedB.body.data.table1[0].AfterSaleID).execute()
    expect(refundsB).toEqual([{ pay_id: bPay, provider: 'sandbox', amount: '3.00' }])
    expect(new Decimal(await balanceA()).minus(before).toFixed(2)).toBe('5.00')
  }, 60_000)
})
