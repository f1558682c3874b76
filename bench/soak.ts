/**
 * A Friday night (issue 28 item 6), in compressed time: real server processes (children, as
 * `npm run serve` composes them: tests/server/helpers/server-process.ts) behind a round-robin
 * "load balancer" in this process, phones at tables, counter diners and kitchen boards, and one
 * server process killed (SIGKILL) and started again mid-service. At the end it checks what a
 * restaurant would notice:
 *
 *   - every acknowledged order (a round or a prepay order whose placement answered OK) is in the
 *     database, each once, and every acknowledged payment left its order paid;
 *   - every board holds each of those orders' tickets exactly once (a board upserts by ticket id;
 *     a `ticket.sent` heard twice for one ticket is a ticket twice), and has heard everything;
 *   - the restarted process serves;
 *   - p50/p99 of ordering, paying, reading the bill and the live events (ticket.sent: the event's
 *     created_at → the board's bytes), and each server's memory (RSS, sampled every second): at
 *     the start, the highest, and after the load stopped and SOAK_SETTLE seconds passed.
 *
 * Modes (SOAK_MODE):
 *   - friday (default): SOAK_TABLES tables (60, L01–L60 at B201, added for the run) with
 *     SOAK_PHONES phones each (4): every phone reads its table's bill every SOAK_POLL_MS (5000, as
 *     the table page polls) and sends a round every SOAK_ROUND_MS on average (60 000); every
 *     SOAK_VISIT_MS (60 000) a table pays its bill (PayLaterUpdate + BalancePay) and the next
 *     round opens a new one. SOAK_COUNTER counter diners (40) each place a takeaway order, pay it
 *     from their balance and look at it, every SOAK_COUNTER_MS (15 000).
 *   - heavy: the issue's heavy night: 600 phones sharing 10 busy bills (60 a table, a round each
 *     every 60 s, so a bill reaches about a hundred rounds in two minutes), no table paying, 200
 *     counter diners every 5 s, for 120 s: about 210 requests a second. Goals: p99 of every
 *     diner's call ≤ 1 s (sending a round ≤ 2 s), memory back within 100 MB of the start.
 *
 * Settings (environment; any SOAK_* above overrides the mode's value): SOAK_SECONDS (friday 180,
 * heavy 120), SOAK_BOARDS (4 kitchen boards on B201's staff stream, spread over the processes),
 * SOAK_PROCESSES (2 on PostgreSQL, 1 on SQLite), SOAK_KILL (1: kill the last process at half
 * time and start it again SOAK_DOWN_MS later, 3000; 0: no kill), SOAK_SETTLE (seconds after the
 * load, 20), SOAK_DB (postgres, default, or sqlite), DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test; the run uses a fresh schema, dropped afterwards),
 * SOAK_SERVER_FLAGS (node flags for the servers, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`),
 * SOAK_OPEN (1: phones poll on time whether their last read answered or not, as an open-loop load
 * generator offers load; default 0: each phone waits for its answer).
 *
 *   npm run soak                         the Friday night on PostgreSQL, two processes, one killed
 *   SOAK_MODE=heavy npm run soak         the heavy night
 *   SOAK_DB=sqlite SOAK_MODE=heavy npm run soak
 *
 * Exits 1 when a correctness check fails (lost, twice, not heard, the restarted process not
 * serving); the latency and memory goals are printed as met / not met.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { sql } from 'kysely'
import { OPERATIONS } from '../src/gateway/operation-list'
import { STAFF_OPERATIONS } from '../src/gateway/staff-contract'
import { loadConfig } from '../server/src/config'
import { startSession } from '../server/src/domain/members/member-session'
import { createSetupLink } from '../server/src/domain/staff/setup-link.service'
import { readCounter } from '../server/src/live/outbox'
import { createDatabase, type AppDatabase } from '../server/src/storage/database'
import { migrateToLatest } from '../server/src/storage/migrations'
import { seedDemo } from '../server/src/storage/seed'
import { latency, type Latency } from './live.bench'

const AUTH_CODE = 'soak-auth-code'
const ENT_ID = 'E1001'
const SHOP_ID = 'S101'
const BASE_ID = 'B201'
const PASSWORD = 'soak password 1'
const ROOT = path.resolve(__dirname, '..')
const SERVER_SCRIPT = path.join(ROOT, 'tests', 'server', 'helpers', 'server-process.ts')

export interface SoakOptions {
  mode: 'friday' | 'heavy'
  seconds: number
  tables: number
  phonesPerTable: number
  pollMs: number
  roundMs: number
  /** 0: tables never pay (the heavy night's bills only grow). */
  visitMs: number
  counter: number
  counterMs: number
  boards: number
  processes: number
  kill: boolean
  downMs: number
  settleSeconds: number
  /** Phones poll on time whether their last read answered or not (SOAK_OPEN=1), as a load generator would. */
  openLoop: boolean
  /** null: SQLite. */
  databaseUrl: string | null
  serverFlags: string[]
  log: (line: string) => void
}

