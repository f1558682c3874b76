/**
 * An SMS code belongs to who asked for it (issue 11, red-team review): the device (its key's
 * hash) or, for a caller without a device key, its address. Only that requester's checks reach
 * the code and only its own newer code replaces it, so a stranger can neither burn a member's code
 * with guesses nor void it by asking for another. Codes sent before this migration belong to no
 * one and simply expire (they live 5 minutes). Portable DDL only (SQLite and PostgreSQL).
 */
import type { Kysely, Migration } from 'kysely'

export const smsCodeRequester: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sms_codes').addColumn('requester', 'varchar(80)', (c) => c.notNull().defaultTo('')).execute()
    await db.schema.createIndex('sms_codes_requester').on('sms_codes').columns(['area_no', 'phone', 'requester', 'created_at']).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('sms_codes_requester').execute()
    await db.schema.alterTable('sms_codes').dropColumn('requester').execute()
  }
}
