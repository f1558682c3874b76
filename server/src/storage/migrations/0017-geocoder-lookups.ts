/**
 * The geocoder's per-address limit in the database (design.md §4: rate limits live in the
 * database, so several processes on one PostgreSQL behave as one). One row per geocoder lookup
 * a client address made: AddressResolution, BaseInfoByGPS, and locating an address saved or
 * ordered to without a location (server/src/domain/places/geocoder-lookups.ts). Rows older than
 * the window are deleted as lookups are made. Portable DDL only (SQLite and PostgreSQL); instants
 * ISO-8601 UTC.
 */
import type { Kysely, Migration } from 'kysely'

const INSTANT = 'varchar(32)'

export const geocoderLookups: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('geocoder_lookups')
      .addColumn('lookup_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('looked_up_at', INSTANT, (c) => c.notNull())
      .execute()
    // The count of one address's lookups in the window.
    await db.schema.createIndex('geocoder_lookups_client').on('geocoder_lookups').columns(['client_ip', 'looked_up_at']).execute()
    // Pruning every address's old rows.
    await db.schema.createIndex('geocoder_lookups_at').on('geocoder_lookups').column('looked_up_at').execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('geocoder_lookups').execute()
  }
}
