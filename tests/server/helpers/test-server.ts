/**
 * A gateway on a fresh database for one test file: SQLite in a temp dir, or, when
 * DATABASE_URL is set, PostgreSQL in a fresh schema dropped again in close(). Migrated and
 * seeded with the demo enterprise. call() posts a real form-urlencoded envelope through
 * app.inject and decodes the answer as the client does.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { OperationName } from '../../../src/gateway/contract'
import { OPERATIONS } from '../../../src/gateway/operation-list'
import { STAFF_OPERATIONS } from '../../../src/gateway/staff-contract'
import { loadConfig, type ServerConfig } from '../../../server/src/config'
import { buildApp, buildProviders, type DefaultProviders } from '../../../server/src/http/app'
import { createDatabase, type AppDatabase } from '../../../server/src/storage/database'
import { migrateToLatest } from '../../../server/src/storage/migrations'
import type { Database } from '../../../server/src/storage/schema'
import type { IdentityProvider } from '../../../server/src/providers/identity/identity-provider'
import { MENU_TABLES } from '../../../server/src/storage/repositories/menu.repository'
import { seedDemo } from '../../../server/src/storage/seed'
import { WriteTurn } from '../../../server/src/storage/write-turn'
import { startPlacementThread, type PlacementThread } from '../../../server/src/domain/orders/placement-thread'
import { serverCommand } from '../../support/server-commands'

export const DEMO_ENT = 'E1001'
export const AUTH_CODE = 'test-auth-code'

export interface CallOptions {
  /** Envelope EntID, and the EntID filled into records that lack one (default E1001). */
  entId?: string
  authCode?: string
  /** Accept-Language (default en). */
  lang?: string
  headers?: Record<string, string>
  /** Override or (with undefined) remove envelope fields. */
  fields?: Record<string, string | undefined>
  /** Send the records exactly as given (no EntID/UserID/AppName filled in). */
  raw?: boolean
}

export interface GatewayResult {
  status: number
  /** The decoded response body. */
  body: { errcode: string; errmsg: string; resultcode: string; resultmsg: string; data: Record<string, any[]> }
  /** The response as sent (still percent-encoded). */
  text: string
  headers: Record<string, unknown>
}

export interface TestServer {
  app: FastifyInstance
  db: Kysely<Database>
  database: AppDatabase
  config: ServerConfig
  /** The app's providers: providers.sms.lastCode(areaNo, phone) reads the DEVELOPMENT SMS outbox. */
  providers: DefaultProviders
  /** The order placement thread (options.placementThread on SQLite). */
  placements?: PlacementThread
  call(keyName: OperationName | string, records?: Record<string, unknown>[], options?: CallOptions): Promise<GatewayResult>
  /** Posts an arbitrary body to /GetData. */
  post(payload: string, headers?: Record<string, string>, method?: 'POST' | 'GET' | 'PUT'): Promise<GatewayResult>
  /** A second app with its own connections on the same database (closed with this server). */
  openSecondInstance(): Promise<SecondInstance>
  close(): Promise<void>
}

export interface SecondInstance {
  app: FastifyInstance
  db: Kysely<Database>
  call: TestServer['call']
  close(): Promise<void>
}

/** Recursive percent-decoding, as the client does. */
export function decodeDeep(value: unknown): any {
  if (typeof value === 'string') return decodeURIComponent(value)
  if (Array.isArray(value)) return value.map(decodeDeep)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decodeDeep(v)]))
  }
  return value
}

export interface TestServerOptions {
  /** Seed the demo enterprise (default true). */
  seed?: boolean
  /** Also import the demo menus of server/seed/menus (default false: tests import their own). */
  demoMenus?: boolean
  /** Another host identity provider than the configured one (e.g. one that verifies phones). */
  identity?: IdentityProvider
  /** SQLite: place orders on the placement thread, as startServer does (default false; ignored on PostgreSQL). */
  placementThread?: boolean
}

