/**
 * Live bench (issue 24 "Done when"): 200 live streams connected — kitchen boards on the staff
 * stream (`/live/staff?base=…`, signed-in cooks) and diners' public streams (`/live/events`) — while
 * orders are placed at LIVE_BENCH_RATE a second (default 60: a third table rounds through
 * MealPosOrderSubmit at B201, the rest prepay takeaway orders at B201 and B202 paid from members'
 * balances) for LIVE_BENCH_SECONDS (default 20). For every event each stream should carry, the
 * time from its commit to its arrival at that stream:
 *
 *   - commit → received: on PostgreSQL from the moment this process heard the event's NOTIFY
 *     (PostgreSQL delivers it at the commit; the servers' hubs hear the same one), on SQLite from
 *     the placing request's answer (sent right after the commit), to the moment the stream's bytes
 *     arrived;
 *   - created_at → received: from the event's `created_at`, the writer's clock inside its
 *     transaction (the request's time: it includes waiting for the enterprise's event lock and the
 *     commit, so it is an upper bound that grows when the writer is saturated);
 *   - answer → received: from the placing request's answer (a round, or a prepay order's
 *     payment) to that order's `ticket.sent` / `order.progress` (negative when the event came first).
 *
 * Table rounds go to 60 tables added for the bench (L01–L60 at B201), so no bill grows past a
 * few rounds in a run (a bill's event carries the whole bill).
 *
 * p50 and p99 over every (stream, event), and counts received / expected (expected: the outbox's
 * events after the stream's `ready` that its audience and scope let through, by the route's own
 * dinerMay / staffMay). On SQLite: one server process. On PostgreSQL (only when DATABASE_URL is
 * set; a fresh schema, dropped afterwards): two server processes, streams on one and orders
 * alternating between both, as a load balancer would spread them, so half the events reach the
 * streams from the other process through NOTIFY and half from their own
 * (LIVE_BENCH_ORDERS=one: every order through the process without streams; on a 2-core machine
 * that one process saturates at about 47 orders a second). Goal: p99 commit → received ≤ 1 s.
 *
 * Processes: each server is a child (startServer, as `npm run serve`); the 200 streams are read
 * in another child (raw node:http, 50 streams per source address 127.0.0.x, since a server counts
 * at most 100 streams per client address), so measuring does not share an event loop with a
 * server; this process places the orders (open loop: one every 1/rate s, not waiting for answers)
 * and reads the outbox afterwards.
 *
 *   npx tsx bench/live.bench.ts            (or BENCH=live npm run bench)
 */
import { spawn, fork, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { sql } from 'kysely'
import { Client } from 'pg'
import { OPERATIONS } from '../src/gateway/operation-list'
import { STAFF_OPERATIONS } from '../src/gateway/staff-contract'
import { loadConfig } from '../server/src/config'
import { progressRef } from '../server/src/domain/kitchen/progress-ref'
import { startSession } from '../server/src/domain/members/member-session'
import { createSetupLink } from '../server/src/domain/staff/setup-link.service'
import { dinerMay, staffMay } from '../server/src/http/live.route'
import { readCounter, type LiveEvent } from '../server/src/live/outbox'
import { WAKEUP_CHANNEL } from '../server/src/live/wakeup'
import { startServer } from '../server/src/main'
import { createDatabase } from '../server/src/storage/database'
import { migrateToLatest } from '../server/src/storage/migrations'
import { seedDemo } from '../server/src/storage/seed'

const AUTH_CODE = 'bench-auth-code'
const ENT_ID = 'E1001'
const SHOP_ID = 'S101'
const GOAL_MS = 1000
const PASSWORD = 'bench password 1'

export interface Latency {
  p50: number
  p99: number
  max: number
  count: number
}

export interface StreamGroupFigures {
  streams: number
  /** Events these streams should have carried, summed over the streams. */
  expected: number
  received: number
  /** Received twice on one stream. */
  duplicates: number
  /**
   * From the commit: on PostgreSQL the moment the bench process heard the event's NOTIFY (sent at
   * commit); on SQLite the placing request's answer (right after the commit; the orders' first events).
   */
  commit: Latency
  /** From the event's created_at: the writer's clock inside its transaction, before any wait for the enterprise's event lock and the commit (an upper bound). */
  created: Latency
  /** From the placing request's answer, for the orders' first events (ticket.sent, order.progress preparing). */
  answer: Latency
}

export interface LiveFigures {
  dialect: 'sqlite' | 'postgres'
  processes: number
  orders: number
  rounds: number
  prepaid: number
  failed: number
  firstError?: string
  /** How long placing took, from the first order sent to the last answer. */
  seconds: number
  ordersPerSecond: number
  /** Events written meanwhile (all kinds). */
  events: number
  boards: StreamGroupFigures
  diners: StreamGroupFigures
  all: StreamGroupFigures
  /** Streams the server ended (and the client opened again from its last id). */
  reconnects: number
}

export interface LiveBenchResult {
  name: 'live'
  boards: number
  diners: number
  rate: number
  seconds: number
  goalMs: number
  sqlite: LiveFigures | null
  postgres: LiveFigures | null
  postgresNote: string
}

// ---------- child: a server process ----------

async function serve(): Promise<void> {
  const server = await startServer({ logger: false, seed: false, port: 0, host: '127.0.0.1' })
  console.log(JSON.stringify({ url: server.url }))
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    void server.close().finally(() => process.exit(0))
  }
  process.once('SIGTERM', stop)
  process.once('disconnect', stop)
}

