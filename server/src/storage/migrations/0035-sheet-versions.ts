/**
 * A table bill's version (issue 28 item 6): every change a diner's bill read shows is an event
 * of the change's transaction ('bill.changed' for its table, a round's 'order.progress'), and
 * such an event now names the bill's sheet. The newest event id naming a sheet, with the sheet's
 * own row, says whether a bill read built before is still the answer
 * (table-sheets/table-sheet.answers.ts), so a table's phones polling a bill of a hundred rounds
 * do not rebuild it every five seconds. Insert-only: no lock beyond the event's own.
 */
import type { Kysely, Migration } from 'kysely'

export const sheetVersions: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('events').addColumn('sheet_id', 'varchar(64)', (c) => c.notNull().defaultTo('')).execute()
    await db.schema.createIndex('events_sheet').on('events').columns(['sheet_id', 'id']).execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('events_sheet').execute()
    await db.schema.alterTable('events').dropColumn('sheet_id').execute()
  }
}
