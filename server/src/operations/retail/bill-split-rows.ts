/** Column docs of the split-bill rows (domain/table-sheets/bill-shares.ts builds them). */
import type { BillLineClaimRow, BillShareRow, BillSplitRow } from '../../../../src/gateway/bill-split-rows'
import type { ColumnDocs } from '../operation'

export const BILL_SPLIT_COLUMNS: ColumnDocs<BillSplitRow> = {
  SheetID: 'Table sheet id',
  Status: 'The sheet: 0 open, 2 closed (paid in full), 3 cancelled',
  Amount: "The bill's total (decimal string, at AmoPoint)",
  PaidAmount: 'Paid towards it so far, every payer and method',
  DueAmount: 'Amount − PaidAmount',
  HeldAmount: "What diners' shares hold while they pay them",
  OpenAmount: 'DueAmount − HeldAmount: free to pay ("the rest")',
  SplitOf: "The table's equal split: among how many (0 none)",
  SplitTaken: 'Equal shares taken (paid or being paid)',
  SplitBase: 'What the equal split divides (what was open when its first share was made)',
  SplitFree: "Free share indexes of the split, '1,2' (each share is partAmount(SplitBase, SplitOf, i) in src/core/bill-split.ts)",
  BillRef: "What the bill's `sheet.balance` events on the branch's public live stream (GET /live/events) call it: a hash of SheetID"
}

export const BILL_SHARE_COLUMNS: ColumnDocs<BillShareRow> = {
  ShareID: "The share's settlement order (SheetID for PaySubmit, BalancePay, OrderDetailGet — the payer's receipt)",
  Mode: "'lines' | 'equal' | 'amount' | 'rest' (a whole-bill or counter payment is 'rest')",
  Amount: 'Its amount',
  State: "'paid'; 'held' (being paid now); 'refunded' (the caller's own money given back: its share lost or lapsed)",
  Mine: '1 when it is the caller’s',
  PayerNo: 'The payer, numbered 1, 2, … in the order they first paid or claimed',
  Provider: "How it was paid ('balance', the provider, 'cash' …); '' until paid",
  PaidDate: "Paid at on the enterprise's clock ('' until paid)",
  SplitOf: 'An equal share: the split among how many (else 0)',
  SplitParts: 'An equal share: how many shares it pays (else 0)'
}

export const BILL_LINE_CLAIM_COLUMNS: ColumnDocs<BillLineClaimRow> = {
  ShareID: 'The share',
  RoundID: "The round (its SheetID in PosSheetDetailGet's table3)",
  LineNo: "The round's line",
  Of: 'The line is cut in Of parts',
  Parts: 'Parts of it the share takes',
  Amount: 'What the share pays of the line',
  State: "'paid' | 'held'",
  Mine: '1 when the share is the caller’s'
}