// ---------- child: the streams ----------

interface StreamSpec {
  kind: 'board' | 'diner'
  url: string
  headers: Record<string, string>
  localAddress: string
}

interface StreamRecord {
  /** The position of its first `ready`. */
  start: number
  lastId: number
  ids: number[]
  at: number[]
  reconnects: number
  status: number
}

function clients(): void {
  const records: StreamRecord[] = []
  const specs: StreamSpec[] = []
  const stopped = { value: false }

  const open = (i: number): Promise<void> =>
    new Promise((resolve) => {
      const spec = specs[i]
      const record = records[i]
      let readied = false
      const headers: Record<string, string> = { accept: 'text/event-stream', ...spec.headers }
      if (record.lastId >= 0) headers['last-event-id'] = String(record.lastId)
      const req = http.get(spec.url, { headers, localAddress: spec.localAddress, agent: false }, (res) => {
        record.status = res.statusCode ?? 0
        if (res.statusCode !== 200) {
          res.resume()
          resolve()
          return
        }
        let buffer = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          const now = Date.now()
          buffer += chunk
          let cut: number
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut)
            buffer = buffer.slice(cut + 2)
            const id = /^id: (\d+)$/m.exec(block)
            if (!id) continue
            const n = Number(id[1])
            const event = /^event: (.+)$/m.exec(block)?.[1]
            if (event === 'ready' || event === 'reset') {
              if (record.start < 0) record.start = n
              if (!readied) {
                readied = true
                resolve()
              }
            } else if (event) {
              record.ids.push(n)
              record.at.push(now)
            }
            record.lastId = n
          }
        })
      })
      req.on('error', () => undefined)
      req.on('close', () => {
        if (!readied) resolve()
        if (stopped.value) return
        // Ended by the server: back from the last id, as a browser would.
        record.reconnects++
        setTimeout(() => void open(i), 500)
      })
    })

  process.on('message', (message: { open?: StreamSpec[]; until?: { lastId: number; ms: number }; stop?: boolean }) => {
    if (message.open) {
      void (async () => {
        for (const spec of message.open!) {
          specs.push(spec)
          records.push({ start: -1, lastId: -1, ids: [], at: [], reconnects: 0, status: 0 })
        }
        // A few at a time: a burst of connects is not what is measured.
        for (let i = 0; i < specs.length; i += 20) await Promise.all(specs.slice(i, i + 20).map((_, k) => open(i + k)))
        process.send!({ opened: records.map((r) => ({ status: r.status, start: r.start })) })
      })()
    } else if (message.until) {
      const { lastId, ms } = message.until
      const deadline = Date.now() + ms
      const check = () => {
        if (records.every((r) => r.lastId >= lastId) || Date.now() > deadline) {
          process.send!({ records })
        } else {
          setTimeout(check, 50)
        }
      }
      check()
    } else if (message.stop) {
      stopped.value = true
      process.exit(0)
    }
  })
  process.on('disconnect', () => process.exit(0))
  process.send!({ started: true })
}

