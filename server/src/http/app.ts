/**
 * Builds the Fastify app (no listen): the gateway, /healthz, and static files when their
 * directories exist. main.ts and the tests both use it.
 */
import fs from 'node:fs'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { ServerConfig } from '../config'
import type { OrderPlacer } from '../domain/orders/placement-thread'
import type { Providers } from '../operations/operation'
import { buildPaymentProviders } from '../providers/payment/registry'
import { buildHostLoginProviders, buildIdentityProvider } from '../providers/identity/registry'
import { assertRunMode } from '../providers/run-mode'
import type { DevelopmentSmsProvider } from '../providers/sms/development.provider'
import { buildSmsProvider } from '../providers/sms/registry'
import { buildGeocodingProvider } from '../providers/geocoding/registry'
import { buildObjectStorage } from '../providers/storage/registry'
import { LocalObjectStorage } from '../providers/storage/local.storage'
import type { Database } from '../storage/schema'
import { adminRoutes } from './admin.route'
import { gatewayRoutes } from './gateway.route'
import { payNotifyRoutes } from './pay-notify.route'
import { sandboxPayRoutes } from './sandbox-pay.route'
import { hostAuthRoutes } from './host-auth.route'
import { storageRoutes } from './storage.route'
import { loggerOptions, type LogStream } from './logging'
import { securityHeaders } from './security-headers'
import { appStaticRoutes, fileStaticRoutes, isDirectory } from './static.route'

export interface AppOptions {
  config: ServerConfig
  db: Kysely<Database>
  /** false for silent tests; default: logs at config.logLevel in config.logFormat (logging.ts). */
  logger?: boolean
  /** Where log lines go instead of stdout (tests). */
  logStream?: LogStream
  /** Outside services; default: built from config (buildProviders). */
  providers?: Providers
  /** The order placement thread (SQLite; startServer starts it): OrderSubmit places orders there. */
  orderPlacer?: OrderPlacer
}

/**
 * The providers as this repository configures them by default (SMS_PROVIDER=development): sms is
 * the DEVELOPMENT provider, whose outbox the tests read. Another SMS_PROVIDER makes another class.
 */
export interface DefaultProviders extends Providers {
  sms: DevelopmentSmsProvider
}

/**
 * Builds the providers the settings choose (SMS_PROVIDER, IDENTITY_PROVIDER, PAYMENT_PROVIDERS, GEOCODING_PROVIDER) on
 * the open database (a provider's secret may live there). In production a development provider not
 * named in ALLOW_DEVELOPMENT_PROVIDERS throws DevelopmentProvidersRefused, before anything is built;
 * an unknown choice throws ProviderChoiceError. `warn` gets the development SMS lines.
 */
export async function buildProviders(config: ServerConfig, db: Kysely<Database>, warn: (message: string) => void): Promise<DefaultProviders> {
  assertRunMode(config)
  const sms = buildSmsProvider(config, warn) as DevelopmentSmsProvider
  return {
    payments: await buildPaymentProviders(config, db),
    sms,
    identity: buildIdentityProvider(config),
    hostLogin: buildHostLoginProviders(config, db),
    geocoding: buildGeocodingProvider(config),
    storage: await buildObjectStorage(config, db)
  }
}

// The gateway hands the providers to every operation's context (ctx.providers).
declare module './gateway.route' {
  interface GatewayDeps {
    providers: Providers
  }
}

export async function buildApp({ config, db, logger = true, logStream, providers: given, orderPlacer }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? loggerOptions(config, logStream) : { logger: false }),
    bodyLimit: config.bodyLimit,
    trustProxy: trustProxyOption(config.trustProxy),
    ...connectionTimeouts(config)
  })

  const providers: Providers = given ?? (await buildProviders(config, db, (message) => app.log.warn(message)))
  // issue 17: uploads — an S3 bucket's origin is where the H5 app posts photos (CSP connect-src).
  securityHeaders(app, config.staticDir, config.mapTileUrl, providers.storage.uploadOrigin ? [providers.storage.uploadOrigin] : [])

  app.get('/healthz', async () => ({ ok: true }))
  await app.register(gatewayRoutes, { config, db, providers, orderPlacer })
  // Payment notices and the sandbox's hosted page, each in its own scope (their own body parsing).
  await app.register(payNotifyRoutes, { db, providers: providers.payments })
  await app.register(sandboxPayRoutes, { db, providers: providers.payments, config })
  await app.register(hostAuthRoutes, { db, hostLogin: providers.hostLogin, config })
  await app.register((await import('./live.route')).liveRoutes, { db, config }) // live events: SSE + poll (docs/live-events.md)
  await app.register((await import('./pickup.route')).pickupRoutes, { db }) // the pickup screen's state (docs/pickup-screen.md)
  // The local object store's upload endpoint and checked pictures (issue 17), in its own scope.
  if (providers.storage instanceof LocalObjectStorage) await app.register(storageRoutes, { storage: providers.storage, allowedOrigins: config.allowedOrigins })
  // The shop's admin API exists only when ADMIN_TOKEN is set (docs/ordering.md).
  if (config.adminToken) await app.register(adminRoutes, { prefix: '/admin', db, adminToken: config.adminToken, providers: providers.payments })
  await app.register((await import('./console.route')).consoleRoutes) // the restaurant's console at /console (docs/console.md)
  await app.register((await import('./pickup.route')).pickupPageRoutes) // the pickup screen for a TV at /pickup (docs/pickup-screen.md)
  if (isDirectory(config.staticDir)) await app.register(appStaticRoutes, { staticDir: config.staticDir, entryAuthCode: config.authCode })
  // Menu imports (also from the CLI, while this server runs) copy pictures there: make sure
  // the folder exists so /files/ is served from the start.
  ensureDirectory(config.filesDir)
  if (isDirectory(config.filesDir)) await app.register(fileStaticRoutes, { filesDir: config.filesDir })
  await app.ready()
  return app
}

function ensureDirectory(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true })
  } catch {
    // Read-only or not creatable: /files/ is simply not served.
  }
}

/**
 * Slow clients are dropped (issue 11 finding 6): headers within HEADERS_TIMEOUT_MS, the whole
 * request within REQUEST_TIMEOUT_MS (else 408 and the connection closed), a connection silent that
 * long is closed too, idle keep-alive ones after KEEP_ALIVE_TIMEOUT_MS. Node checks the first two
 * on a timer; it runs every second (Node's 30 s would let a slow client stay half a minute more).
 */
function connectionTimeouts(config: ServerConfig): { connectionTimeout: number; requestTimeout: number; keepAliveTimeout: number; http: { headersTimeout: number; connectionsCheckingInterval: number } } {
  const request = config.requestTimeoutMs
  // Node refuses a headers timeout above the request timeout.
  const headers = request > 0 ? Math.min(config.headersTimeoutMs, request) : config.headersTimeoutMs
  const shortest = Math.min(...[headers, request].filter((ms) => ms > 0), 4000)
  return {
    connectionTimeout: request,
    requestTimeout: request,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: { headersTimeout: headers, connectionsCheckingInterval: Math.max(100, Math.floor(shortest / 4)) }
  }
}

/** A hop count trusts that many proxies in front of us (Fastify's types only take a function for it). */
function trustProxyOption(value: ServerConfig['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value
}
