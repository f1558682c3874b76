/**
 * Ordering and payment shapes (issue 4): what the client sends to place an order, and the rows
 * orders, table sheets and payments come back as. Shared by the client stores and the server's
 * operations. Money and quantities are decimal strings, like the catalogue's.
 */

/** How the diner is served. Dine-in and fast food happen at the branch; takeaway is picked up. */
export type ServiceType = 'dinein' | 'fastfood' | 'takeaway' | 'delivery'
export const SERVICE_TYPES = ['dinein', 'fastfood', 'takeaway', 'delivery'] as const satisfies readonly ServiceType[]

/** 'prepay': pay first (one order, one payment). 'postpay': rounds on a table sheet, settled later. */
export type PayMode = 'prepay' | 'postpay'

/**
 * One cart line as the server is asked to price it. The server reads every price from its own
 * catalogue; `Amount` is what the diner was shown for the whole line, and an order whose lines
 * the server prices differently is refused with PRICE_CHANGED naming the goods.
 */
export interface OrderLineInput {
  GoodsID: string
  /** '' for goods without skus. */
  SkuID: string
  /** '' for a line counted in main units. */
  PCode: string
  /** Main-unit and pack quantities (decimal strings, ≥ 0, not both 0). */
  MQua: string
  PQua: string
  /** Chosen remark options: group name and option, in the language the diner saw. */
  Remarks: { name: string; option: string }[]
  /** OptionIDs of the chosen add-ons. */
  AddOns: string[]
  /** Chosen combo goods, each with its own chosen remark options (its goods' groups; absent: none). */
  Bom: { BOMClassID: string; GoodsID: string; Remarks?: { name: string; option: string }[] }[]
  /** The line's now amount the diner saw (unrounded, as src/core/cart lineAmount gives it). */
  Amount: string
}

/** Delivery details; addresses themselves come with the members issue. */
export interface DeliveryInput {
  /**
   * A saved address of the signed-in member (issue 16): the server takes contact, phone, address
   * and location from it (resolving it when it has no location) and the order keeps a snapshot.
   * With AddressID the other fields may be empty; another member's id → ADDRESS_NOT_FOUND.
   */
  AddressID?: string
  Contact: string
  Phone: string
  Address: string
  /** Degrees; 0, 0 when unknown (the fee then cannot be worked out: BEYOND_DELIVERY_RANGE). */
  Lng: number
  Lat: number
}

/** What every order placement takes (OrderPricePreview takes the same without RequestKey). */
export interface OrderPlacementInput {
  ShopID: string
  BaseID: string
  /** The scanned table ('' without one). */
  TableID?: string
  ServiceType: ServiceType
  /** 'YYYY-MM-DD HH:mm' on the enterprise's clock; '' = as soon as possible. */
  AppointedTime?: string
  Remarks?: string
  /** Plastic bags wanted (0 none); each costs the bag goods' price (goods type 9). */
  BagQua?: number
  Delivery?: DeliveryInput
  Lines: OrderLineInput[]
  /** The member's coupon card to use ('' or absent: none); the server re-checks and prices it. */
  CardID?: string
}

/**
 * Order status codes. The table of allowed transitions lives in src/core/order-status.ts.
 * 2 and 3 end an order (and stop further ordering on a table sheet).
 */
export const ORDER_STATUS = {
  /** Prepay: created, waiting for payment. Postpay sheet / round: open, ordering. */
  AWAITING_PAYMENT: 0,
  PAID: 1,
  COMPLETED: 2,
  CANCELLED: 3,
  EXPIRED: 4,
  READY: 5
} as const
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS]

/** Sheet position types (spec §4). Delivery orders carry 0. */
export const POSI_TYPE = { MEAL: 2, FAST: 4, TAKEAWAY: 7 } as const
export type PosiType = 0 | (typeof POSI_TYPE)[keyof typeof POSI_TYPE]

