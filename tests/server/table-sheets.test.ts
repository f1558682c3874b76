/**
 * Pay-later dine-in (postpay) table sheets through the real gateway, on SQLite and (with
 * DATABASE_URL) PostgreSQL: rounds from two phones land on one sheet, ordering-allowed is enforced
 * by the server, online checkout settles and closes the sheet, and bad requests get their codes.
 */
import { sql } from 'kysely'
import { ORDER_STATUS } from '../../src/gateway/order-rows'
import { RESULTCODES } from '../../src/gateway/codes'
import { markOrderPaid } from '../../server/src/domain/orders/order-state'
import { createTestServer, type TestServer } from './helpers/test-server'

const PHONE_A = { 'X-Device-Key': 'phone-a-0123456789abcdef' }
const PHONE_B = { 'X-Device-Key': 'phone-b-0123456789abcdef' }
const TABLE = { ShopID: 'S101', BaseID: 'B201', TableID: 'B201-A01' }
const FAST_TABLE = { ShopID: 'S101', BaseID: 'B202', TableID: 'B202-T01' }

let server: TestServer
let soup: { GoodsID: string; SalesPrice: string }
/** Each table's QR code (a random token made at seed time): the proof of sitting at the table. */
let codes: Record<string, string> = {}

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  // Open around the clock, so the test does not depend on when it runs.
  await server.db.updateTable('bases').set({ begin_time: '00:00', end_time: '23:59' }).execute()
  const list = await server.call('GoodsListByClass', [{ ShopID: 'S101', BaseID: 'B201', Keyword: 'F01' }])
  soup = list.body.data.table1[0]
  expect(soup.GoodsID).toBeTruthy()
  const rows = await server.db.selectFrom('qr_codes').select(['table_id', 'code']).where('table_id', 'is not', null).execute()
  codes = Object.fromEntries(rows.map((r) => [r.table_id, r.code]))
}, 60_000)

afterAll(() => server?.close())

/** A round at TABLE (or the table in extra), with that table's code as the diner's app sends it. */
const round = (qua: string, key: string, extra: Record<string, unknown> = {}) => {
  const tableId = (extra.TableID as string | undefined) ?? TABLE.TableID
  return {
    ...TABLE,
    QRCode: codes[tableId],
    ServiceType: 'dinein',
    RequestKey: key,
    Lines: [{ GoodsID: soup.GoodsID, SkuID: '', PCode: '', MQua: qua, PQua: '0', Remarks: [], AddOns: [], Bom: [], Amount: String(Number(soup.SalesPrice) * Number(qua)) }],
    ...extra
  }
}

