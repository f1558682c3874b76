/**
 * PostgreSQL's round trips (issue 28 item 6, the heavy night): the live events' write goes to
 * PostgreSQL with its transaction's COMMIT, in one message (at-commit.ts), and a write whose answer
 * nobody reads goes in front of the transaction's next statement (write-with-next.ts). Only with
 * DATABASE_URL; SQLite has none.
 */
import { randomBytes } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { Client } from 'pg'
import { inEventTransaction, appendEvent } from '../../server/src/live/outbox'
import { createDatabase, type AppDatabase } from '../../server/src/storage/database'
import { inlineParameters } from '../../server/src/storage/at-commit'
import { writeWithNext } from '../../server/src/storage/write-with-next'
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

  describe('a write sent with the next statement', () => {
    type Notes = { notes: { id: string; body: string; at: string | null; n: number | null; ok: boolean | null } }
    let db: Kysely<Notes>
    beforeAll(async () => {
      await sql`create table if not exists notes (id text primary key, body text not null, at text, n integer, ok boolean)`.execute(database.db)
      db = database.db as unknown as Kysely<Notes>
    })
    const note = (id: string, body = payload.text) => ({ id, body, at: new Date('2026-12-03T08:00:00.000Z').toISOString(), n: 7, ok: true })

    it('travels in front of the next statement, one message, and that statement sees it and answers as before', async () => {
      const seen = await db.transaction().execute(async (trx) => {
        await writeWithNext(trx, trx.insertInto('notes').values(note('a')))
        await writeWithNext(trx, trx.updateTable('notes').set({ n: 8 }).where('id', '=', 'a'))
        const rows = await trx.selectFrom('notes').selectAll().where('id', '=', 'a').execute()
        const updated = await trx.updateTable('notes').set({ ok: false }).where('id', '=', 'a').executeTakeFirst()
        return { rows, messages: [...sent], updated: Number(updated.numUpdatedRows) }
      })
      expect(seen.rows).toEqual([{ ...note('a'), n: 8 }])
      // The BEGIN, the two writes and the read in one message; the update after it alone, its count right.
      expect(seen.messages).toHaveLength(2)
      expect(seen.messages[0]).toMatch(/^\/\* with-next \*\/ begin;\ninsert into "notes"[\s\S]*;\nupdate "notes"[\s\S]*;\nselect \* from "notes"/)
      expect(seen.updated).toBe(1)
      expect(await db.selectFrom('notes').select(['body', 'ok']).where('id', '=', 'a').executeTakeFirst()).toEqual({ body: payload.text, ok: false })
    })

    it('goes with the COMMIT when no statement follows, and runs at once outside a transaction', async () => {
      await db.transaction().execute(async (trx) => {
        await writeWithNext(trx, trx.insertInto('notes').values(note('b')))
      })
      expect(sent).toEqual([expect.stringMatching(/^begin;\ninsert into "notes"[\s\S]*;\ncommit$/)])
      await writeWithNext(db, db.insertInto('notes').values(note('c')))
      expect(await db.selectFrom('notes').select('id').where('id', 'in', ['b', 'c']).orderBy('id').execute()).toEqual([{ id: 'b' }, { id: 'c' }])
    })

    it('is never written when the transaction rolls back, and a write that fails fails the next statement and the whole change', async () => {
      await expect(
        db.transaction().execute(async (trx) => {
          await writeWithNext(trx, trx.insertInto('notes').values(note('d')))
          throw new Error('changed my mind')
        })
      ).rejects.toThrow('changed my mind')
      // Nothing was sent: no BEGIN, and so no ROLLBACK.
      expect(sent).toEqual([])
      let reached = false
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto('notes').values(note('e')).execute()
          // A key already taken: refused when it travels, with the select.
          await writeWithNext(trx, trx.insertInto('notes').values(note('a')))
          await trx.selectFrom('notes').selectAll().execute()
          reached = true
        })
      ).rejects.toMatchObject({ code: '23505' })
      expect(reached).toBe(false)
      expect(await db.selectFrom('notes').select('id').where('id', 'in', ['d', 'e']).execute()).toEqual([])
    })

    it('writes in values exactly as parameters would: quotes, backslashes, $1, unicode, dates, numbers, booleans, nulls', async () => {
      const values: unknown[] = [payload.text, "'; drop table notes; --", '\\x00', '', 0, -1.5, 12345678901234, true, false, null, new Date('2026-12-03T08:00:00.123Z'), ['a', "b'c"], { k: "v'" }]
      for (const value of values) {
        const query = sql<{ v: string | null }>`select ${value}::text as v`.compile(database.db)
        const text = inlineParameters(query.sql, query.parameters)!
        const asParameter = await database.db.executeQuery(query)
        const asLiteral = await sql.raw<{ v: string | null }>(text).execute(database.db)
        expect(asLiteral.rows).toEqual(asParameter.rows)
      }
      expect(await db.selectFrom('notes').select('id').where('id', '=', 'a').execute()).toEqual([{ id: 'a' }])
    })
  })
})