export async function createTestServer(overrides: Partial<ServerConfig> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-test-'))
  const databaseUrl = process.env.DATABASE_URL || null
  const config = loadConfig(
    {},
    {
      databaseUrl,
      dataDir: path.join(tempDir, 'data'),
      staticDir: path.join(tempDir, 'no-static'),
      filesDir: path.join(tempDir, 'no-files'),
      authCode: AUTH_CODE,
      ...overrides
    }
  )
  const schema = databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined
  const writeTurn = options.placementThread && !databaseUrl ? WriteTurn.create() : undefined
  const database = await createDatabase(config, { schema, writeTurn })
  await migrateToLatest(database)
  if (options.seed !== false) await seedDemo(database.db, new Date(), options.demoMenus ? { filesDir: config.filesDir } : {})
  const built = await buildProviders(config, database.db, () => {})
  const providers: DefaultProviders = options.identity ? { ...built, identity: options.identity } : built
  const placements = writeTurn ? await startPlacementThread(config, writeTurn) : undefined
  const app = await buildApp({ config, db: database.db, logger: false, providers, orderPlacer: placements })

  const client = gatewayClient(app)
  const instances: { close(): Promise<void> }[] = []

  return {
    app,
    db: database.db,
    database,
    config,
    providers,
    placements,
    call: client.call,
    post: client.post,
    async openSecondInstance() {
      // Another connection pool and app on the same database, as a second server process has.
      const second = await createDatabase(config, { schema: database.schema ?? undefined })
      const secondApp = await buildApp({ config, db: second.db, logger: false, providers })
      const instance = {
        app: secondApp,
        db: second.db,
        call: gatewayClient(secondApp).call,
        async close() {
          await secondApp.close()
          await second.destroy()
        }
      }
      instances.push(instance)
      return instance
    },
    async close() {
      for (const instance of instances.splice(0)) await instance.close()
      await app.close()
      await placements?.close()
      if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db)
      await database.destroy()
      fs.rmSync(tempDir, { recursive: true, force: true })
    }
  }
}

/** call() and post() for an app: real form-urlencoded envelopes through app.inject, answers decoded. */
function gatewayClient(app: FastifyInstance): Pick<TestServer, 'call' | 'post'> {
  const inject = async (payload: string, headers: Record<string, string>, method: 'POST' | 'GET' | 'PUT' = 'POST') => {
    const res = await app.inject({ method, url: '/GetData', payload, headers })
    let parsed: unknown
    try {
      parsed = JSON.parse(res.body)
    } catch {
      throw new Error(`gateway answered non-JSON (${res.statusCode}): ${res.body.slice(0, 200)}`)
    }
    return { status: res.statusCode, body: decodeDeep(parsed), text: res.body, headers: res.headers as Record<string, unknown> }
  }
  return {
    async call(keyName, records = [{}], opts = {}) {
      const entId = opts.entId ?? DEMO_ENT
      const tableData = opts.raw
        ? records
        : records.map((r, i) => ({ EntID: entId, UserID: 'guest', ...(i === 0 ? { AppName: 'ScanOrder-test' } : {}), ...r }))
      const fields: Record<string, string | undefined> = {
        ServerType: (OPERATIONS as Record<string, string>)[keyName] ?? (keyName in STAFF_OPERATIONS ? 'Staff' : 'Common'),
        KeyName: keyName,
        strJsonData: JSON.stringify({ tableData }),
        AuthCode: opts.authCode ?? AUTH_CODE,
        IsRSA: '0',
        EntID: entId,
        ...opts.fields
      }
      const form = new URLSearchParams()
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v)
      return inject(form.toString(), {
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': opts.lang ?? 'en',
        ...opts.headers
      })
    },
    post: (payload, headers = {}, method = 'POST') => inject(payload, headers, method)
  }
}

/** Row counts of every table, to compare database states. */
export async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const tables = [
    'enterprises',
    'enterprise_settings',
    'shops',
    'shop_params',
    'bases',
    'base_params',
    'dining_tables',
    'qr_codes',
    'table_sheets',
    'service_links',
    'feedback',
    'menus',
    ...MENU_TABLES,
    'goods_reviews',
    'orders',
    'order_lines',
    'order_events',
    'pickup_counters',
    'finance_accounts',
    'payments',
    'payment_notices',
    'freight_rules'
  ] as const
  const counts: Record<string, number> = {}
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirstOrThrow()
    counts[table] = Number(row.count)
  }
  return counts
}

/**
 * Runs one of the server's CLIs (server/src/cli/<name>.ts) on a test server's database, as the
 * shop would on the server's: this test's SQLite file, or its PostgreSQL schema. Never throws:
 * the exit code comes back with the output. The command as bundled for the test run
 * (tests/support/server-build.js): through tsx each call cost about 1 s of CPU, and the operation
 * tests make about 120 such calls on each database.
 */
export async function runCli(server: TestServer, name: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const root = path.resolve(__dirname, '..', '..', '..')
  const databaseUrl = server.database.schema && process.env.DATABASE_URL
  const env = {
    ...process.env,
    DATA_DIR: server.config.dataDir,
    DATABASE_URL: databaseUrl ? `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${server.database.schema}`)}` : ''
  }
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...serverCommand(`cli/${name}`), ...args], { cwd: root, env })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

/** The answer's data, after expecting success (the message shows in the failure when it is not). */
export function ok(res: GatewayResult): GatewayResult['body']['data'] {
  expect({ errcode: res.body.errcode, resultcode: res.body.resultcode, msg: res.body.errmsg || res.body.resultmsg }).toMatchObject({ errcode: '0', resultcode: '0' })
  return res.body.data
}
