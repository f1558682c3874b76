/**
 * PostgreSQL: a small pool of its own beside a database's, for a statement that commits on its own
 * at once while the caller's transaction goes on. For a counter shared by every writer of a branch
 * (order-state.ts nextPickupNo): taken inside the caller's transaction, its row stays locked until
 * that transaction commits, several round trips later, and every other payment at the branch
 * waits the whole time (issue 28 item 6: on the heavy night the counter's upsert waited 221 ms on
 * average, and up to 2.5 s). Its own pool, so a transaction waiting for it never waits for a
 * connection that its own pool's other transactions hold.
 *
 * Found from a transaction by its dialect adapter, which Kysely shares between a database handle
 * and its transactions. SQLite has none: its writers take turns anyway.
 */
import type { DialectAdapter, Kysely } from 'kysely'
import type { Database } from './schema'

const outside = new WeakMap<DialectAdapter, Kysely<Database>>()

export function registerOutsideTransaction(db: Kysely<Database>, own: Kysely<Database>): void {
  outside.set(db.getExecutor().adapter, own)
}

/** The handle whose statements commit at once, outside `trx` (null: none, use `trx`). */
export function outsideTransaction(trx: Kysely<Database>): Kysely<Database> | null {
  return outside.get(trx.getExecutor().adapter) ?? null
}