export interface MemoryFigures {
  process: string
  startMb: number
  maxMb: number
  endMb: number
  settledMb: number
}

export interface SoakResult {
  options: Omit<SoakOptions, 'log'>
  seconds: number
  requests: number
  rounds: Latency
  readBill: Latency
  ordering: Latency
  paying: Latency
  looking: Latency
  liveEvents: Latency
  /** Diners' calls that took a second or more, by the 10-s window they started in (where the tail is). */
  slowByWindow: number[]
  /** Acknowledged: rounds, prepay orders, payments (bills and prepay). */
  acknowledged: { rounds: number; orders: number; payments: number; billsPaid: number }
  /** Answered with a business refusal (e.g. a bill paid while a round cancelled its settlement): not errors. */
  refused: Record<string, number>
  /** Calls that never got an answer (the killed process) and were sent again to another. */
  retried: number
  /** Calls that failed for good, or answered an error that is not a business refusal. */
  failed: number
  firstFailure?: string
  lost: string[]
  notPaid: string[]
  /** Per board: tickets heard as ticket.sent more than once. */
  ticketsTwice: number
  /** Per board: acknowledged orders whose ticket the board never heard. */
  notOnBoard: number
  boardReconnects: number
  restartedServed: boolean | null
  memory: MemoryFigures[]
  ok: boolean
}

