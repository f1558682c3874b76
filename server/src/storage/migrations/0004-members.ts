/**
 * Members and money (issue 5): members and their host identities, sessions, SMS codes, the
 * balance and points ledgers, recharge rules and recharges, gift coupons, and server secrets.
 * Portable DDL only (SQLite and PostgreSQL). Money is exact decimal text; instants ISO-8601 UTC.
 */
import { sql, type Kysely, type Migration } from 'kysely'

const ID = 'varchar(64)'
const KEY = 'varchar(128)'
const INSTANT = 'varchar(32)'
const MONEY = 'varchar(40)'

export const members: Migration = {
  async up(db: Kysely<any>) {
    // A member of one enterprise. A phone belongs to at most one member of an enterprise; a
    // device has at most one walk-in guest identity.
    await db.schema
      .createTable('members')
      .addColumn('vip_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('area_no', 'varchar(8)', (c) => c.notNull().defaultTo(''))
      .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('vip_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('sex', 'varchar(4)', (c) => c.notNull().defaultTo(''))
      .addColumn('birthday', 'varchar(10)', (c) => c.notNull().defaultTo(''))
      .addColumn('head_img', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_guest', 'integer', (c) => c.notNull().defaultTo(0))
      /** A guest's device key hash ('' for others). */
      .addColumn('device_key', KEY, (c) => c.notNull().defaultTo(''))
      /** Random public reference the member code carries instead of vip_id. */
      .addColumn('code_ref', KEY, (c) => c.notNull())
      /** Registration details (spec §7: shop and base names and codes, RegisterType). */
      .addColumn('register_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('register_place', 'text', (c) => c.notNull().defaultTo('{}'))
      /** Balance and points: the sums of their ledgers, kept here so spending can lock one row. */
      .addColumn('balance', MONEY, (c) => c.notNull().defaultTo('0'))
      .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addColumn('updated_at', INSTANT, (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('members_phone_unique')
      .on('members')
      .columns(['ent_id', 'area_no', 'phone'])
      .unique()
      .where(sql.ref('phone'), '<>', '')
      .execute()
    await db.schema
      .createIndex('members_guest_unique')
      .on('members')
      .columns(['ent_id', 'device_key'])
      .unique()
      .where(sql.ref('device_key'), '<>', '')
      .execute()
    await db.schema.createIndex('members_code_ref').on('members').column('code_ref').unique().execute()

    // Host identities (open ids) of members.
    await db.schema
      .createTable('member_identities')
      .addColumn('ent_id', ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('provider', 'varchar(32)', (c) => c.notNull())
      .addColumn('open_id', KEY, (c) => c.notNull())
      .addColumn('mina_id', KEY, (c) => c.notNull().defaultTo(''))
      .addColumn('vip_id', ID, (c) => c.notNull().references('members.vip_id').onDelete('cascade'))
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addPrimaryKeyConstraint('member_identities_pk', ['ent_id', 'provider', 'open_id'])
      .execute()

    // Sessions: only the token's SHA-256 is stored.
    await db.schema
      .createTable('member_sessions')
      .addColumn('token_hash', KEY, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull())
      .addColumn('vip_id', ID, (c) => c.notNull().references('members.vip_id').onDelete('cascade'))
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addColumn('expires_at', INSTANT, (c) => c.notNull())
      .addColumn('revoked_at', INSTANT)
      .execute()
    await db.schema.createIndex('member_sessions_vip').on('member_sessions').column('vip_id').execute()

    // SMS codes: only the code's hash is stored; tries count wrong answers.
    await db.schema
      .createTable('sms_codes')
      .addColumn('code_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull())
      .addColumn('area_no', 'varchar(8)', (c) => c.notNull())
      .addColumn('phone', 'varchar(32)', (c) => c.notNull())
      .addColumn('source_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('code_hash', KEY, (c) => c.notNull())
      .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addColumn('expires_at', INSTANT, (c) => c.notNull())
      /** Set when used or burned (too many wrong tries, or replaced by a newer code). */
      .addColumn('ended_at', INSTANT)
      .execute()
    // The per-phone limits count across enterprises (a phone is one person).
    await db.schema.createIndex('sms_codes_phone').on('sms_codes').columns(['area_no', 'phone', 'created_at']).execute()
    await db.schema.createIndex('sms_codes_client').on('sms_codes').columns(['client_ip', 'created_at']).execute()

    // The balance ledger: the balance is the sum of amount; one entry per (kind, ref).
    await db.schema
      .createTable('balance_ledger')
      .addColumn('entry_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull())
      .addColumn('vip_id', ID, (c) => c.notNull().references('members.vip_id').onDelete('cascade'))
      /** 'recharge' | 'gift' | 'spend' | 'refund' */
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      /** Signed exact decimal. */
      .addColumn('amount', MONEY, (c) => c.notNull())
      .addColumn('balance_after', MONEY, (c) => c.notNull())
      /** An order id (spend, refund) or a recharge id (recharge, gift). */
      .addColumn('ref_id', ID, (c) => c.notNull())
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('balance_ledger_ref').on('balance_ledger').columns(['kind', 'ref_id']).unique().execute()
    await db.schema.createIndex('balance_ledger_vip').on('balance_ledger').columns(['vip_id', 'created_at']).execute()

    // The points ledger, likewise.
    await db.schema
      .createTable('score_ledger')
      .addColumn('entry_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull())
      .addColumn('vip_id', ID, (c) => c.notNull().references('members.vip_id').onDelete('cascade'))
      /** 'earn' | 'reverse' */
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('score', 'integer', (c) => c.notNull())
      .addColumn('score_after', 'integer', (c) => c.notNull())
      .addColumn('ref_id', ID, (c) => c.notNull())
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('score_ledger_ref').on('score_ledger').columns(['kind', 'ref_id']).unique().execute()
    await db.schema.createIndex('score_ledger_vip').on('score_ledger').columns(['vip_id', 'created_at']).execute()

    // Recharge rules: pay amount, get amount + gift_amount and the gift coupons (JSON list).
    await db.schema
      .createTable('recharge_rules')
      .addColumn('rule_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      /** '' every shop. */
      .addColumn('shop_id', ID, (c) => c.notNull().defaultTo(''))
      .addColumn('names', 'text', (c) => c.notNull())
      .addColumn('amount', MONEY, (c) => c.notNull())
      .addColumn('gift_amount', MONEY, (c) => c.notNull().defaultTo('0'))
      /** [{ names: {zh-CN, zh-TW, en}, value, minAmount, validDays, qua }] */
      .addColumn('gift_coupons', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_enable', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()

    // A recharge and its payment at the provider (its notices go to payment_notices, pay_id = recharge_id).
    await db.schema
      .createTable('recharges')
      .addColumn('recharge_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('shop_id', ID, (c) => c.notNull())
      .addColumn('vip_id', ID, (c) => c.notNull().references('members.vip_id').onDelete('cascade'))
      .addColumn('rule_id', ID, (c) => c.notNull())
      .addColumn('request_key', KEY, (c) => c.notNull())
      .addColumn('request_hash', KEY, (c) => c.notNull())
      .addColumn('amount', MONEY, (c) => c.notNull())
      .addColumn('gift_amount', MONEY, (c) => c.notNull())
      /** The rule's gift coupons as they were when the recharge was made. */
      .addColumn('gift_coupons', 'text', (c) => c.notNull().defaultTo('[]'))
      /** 0 pending, 1 paid (gifts granted), 2 declined. */
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('provider', 'varchar(32)', (c) => c.notNull())
      .addColumn('provider_ref', KEY, (c) => c.notNull().defaultTo(''))
      .addColumn('return_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addColumn('paid_at', INSTANT)
      .execute()
    await db.schema.createIndex('recharges_request_key').on('recharges').columns(['ent_id', 'request_key']).unique().execute()
    await db.schema.createIndex('recharges_vip').on('recharges').columns(['vip_id', 'created_at']).execute()

    // Coupons a member holds (given with recharges here; the coupons issue adds the rest).
    await db.schema
      .createTable('member_coupons')
      .addColumn('coupon_id', ID, (c) => c.primaryKey())
      .addColumn('ent_id', ID, (c) => c.notNull())
      .addColumn('vip_id', ID, (c) => c.notNull().references('members.vip_id').onDelete('cascade'))
      .addColumn('names', 'text', (c) => c.notNull())
      .addColumn('value', MONEY, (c) => c.notNull())
      .addColumn('min_amount', MONEY, (c) => c.notNull().defaultTo('0'))
      /** 'YYYY-MM-DD' on the enterprise's clock, both days included. */
      .addColumn('valid_from', 'varchar(10)', (c) => c.notNull())
      .addColumn('valid_to', 'varchar(10)', (c) => c.notNull())
      /** 'recharge' */
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .addColumn('source_id', ID, (c) => c.notNull())
      /** 0 unused, 1 used, 2 void. */
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('member_coupons_vip').on('member_coupons').columns(['vip_id', 'status']).execute()
    await db.schema.createIndex('member_coupons_source').on('member_coupons').columns(['source', 'source_id']).execute()

    // Secrets this deployment generates once and shares between its processes (the CLI checks
    // member codes the server signed): name → random value.
    await db.schema
      .createTable('server_secrets')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('value', KEY, (c) => c.notNull())
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .execute()
  },

  async down(db: Kysely<any>) {
    for (const table of [
      'server_secrets',
      'member_coupons',
      'recharges',
      'recharge_rules',
      'score_ledger',
      'balance_ledger',
      'sms_codes',
      'member_sessions',
      'member_identities',
      'members'
    ]) {
      await db.schema.dropTable(table).ifExists().execute()
    }
  }
}
