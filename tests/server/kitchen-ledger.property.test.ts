/**
 * Property (issue 24 "Done when"): whatever happens to orders — rounds sent from several phones,
 * quantities raised and lowered, prepay orders paid and cancelled, bills paid online, tickets
 * bumped and recalled, lines done — the kitchen's ticket lines always equal the per-line
 * sent-quantity ledger, and the ledger always equals what the orders ask for now (0 for an ended
 * order); no order has two tickets at one station; nothing of a settlement reaches the kitchen.
 *
 * Random sequences from a seeded generator (the seed of a failing run is in its message, so it can
 * be replayed with KITCHEN_PROPERTY_SEED=<seed>), through the real gateway and domain services,
 * on SQLite and (with DATABASE_URL) PostgreSQL. Front-of-house moves, merges and line cancels
 * join the operations in tests/server/counter.test.ts's property part when they exist.
 */
import { ORDER_STATUS } from '../../src/gateway/order-rows'
import { markOrderPaid } from '../../server/src/domain/orders/order-state'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { gid, openAllDay, requestKey, takeaway } from './helpers/order-fixtures'
import { ownerOf, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
let owner: StaffSession
let cook: StaffSession
let member: TestMember
let codes: Record<string, string> = {}
const prices: Record<string, number> = {}
const GOODS = ['F01', 'E01', 'F02', 'F03']
const TABLES = ['B201-A01', 'B201-A02', 'B201-A04', 'B201-A05', 'B201-A06']

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
  await server.db.updateTable('enterprise_settings').set({ parm_value: '1' }).where('ent_id', '=', 'E1001').where('parm_id', 'in', ['CYSheetGoodsQuaEdit', 'CYSheetSentQuaLower']).execute()
  owner = await ownerOf(server)
  cook = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201' })
  member = await makeMember(server.db, { name: 'Prop', balance: '100000' })
  const rows = await server.db.selectFrom('qr_codes').select(['table_id', 'code']).where('table_id', 'is not', null).execute()
  codes = Object.fromEntries(rows.map((r) => [r.table_id, r.code]))
  for (const code of GOODS) prices[code] = Number((await server.db.selectFrom('goods').select('price').where('goods_id', '=', gid(code)).executeTakeFirstOrThrow()).price)
  // Two stations, so an order splits: dim sum to the steamer, the rest to the wok.
  const dimsum = await server.db.selectFrom('goods_classes').select('class_id').where('shop_id', '=', 'S101').where('code', '=', 'DIMSUM').executeTakeFirstOrThrow()
  ok(await server.call('KitchenStationSave', [{ BaseID: 'B201', StationID: '', Name: 'Wok', ClassIDs: '', GoodsIDs: '', AlertMinutes: 10, PrinterHost: '', PrinterPort: 9100, Sort: 0 }], { headers: owner.headers }))
  ok(await server.call('KitchenStationSave', [{ BaseID: 'B201', StationID: '', Name: 'Steamer', ClassIDs: dimsum.class_id, GoodsIDs: '', AlertMinutes: 10, PrinterHost: '', PrinterPort: 9100, Sort: 1 }], { headers: owner.headers }))
}, 60_000)
afterAll(() => server?.close())

/** mulberry32: small, seeded, good enough to pick steps. */
function generator(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] }
}

const staff = (who: StaffSession, op: string, record: Record<string, unknown>) => server.call(op, [record], { headers: who.headers })