function setting(name: string, fallback: number): number {
  const value = process.env[name]
  if (value === undefined || value.trim() === '') return fallback
  const n = Number(value)
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number ≥ 0, not '${value}'`)
  return n
}

/** The options from the environment (the mode's defaults, each overridable). */
export function soakOptionsFromEnv(log: (line: string) => void = (line) => console.error(line)): SoakOptions {
  const mode = process.env.SOAK_MODE === 'heavy' ? 'heavy' : 'friday'
  const heavy = mode === 'heavy'
  const sqlite = process.env.SOAK_DB === 'sqlite'
  const processes = setting('SOAK_PROCESSES', sqlite ? 1 : 2)
  return {
    mode,
    seconds: setting('SOAK_SECONDS', heavy ? 120 : 180),
    tables: setting('SOAK_TABLES', heavy ? 10 : 60),
    phonesPerTable: setting('SOAK_PHONES', heavy ? 60 : 4),
    pollMs: setting('SOAK_POLL_MS', 5000),
    roundMs: setting('SOAK_ROUND_MS', 60_000),
    visitMs: setting('SOAK_VISIT_MS', heavy ? 0 : 60_000),
    counter: setting('SOAK_COUNTER', heavy ? 200 : 40),
    counterMs: setting('SOAK_COUNTER_MS', heavy ? 5000 : 15_000),
    boards: setting('SOAK_BOARDS', 4),
    processes,
    kill: setting('SOAK_KILL', processes > 1 && !heavy ? 1 : 0) === 1,
    downMs: setting('SOAK_DOWN_MS', 3000),
    settleSeconds: setting('SOAK_SETTLE', 20),
    openLoop: setting('SOAK_OPEN', 0) === 1,
    databaseUrl: sqlite ? null : process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    serverFlags: (process.env.SOAK_SERVER_FLAGS ?? '').split(' ').filter(Boolean),
    log
  }
}

// ---------- server processes ----------

interface ServerProcess {
  name: string
  url: string
  child: ChildProcess
  up: boolean
  rss: number[]
  startedAt: number
}

function startServerProcess(name: string, env: NodeJS.ProcessEnv, flags: string[]): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...flags, '--import', pathToFileURL(require.resolve('tsx')).href, SERVER_SCRIPT], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    let started = false
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!started && line.startsWith('{')) {
        started = true
        resolve({ name, url: (JSON.parse(line) as { url: string }).url, child, up: true, rss: [], startedAt: Date.now() })
      }
    })
    child.once('exit', (code) => {
      if (!started) reject(new Error(`soak server ${name} exited with ${code}`))
    })
  })
}

function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill(signal)
  })
}

/** Resident memory of a process in MB (Linux /proc), or NaN when gone. */
function rssMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024
  } catch {
    return Number.NaN
  }
}

// ---------- calls through the "load balancer" ----------

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 })

interface Answer {
  errcode: string
  resultcode: string
  message: string
  data: Record<string, any[]>
}

/** Sent but never answered: the process went away (or refused the connection). */
class NoAnswer extends Error {}

function post(base: string, keyName: string, record: Record<string, unknown>, headers: Record<string, string>, entId = ENT_ID): Promise<Answer> {
  const body = new URLSearchParams({
    ServerType: (OPERATIONS as Record<string, string>)[keyName] ?? (keyName in STAFF_OPERATIONS ? 'Staff' : 'Common'),
    KeyName: keyName,
    strJsonData: JSON.stringify({ tableData: [{ EntID: entId, UserID: 'soak', AppName: 'ScanOrder-soak', ...record }] }),
    AuthCode: AUTH_CODE,
    IsRSA: '0',
    EntID: entId
  }).toString()
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      `${base}/GetData`,
      { method: 'POST', agent, timeout: 60_000, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), 'accept-language': 'en', 'accept-encoding': 'gzip', ...headers } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('error', (e) => reject(new NoAnswer(e.message)))
        res.on('end', () => {
          // As a phone's browser or host asks (answers above 1 KB come compressed: server/src/http/compress.ts).
          let text: string
          try {
            const bytes = Buffer.concat(chunks)
            text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8')
          } catch (e) {
            return reject(new NoAnswer(`${res.statusCode}: ${(e as Error).message}`))
          }
          try {
            const a = JSON.parse(text) as { errcode: string; resultcode: string; errmsg: string; resultmsg: string; data: Record<string, any[]> }
            resolve({ errcode: a.errcode, resultcode: a.resultcode, message: decodeURIComponent(a.errmsg || a.resultmsg || ''), data: a.data ?? {} })
          } catch {
            // A proxy would answer 502 when its upstream dies mid-answer: the same as no answer.
            reject(new NoAnswer(`${res.statusCode}: ${text.slice(0, 120)}`))
          }
        })
      }
    )
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', (e) => reject(new NoAnswer(e.message)))
    req.end(body)
  })
}

const decoded = (v: unknown): string => decodeURIComponent(String(v))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Sleeps `ms`, but wakes at `until` at the latest (the night's end). */
const sleepUntil = (ms: number, until: number) => sleep(Math.max(0, Math.min(ms, until - Date.now())))

// ---------- kitchen boards (the staff stream, as the console's board reads it) ----------

interface Board {
  lastId: number
  /** ticket id → how many times heard as ticket.sent. */
  sent: Map<string, number>
  orders: Set<string>
  /** ticket.sent events heard: [event id, when]. */
  heard: [number, number][]
  reconnects: number
  req: http.ClientRequest | null
}

function openBoard(board: Board, pick: () => ServerProcess | null, headers: Record<string, string>, stopped: { value: boolean }): void {
  const server = pick()
  if (!server) {
    setTimeout(() => openBoard(board, pick, headers, stopped), 500)
    return
  }
  const h: Record<string, string> = { accept: 'text/event-stream', ...headers }
  if (board.lastId >= 0) h['last-event-id'] = String(board.lastId)
  const req = http.get(`${server.url}/live/staff?base=${BASE_ID}`, { headers: h, agent: false }, (res) => {
    if (res.statusCode !== 200) {
      res.resume()
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
        board.lastId = Number(id[1])
        const kind = /^event: (.+)$/m.exec(block)?.[1]
        if (kind !== 'ticket.sent') continue
        const data = JSON.parse(/^data: (.*)$/m.exec(block)![1]) as { ticket: { TicketID: string; OrderID: string }; createdAt?: string }
        board.sent.set(data.ticket.TicketID, (board.sent.get(data.ticket.TicketID) ?? 0) + 1)
        board.orders.add(data.ticket.OrderID)
        board.heard.push([Number(id[1]), now])
      }
    })
  })
  board.req = req
  req.on('error', () => undefined)
  req.on('close', () => {
    if (stopped.value) return
    // Ended (its process killed): back from the last id, to whichever process answers, as the console does.
    board.reconnects++
    setTimeout(() => openBoard(board, pick, headers, stopped), 500)
  })
}

// ---------- the night ----------

export async function runSoak(o: SoakOptions): Promise<SoakResult> {
  const { log } = o
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-soak-'))
  const config = loadConfig({}, { databaseUrl: o.databaseUrl, dataDir: path.join(dir, 'data'), filesDir: path.join(dir, 'files'), staticDir: path.join(dir, 'no-static'), authCode: AUTH_CODE })
  const schema = o.databaseUrl ? `soak_${randomBytes(6).toString('hex')}` : undefined
  let database: AppDatabase = await createDatabase(config, { schema })
  const servers: ServerProcess[] = []
  const stopped = { value: false }
  const boards: Board[] = []
  let sampler: ReturnType<typeof setInterval> | undefined
  try {
    // ---- set-up: the demo enterprise, members with money, an owner, a cook, the tables ----
    await migrateToLatest(database)
    await seedDemo(database.db, new Date(), { filesDir: config.filesDir })
    await database.db.updateTable('bases').set({ begin_time: '00:00', end_time: '23:59', weekday: '1,2,3,4,5,6,7' }).execute()
    const now = new Date()
    const payers = o.counter + o.tables
    const memberHeaders: Record<string, string>[] = []
    for (let i = 0; i < payers; i++) {
      const vipId = `VSOAK${i}${randomBytes(3).toString('hex')}`
      await database.db
        .insertInto('members')
        .values({ vip_id: vipId, ent_id: ENT_ID, area_no: '853', phone: `6${String(6000000 + i)}`, vip_name: `Soak ${i}`, is_guest: 0, device_key: '', code_ref: randomBytes(12).toString('hex'), balance: '10000000', created_at: now.toISOString(), updated_at: now.toISOString(), ledger_at: now.toISOString() })
        .execute()
      await database.db.insertInto('balance_ledger').values({ entry_id: `LS${vipId}`, ent_id: ENT_ID, vip_id: vipId, kind: 'recharge', amount: '10000000', balance_after: '10000000', ref_id: `RS${vipId}`, created_at: now.toISOString() }).execute()
      const { token } = await startSession(database.db, ENT_ID, vipId, now)
      memberHeaders.push({ Authorization: `Bearer ${token}`, 'X-Device-Key': `soak-member-${i}-${randomBytes(8).toString('hex')}` })
    }
    const { token: setupToken } = await createSetupLink(database.db, now, ENT_ID)
    if (!o.databaseUrl) await database.destroy()

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: o.databaseUrl ? `${o.databaseUrl}${o.databaseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}` : '',
      DATA_DIR: config.dataDir,
      FILES_DIR: config.filesDir,
      STATIC_DIR: config.staticDir,
      AUTH_CODE,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development'
    }
    for (let i = 0; i < o.processes; i++) servers.push(await startServerProcess(String.fromCharCode(65 + i), env, o.serverFlags))
    log(`soak (${o.mode}, ${o.databaseUrl ? 'PostgreSQL' : 'SQLite'}): ${servers.length} server processes ${servers.map((s) => `${s.name} ${s.url}`).join(', ')}`)

    const must = async (keyName: string, record: Record<string, unknown>, headers: Record<string, string> = {}, entId = ENT_ID) => {
      const a = await post(servers[0].url, keyName, record, headers, entId)
      if (a.errcode !== '0' || a.resultcode !== '0') throw new Error(`${keyName}: ${a.errcode}/${a.resultcode} ${a.message}`)
      return a.data
    }
    const owner = (await must('StaffSetupComplete', { SetupToken: setupToken, OwnerName: 'Soak Owner', AreaCode: '853', Phone: '63100001', Password: PASSWORD, Locale: 'en' }, {}, '')).table1[0]
    const ownerHeaders = { authorization: `Bearer ${decoded(owner.Token)}` }
    await must('StaffSave', { StaffID: '', Name: 'Soak cook', AreaCode: '853', Phone: '63100002', Role: 'kitchen', ShopIDs: SHOP_ID, BaseIDs: BASE_ID, Locale: 'en', Password: PASSWORD, Pin: '', Reason: '' }, ownerHeaders)
    const cook = (await must('StaffPasswordLogin', { AreaCode: '853', Phone: '63100002', Password: PASSWORD })).table1[0]
    const cookHeaders = { authorization: `Bearer ${decoded(cook.Token)}` }
    const last = `L${String(Math.max(2, o.tables)).padStart(2, '0')}`
    await must('TablesAdd', { BaseID: BASE_ID, Pattern: `L01-${last}`, Area: 'Soak' }, ownerHeaders)
    if (!o.databaseUrl) database = await createDatabase(config)
    const tableRows = await database.db.selectFrom('qr_codes').select(['table_id', 'code']).where('table_id', 'like', `${BASE_ID}-L%`).where('is_enable', '=', 1).orderBy('table_id').execute()
    const tables = tableRows.slice(0, o.tables).map((r) => ({ id: r.table_id!, code: r.code, sheet: '', payer: memberHeaders[o.counter + tableRows.indexOf(r)], paying: false }))
    if (tables.length !== o.tables) throw new Error(`soak: ${tables.length} tables, not ${o.tables}`)

    // ---- the "load balancer": round robin over the processes that are up ----
    let turn = 0
    const pick = (): ServerProcess | null => {
      const up = servers.filter((s) => s.up)
      return up.length ? up[turn++ % up.length] : null
    }
    const ends = { requests: 0, retried: 0, failed: 0, firstFailure: undefined as string | undefined }
    const refused: Record<string, number> = {}
    const slowByWindow: number[] = []
    let loadStartedAt = Date.now()
    /** A diner's call: to one process; unanswered, the same request (same RequestKey) to the next. */
    const call = async (keyName: string, record: Record<string, unknown>, headers: Record<string, string>, times: number[]): Promise<Answer | null> => {
      const t0 = Date.now()
      for (let attempt = 0; attempt < 20; attempt++) {
        const server = pick()
        if (!server) {
          await sleep(200)
          continue
        }
        try {
          ends.requests++
          const a = await post(server.url, keyName, record, headers)
          times.push(Date.now() - t0)
          if (Date.now() - t0 >= 1000) {
            const window = Math.max(0, Math.floor((t0 - loadStartedAt) / 10_000))
            slowByWindow[window] = (slowByWindow[window] ?? 0) + 1
          }
          if (a.errcode === '0' && a.resultcode === '0') {
            if (restartedAt && server === servers[servers.length - 1] && server.startedAt >= restartedAt) restartedServed = true
            return a
          }
          if (a.errcode === '0') {
            const key = `${keyName} ${a.resultcode} ${a.message}`
            refused[key] = (refused[key] ?? 0) + 1
          } else {
            ends.failed++
            ends.firstFailure ??= `${keyName}: ${a.errcode}/${a.resultcode} ${a.message}`
          }
          return null
        } catch (error) {
          if (!(error instanceof NoAnswer)) throw error
          ends.retried++
          await sleep(100)
        }
      }
      ends.failed++
      ends.firstFailure ??= `${keyName}: no process answered 20 times`
      return null
    }

    // ---- the boards, ready before the night starts ----
    const counterAt = (await readCounter(database.db, ENT_ID)).lastId
    for (let i = 0; i < o.boards; i++) {
      const board: Board = { lastId: counterAt, sent: new Map(), orders: new Set(), heard: [], reconnects: 0, req: null }
      boards.push(board)
      openBoard(board, pick, cookHeaders, stopped)
    }

    // ---- memory, every second ----
    sampler = setInterval(() => {
      for (const s of servers) if (s.up) s.rss.push(rssMb(s.child.pid))
    }, 1000)
    await sleep(1500)
    const startMb = servers.map((s) => s.rss[0] ?? rssMb(s.child.pid))

    const times = { rounds: [] as number[], readBill: [] as number[], ordering: [] as number[], paying: [] as number[], looking: [] as number[] }
    const acked = { rounds: [] as string[], orders: [] as string[], paid: [] as string[], billsPaid: 0 }
    let restartedAt = 0
    let restartedServed: boolean | null = null
    const t0 = Date.now()
    loadStartedAt = t0
    const until = t0 + o.seconds * 1000
    const jitter = (ms: number) => ms * (0.5 + Math.random())
    log(`soak: ${o.tables} tables × ${o.phonesPerTable} phones, ${o.counter} counter diners, ${o.boards} boards, ${o.seconds} s${o.kill ? `; ${servers[servers.length - 1].name} killed at ${o.seconds / 2} s` : ''}`)

    const phone = async (table: (typeof tables)[number], n: number) => {
      const headers = { 'X-Device-Key': `soak-${table.id}-${n}-${randomBytes(6).toString('hex')}` }
      await sleep(Math.random() * o.pollMs)
      // Friday: a table orders soon after it sits down; the heavy night's bills are busy already
      // (its phones' rounds spread evenly). Then a round every roundMs or so from each phone.
      let nextRound = Date.now() + (Math.random() * o.roundMs) / (o.mode === 'heavy' ? 1 : 4)
      // The bill's version this phone holds the rows of, sent back as the table page does
      // (table-sheet.store.ts): an unchanged bill then comes without its rows.
      let held = { sheet: '', version: '' }
      while (Date.now() < until) {
        const started = Date.now()
        if (started >= nextRound) {
          nextRound = started + jitter(o.roundMs)
          const qua = 1 + (n % 2)
          const a = await call(
            'MealPosOrderSubmit',
            { ShopID: SHOP_ID, BaseID: BASE_ID, TableID: table.id, QRCode: table.code, ServiceType: 'dinein', RequestKey: `soak-r-${randomBytes(8).toString('hex')}`, Lines: [soup(qua)] },
            headers,
            times.rounds
          )
          if (a) {
            acked.rounds.push(decoded(a.data.table2[0].SheetID))
            table.sheet = decoded(a.data.table1[0].SheetID)
          }
        } else if (table.sheet) {
          const sheet = table.sheet
          const read = async () => {
            const a = await call('PosSheetDetailGet', { SheetID: sheet, QRCode: table.code, ...(held.sheet === sheet && held.version ? { BillVersion: held.version } : {}) }, headers, times.readBill)
            if (a) held = { sheet, version: String(a.data.table4?.[0]?.BillVersion ?? '') }
            // The bill was paid: the table page sees it closed; the next round opens the next one.
            if (a && Number(a.data.table1?.[0]?.Status) !== 0 && table.sheet === sheet && !table.paying) table.sheet = ''
          }
          // Open loop: the next poll goes on time whether this one answered or not.
          if (o.openLoop) pending.push(read())
          else await read()
        }
        await sleepUntil(o.pollMs - (Date.now() - started), until)
      }
    }

    const payTable = async (table: (typeof tables)[number]) => {
      await sleep(Math.random() * o.visitMs)
      while (Date.now() < until) {
        await sleepUntil(jitter(o.visitMs), until)
        if (!table.sheet || Date.now() >= until) continue
        table.paying = true
        try {
          const bill = await call('PayLaterUpdate', { SheetID: table.sheet, QRCode: table.code }, table.payer, times.paying)
          if (!bill) continue
          const settlementId = decoded(bill.data.table2[0].SheetID)
          const paid = await call('BalancePay', { SheetID: settlementId, RequestKey: `soak-p-${randomBytes(8).toString('hex')}` }, table.payer, times.paying)
          if (paid) {
            acked.paid.push(settlementId)
            acked.billsPaid++
          }
        } finally {
          table.paying = false
        }
      }
    }

    const counterDiner = async (i: number) => {
      const headers = memberHeaders[i]
      await sleep(Math.random() * o.counterMs)
      while (Date.now() < until) {
        const started = Date.now()
        const placed = await call(
          'OrderSubmit',
          { ShopID: SHOP_ID, BaseID: BASE_ID, ServiceType: 'takeaway', AppointedTime: '', Lines: [soup(1)], RequestKey: `soak-o-${randomBytes(8).toString('hex')}` },
          headers,
          times.ordering
        )
        if (placed) {
          const orderId = decoded(placed.data.table1[0].SheetID)
          acked.orders.push(orderId)
          const paid = await call('BalancePay', { SheetID: orderId, RequestKey: `soak-p-${randomBytes(8).toString('hex')}` }, headers, times.paying)
          if (paid) acked.paid.push(orderId)
          await call('OrderDetailGet', { SheetID: orderId }, headers, times.looking)
        }
        await sleepUntil(jitter(o.counterMs) - (Date.now() - started), until)
      }
    }

    const killer = async () => {
      if (!o.kill || servers.length < 2) return
      await sleep((o.seconds * 1000) / 2)
      const victim = servers[servers.length - 1]
      victim.up = false
      log(`soak: killing ${victim.name} (SIGKILL) at ${((Date.now() - t0) / 1000).toFixed(0)} s`)
      await stopProcess(victim.child, 'SIGKILL')
      await sleep(o.downMs)
      const again = await startServerProcess(victim.name, env, o.serverFlags)
      restartedAt = again.startedAt
      restartedServed = false
      Object.assign(victim, again)
      startMb[servers.length - 1] = rssMb(again.child.pid)
      log(`soak: ${victim.name} started again at ${again.url} (${((Date.now() - t0) / 1000).toFixed(0)} s)`)
    }

    const progress = setInterval(() => {
      log(
        `soak: ${((Date.now() - t0) / 1000).toFixed(0)} s, ${ends.requests} requests, ${acked.rounds.length} rounds, ${acked.orders.length} orders, ${acked.paid.length} paid, ` +
          `RSS ${servers.map((s) => `${s.name} ${rssMb(s.child.pid).toFixed(0)} MB`).join(', ')}`
      )
    }, 10_000)
    const pending: Promise<void>[] = []
    await Promise.all([
      ...tables.flatMap((t) => Array.from({ length: o.phonesPerTable }, (_, n) => phone(t, n))),
      ...(o.visitMs > 0 ? tables.map(payTable) : []),
      ...Array.from({ length: o.counter }, (_, i) => counterDiner(i)),
      killer()
    ])
    await Promise.all(pending)
    clearInterval(progress)
    const seconds = (Date.now() - t0) / 1000
    const loadEndMb = servers.map((s) => rssMb(s.child.pid))
    log(`soak: load over after ${seconds.toFixed(0)} s; ${ends.requests} requests; settling ${o.settleSeconds} s`)
    await sleep(o.settleSeconds * 1000)
    const settledMb = servers.map((s) => rssMb(s.child.pid))
    clearInterval(sampler)

    // ---- the checks ----
    if (restartedServed === false) {
      // Nothing happened to go through it since: ask it directly.
      const a = await post(servers[servers.length - 1].url, 'PosSheetDetailGet', { SheetID: tables.find((t) => t.sheet)?.sheet ?? 'none', QRCode: tables[0].code }, {}).catch(() => null)
      restartedServed = a !== null && a.errcode === '0'
    }
    const lastId = (await readCounter(database.db, ENT_ID)).lastId
    for (const deadline = Date.now() + 60_000; boards.some((b) => b.lastId < lastId) && Date.now() < deadline; ) await sleep(200)
    // Live events: each ticket.sent from its created_at (the writer's clock, this machine's) to a board's bytes.
    const events = await database.db.selectFrom('events').select(['id', 'created_at']).where('ent_id', '=', ENT_ID).where('id', '>', counterAt).where('kind', '=', 'ticket.sent').execute()
    const createdAt = new Map(events.map((e) => [Number(e.id), Date.parse(e.created_at)]))
    const delays = boards.flatMap((b) => b.heard.filter(([id]) => createdAt.has(id)).map(([id, at]) => at - createdAt.get(id)!))

    const ackedOrders = [...acked.rounds, ...acked.orders]
    const found = new Set<string>()
    for (let i = 0; i < ackedOrders.length; i += 500) {
      const rows = await database.db.selectFrom('orders').select('order_id').where('order_id', 'in', ackedOrders.slice(i, i + 500)).execute()
      for (const r of rows) found.add(r.order_id)
    }
    const lost = ackedOrders.filter((id) => !found.has(id))
    const paidFound = new Set<string>()
    for (let i = 0; i < acked.paid.length; i += 500) {
      const rows = await database.db.selectFrom('orders').select(['order_id', 'paid_at']).where('order_id', 'in', acked.paid.slice(i, i + 500)).execute()
      for (const r of rows) if (r.paid_at) paidFound.add(r.order_id)
    }
    const notPaid = acked.paid.filter((id) => !paidFound.has(id))
    // What the kitchen must have: every round, and every prepay order that was paid.
    const paidSet = new Set(acked.paid)
    const kitchenOrders = [...acked.rounds, ...acked.orders.filter((id) => paidSet.has(id))]
    let ticketsTwice = 0
    let notOnBoard = 0
    for (const b of boards) {
      for (const n of b.sent.values()) if (n > 1) ticketsTwice++
      for (const id of kitchenOrders) if (!b.orders.has(id)) notOnBoard++
    }
    const memory = servers.map((s, i) => ({ process: s.name, startMb: Math.round(startMb[i]), maxMb: Math.round(Math.max(...s.rss.filter(Number.isFinite), loadEndMb[i])), endMb: Math.round(loadEndMb[i]), settledMb: Math.round(settledMb[i]) }))
    const result: SoakResult = {
      options: { ...o, log: undefined } as unknown as Omit<SoakOptions, 'log'>,
      seconds,
      requests: ends.requests,
      rounds: latency(times.rounds),
      readBill: latency(times.readBill),
      ordering: latency(times.ordering),
      paying: latency(times.paying),
      looking: latency(times.looking),
      liveEvents: latency(delays),
      slowByWindow: Array.from(slowByWindow, (n) => n ?? 0),
      acknowledged: { rounds: acked.rounds.length, orders: acked.orders.length, payments: acked.paid.length, billsPaid: acked.billsPaid },
      refused,
      retried: ends.retried,
      failed: ends.failed,
      firstFailure: ends.firstFailure,
      lost,
      notPaid,
      ticketsTwice,
      notOnBoard,
      boardReconnects: boards.reduce((n, b) => n + b.reconnects, 0),
      restartedServed,
      memory,
      ok: false
    }
    result.ok = lost.length === 0 && notPaid.length === 0 && ticketsTwice === 0 && notOnBoard === 0 && restartedServed !== false && ends.failed === 0
    return result
  } finally {
    stopped.value = true
    if (sampler) clearInterval(sampler)
    for (const b of boards) b.req?.destroy()
    await Promise.all(servers.map((s) => stopProcess(s.child)))
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db).catch(() => undefined)
    await database.destroy().catch(() => undefined)
    fs.rmSync(dir, { recursive: true, force: true })
    agent.destroy()
  }
}

/** Soup of the day (F01), the client's line for it. */
const soup = (qua: number) => ({ GoodsID: `${SHOP_ID}.g.F01`, SkuID: '', PCode: '', MQua: String(qua), PQua: '0', Remarks: [], AddOns: [], Bom: [], Amount: String(22 * qua) })

const ms = (l: Latency) => `p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms (${l.count})`

/** The report, one line per figure, with the heavy night's goals marked met / not met. */
export function soakLines(r: SoakResult): string[] {
  const o = r.options
  const met = (ok: boolean) => (ok ? 'met' : 'NOT MET')
  const lines = [
    `Soak (${o.mode}) on ${o.databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${o.processes} server process(es)${o.kill ? ', one killed and restarted mid-service' : ''}: ${o.tables} tables × ${o.phonesPerTable} phones, ${o.counter} counter diners, ${o.boards} boards, ${r.seconds.toFixed(0)} s, ${r.requests} requests (${(r.requests / r.seconds).toFixed(0)}/s); machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}`,
    `acknowledged: ${r.acknowledged.rounds} rounds, ${r.acknowledged.orders} prepay orders, ${r.acknowledged.payments} payments (${r.acknowledged.billsPaid} table bills)`,
    `lost (acknowledged, not in the database): ${r.lost.length}; acknowledged payments not paid: ${r.notPaid.length}`,
    `tickets twice on a board: ${r.ticketsTwice}; acknowledged orders missing from a board: ${r.notOnBoard} (boards reconnected ${r.boardReconnects} times)`,
    `restarted process serves: ${r.restartedServed === null ? 'no kill' : r.restartedServed ? 'yes' : 'NO'}; calls sent again after no answer: ${r.retried}; failed: ${r.failed}${r.firstFailure ? ` (first: ${r.firstFailure})` : ''}`,
    `refused (business answers, not errors): ${Object.entries(r.refused).map(([k, n]) => `${k} × ${n}`).join('; ') || 'none'}`,
    `sending a round: ${ms(r.rounds)} — goal p99 ≤ 2000 ms: ${met(r.rounds.p99 <= 2000)}`,
    `reading the bill: ${ms(r.readBill)} — goal p99 ≤ 1000 ms: ${met(r.readBill.p99 <= 1000)}`,
    `ordering at the counter: ${ms(r.ordering)} — goal p99 ≤ 1000 ms: ${met(r.ordering.p99 <= 1000)}`,
    `paying: ${ms(r.paying)} — goal p99 ≤ 1000 ms: ${met(r.paying.p99 <= 1000)}`,
    `looking at an order: ${ms(r.looking)} — goal p99 ≤ 1000 ms: ${met(r.looking.p99 <= 1000)}`,
    `live events (ticket.sent, created_at → a board's bytes): ${ms(r.liveEvents)}`,
    `diners' calls of a second or more, by the 10 s they started in: ${r.slowByWindow.map((n, i) => `${i * 10}–${i * 10 + 10} s ${n}`).join(', ') || 'none'}`,
    ...r.memory.map((m) => `memory ${m.process}: RSS ${m.startMb} MB at the start, ${m.maxMb} MB highest, ${m.endMb} MB when the load stopped, ${m.settledMb} MB ${o.settleSeconds} s later — goal within 100 MB of the start: ${met(m.settledMb - m.startMb <= 100)}`),
    `correctness: ${r.ok ? 'PASSED' : 'FAILED'}`
  ]
  return lines
}

if (require.main === module) {
  runSoak(soakOptionsFromEnv()).then(
    (r) => {
      for (const line of soakLines(r)) console.log(line)
      process.exit(r.ok ? 0 : 1)
    },
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
}
