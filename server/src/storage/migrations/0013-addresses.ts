/**
 * The address book and delivery to a saved address (issue 16): a member's saved addresses
 * (vip_addresses) and, on an order, the address it was delivered to (address_id), a snapshot of
 * that address as it was when ordered (delivery_snapshot, JSON text; '' for orders without one)
 * and the distance measured from the branch (delivery_distance, metres; -1 unknown). Portable DDL
 * only (SQLite and PostgreSQL). Degrees are WGS-84, (0, 0) "not located"; instants ISO-8601 UTC.
 */
import type { Kysely, Migration } from 'kysely'

const ID = 'varchar(64)'
const KEY = 'varchar(128)'
const INSTANT = 'varchar(32)'

export const addresses: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('vip_addresses')
      .addColumn('address_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull())
      .addColumn('vip_id', ID, (c) => c.notNull())
      .addColumn('contact', 'varchar(160)', (c) => c.notNull())
      /** Dialling code without '+' ('853'), as the SMS phone. */
      .addColumn('area_no', 'varchar(8)', (c) => c.notNull())
      /** National digits, normalised as the SMS phone. */
      .addColumn('phone', 'varchar(32)', (c) => c.notNull())
      /** A leaf of the region dataset. */
      .addColumn('region_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('street', 'varchar(480)', (c) => c.notNull())
      .addColumn('detail', 'varchar(480)', (c) => c.notNull().defaultTo(''))
      .addColumn('house_no', 'varchar(160)', (c) => c.notNull().defaultTo(''))
      .addColumn('tag', 'varchar(48)', (c) => c.notNull().defaultTo(''))
      .addColumn('lat', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('lng', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      /** The client's key of the add that made it (null: none); the same key adds once. */
      .addColumn('request_key', KEY)
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addColumn('updated_at', INSTANT, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('vip_addresses_member').on('vip_addresses').columns(['ent_id', 'vip_id']).execute()
    // NULLs are distinct on both databases: addresses added without a key never collide.
    await db.schema.createIndex('vip_addresses_request_key').on('vip_addresses').columns(['ent_id', 'vip_id', 'request_key']).unique().execute()

    await db.schema.alterTable('orders').addColumn('address_id', ID, (c) => c.notNull().defaultTo('')).execute()
    await db.schema.alterTable('orders').addColumn('delivery_snapshot', 'text', (c) => c.notNull().defaultTo('')).execute()
    await db.schema.alterTable('orders').addColumn('delivery_distance', 'integer', (c) => c.notNull().defaultTo(-1)).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('orders').dropColumn('delivery_distance').execute()
    await db.schema.alterTable('orders').dropColumn('delivery_snapshot').execute()
    await db.schema.alterTable('orders').dropColumn('address_id').execute()
    await db.schema.dropTable('vip_addresses').execute()
  }
}
