/**
 * The privacy policy and terms of use a member agreed to (issue 27: kept per member on the server,
 * not per device): one row per member and terms version, so a member who agreed on one phone is
 * not asked again on another, and a new version asks again. Withdrawing (unticking the box) removes
 * that version's row. server/src/domain/members/terms-agreement.service.ts. Portable DDL only;
 * instants ISO-8601 UTC.
 */
import type { Kysely, Migration } from 'kysely'

const INSTANT = 'varchar(32)'

export const memberTermsAgreements: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('member_terms_agreements')
      .addColumn('ent_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('vip_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('terms_version', 'varchar(32)', (c) => c.notNull())
      .addColumn('agreed_at', INSTANT, (c) => c.notNull())
      .addPrimaryKeyConstraint('member_terms_agreements_pk', ['ent_id', 'vip_id', 'terms_version'])
      .execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('member_terms_agreements').execute()
  }
}
