/**
 * Issue 28 item 6: a table's phones poll PosSheetDetailGet every five seconds. On the heavy night
 * (60 phones a bill, bills of a hundred rounds) every poll re-read and rebuilt every round, and the
 * gateway fell minutes behind. An unchanged bill is now answered as built for an earlier poll
 * (table-sheet.answers.ts, events.sheet_id of migration 0035): its rounds are read once however
 * often it is polled, and every change the table would see — a round, a quantity, a kitchen
 * stage, a settlement — is in the very next poll, also when the change came through another
 * server instance on the same database.
 */
import * as sheetService from '../../server/src/domain/table-sheets/table-sheet.service'
import * as orderRepository from '../../server/src/storage/repositories/order.repository'
import { B201, device, openAllDay, requestKey, soupLine } from './helpers/order-fixtures'
import { ownerOf, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { tableCode } from './helpers/table-codes'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
let cook: StaffSession

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
  await server.db.updateTable('enterprise_settings').set({ parm_value: '1' }).where('ent_id', '=', 'E1001').where('parm_id', 'in', ['CYSheetGoodsQuaEdit', 'CYSheetSentQuaLower']).execute()
  cook = await personWithRole(server, await ownerOf(server), 'kitchen', { shopIds: 'S101', baseIds: B201 })
}, 60_000)
afterAll(() => server?.close())
afterEach(() => jest.restoreAllMocks())

async function tableWithRounds(tableId: string, rounds: number) {
  const QRCode = await tableCode(server.db, tableId)
  const phone = device()
  let sheetId = ''
  const roundIds: string[] = []
  for (let i = 0; i < rounds; i++) {
    const res = await server.call('MealPosOrderSubmit', [{ ShopID: 'S101', BaseID: B201, TableID: tableId, QRCode, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [soupLine(String(1 + (i % 2)))] }], { headers: phone.headers })
    const data = ok(res)
    sheetId = data.table1[0].SheetID
    roundIds.push(data.table2[0].SheetID)
  }
  return { QRCode, phone, sheetId, roundIds }
}

const poll = async (sheetId: string, QRCode: string, headers: Record<string, string>, call = server.call) => ok(await call('PosSheetDetailGet', [{ SheetID: sheetId, QRCode }], { headers, lang: 'en' }))

describe('sending a round', () => {
  it("reads the bill's state once for its answer (the shop, its time zone and two settings: three statements)", async () => {
    const { QRCode, phone } = await tableWithRounds('B201-A03', 1)
    const states = jest.spyOn(sheetService, 'sheetState')
    const res = await server.call('MealPosOrderSubmit', [{ ShopID: 'S101', BaseID: B201, TableID: 'B201-A03', QRCode, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [soupLine('1')] }], { headers: phone.headers })
    const data = ok(res)
    expect(states).toHaveBeenCalledTimes(1)
    expect(data.table1[0]).toMatchObject({ TableID: 'B201-A03', RoundCount: 2, Status: 0, OrderingAllowed: 1 })
    expect(data.table1[0].TableName).not.toBe('')
    expect(data.table2[0]).toMatchObject({ SheetID: expect.any(String) })
  })
})

