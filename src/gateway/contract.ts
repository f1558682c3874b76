/**
 * The gateway contract shared by the client and the server (design.md §3).
 * Pure data: no Taro, no I/O. The server's registry must implement exactly these
 * operations, and docs/gateway.md is generated from the registry and these lists.
 */

/** Envelope field names of the form-urlencoded POST to `/GetData`. */
export const ENVELOPE_FIELDS = ['ServerType', 'KeyName', 'strJsonData', 'AuthCode', 'IsRSA', 'EntID'] as const

export const GATEWAY_PATH = '/GetData'

/** ServerType values: the operation groups of spec §7. */
export const SERVER_TYPES = [
  'Common',
  'Retail',
  'Bank',
  'Members',
  'Recharge',
  'Coupons',
  'Goods',
  'Params',
  'Files',
  'Logging'
] as const
export type ServerType = (typeof SERVER_TYPES)[number]

/** Every operation the gateway serves, by KeyName, with its group. */
export const OPERATIONS = {
  /** Enterprise id (and the shop/branch/table it points at) by QRCode, TableID, BaseID or ShopID. */
  EntIDGet: 'Common',
  /** Base URLs of the deployment: gateway, H5 app, image storage. */
  ServiceLinkGet: 'Common',
  /** Shops of an enterprise, paged. */
  ShopListByPage: 'Common',
  /** Shop, shop user, branch, open table sheet and extras for the entry page. */
  HomeShopDetailsGet: 'Retail',
  /** Branches nearest first (page 1, size 1000). */
  BaseListByLocation: 'Retail',
  /** Enterprise system params (ParmID → ParmValue) of Other_EntID. */
  EntSysParamsGet: 'Params',
  /** Shop params of ShopID. */
  ShopParamsGet: 'Params',
  /** One branch system param (OpeningHours, IsPayLaterOnlineCheckout …). */
  BaseSysParamGet: 'Params',
  /** External shop list of Other_EntID: table1 shops, table2 branches. */
  ExternalShopList: 'Params',
  /** Help-feedback add; the client reports its errors here with FbType 0. */
  HelpFeedbackAdd: 'Logging',
  /** Every goods class of a shop's menu (only classes with goods on this branch). */
  GoodsClassAllGet: 'Goods',
  /** Goods of one class, or of the whole menu; optional Keyword matches goods numbers first. */
  GoodsListByClass: 'Goods',
  /** One goods with its sku attributes, skus and pack units. */
  GoodsDetailGet: 'Goods',
  /** Combo (BOM) classes and their goods of one combo goods. */
  GoodsBOMListGet: 'Goods',
  /** Priced add-ons (attachments) of one goods. */
  AttachmentChargingList: 'Goods',
  /** Recommended goods for Home, paged. */
  ShopHomeGoodsByPage: 'Goods',
  /** Shops and branches whose menu has the goods on the shelf ("grounded"). */
  GroundingShopList: 'Goods',
  /** Reviews of one goods, newest first, paged. */
  GoodsCommentListByPage: 'Goods',
  /** Promotions running now on a shop's goods (sale types 1–5). */
  AvailablePromotionGoods: 'Retail',
  /** Checks and prices a prepay order as OrderSubmit will, without placing it. */
  OrderPricePreview: 'Retail',
  /** Places a prepay order (idempotent by RequestKey); priced from the server's catalogue. */
  OrderSubmit: 'Retail',
  /** One of the caller's orders with its lines and payments. */
  OrderDetailGet: 'Retail',
  /** The caller's orders, newest first, paged; optional Status. */
  OrderListByPage: 'Retail',
  /** The diner cancels their own order while it awaits payment. */
  OrderCancel: 'Retail',
  /** Distance, range and delivery fee from a branch to a location. */
  DispatchInfoGet: 'Retail',
  /** A branch's delivery fee tiers. */
  FreightRuleGet: 'Retail',
  /** The shop's merchant account at its payment provider (20020 when none). */
  FinanceAccountGet: 'Bank',
  /** Starts paying an order: the payment with the provider's hosted page URL (idempotent by RequestKey). */
  PaySubmit: 'Bank',
  /** A payment's state after asking its provider, with its order. */
  PaymentStatusUpdate: 'Bank',
  /** The payer's id at the payment provider from a host code. */
  UserPayInfoGet: 'Bank',
  /** Postpay: the table's sheet as it would be with this round, priced by the server. */
  MergeOrderPreview: 'Retail',
  /** Postpay: a round added to the table's open sheet. */
  MergeOrderSubmit: 'Retail',
  /** Postpay: a round at a fast-food or takeaway table (opens the sheet when none). */
  PosOrderSubmit: 'Retail',
  /** Postpay: a round at a dine-in (meal) table (opens the sheet when none). */
  MealPosOrderSubmit: 'Retail',
  /** A table sheet with its rounds and lines. */
  PosSheetDetailGet: 'Retail',
  /** Table sheets this device ordered on, paged. */
  PosSheetListByPage: 'Retail',
  /** Closes (or cancels an empty) table sheet. */
  PosSheetClose: 'Retail',
  /** Postpay online checkout: the settlement order of a sheet. */
  PayLaterUpdate: 'Retail',
  /** Changes the quantity of goods on an open table sheet (CYSheetGoodsQuaEdit = 1). */
  PosSheetGoodsQuaEdit: 'Retail',
  /** Pays one of the member's orders from their balance, at once (idempotent by RequestKey). */
  BalancePay: 'Retail',
  /** Dialling areas a phone login accepts. */
  SmsAreaList: 'Common',
  /** Sends an SMS code to a phone for one purpose (SourceType); the code is never answered. */
  SmsVerifySend: 'Members',
  /** Logs in by phone and SMS code; 42000 when no member has the phone (then VipRegister). */
  VipLoginGet: 'Members',
  /** Makes a member (RegisterType 1 phone + code, 0 vouched phone, 2 neither) and logs it in. */
  VipRegister: 'Members',
  /** Binds a phone (with its SMS code) to the signed-in member. */
  VipBindPhone: 'Members',
  /** Logs in this device's walk-in guest identity; 42000 when it has none yet (then GuestRegister). */
  GuestLogin: 'Members',
  /** Makes this device's walk-in guest identity (or returns it) and logs it in. */
  GuestRegister: 'Members',
  /** Logs in by a host identity (OpenID with its AccessToken); 42000 when not registered. */
  VipLoginByOpenID: 'Members',
  /** Exchanges a host authorisation code for a checked identity (AccessToken + OpenID). */
  ThirdPartyAccessTokenGet: 'Members',
  /** The host identity's profile: phone (area number pair), picture, nickname. */
  ThirdPartyUserInfoGet: 'Members',
  /** The signed-in member with balance, points and coupon count. */
  VipDetailGet: 'Members',
  /** Changes the signed-in member's name, sex, birthday, picture. */
  VipProfileUpdate: 'Members',
  /** Change phone: Type 1 verifies the current phone, Type 2 moves to the new one. */
  VipPhoneChange: 'Members',
  /** Ends the session of this token. */
  VipLogout: 'Members',
  /** The signed-in member's points entries, newest first, paged. */
  VipScoreRecordByPage: 'Members',
  /** The signed-in member's balance entries, newest first, paged. */
  VipBalanceRecordByPage: 'Members',
  /** A fresh short-lived member code for the shop to scan. */
  VipQrCodeGet: 'Members',
  /** Recharge rules of the enterprise (amount → gift balance and coupons). */
  RechargeRuleList: 'Recharge',
  /** One recharge rule with its gift coupons. */
  RechargeRuleDetail: 'Recharge',
  /** Starts a recharge by a rule, paid through the payment provider (idempotent by RequestKey). */
  RechargeSubmit: 'Recharge',
  /** The signed-in member's recharges, newest first, paged. */
  RechargeRecordList: 'Recharge',
  /** One recharge's state after asking its provider (the 'recharge being checked' page polls it). */
  RechargeStatusGet: 'Recharge',
  /** Coupon plans a member can claim here, paged. */
  CouponPlanList: 'Coupons',
  /** One coupon plan with whether the caller could claim it. */
  CouponPlanDetail: 'Coupons',
  /** The member claims a card of a plan (idempotent by RequestKey). */
  CouponCardProvide: 'Coupons',
  /** The member's cards by state, paged, with counts per state. */
  CouponCardList: 'Coupons',
  /** One of the member's cards with its history. */
  CouponCardDetail: 'Coupons',
  /** How one of the member's cards was issued, with its plan. */
  CouponIssueCardDetail: 'Coupons',
  /** The member's cards priced against a cart: those that apply with what each takes off, then the others with why. */
  CouponCardsForOrder: 'Coupons',
  /** What a typed voucher code is. */
  VoucherQuery: 'Coupons',
  /** Redeems a typed voucher code into the member's cards. */
  VoucherVerify: 'Coupons'
} as const satisfies Record<string, ServerType>

