/**
 * Red team of issue 24's WebSocket (GET /live/socket, server/src/http/live-socket.ts, wired in
 * live.route.ts) and of the pickup screen's state (GET /live/pickup, pickup.route.ts), kept as
 * tests, on SQLite and (with DATABASE_URL) PostgreSQL, through real `ws` clients on a real port
 * (redteam-24.test.ts does the same for the SSE streams and polls):
 *
 *   - scope: another enterprise's events (even ones naming this enterprise's shop and branch), another
 *     shop's and another branch's never reach a socket, whatever ent/shop/base the query forges
 *     (repeated keys, `ent[]=`, an unknown or other enterprise, a shop or branch of another);
 *   - audience: a diner's socket never carries a staff-only kind (ticket.*, bill.changed,
 *     payment.recorded, counter.order, a kind no one may see), and `order.progress` only a hash ref,
 *     a pickup number and a stage: no table, goods, amount, remark, order or ticket id, nor a
 *     delivery's contact, phone or address;
 *   - cursors: malformed, negative, too long (query or Last-Event-ID) → 400 before the upgrade; a
 *     cursor ahead of the counter (another database) or pruned past → `reset` at the position now;
 *   - frames from the client: chatter is ignored, an oversize or malformed frame closes only that
 *     socket, the server and the other sockets go on, and the places are given back;
 *   - slow readers: one that pauses is held back over 1 MB and catches up on the same socket; one
 *     that never reads is dropped after its grace and resumes from its cursor with nothing lost or
 *     twice; what waits for either in the server stays near 1 MB; others are not slowed;
 *   - bounds: sockets and streams of one client count together, an IPv6 client by its /64; an
 *     upgrade abandoned while its scope is looked up gives its place back;
 *   - the pickup screen: only its branch's numbers (never another branch's, shop's or enterprise's,
 *     whatever the query forges), delivery orders shown as the docs say, and no personal data in the
 *     state or in the branch socket it follows.
 *
 * Arrival is asserted with generous timeouts, never a time.
 */