// ---------- the parent ----------

function startServerChild(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', pathToFileURL(require.resolve('tsx')).href, __filename, '--serve'], { env, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] })
  return new Promise((resolve, reject) => {
    let started = false
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!started && line.startsWith('{')) {
        started = true
        resolve({ child, url: (JSON.parse(line) as { url: string }).url })
      } else {
        process.stderr.write(`${line}\n`)
      }
    })
    child.once('exit', (code) => {
      if (!started) reject(new Error(`live bench server exited with ${code}`))
    })
  })
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })

async function call(base: string, keyName: string, record: Record<string, unknown>, headers: Record<string, string> = {}, entId = ENT_ID): Promise<Record<string, any[]>> {
  const body = new URLSearchParams({
    ServerType: (OPERATIONS as Record<string, string>)[keyName] ?? (keyName in STAFF_OPERATIONS ? 'Staff' : 'Common'),
    KeyName: keyName,
    strJsonData: JSON.stringify({ tableData: [{ EntID: entId, UserID: 'bench', AppName: 'ScanOrder-bench', ...record }] }),
    AuthCode: AUTH_CODE,
    IsRSA: '0',
    EntID: entId
  }).toString()
  const text = await new Promise<string>((resolve, reject) => {
    const req = http.request(
      `${base}/GetData`,
      { method: 'POST', agent, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), 'accept-language': 'zh-TW', ...headers } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
        res.on('error', reject)
      }
    )
    req.on('error', reject)
    req.end(body)
  })
  const answer = JSON.parse(text) as { errcode: string; resultcode: string; errmsg: string; resultmsg: string; data: Record<string, any[]> }
  if (answer.errcode !== '0' || answer.resultcode !== '0') throw new Error(`${keyName}: ${answer.errcode}/${answer.resultcode} ${decodeURIComponent(answer.errmsg || answer.resultmsg)}`)
  return answer.data
}

const decoded = (v: unknown): string => decodeURIComponent(String(v))

export function latency(values: number[]): Latency {
  if (values.length === 0) return { p50: 0, p99: 0, max: 0, count: 0 }
  const sorted = Float64Array.from(values).sort()
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
  return { p50: Math.round(at(0.5)), p99: Math.round(at(0.99)), max: Math.round(sorted[sorted.length - 1]), count: sorted.length }
}

export interface LiveBenchOptions {
  boards?: number
  diners?: number
  rate?: number
  seconds?: number
  log?: (line: string) => void
}

