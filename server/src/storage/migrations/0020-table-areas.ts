/**
 * Tables set up from the console or a setup file (issue 23, server/src/domain/setup/):
 *   - dining_tables.area: the area or floor a table stands in ('Floor 1', 'Terrace'; '' none),
 *     which groups the tables on the console and the printed QR sheets;
 *   - dining_tables.is_enable: 1 a table in service; 0 a removed table that is kept only because
 *     past orders or bills name it (its QR codes are deleted, so it resolves to nothing);
 *   - one table per code in a branch among tables in service (a partial unique index, as
 *     table_sheets_one_open), so two bulk adds of 'A01' at the same moment cannot both win.
 * Portable DDL only (SQLite and PostgreSQL).
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const tableAreas: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('dining_tables')
      .addColumn('area', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute()
    await db.schema
      .alterTable('dining_tables')
      .addColumn('is_enable', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    await db.schema
      .createIndex('dining_tables_one_code')
      .on('dining_tables')
      .columns(['base_id', 'code'])
      .unique()
      .where(sql.ref('is_enable'), '=', 1)
      .execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('dining_tables_one_code').execute()
    await db.schema.alterTable('dining_tables').dropColumn('is_enable').execute()
    await db.schema.alterTable('dining_tables').dropColumn('area').execute()
  }
}
