/**
 * Enterprises, shops, branches, tables, QR codes, table sheets, params, service links and
 * feedback. Portable DDL only: the same migration runs on SQLite and PostgreSQL.
 */
import { sql, type Kysely, type Migration } from 'kysely'

const ID = 'varchar(64)'
const CODE = 'varchar(128)'
const CLOCK = 'varchar(8)' // 'HH:mm' or 'HH:mm:ss'
const INSTANT = 'varchar(32)' // ISO-8601 UTC text

export const gatewayBase: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('enterprises')
      .addColumn('ent_id', ID, (c) => c.primaryKey())
      .addColumn('names', 'text', (c) => c.notNull())
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('enterprise_settings')
      .addColumn('ent_id', ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('parm_id', ID, (c) => c.notNull())
      .addColumn('parm_value', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('enterprise_settings_pk', ['ent_id', 'parm_id'])
      .execute()

    await db.schema
      .createTable('shops')
      .addColumn('shop_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('code', CODE, (c) => c.notNull())
      .addColumn('names', 'text', (c) => c.notNull())
      .addColumn('user_id', ID, (c) => c.notNull())
      .addColumn('user_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('user_code', CODE, (c) => c.notNull())
      .addColumn('pos_type', 'integer', (c) => c.notNull())
      .addColumn('mina_app_id', CODE, (c) => c.notNull().defaultTo(''))
      .addColumn('mina_id', CODE, (c) => c.notNull().defaultTo(''))
      .addColumn('qr_code', CODE, (c) => c.notNull().defaultTo(''))
      .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('phone', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('is_enable', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    await db.schema.createIndex('shops_ent_code').on('shops').columns(['ent_id', 'code']).execute()

    await db.schema
      .createTable('shop_params')
      .addColumn('shop_id', ID, (c) => c.notNull().references('shops.shop_id').onDelete('cascade'))
      .addColumn('parm_id', ID, (c) => c.notNull())
      .addColumn('parm_value', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('shop_params_pk', ['shop_id', 'parm_id'])
      .execute()

    await db.schema
      .createTable('bases')
      .addColumn('base_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('shop_id', ID, (c) => c.notNull().references('shops.shop_id').onDelete('cascade'))
      .addColumn('code', CODE, (c) => c.notNull())
      .addColumn('names', 'text', (c) => c.notNull())
      .addColumn('business_mode', 'varchar(8)', (c) => c.notNull().defaultTo('0'))
      .addColumn('cy_type', 'varchar(8)', (c) => c.notNull().defaultTo('0'))
      .addColumn('weekday', 'varchar(32)', (c) => c.notNull().defaultTo('1,2,3,4,5,6,7'))
      .addColumn('online_begin_time', CLOCK, (c) => c.notNull().defaultTo(''))
      .addColumn('online_end_time', CLOCK, (c) => c.notNull().defaultTo(''))
      .addColumn('begin_time', CLOCK, (c) => c.notNull().defaultTo(''))
      .addColumn('end_time', CLOCK, (c) => c.notNull().defaultTo(''))
      .addColumn('dtb_duration', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cooking_time_duration', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('web_order_duration', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('phone', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      // Coordinates are not money: double precision is exact enough for metres.
      .addColumn('lng', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('lat', 'double precision', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.createIndex('bases_ent_shop').on('bases').columns(['ent_id', 'shop_id']).execute()

    await db.schema
      .createTable('base_params')
      .addColumn('base_id', ID, (c) => c.notNull().references('bases.base_id').onDelete('cascade'))
      .addColumn('parm_id', ID, (c) => c.notNull())
      .addColumn('parm_value', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('base_params_pk', ['base_id', 'parm_id'])
      .execute()

    await db.schema
      .createTable('dining_tables')
      .addColumn('table_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('shop_id', ID, (c) => c.notNull().references('shops.shop_id').onDelete('cascade'))
      .addColumn('base_id', ID, (c) => c.notNull().references('bases.base_id').onDelete('cascade'))
      .addColumn('code', CODE, (c) => c.notNull())
      .addColumn('names', 'text', (c) => c.notNull())
      .addColumn('qr_code', CODE, (c) => c.unique())
      .execute()
    await db.schema.createIndex('dining_tables_base').on('dining_tables').columns(['base_id', 'code']).execute()

    // Every scannable code, table or counter, resolves through this one table.
    await db.schema
      .createTable('qr_codes')
      .addColumn('code', CODE, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('shop_id', ID, (c) => c.notNull().references('shops.shop_id').onDelete('cascade'))
      .addColumn('base_id', ID, (c) => c.references('bases.base_id').onDelete('cascade'))
      .addColumn('table_id', ID, (c) => c.references('dining_tables.table_id').onDelete('cascade'))
      .addColumn('expires_at', INSTANT)
      .addColumn('is_enable', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()

    await db.schema
      .createTable('table_sheets')
      .addColumn('sheet_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('shop_id', ID, (c) => c.notNull().references('shops.shop_id').onDelete('cascade'))
      .addColumn('base_id', ID, (c) => c.notNull().references('bases.base_id').onDelete('cascade'))
      .addColumn('table_id', ID, (c) => c.notNull().references('dining_tables.table_id').onDelete('cascade'))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .execute()
    // At most one open sheet per table: both dialects support partial unique indexes.
    await db.schema
      .createIndex('table_sheets_one_open')
      .on('table_sheets')
      .column('table_id')
      .unique()
      .where(sql.ref('status'), '=', 0)
      .execute()

    await db.schema
      .createTable('service_links')
      .addColumn('ent_id', ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('link_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('service_links_pk', ['ent_id', 'link_type'])
      .execute()

    // No foreign key on ent_id: a report is kept even if its enterprise is later removed.
    await db.schema
      .createTable('feedback')
      .addColumn('fb_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull())
      .addColumn('user_id', ID, (c) => c.notNull())
      .addColumn('app_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('fb_content', 'text', (c) => c.notNull())
      .addColumn('fb_type', 'integer', (c) => c.notNull())
      .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .execute()
    // The rate limit counts a client's recent reports.
    await db.schema.createIndex('feedback_ip_time').on('feedback').columns(['client_ip', 'created_at']).execute()
  },

  async down(db: Kysely<any>) {
    for (const table of [
      'feedback',
      'service_links',
      'table_sheets',
      'qr_codes',
      'dining_tables',
      'base_params',
      'bases',
      'shop_params',
      'shops',
      'enterprise_settings',
      'enterprises'
    ]) {
      await db.schema.dropTable(table).ifExists().execute()
    }
  }
}
