/**
 * npm run bench: gateway throughput on the hottest menu read next to a bare Fastify
 * hello-world, measured the same way in the same run.
 *
 *   - gateway: the real server (startServer) on a temporary SQLite database with the demo
 *     data, answering GoodsListByClass for one class of demo shop S101, the same request over
 *     and over as diners' phones send it. The first goes the full way (form parsing, AuthCode,
 *     zod, enterprise lookup, menu head, pricing, encoding); the rest are answered from the
 *     kept answer (server/src/http/kept-answers.ts) after its check against the stored menu,
 *     which every request still makes;
 *   - hello: Fastify with one GET route answering {"hello":"world"}.
 *
 * Each server runs in a child process of its own, so the load loop (node:http with keep-alive,
 * 8 requests in flight) does not share its event loop. After a warm-up the two are measured
 * in alternating slices (5 s each in all), so other work on the machine weighs on both alike.
 * Figures are requests per second; the goal is gateway ≥ 0.6 × hello.
 * runGatewayBench() returns the figures for a bench runner; run directly, this file prints them.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { OPERATIONS } from '../../src/gateway/operation-list'

export interface BenchOptions {
  /** Requests in flight (default 8). */
  connections?: number
  /** Warm-up, split between the two servers (default 2000 ms). */
  warmMs?: number
  /** Measured time per server, split into `rounds` alternating slices (default 5000 ms, 5). */
  measureMs?: number
  rounds?: number
}

export interface LoadResult {
  requests: number
  seconds: number
  requestsPerSecond: number
  /** Answers that were not HTTP 200 (and, for the gateway, not errcode/resultcode 0). */
  errors: number
  /**
   * CPU time (user + system) the server process spent per request while measured: unlike
   * requests per second it does not depend on how fast the load loop can ask.
   */
  cpuMicrosPerRequest: number
}

export interface GatewayBenchResult {
  name: 'gateway'
  operation: 'GoodsListByClass'
  shopId: string
  classId: string
  /** Goods rows in each answer. */
  rows: number
  /** Where the menu came from: the demo menus, or the test fixture while there are none. */
  menu: 'demo' | 'fixture'
  connections: number
  gateway: LoadResult
  hello: LoadResult
  /** gateway / hello requests per second. */
  ratio: number
  goal: number
}

const GOAL = 0.6
const AUTH_CODE = 'bench-auth-code'
const SHOP_ID = 'S101'
const BASE_ID = 'B201'
const FIXTURE = path.resolve(__dirname, '..', '..', 'tests', 'server', 'fixtures', 'menu', 'tea-house.json')

// ---------- child processes ----------

/** Starts this file as a child serving `role`; resolves with what it prints on its first line. */
function startChild(role: 'gateway' | 'hello', env: Record<string, string> = {}): Promise<{ child: ChildProcess; info: Record<string, string> }> {
  // tsx by absolute URL, so a bench runner may call this from any working directory.
  const child = spawn(process.execPath, ['--import', pathToFileURL(require.resolve('tsx')).href, __filename, `--serve-${role}`], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc']
  })
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    lines.once('line', (line) => {
      try {
        resolve({ child, info: JSON.parse(line) })
      } catch {
        reject(new Error(`bench child (${role}) said: ${line}`))
      }
    })
    child.once('exit', (code) => reject(new Error(`bench child (${role}) exited with ${code}`)))
  })
}

/** The child's CPU time so far (µs, user + system). */
export function childCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(Number((m as { cpu: number }).cpu)))
    child.send('cpu')
  })
}

/** In a child: answers the parent's CPU questions. */
export function reportCpu(): void {
  process.on('message', () => {
    const usage = process.cpuUsage()
    process.send?.({ cpu: usage.user + usage.system })
  })
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

/** Child: the real gateway on a temporary SQLite database with the demo data. */
async function serveGateway(): Promise<void> {
  const { startServer } = await import('../src/main')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-bench-'))
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(dir, 'data'),
    filesDir: path.join(dir, 'files'),
    databaseUrl: null,
    authCode: AUTH_CODE,
    logger: false
  })
  let menu: 'demo' | 'fixture' = 'demo'
  const { findMenuVersion } = await import('../src/storage/repositories/menu.repository')
  if ((await findMenuVersion(server.db, SHOP_ID)) === 0) {
    // No demo menu for S101 yet: measure on the test fixture, the same shape of data.
    const { importMenuFile } = await import('../src/domain/catalogue/menu-import.service')
    await importMenuFile(server.db, FIXTURE, { filesDir: server.config.filesDir })
    menu = 'fixture'
  }
  const stop = async () => {
    await server.close()
    fs.rmSync(dir, { recursive: true, force: true })
    process.exit(0)
  }
  process.once('SIGTERM', () => void stop())
  reportCpu()
  console.log(JSON.stringify({ url: server.url, menu }))
}

