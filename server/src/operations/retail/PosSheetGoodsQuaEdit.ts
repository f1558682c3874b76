import { z } from 'zod'
import { sheetDetail } from '../../domain/table-sheets/table-sheet.answers'
import { editSheetQuantity } from '../../domain/table-sheets/sheet-quantity'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { ORDER_LINE_COLUMNS, ROUND_COLUMNS } from './OrderRows'
import { sheetCaller, tableCodeField } from './sheet-caller'
import { TABLE_SHEET_COLUMNS } from './table-sheet-rows'

export default defineOperation({
  name: 'PosSheetGoodsQuaEdit',
  group: 'Retail',
  summary:
    "Changes the quantity of goods already on a table's open sheet (spec §4: only when the enterprise's CYSheetGoodsQuaEdit = 1, else QUANTITY_EDIT_NOT_ALLOWED). Lowering a line below what went to the kitchen (today: below its quantity) needs CYSheetSentQuaLower = 1, else QUANTITY_SENT_TO_KITCHEN (21106); raising is allowed either way. One line of one round (RoundID, LineNo) gets Qua: packs on a pack line, main units otherwise, 1 to the shop's MaxLineQuantity (else INVALID_QUANTITY / LINE_QUANTITY_OVER_LIMIT). The line keeps the prices it was ordered at; units are added only while today's price for the same choices is the same (else PRICE_CHANGED: order them in a new round; goods off sale now → GOODS_OFF_SALE); the round's and the sheet's totals follow, a pending settlement is cancelled (ask PayLaterUpdate again) and the sku's stock is taken (STOCK_SHORT when short) or given back. Who: the table's QRCode or a device that ordered a round on it (else TABLE_CODE_REQUIRED); when: the sheet open and taking rounds (SHEET_CLOSED, SHEET_EXPIRED, SHOP_CLOSED). Answers the sheet as PosSheetDetailGet does.",
  auth: 'app',
  input: z.object({
    SheetID: requiredId('Table sheet id'),
    RoundID: requiredId('The round (order id) the line is on'),
    LineNo: z.coerce.number().int().min(1).max(10_000).describe('Line number within the round'),
    Qua: z.coerce.number().finite().describe('New quantity: packs on a pack line, main units otherwise (whole, 1 or more)'),
    QRCode: tableCodeField
  }),
  output: { table1: TABLE_SHEET_COLUMNS, table2: ORDER_LINE_COLUMNS, table3: ROUND_COLUMNS },
  async handler(ctx, input) {
    const caller = sheetCaller(ctx, false, input.QRCode)
    const sheet = await editSheetQuantity(caller, input)
    return sheetDetail(caller, sheet)
  }
})
