/**
 * Menu-read storm (issue 11 finding 5: 8,000 menu reads over shops, branches, page sizes and
 * languages took the server from 172 to 448 MB, and it stayed there). The real gateway runs in a
 * child process of its own (node --expose-gc) on a fresh SQLite database with the demo menus;
 * the parent sends it every menu read there is (each shop, whole menu and each branch, each
 * class, many page sizes and pages, keywords, all three languages, a UserID per request so that
 * every body is new) and asks the child for its RSS before, right after, and after a pause and a
 * full GC. The caches are bounded by bytes (KEPT_ANSWERS_MB, MENU_CACHE_MB) and drop what stays
 * unused for CACHE_IDLE_SECONDS, so the goal is under 250 MB at the peak and back near the start
 * after the pause.
 *
 *   npx tsx bench/menu-storm.bench.ts          (MENU_STORM_READS=8000, MENU_STORM_CONNECTIONS=16)
 */
import { fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { OperationName } from '../src/gateway/contract'
import { OPERATIONS } from '../src/gateway/operation-list'
// Static imports: the app and the bench's size readers must share one module instance each
// (a dynamic import under tsx would load the caches' modules a second time).
import { loadConfig } from '../server/src/config'
import { menuCache } from '../server/src/domain/catalogue/menu-cache'
import { buildApp, buildProviders } from '../server/src/http/app'
import { keptAnswersOf } from '../server/src/http/kept-answers'
import { createDatabase } from '../server/src/storage/database'
import { migrateToLatest } from '../server/src/storage/migrations'
import { seedDemo } from '../server/src/storage/seed'

const AUTH_CODE = 'bench-auth-code'
const ENT_ID = 'E1001'
const GOAL_MB = 250
/** The pause after the storm: past CACHE_IDLE_SECONDS (30) and one sweep (a third of it). */
const PAUSE_MS = Number(process.env.MENU_STORM_PAUSE_MS ?? 45_000)

export interface MemoryFigures {
  rssMb: number
  heapMb: number
  keptAnswersMb: number
  menuCacheMb: number
}

export interface MenuStormResult {
  reads: number
  errors: number
  seconds: number
  connections: number
  before: MemoryFigures
  peak: MemoryFigures
  after: MemoryFigures
  settled: MemoryFigures
  goalMb: number
  keptAnswersLimitMb: number
  menuCacheLimitMb: number
}

type Message = { type: 'memory'; gc?: boolean }

// ---------- the child: the gateway ----------

async function serve(): Promise<void> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-menu-storm-'))
  const config = loadConfig(process.env, {
    databaseUrl: null,
    dataDir: path.join(dir, 'data'),
    staticDir: path.join(dir, 'no-static'),
    filesDir: path.join(dir, 'files'),
    authCode: AUTH_CODE,
    logLevel: 'warn'
  })
  const database = await createDatabase(config)
  await migrateToLatest(database)
  await seedDemo(database.db, new Date(), { filesDir: config.filesDir })
  const providers = await buildProviders(config, database.db, () => {})
  const app = await buildApp({ config, db: database.db, logger: false, providers })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10
  const memory = (): MemoryFigures => {
    const usage = process.memoryUsage()
    return {
      rssMb: mb(usage.rss),
      heapMb: mb(usage.heapUsed),
      keptAnswersMb: mb(keptAnswersOf(database.db)?.bytes ?? 0),
      menuCacheMb: mb(menuCache(database.db).bytes)
    }
  }
  process.on('message', (message: Message) => {
    if (message.gc) (globalThis as { gc?: () => void }).gc?.()
    process.send!({ memory: memory() })
  })
  const stop = () => {
    void app
      .close()
      .then(() => database.destroy())
      .finally(() => {
        fs.rmSync(dir, { recursive: true, force: true })
        process.exit(0)
      })
  }
  process.once('SIGTERM', stop)
  process.once('disconnect', stop)
  process.send!({
    url: `http://127.0.0.1:${port}`,
    limits: { kept: mb(config.keptAnswersBytes), menu: mb(config.menuCacheBytes) }
  })
}

// ---------- the parent: the storm ----------

function ask(child: ChildProcess, message: Message): Promise<MemoryFigures> {
  return new Promise((resolve) => {
    child.once('message', (m: { memory: MemoryFigures }) => resolve(m.memory))
    child.send(message)
  })
}

