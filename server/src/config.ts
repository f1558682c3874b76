/**
 * Server configuration from the environment. Read once by the composition root
 * (main.ts, the CLIs, the test helper) and passed down; nothing else reads process.env.
 */
import path from 'node:path'

export interface ServerConfig {
  port: number
  host: string
  /** PostgreSQL connection string; when absent the server uses the SQLite file in dataDir. */
  databaseUrl: string | null
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
  /**
   * Fastify's trustProxy: false, true, a hop count or a list of proxy addresses.
   * Behind a load balancer this must be set, or every caller shares the balancer's IP
   * (and so one feedback rate limit).
   */
  trustProxy: boolean | number | string
  logLevel: string
  /**
   * Bearer token of the shop's admin API (/admin, ADMIN_TOKEN). Unset: the admin API is off
   * (its routes do not exist); the orders CLI works on the database directly either way.
   */
  adminToken: string | null
  /**
   * HMAC secret of the sandbox payment provider's notices (SANDBOX_PAY_SECRET). Unset: a random
   * secret per process (logged), so only the process's own sandbox page can sign notices.
   */
  sandboxPaySecret: string | null
}

type Env = Record<string, string | undefined>

export function loadConfig(env: Env = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const config: ServerConfig = {
    port: integer(env.PORT, 8080, 'PORT'),
    host: text(env.HOST) ?? '0.0.0.0',
    databaseUrl: text(env.DATABASE_URL) ?? null,
    dataDir: path.resolve(text(env.DATA_DIR) ?? './data'),
    authCode: text(env.AUTH_CODE) ?? 'scanorder-demo',
    staticDir: path.resolve(text(env.STATIC_DIR) ?? 'dist/h5'),
    filesDir: path.resolve(text(env.FILES_DIR) ?? path.join(__dirname, '..', 'public', 'files')),
    bodyLimit: integer(env.BODY_LIMIT, 1024 * 1024, 'BODY_LIMIT'),
    feedbackRatePerMinute: integer(env.FEEDBACK_RATE_PER_MINUTE, 20, 'FEEDBACK_RATE_PER_MINUTE'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: text(env.LOG_LEVEL) ?? 'info',
    adminToken: text(env.ADMIN_TOKEN) ?? null,
    sandboxPaySecret: text(env.SANDBOX_PAY_SECRET) ?? null
  }
  return { ...config, ...overrides }
}

function text(value: string | undefined): string | undefined {
  const t = value?.trim()
  return t ? t : undefined
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
