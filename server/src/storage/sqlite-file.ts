/**
 * The SQLite driver, and the one file that imports it: @photostructure/sqlite, Node's own
 * `node:sqlite` API (DatabaseSync, StatementSync, backup()) for Node 20, whose npm package carries
 * SQLite built for every platform we run on. better-sqlite3 (before) fetches its builds from GitHub
 * at install time; where that cannot be reached (this project's CI machine, a locked-down server)
 * every `npm ci` compiled SQLite from source: about 110 s of one core and a C++ toolchain on the
 * machine. Node 22.5+ ships the same API as `node:sqlite`, so moving there is one import.
 *
 * Settings kept from better-sqlite3's build, which differ in this one's defaults: a 16 MB page
 * cache per connection (`cache_size`). Everything else that matters here is the same (WAL's
 * synchronous NORMAL, foreign keys, DQS off: `pragma compile_options`).
 */
import fs from 'node:fs'
import { backup, DatabaseSync, type DatabaseSyncInstance, type StatementSyncInstance } from '@photostructure/sqlite'
import type { SqliteDatabase, SqliteStatement } from 'kysely'

export type SqliteFile = DatabaseSyncInstance

export interface OpenOptions {
  /** Refuse to create the file: it must be there (a backup, a restore). */
  mustExist?: boolean
  readOnly?: boolean
  /** busy_timeout in ms: how long to wait for another connection's lock. */
  timeout?: number
}

/** Opens a SQLite file. */
export function openSqliteFile(file: string, options: OpenOptions = {}): SqliteFile {
  if (options.mustExist && file !== ':memory:' && !fs.existsSync(file)) {
    throw Object.assign(new Error(`unable to open database file: ${file} does not exist`), { code: 'SQLITE_CANTOPEN' })
  }
  const db = new DatabaseSync(file, { readOnly: options.readOnly ?? false, timeout: options.timeout ?? 0 })
  // better-sqlite3's build had a 16 MB page cache (SQLITE_DEFAULT_CACHE_SIZE=-16000); this one 2 MB.
  db.exec('pragma cache_size = -16000')
  return db
}

/** `pragma <text>`'s rows. */
export function pragma<Row = Record<string, unknown>>(db: SqliteFile, text: string): Row[] {
  return db.prepare(`pragma ${text}`).all() as Row[]
}

/** SQLite's name of the error's primary result code ('SQLITE_BUSY', 'SQLITE_CONSTRAINT' …), or ''. */
export function sqliteErrorName(error: unknown): string {
  const e = error as { sqliteCodeName?: unknown; code?: unknown } | null
  if (typeof e?.sqliteCodeName === 'string') return e.sqliteCodeName
  return typeof e?.code === 'string' && e.code.startsWith('SQLITE_') ? e.code : ''
}

/**
 * Copies every page of `db` into the file `target` with SQLite's online backup API, in one step:
 * one read transaction, so the copy is the database as of one commit. Resolves when it is written.
 */
export async function backupSqliteFile(db: SqliteFile, target: string): Promise<void> {
  // A negative page count is sqlite3_backup_step's "every page".
  await backup(db, target, { rate: -1 })
}

/**
 * The file as Kysely's SqliteDialect wants it (`prepare(sql)` → `reader`, `all/run/iterate(parameters)`),
 * with one prepared statement per SQL text kept. Kysely prepares every statement anew; preparing
 * costs more than running most of our queries, and a server sends the same few hundred SQL texts
 * over and over. A statement runs to completion synchronously here (Kysely never streams on
 * SQLite), so one prepared statement per text can be reused; SQLite re-prepares it itself after a
 * schema change. A hit is one Map lookup (no reordering: a busy server's texts number about 330,
 * well under the limit); when the limit is reached the oldest prepared text goes first.
 */
export function forKysely(db: SqliteFile, limit = 500): SqliteDatabase & { prepare(sql: string): SqliteStatement; readonly isOpen: boolean } {
  const statements = new Map<string, SqliteStatement>()
  return {
    get isOpen() {
      return db.isOpen
    },
    close: () => {
      statements.clear()
      db.close()
    },
    prepare: (sqlText: string) => {
      let statement = statements.get(sqlText)
      if (statement === undefined) {
        statement = new KyselyStatement(db.prepare(sqlText), sqlText)
        if (statements.size >= limit) statements.delete(statements.keys().next().value as string)
        statements.set(sqlText, statement)
      }
      return statement
    }
  }
}

/**
 * A prepared statement as Kysely runs it. node:sqlite binds positional parameters as arguments;
 * Kysely hands them as one array. Rows are handed on as plain objects, as better-sqlite3's were:
 * the driver's own have no prototype, and an assert.deepStrictEqual against an object literal fails
 * on them (three browser test files did). A copy costs about 1 µs a row of five columns here; the
 * driver builds each row from the statement's columns as they are now, so a row stays right after a
 * schema change (SQLite re-prepares the statement), which a row shape fixed at prepare time would not.
 * (A class, so a test can count the statements run through its prototype, as
 * tests/server/order-placement-statements.test.ts does.)
 */
class KyselyStatement implements SqliteStatement {
  /** A statement that returns rows (a select, a pragma, `returning`): Kysely reads it with all(). */
  readonly reader: boolean

  constructor(
    private readonly statement: StatementSyncInstance,
    readonly source: string
  ) {
    this.reader = statement.columns().length > 0
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.statement.all(...(parameters as never[])).map(plain)
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    const { changes, lastInsertRowid } = this.statement.run(...(parameters as never[]))
    return { changes, lastInsertRowid }
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    for (const row of this.statement.iterate(...(parameters as never[])) as Iterable<Record<string, unknown>>) yield plain(row)
  }
}

const plain = (row: Record<string, unknown>): Record<string, unknown> => ({ ...row })
