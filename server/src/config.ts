/**
 * Server configuration from the environment. Read once by the composition root
 * (main.ts, the CLIs, the test helper) and passed down; nothing else reads process.env.
 */
import path from 'node:path'
import { alipaySettings, type AlipaySettings } from './providers/payment/alipay.settings'
import { alipayHkSettings, type AlipayHkSettings } from './providers/payment/alipayhk.settings'
import { wechatPaySettings, type WechatPaySettings } from './providers/payment/wechatpay.settings'
import { identitySettings, type IdentitySettings } from './providers/identity/identity.settings'
import { smsSettings, type SmsSettings } from './providers/sms/sms.settings'

export interface ServerConfig {
  port: number
  host: string
  /** PostgreSQL connection string; when absent the server uses the SQLite file in dataDir. */
  databaseUrl: string | null
  /** PostgreSQL: prepare repeated statements per connection (DATABASE_PREPARED_STATEMENTS, 1; 0 behind PgBouncer's transaction mode before 1.21). */
  databasePreparedStatements: boolean
  dataDir: string
  /** The deployment's app code: every gateway envelope must carry it as AuthCode. */
  authCode: string
  /** The built H5 app, served at / when the directory exists. */
  staticDir: string
  /** Uploaded images, served at /files/ when the directory exists. */
  filesDir: string
  /** Largest request body in bytes; larger envelopes get errcode 10006. */
  bodyLimit: number
  /** Feedback records accepted per client IP in any 60 seconds. */
  feedbackRatePerMinute: number
  /** Bytes of whole gateway answers kept for repeated requests (KEPT_ANSWERS_MB, 32). */
  keptAnswersBytes: number
  /** Bytes of parsed menus and the answers built from them (MENU_CACHE_MB, 64). */
  menuCacheBytes: number
  /** Cached answers and menus unused this long are dropped (CACHE_IDLE_SECONDS, 30). */
  cacheIdleMs: number
  /**
   * Fastify's trustProxy: false, true, a hop count or a list of proxy addresses.
   * Behind a load balancer this must be set, or every caller shares the balancer's IP
   * (and so one feedback rate limit).
   */
  trustProxy: boolean | number | string
  logLevel: string
  /**
   * How logs are written (LOG_FORMAT): 'json' (one JSON object per line, for a log collector;
   * the default in production) or 'pretty' (one short line each, for a terminal; the default otherwise).
   */
  logFormat: 'json' | 'pretty'
  /**
   * The deployment's public origin (PUBLIC_URL, e.g. 'https://order.shop.example', no path): picture
   * and link prefixes, the sandbox page's and the notices' URLs. Unset: the Host the caller reached
   * us on when it is a valid authority (X-Forwarded-Host/-Proto with TRUST_PROXY), else
   * http://localhost:<PORT>.
   */
  publicUrl: string | null
  /**
   * Origins besides our own whose pages may post to the gateway from a browser (ALLOWED_ORIGINS,
   * comma-separated, e.g. an H5 build served elsewhere through GATEWAY_LIVE_URL). Cross-site posts
   * from any other page are refused (errcode 10011).
   */
  allowedOrigins: string[]
  /** A client must have sent its request headers within this time (HEADERS_TIMEOUT_MS, 10 s), else 408 and closed. */
  headersTimeoutMs: number
  /** A client must have sent its whole request, body included, within this time (REQUEST_TIMEOUT_MS, 30 s). */
  requestTimeoutMs: number
  /** An idle keep-alive connection is closed after this time (KEEP_ALIVE_TIMEOUT_MS, 72 s: above a balancer's 60 s). */
  keepAliveTimeoutMs: number
  /**
   * Bearer token of the shop's admin API (/admin, ADMIN_TOKEN). Unset: the admin API is off
   * (its routes do not exist); the orders CLI works on the database directly either way.
   */
  adminToken: string | null
  /**
   * HMAC secret of the sandbox payment provider's notices and page keys (SANDBOX_PAY_SECRET).
   * Unset: the deployment's own, made once and kept in the database (server_secrets), so every
   * process and the CLIs agree.
   */
  sandboxPaySecret: string | null
  /** NODE_ENV=production: development providers refuse to start unless allowed (server/src/providers/run-mode.ts). */
  production: boolean
  /**
   * Seed the demo enterprise (its shops, tables and menus) into a database that lacks it (SEED_DEMO,
   * '1' or '0'). Default: on for the demo (npm start), off in production, where a fresh database
   * must not open a demo shop to the public.
   */
  seedDemo: boolean
  /**
   * On SQLite, place orders on a thread of their own beside the HTTP work (PLACEMENT_THREAD, '1' or
   * '0'; default on; domain/orders/placement-thread.ts). Ignored on PostgreSQL.
   */
  placementThread: boolean
  /** The SMS provider (SMS_PROVIDER, 'development'); the choices are in server/src/providers/sms/registry.ts. */
  smsProvider: string
  /** The SMS vendors' settings (ALIYUN_SMS_*, TENCENTCLOUD_SMS_*, TWILIO_*, SMS_TIMEOUT_MS; providers/sms/sms.settings.ts, docs/sms.md), checked when SMS_PROVIDER names the vendor. */
  sms: SmsSettings
  /** The host identity providers (IDENTITY_PROVIDER: 'development', or 'wechat', 'alipay' or 'wechat,alipay'; providers/identity/registry.ts). */
  identityProvider: string
  /** The hosts' sign-in settings (WECHAT_MINI_*, WECHAT_OA_*, ALIPAY_LOGIN_*; providers/identity/identity.settings.ts, docs/host-sign-in.md), checked when IDENTITY_PROVIDER names the host. */
  identity: IdentitySettings
  /** Payment providers, comma-separated (PAYMENT_PROVIDERS, 'sandbox'); the first is the default. */
  paymentProviders: string[]
  /** WeChat Pay API v3 (WECHATPAY_*; providers/payment/wechatpay.settings.ts, docs/wechatpay.md), used when PAYMENT_PROVIDERS names 'wechatpay'. */
  wechatPay: WechatPaySettings
  /** Alipay (ALIPAY_*; providers/payment/alipay.settings.ts, docs/alipay.md), used when PAYMENT_PROVIDERS names 'alipay'. */
  alipay: AlipaySettings
  /** AlipayHK through Antom (ALIPAYHK_*; providers/payment/alipayhk.settings.ts, docs/alipayhk.md), used when PAYMENT_PROVIDERS names 'alipayhk'. */
  alipayHk: AlipayHkSettings
  /**
   * The geocoder (GEOCODING_PROVIDER, 'development'); the choices are in
   * server/src/providers/geocoding/registry.ts. 'development' knows only the region dataset and the
   * demo branches' streets; 'nominatim' asks an OpenStreetMap Nominatim server (docs/addresses.md).
   */
  geocodingProvider: string
  /** The Nominatim server's base URL (NOMINATIM_URL, 'https://nominatim.openstreetmap.org'). */
  nominatimUrl: string
  /**
   * Who we are to the Nominatim server (NOMINATIM_CONTACT: an e-mail or URL sent in the User-Agent, as
   * its usage policy asks); required when GEOCODING_PROVIDER=nominatim.
   */
  nominatimContact: string | null
  /** Map tiles of the H5 location page (MAP_TILE_URL, OpenStreetMap's), with {z}/{x}/{y}; https, or http for localhost only. */
  mapTileUrl: string
  /** The tiles' attribution shown on the map (MAP_TILE_ATTRIBUTION, '© OpenStreetMap contributors'). */
  mapTileAttribution: string
  /** Geocoder lookups per client address in any 60 seconds, counted in the database across every server process (PLACES_RATE_PER_MINUTE, 60): AddressResolution, BaseInfoByGPS, and locating an address saved or ordered to without a location. */
  placesRatePerMinute: number
  /** Host code exchanges (ThirdPartyAccessTokenGet, the host browsers' user-info calls, UserPayInfoGet) per client address in any 60 seconds with a real host provider, counted in the database (HOST_CODE_RATE_PER_MINUTE, 60; diners behind one restaurant Wi-Fi share an address): made-up codes would spend the deployment's quota at the host. */
  hostCodeRatePerMinute: number
  /**
   * Development providers a production deployment accepts anyway (ALLOW_DEVELOPMENT_PROVIDERS,
   * comma-separated names of DEVELOPMENT_PROVIDERS); ignored outside production.
   */
  allowDevelopmentProviders: DevelopmentProviderName[]
  // issue 17: uploads
  /** Object storage (STORAGE_PROVIDER, 'local' or 's3'; server/src/providers/storage, docs/uploads.md). */
  storageProvider: string
  /** The local store's directory (STORAGE_DIR; null: <dataDir>/storage). */
  storageDir: string | null
  /** S3_BUCKET, S3_REGION ('us-east-1'), S3_ENDPOINT (MinIO/OSS; unset for AWS), S3_PUBLIC_URL (where pictures are read; unset: the bucket's URL). */
  s3Bucket: string | null
  s3Region: string
  s3Endpoint: string | null
  s3PublicUrl: string | null
  /** Files a member may ask to upload in any hour (UPLOAD_RATE_PER_HOUR, 60). */
  uploadRatePerHour: number
}

