/**
 * npm run bench: order placement throughput — OrderSubmit through the real gateway over HTTP
 * next to an in-process loop of the same transaction, on SQLite and (when one is reachable)
 * on PostgreSQL.
 *
 *   - gateway: a child process serving the real app (createDatabase → migrateToLatest →
 *     seedDemo with the demo menus → the order placement thread on SQLite (PLACEMENT_THREAD=0:
 *     none) → buildApp → listen, as startServer does, less its 30-s
 *     expiry sweep, which finds nothing to expire in a minute's run) on a fresh
 *     database: a temporary SQLite data dir, or a fresh PostgreSQL schema dropped afterwards.
 *     The load loop in this (the parent) process posts OrderSubmit envelopes on `connections`
 *     keep-alive connections, one request in flight and one device key each, each order with a
 *     RequestKey of its own: a prepay takeaway order at demo shop S101 / branch B201 of two lines
 *     (soup F01 × 2; wonton noodles C01, large, with a remark and an add-on) and a bag. Its
 *     client is a lean HTTP/1.1 one on raw sockets (LeanConnection: each request written as one
 *     Buffer, answers parsed only as far as status, headers and body), as autocannon and wrk do,
 *     so that the load generator's own CPU (reported per order: 50–70 µs, where node:http's
 *     client took 160–230) weighs as little as it can on the gateway next to it. The setup
 *     calls (the order's sku and prices) go through node:http;
 *   - in-process: another child on a fresh database of the same kind calls submitOrder (what
 *     OrderSubmit's handler calls) with the same input, the same locale and an owner key like
 *     the gateway's, one order after the other ("loop") and with `connections` loops at once.
 *
 * Branch B201 is opened around the clock in the bench's own databases so orders for "as soon
 * as possible" are taken whenever the bench runs. Every answer is checked (HTTP 200, errcode
 * and resultcode '0'; in process: an order awaiting payment came back); failures are counted.
 * After a warm-up (a few thousand orders each: the gateway's CPU per order takes that long to
 * settle) the three are measured in alternating slices of 250 ms, so other work on the machine
 * weighs on them alike. On SQLite that is done with three fresh pairs of children in turn and the
 * figures pooled: one process runs up to a tenth faster or slower than the next with the same
 * code (its optimised code, its memory's placement), and one pair alone swung the ratio from 0.65
 * to 0.79 between runs. The goal: gateway ≥ 0.7 × the in-process loop (on SQLite, pooled).
 * runOrderPlacementBench() returns the figures; run directly, this file prints them
 * (BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=<dir>' profiles both children).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { OPERATIONS } from '../../src/gateway/operation-list'
import type { OrderLineInput, OrderPlacementInput } from '../../src/gateway/order-rows'
import { childCpu, reportCpu, send, stopChild, succeeded } from './gateway.bench'

export interface OrderPlacementBenchOptions {
  /** Requests (and in-process loops) in flight (default 4). */
  connections?: number
  /**
   * Warm-up per database: the gateway and the in-process child each place this many orders
   * first (default 3000; in process half one after the other, half at once), each for at most
   * `warmMs` (default 20000). The gateway's CPU per order takes a few thousand orders to settle
   * (far more code for the JIT than a loop around submitOrder).
   */
  warmOrders?: number
  warmMs?: number
  /**
   * Measured time of each of the three, split into `rounds` alternating slices (default 6000 ms,
   * 24: slices of 250 ms, so the machine's slower and faster moments fall on all three alike).
   */
  measureMs?: number
  rounds?: number
  /**
   * SQLite is measured with this many fresh pairs of children, one after the other, and the
   * figures pooled (default 3). One process's figures vary from the next by up to a tenth (how
   * its code was optimised, where its memory landed), more than the slices do within a process.
   */
  processes?: number
  /**
   * PostgreSQL to measure too (a fresh schema, dropped afterwards); default DATABASE_URL or
   * postgres://postgres@127.0.0.1:5432/test. null: SQLite only. Skipped when not reachable.
   */
  postgresUrl?: string | null
  log?: (line: string) => void
}

export interface PlacementLoad {
  orders: number
  seconds: number
  ordersPerSecond: number
  /** Answers that were not a placed order (HTTP status, errcode/resultcode, exceptions). */
  errors: number
  /** The first failure, to say what went wrong. */
  firstError?: string
  /** CPU time (user + system) of the placing process per order. */
  cpuMicrosPerOrder: number
}

