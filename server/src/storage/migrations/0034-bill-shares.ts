/**
 * Split bills (issue 26 item 2; domain/table-sheets/bill-shares.ts). A share is one diner's part
 * of a table's bill: a 'settlement' order of the sheet for that part, paid like any settlement
 * (PaySubmit, BalancePay), with one bill_shares row saying what it is for:
 *   - 'lines': chosen lines of the rounds, each whole or a fraction (parts of `of`), one
 *     bill_share_lines row per line with the line's amount when it was claimed;
 *   - 'equal': `parts` of `of` equal shares of the split named by `split_id`, which divides
 *     `split_base` (what was open then) while the bill's total is `split_total`;
 *   - 'amount': a custom amount; 'rest': whatever was open.
 * Which parts are taken ('0,2') is kept as text: a share that expires leaves its parts free.
 * Portable DDL only (SQLite and PostgreSQL); money exact decimal text.
 */
import type { Kysely, Migration } from 'kysely'

const ID = 'varchar(64)'
const DECIMAL = 'varchar(40)'

export const billShares: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('bill_shares')
      /** The share's settlement order (orders.order_id, kind 'settlement'). */
      .addColumn('order_id', ID, (c) => c.primaryKey())
      .addColumn('sheet_id', ID, (c) => c.notNull())
      /** 'lines' | 'equal' | 'amount' | 'rest' */
      .addColumn('mode', 'varchar(10)', (c) => c.notNull())
      /** Equal shares: the split this share belongs to (its first share's order id), '' otherwise. */
      .addColumn('split_id', ID, (c) => c.notNull().defaultTo(''))
      .addColumn('split_of', 'integer', (c) => c.notNull().defaultTo(0))
      /** The split's part indexes this share takes, '0,2' ('' otherwise). */
      .addColumn('split_parts', 'varchar(400)', (c) => c.notNull().defaultTo(''))
      .addColumn('split_base', DECIMAL, (c) => c.notNull().defaultTo('0'))
      .addColumn('split_total', DECIMAL, (c) => c.notNull().defaultTo('0'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('bill_shares_sheet').on('bill_shares').columns(['sheet_id', 'created_at']).execute()
    await db.schema
      .createTable('bill_share_lines')
      .addColumn('order_id', ID, (c) => c.notNull())
      .addColumn('sheet_id', ID, (c) => c.notNull())
      /** The round (orders.order_id) and its line (order_lines.line_no). */
      .addColumn('round_id', ID, (c) => c.notNull())
      .addColumn('round_line_no', 'integer', (c) => c.notNull())
      /** The line cut in `of` parts; this share takes the part indexes in `parts` ('0' … of-1, e.g. '1,2'). */
      .addColumn('of', 'integer', (c) => c.notNull())
      .addColumn('parts', 'varchar(400)', (c) => c.notNull())
      /** The line's amount when it was claimed (the claim stands only while it is the same). */
      .addColumn('line_amount', DECIMAL, (c) => c.notNull())
      /** What this share pays of the line. */
      .addColumn('amount', DECIMAL, (c) => c.notNull())
      .addPrimaryKeyConstraint('bill_share_lines_pk', ['order_id', 'round_id', 'round_line_no'])
      .execute()
    await db.schema.createIndex('bill_share_lines_sheet').on('bill_share_lines').columns(['sheet_id']).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('bill_share_lines').execute()
    await db.schema.dropTable('bill_shares').execute()
  }
}
