/**
 * A table's bill (issue 12 item 2): the settlement a diner pays for the whole table lists every
 * round's goods with their choices and the diners' remarks, to whoever paid it, on SQLite and
 * (with DATABASE_URL) PostgreSQL.
 */
import { ORDER_STATUS } from '../../src/gateway/order-rows'
import { RESULTCODES } from '../../src/gateway/codes'
import { translate } from '../../src/i18n/translate'
import { markOrderPaid } from '../../server/src/domain/orders/order-state'
import { B201, clientLine, device, openAllDay, requestKey } from './helpers/order-fixtures'
import { createTestServer, type TestServer } from './helpers/test-server'
import { tableCode } from './helpers/table-codes'

let server: TestServer

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
}, 60_000)

afterAll(() => server?.close())

describe('a paid table bill', () => {
  it('lists the goods of every round with their choices and remarks, round by round', async () => {
    const tableId = 'B201-A05'
    const QRCode = await tableCode(server.db, tableId)
    const [first, second] = [device(), device()]
    const noodles = await clientLine(server, { code: 'C01', sku: 'LARGE', qua: '2', remarks: [{ name: 'Spring onion', option: 'No' }], addOns: ['WONTON3'] })
    const dumplings = await clientLine(server, { code: 'E01', pack: 'BASKET4', qua: '1' })
    const where = { ShopID: 'S101', BaseID: B201, TableID: tableId, QRCode, ServiceType: 'dinein' }
    const a = await server.call('MealPosOrderSubmit', [{ ...where, RequestKey: requestKey(), Remarks: 'No coriander please', Lines: [noodles.input] }], {
      headers: first.headers,
      lang: 'en'
    })
    expect(a.body.resultcode).toBe('0')
    const sheetId = a.body.data.table1[0].SheetID
    const b = await server.call('MergeOrderSubmit', [{ ...where, SheetID: sheetId, RequestKey: requestKey(), Remarks: 'Nut allergy', Lines: [dumplings.input] }], {
      headers: second.headers,
      lang: 'en'
    })
    expect(b.body.resultcode).toBe('0')

    // The second diner pays the table's bill.
    const settle = await server.call('PayLaterUpdate', [{ SheetID: sheetId }], { headers: second.headers })
    const bill = settle.body.data.table2[0]
    await server.db.transaction().execute((trx) => markOrderPaid(trx, bill.SheetID, bill.Amount, new Date()))

    const shown = (await server.call('OrderDetailGet', [{ SheetID: bill.SheetID }], { headers: second.headers, lang: 'en' })).body.data
    expect(shown.table1[0]).toMatchObject({ Status: ORDER_STATUS.PAID, TableSheetID: sheetId, LineCount: 2, Remarks: 'No coriander please / Nut allergy' })
    const lines = shown.table2.map((l: any) => ({ RoundNo: l.RoundNo, SkuName: l.SkuName, PUnit: l.PUnit, PQua: l.PQua, RemarkText: l.RemarkText, AddOnText: l.AddOnText, Qua: l.Qua }))
    expect(lines).toEqual([
      expect.objectContaining({ RoundNo: 1, SkuName: 'Large', Qua: '2', RemarkText: 'Spring onion: No', AddOnText: expect.stringMatching(/\S/) }),
      expect.objectContaining({ RoundNo: 2, PUnit: 'Basket of 4', PQua: '1' })
    ])
    // Each round's one line is that round's goods amount.
    expect(shown.table2.map((l: any) => Number(l.Amount))).toEqual([Number(a.body.data.table2[0].GoodsAmount), Number(b.body.data.table2[0].GoodsAmount)])
  }, 60_000)
})