export interface PlacementFigures {
  dialect: 'sqlite' | 'postgres'
  gateway: PlacementLoad
  /** submitOrder in process, one order after the other. */
  loop: PlacementLoad
  /** submitOrder in process, `connections` loops at once. */
  concurrent: PlacementLoad
  /** gateway ÷ loop orders per second (pooled over the pairs of processes). */
  ratio: number
  /** The same ratio for each pair of processes on its own, in the order they ran. */
  ratioByProcess: number[]
  /**
   * CPU time (user + system) the load generator (this, the parent process) spent per gateway
   * order during the measured gateway slices: work on the machine's other CPU, which a lean
   * client keeps small so it does not slow the gateway down as a busy neighbour.
   */
  clientCpuMicrosPerOrder: number
  /** gateway ÷ concurrent in-process orders per second. */
  ratioConcurrent: number
  /**
   * In-process loop CPU per order ÷ the gateway process's CPU per order: the ratio the machine
   * would give if CPU were all that limited both (less swayed by other work on the machine).
   */
  cpuRatio: number
  /**
   * The machine's 1-minute load average when the measured slices began and ended: the gateway
   * needs its process and the load generator's scheduled for every order, so other work on the
   * machine weighs on it more than on the one-process loop (the figures are only comparable at
   * a like load; "alone" is a load well under the CPU count).
   */
  load: { start: number; end: number }
}

export interface OrderPlacementBenchResult {
  name: 'order-placement'
  operation: 'OrderSubmit'
  shopId: string
  baseId: string
  /** What each order holds, for the table ('F01 × 2, C01 large + remark + add-on, 1 bag; MOP 112.00'). */
  order: string
  connections: number
  sqlite: PlacementFigures
  /** null when PostgreSQL was not asked for or not reachable (see postgresNote). */
  postgres: PlacementFigures | null
  postgresNote: string
  goal: number
}

const GOAL = 0.7
const AUTH_CODE = 'bench-auth-code'
const ENT_ID = 'E1001'
const SHOP_ID = 'S101'
const BASE_ID = 'B201'
const LOCALE_HEADER = 'zh-TW' as const
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test'
const gid = (code: string) => `${SHOP_ID}.g.${code}`

// ---------- child processes ----------

type Role = 'serve' | 'place'

/** Starts this file as a child (`role`) on a fresh database; resolves with its first line (JSON). */
function startChild(role: Role, databaseUrl: string | null): Promise<{ child: ChildProcess; info: Record<string, string> }> {
  // BENCH_NODE_ARGS: Node flags for both children ('--cpu-prof --cpu-prof-dir=/tmp/prof').
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const child = spawn(process.execPath, [...nodeArgs, '--import', pathToFileURL(require.resolve('tsx')).href, __filename, `--${role}`], {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc']
  })
  return new Promise((resolve, reject) => {
    // The first JSON line is the child's answer; anything else it prints (say, --trace-gc) goes on to stderr.
    let started = false
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!started && line.startsWith('{')) {
        started = true
        try {
          resolve({ child, info: JSON.parse(line) })
        } catch {
          reject(new Error(`order placement bench child (${role}) said: ${line}`))
        }
      } else {
        process.stderr.write(`${line}\n`)
      }
    })
    child.once('exit', (code) => reject(new Error(`order placement bench child (${role}) exited with ${code}`)))
  })
}

/** In a child: a fresh database of the kind asked for, migrated, seeded, B201 open all day. */
async function openBenchDatabase(options: { placementThread?: boolean } = {}) {
  const { loadConfig } = await import('../src/config')
  const { createDatabase } = await import('../src/storage/database')
  const { migrateToLatest } = await import('../src/storage/migrations')
  const { seedDemo } = await import('../src/storage/seed')
  const { sql } = await import('kysely')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-order-bench-'))
  const databaseUrl = process.env.BENCH_DATABASE_URL || null
  // PLACEMENT_THREAD=0 measures the gateway with its placements on the main thread, as before the thread.
  const config = loadConfig(
    { PLACEMENT_THREAD: process.env.PLACEMENT_THREAD },
    { databaseUrl, dataDir: path.join(dir, 'data'), filesDir: path.join(dir, 'files'), staticDir: path.join(dir, 'no-static'), authCode: AUTH_CODE }
  )
  const schema = databaseUrl ? `bench_${randomBytes(6).toString('hex')}` : undefined
  // On SQLite the gateway places orders on its placement thread, as startServer has it (PLACEMENT_THREAD).
  const { WriteTurn } = await import('../src/storage/write-turn')
  const writeTurn = options.placementThread && !databaseUrl && config.placementThread ? WriteTurn.create() : undefined
  const database = await createDatabase(config, { schema, writeTurn })
  await migrateToLatest(database)
  await seedDemo(database.db, new Date(), { filesDir: config.filesDir })
  // Open around the clock in this database only, so "as soon as possible" is always allowed.
  await database.db.updateTable('bases').set({ begin_time: '00:00', end_time: '23:59', weekday: '1,2,3,4,5,6,7' }).where('base_id', '=', BASE_ID).execute()
  const cleanup = async () => {
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db)
    await database.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  }
  return { config, database, db: database.db, writeTurn, cleanup }
}

