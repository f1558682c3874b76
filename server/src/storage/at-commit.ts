/**
 * PostgreSQL: statements sent with a later one, in one message (the simple query protocol runs
 * several statements), instead of a round trip each. On the heavy night (issue 28 item 6) every
 * round trip wakes a PostgreSQL backend on a machine whose two cores it shares with the servers, and
 * that wake-up, not the statement, is most of what a statement costs.
 *
 * - runAtCommit: a statement sent with its transaction's COMMIT. For the live events' write
 *   (outbox.ts), the last statement of a change: it bumps the enterprise's event counter, whose row
 *   lock orders every writer of the enterprise, and that lock was held from the statement to the
 *   commit across one more round trip to a Node process busy with other requests (on the heavy
 *   night the writers waited 30 ms on average for it, and up to 0.6 s). Sent with the COMMIT, the
 *   lock is held for the statement and the commit only, within PostgreSQL.
 * - writeWithNext (write-with-next.ts): a write whose answer nobody reads (no rows, no count), sent
 *   in front of the transaction's next statement, or with the COMMIT. The next statement runs
 *   after it as before, so it sees what it wrote; a write that fails fails that statement, and the
 *   transaction rolls back as it would have. Only for writes that nothing expects to fail.
 *
 * A statement sent so has its values written in as literals: pgLiteral for runAtCommit's text,
 * inlineParameters for a compiled query, which writes each value as the text pg would have sent
 * for it, untyped, so PostgreSQL reads it as it reads a parameter. Outside a transaction both run
 * at once. SQLite has none of this: its statements are calls in the process, not round trips.
 */
import { CompiledQuery, PostgresDialect, type DatabaseConnection, type Driver, type Kysely, type PostgresDialectConfig, type QueryResult } from 'kysely'
import pg, { escapeLiteral, type PoolClient } from 'pg'
import { nameRepeatedStatements, StatementNames } from './named-statements'
import type { Database } from './schema'

/** Marks a statement to hold for the commit; no SQL text begins so. */
const MARK = '\u0000at-commit\u0000'
/** Marks a write to send with the transaction's next statement (writeWithNext). */
export const WITH_NEXT = '\u0000with-next\u0000'
/** Begins a message of several statements whose caller wants the last one's answer (a comment to PostgreSQL). */
const LAST_ANSWER = '/* with-next */ '

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

const prepareValue = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils.prepareValue

/**
 * A compiled query's text with its parameters ($1, $2, …) written in as literals: each the text pg
 * sends for it (pg's own prepareValue: dates, arrays, JSON), quoted and untyped, which PostgreSQL
 * resolves from where it stands as it resolves an untyped parameter. Undefined when that cannot be
 * done safely: a binary value (sent as bytes, not text), or a `$` that is not a parameter (a
 * dollar-quoted string). Quoted strings, quoted names and comments are copied as they are.
 */
export function inlineParameters(sqlText: string, parameters: readonly unknown[]): string | undefined {
  let out = ''
  let i = 0
  const n = sqlText.length
  while (i < n) {
    const c = sqlText[i]
    if (c === "'" || c === '"') {
      // E'…' strings escape with backslashes; the others only by doubling the quote.
      const backslashes = c === "'" && /[eE]/.test(sqlText[i - 1] ?? '') && !/[\w$]/.test(sqlText[i - 2] ?? '')
      let j = i + 1
      for (;;) {
        if (j >= n) return undefined
        if (backslashes && sqlText[j] === '\\') j += 2
        else if (sqlText[j] === c) {
          if (sqlText[j + 1] === c) j += 2
          else break
        } else j++
      }
      out += sqlText.slice(i, j + 1)
      i = j + 1
    } else if (c === '-' && sqlText[i + 1] === '-') {
      const end = sqlText.indexOf('\n', i)
      const j = end < 0 ? n : end
      out += sqlText.slice(i, j)
      i = j
    } else if (c === '/' && sqlText[i + 1] === '*') {
      const end = sqlText.indexOf('*/', i + 2)
      if (end < 0) return undefined
      out += sqlText.slice(i, end + 2)
      i = end + 2
    } else if (c === '$') {
      const digits = /^\d+/.exec(sqlText.slice(i + 1, i + 12))
      // A `$` inside a name (a$1) is part of it; anything else is a dollar quote: not ours to read.
      if (/[\w$]/.test(sqlText[i - 1] ?? '')) {
        out += c
        i++
        continue
      }
      if (!digits) return undefined
      const index = Number(digits[0]) - 1
      if (index < 0 || index >= parameters.length) return undefined
      const value = parameters[index] === undefined ? null : prepareValue(parameters[index])
      if (value === null) out += 'null'
      else if (typeof value === 'string') out += escapeLiteral(value)
      else return undefined
      i += 1 + digits[0].length
    } else {
      out += c
      i++
    }
  }
  return out
}

