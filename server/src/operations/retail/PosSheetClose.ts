import { z } from 'zod'
import { sheetAnswerRows } from '../../domain/table-sheets/table-sheet.answers'
import { closeSheet, requireVisibleSheet } from '../../domain/table-sheets/table-sheet.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { sheetCaller, tableCodeField } from './sheet-caller'
import { TABLE_SHEET_COLUMNS } from './table-sheet-rows'

export default defineOperation({
  name: 'PosSheetClose',
  group: 'Retail',
  summary:
    'Closes a table sheet from the diner\'s side: a sheet without rounds is cancelled (status 3); one paid in full is closed (status 2); an unpaid sheet with rounds → ORDER_STATUS_CONFLICT (pay online with PayLaterUpdate + PaySubmit, or at the counter, where the shop closes it: `npm run orders -- close-sheet <SheetID>`). Closing a closed sheet answers it unchanged. Like PosSheetDetailGet, only for the QRCode of the table or a device that ordered on it (else TABLE_CODE_REQUIRED).',
  auth: 'app',
  input: z.object({ SheetID: requiredId('Table sheet id'), QRCode: tableCodeField }),
  output: { table1: TABLE_SHEET_COLUMNS },
  async handler(ctx, input) {
    const caller = sheetCaller(ctx, false, input.QRCode)
    await requireVisibleSheet(caller, input.SheetID)
    const sheet = await closeSheet(ctx.db, caller.entId, input.SheetID, ctx.now, false)
    return { table1: await sheetAnswerRows(caller, [sheet]) }
  }
})
