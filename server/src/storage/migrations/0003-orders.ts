/**
 * Orders, postpay table sheets, pickup numbers, payments and delivery fees (issue 4).
 * Portable DDL only: the same migration runs on SQLite and PostgreSQL. Money is exact decimal
 * text, as in the catalogue; instants are ISO-8601 UTC text.
 */
import { sql, type Kysely, type Migration } from 'kysely'

const ID = 'varchar(64)'
const KEY = 'varchar(128)'
const INSTANT = 'varchar(32)'
const MONEY = 'varchar(40)'

export const orders: Migration = {
  async up(db: Kysely<any>) {
    // The postpay sheet of a table gains what rounds and settlement need.
    await db.schema.alterTable('table_sheets').addColumn('posi_type', 'integer', (c) => c.notNull().defaultTo(2)).execute()
    await db.schema.alterTable('table_sheets').addColumn('round_count', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await db.schema.alterTable('table_sheets').addColumn('amount', MONEY, (c) => c.notNull().defaultTo('0')).execute()
    await db.schema.alterTable('table_sheets').addColumn('paid_amount', MONEY, (c) => c.notNull().defaultTo('0')).execute()
    await db.schema.alterTable('table_sheets').addColumn('settlement_id', ID, (c) => c.notNull().defaultTo('')).execute()
    await db.schema.alterTable('table_sheets').addColumn('closed_at', INSTANT).execute()

    // One row per prepay order, per postpay round ('round') and per sheet settlement ('settlement').
    await db.schema
      .createTable('orders')
      .addColumn('order_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('shop_id', ID, (c) => c.notNull().references('shops.shop_id').onDelete('cascade'))
      .addColumn('base_id', ID, (c) => c.notNull().references('bases.base_id').onDelete('cascade'))
      .addColumn('table_id', ID, (c) => c.notNull().defaultTo(''))
      .addColumn('table_sheet_id', ID, (c) => c.notNull().defaultTo(''))
      .addColumn('round_no', 'integer', (c) => c.notNull().defaultTo(0))
      /** 'order' | 'round' | 'settlement' */
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      /** Who placed it: the device key's hash until members sign in (members issue adds vip_id). */
      .addColumn('owner_key', KEY, (c) => c.notNull().defaultTo(''))
      .addColumn('vip_id', ID, (c) => c.notNull().defaultTo(''))
      .addColumn('request_key', KEY, (c) => c.notNull())
      /** Hash of the placement input, so a reused key with other content is told apart from a retry. */
      .addColumn('request_hash', KEY, (c) => c.notNull())
      .addColumn('pay_mode', 'varchar(16)', (c) => c.notNull())
      .addColumn('service_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('posi_type', 'integer', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('pickup_no', 'varchar(16)', (c) => c.notNull().defaultTo(''))
      .addColumn('business_day', 'varchar(10)', (c) => c.notNull())
      .addColumn('appointed_time', 'varchar(16)', (c) => c.notNull().defaultTo(''))
      .addColumn('remarks', 'text', (c) => c.notNull().defaultTo(''))
      /** The language the order was placed in (line names are stored in it). */
      .addColumn('locale', 'varchar(8)', (c) => c.notNull())
      .addColumn('goods_amount', MONEY, (c) => c.notNull())
      .addColumn('bag_qua', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bag_fee', MONEY, (c) => c.notNull().defaultTo('0'))
      .addColumn('freight', MONEY, (c) => c.notNull().defaultTo('0'))
      .addColumn('amount', MONEY, (c) => c.notNull())
      .addColumn('paid_amount', MONEY, (c) => c.notNull().defaultTo('0'))
      .addColumn('contact', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('phone', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addColumn('expires_at', INSTANT)
      .addColumn('paid_at', INSTANT)
      .addColumn('ready_at', INSTANT)
      .addColumn('completed_at', INSTANT)
      .addColumn('cancelled_at', INSTANT)
      .execute()
    // A retry, a double tap or a lost response finds the first order by its request key.
    await db.schema.createIndex('orders_request_key').on('orders').columns(['ent_id', 'request_key']).unique().execute()
    await db.schema.createIndex('orders_owner').on('orders').columns(['owner_key', 'created_at']).execute()
    await db.schema.createIndex('orders_base_day').on('orders').columns(['base_id', 'business_day']).execute()
    await db.schema.createIndex('orders_sheet').on('orders').columns(['table_sheet_id', 'round_no']).execute()
    await db.schema.createIndex('orders_expiry').on('orders').columns(['status', 'expires_at']).execute()
    // Pickup numbers never repeat within a branch's business day.
    await db.schema
      .createIndex('orders_pickup_unique')
      .on('orders')
      .columns(['base_id', 'business_day', 'pickup_no'])
      .unique()
      .where(sql.ref('pickup_no'), '<>', '')
      .execute()

    await db.schema
      .createTable('order_lines')
      .addColumn('order_id', ID, (c) => c.notNull().references('orders.order_id').onDelete('cascade'))
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('goods_id', ID, (c) => c.notNull())
      .addColumn('goods_code', 'varchar(128)', (c) => c.notNull())
      .addColumn('goods_name', 'text', (c) => c.notNull())
      .addColumn('sku_id', ID, (c) => c.notNull().defaultTo(''))
      .addColumn('sku_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('pcode', 'varchar(128)', (c) => c.notNull().defaultTo(''))
      .addColumn('punit', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('unit', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('ref', MONEY, (c) => c.notNull().defaultTo(''))
      .addColumn('m_qua', MONEY, (c) => c.notNull())
      .addColumn('p_qua', MONEY, (c) => c.notNull())
      .addColumn('qua', MONEY, (c) => c.notNull())
      .addColumn('sales_price', MONEY, (c) => c.notNull())
      .addColumn('p_sales_price', MONEY, (c) => c.notNull().defaultTo(''))
      .addColumn('unit_extras', MONEY, (c) => c.notNull().defaultTo('0'))
      .addColumn('amount', MONEY, (c) => c.notNull())
      .addColumn('original_amount', MONEY, (c) => c.notNull())
      .addColumn('sale_type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('add_on_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('bom_text', 'text', (c) => c.notNull().defaultTo(''))
      /** The priced choice as JSON (sku, pack unit, remarks, add-on and combo ids), for the kitchen and audits. */
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
      .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'line_no'])
      .execute()

    // Every status change, with who made it.
    await db.schema
      .createTable('order_events')
      .addColumn('order_id', ID, (c) => c.notNull().references('orders.order_id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      .addColumn('from_status', 'integer', (c) => c.notNull())
      .addColumn('to_status', 'integer', (c) => c.notNull())
      /** 'diner' | 'shop' | 'system' | 'provider' */
      .addColumn('actor', 'varchar(16)', (c) => c.notNull())
      .addColumn('at', INSTANT, (c) => c.notNull())
      .addPrimaryKeyConstraint('order_events_pk', ['order_id', 'seq'])
      .execute()

    // The last pickup number handed out per branch and business day (upsert + 1 under the row lock).
    await db.schema
      .createTable('pickup_counters')
      .addColumn('base_id', ID, (c) => c.notNull())
      .addColumn('business_day', 'varchar(10)', (c) => c.notNull())
      .addColumn('last_no', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('pickup_counters_pk', ['base_id', 'business_day'])
      .execute()

    // The shop's merchant account at the payment provider.
    await db.schema
      .createTable('finance_accounts')
      .addColumn('shop_id', ID, (c) => c.primaryKey().references('shops.shop_id').onDelete('cascade'))
      .addColumn('ent_id', ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('provider', 'varchar(32)', (c) => c.notNull())
      .addColumn('account_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('account_no', 'varchar(128)', (c) => c.notNull())
      .addColumn('is_enable', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()

    await db.schema
      .createTable('payments')
      .addColumn('pay_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('shop_id', ID, (c) => c.notNull())
      .addColumn('order_id', ID, (c) => c.notNull().references('orders.order_id').onDelete('cascade'))
      .addColumn('owner_key', KEY, (c) => c.notNull().defaultTo(''))
      .addColumn('request_key', KEY, (c) => c.notNull())
      .addColumn('provider', 'varchar(32)', (c) => c.notNull())
      .addColumn('amount', MONEY, (c) => c.notNull())
      /** 0 pending, 1 paid, 2 declined, 3 paid after the order had ended (refund due). */
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('provider_ref', KEY, (c) => c.notNull().defaultTo(''))
      .addColumn('return_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addColumn('settled_at', INSTANT)
      .execute()
    await db.schema.createIndex('payments_request_key').on('payments').columns(['ent_id', 'request_key']).unique().execute()
    await db.schema.createIndex('payments_order').on('payments').column('order_id').execute()

    // Every provider notice once: a replay finds its id here and changes nothing.
    await db.schema
      .createTable('payment_notices')
      .addColumn('notice_id', KEY, (c) => c.primaryKey())
      .addColumn('pay_id', ID, (c) => c.notNull())
      .addColumn('provider', 'varchar(32)', (c) => c.notNull())
      .addColumn('result', 'varchar(16)', (c) => c.notNull())
      .addColumn('amount', MONEY, (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('received_at', INSTANT, (c) => c.notNull())
      .execute()

    // Delivery fee tiers of a branch: the first tier whose UpTo covers the distance (or amount).
    await db.schema
      .createTable('freight_rules')
      .addColumn('base_id', ID, (c) => c.notNull().references('bases.base_id').onDelete('cascade'))
      .addColumn('sort_no', 'integer', (c) => c.notNull())
      .addColumn('rule_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('up_to', MONEY, (c) => c.notNull())
      .addColumn('fee', MONEY, (c) => c.notNull())
      .addPrimaryKeyConstraint('freight_rules_pk', ['base_id', 'sort_no'])
      .execute()
  },

  async down(db: Kysely<any>) {
    for (const table of ['freight_rules', 'payment_notices', 'payments', 'finance_accounts', 'pickup_counters', 'order_events', 'order_lines', 'orders']) {
      await db.schema.dropTable(table).ifExists().execute()
    }
    for (const column of ['closed_at', 'settlement_id', 'paid_amount', 'amount', 'round_count', 'posi_type']) {
      await db.schema.alterTable('table_sheets').dropColumn(column).execute()
    }
  }
}
