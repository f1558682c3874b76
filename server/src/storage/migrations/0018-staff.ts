/**
 * Staff, shared devices, their sessions, the audit log and one-time setup links (issue 23;
 * docs/console.md). Portable DDL only (SQLite and PostgreSQL); instants ISO-8601 UTC text.
 *   - staff_members: a person of one enterprise with a role and a scope (shop and branch ids, ''
 *     for all); a password and a PIN, each only as a scrypt hash (server/src/domain/staff/secret-hash.ts);
 *     removed people keep their row (the audit log names them) with removed_at set.
 *   - staff_devices: a shared tablet paired by a manager; only the SHA-256 of its token is kept;
 *     wrong PINs are counted on the device, which locks for a while past a few.
 *   - staff_sessions: bearer tokens (SHA-256 only), ended at once when the person or device goes.
 *   - audit_log: append-only (the code never updates or deletes a row); who, what, when, on which
 *     device, why.
 *   - setup_links: one-time links that make the first owner of a fresh database; SHA-256 only.
 */
import { sql, type Kysely, type Migration } from 'kysely'

const ID = 'varchar(64)'
const INSTANT = 'varchar(32)'
const HASH = 'varchar(200)'

export const staff: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('staff_members')
      .addColumn('staff_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull())
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('area_no', 'varchar(8)', (c) => c.notNull())
      .addColumn('phone', 'varchar(32)', (c) => c.notNull())
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      /** Comma-separated ShopIDs; '' = every shop. */
      .addColumn('shop_ids', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
      /** Comma-separated BaseIDs; '' = every branch of those shops. */
      .addColumn('base_ids', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
      .addColumn('locale', 'varchar(8)', (c) => c.notNull().defaultTo('zh-TW'))
      .addColumn('password_hash', HASH)
      .addColumn('pin_hash', HASH)
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addColumn('updated_at', INSTANT, (c) => c.notNull())
      .addColumn('removed_at', INSTANT)
      .execute()
    // One person per phone in an enterprise while they work there.
    await db.schema
      .createIndex('staff_members_phone')
      .on('staff_members')
      .columns(['ent_id', 'area_no', 'phone'])
      .unique()
      .where(sql.ref('removed_at'), 'is', null)
      .execute()
    await db.schema.createIndex('staff_members_by_phone').on('staff_members').columns(['area_no', 'phone']).execute()

    await db.schema
      .createTable('staff_devices')
      .addColumn('device_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull())
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('shop_id', ID, (c) => c.notNull())
      .addColumn('base_id', ID, (c) => c.notNull().defaultTo(''))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('paired_by', ID, (c) => c.notNull())
      .addColumn('paired_at', INSTANT, (c) => c.notNull())
      .addColumn('last_seen_at', INSTANT, (c) => c.notNull())
      .addColumn('failed_pins', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', INSTANT)
      .addColumn('removed_at', INSTANT)
      .execute()
    await db.schema.createIndex('staff_devices_ent').on('staff_devices').columns(['ent_id', 'paired_at']).execute()

    await db.schema
      .createTable('staff_sessions')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull())
      .addColumn('staff_id', ID, (c) => c.notNull())
      .addColumn('device_id', ID, (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addColumn('expires_at', INSTANT, (c) => c.notNull())
      .addColumn('ended_at', INSTANT)
      .execute()
    await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').columns(['staff_id', 'ended_at']).execute()
    await db.schema.createIndex('staff_sessions_device').on('staff_sessions').columns(['device_id', 'ended_at']).execute()

    await db.schema
      .createTable('audit_log')
      .addColumn('audit_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull())
      .addColumn('at', INSTANT, (c) => c.notNull())
      .addColumn('staff_id', ID, (c) => c.notNull().defaultTo(''))
      .addColumn('staff_name', 'varchar(120)', (c) => c.notNull().defaultTo(''))
      .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo(''))
      .addColumn('device_id', ID, (c) => c.notNull().defaultTo(''))
      .addColumn('device_name', 'varchar(120)', (c) => c.notNull().defaultTo(''))
      .addColumn('action', 'varchar(64)', (c) => c.notNull())
      .addColumn('target_type', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('target_id', ID, (c) => c.notNull().defaultTo(''))
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('client_ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute()
    await db.schema.createIndex('audit_log_ent_at').on('audit_log').columns(['ent_id', 'at']).execute()
    await db.schema.createIndex('audit_log_ent_action').on('audit_log').columns(['ent_id', 'action', 'at']).execute()

    await db.schema
      .createTable('setup_links')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addColumn('expires_at', INSTANT, (c) => c.notNull())
      .addColumn('used_at', INSTANT)
      .addColumn('ent_id', ID)
      .execute()
  },
  async down(db: Kysely<any>) {
    for (const table of ['setup_links', 'audit_log', 'staff_sessions', 'staff_devices', 'staff_members']) await db.schema.dropTable(table).execute()
  }
}
