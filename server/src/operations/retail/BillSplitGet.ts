import { z } from 'zod'
import { splitView } from '../../domain/table-sheets/bill-shares'
import { requireVisibleSheet } from '../../domain/table-sheets/table-sheet.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { BILL_LINE_CLAIM_COLUMNS, BILL_SHARE_COLUMNS, BILL_SPLIT_COLUMNS } from './bill-split-rows'
import { sheetCaller, tableCodeField } from './sheet-caller'

export default defineOperation({
  name: 'BillSplitGet',
  group: 'Retail',
  summary:
    "A table bill's balance and who paid what (issue 26 item 2, split bills): table1 the balance (Amount, PaidAmount, DueAmount, HeldAmount, OpenAmount, the table's equal split, BillRef), table2 every payment towards the bill and every share being paid now (the caller's marked Mine, other payers numbered), table3 what each share takes of each line. Read it again on each `sheet.balance` event naming BillRef. Shown to the same callers as PosSheetDetailGet (else TABLE_CODE_REQUIRED); unknown SheetID → ORDER_NOT_FOUND.",
  auth: 'app',
  input: z.object({ SheetID: requiredId('Table sheet id'), QRCode: tableCodeField }),
  output: { table1: BILL_SPLIT_COLUMNS, table2: BILL_SHARE_COLUMNS, table3: BILL_LINE_CLAIM_COLUMNS },
  async handler(ctx, input) {
    const caller = sheetCaller(ctx, false, input.QRCode)
    return splitView(caller, await requireVisibleSheet(caller, input.SheetID))
  }
})
