/**
 * Shared by the order operations (and the table-sheet and payment ones): the placement record
 * fields and the column descriptions of OrderRow, OrderLineRow and PaymentRow. Not an operation.
 */
import { z } from 'zod'
import { SERVICE_TYPES, type OrderLineRow, type OrderRow, type PaymentRow, type RoundRow } from '../../../../src/gateway/order-rows'
import { MAX_ORDER_LINES } from '../../domain/orders/order-pricing'
import { coordinateField, optionalId, requiredId } from '../fields'
import type { ColumnDocs } from '../operation'

/** Decimal text as sent ('2', 2, '12.50'); checked by the pricing, which names the goods. */
const decimalText = (description: string) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v ?? '0'), z.string().trim().max(40)).describe(description)

/**
 * A NUL cannot be stored in PostgreSQL text: a Remarks or typed delivery field holding one was a
 * 5xx there (red team, issue 16). Refused as bad input (10007 naming the field) on both databases.
 */
const noNul = (s: string): boolean => !s.includes('\u0000')

const shortText = (max: number, description: string) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string().max(max).refine(noNul)).describe(description)

const remarkChoices = (description: string) =>
  z
    .array(z.object({ name: shortText(100, 'Remark group'), option: shortText(100, 'Chosen option') }))
    .max(20)
    .default([])
    .describe(description)

export const orderLineSchema = z.object({
  GoodsID: requiredId('Goods id'),
  SkuID: shortText(128, "Sku id ('' for goods without skus)"),
  PCode: shortText(128, "Pack unit code ('' for a line in main units)"),
  MQua: decimalText('Main-unit quantity'),
  PQua: decimalText('Pack quantity'),
  Remarks: remarkChoices('Chosen remark options'),
  AddOns: z.array(z.string().max(128)).max(50).default([]).describe('OptionIDs of the chosen add-ons'),
  Bom: z
    .array(
      z.object({
        BOMClassID: z.string().max(128),
        GoodsID: z.string().max(128),
        Remarks: remarkChoices("The pick's own remark options, of its goods' groups (BomGoodsRow.GoodsRemarks); a required group must be chosen (CHOICE_REQUIRED)")
      })
    )
    .max(50)
    .default([])
    .describe('Chosen combo goods'),
  Amount: decimalText('The line amount the diner was shown (unrounded)')
})

export const deliverySchema = z.object({
  AddressID: optionalId(
    "A saved address of the signed-in member (VipAddressListByPage): contact, phone, address and location come from it and the typed fields are ignored; another member's or no session → 20061"
  ),
  Contact: shortText(100, 'Who receives the delivery'),
  Phone: shortText(40, 'Their phone'),
  Address: shortText(300, 'Delivery address'),
  Lng: coordinateField(180, 'Longitude (0 with Lat 0 = unknown)'),
  Lat: coordinateField(90, 'Latitude')
})

/** The fields of OrderPlacementInput (OrderPricePreview, OrderSubmit, and the table-sheet placements). */
export const placementFields = {
  ShopID: requiredId('Shop'),
  BaseID: requiredId('Branch of the shop'),
  TableID: optionalId("The scanned table ('' without one)"),
  ServiceType: z.enum(SERVICE_TYPES).describe('dinein | fastfood | takeaway | delivery'),
  AppointedTime: z
    .preprocess((v) => v ?? '', z.string().trim().max(16))
    .optional()
    .describe("'YYYY-MM-DD HH:mm' on the enterprise clock; '' = as soon as possible"),
  Remarks: z.preprocess((v) => v ?? '', z.string().max(200).refine(noNul)).optional().describe('Remarks for the shop (max 200 characters)'),
  BagQua: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(0).max(99).optional()).describe('Plastic bags wanted (0–99)'),
  Delivery: deliverySchema.optional().describe('Required for delivery: contact, phone, address, location'),
  Lines: z.array(orderLineSchema).max(MAX_ORDER_LINES).describe(`Cart lines (1–${MAX_ORDER_LINES})`)
}

/** A prepay order's coupon card (OrderPricePreview, OrderSubmit, CouponCardsForOrder ignores it). */
export const cardIdField = optionalId(
  "The signed-in member's coupon card to use ('' none): re-checked and priced by the server (COUPON_NOT_FOUND, COUPON_NOT_AVAILABLE, COUPON_MIN_SPEND)"
)

/** The client's idempotency key (the cart's uid is a good one). */
export const requestKeyField = z
  .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().min(8).max(128).regex(/^[A-Za-z0-9_.:-]+$/))
  .describe('Idempotency key, 8–128 of [A-Za-z0-9_.:-]; a retry with the same key answers the same order')

const MONEY = "string: exact decimal at AmoPoint ('38.00')"
const WALL = "string: 'YYYY-MM-DD HH:mm:ss' on the enterprise clock ('' when not yet)"