/** Child: a bare Fastify hello-world. */
async function serveHello(): Promise<void> {
  const Fastify = (await import('fastify')).default
  const app = Fastify({ logger: false })
  app.get('/', async () => ({ hello: 'world' }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)))
  reportCpu()
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }))
}

// ---------- the load loop ----------

export interface Target {
  url: URL
  method: 'GET' | 'POST'
  headers: Record<string, string | number>
  body?: Buffer
  /** Whether an answer counts as a success (beyond HTTP 200). */
  check?(body: Buffer): boolean
}

export function send(agent: http.Agent, target: Target): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(target.url, { method: target.method, headers: target.headers, agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(target.body)
  })
}

/** `connections` loops, each sending its next request when the last one is answered, for `ms`. */
async function load(agent: http.Agent, target: Target, connections: number, ms: number): Promise<{ requests: number; errors: number }> {
  const end = Date.now() + ms
  let requests = 0
  let errors = 0
  const loop = async () => {
    while (Date.now() < end) {
      const res = await send(agent, target)
      requests++
      if (res.status !== 200 || (target.check && !target.check(res.body))) errors++
    }
  }
  await Promise.all(Array.from({ length: connections }, loop))
  return { requests, errors }
}

/**
 * Warms both targets, then measures them in alternating rounds, so a machine that gets busier
 * or quieter during the run (other processes) weighs on both figures alike.
 */
async function compare(
  a: Target,
  b: Target,
  servers: [ChildProcess, ChildProcess],
  connections: number,
  warmMs: number,
  measureMs: number,
  rounds: number
): Promise<[LoadResult, LoadResult]> {
  const agents = [new http.Agent({ keepAlive: true, maxSockets: connections }), new http.Agent({ keepAlive: true, maxSockets: connections })]
  const targets = [a, b]
  const totals = [
    { requests: 0, errors: 0, cpu: 0 },
    { requests: 0, errors: 0, cpu: 0 }
  ]
  try {
    for (let i = 0; i < 2; i++) await load(agents[i], targets[i], connections, warmMs / 2)
    const cpuBefore = await Promise.all(servers.map(childCpu))
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < 2; i++) {
        const r = await load(agents[i], targets[i], connections, measureMs / rounds)
        totals[i].requests += r.requests
        totals[i].errors += r.errors
      }
    }
    const cpuAfter = await Promise.all(servers.map(childCpu))
    for (let i = 0; i < 2; i++) totals[i].cpu = cpuAfter[i] - cpuBefore[i]
  } finally {
    for (const agent of agents) agent.destroy()
  }
  const seconds = measureMs / 1000
  const result = (t: { requests: number; errors: number; cpu: number }): LoadResult => ({
    requests: t.requests,
    seconds,
    requestsPerSecond: Math.round(t.requests / seconds),
    errors: t.errors,
    cpuMicrosPerRequest: t.requests ? Math.round(t.cpu / t.requests) : 0
  })
  return [result(totals[0]), result(totals[1])]
}

function gatewayBody(keyName: 'GoodsListByClass' | 'GoodsClassAllGet', record: Record<string, string>): Buffer {
  const form = new URLSearchParams({
    ServerType: OPERATIONS[keyName],
    KeyName: keyName,
    strJsonData: JSON.stringify({ tableData: [{ EntID: 'E1001', UserID: 'bench', AppName: 'ScanOrder-bench', ...record }] }),
    AuthCode: AUTH_CODE,
    IsRSA: '0',
    EntID: 'E1001'
  })
  return Buffer.from(form.toString())
}

const formHeaders = (body: Buffer) => ({
  'content-type': 'application/x-www-form-urlencoded',
  'content-length': body.length,
  'accept-language': 'zh-TW'
})

/**
 * Answers are checked by their first bytes, the same way on both sides (the load loop's own
 * cost counts against the req/s of both): a gateway success starts with errcode '0', an empty
 * errmsg and resultcode '0' (response.ts writes the fields in that order); hello-world answers
 * exactly its one object.
 */
