/**
 * Stock bookkeeping (issue 11): what each order took from an sku's stock, so a cancelled or
 * expired order gives back exactly that, once (returned_at set in the same statement that
 * selects the rows to give back). No foreign key to skus: a menu import replaces them.
 * Portable DDL only (SQLite and PostgreSQL).
 */
import type { Kysely, Migration } from 'kysely'

const ID = 'varchar(64)'
const INSTANT = 'varchar(32)'

export const stockTakes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('stock_takes')
      .addColumn('order_id', ID, (c) => c.notNull().references('orders.order_id').onDelete('cascade'))
      .addColumn('sku_id', ID, (c) => c.notNull())
      /** Whole main units taken. */
      .addColumn('units', 'integer', (c) => c.notNull())
      .addColumn('taken_at', INSTANT, (c) => c.notNull())
      .addColumn('returned_at', INSTANT)
      .addPrimaryKeyConstraint('stock_takes_pk', ['order_id', 'sku_id'])
      .execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('stock_takes').execute()
  }
}
