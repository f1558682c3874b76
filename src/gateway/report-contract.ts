/**
 * The day report's staff operations and rows (issue 24 item 6; docs/day-report.md).
 * Part of the staff contract (./staff-contract.ts spreads them in).
 *
 * A report covers one business day (orders.business_day: the branch's day, which runs past midnight
 * when its hours do) of one branch, of one shop's branches in the caller's scope, or of every branch
 * in the caller's scope. Amounts are decimal text at the enterprise's AmoPoint, rounded once, half up.
 */
import type { LocalizedText } from './contract'

export const REPORT_OPERATIONS = {
  DayReportGet:
    'A business day of a branch (or of a shop’s branches, or of every branch in the caller’s scope): sales, refunds, payments by method, coupon discounts, top goods, average preparation time per kitchen station.',
  DayReportExport: 'The same day report as CSV text (one section after another), for a spreadsheet.'
} as const
export type ReportOperationName = keyof typeof REPORT_OPERATIONS

/** What the report covers and its totals (table1, one row). */
export interface DayReportSummaryRow {
  /** 'YYYY-MM-DD', the business day. */
  Day: string
  /** The branch asked for ('' when several). */
  ShopID: string
  BaseID: string
  /** The branches the figures cover (comma-separated BaseIDs, in the caller's scope). */
  BaseIDs: string
  Currency: string
  AmoPoint: number
  /** Paid prepay orders plus settled table bills, and what they brought in (before refunds). */
  Sales: number
  SalesAmount: string
  /** Of which prepay orders ('order'), paid on the day's orders. */
  OrderSales: number
  OrderSalesAmount: string
  /** Of which table bills settled (through a 'settlement' order or at the counter). */
  BillSales: number
  BillSalesAmount: string
  /** Money given back during the business day (cancelled paid orders and after-sale refunds). */
  Refunds: number
  RefundAmount: string
  /** SalesAmount − RefundAmount (may be negative). */
  NetAmount: string
  /** Paid prepay orders (not cancelled) that used a coupon card, and what the cards took off. */
  CouponOrders: number
  CouponAmount: string
  /** Kitchen tickets of the day's orders bumped (done). */
  BumpedTickets: number
  /** ISO time the report was made. */
  MadeAt: string
}

/** Money by payment method (table2): what the day's sales were paid with, and what went back through it that day. */
export interface DayReportPaymentRow {
  /**
   * payments.provider: 'cash' | 'card' | 'other' | 'coupon' (taken at the counter), 'balance',
   * 'sandbox', 'wechatpay', 'alipay' …; '' what table bills closed at the counter still had due with
   * no payment recorded for it (the close's reason is in the audit log).
   */
  Provider: string
  /** Payments received (for '' the bills with such a part). */
  Payments: number
  Amount: string
  Refunds: number
  RefundAmount: string
  /** Amount − RefundAmount. */
  NetAmount: string
}

/** One refund made during the day (table3), oldest first. */
export interface DayReportRefundRow {
  /** ISO time it was made. */
  At: string
  /** 'cancel' (the shop cancelled a paid order: all that was left of it) | 'aftersale' (an approved request). */
  Kind: 'cancel' | 'aftersale'
  /** The order (or table bill settlement) refunded, its pickup number, its table's code ('' none) and business day (may be an earlier day). */
  OrderID: string
  PickupNo: string
  TableName: string
  OrderDay: string
  ShopID: string
  BaseID: string
  Provider: string
  Amount: string
}

/** A goods sold (table4): every goods of the day, most sold first (quantity, then amount). */
export interface DayReportGoodsRow {
  GoodsID: string
  ShopID: string
  /** The menu's names (the ordered name in every language when the goods has left the menu). */
  Names: LocalizedText
  /** The goods' main unit. */
  Units: LocalizedText
  /** Main units sold (decimal text: weight goods sell fractions). */
  Qua: string
  /** What the lines came to (before a coupon card, which is on the order). */
  Amount: string
  /** Lines that sold it. */
  Lines: number
}

/** Average preparation time of a kitchen station (table5): bumped_at − created_at of its bumped tickets of the day. */
export interface DayReportStationRow {
  ShopID: string
  BaseID: string
  /** '' the branch's implicit station (a branch without stations). */
  StationID: string
  /** The station's name ('' for the implicit one; the StationID when the station was removed since). */
  StationName: string
  Tickets: number
  /** Whole seconds, rounded half up. */
  AverageSeconds: number
  LongestSeconds: number
}

export interface DayReportInput {
  /** A branch; '' for every branch of ShopID (or of the caller's scope) the caller works at. */
  BaseID: string
  /** 'YYYY-MM-DD': the business day; '' the one running now at those branches (the answer's table1 Day names it). */
  Day: string
  /** With BaseID '': one shop's branches; '' every shop in the caller's scope. */
  ShopID?: string
}

export interface ReportOperationInputs {
  DayReportGet: DayReportInput
  DayReportExport: DayReportInput
}

export interface ReportOperationOutputs {
  DayReportGet: {
    table1: DayReportSummaryRow[]
    table2: DayReportPaymentRow[]
    table3: DayReportRefundRow[]
    table4: DayReportGoodsRow[]
    table5: DayReportStationRow[]
  }
  DayReportExport: { table1: { FileName: string; Csv: string }[] }
}
