/**
 * Two lookups that scanned (issue 24, issue 25): a kitchen ticket's print jobs (every board read
 * and every ticket event loads each ticket's latest job: print_jobs by ticket_id), and a member's
 * identity at a host (a wallet's prepay asks for the open id of the paying member:
 * member_identities by ent_id, provider, vip_id; its primary key starts with the open id).
 * Portable DDL only.
 */
import type { Kysely, Migration } from 'kysely'

export const lookupIndexes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('print_jobs_ticket').on('print_jobs').columns(['ticket_id', 'created_at']).execute()
    await db.schema.createIndex('member_identities_member').on('member_identities').columns(['ent_id', 'provider', 'vip_id']).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('member_identities_member').execute()
    await db.schema.dropIndex('print_jobs_ticket').execute()
  }
}