/** The development stand-ins, by the name ALLOW_DEVELOPMENT_PROVIDERS uses for each. */
export const DEVELOPMENT_PROVIDERS = ['sms', 'identity', 'sandbox-payments', 'geocoding'] as const
export type DevelopmentProviderName = (typeof DEVELOPMENT_PROVIDERS)[number]

type Env = Record<string, string | undefined>

export function loadConfig(env: Env = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const config: ServerConfig = {
    port: integer(env.PORT, 8080, 'PORT'),
    host: text(env.HOST) ?? '0.0.0.0',
    databaseUrl: text(env.DATABASE_URL) ?? null,
    databasePreparedStatements: flag(env.DATABASE_PREPARED_STATEMENTS, true, 'DATABASE_PREPARED_STATEMENTS'),
    dataDir: path.resolve(text(env.DATA_DIR) ?? './data'),
    authCode: text(env.AUTH_CODE) ?? 'scanorder-demo',
    staticDir: path.resolve(text(env.STATIC_DIR) ?? 'dist/h5'),
    filesDir: path.resolve(text(env.FILES_DIR) ?? path.join(__dirname, '..', 'public', 'files')),
    bodyLimit: integer(env.BODY_LIMIT, 1024 * 1024, 'BODY_LIMIT'),
    feedbackRatePerMinute: integer(env.FEEDBACK_RATE_PER_MINUTE, 20, 'FEEDBACK_RATE_PER_MINUTE'),
    keptAnswersBytes: integer(env.KEPT_ANSWERS_MB, 32, 'KEPT_ANSWERS_MB') * 1024 * 1024,
    menuCacheBytes: integer(env.MENU_CACHE_MB, 64, 'MENU_CACHE_MB') * 1024 * 1024,
    cacheIdleMs: Math.max(1, integer(env.CACHE_IDLE_SECONDS, 30, 'CACHE_IDLE_SECONDS')) * 1000,
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: text(env.LOG_LEVEL) ?? 'info',
    logFormat: logFormat(env.LOG_FORMAT, text(env.NODE_ENV) === 'production'),
    publicUrl: publicUrl(env.PUBLIC_URL),
    allowedOrigins: (list(env.ALLOWED_ORIGINS) ?? []).map((origin) => originSetting(origin, 'ALLOWED_ORIGINS')),
    headersTimeoutMs: integer(env.HEADERS_TIMEOUT_MS, 10_000, 'HEADERS_TIMEOUT_MS'),
    requestTimeoutMs: integer(env.REQUEST_TIMEOUT_MS, 30_000, 'REQUEST_TIMEOUT_MS'),
    keepAliveTimeoutMs: integer(env.KEEP_ALIVE_TIMEOUT_MS, 72_000, 'KEEP_ALIVE_TIMEOUT_MS'),
    adminToken: text(env.ADMIN_TOKEN) ?? null,
    sandboxPaySecret: text(env.SANDBOX_PAY_SECRET) ?? null,
    production: text(env.NODE_ENV) === 'production',
    seedDemo: flag(env.SEED_DEMO, text(env.NODE_ENV) !== 'production', 'SEED_DEMO'),
    placementThread: flag(env.PLACEMENT_THREAD, true, 'PLACEMENT_THREAD'),
    smsProvider: text(env.SMS_PROVIDER) ?? 'development',
    sms: smsSettings(env),
    identityProvider: text(env.IDENTITY_PROVIDER) ?? 'development',
    identity: identitySettings(env),
    paymentProviders: list(env.PAYMENT_PROVIDERS) ?? ['sandbox'],
    wechatPay: wechatPaySettings(env),
    alipay: alipaySettings(env),
    alipayHk: alipayHkSettings(env),
    geocodingProvider: text(env.GEOCODING_PROVIDER) ?? 'development',
    nominatimUrl: httpUrlSetting(text(env.NOMINATIM_URL) ?? 'https://nominatim.openstreetmap.org', 'NOMINATIM_URL').replace(/\/+$/, ''),
    nominatimContact: text(env.NOMINATIM_CONTACT) ?? null,
    mapTileUrl: mapTileUrl(text(env.MAP_TILE_URL) ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    mapTileAttribution: text(env.MAP_TILE_ATTRIBUTION) ?? '© OpenStreetMap contributors',
    placesRatePerMinute: integer(env.PLACES_RATE_PER_MINUTE, 60, 'PLACES_RATE_PER_MINUTE'),
    hostCodeRatePerMinute: integer(env.HOST_CODE_RATE_PER_MINUTE, 60, 'HOST_CODE_RATE_PER_MINUTE'),
    allowDevelopmentProviders: allowedDevelopmentProviders(env.ALLOW_DEVELOPMENT_PROVIDERS),
    // issue 17: uploads
    storageProvider: text(env.STORAGE_PROVIDER) ?? 'local',
    storageDir: text(env.STORAGE_DIR) ? path.resolve(text(env.STORAGE_DIR) as string) : null,
    s3Bucket: text(env.S3_BUCKET) ?? null,
    s3Region: text(env.S3_REGION) ?? 'us-east-1',
    s3Endpoint: text(env.S3_ENDPOINT) ? httpUrlSetting(text(env.S3_ENDPOINT) as string, 'S3_ENDPOINT').replace(/\/+$/, '') : null,
    s3PublicUrl: text(env.S3_PUBLIC_URL) ? httpUrlSetting(text(env.S3_PUBLIC_URL) as string, 'S3_PUBLIC_URL').replace(/\/+$/, '') : null,
    uploadRatePerHour: integer(env.UPLOAD_RATE_PER_HOUR, 60, 'UPLOAD_RATE_PER_HOUR')
  }
  return { ...config, ...overrides }
}

function flag(value: string | undefined, fallback: boolean, name: string): boolean {
  const t = text(value)
  if (t === undefined) return fallback
  if (t === '1' || t === 'true') return true
  if (t === '0' || t === 'false') return false
  throw new Error(`${name} must be 1 or 0, got '${value}'`)
}

function text(value: string | undefined): string | undefined {
  const t = value?.trim()
  return t ? t : undefined
}

/** A comma-separated list; undefined when empty. */
function list(value: string | undefined): string[] | undefined {
  const items = (value ?? '').split(',').map((v) => v.trim()).filter(Boolean)
  return items.length > 0 ? items : undefined
}

function allowedDevelopmentProviders(value: string | undefined): DevelopmentProviderName[] {
  const names = list(value) ?? []
  for (const name of names) {
    if (!(DEVELOPMENT_PROVIDERS as readonly string[]).includes(name)) {
      throw new Error(`ALLOW_DEVELOPMENT_PROVIDERS: unknown name '${name}' (valid: ${DEVELOPMENT_PROVIDERS.join(', ')})`)
    }
  }
  return names as DevelopmentProviderName[]
}

function integer(value: string | undefined, fallback: number, name: string): number {
  const t = text(value)
  if (t === undefined) return fallback
  const n = Number(t)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got '${value}'`)
  return n
}

function trustProxy(value: string | undefined): boolean | number | string {
  const t = text(value)
  if (t === undefined || t === 'false' || t === '0') return false
  if (t === 'true') return true
  if (/^\d+$/.test(t)) return Number(t)
  return t
}

function logFormat(value: string | undefined, production: boolean): 'json' | 'pretty' {
  const t = text(value)
  if (t === undefined) return production ? 'json' : 'pretty'
  if (t === 'json' || t === 'pretty') return t
  throw new Error(`LOG_FORMAT must be 'json' or 'pretty', got '${value}'`)
}

/** PUBLIC_URL: an absolute http(s) URL of an origin (a trailing '/' is fine, a path is not: the server serves at its root). */
function publicUrl(value: string | undefined): string | null {
  const t = text(value)
  return t === undefined ? null : originSetting(t, 'PUBLIC_URL')
}

/** 'https://Shop.example:8443/' → 'https://shop.example:8443'; anything but a bare http(s) origin throws, naming the setting. */
export function originSetting(value: string, name: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL such as https://order.shop.example, got '${value}'`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must start with http:// or https://, got '${value}'`)
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new Error(`${name} must be an origin without path, query or credentials (e.g. https://order.shop.example), got '${value}'`)
  }
  return url.origin
}

/** Loopback hosts, the only ones a plain-http setting may name. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** An absolute URL, https (or http for localhost only: tests and a deployer's own machine); throws naming the setting. */
export function httpUrlSetting(value: string, name: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name} must be an absolute https URL, got '${value}'`)
  }
  const local = LOCAL_HOSTS.has(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) throw new Error(`${name} must be an https URL (http only for localhost), got '${value}'`)
  if (url.username || url.password) throw new Error(`${name} must not carry credentials, got '${value}'`)
  return value
}

/** MAP_TILE_URL: an https (http for localhost) URL template naming {z}, {x} and {y}. */
function mapTileUrl(value: string): string {
  httpUrlSetting(value.replace(/\{[a-z]\}/g, '0'), 'MAP_TILE_URL')
  for (const part of ['{z}', '{x}', '{y}']) {
    if (!value.includes(part)) throw new Error(`MAP_TILE_URL must contain {z}, {x} and {y}, got '${value}'`)
  }
  return value
}

/** The origin a tile URL template loads from ('https://tile.openstreetmap.org'), for the page's CSP. */
export function mapTileOrigin(template: string): string {
  return new URL(template.replace(/\{[a-z]\}/g, '0')).origin
}