/**
 * BENCH_PROFILE_DIR: each child profiles the measured slices only (from the first measured
 * slice to its end, so start-up, module loading and the warm-up stay out), sampling every
 * 100 µs, and writes <dir>/<role>.cpuprofile when stopped.
 */
function measuredProfile(role: Role): { start: () => void; stop: () => Promise<void> } {
  const dir = process.env.BENCH_PROFILE_DIR
  if (!dir) return { start: () => undefined, stop: async () => undefined }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Session } = require('node:inspector') as typeof import('node:inspector')
  const session = new Session()
  let started = false
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))))
  return {
    start: () => {
      if (started) return
      started = true
      session.connect()
      void post('Profiler.enable')
        .then(() => post('Profiler.setSamplingInterval', { interval: 100 }))
        .then(() => post('Profiler.start'))
    },
    stop: async () => {
      if (!started) return
      const { profile } = (await post('Profiler.stop')) as { profile: unknown }
      fs.mkdirSync(dir, { recursive: true })
      fs.writeFileSync(path.join(dir, `${role}.cpuprofile`), JSON.stringify(profile))
    }
  }
}

/** Child: the real gateway (as startServer composes it) on its own fresh database. */
async function serveGateway(): Promise<void> {
  const { buildApp } = await import('../src/http/app')
  const { startPlacementThread } = await import('../src/domain/orders/placement-thread')
  const bench = await openBenchDatabase({ placementThread: true })
  const placements = bench.writeTurn ? await startPlacementThread(bench.config, bench.writeTurn) : undefined
  const app = await buildApp({ config: bench.config, db: bench.db, logger: false, orderPlacer: placements })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  // Stopped by the parent (SIGTERM), or the parent went away (disconnect): clean up either way.
  const profile = measuredProfile('serve')
  // The parent's first CPU question starts the first measured slice.
  process.once('message', profile.start)
  stopChildOnce(() =>
    profile
      .stop()
      .then(() => app.close())
      .then(() => placements?.close())
      .then(bench.cleanup)
  )
  reportCpu()
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, dialect: bench.database.dialect }))
}

type PlaceMessage = { type: 'input'; record: Record<string, unknown> } | { type: 'run'; ms: number; loops: number; maxOrders?: number }

/** Child: submitOrder in process on its own fresh database, run in slices the parent asks for. */
async function servePlacement(): Promise<void> {
  const { submitOrder } = await import('../src/domain/orders/order.service')
  const OrderSubmit = (await import('../src/operations/retail/OrderSubmit')).default
  const bench = await openBenchDatabase()
  let input: (OrderPlacementInput & { RequestKey: string }) | null = null
  let seq = 0
  const prefix = `ip-${randomBytes(4).toString('hex')}-`
  const place = async (ownerKey: string): Promise<string | null> => {
    try {
      const answer = await submitOrder(
        // What the gateway hands the operation: its enterprise, locale, instant, origin and owner.
        { db: bench.db, entId: ENT_ID, locale: LOCALE_HEADER, now: new Date(), origin: 'http://127.0.0.1', ownerKey },
        { ...input!, RequestKey: `${prefix}${++seq}` }
      )
      return answer.table1[0]?.Status === 0 ? null : `unexpected answer ${JSON.stringify(answer.table1[0]).slice(0, 200)}`
    } catch (error) {
      return String((error as Error)?.message ?? error)
    }
  }
  const ownerKeys = Array.from({ length: 64 }, () => createHash('sha256').update(randomBytes(16).toString('hex')).digest('hex'))
  const profile = measuredProfile('place')
  process.on('message', (message: PlaceMessage) => {
    // Measured slices have no order limit (the warm-up's have).
    if (message.type === 'run' && message.maxOrders === undefined) profile.start()
    void (async () => {
      if (message.type === 'input') {
        // Parsed by OrderSubmit's own schema, so the domain gets exactly what the handler gets.
        input = OrderSubmit.input.parse(message.record) as OrderPlacementInput & { RequestKey: string }
        const problem = await place(ownerKeys[0])
        process.send?.({ ok: problem === null, problem })
        return
      }
      const end = Date.now() + message.ms
      let orders = 0
      let errors = 0
      let firstError: string | undefined
      const before = process.cpuUsage()
      await Promise.all(
        Array.from({ length: message.loops }, async (_, i) => {
          while (Date.now() < end && orders < (message.maxOrders ?? Infinity)) {
            const problem = await place(ownerKeys[i % ownerKeys.length])
            orders++
            if (problem !== null) {
              errors++
              firstError ??= problem
            }
          }
        })
      )
      const cpu = process.cpuUsage(before)
      process.send?.({ orders, errors, firstError, cpu: cpu.user + cpu.system })
    })()
  })
  stopChildOnce(() => profile.stop().then(bench.cleanup))
  console.log(JSON.stringify({ dialect: bench.database.dialect }))
}

