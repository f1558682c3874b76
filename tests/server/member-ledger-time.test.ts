/**
 * A member's ledger entries stay in the order they happened (balance.service.ts entryTimeAfter):
 * each is dated after the member's newest entry, balance or points, which the member row carries
 * (`ledger_at`, migration 0036) instead of a read of each ledger per entry. SQLite, and PostgreSQL
 * with DATABASE_URL.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { Migrator, sql } from 'kysely'
import { createDatabase, type AppDatabase } from '../../server/src/storage/database'
import { MIGRATIONS, migrateToLatest } from '../../server/src/storage/migrations'
import { seedDemo } from '../../server/src/storage/seed'
import { makeMember } from './helpers/member-fixtures'
import { openAllDay, requestKey, soupLine, takeaway } from './helpers/order-fixtures'
import { createTestServer, type TestServer } from './helpers/test-server'

describe('migration 0036', () => {
  let database: AppDatabase
  const schema = process.env.DATABASE_URL ? `test_${randomBytes(6).toString('hex')}` : undefined
  let dataDir = ''

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanorder-mig-'))
    database = await createDatabase({ databaseUrl: process.env.DATABASE_URL || null, dataDir }, { schema })
  })
  afterAll(async () => {
    if (schema) await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db)
    await database.destroy()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it("fills each member's newest entry time from both ledgers; a member without entries has none", async () => {
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => ({ ...MIGRATIONS }) },
      ...(database.schema ? { migrationTableSchema: database.schema } : {})
    })
    expect((await migrator.migrateTo('0035_sheet_versions')).error).toBeUndefined()
    await seedDemo(database.db)
    const db = database.db
    const member = (vipId: string) => ({ vip_id: vipId, ent_id: 'E1001', code_ref: `ref-${vipId}`, created_at: '2031-01-05T04:00:00.000Z', updated_at: '2031-01-05T04:00:00.000Z' })
    await db.insertInto('members').values([member('VBAL'), member('VPTS'), member('VNONE')]).execute()
    const entry = { ent_id: 'E1001', kind: 'recharge', amount: '10', balance_after: '10' }
    await db
      .insertInto('balance_ledger')
      .values([
        { ...entry, entry_id: 'L1', vip_id: 'VBAL', ref_id: 'R1', created_at: '2031-01-05T04:00:00.000Z' },
        { ...entry, entry_id: 'L2', vip_id: 'VBAL', ref_id: 'R2', created_at: '2031-01-05T04:00:02.000Z' },
        { ...entry, entry_id: 'L3', vip_id: 'VPTS', ref_id: 'R3', created_at: '2031-01-05T04:00:01.000Z' }
      ])
      .execute()
    await db
      .insertInto('score_ledger')
      .values([
        { entry_id: 'S1', ent_id: 'E1001', vip_id: 'VBAL', kind: 'earn', score: 5, score_after: 5, ref_id: 'O1', created_at: '2031-01-05T04:00:01.500Z' },
        { entry_id: 'S2', ent_id: 'E1001', vip_id: 'VPTS', kind: 'earn', score: 5, score_after: 5, ref_id: 'O2', created_at: '2031-01-05T04:00:03.000Z' }
      ])
      .execute()

    await migrateToLatest(database)

    const rows = await db.selectFrom('members').select(['vip_id', 'ledger_at']).where('vip_id', 'in', ['VBAL', 'VPTS', 'VNONE']).orderBy('vip_id').execute()
    expect(rows).toEqual([
      { vip_id: 'VBAL', ledger_at: '2031-01-05T04:00:02.000Z' },
      { vip_id: 'VNONE', ledger_at: '' },
      { vip_id: 'VPTS', ledger_at: '2031-01-05T04:00:03.000Z' }
    ])
  })
})

describe('a balance payment', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer({}, { demoMenus: true })
    await openAllDay(server.db)
  })
  afterAll(() => server.close())

  it("dates its spend after the member's newest entry, and the points after the spend, even when that entry is ahead of this clock", async () => {
    const m = await makeMember(server.db, { balance: '500.00' })
    // An entry written by a process whose clock runs five seconds ahead of this one's.
    const ahead = new Date(Date.now() + 5000).toISOString()
    await server.db.updateTable('balance_ledger').set({ created_at: ahead }).where('vip_id', '=', m.vipId).execute()
    await server.db.updateTable('members').set({ ledger_at: ahead }).where('vip_id', '=', m.vipId).execute()

    const placed = await server.call('OrderSubmit', [{ ...takeaway([soupLine()]), RequestKey: requestKey() }], { headers: m.headers })
    expect(placed.body.resultcode).toBe('0')
    const paid = await server.call('BalancePay', [{ SheetID: placed.body.data.table1[0].SheetID, RequestKey: requestKey() }], { headers: m.headers })
    expect(paid.body.resultcode).toBe('0')

    const balance = await server.db.selectFrom('balance_ledger').select(['kind', 'created_at']).where('vip_id', '=', m.vipId).orderBy('created_at').execute()
    expect(balance.map((e) => e.kind)).toEqual(['recharge', 'spend'])
    expect(balance[1].created_at > ahead).toBe(true)
    const [earned] = await server.db.selectFrom('score_ledger').select(['kind', 'created_at']).where('vip_id', '=', m.vipId).execute()
    expect(earned.kind).toBe('earn')
    expect(earned.created_at > balance[1].created_at).toBe(true)
    const row = await server.db.selectFrom('members').select('ledger_at').where('vip_id', '=', m.vipId).executeTakeFirstOrThrow()
    expect(row.ledger_at).toBe(earned.created_at)

    // The member's balance records list the spend first (newest first), as it happened.
    const records = await server.call('VipBalanceRecordByPage', [{ PageIndex: 1, PageSize: 10 }], { headers: m.headers })
    expect(records.body.resultcode).toBe('0')
    expect(records.body.data.table1.map((r: { Amount: string }) => r.Amount.startsWith('-'))).toEqual([true, false])
  })
})
