/**
 * What an entry's SheetID opens (spec §2 entry parameter SheetID), once the entry resolved:
 * - the table's open sheet (the table's own) → the table sheet page (orderEntry);
 * - one of the diner's orders (the server answers it only to the device or member who placed it)
 *   → its order details, but at a table only an order of that table;
 * - anything else is refused: another table's order, someone else's order, or no such order.
 * `order`: what OrderDetailGet answered for the SheetID ('notYours' / 'notFound' its refusals);
 * null when it was not asked (the SheetID is the table's open sheet).
 * (Apart from ./entry-params, which reads SheetID with the other entry keys: only the entry
 * page's lazily fetched part uses this, never the way to Home.)
 */
export type SheetEntryRefusal = 'notThisTable' | 'notYours' | 'notFound'
export type SheetEntry = { open: 'tableSheet' } | { open: 'order'; sheetId: string } | { refuse: SheetEntryRefusal }

export function sheetEntry(input: {
  sheetId: string
  /** The entry's table ('' for a shop or branch code). */
  tableId: string
  /** The table's open sheet ('' without one). */
  tableSheetId: string
  order: { TableID: string; TableSheetID: string } | 'notYours' | 'notFound' | null
}): SheetEntry | null {
  const { sheetId, tableId, tableSheetId, order } = input
  if (!sheetId) return null
  if (tableSheetId && sheetId === tableSheetId) return { open: 'tableSheet' }
  if (order === null || order === 'notFound') return { refuse: 'notFound' }
  if (order === 'notYours') return { refuse: 'notYours' }
  if (tableId && order.TableID !== tableId) return { refuse: 'notThisTable' }
  return { open: 'order', sheetId }
}
