import { z } from 'zod'
import { roundRows, sheetAnswerRows } from '../../domain/table-sheets/table-sheet.answers'
import { sheetState, startSettlement } from '../../domain/table-sheets/table-sheet.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { ORDER_COLUMNS } from './OrderRows'
import { sheetCaller } from './sheet-caller'
import { TABLE_SHEET_COLUMNS } from './table-sheet-rows'

export default defineOperation({
  name: 'PayLaterUpdate',
  group: 'Retail',
  summary:
    "Postpay online checkout: makes the sheet's settlement order for what is still due (table2; pay it with PaySubmit — paying it closes the sheet). Calling again while it is pending answers the same settlement; a round ordered meanwhile cancels it. Needs X-Device-Key. Branch without IsPayLaterOnlineCheckout = 1 → ONLINE_CHECKOUT_OFF; closed sheet → SHEET_CLOSED; no rounds → CART_EMPTY.",
  auth: 'app',
  input: z.object({ SheetID: requiredId('Table sheet id') }),
  output: { table1: TABLE_SHEET_COLUMNS, table2: ORDER_COLUMNS },
  async handler(ctx, input) {
    const caller = sheetCaller(ctx, true)
    const { sheet, settlement } = await startSettlement(caller, input.SheetID)
    const state = await sheetState(ctx.db, sheet, ctx.now, ctx.origin)
    return { table1: await sheetAnswerRows(caller, [sheet]), table2: await roundRows(caller, [settlement], state.timeZone) }
  }
})
