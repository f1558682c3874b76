/**
 * Issue 11, run modes: in production (NODE_ENV=production) the server refuses to start while a
 * development provider (the DEVELOPMENT SMS or identity provider, the sandbox payments) is
 * configured, unless ALLOW_DEVELOPMENT_PROVIDERS names each one; it prints the active providers
 * at every start. Without NODE_ENV (npm start, the tests) everything is on, as the demo needs.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig, type ServerConfig } from '../../server/src/config'
import { buildProviders } from '../../server/src/http/app'
import { startServer } from '../../server/src/main'
import { DevelopmentProvidersRefused, ProviderChoiceError, describeProviders } from '../../server/src/providers/run-mode'
import { createDatabase } from '../../server/src/storage/database'
import { migrateToLatest } from '../../server/src/storage/migrations'
import { runServerProcess } from './helpers/start-check'

let tempDir: string
beforeAll(() => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-run-modes-'))
})
afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }))

/** A config as the environment would give it, on a SQLite file of this test (PostgreSQL plays no part here). */
const configOf = (env: Record<string, string>): ServerConfig =>
  loadConfig({ ...env }, { databaseUrl: null, dataDir: path.join(tempDir, 'data'), staticDir: path.join(tempDir, 'none'), filesDir: path.join(tempDir, 'files') })

async function withDatabase<T>(config: ServerConfig, run: (db: Awaited<ReturnType<typeof createDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await createDatabase(config)
  try {
    await migrateToLatest(database)
    return await run(database.db)
  } finally {
    await database.destroy()
  }
}

describe('production refuses development providers it was not told to allow', () => {
  test('nothing allowed: a named error saying which providers are active and which setting permits them', async () => {
    const config = configOf({ NODE_ENV: 'production' })
    expect(config.production).toBe(true)
    const error = await withDatabase(config, (db) => buildProviders(config, db, () => {})).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DevelopmentProvidersRefused)
    expect((error as Error).name).toBe('DevelopmentProvidersRefused')
    const message = (error as Error).message
    expect(message).toContain('NODE_ENV=production')
    for (const part of ['SMS_PROVIDER=development', 'IDENTITY_PROVIDER=development', 'PAYMENT_PROVIDERS=sandbox', 'GEOCODING_PROVIDER=development', 'ALLOW_DEVELOPMENT_PROVIDERS=sms,identity,sandbox-payments,geocoding']) {
      expect(message).toContain(part)
    }
  })

  test('allowing only some: the rest are still refused, by name', async () => {
    const config = configOf({ NODE_ENV: 'production', ALLOW_DEVELOPMENT_PROVIDERS: 'sms, sandbox-payments' })
    const error = await withDatabase(config, (db) => buildProviders(config, db, () => {})).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DevelopmentProvidersRefused)
    expect((error as DevelopmentProvidersRefused).refused).toEqual(['identity', 'geocoding'])
  })

  test('the development geocoder is refused alone too, and a real one needs no allowance', async () => {
    const config = configOf({ NODE_ENV: 'production', ALLOW_DEVELOPMENT_PROVIDERS: 'sms,identity,sandbox-payments' })
    const error = await withDatabase(config, (db) => buildProviders(config, db, () => {})).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DevelopmentProvidersRefused)
    expect((error as DevelopmentProvidersRefused).refused).toEqual(['geocoding'])
    expect((error as Error).message).toContain('geocoding (GEOCODING_PROVIDER=development)')
    const real = configOf({ NODE_ENV: 'production', ALLOW_DEVELOPMENT_PROVIDERS: 'sms,identity,sandbox-payments', GEOCODING_PROVIDER: 'nominatim', NOMINATIM_CONTACT: 'ops@shop.example' })
    const providers = await withDatabase(real, (db) => buildProviders(real, db, () => {}))
    expect(providers.geocoding.name).toBe('nominatim')
  })

  test('startServer refuses too, and leaves nothing listening', async () => {
    await expect(startServer({ production: true, port: 0, host: '127.0.0.1', databaseUrl: null, dataDir: path.join(tempDir, 'data'), logger: false, print: () => {} })).rejects.toBeInstanceOf(
      DevelopmentProvidersRefused
    )
  })

  test('each one allowed: it starts and prints the active providers in one line', async () => {
    const lines: string[] = []
    const server = await startServer({
      production: true,
      allowDevelopmentProviders: ['sms', 'identity', 'sandbox-payments', 'geocoding'],
      port: 0,
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: path.join(tempDir, 'data'),
      staticDir: path.join(tempDir, 'none'),
      logger: false,
      print: (line) => lines.push(line)
    })
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    } finally {
      await server.close()
    }
    const line = lines.find((l) => l.startsWith('providers:'))
    expect(line).toBe(
      'providers: payments=sandbox (SANDBOX, no real money), sms=development (codes go to this log, none sent), identity=development (checks nothing, vouches for no phone), geocoding=development (knows only region names and the demo streets) — development providers allowed in production by ALLOW_DEVELOPMENT_PROVIDERS'
    )
  })
})

