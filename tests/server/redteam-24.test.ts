/**
 * Red team of issue 24's live streams (docs/live-events.md, server/src/http/live.route.ts), kept
 * as tests, on SQLite and (with DATABASE_URL) PostgreSQL, through the real app on a real port:
 *
 *   - another enterprise's events (even ones naming this enterprise's shop and branch ids) never
 *     reach a stream, public or staff, whatever ent/shop/base the query forges; a staff token of
 *     one enterprise asking for another's branch is refused;
 *   - a diner's public stream carries only the public kinds, and `order.progress` only a hash ref,
 *     a pickup number and a stage: no ticket, table, goods, add-on, remark, amount or order id in
 *     its bytes;
 *   - a staff stream of B201 never carries B202's tickets;
 *   - a removed person's, an unpaired device's and a signed-out session's streams end; a cashier
 *     without the branch in scope, or a device session asking for another branch, is refused;
 *   - cursor games: malformed Last-Event-ID / after → 400; a cursor from the future or from
 *     another database → `reset` at the current position, never other data;
 *   - 10,000 connections (raw sockets from a child process, 100 per source address 127.0.0.x:
 *     the default per-client limit) held idle while a new order's ticket still reaches a kitchen
 *     board; the 10,001st answers 503 (the total limit); the server's memory is printed and bounded;
 *   - a reader that never reads is handed nothing more once more than its limit waits for it, is
 *     dropped when it still has not read two heartbeats later, and comes back from its cursor with
 *     nothing lost and nothing twice; a reader that keeps up takes a 14 MB catch-up whole;
 *   - the per-client and total limits answer 503 with Retry-After (IPv6 clients of one /64 count
 *     as one client).
 *
 * Arrival is asserted with generous timeouts, never a time; the figures are printed.
 */
import { fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import Fastify from 'fastify'
import { progressRef } from '../../server/src/domain/kitchen/progress-ref'
import { liveRoutes } from '../../server/src/http/live.route'
import { appendEventNow } from '../../server/src/live/outbox'
import { seedEnterprise } from '../../server/src/storage/seed'
import type { Tally } from './helpers/idle-streams'
import { LiveReader } from './helpers/live-reader'
import { makeMember } from './helpers/member-fixtures'
import { clientLine, gid, openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { listen, openStream } from './helpers/sse-client'
import { addPerson, ownerOf, pairDevice, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { baysideEnterprise } from './helpers/bayside-enterprise'
import { serverCommand } from '../support/server-commands'

const ENT = 'E1001'
const PG = Boolean(process.env.DATABASE_URL)
const PUBLIC_KINDS = ['goods.soldOut', 'addOn.soldOut', 'menu.changed', 'order.progress']

const otherEnterprise = baysideEnterprise

let server: TestServer
let url: string
let owner: StaffSession
let cook: StaffSession
let cookB202: StaffSession
let ownerE2: StaffSession
let codes: Record<string, string> = {}
let seq = 0

beforeAll(async () => {
  // A 6-s connection timeout: streams ping (and staff streams look at their session) every 2 s.
  server = await createTestServer({ requestTimeoutMs: 6000 }, { demoMenus: true })
  await openAllDay(server.db)
  await server.db.updateTable('enterprise_settings').set({ parm_value: '1' }).where('ent_id', '=', ENT).where('parm_id', 'in', ['CYSheetGoodsQuaEdit', 'CYSheetSentQuaLower']).execute()
  await seedEnterprise(server.db, otherEnterprise)
  owner = await ownerOf(server)
  cook = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201' })
  cookB202 = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B202' })
  ownerE2 = await ownerOf(server, 'E2002')
  const rows = await server.db.selectFrom('qr_codes').select(['table_id', 'code']).where('table_id', 'is not', null).execute()
  codes = Object.fromEntries(rows.map((r) => [r.table_id, r.code]))
  url = await listen(server.app)
}, 120_000)
afterAll(() => server?.close())

const as = (who: StaffSession, op: string, record: Record<string, unknown> = {}) => server.call(op, [record], { entId: who.entId, headers: who.headers })
const auth = (who: StaffSession) => ({ authorization: `Bearer ${who.token}` })
const lastId = async (entId = ENT) => Number((await server.db.selectFrom('event_counters').select('last_id').where('ent_id', '=', entId).executeTakeFirst())?.last_id ?? 0)
const append = (entId: string, shopId: string, baseId: string | null, kind: string, payload: Record<string, unknown>) =>
  server.db.transaction().execute((trx) => appendEventNow(trx, { entId, shopId, baseId, kind, payload }))

/** The status of a request (the body thrown away). */
async function status(pathAndQuery: string, headers: Record<string, string> = {}): Promise<{ status: number; retryAfter: string | null; body: string }> {
  const res = await fetch(`${url}${pathAndQuery}`, { headers })
  const isStream = (res.headers.get('content-type') ?? '').startsWith('text/event-stream')
  const body = isStream ? '' : await res.text()
  if (isStream) await res.body?.cancel()
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body }
}

/** A round at a B201 table: the sheet and the round. */
async function round(tableId: string, lines = [soupLine('2')], remarks = '') {
  const headers = { 'X-Device-Key': `redteam-24-phone-${++seq}-0123456789` }
  const res = await server.call(
    'MealPosOrderSubmit',
    [{ ShopID: 'S101', BaseID: 'B201', TableID: tableId, QRCode: codes[tableId], ServiceType: 'dinein', RequestKey: requestKey(), Remarks: remarks, Lines: lines }],
    { headers, lang: 'zh-TW' }
  )
  const data = ok(res)
  return { sheetId: data.table1[0].SheetID as string, roundId: data.table2[0].SheetID as string, headers }
}

/** A prepay takeaway order, paid from a member's balance: reaches the kitchen. */
async function paidOrder(baseId = 'B201', lines = [soupLine('1')], remarks = '') {
  const m = await makeMember(server.db, { name: `Red ${++seq}`, balance: '1000' })
  const placed = await server.call('OrderSubmit', [{ ...takeaway(lines, { BaseID: baseId, Remarks: remarks }), RequestKey: requestKey() }], { headers: m.headers })
  const order = ok(placed).table1[0]
  ok(await server.call('BalancePay', [{ SheetID: order.SheetID, RequestKey: requestKey() }], { headers: m.headers }))
  return { orderId: order.SheetID as string, amount: String(order.Amount), text: placed.text }
}

/** Switches the soup sold out and back through the staff operation: a public event to wait for. */
async function marker(): Promise<number> {
  ok(await as(owner, 'GoodsSoldOutSet', { ShopID: 'S101', GoodsID: gid('F01'), SoldOut: 1, Reason: 'red team marker' }))
  ok(await as(owner, 'GoodsSoldOutSet', { ShopID: 'S101', GoodsID: gid('F01'), SoldOut: 0, Reason: 'red team marker' }))
  return lastId()
}
const upTo = (id: number) => (m: { id: string | number | null }) => m.id !== null && Number(m.id) >= id

describe('enterprises', () => {
  test('another enterprise’s events never reach a stream, public or staff, whatever the query names', async () => {
    const from = await lastId()
    const fromE2 = await lastId('E2002')
    // Refused: another enterprise's shop under this enterprise, a branch of the other enterprise.
    expect((await status('/live/events?ent=E2002&shop=S101')).status).toBe(404)
    expect((await status('/live/events?ent=E1001&shop=S901')).status).toBe(404)
    expect((await status('/live/poll?ent=E2002&shop=S101&after=0')).status).toBe(404)
    expect((await status('/live/staff?base=B201', auth(ownerE2))).status).toBe(404)
    expect((await status('/live/staff/poll?base=B201&after=0', auth(ownerE2))).status).toBe(404)
    expect((await status('/live/staff?base=B901', auth(owner))).status).toBe(404)
    expect((await status('/live/staff?base=B901&ent=E2002', auth(cook))).status).toBe(404)
    // A branch of the other enterprise named under this shop: no such branch here.
    expect((await status('/live/events?ent=E1001&shop=S101&base=B901')).status).toBe(404)

    // Open: every way of naming the other enterprise that is still answered.
    const ours = [
      openStream(`${url}/live/events?ent=E1001&shop=S101&after=${from}`),
      openStream(`${url}/live/events?ent=E1001&ent=E2002&shop=S101&after=${from}`),
      openStream(`${url}/live/staff?base=B201&ent=E2002&shop=S901&after=${from}`, auth(cook)),
      openStream(`${url}/live/staff?base=B201&after=${from}`, auth(owner))
    ]
    const theirs = [openStream(`${url}/live/events?ent=E2002&shop=S901&after=${fromE2}`), openStream(`${url}/live/staff?base=B901&ent=E1001&shop=S101&after=${fromE2}`, auth(ownerE2))]
    for (const s of [...ours, ...theirs]) {
      await s.opened
      expect(s.status).toBe(200)
    }

    // The other enterprise writes events that name OUR shop and branch ids (and its own).
    const secret = 'E2002-SECRET'
    await append('E2002', 'S101', 'B201', 'ticket.sent', { ticket: { TicketID: `${secret}-ticket`, BaseID: 'B201', ShopID: 'S101', OrderID: `${secret}-order`, Lines: [] } })
    await append('E2002', 'S101', null, 'goods.soldOut', { goodsId: `${secret}-goods`, soldOut: true })
    await append('E2002', '', null, 'menu.changed', { version: `${secret}-version` })
    await append('E2002', 'S101', 'B201', 'order.progress', { ref: `${secret}-ref`, pickupNo: '', stage: 'preparing' })
    await append('E2002', 'S901', 'B901', 'order.progress', { ref: `${secret}-own`, pickupNo: '7', stage: 'preparing' })
    // Ours: a real round at B201, then a public marker.
    const r = await round('B201-A01')
    const ourLast = await marker()
    const theirLast = (await append('E2002', 'S901', null, 'goods.soldOut', { goodsId: 'E2002-MARK', soldOut: true })).id

    for (const s of ours) await s.next(upTo(ourLast), 20_000)
    for (const s of theirs) await s.next(upTo(theirLast), 20_000)
    for (const s of ours) expect(s.raw).not.toContain('E2002')
    // The staff streams did get our round (the test is not empty).
    for (const s of ours.slice(2)) expect(s.messages.some((m) => m.event === 'ticket.sent' && m.data.ticket.OrderID === r.roundId)).toBe(true)
    for (const s of theirs) {
      expect(s.raw).not.toContain(r.roundId)
      expect(s.raw).not.toContain(gid('F01'))
      expect(s.raw).not.toContain('B201')
    }
    // Their own public stream has their own progress, never the one naming our branch.
    expect(theirs[0].raw).toContain(`${secret}-own`)
    expect(theirs[0].raw).not.toContain(`${secret}-ref`)
    for (const s of [...ours, ...theirs]) s.close()

    // The polls the same.
    const poll = await status(`/live/poll?ent=E1001&shop=S101&after=${from}`)
    expect(poll.status).toBe(200)
    expect(poll.body).not.toContain('E2002')
    const staffPoll = await status(`/live/staff/poll?base=B201&ent=E2002&after=${from}`, auth(cook))
    expect(staffPoll.status).toBe(200)
    expect(staffPoll.body).toContain(r.roundId)
    expect(staffPoll.body).not.toContain('E2002')
  })
})

describe('what a diner’s public stream carries', () => {
  test('only the public kinds; order.progress only a ref, a pickup number and a stage; no ticket, table, goods, remark, amount or order id in its bytes', async () => {
    const from = await lastId()
    const streams = [openStream(`${url}/live/events?ent=E1001&shop=S101&after=${from}`), openStream(`${url}/live/events?ent=E1001&shop=S101&base=B201&after=${from}`)]
    const board = openStream(`${url}/live/staff?base=B201&after=${from}`, auth(cook))
    for (const s of [...streams, board]) await s.opened

    const noodles = await clientLine(server, { code: 'C01', sku: 'SMALL', addOns: ['WONTON3'] })
    const r = await round('B201-A02', [soupLine('2'), noodles.input], 'SECRET-REMARK-ROUND')
    ok(await server.call('PosSheetGoodsQuaEdit', [{ SheetID: r.sheetId, RoundID: r.roundId, LineNo: 1, Qua: 3, QRCode: codes['B201-A02'] }], { headers: r.headers }))
    const paid = await paidOrder('B201', [soupLine('2')], 'SECRET-REMARK-ORDER')
    const cancelled = await paidOrder('B201', [noodles.input])
    const ticket = await board.next((m) => m.event === 'ticket.sent' && m.data.ticket.OrderID === paid.orderId, 20_000)
    ok(await as(cook, 'KitchenTicketBump', { TicketID: ticket.data.ticket.TicketID }))
    ok(await as(owner, 'StaffOrderComplete', { SheetID: paid.orderId }))
    ok(await as(owner, 'StaffOrderCancel', { SheetID: cancelled.orderId, Reason: 'SECRET-REASON' }))
    const last = await marker()
    for (const s of [...streams, board]) await s.next(upTo(last), 20_000)

    // What must not be there: every id, name and amount of these orders and their tickets.
    const orderIds = [r.sheetId, r.roundId, paid.orderId, cancelled.orderId]
    const ticketIds = board.messages.filter((m) => m.data?.ticket).map((m) => m.data.ticket.TicketID as string)
    expect(ticketIds.length).toBeGreaterThanOrEqual(4)
    const goods = await server.db.selectFrom('goods').select('names').where('goods_id', 'in', [gid('F01'), gid('C01')]).execute()
    const addOns = await server.db.selectFrom('goods_add_ons').select('names').where('goods_id', '=', gid('C01')).execute()
    const names = [...goods, ...addOns].flatMap((g) => Object.values(JSON.parse(g.names) as Record<string, string>))
    const amounts = (await server.db.selectFrom('orders').select(['amount', 'goods_amount']).where('order_id', 'in', orderIds).execute()).flatMap((o) => [o.amount, o.goods_amount])
    const forbidden = [
      ...orderIds,
      ...ticketIds,
      'B201-A02',
      'Table A02',
      'A02 号桌',
      'A02 號枱',
      '"A02"',
      ...names,
      'SECRET-REMARK-ROUND',
      'SECRET-REMARK-ORDER',
      'SECRET-REASON',
      ...amounts.map((a) => `"${a}"`),
      ...amounts.filter((a) => a.includes('.')),
      'ticket',
      'Ticket',
      'Lines',
      'Goods',
      'Amount',
      'Table',
      'Qua'
    ]
    expect(names.length).toBeGreaterThanOrEqual(6)
    for (const s of streams) {
      for (const text of forbidden) expect({ text, found: s.raw.includes(text) }).toEqual({ text, found: false })
      const messages = s.messages.filter((m) => m.event !== 'ready' && m.event !== 'reset' && m.data !== undefined)
      for (const m of messages) expect(PUBLIC_KINDS).toContain(m.event)
      const progress = messages.filter((m) => m.event === 'order.progress')
      for (const m of progress) {
        expect(Object.keys(m.data).sort()).toEqual(['baseId', 'kind', 'pickupNo', 'ref', 'shopId', 'stage'])
        expect(m.data.ref).toMatch(/^[0-9a-f]{20}$/)
      }
      // Not empty: each order's progress is there, under its hash.
      const refs = new Map(progress.map((m) => [m.data.ref, m.data.stage]))
      expect(refs.get(progressRef(r.roundId))).toBe('preparing')
      expect(progress.filter((m) => m.data.ref === progressRef(paid.orderId)).map((m) => m.data.stage)).toEqual(['preparing', 'ready', 'collected'])
      expect(progress.filter((m) => m.data.ref === progressRef(cancelled.orderId)).map((m) => m.data.stage)).toEqual(['preparing', 'cancelled'])
    }
    // The poll is the same outbox under the same rule.
    const poll = await status(`/live/poll?ent=E1001&shop=S101&after=${from}`)
    for (const text of forbidden) expect({ text, found: poll.body.includes(text) }).toEqual({ text, found: false })
    expect(poll.body).toContain(progressRef(paid.orderId))
    for (const s of [...streams, board]) s.close()
  })
})

describe('branches and sessions', () => {
  test('a staff stream of B201 never carries B202’s tickets', async () => {
    const from = await lastId()
    const b201 = [openStream(`${url}/live/staff?base=B201&after=${from}`, auth(owner)), openStream(`${url}/live/staff?base=B201&after=${from}`, auth(cook))]
    const b202 = openStream(`${url}/live/staff?base=B202&after=${from}`, auth(cookB202))
    const far = await paidOrder('B202')
    const near = await round('B201-A04')
    await b202.next((m) => m.event === 'ticket.sent' && m.data.ticket.OrderID === far.orderId, 20_000)
    for (const s of b201) await s.next((m) => m.event === 'ticket.sent' && m.data.ticket.OrderID === near.roundId, 20_000)
    const last = await marker()
    for (const s of [...b201, b202]) await s.next(upTo(last), 20_000)
    for (const s of b201) {
      expect(s.raw).not.toContain(far.orderId)
      expect(s.raw).not.toContain('B202')
      expect(s.messages.filter((m) => m.data?.baseId !== undefined).every((m) => m.data.baseId === 'B201' || m.data.baseId === null)).toBe(true)
    }
    expect(b202.raw).not.toContain(near.roundId)
    const poll = await status(`/live/staff/poll?base=B201&after=${from}`, auth(owner))
    expect(poll.body).toContain(near.roundId)
    expect(poll.body).not.toContain(far.orderId)
    for (const s of [...b201, b202]) s.close()
  })

  test('a cashier without the branch is refused; a removed person’s, an unpaired device’s and a signed-out session’s streams end', async () => {
    const cashierB202 = await personWithRole(server, owner, 'cashier', { shopIds: 'S101', baseIds: 'B202' })
    const cashierB201 = await personWithRole(server, owner, 'cashier', { shopIds: 'S101', baseIds: 'B201' })
    expect((await status('/live/staff?base=B201', auth(cashierB202))).status).toBe(403)
    expect((await status('/live/staff/poll?base=B201&after=0', auth(cashierB202))).status).toBe(403)
    expect((await status('/live/staff?base=B201', auth(cashierB201))).status).toBe(200)
    // A manager's role without the branch, and a shop outside the person's shops.
    const managerS102 = await personWithRole(server, owner, 'manager', { shopIds: 'S102' })
    expect((await status('/live/staff?base=B201', auth(managerS102))).status).toBe(403)

    // A kitchen tablet: a PIN session beside its device; asking for another branch is refused.
    const { deviceId, deviceToken } = await pairDevice(server, owner, 'S101', 'B201', 'kitchen')
    const person = await addPerson(server, owner, 'kitchen', { shopIds: 'S101', baseIds: '', pin: '1357' })
    const pinToken = ok(await server.call('StaffPinLogin', [{ StaffID: person.staffId, Pin: '1357' }], { entId: ENT, headers: { 'X-Staff-Device': deviceToken } })).table1[0].Token as string
    const onDevice = { authorization: `Bearer ${pinToken}`, 'x-staff-device': deviceToken }
    expect((await status('/live/staff?base=B202', onDevice)).status).toBe(403)
    const tablet = openStream(`${url}/live/staff?base=B201`, onDevice)
    await tablet.next((m) => m.event === 'ready')

    const leaving = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201' })
    const leaver = openStream(`${url}/live/staff?base=B201`, auth(leaving))
    const signingOut = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201' })
    const signer = openStream(`${url}/live/staff?base=B201`, auth(signingOut))
    const staying = openStream(`${url}/live/staff?base=B201`, auth(cook))
    for (const s of [leaver, signer, staying]) await s.next((m) => m.event === 'ready')

    ok(await as(owner, 'StaffDeviceRemove', { DeviceID: deviceId, Reason: 'lost' }))
    ok(await as(owner, 'StaffRemove', { StaffID: leaving.staffId, Reason: 'left' }))
    ok(await server.call('StaffSignOut', [{}], { entId: ENT, headers: signingOut.headers }))
    await Promise.all([tablet.ended, leaver.ended, signer.ended])
    // And they cannot come back.
    expect((await status('/live/staff?base=B201', onDevice)).status).toBe(401)
    expect((await status('/live/staff?base=B201', auth(leaving))).status).toBe(401)
    expect((await status('/live/staff?base=B201', auth(signingOut))).status).toBe(401)
    // The cook's stream goes on.
    const r = await round('B201-A05')
    await staying.next((m) => m.event === 'ticket.sent' && m.data.ticket.OrderID === r.roundId, 20_000)
    for (const s of [tablet, leaver, signer]) expect(s.raw).not.toContain(r.roundId)
    for (const s of [tablet, leaver, signer, staying]) s.close()
  })
})

describe('cursor games', () => {
  const routes = () => [
    { name: 'public', stream: '/live/events?ent=E1001&shop=S101', poll: '/live/poll?ent=E1001&shop=S101', headers: {} as Record<string, string> },
    { name: 'staff', stream: '/live/staff?base=B201', poll: '/live/staff/poll?base=B201', headers: auth(cook) }
  ]

  test('a malformed cursor is 400, in the header or the query', async () => {
    const bad = ['-1', '-0', '1e3', 'abc', '0x10', '1.5', '+5', '12345678901234567890', '9'.repeat(16), '١٢', '5 6', '5, 6', 'NaN', 'Infinity']
    for (const route of routes()) {
      for (const cursor of bad) {
        // (A header carries bytes only: the Arabic digits go in the query.)
        if (/^[\x20-\x7e]*$/.test(cursor)) {
          expect({ route: route.name, cursor, status: (await status(route.stream, { ...route.headers, 'last-event-id': cursor })).status }).toEqual({ route: route.name, cursor, status: 400 })
        }
        expect({ route: route.name, cursor, status: (await status(`${route.stream}&after=${encodeURIComponent(cursor)}`, route.headers)).status }).toEqual({ route: route.name, cursor, status: 400 })
        expect({ route: route.name, cursor, status: (await status(`${route.poll}&after=${encodeURIComponent(cursor)}`, route.headers)).status }).toEqual({ route: route.name, cursor, status: 400 })
      }
      // The header wins over the query: a bad header is not saved by a good `after`.
      expect((await status(`${route.stream}&after=1`, { ...route.headers, 'last-event-id': '-1' })).status).toBe(400)
    }
  })

  test('a cursor from the future or from another database gets a reset at the current position, then only what comes after', async () => {
    for (const route of routes()) {
      for (const make of [(n: number) => n + 1, (n: number) => n + 100_000, () => 999_999_999_999_999, () => -1]) {
        const now = await lastId()
        // -1: the other enterprise's counter, as a cursor carried over from its stream.
        const cursor = String(make(now) === -1 ? await lastId('E2002') : make(now))
        const s = openStream(`${url}${route.stream}`, { ...route.headers, 'last-event-id': cursor })
        const first = await s.next(() => true)
        if (Number(cursor) <= now) {
          // A number that happens to be a valid cursor of this enterprise: resumed, nothing of the other's.
          expect(first.event).toBe('ready')
          s.close()
          continue
        }
        expect({ route: route.name, cursor, event: first.event, id: first.id }).toEqual({ route: route.name, cursor, event: 'reset', id: String(now) })
        const r = await round('B201-A06')
        const after = await marker()
        await s.next(upTo(after), 20_000)
        const ids = s.messages.filter((m) => m.id !== null).map((m) => Number(m.id))
        expect(ids[0]).toBe(now)
        expect(ids.slice(1).every((id) => id > now)).toBe(true)
        if (route.name === 'staff') expect(s.messages.some((m) => m.data?.ticket?.OrderID === r.roundId)).toBe(true)
        s.close()
        // The poll the same, with the same kind of cursor made from the position now.
        const position = await lastId()
        const polled = JSON.parse((await status(`${route.poll}&after=${make(position)}`, route.headers)).body)
        expect(polled).toEqual({ position, reset: true, more: false, events: [] })
      }
    }
  }, 120_000)
})

describe('load and abuse', () => {
  /** The idle-stream child (helpers/idle-streams.ts). */
  async function idleClients(): Promise<{ child: ChildProcess; ask<T>(message: object, key: string): Promise<T> }> {
    const child = fork(serverCommand('helpers/idle-streams')[0], [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve())
      child.once('exit', (code) => reject(new Error(`idle-streams child exited with ${code}`)))
    })
    return {
      child,
      ask: <T>(message: object, key: string) =>
        new Promise<T>((resolve) => {
          const on = (m: Record<string, T>) => {
            if (key in m) {
              child.off('message', on)
              resolve(m[key])
            }
          }
          child.on('message', on)
          child.send(message)
        })
    }
  }

  // This process holds the server's side of every connection (and the child the clients'): it needs
  // more than 10,000 open files. Where the limit is lower the test says so and does not run.
  const openFiles = (() => {
    try {
      return Number(/^Max open files\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? Infinity)
    } catch {
      return Infinity
    }
  })()
  if (openFiles < 10_500) console.log(`redteam-24: the 10,000-connection test needs more than 10,000 open files (ulimit -n is ${openFiles}): skipped`)
  const manyFiles = openFiles < 10_500 ? test.skip : test

  manyFiles('10,000 connections held idle: a new order still reaches the kitchen board, the 10,001st is refused (503, Retry-After), memory stays bounded', async () => {
    const port = Number(new URL(url).port)
    const mb = (n: number) => Math.round(n / 1024 / 1024)
    const before = process.memoryUsage()
    const board = new LiveReader({ url: () => `${url}/live/staff?base=B201`, headers: () => auth(cook), after: await lastId() }).start()
    await board.next((m) => m.event === 'ready')
    const clients = await idleClients()
    try {
      const started = Date.now()
      // 100 source addresses × 100 (the per-client limit): with the board that is 10,001, one over the total.
      const opened = await clients.ask<Tally>({ open: { port, path: '/live/events?ent=E1001&shop=S101', count: 10_000, firstAddress: 2, perAddress: 100, batch: 250 } }, 'opened')
      const during = process.memoryUsage()
      console.log(
        `redteam-24 (${PG ? 'PostgreSQL' : 'SQLite'}): ${opened.ready} idle streams open in ${Math.round((Date.now() - started) / 1000)} s, ${opened.refused} refused (503), ${opened.failed} failed ${opened.errors.join('; ')}; ` +
          `server process RSS ${mb(before.rss)} → ${mb(during.rss)} MB, heap ${mb(before.heapUsed)} → ${mb(during.heapUsed)} MB ` +
          `(${Math.round((during.heapUsed - before.heapUsed) / Math.max(1, opened.ready))} bytes of heap per stream)`
      )
      expect(opened).toMatchObject({ ready: 9_999, refused: 1, retryAfter: 1, failed: 0 })
      // Full: another from an address with room (total) and one from a full address (per client).
      for (const address of ['127.0.0.250', '127.0.0.2']) {
        const answer = await new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
          http.get(`${url}/live/events?ent=E1001&shop=S101`, { localAddress: address }, (res) => {
            resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined })
            res.resume()
          }).on('error', reject)
        })
        expect(answer).toEqual({ status: 503, retryAfter: '5' })
      }
      // An order: its ticket reaches the board, and its progress the idle diners.
      const r = await round('B201-A01')
      const t = Date.now()
      await board.next((m) => m.event === 'ticket.sent' && m.data.ticket.OrderID === r.roundId, 60_000)
      console.log(`redteam-24: with ${opened.ready} idle streams the ticket reached the board ${Date.now() - t} ms after the order was answered`)
      // Ten seconds of heartbeats later the idle streams are all still there, memory no higher to speak of.
      await new Promise((resolve) => setTimeout(resolve, 10_000))
      const held = await clients.ask<Tally>({ tally: true }, 'tally')
      const after = process.memoryUsage()
      console.log(`redteam-24: after 10 s idle, ${held.ready - held.endedByServer} still open; RSS ${mb(after.rss)} MB, heap ${mb(after.heapUsed)} MB`)
      expect(held.endedByServer).toBe(0)
      expect(board.connections).toBe(1)
      // Bounded: the heap grows by well under 50 KB per held stream (measured: about 15 KB on either database).
      expect(after.heapUsed - before.heapUsed).toBeLessThan(10_000 * 50 * 1024)
    } finally {
      board.stop()
      clients.child.send({ close: true })
      await new Promise((resolve) => clients.child.once('exit', resolve))
    }
    // Their places are free again. While ten thousand sockets close, a connection may be reset
    // (a slow machine's clean-clone run saw ECONNRESET here): that is "not yet", as a 503 is.
    for (let i = 0; i < 100; i++) {
      const s = await status('/live/events?ent=E1001&shop=S101').catch(() => null)
      if (s?.status === 200) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect((await status('/live/events?ent=E1001&shop=S101')).status).toBe(200)
  }, 300_000)

  test('a reader that never reads is held back once over its limit, then dropped, and comes back from its cursor with nothing lost and nothing twice; a reader that keeps up gets a long catch-up whole', async () => {
    const from = await lastId()
    const streamUrl = `${url}/live/events?ent=E1001&shop=S101`
    // The slow reader takes its `ready`, then reads nothing more (its socket stops being read).
    const slow = await new Promise<{ res: http.IncomingMessage; text: string }>((resolve, reject) => {
      http
        .get(`${streamUrl}&after=${from}`, { headers: { accept: 'text/event-stream' } }, (res) => {
          let text = ''
          res.setEncoding('utf8')
          const first = (chunk: string) => {
            text += chunk
            if (text.includes('event: ready')) {
              res.off('data', first)
              res.pause()
              resolve({ res, text })
            }
          }
          res.on('data', first)
        })
        .on('error', reject)
    })
    // A reader that keeps up (reconnecting as it must): when it has the last event, the hub has handed everything to both.
    const keeper = new LiveReader({ url: () => streamUrl, after: from }).start()
    let back: LiveReader | null = null
    try {
      // About 14 MB of diners' events: far more than the socket buffers (a few MB) and the 1 MB limit.
      const pad = 'x'.repeat(48 * 1024)
      const written: number[] = []
      for (let i = 0; i < 300; i++) written.push((await append(ENT, 'S101', null, 'goods.soldOut', { goodsId: `pad-${i}`, soldOut: true, pad })).id)
      const last = (await append(ENT, 'S101', null, 'goods.soldOut', { goodsId: 'slow-reader-last', soldOut: true })).id
      written.push(last)
      await keeper.next((m) => m.id === last, 120_000)
      // The server stopped handing the slow reader events once over the limit, and drops it when it
      // still has not read two heartbeats later: wait three (the server's timer, in this process, runs first).
      await new Promise((resolve) => setTimeout(resolve, 3 * (server.config.requestTimeoutMs / 3)))

      // The slow reader reads again: what it gets stops short of the last event, and the server has ended it.
      const got = await new Promise<{ text: string; complete: boolean }>((resolve) => {
        let text = slow.text
        let done = false
        const finish = (complete: boolean) => {
          if (done) return
          done = true
          resolve({ text, complete })
        }
        slow.res.on('data', (chunk: string) => {
          text += chunk
          // Not ended, and the last event came through: it was never dropped.
          if (text.includes(`id: ${last}\n`)) finish(false)
        })
        slow.res.on('end', () => finish(true))
        slow.res.on('aborted', () => finish(false))
        slow.res.on('error', () => finish(false))
        slow.res.on('close', () => finish(slow.res.complete))
        slow.res.resume()
      })
      slow.res.destroy()
      const frames = got.text.split('\n\n').slice(0, -1)
      const firstIds = frames.map((f) => /^id: (\d+)$/m.exec(f)?.[1]).filter((id): id is string => id !== undefined).map(Number)
      const cursor = firstIds[firstIds.length - 1]
      console.log(`redteam-24: the slow reader was ended after ${firstIds.length - 1} of ${written.length} events (${Math.round(got.text.length / 1024)} KB); the keeper took ${keeper.connections} connection(s)`)
      expect(firstIds).not.toContain(last)
      expect(cursor).toBeLessThan(last)

      // Back from its cursor (as often as it is dropped again on the way): every event once, in order.
      back = new LiveReader({ url: () => streamUrl, after: cursor }).start()
      await back.next((m) => m.id === last, 120_000)
      const eventIds = (messages: { id: number | null; event: string }[]) => messages.filter((m) => m.event === 'goods.soldOut').map((m) => m.id as number)
      const all = [...firstIds.slice(1), ...eventIds(back.messages)]
      expect(all).toEqual(written)
      expect(eventIds(keeper.messages)).toEqual(written)
    } finally {
      keeper.stop()
      back?.stop()
      slow.res.destroy()
    }
  }, 240_000)

  test('the per-client and total limits answer 503 with Retry-After; IPv6 addresses of one /64 are one client', async () => {
    const bounded = Fastify({ trustProxy: true })
    await bounded.register(liveRoutes, { db: server.db, config: server.config, maxConnections: 4, maxPerClient: 2 })
    await bounded.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(bounded.server.address() as { port: number }).port}`
    const held: http.ClientRequest[] = []
    const open = (pathAndQuery: string, headers: Record<string, string>) =>
      new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
        const req = http.get(`${base}${pathAndQuery}`, { headers }, (res) => {
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined })
          if (res.statusCode !== 200) res.resume()
        })
        req.on('error', reject)
        held.push(req)
      })
    const pub = '/live/events?ent=E1001&shop=S101'
    try {
      // One phone's /64, two of its privacy addresses: one client.
      expect(await open(pub, { 'x-forwarded-for': '2001:db8:66:1::a' })).toMatchObject({ status: 200 })
      expect(await open(pub, { 'x-forwarded-for': '2001:db8:66:1:1234:5678:9abc:def0' })).toMatchObject({ status: 200 })
      expect(await open(pub, { 'x-forwarded-for': '2001:db8:66:1::b' })).toEqual({ status: 503, retryAfter: '5' })
      expect(await open('/live/staff?base=B201', { ...auth(cook), 'x-forwarded-for': '2001:db8:66:1::c' })).toEqual({ status: 503, retryAfter: '5' })
      // Two more clients fill the process; a fifth stream, of anyone, is refused.
      expect(await open(pub, { 'x-forwarded-for': '10.0.0.1' })).toMatchObject({ status: 200 })
      expect(await open('/live/staff?base=B201', { ...auth(cook), 'x-forwarded-for': '10.0.0.2' })).toMatchObject({ status: 200 })
      expect(await open(pub, { 'x-forwarded-for': '10.0.0.3' })).toEqual({ status: 503, retryAfter: '5' })
      expect(await open('/live/staff?base=B201', { ...auth(cook), 'x-forwarded-for': '10.0.0.4' })).toEqual({ status: 503, retryAfter: '5' })
    } finally {
      for (const req of held) req.destroy()
      await bounded.close()
    }
  })
})
