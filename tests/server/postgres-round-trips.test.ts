/**
 * PostgreSQL's round trips (issue 28 item 6, the heavy night): the live events' write goes to
 * PostgreSQL with its transaction's COMMIT, in one message (at-commit.ts). Only with DATABASE_URL;
 * SQLite has none.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { Client } from 'pg'
import { inEventTransaction, appendEvent } from '../../server/src/live/outbox'
import { createDatabase, type AppDatabase } from '../../server/src/storage/database'
import { migrateToLatest } from '../../server/src/storage/migrations'

const databaseUrl = process.env.DATABASE_URL
const pgOnly = databaseUrl ? describe : describe.skip

pgOnly('PostgreSQL round trips', () => {
  let database: AppDatabase
  const sent: string[] = []
  const query = Client.prototype.query

  beforeAll(async () => {
    // What each connection sends, by statement (before the first connection is made).
    jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string }
      sent.push(typeof first === 'string' ? first : (first?.text ?? ''))
      return (query as (...a: unknown[]) => unknown).apply(this, args)
    } as never)
    database = await createDatabase({ databaseUrl: databaseUrl!, dataDir: '' }, { schema: `test_${randomBytes(6).toString('hex')}` })
    await migrateToLatest(database)
  }, 60_000)
  afterAll(async () => {
    jest.restoreAllMocks()
    if (database) {
      await sql`drop schema if exists ${sql.id(database.schema!)} cascade`.execute(database.db)
      await database.destroy()
    }
  })
  beforeEach(() => {
    sent.length = 0
  })

  const payload = { text: `it's a "quote", a back\\slash, $1, 汉字, emoji 🍜, a null-ish 'null'` }

  it("sends a change's events with its COMMIT, in one message, and they are stored as written", async () => {
    await inEventTransaction(database.db, async (trx) => {
      await trx.insertInto('event_counters').values({ ent_id: 'E-other', last_id: 0, pruned_through: 0 }).execute()
      await appendEvent(trx, { entId: 'E1', shopId: 'S1', baseId: null, kind: 'test.one', payload, sheetId: 'SH1' })
      await appendEvent(trx, { entId: 'E1', shopId: 'S1', baseId: 'B1', kind: 'test.two', payload: { n: 2 } })
    })
    const last = sent[sent.length - 1]
    expect(last).toMatch(/^with counter as[\s\S]*insert into events[\s\S]*pg_notify[\s\S]*;\ncommit$/)
    expect(sent.filter((text) => /^\s*commit\s*$/i.test(text))).toEqual([])
    const rows = await database.db.selectFrom('events').select(['id', 'kind', 'payload', 'shop_id', 'base_id', 'sheet_id']).where('ent_id', '=', 'E1').orderBy('id').execute()
    expect(rows.map((r) => ({ ...r, id: Number(r.id), payload: JSON.parse(r.payload) }))).toEqual([
      { id: 1, kind: 'test.one', payload, shop_id: 'S1', base_id: null, sheet_id: 'SH1' },
      { id: 2, kind: 'test.two', payload: { n: 2 }, shop_id: 'S1', base_id: 'B1', sheet_id: '' }
    ])
  })

  it('rolls the whole change back when its events cannot be written at the commit', async () => {
    const attempt = inEventTransaction(database.db, async (trx) => {
      await trx.insertInto('event_counters').values({ ent_id: 'E-rolled', last_id: 0, pruned_through: 0 }).execute()
      // No such column: the events' statement fails at the commit.
      await appendEvent(trx, { entId: 'E2', shopId: 'S1', baseId: null, kind: 'test', payload: {}, sheetId: 'x'.repeat(10) })
      await sql`alter table events rename column sheet_id to sheet_gone`.execute(trx)
    })
    await expect(attempt).rejects.toThrow(/sheet_id/)
    expect(await database.db.selectFrom('event_counters').select('ent_id').where('ent_id', 'in', ['E-rolled', 'E2']).execute()).toEqual([])
    // The rename was in the same transaction: rolled back too.
    await inEventTransaction(database.db, async (trx) => appendEvent(trx, { entId: 'E2', shopId: 'S1', baseId: null, kind: 'test', payload: {} }))
    expect(await database.db.selectFrom('events').select('kind').where('ent_id', '=', 'E2').execute()).toEqual([{ kind: 'test' }])
  })
})
