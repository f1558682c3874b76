import { z } from 'zod'
import { roundRows, sheetAnswerRows } from '../../domain/table-sheets/table-sheet.answers'
import { startSettlement } from '../../domain/table-sheets/settlement.service'
import { sheetState } from '../../domain/table-sheets/table-sheet.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { ORDER_COLUMNS } from './OrderRows'
import { sheetCaller, tableCodeField } from './sheet-caller'
import { TABLE_SHEET_COLUMNS } from './table-sheet-rows'

export default defineOperation({
  name: 'PayLaterUpdate',
  group: 'Retail',
  summary:
    "Postpay online checkout: makes the sheet's settlement order for what is still due and not held by diners' shares of a split bill (the rest: BillShareStart; table2; pay it with PaySubmit — paying it closes the sheet once the paid sum covers the total). Everything due held by shares → SHARE_ABOVE_OPEN. Only a diner who ordered a round on the sheet or sends the table's QRCode may ask (else TABLE_CODE_REQUIRED). Calling again while it is pending answers the same settlement, made the caller's (a second diner takes it over; the first takes it back by asking again: nobody is locked out); a round ordered meanwhile cancels it. Needs X-Device-Key. Branch without IsPayLaterOnlineCheckout = 1 → ONLINE_CHECKOUT_OFF; closed sheet → SHEET_CLOSED; no rounds → CART_EMPTY.",
  auth: 'app',
  input: z.object({ SheetID: requiredId('Table sheet id'), QRCode: tableCodeField }),
  output: { table1: TABLE_SHEET_COLUMNS, table2: ORDER_COLUMNS },
  async handler(ctx, input) {
    const caller = sheetCaller(ctx, true, input.QRCode)
    const { sheet, settlement } = await startSettlement(caller, input.SheetID)
    const state = await sheetState(ctx.db, sheet, ctx.now, ctx.origin)
    return { table1: await sheetAnswerRows(caller, [sheet]), table2: await roundRows(caller, [settlement], state.timeZone) }
  }
})