/** A child's end: stopped by the parent (SIGTERM), or the parent went away (disconnect); cleans up once either way. */
function stopChildOnce(cleanUp: () => Promise<unknown>): void {
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    void cleanUp().finally(() => process.exit(0))
  }
  process.once('SIGTERM', stop)
  process.once('disconnect', stop)
}

function ask<T>(child: ChildProcess, message: PlaceMessage): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as T))
    child.send(message)
  })
}

// ---------- the gateway load ----------

function envelope(keyName: 'GoodsDetailGet' | 'OrderPricePreview' | 'OrderSubmit', record: Record<string, unknown>): string {
  return new URLSearchParams({
    ServerType: OPERATIONS[keyName],
    KeyName: keyName,
    strJsonData: JSON.stringify({ tableData: [{ EntID: ENT_ID, UserID: 'bench', AppName: 'ScanOrder-bench', ...record }] }),
    AuthCode: AUTH_CODE,
    IsRSA: '0',
    EntID: ENT_ID
  }).toString()
}

const headersFor = (body: Buffer, deviceKey: string) => ({
  'content-type': 'application/x-www-form-urlencoded',
  'content-length': body.length,
  'accept-language': LOCALE_HEADER,
  'x-device-key': deviceKey
})

async function call(url: URL, keyName: 'GoodsDetailGet' | 'OrderPricePreview' | 'OrderSubmit', record: Record<string, unknown>, deviceKey: string) {
  const body = Buffer.from(envelope(keyName, record))
  const agent = new http.Agent({ keepAlive: false })
  const res = await send(agent, { url, method: 'POST', headers: headersFor(body, deviceKey), body })
  const answer = JSON.parse(res.body.toString('utf8')) as { errcode: string; resultcode: string; resultmsg: string; data: Record<string, Record<string, string>[]> }
  if (res.status !== 200 || answer.errcode !== '0' || answer.resultcode !== '0') {
    throw new Error(`${keyName} failed: ${res.body.toString('utf8').slice(0, 300)}`)
  }
  return answer.data
}

/**
 * The order the bench places, as the client would send it: the sku id from GoodsDetailGet and
 * every line's Amount from OrderPricePreview (which prices exactly as OrderSubmit does).
 */
async function benchOrder(url: URL): Promise<{ record: Record<string, unknown>; summary: string }> {
  const deviceKey = randomBytes(16).toString('hex')
  const detail = await call(url, 'GoodsDetailGet', { ShopID: SHOP_ID, BaseID: BASE_ID, GoodsID: gid('C01') }, deviceKey)
  const large = detail.table4?.find((s) => s.SkuCode === 'LARGE')
  if (!large) throw new Error('demo goods C01 has no LARGE sku')
  const lines: OrderLineInput[] = [
    { GoodsID: gid('F01'), SkuID: '', PCode: '', MQua: '2', PQua: '0', Remarks: [], AddOns: [], Bom: [], Amount: '0' },
    {
      GoodsID: gid('C01'),
      SkuID: decodeURIComponent(large.SkuID),
      PCode: '',
      MQua: '1',
      PQua: '0',
      Remarks: [{ name: '蔥', option: '走蔥' }],
      AddOns: [`${gid('C01')}.o.WONTON3`],
      Bom: [],
      Amount: '0'
    }
  ]
  const placement: OrderPlacementInput = { ShopID: SHOP_ID, BaseID: BASE_ID, ServiceType: 'takeaway', AppointedTime: '', BagQua: 1, Remarks: '', Lines: lines }
  const preview = await call(url, 'OrderPricePreview', placement as unknown as Record<string, unknown>, deviceKey)
  const priced = preview.table2 ?? []
  if (priced.length !== lines.length) throw new Error(`OrderPricePreview answered ${priced.length} lines for ${lines.length}`)
  lines.forEach((l, i) => (l.Amount = decodeURIComponent(priced[i].Amount)))
  const amount = decodeURIComponent(preview.table1[0].Amount)
  return { record: { ...placement }, summary: `F01 × 2, C01 large + remark + add-on, 1 bag; MOP ${amount}` }
}

/**
 * OrderSubmit requests, one maker per connection (its own device key): each a whole HTTP/1.1
 * request in one Buffer around a fresh RequestKey (only [A-Za-z0-9-], so it needs no escaping
 * in the form).
 */