/**
 * pg answers a message of several statements with one result each; Kysely reads one. A client
 * asked with LAST_ANSWER's text gives the last (the statement the writes went in front of).
 */
function answerLastOfSeveral(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const text = args[0]
    if (typeof text !== 'string' || !text.startsWith(LAST_ANSWER)) return query(...args)
    return (query(...args) as Promise<unknown>).then((answer) => (Array.isArray(answer) ? answer[answer.length - 1] : answer))
  }
}

/**
 * Kysely's PostgreSQL dialect, with runAtCommit's statements held and sent with the COMMIT, and
 * writeWithNext's in front of the transaction's next statement (or with the COMMIT).
 */
export class PostgresAtCommitDialect extends PostgresDialect {
  /** namedStatements: prepare repeated statements per connection (named-statements.ts). */
  constructor(config: PostgresDialectConfig, options: { namedStatements?: boolean } = {}) {
    super(config)
    const pool = config.pool
    if (typeof pool === 'function') throw new Error('PostgresAtCommitDialect needs the pool itself')
    const names = options.namedStatements === false ? null : new StatementNames()
    ;(pool as unknown as { on(event: 'connect', listener: (client: PoolClient) => void): void }).on('connect', (client) => {
      answerLastOfSeveral(client)
      if (names) nameRepeatedStatements(client, names)
    })
  }

  override createDriver(): Driver {
    const driver = super.createDriver()
    // Per connection, while it is in a transaction: the writes waiting for its next statement
    // (the first of them its BEGIN), the statements held for its commit, and whether anything has
    // been sent to PostgreSQL yet (a transaction that never sent its BEGIN has nothing to roll back).
    const held = new WeakMap<DatabaseConnection, { writes: string[]; atCommit: string[]; opening: boolean; sent: boolean }>()
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
          const lists = held.get(connection)
          if (lists?.opening) {
            // The transaction's BEGIN (Kysely's own text): it travels with the first statement.
            lists.opening = false
            lists.writes.push(query.sql)
            return { rows: [] }
          }
          if (query.sql.startsWith(MARK) || query.sql.startsWith(WITH_NEXT)) {
            const atCommit = query.sql.startsWith(MARK)
            const text = query.sql.slice((atCommit ? MARK : WITH_NEXT).length)
            if (!lists) return execute<R>(CompiledQuery.raw(text))
            ;(atCommit ? lists.atCommit : lists.writes).push(text)
            return { rows: [] }
          }
          if (!lists || lists.writes.length === 0) return execute<R>(query)
          const writes = lists.writes.splice(0)
          lists.sent = true
          const text = inlineParameters(query.sql, query.parameters)
          if (text === undefined) {
            await execute(CompiledQuery.raw(writes.join(';\n')))
            return execute<R>(query)
          }
          return execute<R>(CompiledQuery.raw(`${LAST_ANSWER}${writes.join(';\n')};\n${text}`))
        }
      }
      return connection
    }
    driver.beginTransaction = async (connection, settings) => {
      held.set(connection, { writes: [], atCommit: [], opening: true, sent: false })
      await begin(connection, settings)
    }
    driver.commitTransaction = async (connection) => {
      const lists = held.get(connection)
      held.delete(connection)
      const list = [...(lists?.writes ?? []), ...(lists?.atCommit ?? [])]
      if (list.length === 0) return commit(connection)
      await connection.executeQuery(CompiledQuery.raw(`${list.join(';\n')};\ncommit`))
    }
    driver.rollbackTransaction = async (connection) => {
      const lists = held.get(connection)
      held.delete(connection)
      if (lists && !lists.sent) return
      await rollback(connection)
    }
    return driver
  }
}