export interface OrderRow {
  SheetID: string
  ShopID: string
  ShopName: string
  BaseID: string
  BaseName: string
  /** '' without a table. */
  TableID: string
  TableName: string
  PayMode: PayMode
  ServiceType: ServiceType
  PosiType: PosiType
  Status: OrderStatus
  /** Pickup number of the branch's business day ('' for postpay rounds and unpaid orders without one). */
  PickupNo: string
  /** 'YYYY-MM-DD' business day on the enterprise's clock. */
  BusinessDay: string
  /** 'YYYY-MM-DD HH:mm' or '' (as soon as possible). */
  AppointedTime: string
  Remarks: string
  /** Σ line amounts, rounded at AmoPoint. */
  GoodsAmount: string
  BagQua: number
  BagFee: string
  Freight: string
  /** The coupon card the order took ('' none), its name, and what it took off ('0' none). */
  CardID: string
  CouponName: string
  CouponAmount: string
  /** GoodsAmount + BagFee + Freight − CouponAmount: what the diner pays. */
  Amount: string
  PaidAmount: string
  /**
   * issue 17: refunds — money given back for the order by any path, exact decimal text ('0'
   * none): after-sale refunds plus what a shop cancel (or a payment that came after the order
   * ended) gave back of each refunded payment, each payment counted once.
   */
  RefundedAmount: string
  /** Wall-clock texts 'YYYY-MM-DD HH:mm:ss' on the enterprise's clock; '' when it has not happened. */
  CreatedDate: string
  ExpireDate: string
  PaidDate: string
  ReadyDate: string
  CompletedDate: string
  CancelledDate: string
  /** The table sheet a postpay round belongs to ('' otherwise). */
  TableSheetID: string
  /** 1.. for postpay rounds, 0 otherwise. */
  RoundNo: number
  Contact: string
  Phone: string
  Address: string
  /** Where the diner's location put the delivery, as the range was checked (0 and 0: none given). */
  DeliveryLat: number
  DeliveryLng: number
  /** The saved address the delivery was ordered to ('' typed); the order keeps its own snapshot, so later edits do not change it. */
  AddressID: string
  /** The snapshot's region path in the request's language ('' none). */
  RegionName: string
  /** Metres from the branch as measured when ordered (-1 unknown). */
  DeliveryDistance: number
  LineCount: number
  /** What the caller may do now (from the transition table): 1 yes, 0 no. */
  CanCancel: number
  CanPay: number
  /**
   * issue 24: what this order's `order.progress` events on its branch's public live stream call it
   * (a hash of SheetID; docs/pickup-screen.md): the diner's page reads the order again when one
   * names it. '' for a preview.
   */
  ProgressRef: string
  /**
   * issue 26 item 2: a table bill's settlement that is one diner's share of a split bill says how
   * it was chosen ('lines' | 'equal' | 'amount' | 'rest'); '' (or absent) for the whole bill and
   * every other order. Optional in the contract.
   */
  SplitShare?: '' | 'lines' | 'equal' | 'amount' | 'rest'
}

/**
 * issue 24 gap 5: where a table bill's round is in the kitchen (`orders.kitchen_stage`, written by
 * the kitchen's ledger and board: server/src/domain/kitchen/): '' not sent (nothing on it for the
 * kitchen, or ordered before the kitchen ledger existed), 'preparing' sent and being made (from the
 * moment the round is placed, and again after a recall or a raised quantity), 'ready' every ticket
 * of the round bumped.
 */
export type KitchenStage = '' | 'preparing' | 'ready'
export const KITCHEN_STAGES = ['', 'preparing', 'ready'] as const satisfies readonly KitchenStage[]

/**
 * A table bill's round as the bill lists it (PosSheetDetailGet and PosSheetGoodsQuaEdit table3): an
 * order row with its kitchen stage.
 */
export interface RoundRow extends OrderRow {
  /**
   * issue 24 gap 5: the round's kitchen stage. Optional in the contract: a server from before it
   * sends none (the bill then shows no stage). A cancelled round keeps the stage it had; its
   * Status says it is cancelled.
   */
  KitchenStage?: KitchenStage
}

/** Sale type of an order's coupon line (spec §3: sale type 5 coupon): no goods, the amount off as a negative amount. */
export const COUPON_SALE_TYPE = 5

/** Whether a line is goods the diner had (not the order's coupon line): what reviews, after-sale and receipts list. */
export const isGoodsLine = (line: Pick<OrderLineRow, 'SaleType'>): boolean => line.SaleType !== COUPON_SALE_TYPE