describe('postpay table sheets', () => {
  it('two phones at one table add rounds to one sheet and both see both rounds', async () => {
    const first = await server.call('MealPosOrderSubmit', [round('1', 'round-a-000001')], { headers: PHONE_A })
    expect(first.body.resultcode).toBe('0')
    const sheet = first.body.data.table1[0]
    expect(sheet).toMatchObject({ TableID: TABLE.TableID, PosiType: 2, Status: 0, RoundCount: 1 })
    expect(first.body.data.table2[0]).toMatchObject({ RoundNo: 1, TableSheetID: sheet.SheetID, PayMode: 'postpay' })

    // The second phone does not know the sheet yet: its first round still lands on the open sheet.
    const second = await server.call('MealPosOrderSubmit', [round('2', 'round-b-000001')], { headers: PHONE_B })
    expect(second.body.data.table1[0]).toMatchObject({ SheetID: sheet.SheetID, RoundCount: 2 })

    // Rescanning the table lands on the open sheet.
    const home = await server.call('HomeShopDetailsGet', [{ QRCode: codes[TABLE.TableID] }])
    expect(home.body.data.table4[0].SheetID).toBe(sheet.SheetID)

    for (const phone of [PHONE_A, PHONE_B]) {
      const detail = await server.call('PosSheetDetailGet', [{ SheetID: sheet.SheetID }], { headers: phone })
      expect(detail.body.data.table3.map((r: any) => r.RoundNo)).toEqual([1, 2])
      expect(detail.body.data.table2.map((l: any) => [l.RoundNo, l.Qua])).toEqual([
        [1, '1'],
        [2, '2']
      ])
      expect(detail.body.data.table1[0].Amount).toBe((Number(soup.SalesPrice) * 3).toFixed(2))
    }
  })

  it('a retried round is placed once', async () => {
    const body = round('1', 'round-retry-0001', { ...FAST_TABLE, ServiceType: 'fastfood' })
    const answers = await Promise.all(Array.from({ length: 10 }, () => server.call('PosOrderSubmit', [body], { headers: PHONE_A })))
    const ids = new Set(answers.map((a) => a.body.data.table2?.[0]?.SheetID))
    expect(answers.map((a) => a.body.resultcode)).toEqual(Array(10).fill('0'))
    expect(ids.size).toBe(1)
    const rounds = await server.db.selectFrom('orders').select('order_id').where('request_key', '=', 'round-retry-0001').execute()
    expect(rounds).toHaveLength(1)
  })

  it('many phones opening the first sheet of a table at once share one sheet', async () => {
    const table = { ...TABLE, TableID: 'B201-A05' }
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        server.call('MealPosOrderSubmit', [round('1', `race-${i}-00000000`, table)], { headers: { 'X-Device-Key': `race-phone-${i}-000000000` } })
      )
    )
    expect(answers.map((a) => a.body.resultcode)).toEqual(Array(8).fill('0'))
    expect(new Set(answers.map((a) => a.body.data.table1[0].SheetID)).size).toBe(1)
    const sheets = await server.db.selectFrom('table_sheets').selectAll().where('table_id', '=', table.TableID).execute()
    expect(sheets).toHaveLength(1)
    expect(sheets[0].round_count).toBe(8)
  })

  it('picks the call by sheet position type', async () => {
    const wrong = await server.call('PosOrderSubmit', [round('1', 'wrong-call-0001')], { headers: PHONE_A })
    expect(wrong.body.resultcode).toBe(RESULTCODES.SERVICE_NOT_OFFERED)
    const fast = await server.call('MealPosOrderSubmit', [round('1', 'wrong-call-0002', { ...FAST_TABLE, ServiceType: 'fastfood' })], { headers: PHONE_A })
    expect(fast.body.resultcode).toBe(RESULTCODES.SERVICE_NOT_OFFERED)
  })

  it('refuses a sheet of another table, a closed shop, an expired sheet and a tampered price, writing nothing', async () => {
    const open = await server.call('MealPosOrderSubmit', [round('1', 'other-table-0001', { TableID: 'B201-A02' })], { headers: PHONE_A })
    const otherSheet = open.body.data.table1[0].SheetID
    const before = await server.db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()

    const foreign = await server.call('MergeOrderSubmit', [round('1', 'foreign-sheet-01', { SheetID: otherSheet })], { headers: PHONE_B })
    expect(foreign.body.resultcode).toBe(RESULTCODES.ORDER_NOT_YOURS)

    const tampered = await server.call('MergeOrderSubmit', [{ ...round('1', 'tampered-0001', { TableID: 'B201-A02', SheetID: otherSheet }), Lines: [{ ...round('1', 'x').Lines[0], Amount: '0.01' }] }], {
      headers: PHONE_A
    })
    expect(tampered.body.resultcode).toBe(RESULTCODES.PRICE_CHANGED)
    expect(tampered.body.resultmsg).toContain('Soup')

    await server.db.updateTable('table_sheets').set({ created_at: new Date(Date.now() - 121 * 60_000).toISOString() }).where('sheet_id', '=', otherSheet).execute()
    const expired = await server.call('MergeOrderSubmit', [round('1', 'expired-0001', { TableID: 'B201-A02', SheetID: otherSheet })], { headers: PHONE_A })
    expect(expired.body.resultcode).toBe(RESULTCODES.SHEET_EXPIRED)
    const detail = await server.call('PosSheetDetailGet', [{ SheetID: otherSheet, QRCode: codes['B201-A02'] }])
    expect(detail.body.data.table1[0]).toMatchObject({ SecondsLeft: 0, OrderingAllowed: 0 })

    // Open for one minute, two hours from now in Macau (UTC+8): closed now, whatever the hour
    // (a fixed 03:00–03:01 took the round at 03:00 Macau time and left a sheet at A04).
    const clock = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(11, 16)
    let at = Date.now() + 2 * 3_600_000
    if (clock(at) === '23:59') at += 2 * 60_000 // not across midnight
    const opens = clock(at)
    await server.db.updateTable('bases').set({ begin_time: opens, end_time: clock(at + 60_000) }).where('base_id', '=', 'B201').execute()
    try {
      const closed = await server.call('MealPosOrderSubmit', [round('1', 'closed-shop-0001', { TableID: 'B201-A04' })], { headers: PHONE_A })
      expect(closed.body.resultcode).toBe(RESULTCODES.SHOP_CLOSED)
      expect(closed.body.resultmsg).toContain(opens)
    } finally {
      await server.db.updateTable('bases').set({ begin_time: '00:00', end_time: '23:59' }).where('base_id', '=', 'B201').execute()
    }
    const after = await server.db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')).where('request_key', '<>', 'closed-shop-0001').executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })

  it('settles online: the settlement is paid, the sheet closes, and it takes no more rounds', async () => {
    const table = { ...TABLE, TableID: 'B201-A06' }
    const first = await server.call('MealPosOrderSubmit', [round('2', 'settle-round-01', table)], { headers: PHONE_A })
    const sheetId = first.body.data.table1[0].SheetID

    const settle = await server.call('PayLaterUpdate', [{ SheetID: sheetId }], { headers: PHONE_A })
    expect(settle.body.resultcode).toBe('0')
    const settlement = settle.body.data.table2[0]
    expect(settlement.Amount).toBe((Number(soup.SalesPrice) * 2).toFixed(2))
    // Asking again answers the same pending settlement.
    const again = await server.call('PayLaterUpdate', [{ SheetID: sheetId }], { headers: PHONE_A })
    expect(again.body.data.table2[0].SheetID).toBe(settlement.SheetID)

    // A round ordered meanwhile cancels it: the bill must include the new round.
    await server.call('MergeOrderSubmit', [round('1', 'settle-round-02', { ...table, SheetID: sheetId })], { headers: PHONE_B })
    const cancelled = await server.db.selectFrom('orders').select('status').where('order_id', '=', settlement.SheetID).executeTakeFirstOrThrow()
    expect(cancelled.status).toBe(ORDER_STATUS.CANCELLED)
    const fresh = await server.call('PayLaterUpdate', [{ SheetID: sheetId }], { headers: PHONE_B })
    const bill = fresh.body.data.table2[0]
    expect(bill.Amount).toBe((Number(soup.SalesPrice) * 3).toFixed(2))

    const unpaidClose = await server.call('PosSheetClose', [{ SheetID: sheetId }], { headers: PHONE_A })
    expect(unpaidClose.body.resultcode).toBe(RESULTCODES.ORDER_STATUS_CONFLICT)

    await server.db.transaction().execute((trx) => markOrderPaid(trx, bill.SheetID, bill.Amount, new Date()))
    const detail = await server.call('PosSheetDetailGet', [{ SheetID: sheetId, QRCode: codes[table.TableID] }])
    expect(detail.body.data.table1[0]).toMatchObject({ Status: ORDER_STATUS.COMPLETED, PaidAmount: bill.Amount, OrderingAllowed: 0 })
    expect(detail.body.data.table3.map((r: any) => r.Status)).toEqual([ORDER_STATUS.COMPLETED, ORDER_STATUS.COMPLETED])

    const late = await server.call('MergeOrderSubmit', [round('1', 'settle-round-03', { ...table, SheetID: sheetId })], { headers: PHONE_A })
    expect(late.body.resultcode).toBe(RESULTCODES.SHEET_CLOSED)
    // The table is free again: the next round opens a new sheet.
    const next = await server.call('MealPosOrderSubmit', [round('1', 'settle-round-04', table)], { headers: PHONE_A })
    expect(next.body.data.table1[0].SheetID).not.toBe(sheetId)
  })

  it('refuses online checkout where the branch does not take it', async () => {
    const first = await server.call('PosOrderSubmit', [round('1', 'no-online-0001', { ...FAST_TABLE, TableID: 'B202-T02', ServiceType: 'fastfood' })], { headers: PHONE_A })
    const settle = await server.call('PayLaterUpdate', [{ SheetID: first.body.data.table1[0].SheetID }], { headers: PHONE_A })
    expect(settle.body.resultcode).toBe(RESULTCODES.ONLINE_CHECKOUT_OFF)
  })

  it('previews a round merged into the open sheet without writing', async () => {
    const before = await server.db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    const { RequestKey: _k, ...input } = round('3', 'unused')
    const preview = await server.call('MergeOrderPreview', [{ ...input, Lines: [{ ...input.Lines[0], Amount: '0' }] }], { headers: PHONE_A })
    expect(preview.body.resultcode).toBe('0')
    const lines = preview.body.data.table2
    expect(lines[lines.length - 1]).toMatchObject({ RoundNo: 3, Qua: '3' })
    expect(preview.body.data.table1[0].Amount).toBe((Number(soup.SalesPrice) * 6).toFixed(2))
    const after = await server.db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    expect(after.n).toEqual(before.n)
  })

  it('lists the sheets this phone ordered on', async () => {
    const list = await server.call('PosSheetListByPage', [{ TableID: TABLE.TableID }], { headers: PHONE_B })
    expect(list.body.data.table1.map((s: any) => s.TableID)).toEqual([TABLE.TableID])
    const none = await server.call('PosSheetListByPage', [{}])
    expect(none.body.data.table2[0].Total).toBe(0)
  })

  it('closes an empty sheet as cancelled', async () => {
    await server.db
      .insertInto('table_sheets')
      .values({ sheet_id: 'EMPTY-1', ent_id: 'E1001', shop_id: 'S101', base_id: 'B201', table_id: 'B201-A04', status: 0, created_at: new Date().toISOString() })
      .execute()
    const closed = await server.call('PosSheetClose', [{ SheetID: 'EMPTY-1', QRCode: codes['B201-A04'] }])
    expect(closed.body.data.table1[0].Status).toBe(ORDER_STATUS.CANCELLED)
    void sql
  })
})
