/**
 * A shop may hold several merchant accounts, one per payment provider (a restaurant in mainland
 * China takes WeChat Pay from diners in WeChat and Alipay from diners in Alipay at the same till).
 * finance_accounts is rebuilt with the primary key (shop_id, provider) and a `position` (the
 * shop's first account is its default, used for 'hosted' when no other fits); every existing row is
 * copied as it is, at position 0. Portable DDL and data only (SQLite and PostgreSQL).
 */
import type { Kysely, Migration } from 'kysely'

const ID = 'varchar(64)'

async function copyInto(db: Kysely<any>, from: string, to: string): Promise<void> {
  const rows = (await db.selectFrom(from).selectAll().execute()) as Record<string, unknown>[]
  for (const r of rows) {
    await db
      .insertInto(to)
      .values({ shop_id: r.shop_id, ent_id: r.ent_id, provider: r.provider, account_name: r.account_name, account_no: r.account_no, is_enable: r.is_enable })
      .execute()
  }
}

export const shopPaymentAccounts: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('finance_accounts_multi')
      .addColumn('shop_id', ID, (c) => c.notNull().references('shops.shop_id').onDelete('cascade'))
      .addColumn('ent_id', ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('provider', 'varchar(32)', (c) => c.notNull())
      .addColumn('account_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('account_no', 'varchar(128)', (c) => c.notNull())
      .addColumn('is_enable', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('finance_accounts_shop_provider', ['shop_id', 'provider'])
      .execute()
    await copyInto(db, 'finance_accounts', 'finance_accounts_multi')
    await db.schema.dropTable('finance_accounts').execute()
    await db.schema.alterTable('finance_accounts_multi').renameTo('finance_accounts').execute()
  },
  async down(db: Kysely<any>) {
    await db.schema
      .createTable('finance_accounts_single')
      .addColumn('shop_id', ID, (c) => c.primaryKey().references('shops.shop_id').onDelete('cascade'))
      .addColumn('ent_id', ID, (c) => c.notNull().references('enterprises.ent_id').onDelete('cascade'))
      .addColumn('provider', 'varchar(32)', (c) => c.notNull())
      .addColumn('account_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('account_no', 'varchar(128)', (c) => c.notNull())
      .addColumn('is_enable', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    const rows = (await db.selectFrom('finance_accounts').selectAll().orderBy('shop_id').orderBy('position').orderBy('provider').execute()) as Record<string, unknown>[]
    for (const r of rows) {
      await db
        .insertInto('finance_accounts_single')
        .values({ shop_id: r.shop_id, ent_id: r.ent_id, provider: r.provider, account_name: r.account_name, account_no: r.account_no, is_enable: r.is_enable })
        .onConflict((oc) => oc.doNothing())
        .execute()
    }
    await db.schema.dropTable('finance_accounts').execute()
    await db.schema.alterTable('finance_accounts_single').renameTo('finance_accounts').execute()
  }
}