async function runOne(dialect: 'sqlite' | 'postgres', options: Required<LiveBenchOptions>): Promise<LiveFigures> {
  const { log } = options
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-live-bench-'))
  const baseUrl = dialect === 'postgres' ? process.env.DATABASE_URL! : null
  const config = loadConfig({}, { databaseUrl: baseUrl, dataDir: path.join(dir, 'data'), filesDir: path.join(dir, 'files'), staticDir: path.join(dir, 'no-static'), authCode: AUTH_CODE })
  const schema = dialect === 'postgres' ? `bench_live_${randomBytes(6).toString('hex')}` : undefined
  let database = await createDatabase(config, { schema })
  const children: ChildProcess[] = []
  let streamsChild: ChildProcess | undefined
  let listener: Client | undefined
  try {
    await migrateToLatest(database)
    await seedDemo(database.db, new Date(), { filesDir: config.filesDir })
    await database.db.updateTable('bases').set({ begin_time: '00:00', end_time: '23:59', weekday: '1,2,3,4,5,6,7' }).where('base_id', 'in', ['B201', 'B202']).execute()
    const now = new Date()
    const members: Record<string, string>[] = []
    for (let i = 0; i < 16; i++) {
      const vipId = `VBENCH${i}${randomBytes(3).toString('hex')}`
      await database.db
        .insertInto('members')
        .values({ vip_id: vipId, ent_id: ENT_ID, area_no: '853', phone: `6${String(5000000 + i)}`, vip_name: `Bench ${i}`, is_guest: 0, device_key: '', code_ref: randomBytes(12).toString('hex'), balance: '1000000', created_at: now.toISOString(), updated_at: now.toISOString(), ledger_at: now.toISOString() })
        .execute()
      await database.db.insertInto('balance_ledger').values({ entry_id: `LB${vipId}`, ent_id: ENT_ID, vip_id: vipId, kind: 'recharge', amount: '1000000', balance_after: '1000000', ref_id: `RB${vipId}`, created_at: now.toISOString() }).execute()
      const { token } = await startSession(database.db, ENT_ID, vipId, now)
      members.push({ Authorization: `Bearer ${token}`, 'X-Device-Key': randomBytes(16).toString('hex') })
    }
    const { token: setupToken } = await createSetupLink(database.db, now, ENT_ID)
    // SQLite: the servers have the file to themselves while measuring.
    if (dialect === 'sqlite') await database.destroy()

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: baseUrl ? `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}` : '',
      DATA_DIR: config.dataDir,
      FILES_DIR: config.filesDir,
      STATIC_DIR: config.staticDir,
      AUTH_CODE,
      LOG_LEVEL: 'warn'
    }
    const streamServer = await startServerChild(env)
    children.push(streamServer.child)
    const orderServer = dialect === 'postgres' ? await startServerChild(env) : streamServer
    if (orderServer !== streamServer) children.push(orderServer.child)
    const ordersOnBoth = orderServer !== streamServer && process.env.LIVE_BENCH_ORDERS !== 'one'
    log(`live bench (${dialect}): streams on ${streamServer.url}, orders through ${orderServer.url}${ordersOnBoth ? ` and ${streamServer.url}` : ''}`)
    // PostgreSQL: the commit of each event, as a LISTEN connection hears it (as the servers' hubs do).
    // A transaction's events share one NOTIFY naming its last id (outbox.ts inEventTransaction):
    // an event committed with the first notice whose id is at or above its own.
    const commitAt = new Map<number, number>()
    if (baseUrl) {
      listener = new Client({ connectionString: baseUrl })
      await listener.connect()
      listener.on('notification', (message) => {
        const [inSchema, entId, id] = (message.payload ?? '').split('|')
        if (inSchema === schema && entId === ENT_ID) commitAt.set(Number(id), Date.now())
      })
      await listener.query(`listen ${WAKEUP_CHANNEL}`)
    }

    // The owner, and a cook at each branch, through the gateway as the console does.
    const owner = (await call(streamServer.url, 'StaffSetupComplete', { SetupToken: setupToken, OwnerName: 'Bench Owner', AreaCode: '853', Phone: '63000001', Password: PASSWORD, Locale: 'en' }, {}, ''))
      .table1[0]
    const ownerHeaders = { authorization: `Bearer ${decoded(owner.Token)}` }
    const cooks: Record<string, Record<string, string>> = {}
    for (const [i, baseId] of ['B201', 'B202'].entries()) {
      const phone = `6300001${i}`
      await call(streamServer.url, 'StaffSave', { StaffID: '', Name: `Cook ${baseId}`, AreaCode: '853', Phone: phone, Role: 'kitchen', ShopIDs: SHOP_ID, BaseIDs: baseId, Locale: 'en', Password: PASSWORD, Pin: '', Reason: '' }, ownerHeaders)
      const session = (await call(streamServer.url, 'StaffPasswordLogin', { AreaCode: '853', Phone: phone, Password: PASSWORD })).table1[0]
      cooks[baseId] = { authorization: `Bearer ${decoded(session.Token)}` }
    }
    await call(streamServer.url, 'TablesAdd', { BaseID: 'B201', Pattern: 'L01-L60', Area: 'Bench' }, ownerHeaders)
    if (dialect === 'sqlite') database = await createDatabase(config)
    const codes = Object.fromEntries(
      (await database.db.selectFrom('qr_codes').select(['table_id', 'code']).where('table_id', 'like', 'B201-L%').where('is_enable', '=', 1).execute()).map((r) => [r.table_id!, r.code])
    )
    const tables = Object.keys(codes).sort()
    if (tables.length !== 60) throw new Error(`live bench: ${tables.length} bench tables, not 60`)
    if (dialect === 'sqlite') await database.destroy()

    // The streams, in a process of their own.
    const specs: (StreamSpec & { scope: { entId: string; shopId: string; baseId: string | null } })[] = []
    for (let i = 0; i < options.boards; i++) {
      const baseId = i % 4 === 3 ? 'B202' : 'B201'
      specs.push({ kind: 'board', url: `${streamServer.url}/live/staff?base=${baseId}`, headers: cooks[baseId], localAddress: '', scope: { entId: ENT_ID, shopId: SHOP_ID, baseId } })
    }
    for (let i = 0; i < options.diners; i++) {
      const baseId = i % 4 === 1 ? 'B201' : i % 4 === 3 ? 'B202' : null
      specs.push({ kind: 'diner', url: `${streamServer.url}/live/events?ent=${ENT_ID}&shop=${SHOP_ID}${baseId ? `&base=${baseId}` : ''}`, headers: {}, localAddress: '', scope: { entId: ENT_ID, shopId: SHOP_ID, baseId } })
    }
    specs.forEach((s, i) => (s.localAddress = `127.0.0.${2 + Math.floor(i / 50)}`))
    streamsChild = fork(__filename, ['--clients'], { execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    const child = streamsChild
    const ask = <T>(message: object, key: string) =>
      new Promise<T>((resolve, reject) => {
        const on = (m: Record<string, T>) => {
          if (key in m) {
            child.off('message', on)
            resolve(m[key])
          }
        }
        child.on('message', on)
        child.once('exit', (code) => reject(new Error(`live bench streams exited with ${code}`)))
        child.send(message)
      })
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve())
      child.once('exit', (code) => reject(new Error(`live bench streams exited with ${code}`)))
    })
    const opened = await ask<{ status: number; start: number }[]>({ open: specs.map(({ scope: _scope, ...s }) => s) }, 'opened')
    const notOpen = opened.filter((o) => o.status !== 200 || o.start < 0)
    if (notOpen.length) throw new Error(`live bench: ${notOpen.length} streams did not open (${[...new Set(notOpen.map((o) => o.status))].join(', ')})`)
    log(`live bench (${dialect}): ${specs.length} streams ready (${options.boards} boards, ${options.diners} diners); placing ${options.rate} orders a second for ${options.seconds} s`)

    // Orders, open loop: one every 1/rate s, whatever the answers do.
    const answeredAt = new Map<string, number>()
    let failed = 0
    let rounds = 0
    let prepaid = 0
    let firstError: string | undefined
    const total = Math.round(options.rate * options.seconds)
    const interval = 1000 / options.rate
    const t0 = Date.now()
    const placing: Promise<void>[] = []
    for (let k = 0; k < total; k++) {
      const wait = t0 + k * interval - Date.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      // PostgreSQL: orders alternate between the two processes, as a load balancer spreads them
      // (LIVE_BENCH_ORDERS=one: all through the process without the streams).
      const through = ordersOnBoth && k % 2 === 1 ? streamServer : orderServer
      placing.push(
        (async () => {
          try {
            if (k % 3 === 0) {
              const tableId = tables[(k / 3) % tables.length]
              const data = await call(
                through.url,
                'MealPosOrderSubmit',
                { ShopID: SHOP_ID, BaseID: 'B201', TableID: tableId, QRCode: codes[tableId], ServiceType: 'dinein', RequestKey: `lb-${k}-${randomBytes(6).toString('hex')}`, Lines: [soup(1 + (k % 2))] },
                { 'X-Device-Key': `live-bench-table-${tableId}-0123456789` }
              )
              answeredAt.set(decoded(data.table2[0].SheetID), Date.now())
              rounds++
            } else {
              const member = members[k % members.length]
              const order = (await call(through.url, 'OrderSubmit', { ShopID: SHOP_ID, BaseID: k % 3 === 1 ? 'B201' : 'B202', ServiceType: 'takeaway', AppointedTime: '', Lines: [soup(1)], RequestKey: `lb-${k}-${randomBytes(6).toString('hex')}` }, member)).table1[0]
              const orderId = decoded(order.SheetID)
              await call(through.url, 'BalancePay', { SheetID: orderId, RequestKey: `lbp-${k}-${randomBytes(6).toString('hex')}` }, member)
              answeredAt.set(orderId, Date.now())
              prepaid++
            }
          } catch (error) {
            failed++
            firstError ??= error instanceof Error ? error.message : String(error)
          }
        })()
      )
    }
    await Promise.all(placing)
    const seconds = (Date.now() - t0) / 1000
    log(`live bench (${dialect}): ${rounds + prepaid} orders placed in ${seconds.toFixed(1)} s (${failed} failed${firstError ? `: ${firstError}` : ''})`)

    // Every stream up to the last event, then the outbox as the truth.
    if (dialect === 'sqlite') database = await createDatabase(config)
    const lastId = (await readCounter(database.db, ENT_ID)).lastId
    const records = await ask<StreamRecord[]>({ until: { lastId, ms: 30_000 } }, 'records')
    const from = Math.min(...records.map((r) => r.start))
    const rows = await database.db.selectFrom('events').selectAll().where('ent_id', '=', ENT_ID).where('id', '>', from).where('id', '<=', lastId).orderBy('id').execute()
    const events = new Map<number, LiveEvent>(
      rows.map((r) => [Number(r.id), { id: Number(r.id), entId: r.ent_id, shopId: r.shop_id, baseId: r.base_id ?? null, kind: r.kind, payload: JSON.parse(r.payload) as Record<string, unknown>, createdAt: r.created_at }])
    )
    const orderOfRef = new Map([...answeredAt.keys()].map((id) => [progressRef(id), id]))
    const orderOf = (e: LiveEvent): string | undefined =>
      e.kind === 'ticket.sent' ? ((e.payload.ticket as { OrderID?: string } | undefined)?.OrderID ?? undefined) : e.kind === 'order.progress' ? orderOfRef.get(String(e.payload.ref)) : undefined

    const notified = [...commitAt.keys()].sort((a, b) => a - b)
    const commitOf = (id: number): number | undefined => {
      let lo = 0
      let hi = notified.length
      while (lo < hi) {
        const mid = (lo + hi) >> 1
        if (notified[mid] < id) lo = mid + 1
        else hi = mid
      }
      return lo < notified.length ? commitAt.get(notified[lo]) : undefined
    }
    const group = (which: ('board' | 'diner')[]): StreamGroupFigures => {
      const commit: number[] = []
      const created: number[] = []
      const answer: number[] = []
      let expected = 0
      let received = 0
      let duplicates = 0
      let streams = 0
      specs.forEach((spec, i) => {
        if (!which.includes(spec.kind)) return
        streams++
        const record = records[i]
        const may = spec.kind === 'board' ? staffMay : dinerMay
        for (const e of events.values()) if (e.id > record.start && may(spec.scope, e)) expected++
        const seen = new Set<number>()
        record.ids.forEach((id, k) => {
          if (seen.has(id)) {
            duplicates++
            return
          }
          seen.add(id)
          const e = events.get(id)
          if (!e) return
          received++
          created.push(record.at[k] - Date.parse(e.createdAt))
          const committed = commitOf(id)
          if (committed !== undefined) commit.push(record.at[k] - committed)
          const orderId = orderOf(e)
          const answered = orderId === undefined ? undefined : answeredAt.get(orderId)
          // The order's first events only (sent, preparing): later ones follow a later move.
          if (answered !== undefined && (e.kind === 'ticket.sent' || e.payload.stage === 'preparing')) {
            answer.push(record.at[k] - answered)
            if (!baseUrl) commit.push(record.at[k] - answered)
          }
        })
      })
      return { streams, expected, received, duplicates, commit: latency(commit), created: latency(created), answer: latency(answer) }
    }

    return {
      dialect,
      processes: dialect === 'postgres' ? 2 : 1,
      orders: rounds + prepaid,
      rounds,
      prepaid,
      failed,
      firstError,
      seconds,
      ordersPerSecond: (rounds + prepaid) / seconds,
      events: rows.length,
      boards: group(['board']),
      diners: group(['diner']),
      all: group(['board', 'diner']),
      reconnects: records.reduce((n, r) => n + r.reconnects, 0)
    }
  } finally {
    streamsChild?.send({ stop: true })
    await listener?.end().catch(() => undefined)
    await Promise.all(children.map(stop))
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db).catch(() => undefined)
    await database.destroy().catch(() => undefined)
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** Soup of the day (F01), the client's line for it. */
const soup = (qua: number) => ({ GoodsID: `${SHOP_ID}.g.F01`, SkuID: '', PCode: '', MQua: String(qua), PQua: '0', Remarks: [], AddOns: [], Bom: [], Amount: String(22 * qua) })

