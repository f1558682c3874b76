/**
 * Ready-time estimates and pickup-slot capacity (issue 26 item 3; docs/estimates.md):
 *   - kitchen_prep_times: per branch and goods, the preparation time per unit learned from the
 *     kitchen's bumps (a rolling, exponentially weighted mean, in whole seconds) and how many bumps
 *     it has seen. Written in the bump's transaction (server/src/domain/kitchen/prep-learning.ts).
 *   - kitchen_estimate_settings: per branch, the default preparation time of a goods never bumped
 *     yet and the capacity of a 15-minute pickup slot (orders appointed to it; 0 no limit). A
 *     branch without a row takes the defaults.
 * Portable DDL only (SQLite and PostgreSQL); instants ISO-8601 UTC.
 */
import type { Kysely, Migration } from 'kysely'

const REF_ID = 'varchar(64)'
const INSTANT = 'varchar(32)'

export const readyEstimates: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('kitchen_prep_times')
      .addColumn('base_id', REF_ID, (c) => c.notNull())
      .addColumn('goods_id', REF_ID, (c) => c.notNull())
      .addColumn('ent_id', REF_ID, (c) => c.notNull())
      .addColumn('prep_seconds', 'integer', (c) => c.notNull())
      .addColumn('samples', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', INSTANT, (c) => c.notNull())
      .addPrimaryKeyConstraint('kitchen_prep_times_pk', ['base_id', 'goods_id'])
      .execute()
    await db.schema
      .createTable('kitchen_estimate_settings')
      .addColumn('base_id', REF_ID, (c) => c.primaryKey())
      .addColumn('ent_id', REF_ID, (c) => c.notNull())
      .addColumn('shop_id', REF_ID, (c) => c.notNull())
      .addColumn('default_prep_minutes', 'integer', (c) => c.notNull().defaultTo(8))
      .addColumn('slot_capacity', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', INSTANT, (c) => c.notNull())
      .execute()
    // Counting a slot's orders (appointed time at a branch).
    await db.schema.createIndex('orders_base_appointed').on('orders').columns(['base_id', 'appointed_time']).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('orders_base_appointed').execute()
    await db.schema.dropTable('kitchen_estimate_settings').execute()
    await db.schema.dropTable('kitchen_prep_times').execute()
  }
}
