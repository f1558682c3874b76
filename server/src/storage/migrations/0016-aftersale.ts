/**
 * After-sale requests and their refunds (issue 17): a member's request on a paid order
 * (after_sales), the lines it names with quantities (after_sale_lines), and what each approval
 * gave back through which payment (after_sale_refunds: one row per request and payment, so a
 * request refunds at most once per payment). orders.refunded_amount is what after-sale refunds
 * have given back of the order so far. Portable DDL only (SQLite and PostgreSQL); money is exact
 * decimal text; instants ISO-8601 UTC.
 */
import type { Kysely, Migration } from 'kysely'

const ID = 'varchar(64)'
const KEY = 'varchar(128)'
const MONEY = 'varchar(40)'
const INSTANT = 'varchar(32)'

export const aftersale: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('after_sales')
      .addColumn('after_sale_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull())
      .addColumn('vip_id', ID, (c) => c.notNull())
      .addColumn('order_id', ID, (c) => c.notNull())
      .addColumn('request_key', KEY, (c) => c.notNull())
      /** AFTERSALE_STATUS: 0 submitted, 1 approved, 2 rejected, 3 refunded, 4 withdrawn. */
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('whole_order', 'integer', (c) => c.notNull())
      .addColumn('reason', 'varchar(32)', (c) => c.notNull())
      .addColumn('content', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
      .addColumn('amount', MONEY, (c) => c.notNull())
      .addColumn('refunded_amount', MONEY, (c) => c.notNull().defaultTo('0'))
      /** The checked photos' FileIDs, JSON array text. */
      .addColumn('file_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('shop_note', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      /** Points taken back by this request's refund. */
      .addColumn('points_reversed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addColumn('decided_at', INSTANT)
      .addColumn('refunded_at', INSTANT)
      .addColumn('updated_at', INSTANT, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('after_sales_request_key').on('after_sales').columns(['ent_id', 'request_key']).unique().execute()
    await db.schema.createIndex('after_sales_order').on('after_sales').columns(['order_id', 'created_at']).execute()
    await db.schema.createIndex('after_sales_member').on('after_sales').columns(['vip_id', 'created_at']).execute()
    await db.schema.createIndex('after_sales_status').on('after_sales').columns(['ent_id', 'status', 'created_at']).execute()

    await db.schema
      .createTable('after_sale_lines')
      .addColumn('after_sale_id', ID, (c) => c.notNull())
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('goods_id', ID, (c) => c.notNull())
      .addColumn('goods_name', 'varchar(480)', (c) => c.notNull())
      /** Of the order line's qua. */
      .addColumn('qua', MONEY, (c) => c.notNull())
      .addColumn('amount', MONEY, (c) => c.notNull())
      .addPrimaryKeyConstraint('after_sale_lines_pk', ['after_sale_id', 'line_no'])
      .execute()

    await db.schema
      .createTable('after_sale_refunds')
      .addColumn('after_sale_id', ID, (c) => c.notNull())
      .addColumn('pay_id', ID, (c) => c.notNull())
      .addColumn('provider', 'varchar(32)', (c) => c.notNull())
      .addColumn('amount', MONEY, (c) => c.notNull())
      /** The balance ledger entry, or the provider's refund reference. */
      .addColumn('refund_ref', KEY, (c) => c.notNull())
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addPrimaryKeyConstraint('after_sale_refunds_pk', ['after_sale_id', 'pay_id'])
      .execute()
    await db.schema.createIndex('after_sale_refunds_pay').on('after_sale_refunds').column('pay_id').execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('after_sale_refunds').execute()
    await db.schema.dropTable('after_sale_lines').execute()
    await db.schema.dropTable('after_sales').execute()
  }
}