export async function runLiveBench(options: LiveBenchOptions = {}): Promise<LiveBenchResult> {
  const o: Required<LiveBenchOptions> = {
    boards: options.boards ?? Number(process.env.LIVE_BENCH_BOARDS ?? 40),
    diners: options.diners ?? Number(process.env.LIVE_BENCH_DINERS ?? 160),
    rate: options.rate ?? Number(process.env.LIVE_BENCH_RATE ?? 60),
    seconds: options.seconds ?? Number(process.env.LIVE_BENCH_SECONDS ?? 20),
    log: options.log ?? (() => undefined)
  }
  try {
    const sqlite = process.env.LIVE_BENCH_SKIP_SQLITE ? null : await runOne('sqlite', o)
    let postgres: LiveFigures | null = null
    let postgresNote = 'PostgreSQL not measured: DATABASE_URL is not set'
    if (process.env.DATABASE_URL) {
      postgres = await runOne('postgres', o)
      postgresNote = 'PostgreSQL: two server processes, streams on one and orders through both'
    }
    return { name: 'live', boards: o.boards, diners: o.diners, rate: o.rate, seconds: o.seconds, goalMs: GOAL_MS, sqlite, postgres, postgresNote }
  } finally {
    agent.destroy()
  }
}

const ms = (n: number) => `${n.toLocaleString('en-US')} ms`
const groupText = (g: StreamGroupFigures) =>
  `commit → received p50 ${ms(g.commit.p50)}, p99 ${ms(g.commit.p99)} (max ${ms(g.commit.max)}); created_at → received p50 ${ms(g.created.p50)}, p99 ${ms(g.created.p99)}; ` +
  `answer → received p50 ${ms(g.answer.p50)}, p99 ${ms(g.answer.p99)}; received ${g.received.toLocaleString('en-US')} of ${g.expected.toLocaleString('en-US')} expected${g.duplicates ? `, ${g.duplicates} twice` : ''}`

