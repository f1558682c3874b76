/**
 * A delivery order keeps the point its range was checked at (issue 12 item 5): the diner's
 * "Use my location" (degrees), recorded with the address the diner typed. (0, 0): no point was
 * given (the branch needed no distance). Portable DDL only (SQLite and PostgreSQL).
 */
import type { Kysely, Migration } from 'kysely'

export const orderDeliveryPoint: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('orders').addColumn('delivery_lat', 'double precision', (c) => c.notNull().defaultTo(0)).execute()
    await db.schema.alterTable('orders').addColumn('delivery_lng', 'double precision', (c) => c.notNull().defaultTo(0)).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('orders').dropColumn('delivery_lng').execute()
    await db.schema.alterTable('orders').dropColumn('delivery_lat').execute()
  }
}
