/** Column docs of TableSheetRow (domain/table-sheets/table-sheet.answers.ts builds the rows). */
import type { TableSheetRow } from '../../../../src/gateway/order-rows'
import type { ColumnDocs } from '../operation'

export const TABLE_SHEET_COLUMNS: ColumnDocs<TableSheetRow> = {
  SheetID: 'Table sheet id',
  ShopID: 'Shop',
  BaseID: 'Branch',
  BaseName: "Branch name in the request's language",
  TableID: 'Table',
  TableName: "Table name in the request's language",
  PosiType: 'Sheet position type: 2 meal, 4 fast food, 7 takeaway',
  Status: '0 open (taking rounds), 2 closed, 3 cancelled',
  CreatedDate: "Opened at, 'YYYY-MM-DD HH:mm:ss' on the enterprise's clock (WebOrderDuration counts from here)",
  SecondsLeft: 'Seconds the sheet may still take rounds; -1 unlimited, 0 past WebOrderDuration',
  RoundCount: 'Rounds ordered on it',
  Amount: 'Σ of its rounds (decimal string)',
  PaidAmount: 'Paid so far (decimal string)',
  SettlementID: "Pending settlement order from PayLaterUpdate ('' none); pay it with PaySubmit",
  ClosedDate: "Closed at on the enterprise's clock ('' while open)",
  QuaEditable: '1 when ordered quantities may be raised and lowered (CYSheetGoodsQuaEdit = 1 and CYSheetSentQuaLower = 1), 2 raised only (what went to the kitchen cannot be lowered: CYSheetSentQuaLower ≠ 1), 0 not edited',
  OrderingAllowed: '1 when another round may be ordered now (branch open, within WebOrderDuration, status not 2 or 3)'
}
