/**
 * A table bill's rounds in the kitchen (issue 24 gap 5), through the real gateway on the demo menus,
 * SQLite and (with DATABASE_URL) PostgreSQL: PosSheetDetailGet's table3 gives each round its
 * KitchenStage, and it follows the kitchen — preparing once the round is sent, ready when the cook
 * bumps its ticket (the other round stays preparing), preparing again after a recall or a raised
 * quantity (PosSheetGoodsQuaEdit answers the same rows). Each move is an `order.progress` event on the
 * branch's public stream naming the round's ProgressRef, which is how the table's phones know to
 * read the bill again.
 */
import type { RoundRow } from '../../src/gateway/order-rows'
import type { KitchenTicketRow } from '../../src/gateway/kitchen-contract'
import { gid, openAllDay, requestKey } from './helpers/order-fixtures'
import { ownerOf, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
let cook: StaffSession
let codes: Record<string, string> = {}
let seq = 0

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
  await server.db.updateTable('enterprise_settings').set({ parm_value: '1' }).where('ent_id', '=', 'E1001').where('parm_id', '=', 'CYSheetGoodsQuaEdit').execute()
  const owner = await ownerOf(server)
  cook = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201' })
  const rows = await server.db.selectFrom('qr_codes').select(['table_id', 'code']).where('table_id', 'is not', null).execute()
  codes = Object.fromEntries(rows.map((r) => [r.table_id, r.code]))
}, 60_000)
afterAll(() => server?.close())

const TABLE = 'B201-A05'
const phone = () => ({ 'X-Device-Key': `bill-stage-phone-${++seq}-0123456789` })
const kitchen = (op: string, record: Record<string, unknown>) => server.call(op, [record], { entId: cook.entId, headers: cook.headers })

/** A round of one goods at the table, from a phone of its own; the first opens the bill. */
async function round(code: string, qua: string, headers = phone()): Promise<{ sheetId: string; roundId: string; headers: Record<string, string> }> {
  const goods = await server.db.selectFrom('goods').select('price').where('goods_id', '=', gid(code)).executeTakeFirstOrThrow()
  const data = ok(
    await server.call(
      'MealPosOrderSubmit',
      [
        {
          ShopID: 'S101',
          BaseID: 'B201',
          TableID: TABLE,
          QRCode: codes[TABLE],
          ServiceType: 'dinein',
          RequestKey: requestKey(),
          Lines: [{ GoodsID: gid(code), SkuID: '', PCode: '', MQua: qua, PQua: '0', Remarks: [], AddOns: [], Bom: [], Amount: String(Number(goods.price) * Number(qua)) }]
        }
      ],
      { headers }
    )
  )
  return { sheetId: data.table1[0].SheetID as string, roundId: data.table2[0].SheetID as string, headers }
}

/** The bill as a phone at the table reads it: round id → kitchen stage, and the rows. */
async function bill(sheetId: string): Promise<{ stages: Record<string, string | undefined>; rounds: RoundRow[] }> {
  const rounds = ok(await server.call('PosSheetDetailGet', [{ SheetID: sheetId, QRCode: codes[TABLE] }], { headers: phone() })).table3 as RoundRow[]
  return { stages: Object.fromEntries(rounds.map((r) => [r.SheetID, r.KitchenStage])), rounds }
}

async function ticketOf(roundId: string): Promise<KitchenTicketRow> {
  const board = ok(await kitchen('KitchenBoardGet', { BaseID: 'B201', StationID: '*' }))
  const tickets = (board.table1 as KitchenTicketRow[]).filter((t) => t.OrderID === roundId)
  expect(tickets).toHaveLength(1)
  return tickets[0]
}

const position = async (): Promise<number> => (await server.app.inject({ method: 'GET', url: '/live/poll?ent=E1001&shop=S101&base=B201' })).json().position

/** What a diner's phone hears on the branch's public stream after `after`: [ref, stage] of each order.progress. */
async function progressHeard(after: number): Promise<[string, string][]> {
  const polled = (await server.app.inject({ method: 'GET', url: `/live/poll?ent=E1001&shop=S101&base=B201&after=${after}` })).json()
  return polled.events.filter((e: { kind: string }) => e.kind === 'order.progress').map((e: { data: { ref: string; stage: string } }) => [e.data.ref, e.data.stage])
}