import { once } from 'node:events'
import http from 'node:http'
import net from 'node:net'
import { randomBytes } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import type { KitchenTicketRow } from '../../src/gateway/kitchen-contract'
import { ORDER_STATUS } from '../../src/gateway/order-rows'
import { progressRef } from '../../server/src/domain/kitchen/progress-ref'
import { liveRoutes } from '../../server/src/http/live.route'
import { appendEvent, EVENT_AUDIENCES } from '../../server/src/live/outbox'
import { seedEnterprise } from '../../server/src/storage/seed'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { gid, insertOrderRow, openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { openSocket, refusal, type Frame, type SocketClient } from './helpers/socket-client'
import { listen } from './helpers/sse-client'
import { ownerOf, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { baysideEnterprise } from './helpers/bayside-enterprise'

const ENT = 'E1001'
const PUBLIC_KINDS = ['goods.soldOut', 'addOn.soldOut', 'menu.changed', 'order.progress']
const SOCKET_KINDS = ['ready', 'reset', 'position', 'ping', ...PUBLIC_KINDS]
const STAFF_ONLY_KINDS = Object.keys(EVENT_AUDIENCES).filter((k) => !EVENT_AUDIENCES[k].includes('diner'))
/** The socket's limit of what may wait for a reader (live-socket.ts MAX_BUFFERED). */
const MAX_BUFFERED = 1024 * 1024

const otherEnterprise = baysideEnterprise

let server: TestServer
let httpUrl = ''
let url = ''
let owner: StaffSession
let cook: StaffSession
let member: TestMember
let codes: Record<string, string> = {}
let seq = 0
/** The server's side of every upgraded connection, by the client's port. */
const serverSockets = new Map<number, net.Socket>()

beforeAll(async () => {
  // A 6-s connection timeout: sockets ping every 2 s, a reader behind is dropped after 4 s.
  server = await createTestServer({ requestTimeoutMs: 6000 }, { demoMenus: true })
  await openAllDay(server.db)
  await seedEnterprise(server.db, otherEnterprise)
  owner = await ownerOf(server)
  cook = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101,S102', baseIds: 'B201,B202,B203' })
  member = await makeMember(server.db, { name: 'Socket Sabine', balance: '5000' })
  const rows = await server.db.selectFrom('qr_codes').select(['table_id', 'code']).where('table_id', 'is not', null).execute()
  codes = Object.fromEntries(rows.map((r) => [r.table_id, r.code]))
  httpUrl = await listen(server.app)
  url = httpUrl.replace('http:', 'ws:')
  server.app.server.on('upgrade', (_req: http.IncomingMessage, socket: net.Socket) => {
    if (socket.remotePort) serverSockets.set(socket.remotePort, socket)
  })
}, 120_000)
afterAll(() => server?.close())

const as = (who: StaffSession, op: string, record: Record<string, unknown> = {}) => server.call(op, [record], { entId: who.entId, headers: who.headers })
const lastId = async (entId = ENT) => Number((await server.db.selectFrom('event_counters').select('last_id').where('ent_id', '=', entId).executeTakeFirst())?.last_id ?? 0)
/** Appends one event (in a transaction of its own) and answers its id: the enterprise's last id after it (the tests write one at a time). */
async function append(entId: string, shopId: string, baseId: string | null, kind: string, payload: Record<string, unknown>): Promise<{ id: number }> {
  await server.db.transaction().execute(async (trx) => {
    await appendEvent(trx, { entId, shopId, baseId, kind, payload })
  })
  return { id: await lastId(entId) }
}
/** An enterprise-wide event every socket of `entId` carries: when it is there, everything before it is. */
const marker = async (entId = ENT) => (await append(entId, '', null, 'menu.changed', { version: `marker-${++seq}` })).id
const upTo = (id: number) => (f: Frame) => f.id !== undefined && f.id >= id
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const progressOf = (s: SocketClient) => s.frames.filter((f) => f.kind === 'order.progress')
const refsOf = (s: SocketClient) => new Set(progressOf(s).map((f) => f.data.ref as string))

/** `promise`, or a failure naming `what` after `ms` (a test that fails must not hang). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  return Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`not within ${ms} ms: ${what}`)), ms)))]).finally(() => clearTimeout(timer))
}

async function until(test: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!test()) {
    if (Date.now() > end) throw new Error(`not within ${timeoutMs} ms: ${what}`)
    await sleep(20)
  }
}

/** A prepay takeaway (or delivery) order, paid from the member's balance: its id and pickup number. */
async function paidOrder(base = 'B201', shop = 'S101', extra: Record<string, unknown> = {}, lines = shop === 'S101' ? [soupLine('1')] : [{ ...soupLine('1'), GoodsID: gid('N04', shop), Amount: '12' }]) {
  const placed = ok(await server.call('OrderSubmit', [{ ...takeaway(lines, { ShopID: shop, BaseID: base, ...extra }), RequestKey: requestKey() }], { headers: member.headers })).table1[0]
  ok(await server.call('BalancePay', [{ SheetID: placed.SheetID, RequestKey: requestKey() }], { headers: member.headers }))
  const row = await server.db.selectFrom('orders').select(['pickup_no', 'amount', 'goods_amount']).where('order_id', '=', placed.SheetID).executeTakeFirstOrThrow()
  return { orderId: placed.SheetID as string, pickupNo: row.pickup_no, amounts: [row.amount, row.goods_amount] }
}

/** A round at a B201 table. */
async function round(tableId: string, remarks = '') {
  const headers = { 'X-Device-Key': `redteam-24-socket-${++seq}-0123456789` }
  const data = ok(
    await server.call(
      'MealPosOrderSubmit',
      [{ ShopID: 'S101', BaseID: 'B201', TableID: tableId, QRCode: codes[tableId], ServiceType: 'dinein', RequestKey: requestKey(), Remarks: remarks, Lines: [soupLine('2')] }],
      { headers, lang: 'zh-TW' }
    )
  )
  return { sheetId: data.table1[0].SheetID as string, roundId: data.table2[0].SheetID as string, headers }
}

async function ticketOf(orderId: string, base = 'B201'): Promise<KitchenTicketRow> {
  const board = ok(await as(cook, 'KitchenBoardGet', { BaseID: base, StationID: '*' }))
  const ticket = (board.table1 as KitchenTicketRow[]).find((t) => t.OrderID === orderId)
  if (!ticket) throw new Error(`no ticket for ${orderId}`)
  return ticket
}

const DELIVERY = { Contact: 'Dora Deliverance', Phone: '+853 6698 7654', Address: 'Rua Secreta 77, Macau', Lat: 22.1936 + 800 / 111_195, Lng: 113.5399 }
/**
 * The text searched for secrets, its progress refs (20 hex digits of a hash, progress-ref.ts)
 * blanked: a ref may hold '6698' by chance (about one run in a few hundred), which is no leak.
 */
const withoutRefs = (text: string): string => text.replace(/\b[0-9a-f]{20}\b/g, '')

/** A Fastify app of the live routes alone, with small bounds (trusting X-Forwarded-For as the client address). */
async function boundedApp(bounds: { maxConnections: number; maxPerClient: number }, before?: (app: FastifyInstance) => void): Promise<{ app: FastifyInstance; http: string; ws: string }> {
  const app = Fastify({ trustProxy: true })
  before?.(app)
  await app.register(liveRoutes, { db: server.db, config: server.config, ...bounds })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const httpBase = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`
  return { app, http: httpBase, ws: httpBase.replace('http:', 'ws:') }
}

/** Opens a public SSE stream and answers its status (kept open: destroy the request to end it). */
function streamStatus(base: string, pathAndQuery: string, headers: Record<string, string>, held: http.ClientRequest[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${pathAndQuery}`, { headers }, (res) => {
      resolve(res.statusCode ?? 0)
      if (res.statusCode !== 200) res.resume()
    })
    req.on('error', reject)
    held.push(req)
  })
}