const startsWith = (prefix: string) => {
  const bytes = Buffer.from(prefix, 'utf8')
  return (body: Buffer): boolean => body.length >= bytes.length && body.subarray(0, bytes.length).equals(bytes)
}

export const succeeded = startsWith('{"errcode":"0","errmsg":"","resultcode":"0",')
const helloAnswered = startsWith('{"hello":"world"}')

// ---------- the bench ----------

export async function runGatewayBench(options: BenchOptions = {}): Promise<GatewayBenchResult> {
  const connections = options.connections ?? 8
  const warmMs = options.warmMs ?? 2000
  const measureMs = options.measureMs ?? 5000
  const rounds = options.rounds ?? 5

  const started = await Promise.allSettled([startChild('gateway'), startChild('hello')])
  if (started.some((s) => s.status === 'rejected')) {
    // Do not leave the one that did start running.
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? stopChild(s.value.child) : undefined)))
    throw (started.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason
  }
  const [gateway, hello] = started.map((s) => (s as PromiseFulfilledResult<{ child: ChildProcess; info: Record<string, string> }>).value)
  try {
    const url = new URL('/GetData', gateway.info.url)
    // The class with the most goods on the branch: the largest list a diner downloads.
    const agent = new http.Agent({ keepAlive: false })
    const classesBody = gatewayBody('GoodsClassAllGet', { ShopID: SHOP_ID, BaseID: BASE_ID })
    const classes = await send(agent, { url, method: 'POST', headers: formHeaders(classesBody), body: classesBody })
    const classRows = (JSON.parse(classes.body.toString()) as { data: { table1?: { ClassID: string; GoodsCount: number }[] } }).data.table1
    if (!classRows?.length) throw new Error(`shop ${SHOP_ID} has no goods classes to list`)
    const biggest = classRows.reduce((x, y) => (y.GoodsCount > x.GoodsCount ? y : x))
    const classId = decodeURIComponent(biggest.ClassID)
    const body = gatewayBody('GoodsListByClass', { ShopID: SHOP_ID, BaseID: BASE_ID, ClassID: classId })
    const gatewayTarget: Target = { url, method: 'POST', headers: formHeaders(body), body, check: succeeded }
    const first = await send(agent, gatewayTarget)
    if (first.status !== 200 || !succeeded(first.body)) throw new Error(`GoodsListByClass failed: ${first.body.toString().slice(0, 300)}`)
    const helloTarget: Target = { url: new URL('/', hello.info.url), method: 'GET', headers: {}, check: helloAnswered }

    const [gatewayResult, helloResult] = await compare(gatewayTarget, helloTarget, [gateway.child, hello.child], connections, warmMs, measureMs, rounds)
    return {
      name: 'gateway',
      operation: 'GoodsListByClass',
      shopId: SHOP_ID,
      classId,
      rows: biggest.GoodsCount,
      menu: gateway.info.menu === 'fixture' ? 'fixture' : 'demo',
      connections,
      gateway: gatewayResult,
      hello: helloResult,
      ratio: Math.round((gatewayResult.requestsPerSecond / helloResult.requestsPerSecond) * 100) / 100,
      goal: GOAL
    }
  } finally {
    await Promise.all([stopChild(gateway.child), stopChild(hello.child)])
  }
}

export function formatGatewayBench(r: GatewayBenchResult): string {
  const line = (name: string, l: LoadResult) =>
    `  ${name.padEnd(58)} ${String(l.requestsPerSecond).padStart(7)} req/s  ${String(l.cpuMicrosPerRequest).padStart(4)} µs CPU/request  (${l.requests} in ${l.seconds} s${l.errors ? `, ${l.errors} errors` : ''})`
  return [
    `Gateway bench: ${r.connections} keep-alive connections, one process per server (${os.cpus().length} CPUs)`,
    line(`GoodsListByClass ${r.shopId} ${r.classId} (${r.rows} rows, ${r.menu} menu)`, r.gateway),
    line('bare Fastify hello-world', r.hello),
    `  ratio ${r.ratio.toFixed(2)} × hello-world (goal ≥ ${r.goal}): ${r.ratio >= r.goal ? 'met' : 'NOT met'}`
  ].join('\n')
}

if (require.main === module) {
  const role = process.argv[2]
  const main = role === '--serve-gateway' ? serveGateway() : role === '--serve-hello' ? serveHello() : runGatewayBench().then((r) => console.log(formatGatewayBench(r)))
  main.catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
