/** What the table-sheet operations hand the domain (the context's caller fields), and the round submits' answer. */
import type { OrderPlacementInput, OrderRow, TableSheetRow } from '../../../../src/gateway/order-rows'
import { requireOwner } from '../../domain/orders/order.service'
import { placeNames } from '../../storage/repositories/order.repository'
import { roundRows, sheetRows } from '../../domain/table-sheets/table-sheet.answers'
import { placeRound, sheetState, type RoundCall, type SheetCaller } from '../../domain/table-sheets/table-sheet.service'
import type { AppOperationContext } from '../operation'
import { optionalId } from '../fields'

/**
 * The table's QR code, which the diner's app keeps from the scan: the proof of sitting at the
 * table that rounds, the sheet and its bill ask for (domain/table-sheets/sheet-access.ts).
 */
export const tableCodeField = optionalId("The table's QR code as scanned (proof of sitting at the table; without it → TABLE_CODE_REQUIRED unless this device ordered on the sheet)")

/** Placing a round needs the device key (its owner); reading a sheet does not. `qrCode`: what the caller scanned. */
export function sheetCaller(ctx: AppOperationContext, placing = false, qrCode?: string): SheetCaller {
  if (placing) requireOwner(ctx)
  return { db: ctx.db, entId: ctx.enterprise.entId, ownerKey: ctx.ownerKey, locale: ctx.locale, origin: ctx.origin, now: ctx.now, qrCode }
}

/** PosOrderSubmit, MealPosOrderSubmit and MergeOrderSubmit: place the round, answer the sheet (table1) and the round (table2). */
export async function submitRound(
  ctx: AppOperationContext,
  { QRCode, ...input }: OrderPlacementInput & { RequestKey: string; SheetID?: string; QRCode?: string },
  call: RoundCall
): Promise<{ table1: TableSheetRow[]; table2: OrderRow[] }> {
  const caller = sheetCaller(ctx, true, QRCode)
  const { sheet, round, settings } = await placeRound(caller, input, call)
  // The sheet's state once for both tables (read twice, it was the shop's state, its time zone and
  // two settings again: three statements of every round, issue 28 item 6).
  // The round's places are its sheet's: their names read once for both (three statements).
  const [state, names] = await Promise.all([sheetState(ctx.db, sheet, ctx.now, ctx.origin, settings), placeNames(ctx.db, [round])])
  return { table1: await sheetRows(ctx.db, [{ sheet, state }], caller.locale, names), table2: await roundRows(caller, [round], state.timeZone, names) }
}
