import { z } from 'zod'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { ORDER_COLUMNS, placementFields, requestKeyField } from './OrderRows'
import { submitRound, tableCodeField } from './sheet-caller'
import { TABLE_SHEET_COLUMNS } from './table-sheet-rows'

export default defineOperation({
  name: 'MealPosOrderSubmit',
  group: 'Retail',
  summary: "Postpay: orders a round at a dine-in (meal, sheet position type 2) table; other tables → SERVICE_NOT_OFFERED, use PosOrderSubmit. Opens the table's sheet when it has none, else adds the round to the open sheet. Needs X-Device-Key and the table's QRCode (else TABLE_CODE_REQUIRED). Idempotent by RequestKey. Refusals as PosOrderSubmit. table1 the sheet, table2 the round.",
  auth: 'app',
  input: z.object({ ...placementFields, TableID: requiredId('The scanned table'), QRCode: tableCodeField, RequestKey: requestKeyField }),
  output: { table1: TABLE_SHEET_COLUMNS, table2: ORDER_COLUMNS },
  handler: (ctx, input) => submitRound(ctx, input, 'meal')
})