describe('polling a table bill', () => {
  it('reads a bill of 100 rounds once however often its 20 phones poll it while nothing changes', async () => {
    const { QRCode, sheetId } = await tableWithRounds('B201-A01', 100)
    const reads = jest.spyOn(sheetService, 'roundsOf')
    // The places' names too are read with the rounds (for the bill and its rounds), not on every poll (three statements each).
    const names = jest.spyOn(orderRepository, 'placeNames')
    const answers = [await poll(sheetId, QRCode, device().headers)]
    const namesRead = names.mock.calls.length
    expect(namesRead).toBeGreaterThan(0)
    for (let i = 1; i < 20; i++) answers.push(await poll(sheetId, QRCode, device().headers))
    expect(reads).toHaveBeenCalledTimes(1)
    expect(names).toHaveBeenCalledTimes(namesRead)
    for (const a of answers) expect(a.table1[0]).toMatchObject({ TableID: 'B201-A01', TableName: answers[0].table1[0].TableName, BaseName: answers[0].table1[0].BaseName })
    expect(answers[0].table1[0].TableName).not.toBe('')
    expect(answers[0].table1[0].BaseName).not.toBe('')
    expect(answers[0].table3).toHaveLength(100)
    expect(answers[0].table2).toHaveLength(100)
    for (const a of answers) expect({ table2: a.table2, table3: a.table3 }).toEqual({ table2: answers[0].table2, table3: answers[0].table3 })
  }, 120_000)

  it('shows every change in the next poll: a round, a quantity, a kitchen stage, a settlement', async () => {
    const { QRCode, phone, sheetId, roundIds } = await tableWithRounds('B201-A02', 3)
    const first = await poll(sheetId, QRCode, phone.headers)
    expect(first.table3.map((r: any) => r.KitchenStage)).toEqual(['preparing', 'preparing', 'preparing'])

    // A round from another phone.
    const other = device()
    ok(await server.call('MealPosOrderSubmit', [{ ShopID: 'S101', BaseID: B201, TableID: 'B201-A02', QRCode, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [soupLine('3')] }], { headers: other.headers }))
    const second = await poll(sheetId, QRCode, phone.headers)
    expect(second.table3).toHaveLength(4)

    // A quantity raised on round 1 (the bill's amount changes too, but the line is what is checked).
    ok(await server.call('PosSheetGoodsQuaEdit', [{ SheetID: sheetId, RoundID: roundIds[0], LineNo: 1, Qua: 5, QRCode }], { headers: phone.headers }))
    const third = await poll(sheetId, QRCode, phone.headers)
    expect(third.table2.find((l: any) => l.SheetID === roundIds[0]).Qua).toBe('5')

    // The kitchen bumps round 2's ticket: only its stage changes, nothing in the sheet's own row.
    const board = ok(await server.call('KitchenBoardGet', [{ BaseID: B201, StationID: '*' }], { headers: cook.headers }))
    const ticket = board.table1.find((t: any) => t.OrderID === roundIds[1])
    ok(await server.call('KitchenTicketBump', [{ TicketID: ticket.TicketID }], { headers: cook.headers }))
    const fourth = await poll(sheetId, QRCode, phone.headers)
    expect(fourth.table3.find((r: any) => r.SheetID === roundIds[1]).KitchenStage).toBe('ready')
    expect(fourth.table3.find((r: any) => r.SheetID === roundIds[0]).KitchenStage).toBe('preparing')

    // Checkout starts: the sheet names its settlement.
    const settle = ok(await server.call('PayLaterUpdate', [{ SheetID: sheetId, QRCode }], { headers: phone.headers }))
    const fifth = await poll(sheetId, QRCode, phone.headers)
    expect(fifth.table1[0].SettlementID).toBe(settle.table2[0].SheetID)
  }, 120_000)

  it('reads a changed bill once for the polls of its phones that arrive together, and they all see the change', async () => {
    // The bill of the first test, a round more. (On SQLite the polls take turns for the one connection;
    // on PostgreSQL they arrive together, and each built the bill before.)
    const { QRCode, phone, sheetId, roundIds } = await tableWithRounds('B201-A01', 1)
    await poll(sheetId, QRCode, phone.headers)
    const board = ok(await server.call('KitchenBoardGet', [{ BaseID: B201, StationID: '*' }], { headers: cook.headers }))
    ok(await server.call('KitchenTicketBump', [{ TicketID: board.table1.find((t: any) => t.OrderID === roundIds[0]).TicketID }], { headers: cook.headers }))
    const reads = jest.spyOn(sheetService, 'roundsOf')
    const answers = await Promise.all(Array.from({ length: 20 }, () => poll(sheetId, QRCode, device().headers)))
    expect(reads).toHaveBeenCalledTimes(1)
    for (const a of answers) expect(a.table3.find((r: any) => r.SheetID === roundIds[0]).KitchenStage).toBe('ready')
  }, 120_000)

  it('sees a change made through another server instance on the same database', async () => {
    const { QRCode, phone, sheetId, roundIds } = await tableWithRounds('B201-A04', 2)
    const second = await server.openSecondInstance()
    await poll(sheetId, QRCode, phone.headers)
    await poll(sheetId, QRCode, phone.headers, second.call)
    ok(await server.call('PosSheetGoodsQuaEdit', [{ SheetID: sheetId, RoundID: roundIds[1], LineNo: 1, Qua: 4, QRCode }], { headers: phone.headers }))
    const seen = await poll(sheetId, QRCode, phone.headers, second.call)
    expect(seen.table2.find((l: any) => l.SheetID === roundIds[1]).Qua).toBe('4')
  }, 120_000)
})

