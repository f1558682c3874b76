import { z } from 'zod'
import { sheetDetail } from '../../domain/table-sheets/table-sheet.answers'
import { requireVisibleSheet } from '../../domain/table-sheets/table-sheet.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { ORDER_LINE_COLUMNS, ROUND_COLUMNS } from './OrderRows'
import { sheetCaller, tableCodeField } from './sheet-caller'
import { TABLE_SHEET_COLUMNS } from './table-sheet-rows'

export default defineOperation({
  name: 'PosSheetDetailGet',
  group: 'Retail',
  summary:
    'A table sheet: table1 the sheet with its live state (SecondsLeft, OrderingAllowed, QuaEditable), table2 every line of every round (RoundNo), table3 the rounds as orders, each with its KitchenStage (issue 24: preparing, ready). Everyone at the table sees the same sheet: shown to callers sending the QRCode of the table, or whose device ordered on it (a round, or its settlement); anyone else → TABLE_CODE_REQUIRED. Unknown SheetID → ORDER_NOT_FOUND.',
  auth: 'app',
  input: z.object({ SheetID: requiredId('Table sheet id'), QRCode: tableCodeField }),
  output: { table1: TABLE_SHEET_COLUMNS, table2: ORDER_LINE_COLUMNS, table3: ROUND_COLUMNS },
  async handler(ctx, input) {
    const caller = sheetCaller(ctx, false, input.QRCode)
    // The table's phones poll this: an unchanged bill is answered as built for an earlier read.
    return sheetDetail(caller, await requireVisibleSheet(caller, input.SheetID), { reuse: true })
  }
})
