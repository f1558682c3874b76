/**
 * Every operation the gateway serves, by KeyName, with its group (ServerType). Part of the contract
 * (./contract.ts), in a file of its own so the H5 first screen, which imports the contract, does not
 * carry the whole list (src/gateway/operation-groups.h5.ts).
 */
import type { ServerType } from './contract'

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
  /** How long until a cart (or one of the caller's orders) is ready, from the kitchen's queue; the branch's full pickup slots. */
  OrderReadyEstimateGet: 'Retail',
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
  /** Split bills: a table bill's balance and who paid what. */
  BillSplitGet: 'Retail',
  /** Split bills: the caller's share of the table's bill (lines, equal shares, an amount, the rest). */
  BillShareStart: 'Retail',
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
  /** Binds the phone the host verified (ThirdPartyAccessTokenGet with PhoneCode) to the signed-in member. */
  VipHostPhoneBind: 'Members',
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
  /** The terms versions the signed-in member agreed to (on any device). */
  TermsAgreementGet: 'Members',
  /** Records or withdraws the signed-in member's agreement to a terms version. */
  TermsAgreementSave: 'Members',
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
  VoucherVerify: 'Coupons',
  /** Children of parent regions, a level at a time (Macau, Hong Kong, mainland China). */
  AreaBatchSelect: 'Common',
  /** Places matching a typed address, through the geocoding provider. */
  AddressResolution: 'Common',
  /** The place at a point and the nearest branches. */
  BaseInfoByGPS: 'Params',
  /** The member's saved addresses (page 1, size 999). */
  VipAddressListByPage: 'Members',
  VipAddressAdd: 'Members',
  VipAddressGet: 'Members',
  VipAddressUpdate: 'Members',
  VipAddressDelete: 'Members',
  /** Tables of a branch, paged. */
  TableListByPage: 'Retail',
  /** A branch's page: address, phone, location, hours. */
  ShopBaseDetailGet: 'Retail',
  /** Records files and answers signed upload forms (spec §7 Files: batch file name get). */
  FileBatchNameGet: 'Files',
  /** The member's reviews of one of their orders. */
  OrderCommentsGet: 'Goods',
  /** Writes or edits the member's reviews of an order's lines. */
  GoodsCommentSubmit: 'Goods',
  /** After-sale requests: ask, read, list, withdraw. */
  AfterSaleSubmit: 'Retail',
  AfterSaleDetailGet: 'Retail',
  AfterSaleListByPage: 'Retail',
  AfterSaleWithdraw: 'Retail',
  /** The member's avatar from a checked upload. */
  VipAvatarUpdate: 'Members',
  /** An order's lines re-priced from today's menu. */
  OrderReorderGet: 'Retail'
} as const satisfies Record<string, ServerType>
