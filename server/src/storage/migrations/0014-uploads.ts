/**
 * Uploads (issue 17): one row per file a member asked to upload (spec §3 image upload record:
 * EntID, UserID, UserName, class, file name, size, type, width, height), its purpose and where it
 * is uploaded, then the checked picture and thumbnail. Portable DDL only (SQLite and PostgreSQL);
 * instants ISO-8601 UTC.
 */
import type { Kysely, Migration } from 'kysely'

const ID = 'varchar(64)'
const INSTANT = 'varchar(32)'

export const uploads: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('uploads')
      .addColumn('file_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull())
      .addColumn('vip_id', ID, (c) => c.notNull())
      .addColumn('user_id', ID, (c) => c.notNull().defaultTo(''))
      .addColumn('user_name', 'varchar(160)', (c) => c.notNull().defaultTo(''))
      .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
      .addColumn('class_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('file_size', 'integer', (c) => c.notNull())
      .addColumn('file_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('upload_key', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('image_key', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('thumb_key', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('image_width', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('image_height', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', INSTANT, (c) => c.notNull())
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addColumn('checked_at', INSTANT, (c) => c.notNull().defaultTo(''))
      .execute()
    // The member's uploads in time order (ownership checks, the hourly rate limit).
    await db.schema.createIndex('uploads_member').on('uploads').columns(['ent_id', 'vip_id', 'created_at']).execute()
    // Uploads signed but never used, oldest first (the sweep with each FileBatchNameGet).
    await db.schema.createIndex('uploads_pending').on('uploads').columns(['status', 'expires_at']).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('uploads').execute()
  }
}
