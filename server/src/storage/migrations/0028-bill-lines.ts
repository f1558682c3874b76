/**
 * What a table's bill was for (issue 27 item 2; domain/table-sheets/bill-lines.ts). A settlement
 * (the bill a diner pays for the whole table) has no goods lines of its own: it is made for the
 * table's rounds as they stand at that moment. One row per goods line of the bill, numbered for
 * the bill (1, 2, …), naming the round's line it came from and what that line held then (its
 * quantities and amounts), so a bill cancelled by a later change, or a late payment's bill, still
 * lists the lines its total was for, and a paid bill has line numbers of its own (review, reorder).
 * Portable DDL only (SQLite and PostgreSQL); money and quantities exact decimal text.
 */
import type { Kysely, Migration } from 'kysely'

const ID = 'varchar(64)'
const DECIMAL = 'varchar(40)'

export const billLines: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('bill_lines')
      /** The settlement (orders.order_id, kind 'settlement'). */
      .addColumn('order_id', ID, (c) => c.notNull())
      .addColumn('line_no', 'integer', (c) => c.notNull())
      /** The round (orders.order_id, kind 'round') and its line (order_lines.line_no). */
      .addColumn('round_id', ID, (c) => c.notNull())
      .addColumn('round_line_no', 'integer', (c) => c.notNull())
      .addColumn('round_no', 'integer', (c) => c.notNull())
      .addColumn('m_qua', DECIMAL, (c) => c.notNull())
      .addColumn('p_qua', DECIMAL, (c) => c.notNull())
      .addColumn('qua', DECIMAL, (c) => c.notNull())
      .addColumn('amount', DECIMAL, (c) => c.notNull())
      .addColumn('original_amount', DECIMAL, (c) => c.notNull())
      .addPrimaryKeyConstraint('bill_lines_pk', ['order_id', 'line_no'])
      .execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('bill_lines').execute()
  }
}
