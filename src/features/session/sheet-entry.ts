/**
 * The entry's SheetID (spec §2), fetched by the entry page only when the entry names one: asks
 * the server whether the order is the diner's (OrderDetailGet answers only the device or member
 * who placed it) and decides with src/core/entry-params what it opens or why it is refused.
 */
import type { Gateway } from '../../gateway/gateway-client'
import { ORDER_NOT_FOUND, ORDER_NOT_YOURS } from '../../gateway/entry-codes'
import { sheetEntry, type SheetEntry } from '../../core/entry-sheet'
import type { SessionStore } from './session.store'

export async function resolveSheetEntry(gateway: Pick<Gateway, 'request'>, session: Pick<SessionStore, 'entrySheetId' | 'sheet' | 'params'>): Promise<SheetEntry | null> {
  const sheetId = session.entrySheetId
  const tableSheetId = session.sheet?.SheetID ?? ''
  if (!sheetId) return null
  let order: { TableID: string; TableSheetID: string } | 'notYours' | 'notFound' | null = null
  if (sheetId !== tableSheetId) {
    try {
      const row = (await gateway.request('OrderDetailGet', [{ SheetID: sheetId }], { silent: true })).table1?.[0]
      order = row ? { TableID: row.TableID, TableSheetID: row.TableSheetID } : 'notFound'
    } catch (e) {
      // A GatewayError's resultcode (read, not imported: the gateway client is first-screen code).
      const code = (e as { resultcode?: string } | null)?.resultcode
      if (code === ORDER_NOT_YOURS) order = 'notYours'
      else if (code === ORDER_NOT_FOUND) order = 'notFound'
      else throw e
    }
  }
  return sheetEntry({ sheetId, tableId: session.params.TableID, tableSheetId, order })
}
