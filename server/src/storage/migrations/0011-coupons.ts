/**
 * Coupons and vouchers (issue 15): plans (what a card is worth, where it applies, how many,
 * when claimable, how long valid), cards (one member's copy with its own code and state), the
 * cards' history, wrong voucher-code tries, and the card an order took. Portable DDL only
 * (SQLite and PostgreSQL). Money is exact decimal text; instants ISO-8601 UTC; days
 * 'YYYY-MM-DD' on the enterprise's clock.
 */
import type { Kysely, Migration } from 'kysely'

const ID = 'varchar(64)'
const KEY = 'varchar(128)'
const INSTANT = 'varchar(32)'
const MONEY = 'varchar(40)'
const DAY = 'varchar(10)'

export const coupons: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('coupon_plans')
      .addColumn('plan_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      /** The shop's own short name for the plan (CLI), unique in the enterprise. */
      .addColumn('code', 'varchar(64)', (c) => c.notNull())
      /** JSON LocalizedText. */
      .addColumn('names', 'text', (c) => c.notNull())
      /** JSON LocalizedText: the rules shown with the card ('' texts: none). */
      .addColumn('descriptions', 'text', (c) => c.notNull().defaultTo('{}'))
      /** 1 cash voucher (amount off), 2 discount (percent off). */
      .addColumn('coupon_type', 'integer', (c) => c.notNull())
      /** Cash voucher: money off. '0' for a discount. */
      .addColumn('amount', MONEY, (c) => c.notNull().defaultTo('0'))
      /** Least eligible spend the card needs ('0' none). */
      .addColumn('min_amount', MONEY, (c) => c.notNull().defaultTo('0'))
      /** Discount: percent taken off the eligible lines ('15' = 15 % off). '0' for a cash voucher. */
      .addColumn('discount_rate', MONEY, (c) => c.notNull().defaultTo('0'))
      /** Discount: most it may take off ('0' no cap). */
      .addColumn('max_off', MONEY, (c) => c.notNull().defaultTo('0'))
      /** Scope, JSON arrays of ids; [] = any. Goods and classes are ids of the shops' menus. */
      .addColumn('shop_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('base_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('service_types', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('goods_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('class_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      /** Cards that may exist (null = unlimited) and cards given so far (claims lock this row). */
      .addColumn('total_qua', 'integer')
      .addColumn('issued_qua', 'integer', (c) => c.notNull().defaultTo(0))
      /** Cards of this plan one member may hold, whatever their state (0 = unlimited). */
      .addColumn('per_member_qua', 'integer', (c) => c.notNull().defaultTo(1))
      /** 1: members claim it in the app; 0: only issued (by the shop, a recharge or a typed code). */
      .addColumn('claimable', 'integer', (c) => c.notNull().defaultTo(0))
      /** Claim window, instants; null = open. */
      .addColumn('claim_from', INSTANT)
      .addColumn('claim_to', INSTANT)
      /** 1 from the day of collection for valid_days days; 2 from the next day for valid_days days; 3 fixed days. */
      .addColumn('valid_kind', 'integer', (c) => c.notNull())
      .addColumn('valid_days', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('valid_from', DAY, (c) => c.notNull().defaultTo(''))
      .addColumn('valid_to', DAY, (c) => c.notNull().defaultTo(''))
      /** 1 running, 0 paused (nothing new claimed or issued; cards already held keep working). */
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addColumn('updated_at', INSTANT, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('coupon_plans_code').on('coupon_plans').columns(['ent_id', 'code']).unique().execute()

    await db.schema
      .createTable('coupon_cards')
      .addColumn('card_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull())
      .addColumn('plan_id', ID, (c) => c.notNull().references('coupon_plans.plan_id'))
      /** The holder; '' for a printed voucher nobody has redeemed yet. */
      .addColumn('vip_id', ID, (c) => c.notNull().defaultTo(''))
      /** The card's code (shown as text and QR code, typed in as a voucher), unique in the enterprise. */
      .addColumn('code', 'varchar(32)', (c) => c.notNull())
      /** 0 available, 1 used, 2 expired, 3 returned (voided by the shop). */
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      /** Days on the enterprise's clock, both included. */
      .addColumn('valid_from', DAY, (c) => c.notNull())
      .addColumn('valid_to', DAY, (c) => c.notNull())
      /** 'claim' | 'issue' | 'recharge' | 'voucher' | 'migrated' and the id behind it. */
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .addColumn('source_id', ID, (c) => c.notNull().defaultTo(''))
      /** A claim's request key ('' otherwise): the same key claims once. */
      .addColumn('request_key', KEY, (c) => c.notNull().defaultTo(''))
      /** The order that took the card ('' none). */
      .addColumn('order_id', ID, (c) => c.notNull().defaultTo(''))
      .addColumn('used_at', INSTANT)
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addColumn('updated_at', INSTANT, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('coupon_cards_code').on('coupon_cards').columns(['ent_id', 'code']).unique().execute()
    await db.schema.createIndex('coupon_cards_vip').on('coupon_cards').columns(['vip_id', 'status']).execute()
    await db.schema.createIndex('coupon_cards_plan_vip').on('coupon_cards').columns(['plan_id', 'vip_id']).execute()
    await db.schema.createIndex('coupon_cards_order').on('coupon_cards').columns(['order_id']).execute()

    await db.schema
      .createTable('coupon_card_events')
      .addColumn('card_id', ID, (c) => c.notNull().references('coupon_cards.card_id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      /** 'claim' | 'issue' | 'recharge' | 'redeem' | 'migrate' | 'use' | 'give-back' | 'expire' | 'void' */
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      .addColumn('from_status', 'integer', (c) => c.notNull())
      .addColumn('to_status', 'integer', (c) => c.notNull())
      /** 'member:<vip_id>' | 'shop' (CLI) | 'system' */
      .addColumn('actor', KEY, (c) => c.notNull())
      /** The order, recharge or claim behind it ('' none). */
      .addColumn('ref_id', ID, (c) => c.notNull().defaultTo(''))
      .addColumn('at', INSTANT, (c) => c.notNull())
      .addPrimaryKeyConstraint('coupon_card_events_pk', ['card_id', 'seq'])
      .execute()

    // Wrong voucher codes typed by one member in one window (a code cannot be guessed by trying).
    await db.schema
      .createTable('coupon_code_tries')
      .addColumn('ent_id', ID, (c) => c.notNull())
      .addColumn('vip_id', ID, (c) => c.notNull())
      /** Start of the window, instant. */
      .addColumn('window_start', INSTANT, (c) => c.notNull())
      .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('coupon_code_tries_pk', ['ent_id', 'vip_id'])
      .execute()

    // The card an order took, with its name and what it took off (the order keeps them).
    await db.schema.alterTable('orders').addColumn('card_id', ID, (c) => c.notNull().defaultTo('')).execute()
    await db.schema.alterTable('orders').addColumn('coupon_name', 'text', (c) => c.notNull().defaultTo('')).execute()
    await db.schema.alterTable('orders').addColumn('coupon_amount', MONEY, (c) => c.notNull().defaultTo('0')).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('orders').dropColumn('coupon_amount').execute()
    await db.schema.alterTable('orders').dropColumn('coupon_name').execute()
    await db.schema.alterTable('orders').dropColumn('card_id').execute()
    for (const table of ['coupon_code_tries', 'coupon_card_events', 'coupon_cards', 'coupon_plans']) {
      await db.schema.dropTable(table).execute()
    }
  }
}
