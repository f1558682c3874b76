/**
 * Issue 11 item 8: any number of server processes on one PostgreSQL act as one. Two real server
 * processes (tests/server/helpers/server-process.ts: startServer, as `npm run serve` composes it)
 * on one fresh schema, requests alternating between them over HTTP: orders and the stock they
 * take, a payment started on one and approved on the other's sandbox page (one DB-held sandbox
 * secret), a menu import by a third process (the CLI) seen by both within 5 s, and the feedback
 * and SMS limits counted across both. This jest process seeds the schema and reads the database.
 *
 * PostgreSQL only (SQLite is one file on one machine: one server process is what it is for), so
 * skipped without DATABASE_URL; CI's PostgreSQL pass runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { createInterface } from 'node:readline'
import { type OperationName } from '../../src/gateway/contract'
import { RESULTCODES } from '../../src/gateway/codes'
import { OPERATIONS } from '../../src/gateway/operation-list'
import { ORDER_STATUS } from '../../src/gateway/order-rows'
import { B201, clientLine, device, gid, openAllDay, requestKey, takeaway } from './helpers/order-fixtures'
import { AUTH_CODE, createTestServer, decodeDeep, DEMO_ENT, runCli, type GatewayResult, type TestServer } from './helpers/test-server'
import { serverCommand } from '../support/server-commands'

const DATABASE_URL = process.env.DATABASE_URL
if (!DATABASE_URL) console.log('tests/server/multi-process.test.ts skipped: it needs DATABASE_URL (two server processes on one PostgreSQL)')
const suite = DATABASE_URL ? describe : describe.skip

const FEEDBACK_RATE = 4
const ROOT = path.resolve(__dirname, '..', '..')

interface ServerProcess {
  name: string
  url: string
  child: ChildProcess
}

let server: TestServer
let a: ServerProcess
let b: ServerProcess

/** A server process on the test server's schema (the search path in the URL, as runCli does). */
function startProcess(name: string): Promise<ServerProcess> {
  const url = DATABASE_URL!
  const env = {
    ...process.env,
    DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${server.database.schema}`)}`,
    AUTH_CODE,
    DATA_DIR: server.config.dataDir,
    FILES_DIR: server.config.filesDir,
    STATIC_DIR: server.config.staticDir,
    FEEDBACK_RATE_PER_MINUTE: String(FEEDBACK_RATE),
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
    child.once('exit', (code) => {
      if (!started) reject(new Error(`server process ${name} exited with ${code}`))
    })
  })
}

function stopProcess(proc: ServerProcess | undefined): Promise<void> {
  if (!proc || proc.child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    proc.child.once('exit', () => resolve())
    proc.child.kill('SIGTERM')
  })
}