describe('scope', () => {
  test('a socket carries only its own enterprise, shop and branch, whatever the query forges', async () => {
    // Refused before any upgrade: another enterprise's shop, a shop of another enterprise, forged and malformed ids.
    const refused: [string, number][] = [
      ['ent=E2002&shop=S101', 404],
      ['ent=E1001&shop=S901', 404],
      ['ent=E2002&ent=E1001&shop=S101', 404],
      ['ent=E9999&shop=S101', 404],
      ['ent=e1001&shop=S101', 404],
      ['ent=E1001&shop=s101', 404],
      ['ent[]=E1001&shop=S101', 400],
      ['ent=E1001&shop[]=S101', 400],
      ['shop=S101', 400],
      ['ent=E1001', 400],
      ['ent=E1001&shop=S101%00', 400],
      ['ent=E1001%0A&shop=S101', 400],
      ['ent=E1001&shop=S101&base=B2%2701', 400],
      ['ent=E1001&shop=S101&base=..%2FB201', 400],
      [`ent=${'E'.repeat(65)}&shop=S101`, 400],
      // A branch of another enterprise, of another shop, or none, under this shop.
      ['ent=E1001&shop=S101&base=B901', 404],
      ['ent=E1001&shop=S101&base=B203', 404],
      ['ent=E1001&shop=S101&base=B999', 404]
    ]
    for (const [query, expected] of refused) expect({ query, status: (await refusal(url, query)).status }).toEqual({ query, status: expected })
    // A shop switched off is no one's.
    await server.db.updateTable('shops').set({ is_enable: 0 }).where('shop_id', '=', 'S102').execute()
    try {
      expect((await refusal(url, 'ent=E1001&shop=S102&base=B203')).status).toBe(404)
    } finally {
      await server.db.updateTable('shops').set({ is_enable: 1 }).where('shop_id', '=', 'S102').execute()
    }

    const from = await lastId()
    const fromE2 = await lastId('E2002')
    const open = (query: string) => openSocket(url, query)
    const s = {
      b201: open(`ent=E1001&shop=S101&base=B201&after=${from}`),
      b202: open(`ent=E1001&shop=S101&base=B202&after=${from}`),
      shop: open(`ent=E1001&shop=S101&after=${from}`),
      s102: open(`ent=E1001&shop=S102&base=B203&after=${from}`),
      // Repeated keys: the first counts.
      forgedEnt: open(`ent=E1001&ent=E2002&shop=S101&base=B201&after=${from}`),
      forgedShop: open(`ent=E1001&shop=S101&shop=S102&base=B201&base=B202&after=${from}`),
      theirs: open(`ent=E2002&shop=S901&after=${fromE2}`)
    }
    const ours = [s.b201, s.b202, s.shop, s.s102, s.forgedEnt, s.forgedShop]
    for (const socket of [...ours, s.theirs]) await socket.next((f) => f.kind === 'ready')

    // The other enterprise writes events naming OUR shop and branch (and its own).
    const secret = 'E2002-SECRET'
    await append('E2002', 'S101', 'B201', 'order.progress', { ref: `${secret}-ref`, pickupNo: '99', stage: 'ready' })
    await append('E2002', 'S101', null, 'goods.soldOut', { goodsId: `${secret}-goods`, soldOut: true })
    await append('E2002', '', null, 'menu.changed', { version: `${secret}-version` })
    await append('E2002', 'S101', 'B201', 'ticket.sent', { ticket: { TicketID: `${secret}-ticket`, BaseID: 'B201' } })
    await append('E2002', 'S901', 'B901', 'order.progress', { ref: `${secret}-own`, pickupNo: '7', stage: 'preparing' })
    // Ours: an order at each branch.
    const at201 = await paidOrder('B201')
    const at202 = await paidOrder('B202')
    const at203 = await paidOrder('B203', 'S102')
    const refs = { b201: progressRef(at201.orderId), b202: progressRef(at202.orderId), b203: progressRef(at203.orderId) }
    const ourLast = await marker()
    const theirLast = await marker('E2002')
    for (const socket of ours) await socket.next(upTo(ourLast))
    await s.theirs.next(upTo(theirLast))

    for (const socket of ours) {
      expect(socket.raw).not.toContain('E2002')
      expect(socket.raw).not.toContain(secret)
    }
    const expected: [SocketClient, string[]][] = [
      [s.b201, [refs.b201]],
      [s.forgedEnt, [refs.b201]],
      [s.forgedShop, [refs.b201]],
      [s.b202, [refs.b202]],
      [s.shop, [refs.b201, refs.b202]],
      [s.s102, [refs.b203]]
    ]
    for (const [socket, wanted] of expected) {
      const got = refsOf(socket)
      // Each sees its own (the test is not empty) and nothing of the others.
      for (const ref of Object.values(refs)) expect({ ref, seen: got.has(ref) }).toEqual({ ref, seen: wanted.includes(ref) })
      expect([...got].filter((ref) => !Object.values(refs).includes(ref))).toEqual([])
    }
    // Every event frame is of the socket's shop (or the enterprise's) and branch (or none).
    const scopeOf: [SocketClient, string, string | null][] = [
      [s.b201, 'S101', 'B201'],
      [s.b202, 'S101', 'B202'],
      [s.shop, 'S101', null],
      [s.s102, 'S102', 'B203'],
      [s.forgedEnt, 'S101', 'B201'],
      [s.forgedShop, 'S101', 'B201']
    ]
    for (const [socket, shop, base] of scopeOf) {
      for (const f of socket.frames.filter((x) => x.data?.kind)) {
        expect(['', shop]).toContain(f.data.shopId)
        if (base) expect([null, base]).toContain(f.data.baseId)
      }
    }
    // Theirs has its own progress, never the event that named our branch, nor anything of ours.
    expect(s.theirs.raw).toContain(`${secret}-own`)
    expect(s.theirs.raw).not.toContain(`${secret}-ref`)
    expect(s.theirs.raw).not.toContain('B201')
    expect(s.theirs.raw).not.toContain('S101')
    for (const ref of Object.values(refs)) expect(s.theirs.raw).not.toContain(ref)
    for (const socket of [...ours, s.theirs]) await socket.close()
  })
})

