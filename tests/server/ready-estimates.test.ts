/**
 * Ready-time estimates and pickup-slot capacity (issue 26 item 3; docs/estimates.md) through the
 * real gateway, SQLite and (with DATABASE_URL) PostgreSQL:
 *   - a simulated kitchen: paid orders whose tickets are bumped at the times a kitchen with known
 *     preparation times (and ±15% noise) would bump them; the branch learns each goods' time from
 *     the bumps, and the estimate for a cart and for an order in the queue is within the stated
 *     error (2 minutes or 20%, whichever is more) of what that kitchen would take; a bump on the
 *     board lowers it;
 *   - a slot's capacity under orders placed at once: only the capacity is placed, the others are
 *     refused with SLOT_FULL in the diner's language, the full slot is listed as not offered, and a
 *     cancelled order gives its place back.
 */
import { bumpTicket } from '../../server/src/domain/kitchen/kitchen-board.service'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { device, gid, openAllDay, requestKey, takeaway } from './helpers/order-fixtures'
import { ownerOf, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
let owner: StaffSession
let cook: StaffSession
let member: TestMember
const price: Record<string, number> = {}

/** The simulated kitchen's true minutes per unit. */
const TRUE_MINUTES: Record<string, number> = { F01: 3, C04: 7 }
const MINUTE = 60_000

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
  owner = await ownerOf(server)
  cook = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201' })
  member = await makeMember(server.db, { name: 'Estimates', balance: '100000' })
  for (const code of Object.keys(TRUE_MINUTES)) {
    const g = await server.db.selectFrom('goods').select('price').where('goods_id', '=', gid(code)).executeTakeFirstOrThrow()
    price[code] = Number(g.price)
  }
}, 60_000)
afterAll(() => server?.close())

const as = (who: StaffSession, op: string, record: Record<string, unknown> = {}) => server.call(op, [record], { entId: who.entId, headers: who.headers })
const line = (code: string, qua: number) => ({ GoodsID: gid(code), SkuID: '', PCode: '', MQua: String(qua), PQua: '0', Remarks: [], AddOns: [], Bom: [], Amount: String(price[code] * qua) })

type Work = [code: string, qua: number][]

/** A paid takeaway order at B201 (its ticket on the board); its ticket id. */
async function paidOrder(work: Work): Promise<{ sheetId: string; ticketId: string }> {
  const order = ok(await server.call('OrderSubmit', [{ ...takeaway(work.map(([c, q]) => line(c, q))), RequestKey: requestKey() }], { headers: member.headers })).table1[0]
  ok(await server.call('BalancePay', [{ SheetID: order.SheetID, RequestKey: requestKey() }], { headers: member.headers }))
  const ticket = await server.db.selectFrom('kitchen_tickets').select('ticket_id').where('order_id', '=', order.SheetID).executeTakeFirstOrThrow()
  return { sheetId: order.SheetID, ticketId: ticket.ticket_id }
}

const sentAt = (ticketId: string, at: number) => server.db.updateTable('kitchen_tickets').set({ created_at: new Date(at).toISOString() }).where('ticket_id', '=', ticketId).execute()
const trueWork = (work: Work) => work.reduce((s, [c, q]) => s + TRUE_MINUTES[c] * q, 0)
/** Deterministic noise in [0.85, 1.15]. */
const noise = (i: number) => 0.85 + 0.3 * (((i * 7919) % 101) / 100)
/** The stated error: 2 minutes or 20% of the truth, whichever is more (docs/estimates.md). */
const within = (estimate: number, truth: number) => expect(Math.abs(estimate - truth)).toBeLessThanOrEqual(Math.max(2, 0.2 * truth))

const cartEstimate = async (work: Work, baseId = 'B201') =>
  ok(await server.call('OrderReadyEstimateGet', [{ ShopID: 'S101', BaseID: baseId, Lines: work.map(([c, q]) => ({ GoodsID: gid(c), Qua: q })) }], { headers: member.headers }))

