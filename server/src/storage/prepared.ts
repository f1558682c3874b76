/**
 * Hot queries built and compiled once per database handle. Building and compiling a Kysely
 * query costs several times what SQLite then takes to run a primary-key lookup (measured:
 * 28 µs against 6 µs for the menu head), and the hottest calls run the same few queries on
 * every request. The query is compiled with marker values in place of its parameters; each
 * run swaps the markers for the real values, so the SQL text stays the dialect's own.
 */
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

// SQLite's own change counters: data_version moves when another connection (another process:
// a second server, the menu import CLI) commits; total_changes() counts the rows this
// connection has changed, which data_version leaves out. Two statements cost less than one
// that reads both (pragma_data_version() is a virtual table).
const OTHERS_COMMITTED = 'pragma data_version'
const OWN_CHANGES = 'select total_changes() as changes'

/**
 * A stamp of the database's committed contents, read at once: while two reads give the same
 * stamp, nothing was committed in between, by this process or another. null when it cannot be
 * read synchronously right now (PostgreSQL; SQLite while a transaction holds its connection):
 * then the caller reads what it needs instead. On SQLite it costs one read transaction and no
 * table, less than half the cheapest indexed query.
 *
 * To rely on a stamp for a value, read the stamp first and the value after: a commit in
 * between then shows as a changed stamp next time, never as a stale value under an old one.
 */
export function changeStampNow(db: Kysely<Database>): string | null {
  const reader = directReaders.get(db)
  const own = reader?.(OWN_CHANGES, []) as { changes: number }[] | null | undefined
  const others = own && (reader!(OTHERS_COMMITTED, []) as { data_version: number }[] | null)
  return own?.[0] && others?.[0] ? `${own[0].changes}:${others[0].data_version}` : null
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
