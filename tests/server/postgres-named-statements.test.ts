/**
 * PostgreSQL's prepared statements (named-statements.ts, issue 28 item 6): a statement the process
 * sends again and again is prepared once per connection and then only bound and run, so PostgreSQL
 * stops parsing and planning it on every call. A migration that changes what a prepared statement
 * returns must not break the running server, and DATABASE_PREPARED_STATEMENTS=0 prepares nothing.
 * Only with DATABASE_URL; SQLite has none.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { createDatabase, type AppDatabase } from '../../server/src/storage/database'
import { loadConfig } from '../../server/src/config'

const databaseUrl = process.env.DATABASE_URL
const pgOnly = databaseUrl ? describe : describe.skip

async function open(prepared: boolean): Promise<AppDatabase> {
  const database = await createDatabase(
    { databaseUrl: databaseUrl!, dataDir: '', databasePreparedStatements: prepared },
    { schema: `test_${randomBytes(6).toString('hex')}` }
  )
  await sql`create table probe (id int primary key, a text not null)`.execute(database.db)
  await sql`insert into probe values (1, 'one'), (2, 'two')`.execute(database.db)
  return database
}

async function close(database: AppDatabase | undefined): Promise<void> {
  if (!database) return
  await sql`drop schema if exists ${sql.id(database.schema!)} cascade`.execute(database.db)
  await database.destroy()
}

/** The probe's rows by id, as the server's code reads them (the builder: text and values). */
function byId(id: number) {
  return sql<Record<string, unknown>>`select * from probe where id = ${id}`
}

/** The prepared statements of the connection the callback runs on. */
async function preparedOn(conn: AppDatabase['db']): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn)
  return rows.map((row) => row.statement)
}

pgOnly('PostgreSQL prepared statements', () => {
  let database: AppDatabase | undefined
  afterEach(async () => {
    await close(database)
    database = undefined
  })

  it('prepares a statement sent again and again on its connection, and answers it as before', async () => {
    database = await open(true)
    await database.db.connection().execute(async (conn) => {
      const answers = []
      for (const id of [1, 2, 1, 2, 1]) answers.push((await byId(id).execute(conn)).rows)
      expect(answers).toEqual([[{ id: 1, a: 'one' }], [{ id: 2, a: 'two' }], [{ id: 1, a: 'one' }], [{ id: 2, a: 'two' }], [{ id: 1, a: 'one' }]])
      expect(await preparedOn(conn)).toEqual(['select * from probe where id = $1'])
    })
  })

  it('survives a column added after a statement was prepared, outside a transaction', async () => {
    database = await open(true)
    await database.db.connection().execute(async (conn) => {
      for (let n = 0; n < 4; n++) await byId(1).execute(conn)
      expect(await preparedOn(conn)).toHaveLength(1)
      await sql`alter table probe add column b text not null default 'new'`.execute(conn)
      // PostgreSQL refuses the old plan (cached plan must not change result type); the statement
      // is prepared again under a new name and answered with the new column.
      expect((await byId(1).execute(conn)).rows).toEqual([{ id: 1, a: 'one', b: 'new' }])
      expect((await byId(2).execute(conn)).rows).toEqual([{ id: 2, a: 'two', b: 'new' }])
    })
  })

  it('fails a transaction that meets a stale statement, and the retry succeeds', async () => {
    database = await open(true)
    await database.db.connection().execute(async (conn) => {
      for (let n = 0; n < 4; n++) await byId(1).execute(conn)
      await sql`alter table probe add column b text not null default 'new'`.execute(conn)
      // Inside a transaction the error aborts it; sending the statement again there could only fail.
      // (A transaction's first statement travels with its BEGIN, unnamed: at-commit.ts.)
      const lockThenRead = (trx: AppDatabase['db'], id: number) =>
        sql`select id from probe where id = ${id} for update`.execute(trx).then(() => byId(id).execute(trx))
      await expect(conn.transaction().execute((trx) => lockThenRead(trx, 1))).rejects.toMatchObject({ code: '0A000' })
      const retried = await conn.transaction().execute((trx) => lockThenRead(trx, 2))
      expect(retried.rows).toEqual([{ id: 2, a: 'two', b: 'new' }])
    })
  })

  it('prepares nothing with DATABASE_PREPARED_STATEMENTS=0', async () => {
    const config = loadConfig({ DATABASE_URL: databaseUrl, DATABASE_PREPARED_STATEMENTS: '0' })
    expect(config.databasePreparedStatements).toBe(false)
    database = await open(config.databasePreparedStatements)
    await database.db.connection().execute(async (conn) => {
      for (let n = 0; n < 5; n++) expect((await byId(2).execute(conn)).rows).toEqual([{ id: 2, a: 'two' }])
      expect(await preparedOn(conn)).toEqual([])
    })
  })
})
