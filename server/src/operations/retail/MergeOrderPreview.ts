import { z } from 'zod'
import { toDecimal } from '../../../../src/core/money'
import { orderRecordsOf } from '../../domain/orders/order-placement'
import { orderLineRow } from '../../domain/orders/order-view'
import { sheetAnswerRows, sheetDetail } from '../../domain/table-sheets/table-sheet.answers'
import { previewRound } from '../../domain/table-sheets/table-sheet.service'
import { optionalId, requiredId } from '../fields'
import { defineOperation } from '../operation'
import { ORDER_LINE_COLUMNS, placementFields } from './OrderRows'
import { sheetCaller, tableCodeField } from './sheet-caller'
import { TABLE_SHEET_COLUMNS } from './table-sheet-rows'

export default defineOperation({
  name: 'MergeOrderPreview',
  group: 'Retail',
  summary:
    "Postpay: what the table's sheet would be with this round, priced by the server (nothing is written). table1 the open sheet ('' SheetID when the table has none yet; Amount includes the round), table2 the lines already ordered followed by this round's (RoundNo = the next round). Needs the table's QRCode (else TABLE_CODE_REQUIRED). Refuses like the submit would (SHOP_CLOSED, SHEET_EXPIRED, SHEET_CLOSED, GOODS_OFF_SALE …) except PRICE_CHANGED: the preview shows the server's prices.",
  auth: 'app',
  input: z.object({ ...placementFields, TableID: requiredId('The scanned table'), QRCode: tableCodeField, SheetID: optionalId('The open sheet, when the client knows it') }),
  output: { table1: TABLE_SHEET_COLUMNS, table2: ORDER_LINE_COLUMNS },
  async handler(ctx, { QRCode, ...input }) {
    const caller = sheetCaller(ctx, false, QRCode)
    const { sheet, placement, posiType } = await previewRound(caller, input)
    const nextRound = (sheet?.round_count ?? 0) + 1
    const { lines } = orderRecordsOf(placement, {
      orderId: '',
      kind: 'round',
      payMode: 'postpay',
      status: 0,
      ownerKey: ctx.ownerKey,
      requestKey: '',
      requestHash: '',
      expiresAt: null,
      roundNo: nextRound
    })
    const newLines = lines.map((line) => orderLineRow(line, nextRound))
    if (!sheet) {
      return {
        table1: [
          {
            SheetID: '', ShopID: input.ShopID, BaseID: input.BaseID, BaseName: '', TableID: input.TableID ?? '', TableName: '',
            PosiType: posiType, Status: 0, CreatedDate: '', SecondsLeft: -1, RoundCount: 0, Amount: placement.goodsAmount,
            PaidAmount: '0', SettlementID: '', ClosedDate: '', QuaEditable: 0, OrderingAllowed: 1
          }
        ],
        table2: newLines
      }
    }
    const detail = await sheetDetail(caller, sheet)
    const [row] = await sheetAnswerRows(caller, [{ ...sheet, amount: toDecimal(sheet.amount).plus(placement.goodsAmount).toFixed(placement.amoPoint) }])
    return { table1: [row], table2: [...detail.table2, ...newLines] }
  }
})
