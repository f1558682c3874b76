/** What the table-sheet operations hand the domain (the context's caller fields), and the round submits' answer. */
import type { OrderPlacementInput, OrderRow, TableSheetRow } from '../../../../src/gateway/order-rows'
import { requireOwner } from '../../domain/orders/order.service'
import { roundRows, sheetAnswerRows } from '../../domain/table-sheets/table-sheet.answers'
import { placeRound, sheetState, type RoundCall, type SheetCaller } from '../../domain/table-sheets/table-sheet.service'
import type { AppOperationContext } from '../operation'

/** Placing a round needs the device key (its owner); reading a sheet does not. */
export function sheetCaller(ctx: AppOperationContext, placing = false): SheetCaller {
  if (placing) requireOwner(ctx)
  return { db: ctx.db, entId: ctx.enterprise.entId, ownerKey: ctx.ownerKey, locale: ctx.locale, origin: ctx.origin, now: ctx.now }
}

/** PosOrderSubmit, MealPosOrderSubmit and MergeOrderSubmit: place the round, answer the sheet (table1) and the round (table2). */
export async function submitRound(
  ctx: AppOperationContext,
  input: OrderPlacementInput & { RequestKey: string; SheetID?: string },
  call: RoundCall
): Promise<{ table1: TableSheetRow[]; table2: OrderRow[] }> {
  const caller = sheetCaller(ctx, true)
  const { sheet, round } = await placeRound(caller, input, call)
  const state = await sheetState(ctx.db, sheet, ctx.now, ctx.origin)
  return { table1: await sheetAnswerRows(caller, [sheet]), table2: await roundRows(caller, [round], state.timeZone) }
}
