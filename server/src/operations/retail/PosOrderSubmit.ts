import { z } from 'zod'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { ORDER_COLUMNS, placementFields, requestKeyField } from './OrderRows'
import { submitRound, tableCodeField } from './sheet-caller'
import { TABLE_SHEET_COLUMNS } from './table-sheet-rows'

export default defineOperation({
  name: 'PosOrderSubmit',
  group: 'Retail',
  summary: "Postpay: orders a round at a fast-food or takeaway table (sheet position type 4 or 7; a meal table → SERVICE_NOT_OFFERED, use MealPosOrderSubmit). Opens the table's sheet when it has none, else adds the round to the open sheet (two phones at one table share it). Needs X-Device-Key and the table's QRCode (else TABLE_CODE_REQUIRED). Idempotent by RequestKey. Refusals: 20003/20004/20005 (TableID must be of the branch), SHOP_CLOSED, SHEET_EXPIRED (older than WebOrderDuration), SHEET_CLOSED, line codes as OrderSubmit (PRICE_CHANGED …). table1 the sheet, table2 the round.",
  auth: 'app',
  input: z.object({ ...placementFields, TableID: requiredId('The scanned table'), QRCode: tableCodeField, RequestKey: requestKeyField }),
  output: { table1: TABLE_SHEET_COLUMNS, table2: ORDER_COLUMNS },
  handler: (ctx, input) => submitRound(ctx, input, 'pos')
})
