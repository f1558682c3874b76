/**
 * PostgreSQL: a statement the process sends again and again is prepared once per connection, under
 * a name, and from then on only bound and run. Sent unnamed, PostgreSQL parses, analyses and plans
 * it on every call: on the heavy night (issue 28 item 6, docs/soak.md "3 Dec, evening") planning
 * took as long as executing, the menu head's five-table join 0.58 ms to plan against 0.07 ms to
 * run, on two cores the servers share with PostgreSQL. A named statement keeps its parse tree, and
 * after five runs PostgreSQL keeps a generic plan when it costs no more than the custom ones
 * (plan_cache_mode auto), so a plan that depends on the values is still made per call.
 *
 * - Only statements with parameters, seen REPEATS times, and at most MAX_NAMES texts a process: a
 *   statement whose values are written into its text (a message of several statements, an IN list
 *   of varying length) is never named, and a connection's prepared statements stay few.
 * - A statement prepared before a migration changed what it returns fails with "cached plan must
 *   not change result type"; one prepared on a connection a pooler reset fails with "prepared
 *   statement does not exist". Either way the connection forgets its names (they are prepared
 *   again under new ones), and a statement outside a transaction is sent again at once; one inside
 *   a transaction fails it, as any error does (the caller's next try finds the new names). Only
 *   `select *` and `returning *` change result type when a column is added; a rolling deploy's old
 *   process meets it at most once per statement and connection.
 * - A transaction's first statement travels with its BEGIN, its values written in (at-commit.ts),
 *   so it is never named.
 * - DATABASE_PREPARED_STATEMENTS=0 turns it off (PgBouncer in transaction mode before 1.21).
 */
import type { PoolClient } from 'pg'

const REPEATS = 3
const MAX_NAMES = 400
/** Texts counted at most; after that a new text is only named if already counted. */
const MAX_COUNTED = 4000

/** What a connection's prepared statements cannot survive (SQLSTATE). */
const STALE = new Set([
  '0A000', // cached plan must not change result type (a column added or removed since it was prepared)
  '26000' // prepared statement does not exist (the connection was reset under us: DISCARD ALL)
])

/** The process's texts: how often each was sent, and the number it is named by once it is hot. */
export class StatementNames {
  private readonly seen = new Map<string, number>()
  private readonly numbers = new Map<string, number>()

  /** The statement's number, once it is worth preparing; undefined until then. */
  numberOf(text: string): number | undefined {
    const number = this.numbers.get(text)
    if (number !== undefined || this.numbers.size >= MAX_NAMES) return number
    const count = (this.seen.get(text) ?? 0) + 1
    if (count < REPEATS) {
      if (this.seen.size < MAX_COUNTED || this.seen.has(text)) this.seen.set(text, count)
      return undefined
    }
    this.seen.delete(text)
    const assigned = this.numbers.size + 1
    this.numbers.set(text, assigned)
    return assigned
  }

  get size(): number {
    return this.numbers.size
  }
}

type Query = (...args: unknown[]) => Promise<unknown>

/**
 * Sends the client's repeated statements as named ones. `client.query(text, values)` is how Kysely
 * sends every statement; anything else (a config object, a callback, no values) passes as it was.
 */
export function nameRepeatedStatements(client: PoolClient, names: StatementNames): void {
  const query = client.query.bind(client) as Query
  // Bumped when the connection's names go stale, so every statement is prepared again, newly named.
  let generation = 0
  // The connection's transaction state from its last ReadyForQuery: 'I' idle, 'T' in a
  // transaction, 'E' in a failed one.
  let state = 'I'
  const connection = (client as unknown as { connection?: { on(event: string, listener: (message: { status?: string }) => void): void } }).connection
  connection?.on('readyForQuery', (message) => {
    if (message.status) state = message.status
  })
  const named = async (text: string, values: unknown[], number: number, again: boolean): Promise<unknown> => {
    try {
      return await query({ name: `s${number}_${generation}`, text, values })
    } catch (error) {
      const code = (error as { code?: unknown }).code
      if (typeof code !== 'string' || !STALE.has(code)) throw error
      generation++
      if (again || state !== 'I') throw error
      return named(text, values, number, true)
    }
  }
  ;(client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const [text, values] = args
    if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return query(...args)
    const number = names.numberOf(text)
    return number === undefined ? query(text, values) : named(text, values, number, false)
  }
}
