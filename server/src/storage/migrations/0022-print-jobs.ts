/**
 * Kitchen print jobs (issue 24 item 5; docs/printing.md "When tickets print"): a ticket sent to,
 * or changed at, a station with a printer gets a job row in the transaction that sends or changes
 * it, so a ticket prints exactly when its change committed, even if the process dies right after.
 * A worker in every server process claims waiting jobs with one conditional update (only one
 * process prints a job) and prints them after the commit; a claim left by a process that died
 * runs out (claimed_until) and the job is taken again. Portable DDL only.
 */
import type { Kysely, Migration } from 'kysely'

const REF_ID = 'varchar(64)'
const INSTANT = 'varchar(32)'

export const printJobs: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('print_jobs')
      .addColumn('job_id', REF_ID, (c) => c.primaryKey())
      .addColumn('ent_id', REF_ID, (c) => c.notNull())
      .addColumn('ticket_id', REF_ID, (c) => c.notNull())
      // 'sent' | 'changed'
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      // 'waiting' | 'printing' | 'printed' | 'failed'
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('waiting'))
      .addColumn('not_before', INSTANT, (c) => c.notNull())
      .addColumn('claimed_until', INSTANT)
      .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', INSTANT, (c) => c.notNull())
      .addColumn('printed_at', INSTANT)
      .execute()
    await db.schema.createIndex('print_jobs_state').on('print_jobs').columns(['state', 'not_before']).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('print_jobs').execute()
  }
}