describe('a phone that holds the bill (BillVersion, issue 28 item 6)', () => {
  const pollHeld = async (sheetId: string, QRCode: string, headers: Record<string, string>, BillVersion: string, lang = 'en', call = server.call) =>
    ok(await call('PosSheetDetailGet', [{ SheetID: sheetId, QRCode, BillVersion }], { headers, lang }))

  it('gets only the sheet’s own row while the bill is unchanged: a fiftieth of the bytes at 40 rounds', async () => {
    const { QRCode, phone, sheetId } = await tableWithRounds('B201-A05', 40)
    const full = await poll(sheetId, QRCode, phone.headers)
    expect(full.table4).toEqual([{ BillVersion: expect.stringMatching(/^[\w-]{22}$/), RowsOmitted: 0 }])
    expect(full.table3).toHaveLength(40)
    const held = await pollHeld(sheetId, QRCode, phone.headers, full.table4[0].BillVersion)
    expect(held.table4).toEqual([{ BillVersion: full.table4[0].BillVersion, RowsOmitted: 1 }])
    expect(held.table2).toEqual([])
    expect(held.table3).toEqual([])
    // The sheet's row is whole: its clock and state move without the bill changing.
    expect(held.table1[0]).toEqual({ ...full.table1[0], SecondsLeft: expect.any(Number) })
    expect(JSON.stringify(held).length * 50).toBeLessThan(JSON.stringify(full).length)
    // Another phone at the table, with the same version, is answered the same.
    expect((await pollHeld(sheetId, QRCode, device().headers, full.table4[0].BillVersion)).table4[0].RowsOmitted).toBe(1)
  }, 120_000)

  it('gets every row again, with a new version, after each change: a round, a quantity, a kitchen stage, a settlement', async () => {
    const { QRCode, phone, sheetId, roundIds } = await tableWithRounds('B201-A06', 2)
    let version = (await poll(sheetId, QRCode, phone.headers)).table4[0].BillVersion
    const versions = [version]
    const changed = async (what: string) => {
      const a = await pollHeld(sheetId, QRCode, phone.headers, version)
      expect({ what, RowsOmitted: a.table4[0].RowsOmitted }).toEqual({ what, RowsOmitted: 0 })
      expect(versions).not.toContain(a.table4[0].BillVersion)
      version = a.table4[0].BillVersion
      versions.push(version)
      // …and the poll after it, nothing having changed, is short again.
      expect((await pollHeld(sheetId, QRCode, phone.headers, version)).table4[0].RowsOmitted).toBe(1)
      return a
    }
    ok(await server.call('MealPosOrderSubmit', [{ ShopID: 'S101', BaseID: B201, TableID: 'B201-A06', QRCode, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [soupLine('3')] }], { headers: device().headers }))
    expect((await changed('a round from another phone')).table3).toHaveLength(3)
    ok(await server.call('PosSheetGoodsQuaEdit', [{ SheetID: sheetId, RoundID: roundIds[0], LineNo: 1, Qua: 5, QRCode }], { headers: phone.headers }))
    expect((await changed('a quantity')).table2.find((l: any) => l.SheetID === roundIds[0]).Qua).toBe('5')
    const board = ok(await server.call('KitchenBoardGet', [{ BaseID: B201, StationID: '*' }], { headers: cook.headers }))
    ok(await server.call('KitchenTicketBump', [{ TicketID: board.table1.find((t: any) => t.OrderID === roundIds[1]).TicketID }], { headers: cook.headers }))
    expect((await changed('a kitchen stage')).table3.find((r: any) => r.SheetID === roundIds[1]).KitchenStage).toBe('ready')
    const settle = ok(await server.call('PayLaterUpdate', [{ SheetID: sheetId, QRCode }], { headers: phone.headers }))
    expect((await changed('a settlement')).table1[0].SettlementID).toBe(settle.table2[0].SheetID)
  }, 120_000)

  it('gets every row for a version of another language, another bill or none it knows, and the same answer from another server instance', async () => {
    // Two more rounds on the bills of A03 and A04 (open from the tests above).
    const a = await tableWithRounds('B201-A03', 2)
    const b = await tableWithRounds('B201-A04', 2)
    const bRounds = (await poll(b.sheetId, b.QRCode, b.phone.headers)).table3.length
    expect(bRounds).toBeGreaterThanOrEqual(2)
    const en = (await poll(a.sheetId, a.QRCode, a.phone.headers)).table4[0].BillVersion
    // The phone switched to Chinese: the rows it holds are in English.
    const zh = await pollHeld(a.sheetId, a.QRCode, a.phone.headers, en, 'zh-CN')
    expect(zh.table4[0].RowsOmitted).toBe(0)
    expect(zh.table4[0].BillVersion).not.toBe(en)
    expect(zh.table2.length).toBeGreaterThanOrEqual(2)
    expect(zh.table2[0].GoodsName).not.toBe((await poll(a.sheetId, a.QRCode, a.phone.headers)).table2[0].GoodsName)
    // Table A's version sent for table B's bill, and nonsense.
    for (const version of [en, 'x', '0'.repeat(22)]) {
      const other = await pollHeld(b.sheetId, b.QRCode, b.phone.headers, version)
      expect(other.table4[0].RowsOmitted).toBe(0)
      expect(other.table3).toHaveLength(bRounds)
    }
    // The version is the database's, not a process's: another instance knows it.
    const second = await server.openSecondInstance()
    expect((await pollHeld(a.sheetId, a.QRCode, a.phone.headers, en, 'en', second.call)).table4[0].RowsOmitted).toBe(1)
  }, 120_000)
})