describe('what a diner’s socket carries', () => {
  test('never a staff-only kind, and order.progress only a ref, a pickup number and a stage: no table, goods, amount, remark, id or delivery address', async () => {
    const from = await lastId()
    const sockets = [openSocket(url, `ent=E1001&shop=S101&base=B201&after=${from}`), openSocket(url, `ent=E1001&shop=S101&after=${from}`)]
    for (const socket of sockets) await socket.next((f) => f.kind === 'ready')

    // The kitchen and the front of house at work: a table round and its quantity change, prepay
    // orders (one delivered) paid, bumped, collected, cancelled, a line done, the tickets heard.
    const r = await round('B201-A02', 'SECRET-REMARK-ROUND')
    ok(await server.call('PosSheetGoodsQuaEdit', [{ SheetID: r.sheetId, RoundID: r.roundId, LineNo: 1, Qua: 3, QRCode: codes['B201-A02'] }], { headers: r.headers }))
    const paid = await paidOrder('B201', 'S101', { Remarks: 'SECRET-REMARK-ORDER' })
    const delivered = await paidOrder('B201', 'S101', { ServiceType: 'delivery', Delivery: DELIVERY })
    const cancelled = await paidOrder('B201')
    const paidTicket = await ticketOf(paid.orderId)
    ok(await as(cook, 'KitchenTicketAck', { BaseID: 'B201', TicketIDs: paidTicket.TicketID }))
    ok(await as(cook, 'KitchenTicketBump', { TicketID: paidTicket.TicketID }))
    ok(await as(owner, 'StaffOrderComplete', { SheetID: paid.orderId }))
    ok(await as(owner, 'StaffOrderCancel', { SheetID: cancelled.orderId, Reason: 'SECRET-REASON' }))
    // Every staff-only kind (and one no one may see) written at this branch, with a secret in it.
    for (const kind of [...STAFF_ONLY_KINDS, 'secret.kind']) await append(ENT, 'S101', 'B201', kind, { secret: `STAFF-ONLY-${kind}`, table: { TableID: 'B201-A02' } })
    // Passed over as the last events: the socket's cursor still moves past them.
    const lastStaffOnly = (await append(ENT, 'S101', 'B201', 'ticket.sent', { secret: 'STAFF-ONLY-last' })).id
    for (const socket of sockets) await socket.next(upTo(lastStaffOnly))

    const ticketIds = (await server.db.selectFrom('kitchen_tickets').select('ticket_id').where('order_id', 'in', [r.roundId, paid.orderId, delivered.orderId, cancelled.orderId]).execute()).map(
      (t) => t.ticket_id
    )
    expect(ticketIds.length).toBeGreaterThanOrEqual(4)
    const goods = await server.db.selectFrom('goods').select('names').where('goods_id', '=', gid('F01')).execute()
    const names = goods.flatMap((g) => Object.values(JSON.parse(g.names) as Record<string, string>))
    const amounts = [...paid.amounts, ...delivered.amounts, ...cancelled.amounts]
    const forbidden = [
      r.sheetId,
      r.roundId,
      paid.orderId,
      delivered.orderId,
      cancelled.orderId,
      ...ticketIds,
      'B201-A02',
      'A02',
      ...names,
      'SECRET-',
      'STAFF-ONLY',
      DELIVERY.Contact,
      DELIVERY.Phone,
      '6698',
      DELIVERY.Address,
      'Rua Secreta',
      String(DELIVERY.Lat).slice(0, 7),
      member.phone,
      'Socket Sabine',
      ...amounts.map((a) => `"${a}"`),
      ...amounts.filter((a) => a.includes('.')),
      'ticket',
      'Ticket',
      'table',
      'Table',
      'bill',
      'payment',
      'counter',
      'Amount',
      'amount',
      'Goods',
      'Qua',
      'Lines',
      'Contact',
      'Phone',
      'Address'
    ]
    expect(names.length).toBeGreaterThanOrEqual(2)
    for (const socket of sockets) {
      for (const text of forbidden) expect({ text, found: withoutRefs(socket.raw).includes(text) }).toEqual({ text, found: false })
      for (const f of socket.frames) expect(SOCKET_KINDS).toContain(f.kind)
      for (const f of progressOf(socket)) {
        expect(Object.keys(f.data).sort()).toEqual(['baseId', 'kind', 'pickupNo', 'ref', 'shopId', 'stage'])
        expect(f.data.ref).toMatch(/^[0-9a-f]{20}$/)
        expect(f.data.pickupNo).toMatch(/^\d*$/)
      }
      // Not empty: each order's progress is there, under its hash; the round's without a number.
      const stages = (orderId: string) => progressOf(socket).filter((f) => f.data.ref === progressRef(orderId)).map((f) => f.data.stage)
      expect(stages(r.roundId)).toEqual(['preparing'])
      expect(progressOf(socket).find((f) => f.data.ref === progressRef(r.roundId))?.data.pickupNo).toBe('')
      expect(stages(paid.orderId)).toEqual(['preparing', 'ready', 'collected'])
      expect(stages(cancelled.orderId)).toEqual(['preparing', 'cancelled'])
      // A delivery's number is shown like a takeaway's (docs/pickup-screen.md), and nothing of its address.
      expect(progressOf(socket).find((f) => f.data.ref === progressRef(delivered.orderId))?.data).toMatchObject({ stage: 'preparing', pickupNo: delivered.pickupNo })
      // The staff-only events at the end were passed over with a position only.
      expect(socket.frames.filter((f) => f.id === lastStaffOnly)).toEqual([{ id: lastStaffOnly, kind: 'position' }])
      // Ids only grow.
      const ids = socket.frames.filter((f) => f.id !== undefined).map((f) => f.id!)
      expect(ids.every((id, i) => i === 0 || id > ids[i - 1])).toBe(true)
    }
    for (const socket of sockets) await socket.close()
  })
})