export const ORDER_COLUMNS: ColumnDocs<OrderRow> = {
  SheetID: "string: order id ('' in a preview)",
  ShopID: 'string',
  ShopName: "string: in the request's language",
  BaseID: 'string',
  BaseName: "string: in the request's language",
  TableID: "string: '' without a table",
  TableName: 'string',
  PayMode: "'prepay' | 'postpay'",
  ServiceType: "'dinein' | 'fastfood' | 'takeaway' | 'delivery'",
  PosiType: 'number: 2 meal, 4 fast food, 7 takeaway, 0 delivery',
  Status: 'number: 0 awaiting payment, 1 paid, 2 completed, 3 cancelled, 4 expired, 5 ready for pickup',
  PickupNo: "string: the branch's pickup number of the business day, given when paid ('' before)",
  BusinessDay: "string: 'YYYY-MM-DD' business day of the branch",
  AppointedTime: "string: 'YYYY-MM-DD HH:mm' or '' (as soon as possible)",
  Remarks: 'string',
  GoodsAmount: `${MONEY}: Σ line amounts`,
  BagQua: 'number: plastic bags',
  BagFee: MONEY,
  Freight: `${MONEY}: delivery fee`,
  CardID: "string: the coupon card the order took ('' none)",
  CouponName: "string: that card's name ('' none)",
  CouponAmount: `${MONEY}: what the card took off ('0.00' none; '0' on orders placed before coupons existed)`,
  Amount: `${MONEY}: GoodsAmount + BagFee + Freight − CouponAmount, what the diner pays`,
  PaidAmount: MONEY,
  RefundedAmount: "string: exact decimal, money given back of what paid the order (after-sale refunds, a shop cancel's refund; each payment counted once; a payment that came after the order ended or after another paid it, returned at once, is not counted: it shows in the payments; '0' none)",
  CreatedDate: WALL,
  ExpireDate: `${WALL}: an unpaid order expires then`,
  PaidDate: WALL,
  ReadyDate: WALL,
  CompletedDate: WALL,
  CancelledDate: WALL,
  TableSheetID: "string: the table sheet of a postpay round ('' otherwise)",
  RoundNo: 'number: 1.. for postpay rounds, 0 otherwise',
  Contact: 'string: delivery contact',
  Phone: 'string: delivery phone',
  Address: "string: delivery address on one line (a saved address: region, street, house number and detail from the order's snapshot, region in the request's language)",
  DeliveryLat: 'number: latitude where a delivery was measured from the branch: the location given, the saved address\'s, or the geocoder\'s for an address without one (0 with DeliveryLng 0: none)',
  DeliveryLng: 'number: its longitude',
  AddressID: "string: the saved address the delivery was ordered to ('' typed); the order keeps its own snapshot, so later edits or a delete change nothing here",
  RegionName: "string: the snapshot's region path in the request's language ('' typed or none)",
  DeliveryDistance: 'number: metres from the branch as measured when ordered (-1 unknown or not a delivery)',
  LineCount: 'number: lines of the order',
  CanCancel: 'number: 1 when the caller may cancel it now (own order awaiting payment)',
  CanPay: 'number: 1 when the caller may pay it now',
  ProgressRef: "string: what the order's `order.progress` events on its branch's public live stream (GET /live/events) call it: a hash of SheetID, so only whoever knows the order can tell an event is its ('' for a preview; docs/pickup-screen.md)",
  SplitShare: "'' | 'lines' | 'equal' | 'amount' | 'rest' (issue 26 item 2): a table bill's settlement that is one diner's share of a split bill says how it was chosen (docs/split-bills.md); '' for the whole bill and every other order. Optional: absent from servers before it"
}

/** A table bill's rounds (PosSheetDetailGet, PosSheetGoodsQuaEdit table3): order rows with their kitchen stage. */
export const ROUND_COLUMNS: ColumnDocs<RoundRow> = {
  ...ORDER_COLUMNS,
  KitchenStage:
    "'' | 'preparing' | 'ready' (issue 24): where the round is in the kitchen — '' not sent (nothing on it for the kitchen, or ordered before the kitchen ledger), 'preparing' from the moment it is placed (and again after a recall or a raised quantity), 'ready' once every ticket of the round is bumped. Each change comes with an `order.progress` event naming the round's ProgressRef on the branch's public live stream, so the table's phones read the bill again. A cancelled round keeps its last stage (Status says cancelled). Optional: absent from servers before it"
}

export const ORDER_LINE_COLUMNS: ColumnDocs<OrderLineRow> = {
  SheetID: 'string: order id',
  LineNo: 'number: 1..',
  RoundNo: 'number: postpay round of the line, 0 for prepay',
  GoodsID: 'string',
  GoodsCode: 'string: goods number',
  GoodsName: "string: in the caller's language (as ordered where the menu no longer names it)",
  SkuID: 'string',
  SkuName: "string: chosen values ('Large / Iced')",
  PCode: 'string: pack unit code',
  PUnit: 'string: pack unit name',
  Unit: 'string: main unit name',
  Ref: 'string: main units per pack',
  MQua: 'string: main-unit quantity',
  PQua: 'string: pack quantity',
  Qua: 'string: PQua × Ref + MQua',
  SalesPrice: 'string: now price of one main unit',
  PSalesPrice: "string: now price of one pack ('' on a main-unit line)",
  UnitExtras: 'string: add-ons + combo markups per unit',
  Amount: 'string: now amount of the line (unrounded)',
  OriginalAmount: 'string: list amount of the line',
  SaleType: "number: promotion type applied (0 none); 5 the order's coupon card: the last line, no goods (GoodsID ''), GoodsName the coupon's name, Qua 1, Amount the negative CouponAmount",
  RemarkText: "string: chosen remark options in the caller's language and its punctuation: 'Spring onion: No; Spice: Mild', '辣度：微辣；面底：米粉'",
  AddOnText: "string: add-on names, ', '-joined, in the caller's language",
  BomText: "string: combo picks, ', '-joined, in the caller's language"
}

export const PAYMENT_COLUMNS: ColumnDocs<PaymentRow> = {
  PayID: 'string',
  SheetID: 'string: the order paid',
  Amount: MONEY,
  Provider: "string: 'sandbox' (hosted page) or 'balance' (BalancePay, paid at once)",
  Status: 'number: 0 pending, 1 paid, 2 declined, 3 paid after the order ended and not yet given back (refund due), 4 refunded (the shop cancelled the paid order, or it came after the order ended)',
  PayUrl: "string: the provider's page to pay on ('' once settled)",
  CreatedDate: WALL,
  PaidDate: WALL
}
