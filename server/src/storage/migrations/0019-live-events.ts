/**
 * The live event outbox (issue 23 sold-out, issue 24 item 1; docs/live-events.md). Every change a
 * screen must see is written, in the transaction that makes it, to `events`; screens read it from
 * their last id onwards (server/src/live/outbox.ts).
 *
 * Ids come from `event_counters`, one row per enterprise, not from an autoincrement or a
 * sequence: appendEvent bumps the row (an upsert) in the writer's transaction, so on PostgreSQL
 * the row lock it takes is held until that transaction ends and the next writer of the same
 * enterprise gets the next id only after it. Ids of one enterprise are therefore gap-free (a
 * rolled-back id is handed out again) and become visible in id order, which a sequence cannot
 * promise (its numbers commit out of order): a reader resuming after id N never misses an event
 * committed later with a smaller id. SQLite serialises writers anyway. Same DDL on both.
 *
 * `pruned_through`: the highest id pruning deleted; a cursor below it has lost events and is
 * told to reload ('reset'). Also `goods.sold_out` and `goods_add_ons.sold_out` (0/1), the shop's
 * sold-out switch (server/src/domain/catalogue/sold-out.service.ts).
 */
import type { Kysely, Migration } from 'kysely'

const REF_ID = 'varchar(64)'
const INSTANT = 'varchar(32)'

export const liveEvents: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('event_counters')
      .addColumn('ent_id', REF_ID, (c) => c.primaryKey())
      .addColumn('last_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('pruned_through', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .createTable('events')
      .addColumn('ent_id', REF_ID, (c) => c.notNull())
      .addColumn('id', 'bigint', (c) => c.notNull())
      // '' for an event of the whole enterprise.
      .addColumn('shop_id', REF_ID, (c) => c.notNull().defaultTo(''))
      .addColumn('base_id', REF_ID)
      .addColumn('kind', 'varchar(64)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addPrimaryKeyConstraint('events_pk', ['ent_id', 'id'])
      .execute()
    // Pruning by age.
    await db.schema.createIndex('events_created').on('events').column('created_at').execute()

    await db.schema.alterTable('goods').addColumn('sold_out', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await db.schema.alterTable('goods_add_ons').addColumn('sold_out', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('goods_add_ons').dropColumn('sold_out').execute()
    await db.schema.alterTable('goods').dropColumn('sold_out').execute()
    await db.schema.dropTable('events').execute()
    await db.schema.dropTable('event_counters').execute()
  }
}