function post(agent: http.Agent, url: string, body: string, lang: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/GetData`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), 'accept-language': lang }
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
      }
    )
    req.on('error', reject)
    req.end(body)
  })
}

const envelope = (keyName: OperationName, record: Record<string, unknown>, userId: string): string =>
  new URLSearchParams({
    ServerType: OPERATIONS[keyName],
    KeyName: keyName,
    strJsonData: JSON.stringify({ tableData: [{ EntID: ENT_ID, UserID: userId, AppName: 'ScanOrder-storm', ...record }] }),
    AuthCode: AUTH_CODE,
    IsRSA: '0',
    EntID: ENT_ID
  }).toString()

interface Read {
  keyName: OperationName
  record: Record<string, unknown>
  lang: string
}

const LANGS = ['zh-TW', 'zh-CN', 'en']
const SCOPES = [{ ShopID: 'S101' }, { ShopID: 'S101', BaseID: 'B201' }, { ShopID: 'S101', BaseID: 'B202' }, { ShopID: 'S102' }, { ShopID: 'S102', BaseID: 'B203' }]
const PAGE_SIZES = [1, 2, 3, 5, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 200, 1000]
const KEYWORDS = ['a', 'b', 'c', 'tea', 'noodle', '茶', '麵', 'rice', 'e', 'o']

/** Every kind of menu read, over every shop, branch, class, page size and language. */
async function menuReads(agent: http.Agent, url: string): Promise<Read[]> {
  const reads: Read[] = []
  for (const scope of SCOPES) {
    const classes = JSON.parse((await post(agent, url, envelope('GoodsClassAllGet', scope, 'storm'), 'en')).text).data.table1 as { ClassID: string }[]
    const goods = JSON.parse((await post(agent, url, envelope('GoodsListByClass', scope, 'storm'), 'en')).text).data.table1 as { GoodsID: string }[]
    for (const lang of LANGS) {
      reads.push({ keyName: 'GoodsClassAllGet', record: scope, lang })
      for (const classId of ['', ...classes.map((c) => decodeURIComponent(c.ClassID))]) {
        for (const pageSize of PAGE_SIZES) {
          for (const page of [1, 2, 3]) reads.push({ keyName: 'GoodsListByClass', record: { ...scope, ClassID: classId, PageSize: pageSize, PageIndex: page }, lang })
        }
      }
      for (const keyword of KEYWORDS) reads.push({ keyName: 'GoodsListByClass', record: { ...scope, Keyword: keyword }, lang })
      for (const pageSize of PAGE_SIZES) reads.push({ keyName: 'ShopHomeGoodsByPage', record: { ...scope, PageIndex: 1, PageSize: pageSize }, lang })
      for (const g of goods) {
        const GoodsID = decodeURIComponent(g.GoodsID)
        reads.push({ keyName: 'GoodsDetailGet', record: { ...scope, GoodsID }, lang })
        reads.push({ keyName: 'AttachmentChargingList', record: { ...scope, GoodsID }, lang })
      }
    }
  }
  return reads
}

export async function runMenuStormBench(options: { reads?: number; connections?: number; log?: (line: string) => void } = {}): Promise<MenuStormResult> {
  const total = options.reads ?? Number(process.env.MENU_STORM_READS ?? 8000)
  const connections = options.connections ?? Number(process.env.MENU_STORM_CONNECTIONS ?? 16)
  const log = options.log ?? (() => {})
  const child = fork(__filename, ['--serve'], { execArgv: ['--expose-gc', '--import', pathToFileURL(require.resolve('tsx')).href], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  try {
    const started = await new Promise<{ url: string; limits: { kept: number; menu: number } }>((resolve, reject) => {
      child.once('message', (m: { url: string; limits: { kept: number; menu: number } }) => resolve(m))
      child.once('exit', (code) => reject(new Error(`menu storm server exited with ${code}`)))
    })
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
    const kinds = await menuReads(agent, started.url)
    const before = await ask(child, { type: 'memory', gc: true })
    log(`menu storm: ${total} reads over ${kinds.length} kinds, ${connections} connections; RSS before ${before.rssMb} MB`)
    let next = 0
    let errors = 0
    let peak = before
    const t0 = Date.now()
    const worker = async () => {
      while (next < total) {
        const n = next++
        const read = kinds[n % kinds.length]
        // A UserID per request: every body is new, as with many diners.
        const res = await post(agent, started.url, envelope(read.keyName, read.record, `diner-${n}`), read.lang)
        if (res.status !== 200 || !res.text.includes('"errcode":"0"')) errors++
        if (n % 1000 === 999) {
          const now = await ask(child, { type: 'memory' })
          if (now.rssMb > peak.rssMb) peak = now
        }
      }
    }
    await Promise.all(Array.from({ length: connections }, worker))
    const seconds = (Date.now() - t0) / 1000
    const after = await ask(child, { type: 'memory' })
    if (after.rssMb > peak.rssMb) peak = after
    agent.destroy()
    log(`menu storm: ${Math.round(total / seconds)} req/s; RSS right after ${after.rssMb} MB; pausing ${PAUSE_MS / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS))
    const settled = await ask(child, { type: 'memory', gc: true })
    return {
      reads: total,
      errors,
      seconds,
      connections,
      before,
      peak,
      after,
      settled,
      goalMb: GOAL_MB,
      keptAnswersLimitMb: started.limits.kept,
      menuCacheLimitMb: started.limits.menu
    }
  } finally {
    child.kill('SIGTERM')
  }
}

const memoryText = (m: MemoryFigures) => `RSS ${m.rssMb} MB (heap ${m.heapMb} MB; kept answers ${m.keptAnswersMb} MB, menu cache ${m.menuCacheMb} MB)`

/** Rows for the bench table (bench/index.ts). */
export function menuStormRows(r: MenuStormResult): [string, string][] {
  const met = r.peak.rssMb < r.goalMb
  return [
    [
      `Menu-read storm: ${r.reads.toLocaleString('en-US')} distinct menu reads, ${r.connections} connections (caches ${r.keptAnswersLimitMb} + ${r.menuCacheLimitMb} MB)`,
      `${Math.round(r.reads / r.seconds).toLocaleString('en-US')} req/s${r.errors ? ` (${r.errors} errors)` : ''}`
    ],
    ['Menu-read storm: server before', memoryText(r.before)],
    [`Menu-read storm: server at the peak (goal < ${r.goalMb} MB)`, `${memoryText(r.peak)} — ${met ? 'met' : '**not met**'}`],
    ['Menu-read storm: right after', memoryText(r.after)],
    [`Menu-read storm: ${PAUSE_MS / 1000} s later (idle cache entries dropped) and a GC`, memoryText(r.settled)]
  ]
}

if (require.main === module) {
  if (process.argv.includes('--serve')) {
    serve().catch((error) => {
      console.error(error)
      process.exit(1)
    })
  } else {
    runMenuStormBench({ log: (line) => console.error(line) }).then(
      (r) => {
        for (const [k, v] of menuStormRows(r)) console.log(`${k}: ${v}`)
      },
      (error) => {
        console.error(error)
        process.exit(1)
      }
    )
  }
}