describe('a table bill’s rounds in the kitchen', () => {
  test('each round’s KitchenStage follows the kitchen: sent → preparing, bump → ready, recall → preparing; each move is pushed by the round’s ref', async () => {
    const start = await position()
    const first = await round('F01', '2')
    const second = await round('F02', '1')
    expect(second.sheetId).toBe(first.sheetId)

    // Sent: both rounds preparing, each announced by its own ref on the public stream.
    const sent = await bill(first.sheetId)
    expect(sent.stages).toEqual({ [first.roundId]: 'preparing', [second.roundId]: 'preparing' })
    const refOf = Object.fromEntries(sent.rounds.map((r) => [r.SheetID, r.ProgressRef]))
    expect(refOf[first.roundId]).not.toBe('')
    expect(await progressHeard(start)).toEqual([
      [refOf[first.roundId], 'preparing'],
      [refOf[second.roundId], 'preparing']
    ])

    // The cook bumps the first round's ticket: that round is ready, the other still preparing; the bill stays open.
    let mark = await position()
    ok(await kitchen('KitchenTicketBump', { TicketID: (await ticketOf(first.roundId)).TicketID }))
    const bumped = await bill(first.sheetId)
    expect(bumped.stages).toEqual({ [first.roundId]: 'ready', [second.roundId]: 'preparing' })
    expect(bumped.rounds.map((r) => r.Status)).toEqual([0, 0])
    expect(await progressHeard(mark)).toEqual([[refOf[first.roundId], 'ready']])

    // Recall: preparing again.
    mark = await position()
    ok(await kitchen('KitchenTicketRecall', { BaseID: 'B201', StationID: '*' }))
    expect((await bill(first.sheetId)).stages).toEqual({ [first.roundId]: 'preparing', [second.roundId]: 'preparing' })
    expect(await progressHeard(mark)).toEqual([[refOf[first.roundId], 'preparing']])

    // Bumped again, then the diner adds one more: the same ticket comes back, and the quantity
    // change's answer (the bill as PosSheetDetailGet gives it) already says preparing.
    ok(await kitchen('KitchenTicketBump', { TicketID: (await ticketOf(first.roundId)).TicketID }))
    expect((await bill(first.sheetId)).stages[first.roundId]).toBe('ready')
    mark = await position()
    const raised = ok(await server.call('PosSheetGoodsQuaEdit', [{ SheetID: first.sheetId, RoundID: first.roundId, LineNo: 1, Qua: 3, QRCode: codes[TABLE] }], { headers: first.headers }))
    expect(Object.fromEntries((raised.table3 as RoundRow[]).map((r) => [r.SheetID, r.KitchenStage]))).toEqual({ [first.roundId]: 'preparing', [second.roundId]: 'preparing' })
    expect(await progressHeard(mark)).toEqual([[refOf[first.roundId], 'preparing']])

    // Both bumped: both ready.
    for (const r of [first, second]) ok(await kitchen('KitchenTicketBump', { TicketID: (await ticketOf(r.roundId)).TicketID }))
    expect((await bill(first.sheetId)).stages).toEqual({ [first.roundId]: 'ready', [second.roundId]: 'ready' })
  })

  test('a round from before the kitchen ledger (no stage) says so with an empty KitchenStage; other order rows carry none', async () => {
    const r = await round('F01', '1')
    await server.db.updateTable('orders').set({ kitchen_stage: '' }).where('order_id', '=', r.roundId).execute()
    expect((await bill(r.sheetId)).stages[r.roundId]).toBe('')
    // Only the bill's rounds have the field: the round's own order row (OrderDetailGet) is unchanged.
    const detail = ok(await server.call('OrderDetailGet', [{ SheetID: r.roundId }], { headers: r.headers })).table1[0]
    expect(detail).not.toHaveProperty('KitchenStage')
  })
})
