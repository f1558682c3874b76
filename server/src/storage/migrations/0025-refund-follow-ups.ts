/**
 * Refunds followed until the vendor confirms them (issue 25 item 5; domain/payments/refund-follow-up.ts).
 * One row per refund number we asked a provider under: the first number of a refund (the payId for
 * a full refund, the after-sale request's id for a partial one), then '<first>-r2', '-r3' … when
 * the vendor closed it and asking again needs a new number. state: 'due' (to ask the vendor),
 * 'requested' (accepted, not yet confirmed), 'confirmed', 'abnormal' (the money sits at the vendor
 * for the shop to settle at its merchant platform; still asked now and then), 'closed' (the vendor
 * closed it: the next number carries it on), 'given_up' (asked too often in vain: the shop settles
 * it), 'accepted' (a provider we cannot ask: taken as given). tries and next_at are the backoff.
 * Portable DDL only (SQLite and PostgreSQL); money exact decimal text; instants ISO-8601 UTC.
 */
import type { Kysely, Migration } from 'kysely'

const ID = 'varchar(64)'
const INSTANT = 'varchar(32)'

export const refundFollowUps: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('refund_follow_ups')
      .addColumn('pay_id', ID, (c) => c.notNull())
      .addColumn('refund_no', ID, (c) => c.notNull())
      .addColumn('provider', ID, (c) => c.notNull())
      /** The refund's first number: pay_id for a payment's full refund. */
      .addColumn('base_no', ID, (c) => c.notNull())
      /** 1 for the first number, 2 for '-r2' … */
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('amount', 'varchar(40)', (c) => c.notNull())
      .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_at', INSTANT, (c) => c.notNull())
      .addColumn('last_error', 'varchar(400)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addColumn('updated_at', INSTANT, (c) => c.notNull())
      .addPrimaryKeyConstraint('refund_follow_ups_pk', ['pay_id', 'refund_no'])
      .execute()
    await db.schema.createIndex('refund_follow_ups_due').on('refund_follow_ups').columns(['state', 'next_at']).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('refund_follow_ups').execute()
  }
}
