/**
 * The pickup screen's state (issue 24 item 4; docs/pickup-screen.md): GET /live/pickup on the
 * demo menus through the real app, SQLite and (with DATABASE_URL) PostgreSQL. Only the branch's
 * pickup numbers of today's business day, keyed by the same ref its `order.progress` events carry,
 * and nothing else of an order (no table, goods, amounts, names, order ids); another branch's,
 * shop's or enterprise's never; paid → Preparing, bumped → Ready, recalled → Preparing again,
 * collected or cancelled → gone at once, ready for 10 minutes → gone. The diner's OrderRow carries
 * the same ref.
 */
import { ORDER_STATUS } from '../../src/gateway/order-rows'
import type { KitchenTicketRow } from '../../src/gateway/kitchen-contract'
import { createSetupLink } from '../../server/src/domain/staff/setup-link.service'
import { progressRef } from '../../server/src/domain/kitchen/progress-ref'
import { PICKUP_READY_MS } from '../../server/src/http/pickup.route'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { gid, openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { newPhone, ownerOf, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
let owner: StaffSession
let cook: StaffSession
let member: TestMember
let otherEnt = ''

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
  owner = await ownerOf(server)
  cook = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101,S102', baseIds: 'B201,B202,B203' })
  member = await makeMember(server.db, { name: 'Pickup Pat', balance: '5000' })
  const { token } = await createSetupLink(server.db, new Date())
  otherEnt = ok(
    await server.call(
      'StaffSetupComplete',
      [{ SetupToken: token, OwnerName: 'Other', AreaCode: '853', Phone: newPhone(), Password: 'long enough pw', EntNames: { 'zh-CN': '别家', 'zh-TW': '別家', en: 'Other' }, Currency: '$', TimeZone: 'Asia/Macau', Languages: 'en', Locale: 'en' }],
      { entId: '' }
    )
  ).table1[0].EntID
}, 60_000)
afterAll(() => server?.close())

interface Snapshot {
  position: number
  now: string
  readyForMs: number
  businessDay: string
  preparing: { pickupNo: string; ref: string }[]
  ready: { pickupNo: string; ref: string; readyAt: string }[]
  languages: string[]
  branchNames: Record<string, string>
}

async function pickup(query: string): Promise<{ status: number; body: any; text: string; headers: Record<string, unknown> }> {
  const res = await server.app.inject({ method: 'GET', url: `/live/pickup?${query}` })
  return { status: res.statusCode, body: res.json(), text: res.body, headers: res.headers }
}
const screen = async (base = 'B201', shop = 'S101'): Promise<Snapshot> => {
  const res = await pickup(`ent=E1001&shop=${shop}&base=${base}`)
  expect(res.status).toBe(200)
  return res.body
}
const numbersOf = (s: Snapshot) => ({ preparing: s.preparing.map((p) => p.pickupNo), ready: s.ready.map((r) => r.pickupNo) })

/** A takeaway order placed and paid from the balance: its id and pickup number. */
async function paidOrder(base = 'B201', line = soupLine('1'), shop = 'S101'): Promise<{ sheetId: string; pickupNo: string }> {
  const order = ok(await server.call('OrderSubmit', [{ ...takeaway([line], { ShopID: shop, BaseID: base }), RequestKey: requestKey() }], { headers: member.headers })).table1[0]
  ok(await server.call('BalancePay', [{ SheetID: order.SheetID, RequestKey: requestKey() }], { headers: member.headers }))
  const row = await server.db.selectFrom('orders').select('pickup_no').where('order_id', '=', order.SheetID).executeTakeFirstOrThrow()
  return { sheetId: order.SheetID, pickupNo: row.pickup_no }
}

const as = (who: StaffSession, op: string, record: Record<string, unknown> = {}) => server.call(op, [record], { entId: who.entId, headers: who.headers })
async function ticketOf(orderId: string, base = 'B201'): Promise<KitchenTicketRow> {
  const board = ok(await as(cook, 'KitchenBoardGet', { BaseID: base, StationID: '*' }))
  const ticket = (board.table1 as KitchenTicketRow[]).find((t) => t.OrderID === orderId)
  if (!ticket) throw new Error(`no ticket for ${orderId}`)
  return ticket
}
const bump = async (orderId: string, base = 'B201') => ok(await as(cook, 'KitchenTicketBump', { TicketID: (await ticketOf(orderId, base)).TicketID }))

