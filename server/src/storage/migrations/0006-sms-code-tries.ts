/**
 * SMS wrong tries per client address (issue 11): a stranger's guesses no longer burn a member's
 * code. Each (code, client address) gets its own small budget of wrong tries, and sms_codes.tries
 * still counts all of them against the code's total. Portable DDL only (SQLite and PostgreSQL).
 */
import type { Kysely, Migration } from 'kysely'

const ID = 'varchar(64)'

export const smsCodeTries: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sms_code_tries')
      .addColumn('code_id', ID, (c) => c.notNull().references('sms_codes.code_id').onDelete('cascade'))
      .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('tries', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('sms_code_tries_pk', ['code_id', 'client_ip'])
      .execute()
    // The per-(phone, address) limits of sending.
    await db.schema.createIndex('sms_codes_phone_client').on('sms_codes').columns(['area_no', 'phone', 'client_ip', 'created_at']).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('sms_codes_phone_client').execute()
    await db.schema.dropTable('sms_code_tries').execute()
  }
}
