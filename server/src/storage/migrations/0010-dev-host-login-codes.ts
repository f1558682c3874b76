/**
 * One-time codes of the DEVELOPMENT host login (issue 14): the development authorise page issues
 * them, the user-info calls take each once (server/src/providers/identity/development-host-login.provider.ts).
 * Kept hashed. Only the development provider uses this table. Portable DDL (SQLite and PostgreSQL).
 */
import type { Kysely, Migration } from 'kysely'

export const devHostLoginCodes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('dev_host_login_codes')
      .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('open_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('dev_host_login_codes').execute()
  }
}