describe('cursor games', () => {
  test('a malformed, negative or too long cursor is refused before the upgrade, in the query or Last-Event-ID', async () => {
    const bad = ['-1', '-0', '1e3', 'abc', '0x10', '1.5', '+5', ' 5', '12345678901234567890', '9'.repeat(16), '١٢', '5 6', '5, 6', 'NaN', 'Infinity', '5;6', '%00']
    for (const cursor of bad) {
      const q = cursor === '%00' ? cursor : encodeURIComponent(cursor)
      expect({ cursor, status: (await refusal(url, `ent=E1001&shop=S101&after=${q}`)).status }).toEqual({ cursor, status: 400 })
      if (/^[\x21-\x7e][\x20-\x7e]*$/.test(cursor)) {
        expect({ cursor, header: (await refusal(url, 'ent=E1001&shop=S101', { headers: { 'last-event-id': cursor } })).status }).toEqual({ cursor, header: 400 })
      }
    }
    // The header wins: a bad one is not saved by a good `after`.
    expect((await refusal(url, 'ent=E1001&shop=S101&after=1', { headers: { 'last-event-id': '-1' } })).status).toBe(400)
  })

  test('a cursor ahead of the counter (another database) or pruned past gets a reset at the position now, then only what comes after', async () => {
    for (const ahead of [(n: number) => n + 1, (n: number) => n + 100_000, () => 999_999_999_999_999]) {
      for (const how of ['query', 'header'] as const) {
        const now = await lastId()
        const cursor = ahead(now)
        const socket = how === 'query' ? openSocket(url, `ent=E1001&shop=S101&after=${cursor}`) : openSocket(url, 'ent=E1001&shop=S101', { headers: { 'last-event-id': String(cursor) } })
        const first = await socket.next(() => true)
        expect({ cursor, how, first }).toEqual({ cursor, how, first: { id: now, kind: 'reset', data: { position: now } } })
        const o = await paidOrder('B201')
        const last = await marker()
        await socket.next(upTo(last))
        const ids = socket.frames.filter((f) => f.id !== undefined).map((f) => f.id!)
        expect(ids[0]).toBe(now)
        expect(ids.slice(1).every((id) => id > now && id <= last)).toBe(true)
        expect(refsOf(socket).has(progressRef(o.orderId))).toBe(true)
        await socket.close()
      }
    }

    // Pruned past: a cursor below what was deleted cannot be resumed.
    const counter = await server.db.selectFrom('event_counters').select(['last_id', 'pruned_through']).where('ent_id', '=', ENT).executeTakeFirstOrThrow()
    const now = Number(counter.last_id)
    await server.db.updateTable('event_counters').set({ pruned_through: now - 2 }).where('ent_id', '=', ENT).execute()
    try {
      const old = openSocket(url, `ent=E1001&shop=S101&after=${now - 5}`)
      expect(await old.next(() => true)).toEqual({ id: now, kind: 'reset', data: { position: now } })
      await old.close()
      const fine = openSocket(url, `ent=E1001&shop=S101&after=${now - 1}`)
      expect(await fine.next(() => true)).toEqual({ id: now - 1, kind: 'ready', data: { position: now - 1 } })
      await fine.close()
    } finally {
      await server.db.updateTable('event_counters').set({ pruned_through: counter.pruned_through }).where('ent_id', '=', ENT).execute()
    }
  })
})

describe('frames from the client', () => {
  /** A raw WebSocket handshake on a plain TCP socket (to send what a well-behaved client would not). */
  async function rawSocket(port: number, query: string, forwardedFor: string): Promise<{ socket: net.Socket; received: () => Buffer; closed: Promise<void> }> {
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (c: Buffer) => chunks.push(c))
    socket.on('error', () => undefined)
    const closed = once(socket, 'close').then(() => undefined)
    await once(socket, 'connect')
    socket.write(
      `GET /live/socket?${query} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\nX-Forwarded-For: ${forwardedFor}\r\n\r\n`
    )
    await until(() => Buffer.concat(chunks).includes('\r\n\r\n'), 10_000, 'the handshake answer')
    expect(Buffer.concat(chunks).toString('latin1')).toMatch(/^HTTP\/1\.1 101 /)
    return { socket, received: () => Buffer.concat(chunks), closed }
  }
  /** A masked client frame. */
  function frame(opcode: number, payload: Buffer, fin = true): Buffer {
    const mask = randomBytes(4)
    const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]))
    const head = payload.length < 126 ? Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | payload.length]) : Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | 126, payload.length >> 8, payload.length & 0xff])
    return Buffer.concat([head, mask, masked])
  }
  /** The status code of the close frame the server sent, or null (cut without one). */
  function closeCodeIn(bytes: Buffer): number | null {
    const at = bytes.indexOf(Buffer.from([0x88]), bytes.indexOf('\r\n\r\n') + 4)
    return at >= 0 && bytes[at + 1] >= 2 ? bytes.readUInt16BE(at + 2) : null
  }

  test('chatter is ignored; an oversize or malformed frame closes that socket only; the server, the other sockets and the places are fine', async () => {
    // Three places per client: every attack below comes from one address, one at a time.
    const bounded = await boundedApp({ maxConnections: 50, maxPerClient: 3 })
    const port = Number(new URL(bounded.http).port)
    const from = await lastId()
    const clients: SocketClient[] = []
    const open = (query: string, headers: Record<string, string>) => {
      const client = openSocket(bounded.ws, query, { headers })
      clients.push(client)
      return client
    }
    const keeper = open(`ent=E1001&shop=S101&after=${from}`, { 'x-forwarded-for': '10.7.7.1' })
    const attacker = { 'x-forwarded-for': '10.7.7.2' }
    try {
      await keeper.next((f) => f.kind === 'ready')
      // Chatter: text, binary, empty frames, a ping; the socket stays and still gets events.
      const chatty = open(`ent=E1001&shop=S101&after=${from}`, attacker)
      await chatty.next((f) => f.kind === 'ready')
      for (let i = 0; i < 200; i++) chatty.ws.send(`{"kind":"subscribe","ent":"E2002","shop":"S901","i":${i}}`)
      chatty.ws.send(Buffer.from([0, 1, 2, 3]))
      chatty.ws.send('')
      chatty.ws.ping()
      const m1 = await marker()
      await chatty.next(upTo(m1))
      expect(chatty.closeCode).toBeNull()
      await chatty.close()

      // A frame over the payload limit (1 KB): closed with 1009.
      const big = open('ent=E1001&shop=S101', attacker)
      await big.next((f) => f.kind === 'ready')
      big.ws.send('x'.repeat(4096))
      expect(await within(big.closed, 10_000, 'the oversize frame closes its socket')).toBe(1009)

      // Raw frames: unmasked, a reserved opcode, a text frame of invalid UTF-8, a length of 2^62, a fragment never finished past the limit.
      const rawAttacks: [string, Buffer, number][] = [
        ['unmasked', Buffer.concat([Buffer.from([0x81, 0x05]), Buffer.from('hello')]), 1002],
        ['reserved opcode', frame(0x3, Buffer.from('hi')), 1002],
        ['invalid UTF-8', frame(0x1, Buffer.from([0xc3, 0x28, 0xff])), 1007],
        ['2^62 bytes', Buffer.from([0x82, 0xff, 0x40, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]), 1009],
        ['fragments past the limit', Buffer.concat([frame(0x1, Buffer.alloc(800, 0x61), false), frame(0x0, Buffer.alloc(800, 0x61), false)]), 1009]
      ]
      for (const [name, bytes, code] of rawAttacks) {
        const raw = await rawSocket(port, 'ent=E1001&shop=S101', attacker['x-forwarded-for'])
        try {
          raw.socket.write(bytes)
          await within(raw.closed, 10_000, `the server closes the socket that sent ${name}`)
          expect({ name, code: closeCodeIn(raw.received()) }).toEqual({ name, code })
        } finally {
          raw.socket.destroy()
        }
      }

      // The keeper never noticed; the server answers; the attacker's address has its three places back.
      const m2 = await marker()
      await keeper.next(upTo(m2))
      expect(keeper.closeCode).toBeNull()
      const poll = await fetch(`${bounded.http}/live/poll?ent=E1001&shop=S101`)
      expect(poll.status).toBe(200)
      const again = [1, 2, 3].map(() => open('ent=E1001&shop=S101', attacker))
      for (const socket of again) await socket.next((f) => f.kind === 'ready')
      expect((await refusal(bounded.ws, 'ent=E1001&shop=S101', { headers: attacker })).status).toBe(503)
    } finally {
      await keeper.close()
      for (const client of clients) await client.close()
      await bounded.app.close()
    }
  })
})

