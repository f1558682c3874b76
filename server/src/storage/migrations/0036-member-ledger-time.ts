/**
 * A member's newest ledger entry time (issue 28 item 6). Each balance and points entry is written
 * with the member row locked and dated after the member's newest entry, so a member's entries
 * list in the order they happened even within one millisecond (balance.service.ts entryTime).
 * That newest time was one read of a ledger per entry, two in every balance payment (the spend
 * and the points), with the branch's busiest rows locked. The member row now carries it
 * (`ledger_at`, both ledgers' newest), written by the statement that moves the balance or the
 * score; the locked row read before is then enough. Filled here from the ledgers.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const memberLedgerTime: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('members').addColumn('ledger_at', 'varchar(32)', (c) => c.notNull().defaultTo('')).execute()
    await sql`
      update members set ledger_at = coalesce((
        select max(t.created_at) from (
          select created_at from balance_ledger where balance_ledger.vip_id = members.vip_id
          union all
          select created_at from score_ledger where score_ledger.vip_id = members.vip_id
        ) as t
      ), '')
      where exists (select 1 from balance_ledger where balance_ledger.vip_id = members.vip_id)
         or exists (select 1 from score_ledger where score_ledger.vip_id = members.vip_id)
    `.execute(db)
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('members').dropColumn('ledger_at').execute()
  }
}