describe('a simulated kitchen', () => {
  test('the branch learns each goods’ time from bumps; cart and order estimates are within the stated error; a bump lowers them', async () => {
    ok(await as(owner, 'KitchenEstimateSettingsSave', { BaseID: 'B201', DefaultPrepMinutes: 5, SlotCapacity: 0 }))
    // An idle kitchen that has learned nothing: the default, 5 minutes a unit.
    const idle = (await cartEstimate([['F01', 2]])).table1[0]
    expect(idle).toMatchObject({ Stage: 'cart', Minutes: 10, TicketsAhead: 0, SlotCapacity: 0, SheetID: '' })

    // Three hours ago on: an order every 6 minutes, one station cooking them in turn.
    const orders: Work[] = [[['F01', 1]], [['C04', 1]], [['F01', 2]], [['C04', 1], ['F01', 1]], [['C04', 2]], [['F01', 1]]]
    let clock = Date.now() - 3 * 3600_000
    let free = clock
    for (let i = 0; i < 24; i++) {
      const work = orders[i % orders.length]
      const { ticketId } = await paidOrder(work)
      const sent = clock + i * 6 * MINUTE
      await sentAt(ticketId, sent)
      const start = Math.max(sent, free)
      free = start + trueWork(work) * noise(i) * MINUTE
      await bumpTicket(server.db, ticketId, cook.staffId, new Date(free))
    }
    const learned = ok(await as(owner, 'KitchenEstimateSettingsGet', { BaseID: 'B201' }))
    expect(learned.table1[0]).toMatchObject({ BaseID: 'B201', DefaultPrepMinutes: 5, SlotCapacity: 0 })
    const figure = (code: string) => learned.table2.find((r: { GoodsID: string }) => r.GoodsID === gid(code))
    for (const code of ['F01', 'C04']) {
      expect(figure(code).Samples).toBeGreaterThan(5)
      expect(Math.abs(figure(code).PrepMinutes - TRUE_MINUTES[code])).toBeLessThanOrEqual(0.2 * TRUE_MINUTES[code])
    }

    // Now: three tickets on the board, the first on the fire for 2 minutes.
    const now = Date.now()
    const queue: Work[] = [[['C04', 1]], [['F01', 2]], [['C04', 1], ['F01', 1]]]
    const placed = []
    for (const [i, work] of queue.entries()) {
      const o = await paidOrder(work)
      await sentAt(o.ticketId, now - (2 - i * 0.5) * MINUTE)
      placed.push(o)
    }
    // The truth: what is left of the first (7 − 2), the second (6), the third (10), then the cart's soup (3).
    const cart = (await cartEstimate([['F01', 1]])).table1[0]
    expect(cart).toMatchObject({ Stage: 'cart', TicketsAhead: 3 })
    within(cart.Minutes, 5 + 6 + 10 + 3)
    expect(Date.parse(cart.ReadyBy) - Date.now()).toBeGreaterThan((cart.Minutes - 1) * MINUTE)

    // The third order itself: 5 + 6 + 10 from now, two tickets ahead.
    const third = ok(await server.call('OrderReadyEstimateGet', [{ SheetID: placed[2].sheetId }], { headers: member.headers })).table1[0]
    expect(third).toMatchObject({ Stage: 'preparing', SheetID: placed[2].sheetId, TicketsAhead: 2 })
    within(third.Minutes, 21)
    expect(third.Minutes).toBeLessThan(cart.Minutes)

    // The cook bumps the first: both estimates fall (its remaining 5 minutes are gone).
    ok(await as(cook, 'KitchenTicketBump', { TicketID: placed[0].ticketId }))
    const after = (await cartEstimate([['F01', 1]])).table1[0]
    expect(after.TicketsAhead).toBe(2)
    expect(after.Minutes).toBeLessThan(cart.Minutes)
    within(after.Minutes, 6 + 10 + 3)
    const thirdAfter = ok(await server.call('OrderReadyEstimateGet', [{ SheetID: placed[2].sheetId }], { headers: member.headers })).table1[0]
    expect(thirdAfter.TicketsAhead).toBe(1)
    expect(thirdAfter.Minutes).toBeLessThan(third.Minutes)

    // Ready once its own ticket is bumped.
    ok(await as(cook, 'KitchenTicketBump', { TicketID: placed[1].ticketId }))
    ok(await as(cook, 'KitchenTicketBump', { TicketID: placed[2].ticketId }))
    const ready = ok(await server.call('OrderReadyEstimateGet', [{ SheetID: placed[2].sheetId }], { headers: member.headers })).table1[0]
    expect(ready).toMatchObject({ Stage: 'ready', Minutes: 0, ReadyBy: '' })
  }, 120_000)

  test('an unpaid order is estimated as if paid now; another device’s order is not found; a branch of another shop is refused', async () => {
    const order = ok(await server.call('OrderSubmit', [{ ...takeaway([line('F01', 1)]), RequestKey: requestKey() }], { headers: member.headers })).table1[0]
    const waiting = ok(await server.call('OrderReadyEstimateGet', [{ SheetID: order.SheetID }], { headers: member.headers })).table1[0]
    expect(waiting.Stage).toBe('waiting')
    expect(waiting.Minutes).toBeGreaterThan(0)
    const stranger = await server.call('OrderReadyEstimateGet', [{ SheetID: order.SheetID }], { headers: device().headers })
    expect(stranger.body.resultcode).toBe('20016')
    const wrongShop = await server.call('OrderReadyEstimateGet', [{ ShopID: 'S102', BaseID: 'B201', Lines: [] }], { headers: member.headers })
    expect(wrongShop.body.resultcode).toBe('20004')
  })

  test('only a manager or owner sets the estimates; bad numbers are refused', async () => {
    const refused = await as(cook, 'KitchenEstimateSettingsSave', { BaseID: 'B201', DefaultPrepMinutes: 5, SlotCapacity: 2 })
    expect(refused.body.errcode).not.toBe('0')
    const bad = await as(owner, 'KitchenEstimateSettingsSave', { BaseID: 'B201', DefaultPrepMinutes: 0, SlotCapacity: -1 })
    expect(bad.body.errcode).toBe('10007')
    const audit = ok(await as(owner, 'AuditListByPage', { Action: 'estimates.update', PageSize: 10 })).table1
    expect(audit.length).toBeGreaterThanOrEqual(1)
  })
})

