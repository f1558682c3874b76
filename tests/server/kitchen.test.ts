/**
 * The kitchen (issue 24 item 2) through the real gateway on the demo menus, SQLite and (with
 * DATABASE_URL) PostgreSQL: a round placed at a table and a prepay order once paid reach the board
 * as tickets named in the kitchen's language; a quantity change changes the same ticket by exactly
 * its difference (never a second ticket, never a vanished line); stations split an order by class
 * with a per-goods override; line done, bump (the order is ready), recall (it is not), acknowledge;
 * the shop's own moves bump or cancel; every move has its event; scope and other enterprises.
 */
import { ORDER_STATUS } from '../../src/gateway/order-rows'
import type { KitchenTicketRow } from '../../src/gateway/kitchen-contract'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
import { progressRef } from '../../server/src/domain/kitchen/progress-ref'
import { makeMember } from './helpers/member-fixtures'
import { gid, openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { addPerson, newPhone, ownerOf, pairDevice, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { listen, openStream } from './helpers/sse-client'
import { runPrintJobs } from '../../server/src/printing/print-jobs'
import { decodeEscPos, FakeEscPosPrinter } from '../support/fake-escpos-printer'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
let owner: StaffSession
let cook: StaffSession
let cookB202: StaffSession
let other: StaffSession
let codes: Record<string, string> = {}
let seq = 0

beforeAll(async () => {
  // A short connection timeout makes the streams' heartbeat (a third of it) come often.
  server = await createTestServer({ requestTimeoutMs: 3000 }, { demoMenus: true })
  await openAllDay(server.db)
  await server.db.insertInto('enterprise_settings').values({ ent_id: 'E1001', parm_id: 'KitchenLocale', parm_value: 'zh-CN' }).execute()
  await server.db.updateTable('enterprise_settings').set({ parm_value: '1' }).where('ent_id', '=', 'E1001').where('parm_id', 'in', ['CYSheetGoodsQuaEdit']).execute()
  owner = await ownerOf(server)
  cook = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201' })
  cookB202 = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B202' })
  const { token } = await createSetupLink(server.db, new Date())
  const row = ok(
    await server.call(
      'StaffSetupComplete',
      [{ SetupToken: token, OwnerName: 'Other', AreaCode: '853', Phone: newPhone(), Password: 'long enough pw', EntNames: { 'zh-CN': '别家', 'zh-TW': '別家', en: 'Other' }, Currency: '$', TimeZone: 'Asia/Macau', Languages: 'en', Locale: 'en' }],
      { entId: '' }
    )
  ).table1[0]
  other = { staffId: row.StaffID, entId: row.EntID, token: row.Token, role: 'owner', headers: { authorization: `Bearer ${row.Token}` } }
  const rows = await server.db.selectFrom('qr_codes').select(['table_id', 'code']).where('table_id', 'is not', null).execute()
  codes = Object.fromEntries(rows.map((r) => [r.table_id, r.code]))
}, 60_000)
afterAll(() => server?.close())

const as = (who: StaffSession, op: string, record: Record<string, unknown> = {}) => server.call(op, [record], { entId: who.entId, headers: who.headers })
const codeOf = (res: { body: { errcode: string; resultcode: string } }) => `${res.body.errcode}/${res.body.resultcode}`
const phone = () => ({ 'X-Device-Key': `kitchen-phone-${++seq}-0123456789` })

/** A round at a B201 table, ordered in Traditional Chinese. */
async function round(tableId: string, lines: { code: string; qua: string; price: number }[], headers = phone()) {
  const res = await server.call(
    'MealPosOrderSubmit',
    [
      {
        ShopID: 'S101',
        BaseID: 'B201',
        TableID: tableId,
        QRCode: codes[tableId],
        ServiceType: 'dinein',
        RequestKey: requestKey(),
        Lines: lines.map((l) => ({ GoodsID: gid(l.code), SkuID: '', PCode: '', MQua: l.qua, PQua: '0', Remarks: [], AddOns: [], Bom: [], Amount: String(l.price * Number(l.qua)) }))
      }
    ],
    { headers, lang: 'zh-TW' }
  )
  const data = ok(res)
  return { sheetId: data.table1[0].SheetID as string, roundId: data.table2[0].SheetID as string, headers }
}

async function priceOf(code: string): Promise<number> {
  const g = await server.db.selectFrom('goods').select('price').where('goods_id', '=', gid(code)).executeTakeFirstOrThrow()
  return Number(g.price)
}

const board = async (who = cook, baseId = 'B201', stationId = '*') => ok(await as(who, 'KitchenBoardGet', { BaseID: baseId, StationID: stationId }))
const ticketsOf = (tickets: KitchenTicketRow[], orderId: string) => tickets.filter((t) => t.OrderID === orderId)
const ledgerSum = async (orderId: string, lineNo: number) => {
  const rows = await server.db.selectFrom('kitchen_sends').select('delta').where('order_id', '=', orderId).where('line_no', '=', lineNo).execute()
  return rows.reduce((s, r) => s + Number(r.delta), 0)
}
/** The kitchen's events after `id` (front of house's own kinds, bill.* payment.* counter.*, are tested in counter.test.ts). */
const eventsAfter = async (id: number) =>
  (await server.db.selectFrom('events').select(['id', 'kind', 'payload']).where('ent_id', '=', 'E1001').where('id', '>', id).orderBy('id').execute())
    .filter((e) => !/^(bill|payment|counter)\./.test(e.kind))
    .map((e) => ({ ...e, payload: JSON.parse(e.payload) }))
const lastEventId = async () => Number((await server.db.selectFrom('event_counters').select('last_id').where('ent_id', '=', 'E1001').executeTakeFirst())?.last_id ?? 0)

describe('tickets from a table', () => {
  test('a round reaches the board in the kitchen’s language; a raise and a lower change the same ticket by their difference', async () => {
    const soup = await priceOf('F01')
    const before = await lastEventId()
    const r = await round('B201-A02', [{ code: 'F01', qua: '2', price: soup }])
    const first = await board()
    const [ticket] = ticketsOf(first.table1, r.roundId)
    expect(ticket).toMatchObject({ Kind: 'round', TableName: 'A02', RoundNo: 1, Status: 'open', StationID: '' })
    // Ordered in Traditional Chinese; the kitchen reads Simplified.
    expect(ticket.Lines).toEqual([expect.objectContaining({ LineNo: 1, GoodsName: '是日例汤', Qua: '2', PrevQua: '', Change: '', Done: 0 })])
    expect(first.table4[0].Position).toBeGreaterThan(before)
    // The server's clock, for the board to time tickets by (a tablet's clock may be wrong).
    expect(Math.abs(Date.parse(first.table4[0].ServerTime) - Date.now())).toBeLessThan(60_000)
    const sent = await eventsAfter(before)
    expect(sent.map((e) => e.kind)).toEqual(['ticket.sent', 'order.progress'])
    expect(sent[0].payload.ticket.TicketID).toBe(ticket.TicketID)
    expect(sent[1].payload).toEqual({ ref: progressRef(r.roundId), pickupNo: '', stage: 'preparing' })

    // The diner raises 2 → 3: the same ticket, changed, showing 2 → 3.
    const mark = await lastEventId()
    ok(await server.call('PosSheetGoodsQuaEdit', [{ SheetID: r.sheetId, RoundID: r.roundId, LineNo: 1, Qua: 3, QRCode: codes['B201-A02'] }], { headers: r.headers }))
    const raised = ticketsOf((await board()).table1, r.roundId)
    expect(raised).toHaveLength(1)
    expect(raised[0]).toMatchObject({ TicketID: ticket.TicketID, Status: 'open' })
    expect(raised[0].ChangedAt).not.toBe('')
    expect(raised[0].Lines[0]).toMatchObject({ Qua: '3', PrevQua: '2', Change: 'raised' })
    expect(await ledgerSum(r.roundId, 1)).toBe(3)
    expect((await eventsAfter(mark)).map((e) => e.kind)).toEqual(['ticket.changed'])

    // Lowering below what was sent is refused while the enterprise does not allow it …
    const setLower = (v: string) => server.db.updateTable('enterprise_settings').set({ parm_value: v }).where('ent_id', '=', 'E1001').where('parm_id', '=', 'CYSheetSentQuaLower').execute()
    await setLower('0')
    const refused = await server.call('PosSheetGoodsQuaEdit', [{ SheetID: r.sheetId, RoundID: r.roundId, LineNo: 1, Qua: 1, QRCode: codes['B201-A02'] }], { headers: r.headers })
    expect(refused.body.resultcode).toBe('21106')
    // … and shown as a change when it does.
    await setLower('1')
    ok(await server.call('PosSheetGoodsQuaEdit', [{ SheetID: r.sheetId, RoundID: r.roundId, LineNo: 1, Qua: 1, QRCode: codes['B201-A02'] }], { headers: r.headers }))
    const lowered = ticketsOf((await board()).table1, r.roundId)
    expect(lowered).toHaveLength(1)
    expect(lowered[0].Lines[0]).toMatchObject({ Qua: '1', PrevQua: '3', Change: 'lowered' })
    expect(await ledgerSum(r.roundId, 1)).toBe(1)
    const ledger = await server.db.selectFrom('kitchen_sends').select(['delta', 'reason']).where('order_id', '=', r.roundId).orderBy('seq').execute()
    expect(ledger).toEqual([
      { delta: '2', reason: 'sent' },
      { delta: '1', reason: 'raised' },
      { delta: '-2', reason: 'lowered' }
    ])
  })

  test('stations split an order by class, a goods override wins, and each station’s board shows only its own', async () => {
    const dimsum = await server.db.selectFrom('goods_classes').select('class_id').where('shop_id', '=', 'S101').where('code', '=', 'DIMSUM').executeTakeFirstOrThrow()
    const steam = ok(await as(owner, 'KitchenStationSave', { BaseID: 'B201', StationID: '', Name: 'Steamer', ClassIDs: dimsum.class_id, GoodsIDs: gid('F02'), AlertMinutes: 8, PrinterHost: '', PrinterPort: 9100, Sort: 2 })).table1[0]
    const wok = ok(await as(owner, 'KitchenStationSave', { BaseID: 'B201', StationID: '', Name: 'Wok', ClassIDs: '', GoodsIDs: '', AlertMinutes: 12, PrinterHost: '', PrinterPort: 9100, Sort: 1 })).table1[0]
    try {
      const r = await round('B201-A04', [
        { code: 'F01', qua: '1', price: await priceOf('F01') },
        { code: 'E01', qua: '2', price: await priceOf('E01') },
        { code: 'F02', qua: '1', price: await priceOf('F02') }
      ])
      const all = ticketsOf((await board()).table1, r.roundId)
      expect(all.map((t) => [t.StationName, t.Lines.map((l) => l.LineNo), t.AlertMinutes]).sort()).toEqual([
        ['Steamer', [2, 3], 8],
        ['Wok', [1], 12]
      ])
      const onlySteam = ticketsOf((await board(cook, 'B201', steam.StationID)).table1, r.roundId)
      expect(onlySteam.map((t) => t.StationID)).toEqual([steam.StationID])
      expect(ok(await as(cook, 'KitchenStationList', { BaseID: 'B201' })).table1.map((s: { Name: string }) => s.Name)).toEqual(['Wok', 'Steamer'])
      // A cook cannot change stations; a printer address must be an address.
      expect(codeOf(await as(cook, 'KitchenStationSave', { BaseID: 'B201', StationID: '', Name: 'X', ClassIDs: '', GoodsIDs: '', AlertMinutes: 5, PrinterHost: '', PrinterPort: 9100, Sort: 0 }))).toBe('10013/')
      const bad = await as(owner, 'KitchenStationSave', { BaseID: 'B201', StationID: '', Name: 'X', ClassIDs: '', GoodsIDs: '', AlertMinutes: 5, PrinterHost: 'http://evil/x', PrinterPort: 9100, Sort: 0 })
      expect(bad.body.resultcode).toBe('21302')
    } finally {
      for (const s of [steam, wok]) ok(await as(owner, 'KitchenStationRemove', { StationID: s.StationID }))
    }
    const audit = ok(await as(owner, 'AuditListByPage', { Action: 'station.create', PageSize: 50 })).table1
    expect(audit.length).toBeGreaterThanOrEqual(2)
  })
})

describe('a prepay order', () => {
  test('reaches the kitchen when paid; bump makes it ready, recall takes that back, the shop completing it says collected', async () => {
    const m = await makeMember(server.db, { name: 'Kit', balance: '500' })
    const order = ok(await server.call('OrderSubmit', [{ ...takeaway([soupLine('2')]), RequestKey: requestKey() }], { headers: m.headers })).table1[0]
    expect(ticketsOf((await board()).table1, order.SheetID)).toHaveLength(0)
    ok(await server.call('BalancePay', [{ SheetID: order.SheetID, RequestKey: requestKey() }], { headers: m.headers }))
    const paid = await server.db.selectFrom('orders').select(['pickup_no', 'kitchen_stage', 'status']).where('order_id', '=', order.SheetID).executeTakeFirstOrThrow()
    expect(paid).toMatchObject({ kitchen_stage: 'preparing', status: ORDER_STATUS.PAID })
    const [ticket] = ticketsOf((await board()).table1, order.SheetID)
    expect(ticket).toMatchObject({ Kind: 'order', PickupNo: paid.pickup_no, TableName: '', ServiceType: 'takeaway', AckedAt: '' })

    // Two boards acknowledge at once: one of them stops the sound for both.
    const acks = await Promise.all([as(cook, 'KitchenTicketAck', { BaseID: 'B201', TicketIDs: ticket.TicketID }), as(cook, 'KitchenTicketAck', { BaseID: 'B201', TicketIDs: ticket.TicketID })])
    expect(acks.map((a) => ok(a).table1[0].Acked).sort()).toEqual([0, 1])

    ok(await as(cook, 'KitchenLineDone', { TicketID: ticket.TicketID, LineNo: 1, Done: 1 }))
    expect(ticketsOf((await board()).table1, order.SheetID)[0].Lines[0].Done).toBe(1)

    const mark = await lastEventId()
    const bumped = ok(await as(cook, 'KitchenTicketBump', { TicketID: ticket.TicketID })).table1[0]
    expect(bumped.Status).toBe('bumped')
    expect((await server.db.selectFrom('orders').select('status').where('order_id', '=', order.SheetID).executeTakeFirstOrThrow()).status).toBe(ORDER_STATUS.READY)
    const events = await eventsAfter(mark)
    expect(events.map((e) => e.kind)).toEqual(['ticket.bumped', 'order.progress'])
    expect(events[1].payload).toEqual({ ref: progressRef(order.SheetID), pickupNo: paid.pickup_no, stage: 'ready' })
    // A second bump (another tablet) changes nothing.
    expect(ok(await as(cook, 'KitchenTicketBump', { TicketID: ticket.TicketID })).table1[0].Status).toBe('bumped')
    expect(await eventsAfter(mark)).toHaveLength(2)

    const recalled = ok(await as(cook, 'KitchenTicketRecall', { BaseID: 'B201', StationID: '*' })).table1[0]
    expect(recalled).toMatchObject({ TicketID: ticket.TicketID, Status: 'open' })
    // Done before the bump, so still done.
    expect(recalled.Lines[0].Done).toBe(1)
    const back = await server.db.selectFrom('orders').select(['status', 'kitchen_stage', 'ready_at', 'paid_at']).where('order_id', '=', order.SheetID).executeTakeFirstOrThrow()
    expect(back).toMatchObject({ status: ORDER_STATUS.PAID, kitchen_stage: 'preparing', ready_at: null })
    expect(back.paid_at).not.toBeNull()

    // The counter hands it over: the open ticket is bumped with it.
    const done = await eventsAfter(await lastEventId())
    expect(done).toHaveLength(0)
    const mark2 = await lastEventId()
    ok(await as(owner, 'StaffOrderReady', { SheetID: order.SheetID }))
    ok(await as(owner, 'StaffOrderComplete', { SheetID: order.SheetID }))
    expect((await eventsAfter(mark2)).map((e) => [e.kind, e.payload.stage ?? e.payload.ticket?.Status])).toEqual([
      ['ticket.bumped', 'bumped'],
      ['order.progress', 'ready'],
      ['order.progress', 'collected']
    ])
  })

  test('a paid order cancelled by the shop shows every line cancelled on its ticket, not a vanished ticket', async () => {
    const m = await makeMember(server.db, { name: 'Cancel', balance: '500' })
    const order = ok(await server.call('OrderSubmit', [{ ...takeaway([soupLine('1')]), RequestKey: requestKey() }], { headers: m.headers })).table1[0]
    ok(await server.call('BalancePay', [{ SheetID: order.SheetID, RequestKey: requestKey() }], { headers: m.headers }))
    ok(await as(owner, 'StaffOrderCancel', { SheetID: order.SheetID, Reason: 'customer left' }))
    const [ticket] = ticketsOf((await board()).table1, order.SheetID)
    expect(ticket.Status).toBe('open')
    expect(ticket.Lines[0]).toMatchObject({ Qua: '0', PrevQua: '1', Change: 'cancelled' })
    expect(await ledgerSum(order.SheetID, 1)).toBe(0)
  })
})

describe('recall', () => {
  test('brings back what the bump marked done as to do, and keeps what a cook had marked done before', async () => {
    const r = await round('B201-A05', [
      { code: 'F01', qua: '1', price: await priceOf('F01') },
      { code: 'F02', qua: '1', price: await priceOf('F02') }
    ])
    const [ticket] = ticketsOf((await board()).table1, r.roundId)
    ok(await as(cook, 'KitchenLineDone', { TicketID: ticket.TicketID, LineNo: 1, Done: 1 }))
    const bumped = ok(await as(cook, 'KitchenTicketBump', { TicketID: ticket.TicketID })).table1[0]
    expect(bumped.Lines.map((l: { Done: number }) => l.Done)).toEqual([1, 1])
    const back = ok(await as(cook, 'KitchenTicketRecall', { BaseID: 'B201', TicketID: ticket.TicketID })).table1[0]
    expect(back.Lines.map((l: { Done: number }) => l.Done)).toEqual([1, 0])
    const allDay = (await board()).table2 as { GoodsID: string }[]
    expect(allDay.map((g) => g.GoodsID)).toContain(gid('F02'))
  })
})

describe('who may', () => {
  test('a cook of another branch, and another enterprise, cannot read or move this branch’s tickets', async () => {
    const r = await round('B201-A06', [{ code: 'F01', qua: '1', price: await priceOf('F01') }])
    const [ticket] = ticketsOf((await board()).table1, r.roundId)
    expect(codeOf(await as(cookB202, 'KitchenBoardGet', { BaseID: 'B201' }))).toBe('10013/')
    expect(codeOf(await as(cookB202, 'KitchenTicketBump', { TicketID: ticket.TicketID }))).toBe('10013/')
    expect(codeOf(await as(other, 'KitchenBoardGet', { BaseID: 'B201' }))).toBe('0/20004')
    expect(codeOf(await as(other, 'KitchenTicketBump', { TicketID: ticket.TicketID }))).toBe('0/21300')
    expect(codeOf(await as(other, 'KitchenTicketRecall', { BaseID: 'B201' }))).toBe('0/20004')
    expect(ticketsOf((await board()).table1, r.roundId)[0].Status).toBe('open')
  })
})

describe('the staff stream', () => {
  test('a cook’s stream of the branch carries its tickets as they are sent and changed, not another branch’s, and ends when the cook is removed', async () => {
    const url = await listen(server.app)
    const cookToo = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201' })
    const stream = openStream(`${url}/live/staff?base=B201`, { authorization: `Bearer ${cookToo.token}` })
    await stream.opened
    expect(stream.status).toBe(200)
    await stream.next((m) => m.event === 'ready')
    const r = await round('B201-A01', [{ code: 'F01', qua: '1', price: await priceOf('F01') }])
    const sent = await stream.next((m) => m.event === 'ticket.sent' && m.data.ticket.OrderID === r.roundId)
    expect(sent.data.ticket).toMatchObject({ TableName: 'A01', Lines: [expect.objectContaining({ GoodsName: '是日例汤', Qua: '1' })] })
    expect(sent.id).toMatch(/^\d+$/)
    // Another branch's order: not on this stream (its id passes by without the event).
    const m = await makeMember(server.db, { name: 'Elsewhere', balance: '100' })
    const far = ok(await server.call('OrderSubmit', [{ ...takeaway([soupLine('1')], { BaseID: 'B202' }), RequestKey: requestKey() }], { headers: m.headers })).table1[0]
    ok(await server.call('BalancePay', [{ SheetID: far.SheetID, RequestKey: requestKey() }], { headers: m.headers }))
    const bumped = ok(await as(cook, 'KitchenTicketBump', { TicketID: sent.data.ticket.TicketID })).table1[0]
    await stream.next((x) => x.event === 'ticket.bumped' && x.data.ticket.TicketID === bumped.TicketID)
    expect(stream.messages.some((x) => x.data?.ticket?.OrderID === far.SheetID)).toBe(false)

    // Removing the person ends the stream (at its next heartbeat).
    ok(await as(owner, 'StaffRemove', { StaffID: cookToo.staffId, Reason: 'left' }))
    await stream.ended
    stream.close()
  })

  test('no session, a stranger’s branch, another enterprise, and a device session without its device are refused', async () => {
    const url = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`
    const status = async (query: string, headers: Record<string, string>) => {
      const res = await fetch(`${url}/live/staff${query}`, { headers })
      const code = res.status
      await res.body?.cancel()
      return code
    }
    expect(await status('?base=B201', {})).toBe(401)
    expect(await status('?base=B201', { authorization: 'Bearer st_forged' })).toBe(401)
    expect(await status('?base=B201', { authorization: `Bearer ${cookB202.token}` })).toBe(403)
    expect(await status('?base=B201', { authorization: `Bearer ${other.token}` })).toBe(404)
    expect(await status('?base=', { authorization: `Bearer ${cook.token}` })).toBe(400)
    // The poll (a board's fallback) answers the same events under the same rules.
    expect(await status('/poll?base=B201&after=0', {})).toBe(401)
    expect(await status('/poll?base=B201&after=0', { authorization: `Bearer ${cookB202.token}` })).toBe(403)
    const polled = await (await fetch(`${url}/live/staff/poll?base=B201&after=0`, { headers: { authorization: `Bearer ${cook.token}` } })).json()
    expect(polled.events.length).toBeGreaterThan(0)
    expect(polled.events.filter((e: { kind: string }) => e.kind.startsWith('ticket.')).every((e: { data: { baseId: string } }) => e.data.baseId === 'B201')).toBe(true)
    // A PIN session made on a paired device is good only beside that device's token.
    const { deviceToken } = await pairDevice(server, owner, 'S101', 'B201', 'kitchen')
    const person = await addPerson(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201', pin: '2468' })
    const token = ok(await server.call('StaffPinLogin', [{ StaffID: person.staffId, Pin: '2468' }], { entId: 'E1001', headers: { 'X-Staff-Device': deviceToken } })).table1[0].Token
    expect(await status('?base=B201', { authorization: `Bearer ${token}` })).toBe(401)
    expect(await status('?base=B201&after=0', { authorization: `Bearer ${token}`, 'x-staff-device': deviceToken })).toBe(200)
  })
})

describe('printing', () => {
  test('a ticket sent to a station with a printer prints once after its commit, even with two processes’ workers; a change prints marked as changed', async () => {
    const printer = await FakeEscPosPrinter.start()
    const station = ok(await as(owner, 'KitchenStationSave', { BaseID: 'B201', StationID: '', Name: 'Soup', ClassIDs: '', GoodsIDs: gid('F01'), AlertMinutes: 10, PrinterHost: printer.host, PrinterPort: printer.port, Sort: 0 })).table1[0]
    try {
      const r = await round('B201-A03', [{ code: 'F01', qua: '2', price: await priceOf('F01') }])
      // Two workers (two server processes) look at once: one claims the job, one prints.
      const counts = await Promise.all([runPrintJobs(server.db, new Date()), runPrintJobs(server.db, new Date())])
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1)
      const [first] = (await printer.waitForJobs(1)).map(decodeEscPos)
      expect(first.text.join('\n')).toContain('是日例汤')
      expect(first.text.join('\n')).toContain('A03')
      ok(await server.call('PosSheetGoodsQuaEdit', [{ SheetID: r.sheetId, RoundID: r.roundId, LineNo: 1, Qua: 3, QRCode: codes['B201-A03'] }], { headers: r.headers }))
      expect(await runPrintJobs(server.db, new Date())).toBe(1)
      const second = decodeEscPos((await printer.waitForJobs(2))[1])
      expect(second.text.join('\n')).toMatch(/2\s*→\s*3/)
      expect(second.lines.some((l) => l.inverted.length > 0)).toBe(true)
      expect(await runPrintJobs(server.db, new Date())).toBe(0)
      expect(printer.jobs).toHaveLength(2)
    } finally {
      ok(await as(owner, 'KitchenStationRemove', { StationID: station.StationID }))
      await printer.close()
    }
  })

  test('a print that fails after every retry shows on the board (the ticket’s PrintError, heard by every board); a reprint that prints clears it', async () => {
    const off = await FakeEscPosPrinter.start()
    await off.close() // switched off: connections are refused
    const stationInput = { BaseID: 'B201', StationID: '', Name: 'Soup', ClassIDs: '', GoodsIDs: gid('F01'), AlertMinutes: 10, PrinterHost: off.host, PrinterPort: off.port, Sort: 0 }
    const station = ok(await as(owner, 'KitchenStationSave', stationInput)).table1[0]
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
    let on: FakeEscPosPrinter | null = null
    try {
      const r = await round('B201-A03', [{ code: 'F01', qua: '1', price: await priceOf('F01') }])
      const ticketNow = async () => ticketsOf((await board()).table1, r.roundId)[0]
      const mark = await lastEventId()
      // Three rounds of tries (the worker's retries come 15 s and 30 s later): failed for good after the third.
      const t0 = Date.now()
      for (const later of [0, 120_000, 300_000]) {
        expect((await ticketNow()).PrintError).toBe('')
        expect(await runPrintJobs(server.db, new Date(t0 + later))).toBe(0)
      }
      const failed = await ticketNow()
      expect(failed.PrintError).toMatch(/connection refused/)
      const heard = (await eventsAfter(mark)).filter((e) => e.payload.ticket?.TicketID === failed.TicketID)
      expect(heard.map((e) => [e.kind, e.payload.ticket.PrintError])).toEqual([['ticket.printed', failed.PrintError]])
      // Nothing more is tried by itself.
      expect(await runPrintJobs(server.db, new Date(t0 + 3_600_000))).toBe(0)

      // The printer is back (at a new address): Reprint prints it and every board hears it printed.
      on = await FakeEscPosPrinter.start()
      ok(await as(owner, 'KitchenStationSave', { ...stationInput, StationID: station.StationID, PrinterPort: on.port }))
      const mark2 = await lastEventId()
      expect(ok(await as(cook, 'KitchenTicketReprint', { TicketID: failed.TicketID })).table1).toEqual([{ Printed: true, Error: '' }])
      expect((await ticketNow()).PrintError).toBe('')
      const cleared = (await eventsAfter(mark2)).filter((e) => e.payload.ticket?.TicketID === failed.TicketID)
      expect(cleared.map((e) => [e.kind, e.payload.ticket.PrintError])).toEqual([['ticket.printed', '']])
      // A second reprint changes nothing on the boards.
      const mark3 = await lastEventId()
      ok(await as(cook, 'KitchenTicketReprint', { TicketID: failed.TicketID }))
      expect(await eventsAfter(mark3)).toEqual([])
    } finally {
      warn.mockRestore()
      ok(await as(owner, 'KitchenStationRemove', { StationID: station.StationID }))
      await on?.close()
    }
  }, 60_000)
})
