/**
 * A write whose answer nobody reads, sent on PostgreSQL in front of its transaction's next statement
 * (or with the COMMIT) instead of on a round trip of its own (at-commit.ts says why and how). The
 * next statement runs after it, so it sees what it wrote; if the write fails, that statement fails
 * and the transaction rolls back. So: only writes that nothing expects to fail and whose row count
 * nobody checks. Outside a transaction, on SQLite, or when its values cannot be written in as text,
 * it runs at once.
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely'
import { WITH_NEXT, inlineParameters } from './at-commit'
import { isPostgres } from './database'
import type { Database } from './schema'

export async function writeWithNext(db: Pick<Kysely<Database>, 'executeQuery' | 'getExecutor'>, write: Compilable & { execute(): Promise<unknown> }): Promise<void> {
  if (isPostgres(db)) {
    const compiled = write.compile()
    const text = inlineParameters(compiled.sql, compiled.parameters)
    if (text !== undefined) {
      await db.executeQuery(CompiledQuery.raw(WITH_NEXT + text))
      return
    }
  }
  await write.execute()
}
