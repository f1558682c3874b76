/**
 * Front of house: the counter's staff operations and rows (issue 24 item 3; docs/front-of-house.md).
 * Part of the staff contract (./staff-contract.ts spreads them in).
 *
 * Money is exact decimal text at the enterprise's AmoPoint; instants are ISO-8601 UTC (the console
 * shows them on the device's clock). Goods are named in the restaurant's language (the kitchen's,
 * the enterprise's KitchenLocale), as on the kitchen board, so the floor read and the live events
 * agree whatever language a screen is in.
 */

export const COUNTER_OPERATIONS = {
  CounterFloorGet: 'A branch’s floor: every table with its open bill (rounds with their kitchen stage, lines, payments, amount, paid, due), the orders waiting at the counter (prepay orders awaiting payment, paid ones not yet collected), who may approve a void here, and the live position to resume the staff stream from.',
  CounterPaymentRecord: 'Records a payment taken at the counter (cash with what was tendered and the change, card, other) against a table bill (partial payments add up; paid in full, the bill closes) or a prepay order awaiting payment (it is paid and goes to the kitchen). Idempotent by RequestKey.',
  CounterBillClose: 'Closes a table bill. A bill paid in full closes as it is; one with money still due needs a reason and a manager (the caller, or an owner or manager approving with their PIN).',
  CounterTableMove: 'Moves a table’s open bill to a free table of the branch; the kitchen’s open tickets show the new table (no new ticket).',
  CounterTableMerge: 'Merges one table’s open bill into another’s: rounds and payments join the target bill, pending online settlements are cancelled, the first table is free.',
  CounterLineCancel: 'Cancels a line of a round, whole or in part, with a reason: the bill’s totals follow, stock is given back and the kitchen’s ticket shows the line cancelled. A line the kitchen has seen needs orders.void, or an owner or manager approving with their PIN.',
  CounterMemberCharge: 'Charges a table bill (in part or whole) or a prepay order (whole) to a member’s balance after checking the member code they show: a payment with provider balance, idempotent by RequestKey.',
  CounterVoucherApply: 'Takes a coupon card (a voucher code) off a table bill: what its plan takes off the bill’s goods, at most what is due, is paid by the card (provider coupon) and the card is used. Idempotent by RequestKey.'
} as const
export type CounterOperationName = keyof typeof COUNTER_OPERATIONS

/** How the counter was paid (payments.provider of a counter payment). */
export const COUNTER_METHODS = ['cash', 'card', 'other'] as const
export type CounterMethod = (typeof COUNTER_METHODS)[number]

/** A line of a round or of a waiting order. */
export interface CounterLineRow {
  LineNo: number
  GoodsID: string
  GoodsName: string
  SkuName: string
  /** The quantity in the line's stepper unit (packs on a pack line), '0' once cancelled. */
  Qua: string
  Unit: string
  Amount: string
  RemarkText: string
  AddOnText: string
  BomText: string
  /** What the kitchen has been asked to make (the sent-quantity ledger's sum; '' never sent). */
  SentQua: string
  /** 1 when the line was cancelled (its quantity went to 0 after the kitchen saw it). */
  Cancelled: 0 | 1
}

/** '' not sent to the kitchen, 'preparing', 'ready' (every ticket bumped). */
export type CounterKitchenStage = '' | 'preparing' | 'ready'

export interface CounterRoundRow {
  RoundID: string
  RoundNo: number
  /** The round's order status (0 while its bill is open). */
  Status: number
  KitchenStage: CounterKitchenStage
  GoodsAmount: string
  Amount: string
  CreatedAt: string
  Lines: CounterLineRow[]
}

/** A payment of a bill or an order: a counter payment, or one made online (Tendered '' then). */
export interface CounterPaymentRow {
  PayID: string
  /** The table bill ('' a prepay order). */
  SheetID: string
  /** The order the payment paid (the bill's settlement, or the prepay order). */
  OrderID: string
  /** 'cash' | 'card' | 'other' | 'balance' | 'coupon' | an online provider's name. */
  Method: string
  Amount: string
  /** Cash handed over; '' for a payment the counter did not take. */
  Tendered: string
  Change: string
  At: string
  /** Who took it ('' online). */
  StaffName: string
}

/** A table's open bill (a postpay table sheet). */
export interface CounterBillRow {
  SheetID: string
  TableID: string
  OpenedAt: string
  RoundCount: number
  Amount: string
  PaidAmount: string
  /** Amount − PaidAmount, never below 0. */
  Due: string
  /** A pending online settlement ('' none): a diner is paying in the app. */
  SettlementID: string
  /** The kitchen stage of the bill: 'preparing' while any round is, 'ready' when all are, '' none sent. */
  KitchenStage: CounterKitchenStage
  Rounds: CounterRoundRow[]
  Payments: CounterPaymentRow[]
}