describe('slow readers', () => {
  test('one that pauses is held back and catches up on the same socket; one that never reads is dropped and resumes from its cursor; what waits in the server stays near 1 MB; others go on', async () => {
    const from = await lastId()
    const query = `ent=E1001&shop=S101&after=${from}`
    const keeper = openSocket(url, query)
    const pauser = openSocket(url, query)
    const sleeper = openSocket(url, query)
    const other = openSocket(url, 'ent=E1001&shop=S102&base=B203')
    let back: SocketClient | null = null
    try {
      for (const s of [keeper, pauser, sleeper, other]) await s.next((f) => f.kind === 'ready')
      const serverSide = (s: SocketClient) => serverSockets.get((s.ws as unknown as { _socket: net.Socket })._socket.localPort!)!
      for (const s of [pauser, sleeper]) {
        expect(serverSide(s)).toBeDefined()
        s.ws.pause()
      }

      // About 16 MB of diners' events in one burst: far more than the sockets' kernel buffers and the 1 MB limit.
      const pad = 'x'.repeat(56 * 1024)
      const before = await lastId()
      await server.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 300; i++) await appendEvent(trx, { entId: ENT, shopId: 'S101', kind: 'goods.soldOut', payload: { goodsId: `pad-${i}`, soldOut: true, pad } })
      })
      // Ids are gap-free per enterprise: these are the 300 after the counter before.
      const written = Array.from({ length: 300 }, (_, i) => before + 1 + i)
      expect(await lastId()).toBe(before + 300)
      const last = written[written.length - 1]

      // The pauser's side in the server fills past the limit and is held there, not dropped.
      await until(() => serverSide(pauser).writableLength > MAX_BUFFERED / 2 || serverSide(pauser).destroyed, 20_000, 'the pauser is behind')
      await sleep(300)
      const behind = { pauser: serverSide(pauser).writableLength, sleeper: serverSide(sleeper).writableLength }
      console.log(`redteam-24-socket: waiting in the server for the paused readers: ${Math.round(behind.pauser / 1024)} KB, ${Math.round(behind.sleeper / 1024)} KB`)
      expect(serverSide(pauser).destroyed).toBe(false)
      // Bounded: at most the limit and one frame waits for a reader.
      for (const bytes of Object.values(behind)) expect(bytes).toBeLessThan(MAX_BUFFERED + 64 * 1024)

      // The pauser reads again within its grace: everything, once, in order, on the same socket.
      pauser.ws.resume()
      await pauser.next((f) => f.id === last, 60_000)
      const soldOut = (s: SocketClient) => s.frames.filter((f) => f.kind === 'goods.soldOut').map((f) => f.id)
      expect(pauser.closeCode).toBeNull()
      expect(soldOut(pauser)).toEqual(written)
      // The keeper took it all too, and another shop's socket is not held up.
      await keeper.next((f) => f.id === last, 60_000)
      expect(soldOut(keeper)).toEqual(written)
      const otherMark = (await append(ENT, 'S102', 'B203', 'goods.soldOut', { goodsId: 'other-shop-mark', soldOut: true })).id
      await other.next((f) => f.id === otherMark)
      expect(other.raw).not.toContain('pad-')

      // The sleeper never reads: dropped once its grace is over (two heartbeats).
      await until(() => serverSide(sleeper).destroyed, 30_000, 'the sleeper is dropped')
      sleeper.ws.resume()
      await sleeper.closed
      const firstIds = sleeper.frames.filter((f) => f.id !== undefined).map((f) => f.id!)
      const cursor = firstIds[firstIds.length - 1]
      console.log(`redteam-24-socket: the sleeper was dropped after ${soldOut(sleeper).length} of ${written.length} events`)
      expect(firstIds).not.toContain(last)
      // Back from its cursor: the rest, once, in order.
      back = openSocket(url, `ent=E1001&shop=S101&after=${cursor}`)
      await back.next((f) => f.id === last, 60_000)
      expect([...soldOut(sleeper), ...soldOut(back)]).toEqual(written)
    } finally {
      for (const s of [keeper, pauser, sleeper, other, back]) await s?.close()
    }
  }, 120_000)
})