export type OperationName = keyof typeof OPERATIONS

/**
 * errcode: the envelope / transport layer. Closed list; each has a message key
 * in the i18n catalogues (`errcode.<code>`).
 */
export const ERRCODES = {
  OK: '0',
  MISSING_FIELD: '10001',
  INVALID_JSON: '10002',
  UNKNOWN_OPERATION: '10003',
  WRONG_AUTH_CODE: '10004',
  ENT_ID_MISMATCH: '10005',
  BODY_TOO_LARGE: '10006',
  INVALID_INPUT: '10007',
  UNSUPPORTED_REQUEST: '10008',
  RATE_LIMITED: '10009',
  /** A member operation without a valid session token (spec: 'Operation not allowed without logging-in.'). */
  LOGIN_REQUIRED: '10010',
  /** A browser's post from a page of another site (Origin / Sec-Fetch-Site), not in ALLOWED_ORIGINS. */
  CROSS_SITE_REFUSED: '10011',
  INTERNAL: '50000'
} as const
export type ErrCode = (typeof ERRCODES)[keyof typeof ERRCODES]

/**
 * resultcode: the business layer. Closed list; each has a message key in the
 * i18n catalogues (`resultcode.<code>`). 42000 keeps the spec's meaning
 * (member not registered: the client registers next).
 */