describe('the demo enterprise in production', () => {
  const allowed = { production: true, allowDevelopmentProviders: ['sms', 'identity', 'sandbox-payments', 'geocoding'] as ServerConfig['allowDevelopmentProviders'] }
  const enterprises = async (server: { db: { selectFrom(t: 'enterprises'): any } }) =>
    (await server.db.selectFrom('enterprises').select('ent_id').execute()).map((r: { ent_id: string }) => r.ent_id)

  test('a production server does not seed the demo shop (and its tables) into a fresh database unless SEED_DEMO=1', async () => {
    expect(configOf({ NODE_ENV: 'production' }).seedDemo).toBe(false)
    expect(configOf({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true)
    expect(configOf({}).seedDemo).toBe(true)
    expect(configOf({ SEED_DEMO: '0' }).seedDemo).toBe(false)
    expect(() => configOf({ SEED_DEMO: 'yes please' })).toThrow('SEED_DEMO')
    for (const [seedDemo, expected] of [[false, []], [true, ['E1001']]] as const) {
      const dir = fs.mkdtempSync(path.join(tempDir, 'seed-'))
      const lines: string[] = []
      const server = await startServer({ ...allowed, seedDemo, port: 0, host: '127.0.0.1', databaseUrl: null, dataDir: dir, staticDir: path.join(tempDir, 'none'), logger: false, print: (line) => lines.push(line) })
      try {
        expect(await enterprises(server)).toEqual(expected)
      } finally {
        await server.close()
      }
    }
  })
})

describe('settings', () => {
  test('an unknown name in ALLOW_DEVELOPMENT_PROVIDERS fails at once, naming the valid ones', () => {
    expect(() => configOf({ ALLOW_DEVELOPMENT_PROVIDERS: 'sms,payments' })).toThrow("ALLOW_DEVELOPMENT_PROVIDERS: unknown name 'payments' (valid: sms, identity, sandbox-payments, geocoding)")
  })

  test('an unknown provider choice fails start, naming the choices this server has', async () => {
    for (const [env, text] of [
      [{ SMS_PROVIDER: 'acme-sms' }, "SMS_PROVIDER 'acme-sms' is not a provider this server has (choices: development, aliyun, tencent, twilio)"],
      [{ IDENTITY_PROVIDER: 'wechat,acme-id' }, "IDENTITY_PROVIDER 'acme-id' is not a provider this server has (choices: development, wechat, alipay)"],
      [{ PAYMENT_PROVIDERS: 'sandbox,stripe' }, "PAYMENT_PROVIDERS 'stripe' is not a provider this server has (choices: sandbox, wechatpay, alipay, alipayhk)"],
      [{ GEOCODING_PROVIDER: 'acme-maps' }, "GEOCODING_PROVIDER 'acme-maps' is not a provider this server has (choices: development, nominatim)"]
    ] as const) {
      const config = configOf(env)
      const error = await withDatabase(config, (db) => buildProviders(config, db, () => {})).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ProviderChoiceError)
      expect((error as Error).message).toBe(text)
    }
  })

  test('without NODE_ENV=production everything is on (the demo), and the line says what is active', async () => {
    const config = configOf({})
    expect(config.production).toBe(false)
    const providers = await withDatabase(config, (db) => buildProviders(config, db, () => {}))
    expect(providers.payments.names()).toEqual(['sandbox'])
    expect(describeProviders(config)).toBe(
      'providers: payments=sandbox (SANDBOX, no real money), sms=development (codes go to this log, none sent), identity=development (checks nothing, vouches for no phone), geocoding=development (knows only region names and the demo streets)'
    )
  })
})

test('the real server process in production without the setting exits non-zero with the message', async () => {
  const { code, stdout, stderr } = await runServerProcess({ ALLOW_DEVELOPMENT_PROVIDERS: undefined, NODE_ENV: 'production' }, tempDir)
  const output = stdout + stderr
  expect(code).not.toBe(0)
  expect(code).not.toBeNull()
  expect(output).toContain('ALLOW_DEVELOPMENT_PROVIDERS=sms,identity,sandbox-payments,geocoding')
  expect(output).not.toContain('listening on')
}, 60_000)
