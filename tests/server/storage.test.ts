/** Migrations on a fresh database, and a seed that can run any number of times. */
import { sql } from 'kysely'
import { MIGRATIONS, migrateToLatest } from '../../server/src/storage/migrations'
import { demoEntryPoints, seedDemo } from '../../server/src/storage/seed'
import { createTestServer, rowCounts, type TestServer } from './helpers/test-server'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({}, { seed: false })
})
afterAll(() => server.close())

describe('migrations', () => {
  it('run on the database DATABASE_URL selects (PostgreSQL when set, else SQLite)', () => {
    expect(server.database.dialect).toBe(process.env.DATABASE_URL ? 'postgres' : 'sqlite')
    if (server.database.dialect === 'postgres') expect(server.database.schema).toMatch(/^test_[0-9a-f]{12}$/)
  })

  it('created every table on a fresh database and have nothing left to do', async () => {
    const counts = await rowCounts(server.db)
    expect(Object.values(counts).every((n) => n === 0)).toBe(true)
    expect(await migrateToLatest(server.database)).toEqual([])
    const applied = await server.db
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`name`.as('name'))
      .execute()
    expect(applied.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS))
  })

  it('index the lookups by key that would otherwise scan (a ticket\'s print jobs, a member\'s host identity)', async () => {
    const names =
      server.database.dialect === 'postgres'
        ? (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(server.db)).rows.map((r) => r.name)
        : (await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(server.db)).rows.map((r) => r.name)
    expect(names).toEqual(expect.arrayContaining(['print_jobs_ticket', 'member_identities_member']))
  })

  it('allow one open sheet per table only', async () => {
    await seedDemo(server.db)
    const sheet = { ent_id: 'E1001', shop_id: 'S101', base_id: 'B201', table_id: 'B201-A03', created_at: new Date().toISOString() }
    // The driver's errors come from another realm, so match the message, not the class.
    const secondOpen = server.db.insertInto('table_sheets').values({ ...sheet, sheet_id: 'second-open', status: 0 }).execute()
    await expect(secondOpen).rejects.toMatchObject({ message: expect.stringMatching(/unique/i) })
    await server.db.insertInto('table_sheets').values({ ...sheet, sheet_id: 'closed-one', status: 1 }).execute()
    await server.db.deleteFrom('table_sheets').where('sheet_id', '=', 'closed-one').execute()
  })
})

describe('demo seed', () => {
  it('seeds once; a second run changes nothing', async () => {
    await seedDemo(server.db)
    const first = await rowCounts(server.db)
    expect(first).toMatchObject({
      enterprises: 1,
      enterprise_settings: 10,
      shops: 2,
      bases: 3,
      dining_tables: 12,
      qr_codes: 14,
      table_sheets: 1,
      service_links: 3,
      // OpeningHours, IsPayLaterOnlineCheckout and DeliveryRange of each branch.
      base_params: 9,
      finance_accounts: 2,
      freight_rules: expect.any(Number)
    })
    expect(await seedDemo(server.db)).toBe(false)
    expect(await rowCounts(server.db)).toEqual(first)
  })

  it('lists the entry points: one per shop counter and one per table', async () => {
    const points = await demoEntryPoints(server.db)
    expect(points).toHaveLength(14)
    expect(points.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'shop', qrCode: 'QR-S101', shopId: 'S101', baseId: '', tableId: '', query: 'QRCode=QR-S101' }),
      expect.objectContaining({ kind: 'shop', qrCode: 'QR-S102', shopId: 'S102', baseId: 'B203' })
    ])
    const a03 = points.find((p) => p.tableId === 'B201-A03')
    expect(a03).toMatchObject({ kind: 'table', entId: 'E1001', baseId: 'B201', tableId: 'B201-A03', query: `QRCode=${a03?.qrCode}` })
    expect(a03?.names.en).toBe('Lotus Tea House (Senado Square) · Table A03')
    // Table codes carry a random token made at seed time (per install, not in the repository).
    const tables = points.filter((p) => p.kind === 'table')
    expect(tables.map((p) => p.qrCode.slice(0, 'QR-A01'.length))).toEqual([
      'QR-A01', 'QR-A02', 'QR-A03', 'QR-A04', 'QR-A05', 'QR-A06', 'QR-T01', 'QR-T02', 'QR-N01', 'QR-N02', 'QR-N03', 'QR-N04'
    ])
    for (const p of tables) expect(p.qrCode).toMatch(/^QR-[A-Z]\d\d-[A-Za-z0-9_-]{22}$/)
    expect(new Set(tables.map((p) => p.qrCode.slice(7))).size).toBe(12)
  })
})
