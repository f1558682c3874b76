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
