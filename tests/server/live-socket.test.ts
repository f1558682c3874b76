/**
 * The public live stream over a WebSocket (GET /live/socket; server/src/http/live-socket.ts), the
 * mini-programs' host socket, SQLite and (with DATABASE_URL) PostgreSQL, through a real `ws`
 * client: ready with the position first, a paid order's progress as the kitchen bumps it, only
 * diner kinds of the branch asked for (no tickets, no other branch's numbers), a resume from a
 * cursor replays exactly what came after it, pings keep it open, refusals are plain HTTP answers
 * before any upgrade, and closing the server closes the sockets.
 */
import WebSocket from 'ws'
import type { KitchenTicketRow } from '../../src/gateway/kitchen-contract'
import { progressRef } from '../../server/src/domain/kitchen/progress-ref'
import { LIVE_MAX_PER_CLIENT } from '../../server/src/http/live.route'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { ownerOf, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { listen } from './helpers/sse-client'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

let server: TestServer
let url = ''
let cook: StaffSession
let member: TestMember

beforeAll(async () => {
  // A short connection timeout makes the heartbeat (a third of it) come often.
  server = await createTestServer({ requestTimeoutMs: 3000 }, { demoMenus: true })
  await openAllDay(server.db)
  const owner = await ownerOf(server)
  cook = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201,B202' })
  member = await makeMember(server.db, { name: 'Socket Sam', balance: '1000' })
  url = (await listen(server.app)).replace('http:', 'ws:')
}, 60_000)
afterAll(() => server?.close())

interface Frame {
  id?: number
  kind: string
  data?: any
}

/** A socket and every frame it received; next() waits for one that matches. */
function connect(query: string) {
  const frames: Frame[] = []
  const waiters: { test(f: Frame): boolean; resolve(f: Frame): void }[] = []
  const ws = new WebSocket(`${url}/live/socket?${query}`)
  let closeCode = 0
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve((closeCode = code))))
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as Frame
    frames.push(frame)
    for (const w of [...waiters]) {
      if (w.test(frame)) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(frame)
      }
    }
  })
  return {
    ws,
    frames,
    closed,
    get closeCode() {
      return closeCode
    },
    next(test: (f: Frame) => boolean, timeoutMs = 10_000): Promise<Frame> {
      const found = frames.find(test)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no such frame in ${timeoutMs} ms; got ${JSON.stringify(frames.slice(-5))}`)), timeoutMs)
        waiters.push({ test, resolve: (f) => (clearTimeout(timer), resolve(f)) })
      })
    }
  }
}

/** The HTTP status a refused upgrade was answered with. */
function refusal(query: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url}/live/socket?${query}`)
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0)
      ws.terminate()
    })
    ws.once('open', () => {
      ws.close()
      reject(new Error('the upgrade was accepted'))
    })
    ws.once('error', () => undefined)
  })
}

async function paidOrder(base = 'B201'): Promise<{ sheetId: string; pickupNo: string }> {
  const order = ok(await server.call('OrderSubmit', [{ ...takeaway([soupLine('1')], { BaseID: base }), RequestKey: requestKey() }], { headers: member.headers })).table1[0]
  ok(await server.call('BalancePay', [{ SheetID: order.SheetID, RequestKey: requestKey() }], { headers: member.headers }))
  const row = await server.db.selectFrom('orders').select('pickup_no').where('order_id', '=', order.SheetID).executeTakeFirstOrThrow()
  return { sheetId: order.SheetID, pickupNo: row.pickup_no }
}

async function bump(orderId: string, base = 'B201'): Promise<void> {
  const board = ok(await server.call('KitchenBoardGet', [{ BaseID: base, StationID: '*' }], { entId: cook.entId, headers: cook.headers }))
  const ticket = (board.table1 as KitchenTicketRow[]).find((t) => t.OrderID === orderId)!
  ok(await server.call('KitchenTicketBump', [{ TicketID: ticket.TicketID }], { entId: cook.entId, headers: cook.headers }))
}

