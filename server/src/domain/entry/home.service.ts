/** Everything the entry page needs about where the diner is (HomeShopDetailsGet). */
import type { Kysely } from 'kysely'
import { findOpenSheet } from '../../storage/repositories/sheet.repository'
import { countBranchTables } from '../../storage/repositories/table.repository'
import type { Database } from '../../storage/schema'
import { enterpriseTimeZone, wallClockText } from '../enterprise/enterprise.service'
import { DomainError } from '../errors'
import type { TableSheet } from '../records'
import { resolveEntry, withChosenBranch, type Entry, type EntryLookup } from './entry.service'

export interface HomeDetails extends Entry {
  openSheet: TableSheet | null
  timeZone: string
  /** Wall clock now in timeZone, 'YYYY-MM-DD HH:mm:ss'. */
  nowText: string
  /** The open sheet's creation on the same wall clock. */
  sheetCreatedText: string
  /** Tables of the branch when the entry named none (Home then offers choosing one by hand); 0 otherwise. */
  tableCount: number
}

export async function homeDetails(db: Kysely<Database>, entId: string, lookup: EntryLookup, now: Date): Promise<HomeDetails> {
  const resolved = await resolveEntry(db, lookup, { entId, now })
  // Nothing to look up is the spec's "shop does not exist": initialisation cannot go on.
  if (!resolved) throw new DomainError('SHOP_NOT_FOUND')
  const entry = await withChosenBranch(db, resolved, lookup.BaseID)
  // The open sheet is shown only to whoever scanned the table's code, never for a bare TableID.
  const [openSheet, timeZone, tableCount] = await Promise.all([
    entry.table && entry.holdsTableCode ? findOpenSheet(db, entId, entry.table.tableId) : Promise.resolve(null),
    enterpriseTimeZone(db, entId),
    !entry.table && entry.base ? countBranchTables(db, entId, entry.base.baseId) : Promise.resolve(0)
  ])
  return {
    ...entry,
    openSheet,
    timeZone,
    tableCount,
    nowText: wallClockText(timeZone, now),
    sheetCreatedText: openSheet ? wallClockText(timeZone, new Date(openSheet.createdAt)) : ''
  }
}
