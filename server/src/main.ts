/**
 * Composition root: config → database → migrations → demo seed → HTTP app → listen.
 * `npm run serve` runs this file; scripts (start, e2e, size) call startServer() instead.
 */
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { loadConfig, type ServerConfig } from './config'
import { expireDueOrders } from './domain/orders/order-state'
import { buildApp, buildProviders, type DefaultProviders } from './http/app'
import { assertRunMode, describeProviders, DevelopmentProvidersRefused, ProviderChoiceError, ProviderSettingError } from './providers/run-mode'
import { createDatabase } from './storage/database'
import { WriteTurn } from './storage/write-turn'
import { startPlacementThread, type PlacementThread } from './domain/orders/placement-thread'
import { migrateToLatest } from './storage/migrations'
import type { Database } from './storage/schema'
import { demoEntryPoints, seedDemo } from './storage/seed'
import { createSetupLink, enterprisesWithoutOwner, hasAnyOwner, setupUrl } from './domain/staff/setup-link.service'
import { startPrintWorker } from './printing/print-jobs'
import { closeKitchenPrinting } from './printing/kitchen-printing'
import { startRefundFollowUp } from './domain/payments/refund-follow-up'
import { networkInterfaces } from 'node:os'
import path from 'node:path'
import { entryBase, listenDescription, type EntryBase } from './start-address'
import { startIdleCollect } from './idle-collect'

export interface StartOptions extends Partial<ServerConfig> {
  /** Fastify's JSON request log (default true). */
  logger?: boolean
  /** Seed the demo enterprise when it is missing (default: config.seedDemo, SEED_DEMO; on outside production). */
  seed?: boolean
  /** Where the start line naming the active providers goes; default console.log, nothing when logger is false. */
  print?: (line: string) => void
}

export interface RunningServer {
  /** 'http://127.0.0.1:8080': where this machine reaches the server. */
  url: string
  db: Kysely<Database>
  app: FastifyInstance
  config: ServerConfig
  /**
   * The app's outside services. providers.sms is the DEVELOPMENT SMS provider: e2e tests read a
   * sent code with providers.sms.lastCode(areaNo, phone).
   */
  providers: DefaultProviders
  /** Stops accepting requests, finishes those in flight, closes the database. */
  close(): Promise<void>
}

/** Starts the server; options override the environment (PORT 0 picks a free port). */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  // Silent callers (logger false: the benches, whose children speak JSON on stdout) print nothing unless asked.
  const { logger = true, seed, print = logger ? (line: string) => console.log(line) : () => {}, ...overrides } = options
  const config = loadConfig(process.env, overrides)
  // Production with a development provider it was not told to allow stops here, before the database is touched.
  assertRunMode(config)
  // On SQLite, orders are placed on a thread of their own, which shares the write turn (placement-thread.ts).
  const writeTurn = !config.databaseUrl && config.placementThread ? WriteTurn.create() : undefined
  const database = await createDatabase(config, { writeTurn })
  let placements: PlacementThread | undefined
  try {
    await migrateToLatest(database)
    if (seed ?? config.seedDemo) await seedDemo(database.db, new Date(), { filesDir: config.filesDir })
    // The providers log through the app's logger once it exists (nothing is logged before).
    let warn: (message: string) => void = (message) => console.warn(message)
    const providers = await buildProviders(config, database.db, (message) => warn(message))
    print(describeProviders(config))
    if (writeTurn) placements = await startPlacementThread(config, writeTurn, (message) => warn(message))
    const app = await buildApp({ config, db: database.db, logger, providers, orderPlacer: placements })
    if (logger) warn = (message) => app.log.warn(message)
    // Fastify logs a line per address it listens on; the start lines (below, and the caller's) say it once.
    const level = app.log.level
    app.log.level = 'warn'
    await app.listen({ port: config.port, host: config.host })
    app.log.level = level
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : config.port
    const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host
    const sweep = startExpirySweep(database.db, app.log)
    // Kitchen tickets at stations with a printer print after their commit (docs/printing.md).
    const printing = startPrintWorker(database.db, app.log)
    // Refunds are asked again, or asked about, until the vendor confirms them (docs/wechatpay.md "Refunds until confirmed").
    const refunds = startRefundFollowUp({ db: database.db, providers: providers.payments }, app.log)
    let closing: Promise<void> | null = null
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      db: database.db,
      app,
      config,
      providers,
      close: () =>
        (closing ??= (async () => {
          await sweep.stop()
          await refunds.stop()
          await printing.stop()
          await closeKitchenPrinting()
          await app.close()
          await placements?.close()
          await database.destroy()
        })())
    }
  } catch (error) {
    await placements?.close()
    await database.destroy()
    throw error
  }
}