function submitRequests(url: URL, record: Record<string, unknown>, connections: number): (() => Buffer)[] {
  const marker = 'RK0MARKER0RK'
  const [head, tail] = envelope('OrderSubmit', { ...record, RequestKey: marker }).split(marker)
  const run = randomBytes(4).toString('hex')
  let seq = 0
  return Array.from({ length: connections }, () => {
    const headers =
      `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
      `Accept-Language: ${LOCALE_HEADER}\r\nX-Device-Key: ${randomBytes(16).toString('hex')}\r\nConnection: keep-alive\r\n`
    return () => {
      const body = `${head}gw-${run}-${++seq}${tail}`
      return Buffer.from(`${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`)
    }
  })
}

interface Answer {
  status: number
  body: Buffer
}

/**
 * The load loop's client: one keep-alive HTTP/1.1 connection on a raw socket, one request in
 * flight, the request written as one prebuilt Buffer and the answer parsed only as far as
 * needed (status line, headers, Content-Length or chunked body). Why not node:http: its client
 * spends 160–230 µs CPU per order on the machine's other CPU, a busy neighbour that slows the
 * gateway it measures; the client's CPU is not the gateway's (autocannon and wrk do the same).
 * A connection the gateway closed is opened again for the next request.
 */
class LeanConnection {
  private socket: net.Socket | null = null
  private data: Buffer = Buffer.alloc(0)
  private waiting: { resolve: (answer: Answer) => void; reject: (error: Error) => void } | null = null

  constructor(private readonly url: URL) {}

  request(bytes: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject }
      ;(this.socket ??= this.connect()).write(bytes)
    })
  }

  close(): void {
    this.socket?.destroy()
    this.socket = null
  }

  private connect(): net.Socket {
    const socket = net.connect(Number(this.url.port), this.url.hostname)
    socket.setNoDelay(true)
    socket.on('data', (chunk: Buffer) => this.receive(socket, chunk))
    socket.on('error', (error) => this.fail(socket, error))
    socket.on('close', () => this.fail(socket, new Error('the gateway closed the connection')))
    this.data = Buffer.alloc(0)
    return socket
  }

  /** Drops the socket; the request in flight, if any, fails with `error`. */
  private fail(socket: net.Socket, error: Error): void {
    if (socket !== this.socket) return
    this.close()
    const waiting = this.waiting
    this.waiting = null
    waiting?.reject(error)
  }

  private receive(socket: net.Socket, chunk: Buffer): void {
    this.data = this.data.length ? Buffer.concat([this.data, chunk]) : chunk
    const headEnd = this.data.indexOf('\r\n\r\n')
    if (headEnd < 0) return
    const head = this.data.toString('latin1', 0, headEnd)
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)
    const length = /\r\ncontent-length:[ \t]*(\d+)[ \t]*(?:\r|$)/i.exec(head)
    const chunked = /\r\ntransfer-encoding:[^\r]*chunked/i.test(head)
    if (!status || !(length || chunked) || !this.waiting) {
      return this.fail(socket, new Error(`unexpected answer from the gateway: ${head.slice(0, 200)}`))
    }
    let answer: { body: Buffer; end: number } | null
    try {
      answer = length && !chunked ? sized(this.data, headEnd + 4, Number(length[1])) : dechunk(this.data, headEnd + 4)
    } catch (error) {
      return this.fail(socket, error as Error)
    }
    if (!answer) return // the rest of the body is still on its way
    if (answer.end !== this.data.length) return this.fail(socket, new Error('the gateway sent more than one answer'))
    this.data = Buffer.alloc(0)
    const waiting = this.waiting
    this.waiting = null
    if (/\r\nconnection:[ \t]*close/i.test(head)) this.close()
    waiting.resolve({ status: Number(status[1]), body: answer.body })
  }
}

/** A body of `size` bytes from `start`, or null while incomplete. */
const sized = (data: Buffer, start: number, size: number) => (data.length < start + size ? null : { body: data.subarray(start, start + size), end: start + size })

/** A chunked body from `start` (chunk extensions and trailers skipped), or null while incomplete. */
function dechunk(data: Buffer, start: number): { body: Buffer; end: number } | null {
  const chunks: Buffer[] = []
  for (let at = start; ; ) {
    const lineEnd = data.indexOf('\r\n', at)
    if (lineEnd < 0) return null
    const size = parseInt(data.toString('latin1', at, lineEnd), 16)
    if (Number.isNaN(size)) throw new Error(`bad chunk size line: ${data.toString('latin1', at, lineEnd).slice(0, 40)}`)
    if (size === 0) {
      const end = data.indexOf('\r\n\r\n', lineEnd)
      return end < 0 ? null : { body: Buffer.concat(chunks), end: end + 4 }
    }
    if (data.length < lineEnd + 2 + size + 2) return null
    chunks.push(data.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
}

interface GatewayClient {
  connection: LeanConnection
  next: () => Buffer
}

async function loadGateway(clients: GatewayClient[], ms: number, maxOrders = Infinity): Promise<{ orders: number; errors: number; firstError?: string }> {
  const end = Date.now() + ms
  let orders = 0
  let errors = 0
  let firstError: string | undefined
  await Promise.all(
    clients.map(async ({ connection, next }) => {
      while (Date.now() < end && orders < maxOrders) {
        const problem = await connection.request(next()).then(
          (res) => (res.status === 200 && succeeded(res.body) ? null : `HTTP ${res.status}: ${res.body.toString('utf8').slice(0, 200)}`),
          (error: Error) => String(error?.message ?? error)
        )
        orders++
        if (problem !== null) {
          errors++
          firstError ??= problem
        }
      }
    })
  )
  return { orders, errors, firstError }
}

// ---------- the bench ----------

interface Tally {
  orders: number
  errors: number
  cpu: number
  firstError?: string
}

interface Timing {
  connections: number
  warmOrders: number
  warmMs: number
  measureMs: number
  rounds: number
}

async function measure(databaseUrl: string | null, timing: Timing): Promise<{ figures: PlacementFigures; summary: string }> {
  const { connections, warmOrders, warmMs, measureMs, rounds } = timing
  const [gateway, placer] = await Promise.all([startChild('serve', databaseUrl), startChild('place', databaseUrl)])
  let clients: GatewayClient[] = []
  try {
    const url = new URL('/GetData', gateway.info.url)
    const { record, summary } = await benchOrder(url)
    clients = submitRequests(url, record, connections).map((next) => ({ connection: new LeanConnection(url), next }))
    const firstAnswer = await clients[0].connection.request(clients[0].next())
    if (firstAnswer.status !== 200 || !succeeded(firstAnswer.body)) throw new Error(`OrderSubmit failed: ${firstAnswer.body.toString('utf8').slice(0, 300)}`)
    const ready = await ask<{ ok: boolean; problem: string | null }>(placer.child, { type: 'input', record: { ...record, RequestKey: 'bench-first-order' } })
    if (!ready.ok) throw new Error(`submitOrder in process failed: ${ready.problem}`)

    await loadGateway(clients, warmMs, warmOrders)
    await ask(placer.child, { type: 'run', ms: warmMs / 2, loops: 1, maxOrders: warmOrders / 2 })
    await ask(placer.child, { type: 'run', ms: warmMs / 2, loops: connections, maxOrders: warmOrders / 2 })

    const tallies: Record<'gateway' | 'loop' | 'concurrent', Tally> = {
      gateway: { orders: 0, errors: 0, cpu: 0 },
      loop: { orders: 0, errors: 0, cpu: 0 },
      concurrent: { orders: 0, errors: 0, cpu: 0 }
    }
    const slice = measureMs / rounds
    let clientCpu = 0
    const loadStart = os.loadavg()[0]
    for (let round = 0; round < rounds; round++) {
      const cpuBefore = await childCpu(gateway.child)
      const clientBefore = process.cpuUsage()
      const g = await loadGateway(clients, slice)
      const client = process.cpuUsage(clientBefore)
      clientCpu += client.user + client.system
      const cpuAfter = await childCpu(gateway.child)
      add(tallies.gateway, { ...g, cpu: cpuAfter - cpuBefore })
      for (const [name, loops] of [
        ['loop', 1],
        ['concurrent', connections]
      ] as const) {
        add(tallies[name], await ask<Tally>(placer.child, { type: 'run', ms: slice, loops }))
      }
    }
    const load = { start: Math.round(loadStart * 10) / 10, end: Math.round(os.loadavg()[0] * 10) / 10 }
    const seconds = measureMs / 1000
    const result = (t: Tally): PlacementLoad => ({
      orders: t.orders,
      seconds,
      ordersPerSecond: Math.round(t.orders / seconds),
      errors: t.errors,
      ...(t.firstError ? { firstError: t.firstError } : {}),
      cpuMicrosPerOrder: t.orders ? Math.round(t.cpu / t.orders) : 0
    })
    const figures = {
      dialect: (gateway.info.dialect === 'postgres' ? 'postgres' : 'sqlite') as PlacementFigures['dialect'],
      gateway: result(tallies.gateway),
      loop: result(tallies.loop),
      concurrent: result(tallies.concurrent)
    }
    const ratio = ratioOf
    const cpuRatio = figures.gateway.cpuMicrosPerOrder ? Math.round((figures.loop.cpuMicrosPerOrder / figures.gateway.cpuMicrosPerOrder) * 100) / 100 : 0
    const clientCpuMicrosPerOrder = figures.gateway.orders ? Math.round(clientCpu / figures.gateway.orders) : 0
    const placementRatio = ratio(figures.gateway, figures.loop)
    return {
      figures: { ...figures, ratio: placementRatio, ratioByProcess: [placementRatio], clientCpuMicrosPerOrder, ratioConcurrent: ratio(figures.gateway, figures.concurrent), cpuRatio, load },
      summary
    }
  } finally {
    for (const { connection } of clients) connection.close()
    await Promise.all([stopChild(gateway.child), stopChild(placer.child)])
  }
}

const ratioOf = (a: PlacementLoad, b: PlacementLoad) => (b.ordersPerSecond ? Math.round((a.ordersPerSecond / b.ordersPerSecond) * 100) / 100 : 0)

/** The figures of several pairs of processes as one: orders, time and CPU added up. */
function pooled(runs: PlacementFigures[]): PlacementFigures {
  if (runs.length === 1) return runs[0]
  const load = (pick: (f: PlacementFigures) => PlacementLoad): PlacementLoad => {
    const loads = runs.map(pick)
    const orders = loads.reduce((n, l) => n + l.orders, 0)
    const seconds = loads.reduce((n, l) => n + l.seconds, 0)
    const cpu = loads.reduce((n, l) => n + l.cpuMicrosPerOrder * l.orders, 0)
    const firstError = loads.find((l) => l.firstError)?.firstError
    return {
      orders,
      seconds,
      ordersPerSecond: Math.round(orders / seconds),
      errors: loads.reduce((n, l) => n + l.errors, 0),
      ...(firstError ? { firstError } : {}),
      cpuMicrosPerOrder: orders ? Math.round(cpu / orders) : 0
    }
  }
  const gateway = load((f) => f.gateway)
  const loop = load((f) => f.loop)
  const concurrent = load((f) => f.concurrent)
  const clientCpu = runs.reduce((n, f) => n + f.clientCpuMicrosPerOrder * f.gateway.orders, 0)
  return {
    dialect: runs[0].dialect,
    gateway,
    loop,
    concurrent,
    ratio: ratioOf(gateway, loop),
    ratioByProcess: runs.flatMap((f) => f.ratioByProcess),
    clientCpuMicrosPerOrder: gateway.orders ? Math.round(clientCpu / gateway.orders) : 0,
    ratioConcurrent: ratioOf(gateway, concurrent),
    cpuRatio: gateway.cpuMicrosPerOrder ? Math.round((loop.cpuMicrosPerOrder / gateway.cpuMicrosPerOrder) * 100) / 100 : 0,
    load: { start: runs[0].load.start, end: runs[runs.length - 1].load.end }
  }
}

function add(total: Tally, part: Tally): void {
  total.orders += part.orders
  total.errors += part.errors
  total.cpu += part.cpu
  total.firstError ??= part.firstError
}

/** Whether a PostgreSQL answers at `url` (within 3 s); the reason when not. */
async function postgresReachable(url: string): Promise<string | null> {
  const { Client } = await import('pg')
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('select 1')
    return null
  } catch (error) {
    return String((error as Error)?.message ?? error)
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** Where a URL points, without its password. */
const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')

export async function runOrderPlacementBench(options: OrderPlacementBenchOptions = {}): Promise<OrderPlacementBenchResult> {
  const connections = options.connections ?? 4
  const warmOrders = options.warmOrders ?? 3000
  const warmMs = options.warmMs ?? 20000
  const measureMs = options.measureMs ?? 6000
  const rounds = options.rounds ?? 24
  const processes = Math.max(1, options.processes ?? 3)
  const log = options.log ?? (() => undefined)
  const postgresUrl = options.postgresUrl === undefined ? process.env.DATABASE_URL || DEFAULT_PG : options.postgresUrl

  const timing: Timing = { connections, warmOrders, warmMs, measureMs, rounds }
  const sqliteRuns: { figures: PlacementFigures; summary: string }[] = []
  for (let run = 1; run <= processes; run++) {
    log(`  order placement on SQLite${processes > 1 ? ` (processes ${run} of ${processes})` : ''}…`)
    sqliteRuns.push(await measure(null, timing))
  }
  const sqlite = { figures: pooled(sqliteRuns.map((r) => r.figures)), summary: sqliteRuns[0].summary }
  let postgres: PlacementFigures | null = null
  let postgresNote = 'not asked for'
  if (postgresUrl) {
    const problem = await postgresReachable(postgresUrl)
    if (problem) {
      postgresNote = `not reachable at ${redact(postgresUrl)} (${problem})`
      log(`  order placement on PostgreSQL skipped: ${postgresNote}`)
    } else {
      log('  order placement on PostgreSQL…')
      postgres = (await measure(postgresUrl, timing)).figures
      postgresNote = `PostgreSQL at ${redact(postgresUrl).replace(/^postgres(ql)?:\/\//, '')}, fresh schema`
    }
  }
  return {
    name: 'order-placement',
    operation: 'OrderSubmit',
    shopId: SHOP_ID,
    baseId: BASE_ID,
    order: sqlite.summary,
    connections,
    sqlite: sqlite.figures,
    postgres,
    postgresNote,
    goal: GOAL
  }
}

const group = (n: number) => n.toLocaleString('en-US')
const placed = (l: PlacementLoad) =>
  `${group(l.ordersPerSecond)} orders/s, ${group(l.cpuMicrosPerOrder)} µs CPU/order${l.errors ? ` (**${group(l.errors)} errors** of ${group(l.orders)}: ${l.firstError ?? ''})` : ''}`

/** The load generator's own CPU per gateway order ('load generator 180 µs CPU/order'). */
const loadGenerator = (f: PlacementFigures) => `load generator ${group(f.clientCpuMicrosPerOrder)} µs CPU/order`

/** The machine's load while measured, against its CPU count ('machine load 5.3 → 6.1 on 2 CPUs'). */
const loadText = (f: PlacementFigures) => `machine load ${f.load.start} → ${f.load.end} on ${os.cpus().length} CPUs`

/** Each pair of processes' own ratio, when there were several ('pairs of processes: 0.74, 0.77, 0.72; '). */
const byProcess = (f: PlacementFigures) => (f.ratioByProcess.length > 1 ? `${f.ratioByProcess.length} pairs of processes: ${f.ratioByProcess.map((x) => x.toFixed(2)).join(', ')}; ` : '')

/** Table rows for the bench runner (bench/index.ts). */
export function orderPlacementRows(r: OrderPlacementBenchResult): [string, string][] {
  const what = `OrderSubmit ${r.shopId}/${r.baseId} takeaway (${r.order})`
  const rows: [string, string][] = [
    [`Order placement, SQLite: gateway, ${what}, ${r.connections} connections`, `${placed(r.sqlite.gateway)}, ${loadGenerator(r.sqlite)}`],
    ['Order placement, SQLite: submitOrder in process, one after the other', placed(r.sqlite.loop)],
    [`Order placement, SQLite: submitOrder in process, ${r.connections} at once`, placed(r.sqlite.concurrent)],
    [
      `Order placement, SQLite: gateway ÷ in-process loop (goal ≥ ${r.goal})`,
      `${r.sqlite.ratio.toFixed(2)} × — ${r.sqlite.ratio >= r.goal ? 'met' : '**not met**'} (${byProcess(r.sqlite)}÷ ${r.connections} at once: ${r.sqlite.ratioConcurrent.toFixed(2)} ×; by CPU per order: ${r.sqlite.cpuRatio.toFixed(2)} ×; ${loadText(r.sqlite)})`
    ]
  ]
  if (r.postgres) {
    rows.push(
      [`Order placement, PostgreSQL: gateway, same order, ${r.connections} connections`, `${placed(r.postgres.gateway)}, ${loadGenerator(r.postgres)}`],
      [`Order placement, PostgreSQL: submitOrder in process, one after the other / ${r.connections} at once`, `${placed(r.postgres.loop)} / ${placed(r.postgres.concurrent)}`],
      [
        'Order placement, PostgreSQL: gateway ÷ in-process',
        `${r.postgres.ratio.toFixed(2)} × the loop, ${r.postgres.ratioConcurrent.toFixed(2)} × ${r.connections} at once (by CPU per order: ${r.postgres.cpuRatio.toFixed(2)} ×; ${loadText(r.postgres)})`
      ]
    )
  } else {
    rows.push(['Order placement, PostgreSQL', `not measured: ${r.postgresNote}`])
  }
  return rows
}

export function formatOrderPlacementBench(r: OrderPlacementBenchResult): string {
  return [
    `Order placement bench: ${r.connections} keep-alive connections / in-process loops, ${r.sqlite.gateway.seconds} s each on SQLite (${r.sqlite.ratioByProcess.length} pairs of processes), ${os.cpus().length} CPUs` +
      (r.postgres ? `; ${r.postgresNote}` : ''),
    ...orderPlacementRows(r).map(([k, v]) => `  ${k}: ${v}`)
  ].join('\n')
}

/**
 * Run directly, a few knobs for shorter runs: BENCH_ORDER_MEASURE_MS, BENCH_ORDER_ROUNDS,
 * BENCH_ORDER_WARM (orders), BENCH_ORDER_PROCESSES, BENCH_ORDER_PG=0 (SQLite only).
 */
function optionsFromEnv(): OrderPlacementBenchOptions {
  const number = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined)
  return {
    measureMs: number('BENCH_ORDER_MEASURE_MS'),
    rounds: number('BENCH_ORDER_ROUNDS'),
    processes: number('BENCH_ORDER_PROCESSES'),
    warmOrders: number('BENCH_ORDER_WARM'),
    ...(process.env.BENCH_ORDER_PG === '0' ? { postgresUrl: null } : {})
  }
}

if (require.main === module) {
  const role = process.argv[2]
  const main =
    role === '--serve'
      ? serveGateway()
      : role === '--place'
        ? servePlacement()
        : runOrderPlacementBench({ ...optionsFromEnv(), log: (line) => console.error(line) }).then((r) => console.log(formatOrderPlacementBench(r)))
  main.catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
