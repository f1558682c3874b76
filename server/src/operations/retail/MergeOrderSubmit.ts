import { z } from 'zod'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { ORDER_COLUMNS, placementFields, requestKeyField } from './OrderRows'
import { submitRound, tableCodeField } from './sheet-caller'
import { TABLE_SHEET_COLUMNS } from './table-sheet-rows'

export default defineOperation({
  name: 'MergeOrderSubmit',
  group: 'Retail',
  summary: "Postpay: adds a round to the open sheet SheetID of the scanned table (a sheet of another table → ORDER_NOT_YOURS; closed → SHEET_CLOSED; expired → SHEET_EXPIRED). A pending online settlement of the sheet is cancelled, so the bill includes the new round. Needs X-Device-Key and the table's QRCode (else TABLE_CODE_REQUIRED). Idempotent by RequestKey. table1 the sheet, table2 the round.",
  auth: 'app',
  input: z.object({ ...placementFields, TableID: requiredId('The scanned table'), QRCode: tableCodeField, SheetID: requiredId('The open sheet of the table'), RequestKey: requestKeyField }),
  output: { table1: TABLE_SHEET_COLUMNS, table2: ORDER_COLUMNS },
  handler: (ctx, input) => submitRound(ctx, input, 'merge')
})