describe('connection bounds', () => {
  test('sockets and streams of one client count together: an IPv6 client by its /64, an IPv4-mapped address as its IPv4; the total bound; a place comes back when a socket leaves', async () => {
    const bounded = await boundedApp({ maxConnections: 5, maxPerClient: 2 })
    const held: http.ClientRequest[] = []
    const sockets: SocketClient[] = []
    const socket = async (forwardedFor: string) => {
      const s = openSocket(bounded.ws, 'ent=E1001&shop=S101', { headers: { 'x-forwarded-for': forwardedFor } })
      sockets.push(s)
      await s.next((f) => f.kind === 'ready')
      return s
    }
    const socketStatus = async (forwardedFor: string) => (await refusal(bounded.ws, 'ent=E1001&shop=S101', { headers: { 'x-forwarded-for': forwardedFor } })).status
    const pub = '/live/events?ent=E1001&shop=S101'
    try {
      // One phone's /64, its privacy addresses: one client, stream or socket.
      const first = await socket('2001:db8:66:1::a')
      await socket('2001:db8:66:1:1234:5678:9abc:def0')
      expect(await socketStatus('2001:db8:66:1:ffff:ffff:ffff:ffff')).toBe(503)
      expect(await socketStatus('2001:DB8:66:1::B')).toBe(503)
      expect(await streamStatus(bounded.http, pub, { 'x-forwarded-for': '2001:db8:66:1::c' }, held)).toBe(503)
      // The next /64 is another client.
      await socket('2001:db8:66:2::a')
      // A stream and a socket of one IPv4 address, one of them IPv4-mapped: the third is refused.
      expect(await streamStatus(bounded.http, pub, { 'x-forwarded-for': '10.0.0.1' }, held)).toBe(200)
      await socket('::ffff:10.0.0.1')
      expect(await socketStatus('10.0.0.1')).toBe(503)
      expect(await streamStatus(bounded.http, pub, { 'x-forwarded-for': '::ffff:10.0.0.1' }, held)).toBe(503)
      // Five open: the process is full for anyone.
      expect(await socketStatus('10.0.0.9')).toBe(503)
      expect(await streamStatus(bounded.http, pub, { 'x-forwarded-for': '10.0.0.9' }, held)).toBe(503)
      // One socket leaves: its place (and its /64's) is free again.
      await first.close()
      let status = 0
      for (let i = 0; i < 50 && status !== 101; i++) {
        const s = openSocket(bounded.ws, 'ent=E1001&shop=S101', { headers: { 'x-forwarded-for': '2001:db8:66:1::d' } })
        const opened = await Promise.race([s.next((f) => f.kind === 'ready', 2000).then(() => true, () => false), s.closed.then(() => false)])
        if (opened) {
          sockets.push(s)
          status = 101
        } else await sleep(50)
      }
      expect(status).toBe(101)
    } finally {
      for (const req of held) req.destroy()
      for (const s of sockets) await s.close()
      await bounded.app.close()
    }
  })

  test('a connection that ends while its scope is looked up gives its place back, socket or stream', async () => {
    // A hook before the live routes' own ends marked connections there, as a timeout or a reset
    // would while the scope (a database read) is looked up: what was never served must not keep a place.
    const bounded = await boundedApp({ maxConnections: 50, maxPerClient: 2 }, (app) => {
      app.addHook('preValidation', async (request) => {
        if ((request.query as Record<string, string>).cut === undefined) return
        request.raw.socket.destroy()
        // Its 'close' comes before the lookup ends (on PostgreSQL the lookup is a round trip of its own).
        await once(request.raw.socket, 'close')
      })
    })
    const port = Number(new URL(bounded.http).port)
    const held: http.ClientRequest[] = []
    const sockets: SocketClient[] = []
    try {
      for (let i = 0; i < 3; i++) {
        for (const path of ['/live/socket', '/live/events']) {
          const socket = net.connect(port, '127.0.0.1')
          socket.on('error', () => undefined)
          const closed = once(socket, 'close')
          await once(socket, 'connect')
          const upgrade = path === '/live/socket' ? `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n` : ''
          socket.write(`GET ${path}?ent=E1001&shop=S101&cut=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n${upgrade}X-Forwarded-For: 10.8.8.8\r\n\r\n`)
          await closed
        }
      }
      await sleep(200)
      // The address still has both its places: a socket and a stream; a third is refused.
      const s = openSocket(bounded.ws, 'ent=E1001&shop=S101', { headers: { 'x-forwarded-for': '10.8.8.8' } })
      sockets.push(s)
      await s.next((f) => f.kind === 'ready')
      expect(await streamStatus(bounded.http, '/live/events?ent=E1001&shop=S101', { 'x-forwarded-for': '10.8.8.8' }, held)).toBe(200)
      expect((await refusal(bounded.ws, 'ent=E1001&shop=S101', { headers: { 'x-forwarded-for': '10.8.8.8' } })).status).toBe(503)
    } finally {
      for (const req of held) req.destroy()
      for (const s of sockets) await s.close()
      await bounded.app.close()
    }
  })
})

