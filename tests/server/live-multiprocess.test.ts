/**
 * Issue 24 "Done when": the live service across server processes on PostgreSQL. Two real server
 * processes (tests/server/helpers/server-process.ts: startServer, as `npm run serve` composes it)
 * on one fresh schema; a kitchen board (a signed-in cook's staff stream of B201, read by a reader
 * that reconnects from its last id as the console does: helpers/live-reader.ts) on process A;
 * orders placed through process B in a burst (table rounds through MealPosOrderSubmit and prepay
 * orders paid from a member's balance).
 *
 *   1. Mid-burst A is killed with SIGKILL and started again; the board reconnects to the new A.
 *      After the burst the ticket.sent events the board received are exactly the orders placed,
 *      each once, and the board it builds from them equals KitchenBoardGet.
 *   2. Mid-burst B (the writer) is killed with SIGKILL. Every order whose placement answered OK is
 *      on the board; nothing is half there (no ticket without its order, no order in the kitchen
 *      without its ticket and ledger, no line whose ledger differs from it, no ticket.sent naming
 *      a ticket that does not exist). The phones then retry what failed, with the same RequestKey,
 *      on A: each such order is there once, and the board still equals the orders, each once.
 *
 * Arrival is awaited with generous timeouts; nothing is timed. PostgreSQL only (one SQLite file is
 * one server process), so skipped without DATABASE_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import path from 'node:path'
import { createInterface } from 'node:readline'
import type { OperationName } from '../../src/gateway/contract'
import { OPERATIONS } from '../../src/gateway/operation-list'
import { STAFF_OPERATIONS } from '../../src/gateway/staff-contract'
import { ORDER_STATUS } from '../../src/gateway/order-rows'
import type { KitchenTicketRow } from '../../src/gateway/kitchen-contract'
import { LiveReader, type LiveMessage } from './helpers/live-reader'
import { makeMember, type TestMember } from './helpers/member-fixtures'
import { gid, openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { ownerOf, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { AUTH_CODE, createTestServer, decodeDeep, DEMO_ENT, type GatewayResult, type TestServer } from './helpers/test-server'
import { serverCommand } from '../support/server-commands'

const DATABASE_URL = process.env.DATABASE_URL
if (!DATABASE_URL) console.log('tests/server/live-multiprocess.test.ts skipped: it needs DATABASE_URL (server processes on one PostgreSQL)')
const suite = DATABASE_URL ? describe : describe.skip

const ROOT = path.resolve(__dirname, '..', '..')
const TABLES = ['B201-A01', 'B201-A02', 'B201-A04', 'B201-A05', 'B201-A06']

interface ServerProcess {
  name: string
  url: string
  child: ChildProcess
}

let server: TestServer
let a: ServerProcess
let b: ServerProcess
let owner: StaffSession
let cook: StaffSession
let codes: Record<string, string> = {}
let members: TestMember[] = []
let seq = 0

function startProcess(name: string): Promise<ServerProcess> {
  const url = DATABASE_URL!
  const env = {
    ...process.env,
    DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${server.database.schema}`)}`,
    AUTH_CODE,
    DATA_DIR: server.config.dataDir,
    FILES_DIR: server.config.filesDir,
    STATIC_DIR: server.config.staticDir,
    PORT: '0'
  }
  const child = spawn(process.execPath, serverCommand('helpers/server-process'), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit']
  })
  return new Promise((resolve, reject) => {
    let started = false
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!started && line.startsWith('{')) {
        started = true
        resolve({ name, url: (JSON.parse(line) as { url: string }).url, child })
      }
    })
    child.once('exit', (code, signal) => {
      if (!started) reject(new Error(`server process ${name} exited with ${code ?? signal}`))
    })
  })
}

function kill(proc: ServerProcess): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    proc.child.once('exit', () => resolve())
    proc.child.kill('SIGKILL')
  })
}

function stop(proc: ServerProcess | undefined): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    proc.child.once('exit', () => resolve())
    proc.child.kill('SIGTERM')
  })
}

/** A gateway call to one process over HTTP (a connection of its own: a killed process fails only what it had). */
async function call(proc: ServerProcess, keyName: OperationName | string, record: Record<string, unknown>, headers: Record<string, string> = {}): Promise<GatewayResult> {
  const form = new URLSearchParams({
    ServerType: (OPERATIONS as Record<string, string>)[keyName] ?? (keyName in STAFF_OPERATIONS ? 'Staff' : 'Common'),
    KeyName: keyName,
    strJsonData: JSON.stringify({ tableData: [{ EntID: DEMO_ENT, UserID: 'guest', AppName: 'ScanOrder-test', ...record }] }),
    AuthCode: AUTH_CODE,
    IsRSA: '0',
    EntID: DEMO_ENT
  }).toString()
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${proc.url}/GetData`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(form), 'accept-language': 'zh-TW', ...headers }
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('error', reject)
        res.on('end', () => {
          try {
            const text = Buffer.concat(chunks).toString('utf8')
            resolve({ status: res.statusCode ?? 0, body: decodeDeep(JSON.parse(text)), text, headers: res.headers })
          } catch (error) {
            reject(error)
          }
        })
      }
    )
    req.setTimeout(60_000, () => req.destroy(new Error('no answer within 60 s')))
    req.on('error', reject)
    req.end(form)
  })
}

const succeeded = (res: GatewayResult) => res.status === 200 && res.body.errcode === '0' && res.body.resultcode === '0'
function must(res: GatewayResult, what: string): GatewayResult['body']['data'] {
  if (!succeeded(res)) throw new Error(`${what}: ${res.status} ${res.body.errcode}/${res.body.resultcode} ${res.body.errmsg || res.body.resultmsg}`)
  return res.body.data
}

/** One order as a phone places it: a round at a table, or a prepay order then its payment. Its keys are kept for a retry. */
interface Placement {
  kind: 'round' | 'prepay'
  tableId: string
  member: TestMember | null
  device: string
  placeKey: string
  payKey: string
  qua: string
  orderId: string | null
  ok: boolean
  error: string
}

function newPlacement(kind: Placement['kind'], i: number): Placement {
  return {
    kind,
    tableId: kind === 'round' ? TABLES[i % TABLES.length] : '',
    member: kind === 'prepay' ? members[i % members.length] : null,
    device: `live-mp-phone-${kind}-${i}-0123456789abcdef`,
    placeKey: requestKey(),
    payKey: requestKey(),
    qua: String(1 + (i % 3)),
    orderId: null,
    ok: false,
    error: ''
  }
}

/** Places (or, with the same keys, places again) one order through `proc`. Never throws: the answer is in the placement. */
async function place(proc: ServerProcess, p: Placement): Promise<Placement> {
  try {
    if (p.kind === 'round') {
      const data = must(
        await call(
          proc,
          'MealPosOrderSubmit',
          { ShopID: 'S101', BaseID: 'B201', TableID: p.tableId, QRCode: codes[p.tableId], ServiceType: 'dinein', RequestKey: p.placeKey, Lines: [soupLine(p.qua)] },
          { 'X-Device-Key': p.device }
        ),
        `round at ${p.tableId}`
      )
      p.orderId = data.table2[0].SheetID
    } else {
      const data = must(await call(proc, 'OrderSubmit', { ...takeaway([soupLine(p.qua)]), RequestKey: p.placeKey }, p.member!.headers), 'prepay order')
      p.orderId = data.table1[0].SheetID
      must(await call(proc, 'BalancePay', { SheetID: p.orderId, RequestKey: p.payKey }, p.member!.headers), 'balance payment')
    }
    p.ok = true
    p.error = ''
  } catch (error) {
    p.ok = false
    p.error = error instanceof Error ? error.message : String(error)
  }
  return p
}

/**
 * A burst: table workers place rounds one after the other at their table, prepay workers orders;
 * `onPlaced` hears each answer (the test kills a process from there). A worker stops at its first
 * failure (its process is gone). Resolves with every placement tried.
 */
async function burst(proc: () => ServerProcess, rounds: number, prepays: number, onPlaced: (done: number) => void): Promise<Placement[]> {
  const all: Placement[] = []
  let done = 0
  const worker = async (queue: Placement[]) => {
    for (const p of queue) {
      all.push(p)
      await place(proc(), p)
      onPlaced(++done)
      if (!p.ok) return
    }
  }
  const base = seq
  seq += rounds + prepays
  const roundQueues = TABLES.map((_, t) => Array.from({ length: Math.ceil(rounds / TABLES.length) }, (_, k) => newPlacement('round', base + t + k * TABLES.length)).filter((_, k) => t + k * TABLES.length < rounds))
  const prepayQueues = [0, 1].map((w) => Array.from({ length: Math.ceil(prepays / 2) }, (_, k) => newPlacement('prepay', base + rounds + w + 2 * k)).filter((_, k) => w + 2 * k < prepays))
  await Promise.all([...roundQueues, ...prepayQueues].map(worker))
  return all
}

/**
 * A last event after everything else (the soup sold out and back, by the owner), awaited on the
 * board: an event still to come twice, or late, would come before it.
 */
async function marker(proc: ServerProcess): Promise<void> {
  const seen = () => boardNow.messages.filter((m) => m.event === 'goods.soldOut' && m.data.soldOut === false).length
  const before = seen()
  must(await call(proc, 'GoodsSoldOutSet', { ShopID: 'S101', GoodsID: gid('F01'), SoldOut: 1, Reason: 'marker' }, owner.headers), 'sold out')
  must(await call(proc, 'GoodsSoldOutSet', { ShopID: 'S101', GoodsID: gid('F01'), SoldOut: 0, Reason: 'marker' }, owner.headers), 'back on')
  await until(() => seen() > before, 60_000, () => 'the marker did not reach the board')
}
let boardNow: LiveReader

const sentOrderIds = (messages: LiveMessage[]) => messages.filter((m) => m.event === 'ticket.sent').map((m) => m.data.ticket.OrderID as string)
const sorted = (ids: Iterable<string>) => [...ids].sort()

/** Waits until `test` holds, asking every 200 ms, at most `ms`; the last failure is thrown. */
async function until(test: () => boolean | Promise<boolean>, ms: number, what: () => string): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what()}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The board as a console would build it from the stream: every ticket.* event upserts its ticket. */
function boardFromStream(messages: LiveMessage[]): Map<string, KitchenTicketRow> {
  const tickets = new Map<string, KitchenTicketRow>()
  for (const m of messages) if (m.event.startsWith('ticket.') && m.data?.ticket) tickets.set(m.data.ticket.TicketID, m.data.ticket)
  return tickets
}

const shape = (t: KitchenTicketRow) => ({ TicketID: t.TicketID, OrderID: t.OrderID, Status: t.Status, Lines: t.Lines.map((l) => ({ LineNo: l.LineNo, Qua: l.Qua, Done: l.Done })) })

/** KitchenBoardGet through `proc` compared with the board built from the stream (of these orders). */
async function expectBoardsAgree(proc: ServerProcess, board: LiveReader, orderIds: Set<string>): Promise<void> {
  const read = must(await call(proc, 'KitchenBoardGet', { BaseID: 'B201', StationID: '*' }, cook.headers), 'KitchenBoardGet')
  const fromGet = (read.table1 as KitchenTicketRow[]).filter((t) => orderIds.has(t.OrderID))
  const fromStream = [...boardFromStream(board.messages).values()].filter((t) => orderIds.has(t.OrderID))
  expect(sorted(fromGet.map((t) => t.OrderID))).toEqual(sorted(orderIds))
  const byId = (list: KitchenTicketRow[]) => list.map(shape).sort((x, y) => x.TicketID.localeCompare(y.TicketID))
  expect(byId(fromStream)).toEqual(byId(fromGet))
}

/** The database's truth: nothing half there. */
async function expectNothingHalf(): Promise<void> {
  const db = server.db
  // No ticket without its order, no ticket line without its ticket.
  const orphanTickets = await db.selectFrom('kitchen_tickets as t').leftJoin('orders as o', 'o.order_id', 't.order_id').select('t.ticket_id').where('o.order_id', 'is', null).execute()
  expect(orphanTickets).toEqual([])
  const orphanLines = await db.selectFrom('kitchen_ticket_lines as l').leftJoin('kitchen_tickets as t', 't.ticket_id', 'l.ticket_id').select('l.ticket_id').where('t.ticket_id', 'is', null).execute()
  expect(orphanLines).toEqual([])
  // Every ticket.sent in the outbox names a ticket that exists.
  const sent = await db.selectFrom('events').select('payload').where('ent_id', '=', DEMO_ENT).where('kind', '=', 'ticket.sent').execute()
  const ticketIds = new Set((await db.selectFrom('kitchen_tickets').select('ticket_id').execute()).map((t) => t.ticket_id))
  expect(sent.map((e) => (JSON.parse(e.payload) as { ticket: KitchenTicketRow }).ticket.TicketID).filter((id) => !ticketIds.has(id))).toEqual([])
  // Every order at B201 that belongs in the kitchen is there whole (its ticket, every line's
  // ledger and ticket line equal to the line), and nothing else is.
  const orders = await db.selectFrom('orders').select(['order_id', 'kind', 'status', 'kitchen_stage']).where('base_id', '=', 'B201').where('kind', 'in', ['round', 'order']).execute()
  const lines = await db.selectFrom('order_lines').select(['order_id', 'line_no', 'm_qua']).where('order_id', 'in', orders.map((o) => o.order_id)).execute()
  const sends = await db.selectFrom('kitchen_sends').select(['order_id', 'line_no', 'delta']).execute()
  const ticketLines = await db.selectFrom('kitchen_ticket_lines').select(['order_id', 'line_no', 'qua']).execute()
  const tickets = await db.selectFrom('kitchen_tickets').select(['order_id']).execute()
  const ledger = new Map<string, number>()
  for (const s of sends) ledger.set(`${s.order_id}|${s.line_no}`, (ledger.get(`${s.order_id}|${s.line_no}`) ?? 0) + Number(s.delta))
  const onTicket = new Map(ticketLines.map((l) => [`${l.order_id}|${l.line_no}`, Number(l.qua)]))
  const withTicket = new Set(tickets.map((t) => t.order_id))
  const problems: string[] = []
  for (const o of orders) {
    const inKitchen = o.kind === 'round' ? o.status === ORDER_STATUS.AWAITING_PAYMENT : o.status === ORDER_STATUS.PAID
    if (inKitchen !== (o.kitchen_stage === 'preparing')) problems.push(`${o.order_id} (${o.kind}, status ${o.status}) has kitchen stage '${o.kitchen_stage}'`)
    if (inKitchen !== withTicket.has(o.order_id)) problems.push(`${o.order_id} (${o.kind}, status ${o.status}) ${inKitchen ? 'has no ticket' : 'has a ticket'}`)
    for (const l of lines.filter((x) => x.order_id === o.order_id)) {
      const key = `${o.order_id}|${l.line_no}`
      const want = inKitchen ? Number(l.m_qua) : 0
      if ((ledger.get(key) ?? 0) !== want) problems.push(`${key}: ledger ${ledger.get(key) ?? 0}, line ${want}`)
      if ((onTicket.get(key) ?? 0) !== want) problems.push(`${key}: ticket line ${onTicket.get(key) ?? 0}, line ${want}`)
    }
  }
  expect(problems).toEqual([])
}

suite('the live service across server processes (PostgreSQL)', () => {
  let board: LiveReader
  let boardOn: () => ServerProcess
  const placed = new Set<string>()

  beforeAll(async () => {
    server = await createTestServer({}, { demoMenus: true })
    await openAllDay(server.db)
    owner = await ownerOf(server)
    cook = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201' })
    members = await Promise.all([0, 1, 2, 3].map(() => makeMember(server.db, { balance: '100000' })))
    const rows = await server.db.selectFrom('qr_codes').select(['table_id', 'code']).where('table_id', 'is not', null).execute()
    codes = Object.fromEntries(rows.map((r) => [r.table_id, r.code]))
    // One after the other: both run the (already applied) migrations at start.
    a = await startProcess('A')
    b = await startProcess('B')
  }, 120_000)

  afterAll(async () => {
    board?.stop()
    await Promise.all([stop(a), stop(b)])
    await server?.close()
  })

  it('a board on A killed and started again mid-burst gets every order placed through B exactly once, and agrees with KitchenBoardGet', async () => {
    // The console reads the board, then follows the stream from the board's position.
    const start = must(await call(a, 'KitchenBoardGet', { BaseID: 'B201', StationID: '*' }, cook.headers), 'KitchenBoardGet')
    boardOn = () => a
    board = new LiveReader({ url: () => `${boardOn().url}/live/staff?base=B201`, headers: () => cook.headers, after: Number(start.table4[0].Position) }).start()
    boardNow = board
    await board.next((m) => m.event === 'ready')

    let restarting: Promise<void> | null = null
    const tried = await burst(
      () => b,
      30,
      24,
      (done) => {
        if (done === 15 && !restarting) {
          restarting = (async () => {
            await kill(a)
            const before = board.messages.length
            a = await startProcess('A2')
            console.log(`live-multiprocess: A killed after ${done} orders (${before} board messages so far) and started again`)
          })()
        }
      }
    )
    await restarting
    const failed = tried.filter((p) => !p.ok)
    expect(failed.map((p) => p.error)).toEqual([])
    for (const p of tried) placed.add(p.orderId!)
    expect(placed.size).toBe(54)

    await until(() => new Set(sentOrderIds(board.messages)).size >= placed.size, 90_000, () => `board has ${new Set(sentOrderIds(board.messages)).size} of ${placed.size}`)
    await marker(b)

    const sent = sentOrderIds(board.messages)
    console.log(
      `live-multiprocess: ${sent.length} ticket.sent over ${board.connections} connections ` +
        `(${board.messages.filter((m) => m.event === 'ticket.sent' && m.connection === 1).length} before the kill), ${board.failures} failed connects`
    )
    expect(board.connections).toBeGreaterThanOrEqual(2)
    expect(sorted(sent)).toEqual(sorted(placed))
    const ids = board.messages.filter((m) => m.id !== null && m.event !== 'ready').map((m) => m.id!)
    expect(ids).toEqual([...new Set(ids)].sort((x, y) => x - y))
    await expectBoardsAgree(a, board, placed)
    await expectNothingHalf()
  }, 300_000)

  it('the writer B killed mid-burst: every order answered OK is on the board, nothing is half there; retried on A, each order is there once', async () => {
    const before = sentOrderIds(board.messages).length
    let killing: Promise<void> | null = null
    const tried = await burst(
      () => b,
      30,
      24,
      (done) => {
        if (done === 12 && !killing) killing = kill(b)
      }
    )
    await killing
    const answered = tried.filter((p) => p.ok)
    const failed = tried.filter((p) => !p.ok)
    // Failed at the kill: the truth of each is in the database (committed with its answer lost, or not at all).
    const committed = await server.db.selectFrom('orders').select(['order_id', 'request_key', 'status']).where('request_key', 'in', failed.map((p) => p.placeKey).concat([''])).execute()
    console.log(`live-multiprocess: B killed; ${answered.length} orders answered OK, ${failed.length} failed (${committed.length} of those committed anyway): ${[...new Set(failed.map((p) => p.error.replace(/\d+/g, 'n')))].join('; ')}`)
    expect(answered.length).toBeGreaterThanOrEqual(12)
    expect(failed.length).toBeGreaterThanOrEqual(1)

    await expectNothingHalf()
    // In the kitchen now: the first burst, everything answered OK, and orders that committed though their answer was lost; nothing else.
    const inKitchen = new Set(
      (await server.db.selectFrom('orders').select('order_id').where('base_id', '=', 'B201').where('kitchen_stage', '=', 'preparing').execute()).map((o) => o.order_id)
    )
    const triedIds = new Set(
      (await server.db.selectFrom('orders').select('order_id').where('request_key', 'in', tried.map((p) => p.placeKey)).execute()).map((o) => o.order_id)
    )
    for (const id of placed) expect(inKitchen.has(id)).toBe(true)
    for (const p of answered) expect(inKitchen.has(p.orderId!)).toBe(true)
    expect([...inKitchen].filter((id) => !placed.has(id) && !triedIds.has(id))).toEqual([])
    // The board (on A, which lived) shows exactly those, each once.
    await until(() => new Set(sentOrderIds(board.messages)).size >= inKitchen.size, 90_000, () => `board has ${new Set(sentOrderIds(board.messages)).size} of ${inKitchen.size}`)
    await marker(a)
    expect(sorted(sentOrderIds(board.messages))).toEqual(sorted(inKitchen))

    // The phones retry what failed, with the same keys, on A.
    for (const p of answered) placed.add(p.orderId!)
    for (const p of failed) {
      await place(a, p)
      expect({ key: p.placeKey, ok: p.ok, error: p.error }).toEqual({ key: p.placeKey, ok: true, error: '' })
      placed.add(p.orderId!)
    }
    expect(placed.size).toBe(54 + tried.length)
    await until(() => new Set(sentOrderIds(board.messages)).size >= placed.size, 90_000, () => `board has ${new Set(sentOrderIds(board.messages)).size} of ${placed.size}`)
    await marker(a)

    const sent = sentOrderIds(board.messages)
    console.log(`live-multiprocess: ${sent.length - before} more ticket.sent; board connections ${board.connections}`)
    expect(sorted(sent)).toEqual(sorted(placed))
    // Each order retried is one order: its RequestKey named one order.
    const keys = await server.db.selectFrom('orders').select(['request_key']).where('request_key', 'in', tried.map((p) => p.placeKey)).execute()
    expect(keys).toHaveLength(tried.length)
    await expectBoardsAgree(a, board, placed)
    await expectNothingHalf()
  }, 300_000)
})