/** The invariant, over every order of the enterprise that reached the kitchen or could have. */
async function checkInvariant(where: string): Promise<void> {
  const db = server.db
  const [orders, lines, sends, ticketLines, tickets] = await Promise.all([
    db.selectFrom('orders').select(['order_id', 'kind', 'status', 'kitchen_stage']).where('ent_id', '=', 'E1001').execute(),
    db.selectFrom('order_lines').select(['order_id', 'line_no', 'pcode', 'p_qua', 'm_qua', 'qua', 'sale_type']).execute(),
    db.selectFrom('kitchen_sends').select(['order_id', 'line_no', 'delta']).execute(),
    db.selectFrom('kitchen_ticket_lines').select(['order_id', 'line_no', 'ticket_id', 'qua']).execute(),
    db.selectFrom('kitchen_tickets').select(['ticket_id', 'order_id', 'station_id']).execute()
  ])
  const orderBy = new Map(orders.map((o) => [o.order_id, o]))
  const ledger = new Map<string, number>()
  for (const s of sends) ledger.set(`${s.order_id}|${s.line_no}`, (ledger.get(`${s.order_id}|${s.line_no}`) ?? 0) + Number(s.delta))
  const ticketQua = new Map(ticketLines.map((t) => [`${t.order_id}|${t.line_no}`, Number(t.qua)]))
  const ticketOrder = new Map(tickets.map((t) => [t.ticket_id, t.order_id]))
  const problems: string[] = []
  // Ticket lines equal the ledger, line by line, and sit on a ticket of their own order.
  for (const [key, qua] of ticketQua) if ((ledger.get(key) ?? 0) !== qua) problems.push(`${key}: ticket ${qua}, ledger ${ledger.get(key) ?? 0}`)
  for (const [key, sum] of ledger) if (!ticketQua.has(key) && sum !== 0) problems.push(`${key}: ledger ${sum} with no ticket line`)
  for (const t of ticketLines) if (ticketOrder.get(t.ticket_id) !== t.order_id) problems.push(`${t.order_id}|${t.line_no} on another order's ticket`)
  // At most one ticket per order and station.
  const seen = new Set<string>()
  for (const t of tickets) {
    const key = `${t.order_id}|${t.station_id}`
    if (seen.has(key)) problems.push(`${key}: two tickets`)
    seen.add(key)
  }
  // The ledger equals what each order asks the kitchen for now.
  for (const line of lines) {
    const order = orderBy.get(line.order_id)
    if (!order || Number(line.sale_type) === 5) continue
    const key = `${line.order_id}|${line.line_no}`
    const sent = ledger.get(key) ?? 0
    const ended = order.status === ORDER_STATUS.CANCELLED || order.status === ORDER_STATUS.EXPIRED
    const inKitchen = order.kind === 'round' || (order.kind === 'order' && order.kitchen_stage !== '')
    const asked = order.kind === 'settlement' || !inKitchen || ended ? 0 : Number(line.pcode !== '' && Number(line.m_qua) === 0 ? line.p_qua : line.m_qua)
    if (order.kind === 'settlement' && sent !== 0) problems.push(`${key}: a settlement reached the kitchen`)
    else if (sent !== asked) problems.push(`${key} (${order.kind}, status ${order.status}): ledger ${sent}, order asks ${asked}`)
  }
  if (problems.length) throw new Error(`${where}:\n${problems.slice(0, 10).join('\n')}`)
}

interface World {
  rounds: { sheetId: string; roundId: string; tableId: string; lines: number }[]
  orders: string[]
}