export interface CounterTableRow {
  TableID: string
  /** The table's code ('A05'). */
  TableName: string
  Area: string
  /** 0: removed, still shown while it holds an open bill. */
  InService: 0 | 1
  /** The open bill; null: the table is free. */
  Bill: CounterBillRow | null
}

/** A prepay order the counter deals with: awaiting payment (0), paid (1) or ready (5) and not collected. */
export interface CounterOrderRow {
  OrderID: string
  PickupNo: string
  ServiceType: string
  /** A table the order names ('' a counter order). */
  TableName: string
  Status: number
  KitchenStage: CounterKitchenStage
  Amount: string
  PaidAmount: string
  Due: string
  Remarks: string
  CreatedAt: string
  /** '' none (paid orders do not expire). */
  ExpiresAt: string
  Lines: CounterLineRow[]
}

export interface CounterFloorInfoRow {
  /** The event position the page's staff stream resumes after. */
  Position: number
  Currency: string
  AmoPoint: number
}

/** Someone who may approve a void or a close with money due here: an owner or manager of the branch with a PIN. */
export interface CounterApproverRow {
  StaffID: string
  Name: string
  Role: string
}

/** What a recorded payment answers: the payment, and where it left the bill or order. */
export interface CounterPaymentResultRow {
  Payment: CounterPaymentRow
  /** The table as it is now (a bill paid in full is closed: Bill null); null for a prepay order. */
  Table: CounterTableRow | null
  /** The prepay order as it is now; null for a bill. */
  Order: CounterOrderRow | null
  /** 1 when this payment closed the bill (or paid the order). */
  Settled: 0 | 1
  /** 1 when the RequestKey had recorded it already (a retry). */
  Replayed: 0 | 1
}

/** A manager's approval given on the asker's device: who, and their PIN (never stored, never logged). */
export interface ApprovalInput {
  /** The approver (an owner or manager working at the branch); '' none. */
  ApproverID?: string
  ApproverPin?: string
}

export interface CounterOperationInputs {
  CounterFloorGet: { BaseID: string }
  /**
   * SheetID: a table bill's id, or a prepay order's id (OrderID of a waiting order). Amount: what
   * is paid (at most what is due; a prepay order is paid whole). Tendered (cash only): what the
   * diner handed over, at least Amount; the change is Tendered − Amount.
   */
  CounterPaymentRecord: { SheetID: string; Method: CounterMethod; Amount: string; Tendered?: string; Note?: string; RequestKey: string }
  CounterBillClose: { SheetID: string; Reason?: string } & ApprovalInput
  CounterTableMove: { SheetID: string; ToTableID: string }
  /** The bill SheetID joins the bill at IntoTableID. */
  CounterTableMerge: { SheetID: string; IntoTableID: string }
  /** Qua: what remains of the line (0 cancels it whole). */
  CounterLineCancel: { SheetID: string; RoundID: string; LineNo: number; Qua: string; Reason: string } & ApprovalInput
  /** Code: the member code the diner shows. Amount: what the balance pays (a bill: at most what is due; an order: its due). */
  CounterMemberCharge: { SheetID: string; Code: string; Amount: string; RequestKey: string }
  /** Code: the coupon card's code (12 digits). */
  CounterVoucherApply: { SheetID: string; Code: string; RequestKey: string }
}

export interface CounterOperationOutputs {
  /** table1 the tables (by area and code), table2 the waiting orders (oldest first), table3 the position and money settings, table4 who may approve here. */
  CounterFloorGet: { table1: CounterTableRow[]; table2: CounterOrderRow[]; table3: CounterFloorInfoRow[]; table4: CounterApproverRow[] }
  CounterPaymentRecord: { table1: CounterPaymentResultRow[] }
  CounterBillClose: { table1: CounterTableRow[] }
  /** table1 the table left (now free), then the table moved to. */
  CounterTableMove: { table1: CounterTableRow[] }
  /** table1 the table merged from (now free), then the table merged into. */
  CounterTableMerge: { table1: CounterTableRow[] }
  CounterLineCancel: { table1: CounterTableRow[] }
  CounterMemberCharge: { table1: CounterPaymentResultRow[] }
  CounterVoucherApply: { table1: CounterPaymentResultRow[] }
}
