/**
 * Members' reviews (issue 17 item 2). goods_reviews (migration 0002) gains what a member's review
 * needs: the order line it reviews (order_id null for the imported ones, so they never collide in
 * the one-review-per-line index), whether it is anonymous, whether the shop hid it, the shop's
 * reply, when it was last edited, and its photos as checked uploads (file_ids, JSON array of
 * FileIDs; `images` keeps the imported picture paths). review_submits records every
 * GoodsCommentSubmit that wrote something: the per-member rate limit counts it (stored first, so
 * racing requests on any process cannot all pass), and its RequestKey makes a retry answer
 * without writing twice. Portable DDL only (SQLite and PostgreSQL); instants ISO-8601 UTC.
 */
import type { Kysely, Migration } from 'kysely'

const ID = 'varchar(64)'
const KEY = 'varchar(128)'
const INSTANT = 'varchar(32)'

export const reviews: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('goods_reviews').addColumn('order_id', ID).execute()
    await db.schema.alterTable('goods_reviews').addColumn('line_no', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await db.schema.alterTable('goods_reviews').addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await db.schema.alterTable('goods_reviews').addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await db.schema.alterTable('goods_reviews').addColumn('reply', 'text', (c) => c.notNull().defaultTo('')).execute()
    await db.schema.alterTable('goods_reviews').addColumn('replied_at', INSTANT, (c) => c.notNull().defaultTo('')).execute()
    await db.schema.alterTable('goods_reviews').addColumn('updated_at', INSTANT, (c) => c.notNull().defaultTo('')).execute()
    await db.schema.alterTable('goods_reviews').addColumn('file_ids', 'text', (c) => c.notNull().defaultTo('[]')).execute()
    // One review per order line; NULLs are distinct on both databases (imported reviews).
    await db.schema.createIndex('goods_reviews_order_line').on('goods_reviews').columns(['order_id', 'line_no']).unique().execute()
    await db.schema.createIndex('goods_reviews_member').on('goods_reviews').columns(['ent_id', 'vip_id']).execute()

    await db.schema
      .createTable('review_submits')
      .addColumn('submit_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull())
      .addColumn('vip_id', ID, (c) => c.notNull())
      .addColumn('order_id', ID, (c) => c.notNull())
      /** The client's key (null: none); the same key of the same member writes once. */
      .addColumn('request_key', KEY)
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('review_submits_request_key').on('review_submits').columns(['ent_id', 'vip_id', 'request_key']).unique().execute()
    await db.schema.createIndex('review_submits_member_time').on('review_submits').columns(['ent_id', 'vip_id', 'created_at']).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('review_submits').execute()
    await db.schema.dropIndex('goods_reviews_member').execute()
    await db.schema.dropIndex('goods_reviews_order_line').execute()
    for (const column of ['file_ids', 'updated_at', 'replied_at', 'reply', 'hidden', 'anonymous', 'line_no', 'order_id']) {
      await db.schema.alterTable('goods_reviews').dropColumn(column).execute()
    }
  }
}