describe('changing quantities on the table sheet (CYSheetGoodsQuaEdit)', () => {
  const setQuaEdit = (value: string) =>
    server.db.updateTable('enterprise_settings').set({ parm_value: value }).where('ent_id', '=', 'E1001').where('parm_id', '=', 'CYSheetGoodsQuaEdit').execute()

  async function openSheet(tableId: string) {
    const QRCode = await tableCode(server.db, tableId)
    const diner = device()
    const noodles = await clientLine(server, { code: 'C01', sku: 'LARGE', qua: '2', addOns: ['WONTON3'] })
    const res = await server.call(
      'MealPosOrderSubmit',
      [{ ShopID: 'S101', BaseID: B201, TableID: tableId, QRCode, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [noodles.input] }],
      { headers: diner.headers, lang: 'en' }
    )
    expect(res.body.resultcode).toBe('0')
    return { QRCode, diner, sheet: res.body.data.table1[0], round: res.body.data.table2[0] }
  }

  afterEach(() => setQuaEdit('1'))

  it('refuses with 20025 when the enterprise does not allow it, changing nothing', async () => {
    const { QRCode, diner, sheet, round } = await openSheet('B201-A02')
    await setQuaEdit('0')
    const res = await server.call('PosSheetGoodsQuaEdit', [{ SheetID: sheet.SheetID, RoundID: round.SheetID, LineNo: 1, Qua: 3, QRCode }], { headers: diner.headers, lang: 'en' })
    expect(res.body.resultcode).toBe(RESULTCODES.QUANTITY_EDIT_NOT_ALLOWED)
    expect(res.body.resultmsg).toBe(translate('en', 'resultcode.20025'))
    const detail = (await server.call('PosSheetDetailGet', [{ SheetID: sheet.SheetID, QRCode }])).body.data
    expect(detail.table2[0].Qua).toBe('2')
    expect(detail.table1[0].Amount).toBe(sheet.Amount)
  }, 60_000)

  it('when allowed, the line, its round and the table total follow the new quantity at the prices ordered, and a pending bill is made again', async () => {
    const { QRCode, diner, sheet, round } = await openSheet('B201-A04')
    const settle = await server.call('PayLaterUpdate', [{ SheetID: sheet.SheetID }], { headers: diner.headers })
    const pending = settle.body.data.table2[0]
    const perUnit = Number(round.GoodsAmount) / 2

    const res = await server.call('PosSheetGoodsQuaEdit', [{ SheetID: sheet.SheetID, RoundID: round.SheetID, LineNo: 1, Qua: 3, QRCode }], { headers: diner.headers, lang: 'en' })
    expect(res.body.resultcode).toBe('0')
    expect(res.body.data.table1[0]).toMatchObject({ Amount: (perUnit * 3).toFixed(2), SettlementID: '', QuaEditable: 1 })
    expect(res.body.data.table2[0]).toMatchObject({ Qua: '3', MQua: '3' })
    expect(Number(res.body.data.table2[0].Amount)).toBe(perUnit * 3)
    expect(res.body.data.table3[0].Amount).toBe((perUnit * 3).toFixed(2))
    // The bill asked for before no longer stands: paying the table asks for the new total.
    const old = await server.db.selectFrom('orders').select('status').where('order_id', '=', pending.SheetID).executeTakeFirstOrThrow()
    expect(old.status).toBe(ORDER_STATUS.CANCELLED)
    const again = await server.call('PayLaterUpdate', [{ SheetID: sheet.SheetID }], { headers: diner.headers })
    expect(again.body.data.table2[0].Amount).toBe((perUnit * 3).toFixed(2))

    // Down to 1 as well; 0 and a stranger without the table's code are refused.
    const down = await server.call('PosSheetGoodsQuaEdit', [{ SheetID: sheet.SheetID, RoundID: round.SheetID, LineNo: 1, Qua: 1, QRCode }], { headers: diner.headers })
    expect(down.body.data.table1[0].Amount).toBe(perUnit.toFixed(2))
    const zero = await server.call('PosSheetGoodsQuaEdit', [{ SheetID: sheet.SheetID, RoundID: round.SheetID, LineNo: 1, Qua: 0, QRCode }], { headers: diner.headers })
    expect(zero.body.resultcode).toBe(RESULTCODES.INVALID_QUANTITY)
    const stranger = await server.call('PosSheetGoodsQuaEdit', [{ SheetID: sheet.SheetID, RoundID: round.SheetID, LineNo: 1, Qua: 5 }], { headers: device().headers })
    expect(stranger.body.resultcode).toBe(RESULTCODES.TABLE_CODE_REQUIRED)
  }, 60_000)
})