describe('pickup-slot capacity', () => {
  test('orders placed at once for one slot: only the capacity is placed, the rest refused in the diner’s language; a full slot is not offered; a cancel frees a place', async () => {
    ok(await as(owner, 'KitchenEstimateSettingsSave', { BaseID: 'B202', DefaultPrepMinutes: 6, SlotCapacity: 3 }))
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
    const slot = `${day} 12:00`
    const langs = ['en', 'zh-TW', 'zh-CN', 'en', 'zh-TW', 'zh-CN', 'en', 'zh-TW']
    const devices = langs.map(() => device())
    const results = await Promise.all(
      langs.map((lang, i) =>
        server.call('OrderSubmit', [{ ...takeaway([line('F01', 1)], { BaseID: 'B202', AppointedTime: slot }), RequestKey: requestKey() }], { headers: devices[i].headers, lang })
      )
    )
    const placed = results.filter((r) => r.body.errcode === '0' && r.body.resultcode === '0')
    const refused = results.map((r, i) => ({ r, lang: langs[i] })).filter(({ r }) => r.body.resultcode === '21304')
    expect(placed).toHaveLength(3)
    expect(refused).toHaveLength(5)
    for (const { r, lang } of refused) {
      expect(r.body.resultmsg).toBe(
        lang === 'en' ? 'The kitchen is fully booked at 12:00. Please choose another time.' : lang === 'zh-TW' ? '12:00 的時段已約滿，請選擇其他時間' : '12:00 的时段已约满，请选择其他时间'
      )
    }
    const stored = await server.db.selectFrom('orders').select('order_id').where('base_id', '=', 'B202').where('appointed_time', '=', slot).execute()
    expect(stored).toHaveLength(3)

    // Not offered: listed as full; another slot is not.
    const full = (await cartEstimate([['F01', 1]], 'B202')).table2.map((r: { Slot: string }) => r.Slot)
    expect(full).toEqual([slot])
    const other = ok(await server.call('OrderSubmit', [{ ...takeaway([line('F01', 1)], { BaseID: 'B202', AppointedTime: `${day} 12:15` }), RequestKey: requestKey() }], { headers: device().headers }))
    expect(other.table1[0].AppointedTime).toBe(`${day} 12:15`)

    // One of the three cancels: its place is free again, and taken once more.
    const first = placed[0].body.data.table1[0].SheetID
    const firstDevice = devices[results.indexOf(placed[0])]
    ok(await server.call('OrderCancel', [{ SheetID: first }], { headers: firstDevice.headers }))
    expect((await cartEstimate([['F01', 1]], 'B202')).table2).toEqual([])
    ok(await server.call('OrderSubmit', [{ ...takeaway([line('F01', 1)], { BaseID: 'B202', AppointedTime: slot }), RequestKey: requestKey() }], { headers: device().headers }))
    const again = await server.call('OrderSubmit', [{ ...takeaway([line('F01', 1)], { BaseID: 'B202', AppointedTime: slot }), RequestKey: requestKey() }], { headers: device().headers })
    expect(again.body.resultcode).toBe('21304')

    // No capacity set: no limit.
    ok(await as(owner, 'KitchenEstimateSettingsSave', { BaseID: 'B202', DefaultPrepMinutes: 6, SlotCapacity: 0 }))
    ok(await server.call('OrderSubmit', [{ ...takeaway([line('F01', 1)], { BaseID: 'B202', AppointedTime: slot }), RequestKey: requestKey() }], { headers: device().headers }))
    expect((await cartEstimate([['F01', 1]], 'B202')).table2).toEqual([])
  }, 60_000)
})
