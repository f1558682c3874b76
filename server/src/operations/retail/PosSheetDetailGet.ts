import { z } from 'zod'
import { sheetDetail } from '../../domain/table-sheets/table-sheet.answers'
import { requireVisiblePolledSheet } from '../../domain/table-sheets/table-sheet.service'
import { optionalId, requiredId } from '../fields'
import { defineOperation } from '../operation'
import { ORDER_LINE_COLUMNS, ROUND_COLUMNS } from './OrderRows'
import { sheetCaller, tableCodeField } from './sheet-caller'
import { TABLE_SHEET_COLUMNS } from './table-sheet-rows'

export default defineOperation({
  name: 'PosSheetDetailGet',
  group: 'Retail',
  summary:
    'A table sheet: table1 the sheet with its live state (SecondsLeft, OrderingAllowed, QuaEditable), table2 every line of every round (RoundNo), table3 the rounds as orders, each with its KitchenStage (issue 24: preparing, ready), table4 the bill’s version (send it back as BillVersion: while the bill is unchanged, table2 and table3 come back empty with RowsOmitted 1, issue 28 item 6). Everyone at the table sees the same sheet: shown to callers sending the QRCode of the table, or whose device ordered on it (a round, or its settlement); anyone else → TABLE_CODE_REQUIRED. Unknown SheetID → ORDER_NOT_FOUND.',
  auth: 'app',
  input: z.object({
    SheetID: requiredId('Table sheet id'),
    QRCode: tableCodeField,
    BillVersion: optionalId("table4's BillVersion of the caller's last read of this sheet: while the bill is unchanged since, table2 and table3 come back empty (RowsOmitted 1) and the caller keeps the rows it holds")
  }),
  output: {
    table1: TABLE_SHEET_COLUMNS,
    table2: ORDER_LINE_COLUMNS,
    table3: ROUND_COLUMNS,
    table4: {
      BillVersion: 'The bill as this answer shows it (its rounds, lines, kitchen stages and amounts, in the request’s language); opaque, send it back as BillVersion',
      RowsOmitted: "1 when table2 and table3 are left out because the request's BillVersion is still the bill's, else 0"
    }
  },
  async handler(ctx, input) {
    const caller = sheetCaller(ctx, false, input.QRCode)
    // The table's phones poll this: an unchanged bill is answered as built for an earlier read,
    // or without its rows to a phone that holds them (issue 28 item 6).
    const { sheet, ...polled } = await requireVisiblePolledSheet(caller, input.SheetID)
    const { version, omitted, ...tables } = await sheetDetail(caller, sheet, { reuse: true, since: input.BillVersion || undefined, polled })
    return { ...tables, table4: [{ BillVersion: version ?? '', RowsOmitted: omitted ? 1 : 0 }] }
  }
})