describe('GET /live/socket', () => {
  test('ready first, then the branch’s order progress as it happens, diner kinds only, with pings between', async () => {
    const s = connect('ent=E1001&shop=S101&base=B201')
    const ready = await s.next((f) => f.kind === 'ready')
    expect(ready.id).toBe(ready.data.position)

    const mine = await paidOrder('B201')
    const far = await paidOrder('B202')
    await bump(mine.sheetId)
    const preparing = await s.next((f) => f.kind === 'order.progress' && f.data.stage === 'preparing')
    expect(preparing.data).toEqual({ ref: progressRef(mine.sheetId), pickupNo: mine.pickupNo, stage: 'preparing', kind: 'order.progress', shopId: 'S101', baseId: 'B201' })
    const readyFrame = await s.next((f) => f.kind === 'order.progress' && f.data.stage === 'ready')
    expect(readyFrame.data.ref).toBe(progressRef(mine.sheetId))
    expect(readyFrame.id).toBeGreaterThan(preparing.id!)
    await s.next((f) => f.kind === 'ping', 5000)

    // Never a kitchen ticket (staff only), never the other branch's number, never an order id.
    expect(s.frames.filter((f) => f.kind.startsWith('ticket.'))).toEqual([])
    expect(s.frames.some((f) => f.data?.pickupNo === far.pickupNo && f.data?.baseId === 'B202')).toBe(false)
    expect(JSON.stringify(s.frames)).not.toContain(mine.sheetId)
    // Ids only grow.
    const ids = s.frames.filter((f) => f.id !== undefined).map((f) => f.id!)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    s.ws.close()
    await s.closed
  })

  test('a socket resuming from a cursor gets exactly what came after it, once', async () => {
    const first = connect('ent=E1001&shop=S101&base=B201')
    const at = (await first.next((f) => f.kind === 'ready')).id!
    first.ws.close()
    await first.closed
    const o = await paidOrder('B201')
    await bump(o.sheetId)
    const again = connect(`ent=E1001&shop=S101&base=B201&after=${at}`)
    await again.next((f) => f.kind === 'order.progress' && f.data.ref === progressRef(o.sheetId) && f.data.stage === 'ready')
    const progress = again.frames.filter((f) => f.kind === 'order.progress')
    expect(progress.map((f) => f.data.stage)).toEqual(['preparing', 'ready'])
    expect(again.frames[0]).toMatchObject({ kind: 'ready', id: at })
    again.ws.close()
    await again.closed
  })

  test('refusals are HTTP answers before any upgrade', async () => {
    expect(await refusal('ent=E1001&shop=NOPE')).toBe(404)
    expect(await refusal('ent=E1001')).toBe(400)
    expect(await refusal('ent=E1001&shop=S101&after=abc')).toBe(400)
    const plain = await fetch(`${url.replace('ws:', 'http:')}/live/socket?ent=E1001&shop=S101`)
    expect(plain.status).toBe(426)
  })

  test('sockets count with the streams against one address’s bound: the 101st is told to come back later', async () => {
    const open: WebSocket[] = []
    try {
      // The public streams and sockets of one address (a restaurant's guest Wi-Fi) share LIVE_MAX_PER_CLIENT (100).
      for (let i = 0; i < LIVE_MAX_PER_CLIENT; i++) {
        const ws = new WebSocket(`${url}/live/socket?ent=E1001&shop=S101`)
        await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)))
        open.push(ws)
      }
      expect(await refusal('ent=E1001&shop=S101')).toBe(503)
      const sse = await fetch(`${url.replace('ws:', 'http:')}/live/events?ent=E1001&shop=S101`)
      expect(sse.status).toBe(503)
      expect(sse.headers.get('retry-after')).toBe('5')
      // One leaves: one may come.
      const leaving = open.pop()!
      await new Promise<void>((resolve) => (leaving.once('close', () => resolve()), leaving.close()))
      const back = connect('ent=E1001&shop=S101')
      await back.next((f) => f.kind === 'ready')
      back.ws.close()
      await back.closed
    } finally {
      await Promise.all(open.map((ws) => new Promise<void>((resolve) => (ws.once('close', () => resolve()), ws.close()))))
    }
  })

  test('closing the server closes its sockets', async () => {
    const second = await server.openSecondInstance()
    const address = (await listen(second.app)).replace('http:', 'ws:')
    const ws = new WebSocket(`${address}/live/socket?ent=E1001&shop=S101`)
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
    await new Promise<void>((resolve) => ws.once('message', () => resolve()))
    await second.close()
    expect(await closed).toBe(1001)
  })
})
