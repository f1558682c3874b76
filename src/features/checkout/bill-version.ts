/**
 * A bill's rows held with the version they are of (PosSheetDetailGet's table4, issue 28 item 6):
 * a store polling a bill sends back the version it holds, and while the bill is unchanged the
 * answer leaves the rows out (a bill of a hundred rounds is 70 KB, every five seconds, over a
 * diner's signal). Shared by the table page's and the split bill's stores.
 */
import type { OperationTypes } from '../../gateway/operations'
import type { OrderLineRow, RoundRow } from '../../gateway/order-rows'

type Detail = Partial<OperationTypes['PosSheetDetailGet']['output']>

/** What to add to the request: the version held, when rows are held. */
export const heldVersion = (version: string): { BillVersion?: string } => (version ? { BillVersion: version } : {})

/**
 * What an answer means for the rows held. `sent`: the version the request carried; `heldNow`:
 * the store's version now (something else, a quantity change, may have replaced its rows
 * meanwhile). `rows` null: keep the rows held; `version`: what the store holds from here.
 */
export function billAnswer(out: Detail, sent: string, heldNow: string): { rows: { lines: OrderLineRow[]; rounds: RoundRow[] } | null; version: string } {
  const version = out.table4?.[0]
  if (version?.RowsOmitted === 1) {
    // The version sent is still the bill's, so the rows held are it, unless they were replaced
    // since it was sent: then keep those, and the next read asks for every row.
    return { rows: null, version: sent === heldNow ? version.BillVersion : '' }
  }
  return { rows: { lines: out.table2 ?? [], rounds: out.table3 ?? [] }, version: version?.BillVersion ?? '' }
}
