import { z } from 'zod'
import { MAX_SPLIT_PARTS } from '../../../../src/core/bill-split'
import { roundRows } from '../../domain/table-sheets/table-sheet.answers'
import { splitView, startShare } from '../../domain/table-sheets/bill-shares'
import { sheetState } from '../../domain/table-sheets/table-sheet.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { ORDER_COLUMNS } from './OrderRows'
import { BILL_SPLIT_COLUMNS } from './bill-split-rows'
import { sheetCaller, tableCodeField } from './sheet-caller'

const count = (description: string) => z.coerce.number().int().min(1).max(MAX_SPLIT_PARTS).describe(description)

export default defineOperation({
  name: 'BillShareStart',
  group: 'Retail',
  summary:
    "Split bills (issue 26 item 2): makes the caller's share of the table's open bill and answers its settlement order (table2; pay it with PaySubmit or BalancePay like the whole bill; its OrderDetailGet is the payer's receipt) and the balance (table1). Mode 'lines' (Lines: each RoundID, LineNo, Parts of Of — 1 of 1 the whole line, 1 of 3 a third of a shared dish), 'equal' (Parts of the table's split among Of), 'amount' (Amount) or 'rest' (what no one else holds). The claim and the order are made in one transaction under the sheet's lock: a part someone else holds or paid → SHARE_LINE_TAKEN; a line or split already cut in another number → SHARE_SPLIT_DIFFERENT; more than is open → SHARE_ABOVE_OPEN; nothing is made then. A share holds its claim until paid or UnpaidOrderMinutes pass; a whole-bill settlement pending is cancelled (it is asked for again). Needs X-Device-Key; a diner who ordered a round or sends the table's QRCode (else TABLE_CODE_REQUIRED). Branch without IsPayLaterOnlineCheckout = 1 → ONLINE_CHECKOUT_OFF; closed sheet → SHEET_CLOSED.",
  auth: 'app',
  input: z.object({
    SheetID: requiredId('Table sheet id'),
    QRCode: tableCodeField,
    Mode: z.enum(['lines', 'equal', 'amount', 'rest']).describe("'lines' | 'equal' | 'amount' | 'rest'"),
    Lines: z
      .array(z.object({ RoundID: requiredId('The round (its SheetID)'), LineNo: z.coerce.number().int().min(1).describe("The round's line"), Parts: count('Parts taken'), Of: count('The line cut in Of parts') }))
      .max(200)
      .optional()
      .describe("Mode 'lines': the lines paid for"),
    Of: count("Mode 'equal': the split among how many").optional(),
    Parts: count("Mode 'equal': shares paid (default 1)").optional(),
    Amount: z.string().trim().regex(/^\d{1,12}(\.\d{1,6})?$/).optional().describe("Mode 'amount': what to pay, exact decimal text")
  }),
  output: { table1: BILL_SPLIT_COLUMNS, table2: ORDER_COLUMNS },
  async handler(ctx, input) {
    const caller = sheetCaller(ctx, true, input.QRCode)
    const { sheet, share } = await startShare(caller, input.SheetID, {
      mode: input.Mode,
      lines: input.Lines?.map((l) => ({ roundId: l.RoundID, lineNo: l.LineNo, parts: l.Parts, of: l.Of })),
      of: input.Of,
      parts: input.Parts,
      amount: input.Amount
    })
    const fresh = { ...sheet }
    const state = await sheetState(ctx.db, fresh, ctx.now, ctx.origin)
    const view = await splitView(caller, fresh)
    return { table1: view.table1, table2: await roundRows(caller, [share], state.timeZone) }
  }
})