async function step(rng: ReturnType<typeof generator>, world: World): Promise<string> {
  const choice = rng.int(0, 9)
  if (choice <= 2 || world.rounds.length === 0) {
    const tableId = rng.pick(TABLES)
    const picks = Array.from({ length: rng.int(1, 3) }, () => ({ code: rng.pick(GOODS), qua: rng.int(1, 3) }))
    const res = await server.call(
      'MealPosOrderSubmit',
      [{ ShopID: 'S101', BaseID: 'B201', TableID: tableId, QRCode: codes[tableId], ServiceType: 'dinein', RequestKey: requestKey(), Lines: picks.map((p) => ({ GoodsID: gid(p.code), SkuID: '', PCode: '', MQua: String(p.qua), PQua: '0', Remarks: [], AddOns: [], Bom: [], Amount: String(prices[p.code] * p.qua) })) }],
      { headers: { 'X-Device-Key': `prop-phone-${rng.int(1, 4)}-0123456789` }, lang: rng.pick(['en', 'zh-CN', 'zh-TW']) }
    )
    if (res.body.resultcode !== '0') return `round refused ${res.body.resultcode}`
    world.rounds.push({ sheetId: res.body.data.table1[0].SheetID, roundId: res.body.data.table2[0].SheetID, tableId, lines: picks.length })
    return `round at ${tableId}`
  }
  if (choice <= 4) {
    const r = rng.pick(world.rounds)
    const res = await server.call('PosSheetGoodsQuaEdit', [{ SheetID: r.sheetId, RoundID: r.roundId, LineNo: rng.int(1, r.lines), Qua: rng.int(1, 4), QRCode: codes[r.tableId] }], { headers: { 'X-Device-Key': 'prop-phone-1-0123456789' } })
    return `quantity ${res.body.resultcode}`
  }
  if (choice === 5) {
    const order = ok(await server.call('OrderSubmit', [{ ...takeaway([{ GoodsID: gid('F01'), SkuID: '', PCode: '', MQua: String(rng.int(1, 2)), PQua: '0', Remarks: [], AddOns: [], Bom: [], Amount: '0' }].map((l) => ({ ...l, Amount: String(prices.F01 * Number(l.MQua)) }))), RequestKey: requestKey() }], { headers: member.headers })).table1[0]
    if (rng.next() < 0.8) ok(await server.call('BalancePay', [{ SheetID: order.SheetID, RequestKey: requestKey() }], { headers: member.headers }))
    world.orders.push(order.SheetID)
    return 'prepay order'
  }
  if (choice === 6 && world.orders.length) {
    const id = rng.pick(world.orders)
    const res = await staff(owner, rng.next() < 0.5 ? 'StaffOrderCancel' : 'StaffOrderReady', { SheetID: id, Reason: 'property' })
    return `shop move ${res.body.resultcode}`
  }
  if (choice === 7) {
    // A bill paid online: settlement made, then paid (closes the sheet).
    const r = rng.pick(world.rounds)
    const settle = await server.call('PayLaterUpdate', [{ SheetID: r.sheetId, QRCode: codes[r.tableId] }], { headers: { 'X-Device-Key': 'prop-phone-1-0123456789' } })
    if (settle.body.resultcode !== '0') return `settle ${settle.body.resultcode}`
    const bill = settle.body.data.table2[0]
    await server.db.transaction().execute((trx) => markOrderPaid(trx, bill.SheetID, bill.Amount, new Date()))
    return 'bill paid'
  }
  // The kitchen works: done, bump, recall.
  const board = ok(await staff(cook, 'KitchenBoardGet', { BaseID: 'B201', StationID: '*' }))
  const open = board.table1.filter((t: { Status: string }) => t.Status === 'open')
  if (choice === 8 && open.length) {
    const t = rng.pick(open) as { TicketID: string; Lines: { LineNo: number }[] }
    if (rng.next() < 0.5) ok(await staff(cook, 'KitchenLineDone', { TicketID: t.TicketID, LineNo: rng.pick(t.Lines).LineNo, Done: 1 }))
    else ok(await staff(cook, 'KitchenTicketBump', { TicketID: t.TicketID }))
    return 'kitchen work'
  }
  const recall = await staff(cook, 'KitchenTicketRecall', { BaseID: 'B201', StationID: '*' })
  return `recall ${recall.body.resultcode}`
}

test('the kitchen’s ticket lines always equal the sent-quantity ledger, and the ledger what the orders ask for', async () => {
  const seeds = process.env.KITCHEN_PROPERTY_SEED ? [Number(process.env.KITCHEN_PROPERTY_SEED)] : Array.from({ length: 12 }, (_, i) => 1000 + i * 7919 + (Date.now() % 1000))
  const done: string[] = []
  const run = async (seed: number) => {
    const rng = generator(seed)
    const world: World = { rounds: [], orders: [] }
    const log: string[] = []
    for (let i = 0; i < 14; i++) {
      log.push(await step(rng, world))
      await checkInvariant(`seed ${seed}, after steps ${log.join(' → ')}`)
    }
    done.push(...log)
  }
  for (const seed of seeds) await run(seed)
  // The sequences did reach the kitchen in every way (a run of refusals would prove nothing). The
  // seeds vary from run to run, so now and then twelve of them missed one way (CI, 30 Nov: one run
  // in many): fixed seeds more, until every way was taken or 24 more tried, and only then it fails.
  if (!process.env.KITCHEN_PROPERTY_SEED) {
    const kinds = ['round at', 'quantity 0', 'prepay order', 'shop move 0', 'bill paid', 'kitchen work', 'recall 0']
    const missing = () => kinds.filter((kind) => !done.some((d) => d.startsWith(kind)))
    for (let extra = 0; extra < 24 && missing().length > 0; extra++) await run(90001 + extra * 7919)
    expect(missing()).toEqual([])
  }
}, 240_000)