/** Rows for the bench table (bench/index.ts). */
export function liveRows(r: LiveBenchResult): [string, string][] {
  const rows: [string, string][] = []
  for (const f of [r.sqlite, r.postgres]) {
    if (!f) continue
    const name = `Live, ${f.dialect === 'sqlite' ? 'SQLite (one process)' : 'PostgreSQL (two processes: streams on one, orders through both)'}`
    rows.push(
      [
        `${name}: orders placed while ${r.boards + r.diners} streams listen (${r.boards} kitchen boards, ${r.diners} diners)`,
        `${f.orders.toLocaleString('en-US')} in ${f.seconds.toFixed(1)} s = ${f.ordersPerSecond.toFixed(1)}/s (${f.rounds} table rounds, ${f.prepaid} prepay orders paid${f.failed ? `; ${f.failed} failed: ${f.firstError}` : ''}); ${f.events.toLocaleString('en-US')} events${f.reconnects ? `; ${f.reconnects} streams ended and reconnected` : ''}`
      ],
      [`${name}: kitchen boards (staff stream)`, groupText(f.boards)],
      [`${name}: diners (public stream)`, groupText(f.diners)],
      [
        `${name}: p99 commit → received, all streams, everything received (goal ≤ ${ms(r.goalMs)})`,
        `${ms(f.all.commit.p99)} — ${f.all.commit.p99 <= r.goalMs && f.all.received === f.all.expected ? 'met' : '**not met**'} (from created_at: ${ms(f.all.created.p99)} — ${f.all.created.p99 <= r.goalMs ? 'met' : '**not met**'})`
      ]
    )
  }
  if (!r.postgres) rows.push(['Live, PostgreSQL', r.postgresNote])
  return rows
}

if (require.main === module) {
  if (process.argv.includes('--serve')) {
    serve().catch((error) => {
      console.error(error)
      process.exit(1)
    })
  } else if (process.argv.includes('--clients')) {
    clients()
  } else {
    runLiveBench({ log: (line) => console.error(line) }).then(
      (r) => {
        for (const [k, v] of liveRows(r)) console.log(`${k}: ${v}`)
      },
      (error) => {
        console.error(error)
        process.exit(1)
      }
    )
  }
}
