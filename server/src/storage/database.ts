/**
 * Opens the database: SQLite (one file in DATA_DIR; the driver: sqlite-file.ts) by default, PostgreSQL
 * when DATABASE_URL is set. Everything above this file sees only Kysely<Database>.
 */
import fs from 'node:fs'
import path from 'node:path'
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql, type DatabaseConnection, type Driver, type QueryResult } from 'kysely'
import { Pool } from 'pg'
import type { ServerConfig } from '../config'
import { PostgresAtCommitDialect } from './at-commit'
import { registerOutsideTransaction } from './outside-transaction'
import { registerDirectReader } from './prepared'
import { forKysely, openSqliteFile } from './sqlite-file'
import type { Database } from './schema'
import { writesFile, type WriteTurn } from './write-turn'

export type Dialect = 'sqlite' | 'postgres'

export interface AppDatabase {
  db: Kysely<Database>
  dialect: Dialect
  /** PostgreSQL: the schema the tables live in (also where the migrator keeps its tables). */
  schema: string | null
  destroy(): Promise<void>
}

export interface DatabaseOptions {
  /**
   * PostgreSQL only: keep every table in this schema (created when missing). Tests use a
   * fresh random schema per suite so suites can run side by side on one database.
   */
  schema?: string
  /**
   * SQLite only: the write turn this connection shares with another thread of this process that
   * has a connection to the same file (write-turn.ts; the order placement thread).
   */
  writeTurn?: WriteTurn
}

export const SQLITE_FILE_NAME = 'scanorder.sqlite'

/**
 * Whether a database handle (or a transaction of it) speaks PostgreSQL: row locks (FOR UPDATE)
 * exist there; SQLite serialises writers itself (transactions begin IMMEDIATE).
 */
export function isPostgres(db: Pick<Kysely<Database>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres')
}

export async function createDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'> & Partial<Pick<ServerConfig, 'databasePreparedStatements'>>,
  options: DatabaseOptions = {}
): Promise<AppDatabase> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, options.schema, config.databasePreparedStatements ?? true)
    : openSqlite(config.dataDir, options.writeTurn)
}

function openSqlite(dataDir: string, writeTurn: WriteTurn | undefined): AppDatabase {
  fs.mkdirSync(dataDir, { recursive: true })
  // busy_timeout 5 s: another process's write (a CLI, a second server) is waited for, not refused.
  const file = openSqliteFile(path.join(dataDir, SQLITE_FILE_NAME), { timeout: 5000 })
  // WAL lets readers run while a write is in progress; foreign keys are off by default in SQLite.
  file.exec('pragma journal_mode = WAL')
  file.exec('pragma foreign_keys = ON')
  const statements = forKysely(file)
  const dialect = new TrackedSqliteDialect({ database: statements }, writeTurn)
  const db = new Kysely<Database>({ dialect })
  // Hot reads (prepared.ts) skip Kysely when no one holds or waits for the one connection:
  // the driver runs them synchronously, so they can neither interleave with a
  // transaction nor see one's uncommitted rows.
  registerDirectReader(db, (sqlText, parameters) => {
    if (dialect.inUse > 0 || !statements.isOpen) return null
    const statement = statements.prepare(sqlText)
    return statement.reader ? (statement.all(parameters) as unknown[]) : null
  })
  return { db, dialect: 'sqlite', schema: null, destroy: () => db.destroy() }
}

/** Kysely's SQLite dialect, counting who holds or waits for its one connection. */
class TrackedSqliteDialect extends SqliteDialect {
  inUse = 0

  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly writeTurn?: WriteTurn
  ) {
    super(config)
  }

  override createDriver(): Driver {
    const driver = super.createDriver()
    const acquire = driver.acquireConnection.bind(driver)
    const release = driver.releaseConnection.bind(driver)
    const turn = this.writeTurn
    // BEGIN IMMEDIATE: a transaction takes the write lock when it starts, so a second process on
    // the same file (the orders CLI, a second server) waits out busy_timeout instead of failing
    // with SQLITE_BUSY when its read-then-write transaction tries to upgrade its lock.
    driver.beginTransaction = async (connection) => {
      // With a write turn (write-turn.ts), the turn first: this thread's transaction from its
      // BEGIN to its COMMIT or ROLLBACK; then SQLite's lock is free when BEGIN asks for it.
      if (turn) await turn.take()
      try {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'))
      } catch (error) {
        turn?.give()
        throw error
      }
    }
    if (turn) {
      // A failed COMMIT is followed by Kysely's ROLLBACK, which gives the turn.
      const commit = driver.commitTransaction.bind(driver)
      const rollback = driver.rollbackTransaction.bind(driver)
      driver.commitTransaction = async (connection) => {
        await commit(connection)
        turn.give()
      }
      driver.rollbackTransaction = async (connection) => {
        try {
          await rollback(connection)
        } finally {
          turn.give()
        }
      }
    }
    driver.acquireConnection = async () => {
      this.inUse++
      try {
        const connection = await acquire()
        if (turn) takesTurnToWrite(connection, turn)
        return connection
      } catch (error) {
        this.inUse--
        throw error
      }
    }
    driver.releaseConnection = async (connection) => {
      try {
        await release(connection)
      } finally {
        this.inUse--
      }
    }
    return driver
  }
}

const turnTaking = new WeakSet<DatabaseConnection>()

/** A write outside a transaction takes the write turn around it (inside one, the transaction holds it). */
function takesTurnToWrite(connection: DatabaseConnection, turn: WriteTurn): void {
  if (turnTaking.has(connection)) return
  turnTaking.add(connection)
  const execute = connection.executeQuery.bind(connection)
  connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
    if (turn.held || !writesFile(query.sql)) return execute<R>(query)
    await turn.take()
    try {
      return await execute<R>(query)
    } finally {
      turn.give()
    }
  }
}

async function openPostgres(url: string, schema: string | undefined, namedStatements: boolean): Promise<AppDatabase> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`Invalid PostgreSQL schema name '${schema}'`)
  }
  // search_path as a startup option applies to every pooled connection before its first query.
  const pool = new Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {})
  })
  // Statements held for the commit (at-commit.ts); repeated ones prepared (named-statements.ts).
  const db = new Kysely<Database>({ dialect: new PostgresAtCommitDialect({ pool }, { namedStatements }) })
  // Statements that commit on their own while a transaction goes on (outside-transaction.ts);
  // pg connects on first use.
  const outside = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new Pool({ connectionString: url, max: 2, ...(schema ? { options: `-c search_path=${schema}` } : {}) }) })
  })
  registerOutsideTransaction(db, outside)
  const destroy = async () => {
    await Promise.all([db.destroy(), outside.destroy()])
  }
  try {
    if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db)
    const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
    const resolved = current.rows[0]?.schema
    if (!resolved) throw new Error('PostgreSQL has no current schema (check search_path)')
    return { db, dialect: 'postgres', schema: resolved, destroy }
  } catch (error) {
    await destroy()
    throw error
  }
}
