/**
 * The member code as a number staff can type (issue 27 item 22; domain/wallet/member-code.ts,
 * docs/members.md "Member code"): each member code the server issues (VipQrCodeGet) comes with a
 * 10-digit number, short-lived like the QR code beside it. One row per number issued: the number
 * is kept only as an HMAC under the 'member-code' server secret (a copy of this table alone does
 * not give live numbers away), with the member it stands for and when it stops counting. Unique
 * per enterprise; expired rows are pruned when numbers are issued. Portable DDL only; instants
 * ISO-8601 UTC.
 */
import type { Kysely, Migration } from 'kysely'

const INSTANT = 'varchar(32)'

export const memberNumberCodes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('member_number_codes')
      .addColumn('ent_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('number_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('vip_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('expires_at', INSTANT, (c) => c.notNull())
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addPrimaryKeyConstraint('member_number_codes_pk', ['ent_id', 'number_hash'])
      .execute()
    await db.schema.createIndex('member_number_codes_expiry').on('member_number_codes').column('expires_at').execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('member_number_codes').execute()
  }
}