describe('the pickup screen', () => {
  const pickup = async (query: string) => {
    const res = await fetch(`${httpUrl}/live/pickup?${query}`)
    const text = await res.text()
    return { status: res.status, text, body: res.status === 200 ? JSON.parse(text) : null }
  }
  const numbers = (body: { preparing: { pickupNo: string }[]; ready: { pickupNo: string }[] }) => [...body.preparing, ...body.ready].map((e) => e.pickupNo)

  test('only its branch’s numbers, whatever the query forges; a delivery shown as the docs say; no personal data in the state or in the socket it follows', async () => {
    const before = await pickup('ent=E1001&shop=S101&base=B201')
    expect(before.status).toBe(200)
    const day = before.body.businessDay as string
    const theirDay = (await pickup('ent=E2002&shop=S901&base=B901')).body.businessDay as string
    const socket = openSocket(url, `ent=E1001&shop=S101&base=B201&after=${before.body.position}`)
    await socket.next((f) => f.kind === 'ready')

    const here = await paidOrder('B201', 'S101', { Remarks: 'SECRET-PICKUP-REMARK' })
    const ready = await paidOrder('B201')
    ok(await as(cook, 'KitchenTicketBump', { TicketID: (await ticketOf(ready.orderId)).TicketID }))
    const delivered = await paidOrder('B201', 'S101', { ServiceType: 'delivery', Delivery: DELIVERY })
    const sameShop = await paidOrder('B202')
    const otherShop = await paidOrder('B203', 'S102')
    const r = await round('B201-A03', 'SECRET-PICKUP-ROUND')
    // Another enterprise's orders, one forged onto OUR branch id, one at its own branch.
    const forged = await insertOrderRow(server.db)
    const theirs = await insertOrderRow(server.db)
    for (const [orderId, base, no] of [
      [forged, 'B201', '9901'],
      [theirs, 'B901', '9902']
    ] as const) {
      await server.db
        .updateTable('orders')
        .set({ ent_id: 'E2002', shop_id: base === 'B201' ? 'S101' : 'S901', base_id: base, status: ORDER_STATUS.PAID, kitchen_stage: 'preparing', pickup_no: no, business_day: base === 'B201' ? day : theirDay, paid_at: new Date().toISOString() })
        .where('order_id', '=', orderId)
        .execute()
    }

    const state = await pickup('ent=E1001&shop=S101&base=B201')
    expect(state.status).toBe(200)
    const shown = numbers(state.body)
    for (const o of [here, ready, delivered]) expect({ no: o.pickupNo, shown: shown.includes(o.pickupNo) }).toEqual({ no: o.pickupNo, shown: true })
    expect(state.body.ready.map((e: { ref: string }) => e.ref)).toContain(progressRef(ready.orderId))
    const refs = [...state.body.preparing, ...state.body.ready].map((e: { ref: string }) => e.ref)
    for (const o of [sameShop, otherShop]) expect(refs).not.toContain(progressRef(o.orderId))
    expect(refs).not.toContain(progressRef(r.roundId))
    expect(refs).not.toContain(progressRef(forged))
    expect(shown).not.toContain('9901')
    expect(shown).not.toContain('9902')
    // The other enterprise's own screen has its own number, never ours.
    const theirState = await pickup('ent=E2002&shop=S901&base=B901')
    expect(numbers(theirState.body)).toEqual(['9902'])

    // Nothing personal, nothing of an order but its number and ref.
    const secrets = [
      here.orderId,
      ready.orderId,
      delivered.orderId,
      r.sheetId,
      r.roundId,
      forged,
      'SECRET-',
      DELIVERY.Contact,
      DELIVERY.Phone,
      '6698',
      DELIVERY.Address,
      'Rua Secreta',
      String(DELIVERY.Lat).slice(0, 7),
      member.phone,
      'Socket Sabine',
      'A03',
      ...[...here.amounts, ...delivered.amounts].map((a) => `"${a}"`)
    ]
    for (const text of secrets) expect({ text, found: withoutRefs(state.text).includes(text) }).toEqual({ text, found: false })
    expect(state.text).not.toMatch(/"(amount|Amount|table|TableID|SheetID|orderId|goods|phone|contact|address|lat|lng|remarks|vip|member)"/i)
    for (const entry of [...state.body.preparing, ...state.body.ready]) expect(Object.keys(entry).sort()).toEqual(expect.arrayContaining(['pickupNo', 'ref']))
    for (const entry of state.body.preparing) expect(Object.keys(entry).sort()).toEqual(['pickupNo', 'ref'])
    for (const entry of state.body.ready) expect(Object.keys(entry).sort()).toEqual(['pickupNo', 'readyAt', 'ref'])

    // The socket the screen follows from its position: this branch's progress only, nothing personal.
    const last = await marker()
    await socket.next(upTo(last))
    const seen = refsOf(socket)
    for (const o of [here, ready, delivered]) expect(seen.has(progressRef(o.orderId))).toBe(true)
    for (const o of [sameShop, otherShop]) expect(seen.has(progressRef(o.orderId))).toBe(false)
    for (const text of secrets) expect({ text, found: withoutRefs(socket.raw).includes(text) }).toEqual({ text, found: false })
    await socket.close()

    // Forged queries: repeated keys (the first counts), arrays, unknown or other enterprises, shops and branches.
    const first = await pickup('ent=E1001&ent=E2002&shop=S101&shop=S102&base=B201&base=B202')
    expect(first.status).toBe(200)
    expect(numbers(first.body).sort()).toEqual(numbers((await pickup('ent=E1001&shop=S101&base=B201')).body).sort())
    const refusals: [string, number][] = [
      ['ent=E2002&shop=S101&base=B201', 404],
      ['ent=E2002&shop=S901&base=B201', 404],
      ['ent=E1001&shop=S101&base=B901', 404],
      ['ent=E1001&shop=S901&base=B901', 404],
      ['ent=E1001&shop=S101&base=B203', 404],
      ['ent=E1001&shop=S102&base=B201', 404],
      ['ent=E9999&shop=S101&base=B201', 404],
      ['ent=E2002&ent=E1001&shop=S101&base=B201', 404],
      ['ent=E1001&shop=S101&base[]=B201', 400],
      ['ent[]=E1001&shop=S101&base=B201', 400],
      ['ent=E1001&shop=S101', 400],
      ['ent=E1001&shop=S101&base=B201%00', 400],
      ['ent=E1001&shop=S101&base=B201%27--', 400]
    ]
    for (const [query, expected] of refusals) expect({ query, status: (await pickup(query)).status }).toEqual({ query, status: expected })
  })
})