describe('GET /live/pickup', () => {
  test('shows only this branch’s pickup numbers of today, each with its progress ref, and nothing else of an order', async () => {
    const here = await paidOrder('B201')
    const sameShop = await paidOrder('B202')
    const otherShop = await paidOrder('B203', { ...soupLine('1'), GoodsID: gid('N04', 'S102'), Amount: '12' }, 'S102')
    // An unpaid order (no pickup number yet) and a table round (no pickup number at all) at this branch.
    ok(await server.call('OrderSubmit', [{ ...takeaway([soupLine('2')]), RequestKey: requestKey() }], { headers: member.headers }))
    const codes = await server.db.selectFrom('qr_codes').select(['table_id', 'code']).where('table_id', '=', 'B201-A03').executeTakeFirstOrThrow()
    ok(
      await server.call(
        'MealPosOrderSubmit',
        [{ ShopID: 'S101', BaseID: 'B201', TableID: 'B201-A03', QRCode: codes.code, ServiceType: 'dinein', RequestKey: requestKey(), Lines: [soupLine('1')] }],
        { headers: { 'X-Device-Key': 'pickup-table-device-0123456789' } }
      )
    )
    // Yesterday's order still marked preparing: another business day, not on today's screen.
    const yesterday = await paidOrder('B201')
    await server.db.updateTable('orders').set({ business_day: '2000-01-01' }).where('order_id', '=', yesterday.sheetId).execute()

    const counter = Number((await server.db.selectFrom('event_counters').select('last_id').where('ent_id', '=', 'E1001').executeTakeFirstOrThrow()).last_id)
    const res = await pickup('ent=E1001&shop=S101&base=B201')
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const s: Snapshot = res.body
    expect(Object.keys(s).sort()).toEqual(['branchNames', 'businessDay', 'languages', 'now', 'position', 'preparing', 'ready', 'readyForMs'])
    expect(s.position).toBe(counter)
    expect(s.readyForMs).toBe(PICKUP_READY_MS)
    expect(s.preparing).toEqual([{ pickupNo: here.pickupNo, ref: progressRef(here.sheetId) }])
    expect(s.ready).toEqual([])
    expect(s.languages[0]).toMatch(/^(zh-CN|zh-TW|en)$/)
    expect(s.branchNames.en).toContain('Senado')
    // Nothing of an order beyond its number: no order id, table, amount, goods or member.
    for (const secret of [here.sheetId, yesterday.sheetId, 'A03', 'B201-A03', member.phone, '是日例汤', 'Soup of the day']) expect(res.text).not.toContain(secret)
    expect(res.text).not.toMatch(/"(amount|Amount|table|TableID|SheetID|goods|phone)"/)

    expect(numbersOf(await screen('B202'))).toEqual({ preparing: [sameShop.pickupNo], ready: [] })
    expect(numbersOf(await screen('B203', 'S102'))).toEqual({ preparing: [otherShop.pickupNo], ready: [] })
    expect((await screen('B202')).preparing[0].ref).toBe(progressRef(sameShop.sheetId))
  })

  test('a branch of another shop, another enterprise, or a malformed address is refused', async () => {
    expect((await pickup('ent=E1001&shop=S102&base=B201')).status).toBe(404)
    expect((await pickup(`ent=${otherEnt}&shop=S101&base=B201`)).status).toBe(404)
    expect((await pickup('ent=E1001&shop=S101&base=NOPE')).status).toBe(404)
    expect((await pickup('ent=E1001&shop=S101')).status).toBe(400)
    expect((await pickup('ent=E1001&shop=S101&base=%27%3B--')).status).toBe(400)
    // A shop switched off shows nothing.
    await server.db.updateTable('shops').set({ is_enable: 0 }).where('shop_id', '=', 'S102').execute()
    try {
      expect((await pickup('ent=E1001&shop=S102&base=B203')).status).toBe(404)
    } finally {
      await server.db.updateTable('shops').set({ is_enable: 1 }).where('shop_id', '=', 'S102').execute()
    }
  })

  test('bumped moves a number to Ready, recall back, collected and cancelled leave at once, and the stream says the same with the same ref', async () => {
    const a = await paidOrder()
    const b = await paidOrder()
    const c = await paidOrder()
    const start = await screen()
    expect(numbersOf(start).preparing).toEqual(expect.arrayContaining([a.pickupNo, b.pickupNo, c.pickupNo]))

    await bump(a.sheetId)
    const afterBump = await screen()
    expect(afterBump.ready.map((r) => r.pickupNo)).toEqual([a.pickupNo])
    expect(afterBump.preparing.map((p) => p.pickupNo)).not.toContain(a.pickupNo)
    const readyAt = Date.parse(afterBump.ready[0].readyAt)
    expect(Math.abs(readyAt - Date.now())).toBeLessThan(60_000)
    // The public stream after the first state's position carries the same move, by the same ref.
    const polled = await server.app.inject({ method: 'GET', url: `/live/poll?ent=E1001&shop=S101&base=B201&after=${start.position}` })
    const progress = polled.json().events.filter((e: { kind: string }) => e.kind === 'order.progress')
    expect(progress.map((e: any) => [e.data.ref, e.data.pickupNo, e.data.stage])).toEqual([[afterBump.ready[0].ref, a.pickupNo, 'ready']])
    expect(afterBump.position).toBeGreaterThan(start.position)

    // Recalled: preparing again.
    ok(await as(cook, 'KitchenTicketRecall', { BaseID: 'B201', StationID: '*' }))
    expect(numbersOf(await screen()).ready).not.toContain(a.pickupNo)
    expect(numbersOf(await screen()).preparing).toContain(a.pickupNo)

    // Bumped again and handed over: gone.
    await bump(a.sheetId)
    ok(await as(owner, 'StaffOrderComplete', { SheetID: a.sheetId }))
    // The shop cancels another: gone at once, never ready.
    ok(await as(owner, 'StaffOrderCancel', { SheetID: b.sheetId, Reason: 'customer left' }))
    const now = await screen()
    const all = [...numbersOf(now).preparing, ...numbersOf(now).ready]
    expect(all).not.toContain(a.pickupNo)
    expect(all).not.toContain(b.pickupNo)
    expect(numbersOf(now).preparing).toContain(c.pickupNo)
    const stages = await server.db.selectFrom('orders').select(['order_id', 'status']).where('order_id', 'in', [a.sheetId, b.sheetId]).execute()
    expect(Object.fromEntries(stages.map((o) => [o.order_id, Number(o.status)]))).toEqual({ [a.sheetId]: ORDER_STATUS.COMPLETED, [b.sheetId]: ORDER_STATUS.CANCELLED })
  })

  test('a ready number nobody collects leaves after 10 minutes', async () => {
    const d = await paidOrder()
    const e = await paidOrder()
    await bump(d.sheetId)
    await bump(e.sheetId)
    const both = await screen()
    // Newest first.
    expect(both.ready.map((r) => r.pickupNo).slice(0, 2)).toEqual([e.pickupNo, d.pickupNo])
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString()
    await server.db.updateTable('orders').set({ ready_at: ago(PICKUP_READY_MS + 60_000) }).where('order_id', '=', d.sheetId).execute()
    await server.db.updateTable('orders').set({ ready_at: ago(PICKUP_READY_MS - 60_000) }).where('order_id', '=', e.sheetId).execute()
    const later = numbersOf(await screen())
    expect(later.ready).not.toContain(d.pickupNo)
    expect(later.ready).toContain(e.pickupNo)
    // Not back under Preparing either: it is simply off the screen.
    expect(later.preparing).not.toContain(d.pickupNo)
  })
})

describe('the diner’s order', () => {
  test('carries the ref its progress events name it by', async () => {
    const o = await paidOrder()
    const detail = ok(await server.call('OrderDetailGet', [{ SheetID: o.sheetId }], { headers: member.headers })).table1[0]
    expect(detail.ProgressRef).toBe(progressRef(o.sheetId))
    expect(detail.ProgressRef).not.toContain(o.sheetId)
    const mark = Number((await server.db.selectFrom('event_counters').select('last_id').where('ent_id', '=', 'E1001').executeTakeFirstOrThrow()).last_id)
    await bump(o.sheetId)
    const polled = await server.app.inject({ method: 'GET', url: `/live/poll?ent=E1001&shop=S101&base=B201&after=${mark}` })
    const mine = polled.json().events.filter((e: any) => e.kind === 'order.progress' && e.data.ref === detail.ProgressRef)
    expect(mine.map((e: any) => e.data.stage)).toEqual(['ready'])
    // A preview has no order yet, so no ref.
    const preview = ok(await server.call('OrderPricePreview', [{ ...takeaway([soupLine('1')]) }], { headers: member.headers })).table1[0]
    expect(preview.ProgressRef).toBe('')
  })
})