/** How often unpaid prepay orders past their time are expired (reads also expire the ones they meet). */
export const EXPIRY_SWEEP_MS = 30_000

/** Runs expireDueOrders every 30 s; the timer does not keep the process alive. stop() waits for a sweep in flight. */
export function startExpirySweep(db: Kysely<Database>, log: { error(obj: unknown, msg?: string): void }): { stop(): Promise<void> } {
  let running: Promise<void> | null = null
  const timer = setInterval(() => {
    if (running) return
    running = expireDueOrders(db, new Date())
      .then(
        () => undefined,
        (error) => log.error({ err: error }, 'order expiry sweep failed')
      )
      .finally(() => {
        running = null
      })
  }, EXPIRY_SWEEP_MS)
  timer.unref()
  return {
    stop: async () => {
      clearInterval(timer)
      await running
    }
  }
}

if (require.main === module) {
  startServer().then(
    (server) => {
      // Where it really listens (HOST, default every address), and where phones open it (start-address.ts).
      const port = Number(new URL(server.url).port)
      const store = server.config.databaseUrl ? 'PostgreSQL' : `SQLite in ${path.relative(process.cwd(), server.config.dataDir) || '.'}`
      console.log(`ScanOrder listening on ${listenDescription(server.config.host, port)} (${store})`)
      const entry = entryBase({ publicUrl: server.config.publicUrl, host: server.config.host, port, interfaces: networkInterfaces() })
      void printEntryUrls(server, entry)
        .then(() => printConsoleLinks(server, entry))
        .then(() => console.log('Ctrl-C stops the server.'))
      // A quiet process gives back what a rush left (idle-collect.ts); only the server's own process, not in-process test servers.
      const idle = startIdleCollect({ onCollect: (before, after, ms) => server.app.log.debug({ before, after, ms }, 'heap collected while quiet') })
      const stop = (signal: string) => {
        idle.stop()
        console.log(`${signal}: shutting down`)
        server.close().then(
          () => process.exit(0),
          (error) => {
            console.error(error)
            process.exit(1)
          }
        )
      }
      process.once('SIGINT', () => stop('SIGINT'))
      process.once('SIGTERM', () => stop('SIGTERM'))
    },
    (error) => {
      // A setting's mistake is said in one line; anything else with its stack.
      if (error instanceof DevelopmentProvidersRefused || error instanceof ProviderChoiceError || error instanceof ProviderSettingError) console.error(`ScanOrder gateway refused to start: ${error.message}`)
      else console.error('ScanOrder gateway failed to start:', error)
      process.exit(1)
    }
  )
}

/** One URL per demo table and shop counter, as a QR code on the table would hold. */
async function printEntryUrls(server: RunningServer, { base, note }: EntryBase): Promise<void> {
  const points = await demoEntryPoints(server.db)
  if (points.length === 0) return
  // PUBLIC_URL is where phones reach the deployment; without it, this machine's LAN address.
  console.log(`\nDemo entry URLs (open on a phone on the same network${note ? `; ${note}` : ''}):`)
  for (const p of points) console.log(`  ${p.kind === 'shop' ? 'shop ' : 'table'}  ${base}/?${p.query}   ${p.names.en}`)
  // issue 24: the pickup screen of each demo branch, for a TV (docs/pickup-screen.md; lang=zh-CN|zh-TW|en optional).
  const branches = new Map(points.filter((p) => p.baseId).map((p) => [p.baseId, p]))
  console.log('\nPickup screens (open on a TV, full screen):')
  for (const p of branches.values()) console.log(`  pickup ${base}/pickup/?ent=${p.entId}&shop=${p.shopId}&base=${p.baseId}   ${p.names.en.split(' · ')[0]}`)
}

/**
 * The console's address, and one-time setup links while they are needed (issue 23): a new
 * restaurant's while no enterprise has an owner, and one per enterprise without an owner (the
 * demo's on a fresh start). `npm run setup` prints new ones at any time.
 */
async function printConsoleLinks(server: RunningServer, { base }: EntryBase): Promise<void> {
  const now = new Date()
  console.log(`\nConsole for staff: ${base}/console/`)
  const orphans = await enterprisesWithoutOwner(server.db)
  for (const e of orphans) {
    const { token } = await createSetupLink(server.db, now, e.entId)
    console.log(`  Owner account for ${JSON.parse(e.names).en ?? e.entId} (${e.entId}), one use, 24 h: ${setupUrl(base, token)}`)
  }
  if (!(await hasAnyOwner(server.db))) {
    const { token } = await createSetupLink(server.db, now)
    console.log(`  Set up a new restaurant, one use, 24 h: ${setupUrl(base, token)}`)
  }
}