export interface OrderLineRow {
  SheetID: string
  LineNo: number
  /** Postpay: the round the line was ordered in (1..); 0 for prepay. */
  RoundNo: number
  GoodsID: string
  GoodsCode: string
  GoodsName: string
  SkuID: string
  SkuName: string
  PCode: string
  PUnit: string
  /** Main unit name. */
  Unit: string
  Ref: string
  MQua: string
  PQua: string
  /** Total in main units: PQua × Ref + MQua. */
  Qua: string
  /** Now price of one main unit / one pack, without extras. */
  SalesPrice: string
  PSalesPrice: string
  /** Add-ons + combo markups on each unit. */
  UnitExtras: string
  /** Now amount of the line (unrounded sum of its parts, at PricePoint precision). */
  Amount: string
  OriginalAmount: string
  SaleType: number
  /** 'Spring onion: No; Spice: Mild': chosen remark options, in the caller's language where the menu still has them. */
  RemarkText: string
  /** Add-on names, ', '-joined. */
  AddOnText: string
  /** Combo picks, ', '-joined. */
  BomText: string
}

/** A postpay table sheet: the header of all its rounds. */
export interface TableSheetRow {
  SheetID: string
  ShopID: string
  BaseID: string
  BaseName: string
  TableID: string
  TableName: string
  PosiType: PosiType
  /** 0 open, 1 paid, 2 completed (closed), 3 cancelled. */
  Status: OrderStatus
  /** 'YYYY-MM-DD HH:mm:ss' on the enterprise's clock (ordering-allowed counts from here). */
  CreatedDate: string
  /** Seconds the sheet may still take rounds; -1 unlimited; 0 expired. */
  SecondsLeft: number
  RoundCount: number
  /** Σ of its rounds' amounts. */
  Amount: string
  PaidAmount: string
  /** The settlement order PayLaterUpdate made ('' none): pay it with PaySubmit. */
  SettlementID: string
  ClosedDate: string
  /**
   * Quantities of ordered goods: 0 not changed here; 1 raised and lowered (CYSheetGoodsQuaEdit = 1,
   * CYSheetSentQuaLower = 1); 2 raised only, what went to the kitchen is not lowered
   * (CYSheetGoodsQuaEdit = 1, CYSheetSentQuaLower ≠ 1).
   */
  QuaEditable: number
  /** 1 when ordering is allowed now (shop open, within WebOrderDuration, status not 2/3). */
  OrderingAllowed: number
}

/** PosSheetDetailGet's table4 (issue 28 item 6): the bill's version, and whether its rows were left out. */
export interface BillVersionRow {
  /** Opaque: send it back as BillVersion with the next read of the same bill. */
  BillVersion: string
  /** 1 when table2 and table3 are empty because the caller's BillVersion is still the bill's: keep the rows held. */
  RowsOmitted: number
}

/** One payment attempt. */
export interface PaymentRow {
  PayID: string
  SheetID: string
  Amount: string
  /** 'sandbox' (a hosted page; real providers plug in behind the same interface) or 'balance' (BalancePay). */
  Provider: string
  /** 0 pending, 1 paid, 2 declined, 3 paid after the order had ended and not yet given back (refund due), 4 refunded (the shop cancelled the paid order, or the money came after the order ended). */
  Status: number
  /** Where to send the diner to pay (the provider's hosted page); '' once settled. */
  PayUrl: string
  CreatedDate: string
  PaidDate: string
}

export const PAYMENT_STATUS = { PENDING: 0, PAID: 1, DECLINED: 2, REFUND_DUE: 3, REFUNDED: 4 } as const

/** The provider of payments from the member's balance (BalancePay): paid at once, no hosted page. */
export const BALANCE_PROVIDER = 'balance'

export interface FinanceAccountRow {
  ShopID: string
  Provider: string
  /** Merchant name shown on the payment page. */
  AccountName: string
  /** Last four characters of the merchant account. */
  AccountTail: string
}

export interface FreightRuleRow {
  BaseID: string
  /** 'distance': UpTo is metres; 'amount': UpTo is the goods amount. */
  RuleType: 'distance' | 'amount'
  UpTo: string
  Fee: string
  SortNo: number
}

export interface DispatchInfoRow {
  BaseID: string
  /** Metres from the branch; -1 when unknown. */
  Distance: number
  /** Delivery range in metres (0 = unlimited). */
  MaxDistance: number
  /** 1 within range. */
  InRange: number
  Freight: string
  /** Minutes the delivery adds to the lead time (spec: DtbDuration, or 30). */
  DtbDuration: number
}
