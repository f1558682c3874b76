/**
 * PostgreSQL: a statement sent with its transaction's COMMIT, both in one message (the simple query
 * protocol runs several statements), instead of a round trip each. For the live events' write
 * (outbox.ts), the last statement of a change: it bumps the enterprise's event counter, whose row
 * lock orders every writer of the enterprise, and that lock was held from the statement to the
 * commit across one more round trip to a Node process busy with other requests (issue 28 item 6: on
 * the heavy night the writers waited 30 ms on average for it, and up to 0.6 s). Sent with the
 * COMMIT, the lock is held for the statement and the commit only, within PostgreSQL.
 *
 * A statement run at commit has no answer to give (the caller learns nothing of it but that the
 * commit succeeded), so it must be whole SQL text, its values written in as literals (pgLiteral).
 * If it fails, the commit fails and the transaction rolls back, as if it had been run at once.
 * Outside a transaction it runs at once. SQLite has none: its writers take turns anyway.
 */
import { CompiledQuery, PostgresDialect, type DatabaseConnection, type Driver, type Kysely, type QueryResult } from 'kysely'
import { escapeLiteral } from 'pg'
import type { Database } from './schema'

/** Marks a statement to hold for the commit; no SQL text begins so. */
const MARK = '\u0000at-commit\u0000'

/** Runs `sqlText` (no parameters) with the transaction's COMMIT (PostgreSQL, PostgresAtCommitDialect). */
export async function runAtCommit(trx: Kysely<Database>, sqlText: string): Promise<void> {
  await trx.executeQuery(CompiledQuery.raw(MARK + sqlText))
}

/** A value as an SQL literal, for runAtCommit's text. */
export function pgLiteral(value: string | number | null): string {
  if (value === null) return 'null'
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`)
    return String(value)
  }
  return escapeLiteral(value)
}

/** Kysely's PostgreSQL dialect, with runAtCommit's statements held and sent with the COMMIT. */
export class PostgresAtCommitDialect extends PostgresDialect {
  override createDriver(): Driver {
    const driver = super.createDriver()
    // Per connection, while it is in a transaction: the statements held for its commit.
    const held = new WeakMap<DatabaseConnection, string[]>()
    const acquire = driver.acquireConnection.bind(driver)
    const begin = driver.beginTransaction.bind(driver)
    const commit = driver.commitTransaction.bind(driver)
    const rollback = driver.rollbackTransaction.bind(driver)
    const wrapped = new WeakSet<DatabaseConnection>()
    driver.acquireConnection = async () => {
      const connection = await acquire()
      if (!wrapped.has(connection)) {
        wrapped.add(connection)
        const execute = connection.executeQuery.bind(connection)
        connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
          if (!query.sql.startsWith(MARK)) return execute<R>(query)
          const text = query.sql.slice(MARK.length)
          const list = held.get(connection)
          if (!list) return execute<R>(CompiledQuery.raw(text))
          list.push(text)
          return { rows: [] }
        }
      }
      return connection
    }
    driver.beginTransaction = async (connection, settings) => {
      await begin(connection, settings)
      held.set(connection, [])
    }
    driver.commitTransaction = async (connection) => {
      const list = held.get(connection) ?? []
      held.delete(connection)
      if (list.length === 0) return commit(connection)
      await connection.executeQuery(CompiledQuery.raw(`${list.join(';\n')};\ncommit`))
    }
    driver.rollbackTransaction = async (connection) => {
      held.delete(connection)
      await rollback(connection)
    }
    return driver
  }
}
