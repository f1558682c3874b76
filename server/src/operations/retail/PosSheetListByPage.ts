import { z } from 'zod'
import { pageWindow } from '../../domain/paging'
import { sheetAnswerRows } from '../../domain/table-sheets/table-sheet.answers'
import { sheetsOfOwner } from '../../domain/table-sheets/table-sheet.service'
import { optionalId, pagingFields } from '../fields'
import { defineOperation } from '../operation'
import { TOTAL_COLUMNS } from '../rows'
import { sheetCaller } from './sheet-caller'
import { TABLE_SHEET_COLUMNS } from './table-sheet-rows'

export default defineOperation({
  name: 'PosSheetListByPage',
  group: 'Retail',
  summary:
    'Table sheets this device ordered a round on (X-Device-Key), newest first, optionally only at TableID; table2 the total. Without a device key the list is empty.',
  auth: 'app',
  input: z.object({ TableID: optionalId('Only sheets of this table'), ...pagingFields }),
  output: { table1: TABLE_SHEET_COLUMNS, table2: TOTAL_COLUMNS },
  async handler(ctx, input) {
    const caller = sheetCaller(ctx)
    const { sheets, total } = await sheetsOfOwner(ctx.db, caller.entId, ctx.ownerKey, input.TableID ?? '', pageWindow(input))
    return { table1: await sheetAnswerRows(caller, sheets), table2: [{ Total: total }] }
  }
})
