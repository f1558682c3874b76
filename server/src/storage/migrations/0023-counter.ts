/**
 * Front of house (issue 24 item 3; docs/front-of-house.md):
 *   - counter_payments: what the counter took for a payment it recorded (one row per payments row
 *     with provider 'cash' | 'card' | 'other'): the method, the amount, for cash what the diner
 *     handed over and the change given, who took it, and the hash of the request (a retry with the
 *     same RequestKey answers the first payment; other content under the key is refused). The
 *     payments row itself is what the day report and the orders list read.
 *   - approval_tries: wrong manager-approval PINs per approver (a void, closing a bill with money
 *     due). A try is reserved by one conditional update before the PIN is compared, so parallel
 *     guesses cannot slip under the limit; past PIN_TRIES_BEFORE_LOCK the approver's approvals lock
 *     for PIN_LOCK_MINUTES (src/core/staff-permissions.ts), whichever device or session asks.
 * Portable DDL only (SQLite and PostgreSQL); money exact decimal text, instants ISO-8601 UTC text.
 */
import type { Kysely, Migration } from 'kysely'

const ID = 'varchar(64)'
const INSTANT = 'varchar(32)'
const MONEY = 'varchar(32)'

export const counter: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('counter_payments')
      .addColumn('pay_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull())
      .addColumn('shop_id', ID, (c) => c.notNull())
      .addColumn('base_id', ID, (c) => c.notNull())
      // The table bill paid towards ('' a prepay order), and the order the payments row pays.
      .addColumn('sheet_id', ID, (c) => c.notNull().defaultTo(''))
      .addColumn('order_id', ID, (c) => c.notNull())
      // 'cash' | 'card' | 'other' (the payments row's provider).
      .addColumn('method', 'varchar(16)', (c) => c.notNull())
      .addColumn('amount', MONEY, (c) => c.notNull())
      .addColumn('tendered', MONEY, (c) => c.notNull())
      .addColumn('change_given', MONEY, (c) => c.notNull().defaultTo('0'))
      .addColumn('request_hash', ID, (c) => c.notNull())
      .addColumn('staff_id', ID, (c) => c.notNull())
      .addColumn('staff_name', 'varchar(120)', (c) => c.notNull())
      .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('counter_payments_sheet').on('counter_payments').column('sheet_id').execute()
    await db.schema.createIndex('counter_payments_base').on('counter_payments').columns(['base_id', 'created_at']).execute()

    await db.schema
      .createTable('approval_tries')
      .addColumn('staff_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull())
      .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', INSTANT)
      .execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('approval_tries').execute()
    await db.schema.dropTable('counter_payments').execute()
  }
}