/** One HTTP request (node:http: no headers but those given, as a mini-program sends). */
function request(base: string, method: string, pathAndQuery: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(pathAndQuery, base), { method, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** A gateway call to one process, decoded as the client does. */
async function call(
  proc: ServerProcess,
  keyName: OperationName,
  record: Record<string, unknown> = {},
  options: { lang?: string; headers?: Record<string, string> } = {}
): Promise<GatewayResult> {
  const form = new URLSearchParams({
    ServerType: OPERATIONS[keyName],
    KeyName: keyName,
    strJsonData: JSON.stringify({ tableData: [{ EntID: DEMO_ENT, UserID: 'guest', AppName: 'ScanOrder-test', ...record }] }),
    AuthCode: AUTH_CODE,
    IsRSA: '0',
    EntID: DEMO_ENT
  })
  const res = await request(proc.url, 'POST', '/GetData', form.toString(), {
    'content-type': 'application/x-www-form-urlencoded',
    'accept-language': options.lang ?? 'en',
    ...options.headers
  })
  return { status: res.status, body: decodeDeep(JSON.parse(res.text)), text: res.text, headers: res.headers }
}

/** clientLine's view of a process: the menu rows come from it. */
const asServer = (proc: ServerProcess) =>
  ({ call: (keyName: OperationName, records: Record<string, unknown>[] = [{}], options = {}) => call(proc, keyName, records[0], options) }) as unknown as TestServer

/** Asks until `read` gives `expected` (deep-equal), at most `ms`; the time it took. */
async function eventually<T>(read: () => Promise<T>, expected: T, ms = 5000): Promise<number> {
  const started = Date.now()
  let last = await read()
  while (JSON.stringify(last) !== JSON.stringify(expected)) {
    if (Date.now() - started > ms) {
      expect(last).toEqual(expected)
      break
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
    last = await read()
  }
  return Date.now() - started
}

suite('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    server = await createTestServer({}, { demoMenus: true })
    await openAllDay(server.db)
    // One after the other: both run the (already applied) migrations at start.
    a = await startProcess('A')
    b = await startProcess('B')
  }, 60_000)

  afterAll(async () => {
    await Promise.all([stopProcess(a), stopProcess(b)])
    await server?.close()
  })

  const both = () => [a, b] as const

  it('takes orders on either process; each sees the other\'s order and the stock both took, within 5 s', async () => {
    const stockShown = async (proc: ServerProcess) =>
      (await call(proc, 'GoodsDetailGet', { ShopID: 'S101', BaseID: B201, GoodsID: gid('H01') })).body.data.table4.find((s: any) => s.SkuCode === 'L-ICED').Qua
    const before = await stockShown(a)
    expect(await stockShown(b)).toBe(before)
    expect(before).toBeGreaterThan(5)

    const placed: { proc: ServerProcess; sheetId: string; headers: Record<string, string> }[] = []
    for (const [proc, qua] of [[a, '2'], [b, '3']] as const) {
      const line = (await clientLine(asServer(proc), { code: 'H01', sku: 'L-ICED', qua })).input
      const { headers } = device()
      const res = await call(proc, 'OrderSubmit', { ...takeaway([line]), RequestKey: requestKey() }, { headers })
      expect(res.body).toMatchObject({ errcode: '0', resultcode: '0' })
      placed.push({ proc, sheetId: res.body.data.table1[0].SheetID, headers })
    }
    // Each order is read on the process that did not take it.
    for (const { proc, sheetId, headers } of placed) {
      const other = proc === a ? b : a
      const detail = await call(other, 'OrderDetailGet', { SheetID: sheetId }, { headers })
      expect(detail.body.data.table1[0]).toMatchObject({ SheetID: sheetId, Status: ORDER_STATUS.AWAITING_PAYMENT })
    }
    // Menu reads on both (their kept answers included) show the 5 taken within 5 s.
    for (const proc of both()) expect(await eventually(() => stockShown(proc), before - 5)).toBeLessThan(5000)
  })

  it('approves, on the other process\'s sandbox page, a payment started on one; the first sees it paid', async () => {
    const line = (await clientLine(asServer(a), { code: 'F01' })).input
    const { headers } = device()
    const order = await call(a, 'OrderSubmit', { ...takeaway([line]), RequestKey: requestKey() }, { headers })
    const sheetId = order.body.data.table1[0].SheetID
    const pay = await call(a, 'PaySubmit', { SheetID: sheetId, RequestKey: requestKey(), ReturnUrl: `${a.url}/index.html` }, { headers })
    expect(pay.body).toMatchObject({ errcode: '0', resultcode: '0' })
    const payUrl = new URL(pay.body.data.table1[0].PayUrl)

    // B shows A's page and takes its approval: the page key and the notice's signature are one
    // secret kept in the database, not one per process.
    const page = await request(b.url, 'GET', payUrl.pathname + payUrl.search, '', { 'accept-language': 'en' })
    expect(page.status).toBe(200)
    const approve = await request(b.url, 'POST', `${payUrl.pathname}/approve${payUrl.search}`, '', { 'content-type': 'application/x-www-form-urlencoded' })
    expect(approve.status).toBe(303)
    const detail = await call(a, 'OrderDetailGet', { SheetID: sheetId }, { headers })
    expect(detail.body.data.table1[0]).toMatchObject({ SheetID: sheetId, Status: ORDER_STATUS.PAID })
  })

  it('shows a menu imported by a third process (the CLI) on both within 5 s', async () => {
    const soupPrice = async (proc: ServerProcess) =>
      (await call(proc, 'GoodsListByClass', { ShopID: 'S101', Keyword: 'F01' })).body.data.table1.map((g: any) => [g.GoodsName, g.SalesPrice])
    const before = await soupPrice(a)
    expect(await soupPrice(b)).toEqual(before)
    // Read twice more: the answers are kept now on both.
    for (const proc of both()) expect(await soupPrice(proc)).toEqual(before)

    const menu = JSON.parse(fs.readFileSync(path.join(ROOT, 'server', 'seed', 'menus', 'menu-S101.json'), 'utf8'))
    const soup = menu.goods.find((g: { code: string }) => g.code === 'F01')
    soup.names.en = 'Wonton soup, new recipe'
    soup.price = '24'
    // Pictures are named relative to the file ('../pictures/…'), as in the seed.
    const dir = path.join(server.config.dataDir, `import-${randomBytes(4).toString('hex')}`)
    fs.mkdirSync(path.join(dir, 'menus'), { recursive: true })
    fs.cpSync(path.join(ROOT, 'server', 'seed', 'pictures'), path.join(dir, 'pictures'), { recursive: true })
    const file = path.join(dir, 'menus', 'menu-S101.json')
    fs.writeFileSync(file, JSON.stringify(menu))
    const imported = await runCli(server, 'menu-import', file)
    if (imported.code !== 0) throw new Error(`menu import failed: ${imported.stdout}${imported.stderr}`)

    for (const proc of both()) expect(await eventually(() => soupPrice(proc), [['Wonton soup, new recipe', '24']])).toBeLessThan(5000)
  })

  it('counts the feedback limit across both processes', async () => {
    const feedback = (proc: ServerProcess, n: number) => call(proc, 'HelpFeedbackAdd', { FbContent: `from ${proc.name} #${n}`, FbType: 1 })
    for (let n = 0; n < FEEDBACK_RATE; n++) expect((await feedback(n % 2 ? b : a, n)).body).toMatchObject({ errcode: '0', resultcode: '0' })
    // Each process has taken only 2 of the 4; together they are at the limit.
    expect((await feedback(a, 9)).body).toMatchObject({ errcode: '10009' })
    expect((await feedback(b, 9)).body).toMatchObject({ errcode: '10009' })
  })

  it('counts the SMS limits across both processes', async () => {
    const phone = `6${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
    const send = (proc: ServerProcess) => call(proc, 'SmsVerifySend', { Phone: phone, AreaNo: '853', SourceType: 'VipLogin' })
    expect((await send(a)).body).toMatchObject({ errcode: '0', resultcode: '0' })
    const onB = (await send(b)).body
    expect(onB.resultcode).not.toBe('0')
    // The same refusal A gives for its own second send.
    const onA = (await send(a)).body
    expect({ errcode: onB.errcode, resultcode: onB.resultcode }).toEqual({ errcode: onA.errcode, resultcode: onA.resultcode })
    expect(onA.resultcode === RESULTCODES.OK && onA.errcode === '0').toBe(false)
  })
})
