/**
 * Two phones at one table, one bill (issue 27 items 1–3), through the real gateway on SQLite and
 * (with DATABASE_URL) PostgreSQL. Phone A asks for the bill and starts paying it; phone B adds one
 * to a sent dish, which cancels A's bill; A's payment is approved after that and given back. The
 * cancelled bill still lists what its total was for (not the table's lines as they are now); A
 * finds it, with its refunded payment, in the Orders list. B pays the new total and finds the paid
 * bill in Orders, with lines numbered for the bill, a review and "order again".
 */
import { Decimal } from '../../src/core/money'
import { ORDER_STATUS, PAYMENT_STATUS } from '../../src/gateway/order-rows'
import { SandboxPaymentProvider } from '../../server/src/providers/payment/sandbox.provider'
import { B201, clientLine, device, openAllDay, requestKey } from './helpers/order-fixtures'
import { createTestServer, type TestServer } from './helpers/test-server'
import { tableCode } from './helpers/table-codes'
import { makeMember } from './helpers/member-fixtures'

const SECRET = 'table-bills-race-sandbox-secret'
const sandbox = new SandboxPaymentProvider(SECRET)
let server: TestServer

beforeAll(async () => {
  server = await createTestServer({ sandboxPaySecret: SECRET }, { demoMenus: true })
  await openAllDay(server.db)
  await server.db.updateTable('enterprise_settings').set({ parm_value: '1' }).where('ent_id', '=', 'E1001').where('parm_id', '=', 'CYSheetGoodsQuaEdit').execute()
}, 60_000)

afterAll(() => server?.close())

/** The diner approves on the sandbox's page (as the browser does). */
const approve = (payId: string) =>
  server.app.inject({ method: 'POST', url: sandbox.pagePath(payId, '/approve'), payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } })

const sum = (lines: { Amount: string }[]): string => lines.reduce((s, l) => s.plus(new Decimal(l.Amount)), new Decimal(0)).toFixed(2)

