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
 * then goes through Kysely). SQLite registers one (database.ts): Kysely's own way there costs
 * more than the query (a connection mutex and several promise hops per query).
 */
export type DirectReader = (sqlText: string, parameters: readonly unknown[]) => unknown[] | null

const directReaders = new WeakMap<Kysely<Database>, DirectReader>()

export function registerDirectReader(db: Kysely<Database>, reader: DirectReader): void {
  directReaders.set(db, reader)
}

export function preparedQuery<R>(
  build: (db: Kysely<Database>, ...params: string[]) => Compilable<R>
): (db: Kysely<Database>, ...values: string[]) => Promise<R[]> {
  const compiled = new WeakMap<Kysely<Database>, CompiledQuery<R>>()
  return async (db, ...values) => {
    let query = compiled.get(db)
    if (!query) {
      query = build(db, ...values.map((_, i) => `${MARK}${i}`)).compile()
      compiled.set(db, query)
    }
    const parameters = query.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARK) ? values[Number(p.slice(MARK.length))] : p))
    const rows = directReaders.get(db)?.(query.sql, parameters)
    if (rows) return rows as R[]
    const result = await db.executeQuery<R>({ ...query, parameters })
    return result.rows
  }
}
