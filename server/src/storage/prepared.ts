/**
 * Hot queries built and compiled once per database handle. Building and compiling a Kysely
 * query costs several times what SQLite then takes to run a primary-key lookup (measured:
 * 28 µs against 6 µs for the menu head), and the hottest calls run the same few queries on
 * every request. The query is compiled with marker values in place of its parameters; each
 * run swaps the markers for the real values, so the SQL text stays the dialect's own.
 */
import fs from 'node:fs'
import os from 'node:os'
import type { Compilable, CompiledQuery, Kysely } from 'kysely'
import type { Database } from './schema'

const MARK = '\u0000param:'

/**
 * Runs a read at once and synchronously, or answers null when it cannot right now (the caller
 * then goes through Kysely). Only SQLite registers one (database.ts): Kysely's own way there costs
 * more than the query (a connection mutex and several promise hops per query).
 */
export type DirectReader = (sqlText: string, parameters: readonly unknown[]) => unknown[] | null

const directReaders = new WeakMap<Kysely<Database>, DirectReader>()

export function registerDirectReader(db: Kysely<Database>, reader: DirectReader): void {
  directReaders.set(db, reader)
}

/**
 * A stamp of the database's committed contents, read at once: while two reads give the same
 * stamp, nothing was committed in between, by this process or another. null when it cannot be
 * read right now (PostgreSQL; SQLite mid-commit, or while a transaction holds its connection
 * and the stamp has to come from SQL): then the caller reads what it needs instead.
 *
 * To rely on a stamp for a value, read the stamp first and the value after: a commit in
 * between then shows as a changed stamp next time, never as a stale value under an old one.
 */
export function changeStampNow(db: Kysely<Database>): string | null {
  const reader = directReaders.get(db)
  if (!reader) return null
  const index = walIndexOf(db, reader)
  return index ? walIndexStamp(index) : sqlChangeStamp(reader)
}

// SQLite's change counters through SQL: data_version moves when another connection (another
// process: a second server, the menu import CLI) commits; total_changes() counts the rows this
// connection has changed, which data_version leaves out. Two statements cost less than one that
// reads both (pragma_data_version() is a virtual table). One read transaction: two file-lock
// system calls and the statements.
function sqlChangeStamp(reader: DirectReader): string | null {
  const own = reader('select total_changes() as changes', []) as { changes: number }[] | null
  const others = own && (reader('pragma data_version', []) as { data_version: number }[] | null)
  return own?.[0] && others?.[0] ? `s${own[0].changes}:${others[0].data_version}` : null
}

/*
 * The cheaper way, taken when the database is a WAL-mode file: SQLite's WAL index (<file>-shm,
 * the shared memory of every connection in every process) starts with a 48-byte header, stored
 * twice, that every commit rewrites (transaction counter, last frame, checksums; copy 2 first,
 * then copy 1) and that every read transaction starts by reading (https://www.sqlite.org/
 * walformat.html, "The WAL-Index Header"). Read here with one pread(): no lock, no statement.
 * Two equal copies, equal to the last stamp: no commit has completed since. Unequal copies (a
 * commit in progress), a version other than 3007000 or no header: null.
 *
 * The file is opened per database handle, after the handle's own connection has opened it (so
 * it is the file SQLite uses: it is kept, never replaced, while a connection has it open), and
 * the descriptor is never closed: closing any descriptor of a file drops every POSIX lock the
 * process holds on it, SQLite's own included. One descriptor per database handle.
 */
const WAL_INDEX_VERSION = 3007000
const WAL_INDEX_HEADER = 48

interface WalIndex {
  fd: number
  header: Buffer
}

const walIndexes = new WeakMap<Kysely<Database>, WalIndex | null>()

function walIndexOf(db: Kysely<Database>, reader: DirectReader): WalIndex | null {
  const known = walIndexes.get(db)
  if (known !== undefined) return known
  // A read transaction first, so the connection has the WAL index open.
  const opened = reader('pragma data_version', [])
  const mode = opened && (reader('pragma journal_mode', []) as { journal_mode: string }[] | null)
  const files = mode && (reader('pragma database_list', []) as { name: string; file: string }[] | null)
  if (!files) return null // the connection is busy: decide next time
  const file = files.find((f) => f.name === 'main')?.file
  let index: WalIndex | null = null
  if (mode[0]?.journal_mode === 'wal' && file) {
    try {
      index = { fd: fs.openSync(`${file}-shm`, 'r'), header: Buffer.alloc(2 * WAL_INDEX_HEADER) }
      if (walIndexStamp(index) === null) index = null
    } catch {
      index = null
    }
  }
  walIndexes.set(db, index)
  return index
}

const readU32 = os.endianness() === 'LE' ? (b: Buffer, at: number) => b.readUInt32LE(at) : (b: Buffer, at: number) => b.readUInt32BE(at)

function walIndexStamp(index: WalIndex): string | null {
  const { fd, header } = index
  if (fs.readSync(fd, header, 0, header.length, 0) !== header.length) return null
  if (readU32(header, 0) !== WAL_INDEX_VERSION || header[12] !== 1) return null
  if (header.compare(header, WAL_INDEX_HEADER, 2 * WAL_INDEX_HEADER, 0, WAL_INDEX_HEADER) !== 0) return null
  return header.toString('latin1', 0, WAL_INDEX_HEADER)
}

/** A prepared query: run it through Kysely (any dialect), or at once where the dialect allows. */
export interface PreparedQuery<R> {
  (db: Kysely<Database>, ...values: string[]): Promise<R[]>
  /**
   * The rows now, synchronously, or null when the database cannot answer synchronously right
   * now (PostgreSQL; SQLite while a transaction holds its connection): then call the query.
   */
  now(db: Kysely<Database>, ...values: string[]): R[] | null
}

export function preparedQuery<R>(build: (db: Kysely<Database>, ...params: string[]) => Compilable<R>): PreparedQuery<R> {
  const compiled = new WeakMap<Kysely<Database>, CompiledQuery<R>>()
  const compiledFor = (db: Kysely<Database>, count: number): CompiledQuery<R> => {
    let query = compiled.get(db)
    if (!query) {
      query = build(db, ...Array.from({ length: count }, (_, i) => `${MARK}${i}`)).compile()
      compiled.set(db, query)
    }
    return query
  }
  const parametersOf = (query: CompiledQuery<R>, values: string[]): unknown[] =>
    query.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARK) ? values[Number(p.slice(MARK.length))] : p))
  const now = (db: Kysely<Database>, ...values: string[]): R[] | null => {
    const reader = directReaders.get(db)
    if (!reader) return null
    const query = compiledFor(db, values.length)
    return reader(query.sql, parametersOf(query, values)) as R[] | null
  }
  const run = async (db: Kysely<Database>, ...values: string[]): Promise<R[]> => {
    const query = compiledFor(db, values.length)
    const parameters = parametersOf(query, values)
    const rows = directReaders.get(db)?.(query.sql, parameters)
    if (rows) return rows as R[]
    const result = await db.executeQuery<R>({ ...query, parameters })
    return result.rows
  }
  return Object.assign(run, { now })
}