describe('two phones, one table bill', () => {
  it('a bill cancelled by a change while it was being paid keeps its lines; the refunded and the paid bill are both in Orders', async () => {
    const tableId = 'B201-A06'
    const QRCode = await tableCode(server.db, tableId)
    // B is a signed-in member (reviews are members').
    const [a, b] = [device(), await makeMember(server.db)]
    const juice = await clientLine(server, { code: 'F01', qua: '1' })
    const placed = await server.call(
      'MealPosOrderSubmit',
      [{ ShopID: 'S101', BaseID: B201, TableID: tableId, QRCode, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [juice.input] }],
      { headers: a.headers, lang: 'en' }
    )
    expect(placed.body.resultcode).toBe('0')
    const sheetId = placed.body.data.table1[0].SheetID
    const round = placed.body.data.table2[0]

    // A asks for the bill and starts paying it.
    const first = (await server.call('PayLaterUpdate', [{ SheetID: sheetId, QRCode }], { headers: a.headers })).body.data.table2[0]
    const pay = await server.call('PaySubmit', [{ SheetID: first.SheetID, RequestKey: requestKey(), ReturnUrl: 'http://localhost/paying' }], { headers: a.headers })
    expect(pay.body.resultcode).toBe('0')
    const payId = pay.body.data.table1[0].PayID

    // B adds one more juice meanwhile: A's bill is cancelled.
    const raised = await server.call('PosSheetGoodsQuaEdit', [{ SheetID: sheetId, RoundID: round.SheetID, LineNo: 1, Qua: 2, QRCode }], { headers: b.headers })
    expect(raised.body.resultcode).toBe('0')

    // A approves: the money came after the bill had changed, and goes back.
    expect((await approve(payId)).statusCode).toBeLessThan(400)
    const status = (await server.call('PaymentStatusUpdate', [{ PayID: payId }], { headers: a.headers, lang: 'en' })).body.data
    expect(status.table1[0].Status).toBe(PAYMENT_STATUS.REFUNDED)
    expect(status.table2[0]).toMatchObject({ SheetID: first.SheetID, Status: ORDER_STATUS.CANCELLED, TableSheetID: sheetId })

    // Item 2: the cancelled bill lists what its total was for (one juice), not the table's two.
    const cancelled = (await server.call('OrderDetailGet', [{ SheetID: first.SheetID }], { headers: a.headers, lang: 'en' })).body.data
    expect(cancelled.table1[0]).toMatchObject({ Status: ORDER_STATUS.CANCELLED, Amount: first.Amount, LineCount: 1 })
    expect(cancelled.table2.map((l: any) => ({ Qua: l.Qua, RoundNo: l.RoundNo, LineNo: l.LineNo }))).toEqual([{ Qua: '1', RoundNo: 1, LineNo: 1 }])
    expect(sum(cancelled.table2)).toBe(new Decimal(first.Amount).toFixed(2))
    expect(cancelled.table3.map((p: any) => p.Status)).toEqual([PAYMENT_STATUS.REFUNDED])

    // Item 3: A finds the bill and its refunded payment in Orders, beside the round.
    const listA = (await server.call('OrderListByPage', [{ PageIndex: 1, PageSize: 10 }], { headers: a.headers, lang: 'en' })).body.data
    expect(listA.table1.map((o: any) => [o.SheetID, o.Status])).toEqual(
      expect.arrayContaining([
        [first.SheetID, ORDER_STATUS.CANCELLED],
        [round.SheetID, expect.any(Number)]
      ])
    )
    expect(listA.table2[0].Total).toBe(listA.table1.length)

    // B pays the new total; the paid bill is B's, in B's Orders, two juices at their amount.
    const second = (await server.call('PayLaterUpdate', [{ SheetID: sheetId, QRCode }], { headers: b.headers })).body.data.table2[0]
    expect(new Decimal(second.Amount).gt(new Decimal(first.Amount))).toBe(true)
    const pay2 = await server.call('PaySubmit', [{ SheetID: second.SheetID, RequestKey: requestKey(), ReturnUrl: 'http://localhost/paying' }], { headers: b.headers })
    await approve(pay2.body.data.table1[0].PayID)
    const listB = (await server.call('OrderListByPage', [{ PageIndex: 1, PageSize: 10 }], { headers: b.headers, lang: 'en' })).body.data
    expect(listB.table1).toEqual([expect.objectContaining({ SheetID: second.SheetID, Status: ORDER_STATUS.PAID, RoundNo: 0, TableSheetID: sheetId, LineCount: 1 })])
    const paid = (await server.call('OrderDetailGet', [{ SheetID: second.SheetID }], { headers: b.headers, lang: 'en' })).body.data
    expect(paid.table2.map((l: any) => ({ Qua: l.Qua, LineNo: l.LineNo, SheetID: l.SheetID }))).toEqual([{ Qua: '2', LineNo: 1, SheetID: second.SheetID }])
    expect(sum(paid.table2)).toBe(new Decimal(second.Amount).toFixed(2))

    // Order again: the bill's lines priced today, ready for the cart.
    const again = (await server.call('OrderReorderGet', [{ SheetID: second.SheetID }], { headers: b.headers, lang: 'en' })).body
    expect(again.resultcode).toBe('0')
    expect(again.data.table1).toEqual([expect.objectContaining({ LineNo: 1, Qua: 2, Unavailable: '' })])
    // A review of the bill's line.
    const review = await server.call('GoodsCommentSubmit', [{ SheetID: second.SheetID, Comments: [{ LineNo: 1, Stars: 5, Content: 'Fresh juice' }] }], { headers: b.headers })
    expect(review.body.resultcode).toBe('0')
    const mine = (await server.call('OrderCommentsGet', [{ SheetID: second.SheetID }], { headers: b.headers, lang: 'en' })).body.data.table1
    expect(mine).toEqual([expect.objectContaining({ SheetID: second.SheetID, LineNo: 1, Stars: 5 })])
    // A bill A did not pay is not A's: not listed, not shown.
    expect(listA.table1.some((o: any) => o.SheetID === second.SheetID)).toBe(false)
  }, 60_000)

  it('a bill asked for and never paid is not listed', async () => {
    const tableId = 'B201-A03'
    const QRCode = await tableCode(server.db, tableId)
    const a = device()
    const juice = await clientLine(server, { code: 'F01', qua: '1' })
    const placed = await server.call(
      'MealPosOrderSubmit',
      [{ ShopID: 'S101', BaseID: B201, TableID: tableId, QRCode, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [juice.input] }],
      { headers: a.headers, lang: 'en' }
    )
    const sheetId = placed.body.data.table1[0].SheetID
    await server.call('PayLaterUpdate', [{ SheetID: sheetId, QRCode }], { headers: a.headers })
    const list = (await server.call('OrderListByPage', [{ PageIndex: 1, PageSize: 10 }], { headers: a.headers })).body.data
    expect(list.table1.map((o: any) => o.SheetID)).toEqual([placed.body.data.table2[0].SheetID])
    expect(list.table2[0].Total).toBe(1)
  }, 60_000)
})