export const RESULTCODES = {
  OK: '0',
  ENTERPRISE_NOT_FOUND: '20001',
  QR_CODE_INVALID: '20002',
  SHOP_NOT_FOUND: '20003',
  BASE_NOT_FOUND: '20004',
  TABLE_NOT_FOUND: '20005',
  PARAM_NOT_FOUND: '20006',
  GOODS_NOT_FOUND: '20007',
  CLASS_NOT_FOUND: '20008',
  GOODS_OFF_SALE: '20009',
  PRICE_CHANGED: '20010',
  GOODS_NOT_IN_SHOP: '20011',
  INVALID_QUANTITY: '20012',
  SHOP_CLOSED: '20013',
  SHEET_EXPIRED: '20014',
  SHEET_CLOSED: '20015',
  ORDER_NOT_FOUND: '20016',
  ORDER_NOT_YOURS: '20017',
  ORDER_STATUS_CONFLICT: '20018',
  APPOINTMENT_OUTSIDE_HOURS: '20019',
  PAYMENT_ACCOUNT_NOT_LINKED: '20020',
  PAYMENT_DECLINED: '20021',
  PAYMENT_NOT_FOUND: '20022',
  BEYOND_DELIVERY_RANGE: '20023',
  ORDER_EXPIRED: '20024',
  QUANTITY_EDIT_NOT_ALLOWED: '20025',
  CART_EMPTY: '20026',
  SERVICE_NOT_OFFERED: '20027',
  ONLINE_CHECKOUT_OFF: '20028',
  REQUEST_KEY_REUSED: '20029',
  ADDRESS_REQUIRED: '20030',
  PAYMENT_AMOUNT_MISMATCH: '20031',
  SMS_TOO_FREQUENT: '20032',
  SMS_DAILY_LIMIT: '20033',
  SMS_CODE_WRONG: '20034',
  SMS_CODE_EXPIRED: '20035',
  PHONE_INVALID: '20036',
  PHONE_IN_USE: '20037',
  PHONE_NOT_BOUND: '20038',
  NAME_INVALID: '20039',
  ACCESS_TOKEN_INVALID: '20040',
  CHANGE_TICKET_INVALID: '20041',
  INSUFFICIENT_BALANCE: '20042',
  RECHARGE_RULE_NOT_FOUND: '20043',
  RECHARGE_NOT_FOUND: '20044',
  DEVICE_KEY_REQUIRED: '20045',
  MEMBER_CODE_INVALID: '20046',
  /** VipRegister RegisterType 0 with no phone the host verified (a development identity verifies none). */
  PHONE_NOT_VERIFIED: '20047',
  /** More of a goods (sku) than the stock left: names the goods and what is left. */
  STOCK_SHORT: '20048',
  /** A line above the per-line quantity cap (shop/enterprise setting MaxLineQuantity, default 99). */
  LINE_QUANTITY_OVER_LIMIT: '20049',
  /** More lines than the line-count cap (shop/enterprise setting MaxOrderLines, default 50). */
  TOO_MANY_LINES: '20050',
  /** A table's sheet (or a round at the table) without the table's current QR code, from a device that ordered nothing on it. */
  TABLE_CODE_REQUIRED: '20051',
  /** Change phone: the "new" number is the member's current one (SmsVerifySend VipPhoneChange, VipPhoneChange type 2). */
  PHONE_UNCHANGED: '20052',
  /** Delivery where the branch has a range or distance fees, to a typed address with no location: the range cannot be checked (never "beyond range"). */
  LOCATION_REQUIRED: '20053',
  /** Coupons (issue 15): no card or plan by that id or code (spec: 'coupon does not exist'). */
  COUPON_NOT_FOUND: '20054',
  /** The card cannot be used now: used, expired, returned, not yet valid, not for this order, or another member's (spec: 'coupon not available'). */
  COUPON_NOT_AVAILABLE: '20055',
  /** A plan with no cards left to claim. */
  COUPON_SOLD_OUT: '20056',
  /** The member already holds as many cards of the plan as one member may. */
  COUPON_LIMIT_REACHED: '20057',
  /** A plan that cannot be claimed now (paused, outside its claim window, or not claimable in the app). */
  COUPON_NOT_CLAIMABLE: '20058',
  /** The order's eligible spend is below the card's minimum (spec's message). */
  COUPON_MIN_SPEND: '20059',
  /** Too many wrong voucher codes: try again later. */
  COUPON_CODE_TRIES: '20060',
  MEMBER_NOT_REGISTERED: '42000'
} as const
export type ResultCode = (typeof RESULTCODES)[keyof typeof RESULTCODES]

/** The gateway's JSON response. Every string in it is percent-encoded by the server. */
export interface GatewayResponse<T = GatewayTables> {
  errcode: string
  errmsg: string
  resultcode: string
  resultmsg: string
  data: T
}

export type GatewayRow = Record<string, unknown>
export interface GatewayTables {
  table1?: GatewayRow[]
  table2?: GatewayRow[]
  table3?: GatewayRow[]
  table4?: GatewayRow[]
  table5?: GatewayRow[]
}

export const isSuccess = (r: Pick<GatewayResponse, 'errcode' | 'resultcode'>): boolean =>
  String(r.errcode) === '0' && String(r.resultcode) === '0'

/** Languages the gateway answers in, chosen by the request's Accept-Language. */
export const LOCALES = ['zh-CN', 'zh-TW', 'en'] as const
export type Locale = (typeof LOCALES)[number]

/** A name given in all three languages. */
export type LocalizedText = Record<Locale, string>
