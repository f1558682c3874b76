/**
 * Record and row shapes of each operation (spec §7). Shared by the client stores and
 * the server's operations, so both sides agree on field names. Every request record
 * also carries EntID and UserID, and the first one AppName (see BaseRecord).
 */
import type { BillLineClaimRow, BillShareRow, BillSplitRow, ShareLineInput } from './bill-split-rows'
import type { ShareMode } from '../core/bill-split'
import type { LocalizedText } from './contract'
import type { PayChannel, PayInvocationRow } from './pay-invocation'
import type {
  BillVersionRow,
  DispatchInfoRow,
  FinanceAccountRow,
  FreightRuleRow,
  OrderLineRow,
  OrderPlacementInput,
  OrderRow,
  PaymentRow,
  RoundRow,
  TableSheetRow
} from './order-rows'
import type { FullSlotRow, ReadyEstimateInput, ReadyEstimateRow } from './estimate-rows'
import type {
  AccessTokenRow,
  BalanceRecordRow,
  GiftCouponRow,
  MemberCodeRow,
  MemberSessionRow,
  PhoneChangeTicketRow,
  RechargeRow,
  RechargeRuleRow,
  RegisterType,
  ScoreRecordRow,
  SmsAreaRow,
  SmsSentRow,
  SmsSourceType,
  ThirdPartyUserRow,
  VipRow
} from './member-rows'
import type {
  AfterSaleLineInput,
  AfterSaleLineRow,
  AfterSaleReason,
  AfterSaleRow,
  ImageRow,
  MyReviewRow,
  ReorderLineRow,
  ReviewInput,
  UploadFileInput,
  UploadPurpose,
  UploadTicketRow
} from './after-rows'
import type { AreaRow, BaseDetailRow, PlaceRow, TableRow, VipAddressInput, VipAddressRow } from './address-rows'
import type {
  AvailableCardRow,
  CardCountRow,
  CardEventRow,
  CardStatus,
  CouponCardRow,
  CouponPlanRow,
  IssueCardRow,
  VoucherRow
} from './coupon-rows'
import type { TermsAgreementRow } from './terms-rows'

export interface BaseRecord {
  EntID: string
  UserID: string
  AppName?: string
}

// ---------- rows ----------

export interface ShopRow {
  EntID: string
  ShopID: string
  ShopCode: string
  /** Name in the request's language; ShopNames has all three. */
  ShopName: string
  ShopNames: LocalizedText
  UserName: string
  UserCode: string
  /** 2 normal shop, 5 business-district shop. */
  PosType: number
  MinaAppID: string
  MinaID: string
  QRCode: string
  Address: string
  Phone: string
}

export interface ShopUserRow {
  UserID: string
  UserName: string
  UserCode: string
}

export interface BaseRow {
  EntID: string
  ShopID: string
  BaseID: string
  BaseCode: string
  BaseName: string
  BaseNames: LocalizedText
  /** '0' all, '1' takeaway, '2' delivery. */
  BusinessMode: string
  /** '1' fast food; anything else dine-in. */
  CYType: string
  /** Allowed weekdays for appointments, '1,2,3,4,5,6,7' (Monday = 1). */
  weekday: string
  OnlineBeginTime: string
  OnlineEndTime: string
  /** 'HH:mm'; empty means the default 00:00–23:59. End before begin crosses midnight. */
  BeginTime: string
  EndTime: string
  /** Minutes. */
  DtbDuration: number
  CookingTimeDuration: number
  /** Minutes a table sheet stays orderable; 0 = unlimited. */
  WebOrderDuration: number
  Address: string
  Phone: string
  Lng: number
  Lat: number
}

export interface BaseWithDistanceRow extends BaseRow {
  /** Metres from the given location; null when no location was given. */
  Distance: number | null
}

export interface TableExtrasRow {
  TableID: string
  TableName: string
  TableNames: LocalizedText
  /** The enterprise's wall-clock time now, 'YYYY-MM-DD HH:mm:ss' in TimeZone. */
  NowDate: string
  TimeZone: string
  /** Tables of the branch when the entry named no table (Home offers choosing one by hand); 0 otherwise. */
  TableCount: number
}

export interface ParamRow {
  ParmID: string
  ParmValue: string
}

export interface TotalRow {
  Total: number
}

export interface ServiceLinkRow {
  /** 'api' gateway base, 'h5' app base, 'image' image-storage domain, 'tiles' the H5 map's tile URL template ({z}/{x}/{y}; setting MAP_TILE_URL). */
  LinkType: 'api' | 'h5' | 'image' | 'tiles'
  Url: string
  /** 'tiles': the attribution the tile provider requires (shown on the map). */
  Attribution?: string
}

export interface EntIdRow {
  EntID: string
  EntName: string
  EntNames: LocalizedText
  ShopID: string
  BaseID: string
  TableID: string
  QRCode: string
}

export interface ExternalShopRow {
  ShopID: string
  ShopName: string
  ShopNames: LocalizedText
  /** '1' enabled, '0' disabled. */
  IsEnable: string
  /** '2' for business-district shops (PosType 5), else '7'. */
  ShopType: string
  /** Comma lists of the shop's branches. */
  BaseID: string
  BaseName: string
}


// ---------- catalogue rows (issue 3) ----------
// Money and quantities travel as decimal strings ('38', '12.5'): exact, parsed with decimal.js-light.
// List rows carry names in the request's language only (the menu is the biggest answer a
// diner downloads); a language switch fetches again.

/** Goods type (spec §3): 0 common, 3 combo, 5 catering, 6 prescription, 7 weight, 9 bag. */
export type GoodsType = 0 | 3 | 5 | 6 | 7 | 9
/** Sku type: 0 none, 1 single attribute, 2 multiple attributes. */
export type SkuType = 0 | 1 | 2
/** Sale type: 0 normal, 1 gift, 2 promote, 3 discount, 4 changed, 5 coupon. */
export type SaleType = 0 | 1 | 2 | 3 | 4 | 5
/** Combo class select type: 0 required, 1 optional. */
export type BomSelectType = 0 | 1

export interface GoodsClassRow {
  ClassID: string
  ClassCode: string
  ClassName: string
  SortNo: number
  /** Goods of this class sold on the requested branch. */
  GoodsCount: number
  /** Absolute URL, '' without a picture. */
  ImageUrl: string
}

export interface GoodsRow {
  GoodsID: string
  /** The goods number diners search by (unique in the shop). */
  GoodsCode: string
  ShopID: string
  /** The branch asked about ('' when the request named none). */
  BaseID: string
  ClassID: string
  GoodsName: string
  /** Main unit name ('份', 'bowl', 'kg'). */
  Unit: string
  GoodsType: GoodsType
  SkuType: SkuType
  /** List price of one main unit (the cheapest sku's when the goods has skus). */
  Price: string
  /** Now price of one main unit after any running promotion. */
  SalesPrice: string
  /** The running promotion's sale type, 0 without one. */
  SaleType: SaleType
  PUnitCount: number
  /** 1 when the diner must choose on goodsDetails (skus, pack units, remarks, add-ons, combo or weight). */
  HasOptions: number
  /** Quantity step of one tap: '1', or e.g. '0.5' for weight goods. */
  StepQua: string
  /** 'HH:mm' on the enterprise's clock; both '' = always on sale. End before start crosses midnight. */
  OnSaleTime: string
  OffSaleTime: string
  /** Quantity sold so far (shown as sales quantity). */
  SalesQua: number
  /** Absolute URL, '' without a picture. */
  ImageUrl: string
  SortNo: number
  IsRecommend: number
  CommentCount: number
  /**
   * 1 while the shop has switched the goods off as sold out (shown and refused like goods with no
   * stock left; docs/live-events.md tells open menus at once). Absent from older servers: 0.
   */
  SoldOut?: number
  /**
   * The goods' own marks (its chosen sku values, add-ons and combo picks may add more): allergen codes joined by ',' in canonical order ('gluten,peanuts', '' none) and dietary
   * codes the same way ('vegetarian,spicy2'); src/core/allergens.ts, docs/allergens.md. Absent from older servers: ''.
   */
  Allergens?: string
  Diets?: string
}

export interface GoodsDetailRow extends GoodsRow {
  GoodsNames: LocalizedText
  Description: string
  /**
   * Remark groups in the request's language, one per line: 'Name:opt;opt，opt' (colon ':' or '：';
   * options split by ';' '；' or the full-width comma '，'). Parsed by src/core.
   */
  GoodsRemarks: string
  /** All pictures (absolute URLs) for the image preview, the main one first. */
  Images: string[]
}

export interface SkuAttributeRow {
  AttrID: string
  AttrName: string
  SortNo: number
}

export interface SkuAttributeValueRow {
  AttrID: string
  ValueID: string
  ValueName: string
  SortNo: number
  /**
   * What choosing this value brings: allergen codes joined by ',' in canonical order ('gluten,peanuts', '' none) and dietary
   * codes the same way ('vegetarian,spicy2'); src/core/allergens.ts, docs/allergens.md. Absent from older servers: ''.
   */
  Allergens?: string
  Diets?: string
}

export interface SkuRow {
  SkuID: string
  SkuCode: string
  /** ValueIDs of the sku's attribute values, in attribute order, joined by ','. */
  SkuItems: string
  /** The values' names joined by ' / ' in the request's language ('Large / Hot'). */
  SkuName: string
  Price: string
  SalesPrice: string
  /** Stock in main units; -1 unlimited. */
  Qua: number
  /** The same stock as whole packs (first pack unit) and the remaining main units; -1 unlimited. */
  PQua: number
  MQua: number
  /**
   * The sku's values' marks together: allergen codes joined by ',' in canonical order ('gluten,peanuts', '' none) and dietary
   * codes the same way ('vegetarian,spicy2'); src/core/allergens.ts, docs/allergens.md. Absent from older servers: ''.
   */
  Allergens?: string
  Diets?: string
}

export interface PackUnitRow {
  PCode: string
  PUnit: string
  /** Main units per pack (decimal string). */
  Ref: string
  Price: string
  SalesPrice: string
}

export interface AttachmentRow {
  GoodsID: string
  OptionID: string
  /** Add-on name. */
  Value: string
  /** List price. */
  Value2: string
  /** Now price. */
  Value3: string
  SortNo: number
  /** 1 while the shop has switched this add-on off as sold out: it cannot be chosen. Absent: 0. */
  SoldOut?: number
  /**
   * What adding it brings: allergen codes joined by ',' in canonical order ('gluten,peanuts', '' none) and dietary
   * codes the same way ('vegetarian,spicy2'); src/core/allergens.ts, docs/allergens.md. Absent from older servers: ''.
   */
  Allergens?: string
  Diets?: string
}

export interface BomClassRow {
  BOMClassID: string
  BOMClassName: string
  /** How many goods the diner picks in this class (required: exactly; optional: up to). */
  Qua: number
  SelectType: BomSelectType
  SortNo: number
}

export interface BomGoodsRow {
  BOMClassID: string
  GoodsID: string
  GoodsName: string
  /** Quantity of this goods in one combo. */
  BOMQua: string
  BOMGoodsPUnit: string
  /** Markup added to the combo's price when picked ('0' none). */
  Price: string
  ImageUrl: string
  /** 1 when picked by default. */
  IsDefault: number
  /** 1 while the picked goods is switched off as sold out: it cannot be picked. Absent: 0. */
  SoldOut?: number
  /**
   * The picked goods' own marks: allergen codes joined by ',' in canonical order ('gluten,peanuts', '' none) and dietary
   * codes the same way ('vegetarian,spicy2'); src/core/allergens.ts, docs/allergens.md. Absent from older servers: ''.
   */
  Allergens?: string
  Diets?: string
  /**
   * The picked goods' own remark groups, as GoodsRow.GoodsRemarks ('*Spice:Mild;Hot'): chosen per
   * pick (order line Bom[].Remarks), a required group must be. Absent or '': none.
   */
  GoodsRemarks?: string
}

export interface PromotionGoodsRow {
  PromotionID: string
  PromotionName: string
  GoodsID: string
  SaleType: SaleType
  /** Promotion price of one main unit ('' when the promotion is a discount). */
  Price: string
  /** Discount rate for sale type 3 ('0.8' = 20% off), '' otherwise. */
  Discount: string
  /** 'YYYY-MM-DD', inclusive. */
  BeginDate: string
  EndDate: string
  /** 'HH:mm' daily window, both '' = all day. */
  BeginTime: string
  EndTime: string
}

export interface GroundingShopRow {
  ShopID: string
  ShopName: string
  BaseID: string
  BaseName: string
}

export interface GoodsCommentRow {
  CommentID: string
  GoodsID: string
  VipName: string
  /** Absolute URL, '' for the default avatar. */
  HeadImg: string
  /** 1–5. */
  Stars: number
  Content: string
  /** Absolute URLs of the pictures (a member's: the checked picture). */
  Images: string[]
  /** Issue 17: the same pictures small, in the same order (an imported picture is its own thumbnail). */
  Thumbs: string[]
  /** 'YYYY-MM-DD HH:mm:ss' on the enterprise's wall clock. */
  CreatedDate: string
  /** Issue 17: 1 when the member chose not to be named (VipName and HeadImg are then ''). */
  Anonymous: 0 | 1
  /** Issue 17: the shop's reply ('' none) and when ('YYYY-MM-DD HH:mm:ss', '' none). */
  Reply: string
  ReplyDate: string
}

export interface CommentSummaryRow {
  Total: number
  /** Average stars, one decimal ('4.5'), '0' without reviews. */
  AvgStars: string
}

/** Fields every menu read takes. */
export interface MenuScope {
  ShopID: string
  /** '' or absent: the shop's whole menu. */
  BaseID?: string
}

/**
 * The table's QR code as scanned, sent with every table-sheet call: it proves the diner sits at
 * the table (without it only a device that ordered on the sheet may see or pay it).
 */
export interface TableCodeProof {
  QRCode?: string
}

// ---------- per operation: input record (beyond BaseRecord) and output tables ----------

export interface OperationTypes {
  EntIDGet: {
    input: { QRCode?: string; TableID?: string; BaseID?: string; ShopID?: string }
    output: { table1: EntIdRow[] }
  }
  ServiceLinkGet: {
    input: Record<string, never>
    output: { table1: ServiceLinkRow[] }
  }
  ShopListByPage: {
    input: { PageIndex?: number; PageSize?: number }
    output: { table1: ShopRow[]; table2: TotalRow[] }
  }
  HomeShopDetailsGet: {
    input: { ShopID?: string; BaseID?: string; TableID?: string; QRCode?: string }
    output: {
      table1: ShopRow[]
      table2: ShopUserRow[]
      table3: BaseRow[]
      table4: { SheetID: string; CreatedDate: string; Status: number }[]
      table5: TableExtrasRow[]
    }
  }
  BaseListByLocation: {
    input: { Lng?: number; Lat?: number; PageIndex?: number; PageSize?: number; BaseClass?: number; ShopID?: string }
    output: { table1: BaseWithDistanceRow[]; table2: TotalRow[] }
  }
  EntSysParamsGet: {
    input: { Other_EntID: string }
    output: { table1: ParamRow[] }
  }
  ShopParamsGet: {
    input: { ShopID: string }
    output: { table1: (ParamRow & { ShopID: string })[] }
  }
  BaseSysParamGet: {
    input: { BaseID: string; ParmID: 'OpeningHours' | 'IsPayLaterOnlineCheckout' }
    output: { table1: (ParamRow & { BaseID: string })[] }
  }
  ExternalShopList: {
    input: { Other_EntID: string; PageIndex?: number; PageSize?: number }
    output: { table1: ExternalShopRow[]; table2: BaseRow[] }
  }
  HelpFeedbackAdd: {
    input: { FbContent: string; FbType: number }
    output: { table1: { FbID: string }[] }
  }
  GoodsClassAllGet: {
    input: MenuScope
    output: { table1: GoodsClassRow[] }
  }
  GoodsListByClass: {
    input: MenuScope & { ClassID?: string; Keyword?: string; PageIndex?: number; PageSize?: number }
    output: { table1: GoodsRow[]; table2: TotalRow[] }
  }
  GoodsDetailGet: {
    input: MenuScope & { GoodsID: string }
    output: {
      table1: GoodsDetailRow[]
      table2: SkuAttributeRow[]
      table3: SkuAttributeValueRow[]
      table4: SkuRow[]
      table5: PackUnitRow[]
    }
  }
  GoodsBOMListGet: {
    input: MenuScope & { GoodsID: string }
    output: { table1: BomClassRow[]; table2: BomGoodsRow[] }
  }
  AttachmentChargingList: {
    input: MenuScope & { GoodsID: string }
    output: { table1: AttachmentRow[] }
  }
  ShopHomeGoodsByPage: {
    input: MenuScope & { PageIndex?: number; PageSize?: number }
    output: { table1: GoodsRow[]; table2: TotalRow[] }
  }
  GroundingShopList: {
    input: { GoodsID: string }
    output: { table1: GroundingShopRow[] }
  }
  GoodsCommentListByPage: {
    input: { GoodsID: string; PageIndex?: number; PageSize?: number }
    output: { table1: GoodsCommentRow[]; table2: CommentSummaryRow[] }
  }
  AvailablePromotionGoods: {
    input: MenuScope
    output: { table1: PromotionGoodsRow[] }
  }
  OrderPricePreview: {
    input: OrderPlacementInput
    output: { table1: OrderRow[]; table2: OrderLineRow[] }
  }
  OrderSubmit: {
    input: OrderPlacementInput & { RequestKey: string }
    output: { table1: OrderRow[]; table2: OrderLineRow[] }
  }
  OrderDetailGet: {
    input: { SheetID: string }
    output: { table1: OrderRow[]; table2: OrderLineRow[]; table3: PaymentRow[] }
  }
  OrderListByPage: {
    input: { PageIndex?: number; PageSize?: number; Status?: number }
    output: { table1: OrderRow[]; table2: TotalRow[] }
  }
  OrderCancel: {
    input: { SheetID: string }
    output: { table1: OrderRow[] }
  }
  MergeOrderPreview: {
    input: OrderPlacementInput & TableCodeProof & { SheetID?: string }
    output: { table1: TableSheetRow[]; table2: OrderLineRow[] }
  }
  MergeOrderSubmit: {
    input: OrderPlacementInput & TableCodeProof & { SheetID: string; RequestKey: string }
    output: { table1: TableSheetRow[]; table2: OrderRow[] }
  }
  PosOrderSubmit: {
    input: OrderPlacementInput & TableCodeProof & { RequestKey: string }
    output: { table1: TableSheetRow[]; table2: OrderRow[] }
  }
  MealPosOrderSubmit: {
    input: OrderPlacementInput & TableCodeProof & { RequestKey: string }
    output: { table1: TableSheetRow[]; table2: OrderRow[] }
  }
  PosSheetDetailGet: {
    input: TableCodeProof & { SheetID: string; BillVersion?: string }
    output: { table1: TableSheetRow[]; table2: OrderLineRow[]; table3: RoundRow[]; table4: BillVersionRow[] }
  }
  PosSheetListByPage: {
    input: { TableID?: string; PageIndex?: number; PageSize?: number }
    output: { table1: TableSheetRow[]; table2: TotalRow[] }
  }
  PosSheetClose: {
    input: TableCodeProof & { SheetID: string }
    output: { table1: TableSheetRow[] }
  }
  PayLaterUpdate: {
    input: TableCodeProof & { SheetID: string }
    output: { table1: TableSheetRow[]; table2: OrderRow[] }
  }
  BillSplitGet: {
    input: TableCodeProof & { SheetID: string }
    output: { table1: BillSplitRow[]; table2: BillShareRow[]; table3: BillLineClaimRow[] }
  }
  BillShareStart: {
    input: TableCodeProof & { SheetID: string; Mode: ShareMode; Lines?: ShareLineInput[]; Of?: number; Parts?: number; Amount?: string }
    output: { table1: BillSplitRow[]; table2: OrderRow[] }
  }
  PosSheetGoodsQuaEdit: {
    input: TableCodeProof & { SheetID: string; RoundID: string; LineNo: number; Qua: number }
    output: { table1: TableSheetRow[]; table2: OrderLineRow[]; table3: RoundRow[] }
  }
  DispatchInfoGet: {
    input: { BaseID: string; Lng: number; Lat: number; Amount: string }
    output: { table1: DispatchInfoRow[] }
  }
  OrderReadyEstimateGet: {
    input: ReadyEstimateInput
    output: { table1: ReadyEstimateRow[]; table2: FullSlotRow[] }
  }
  FreightRuleGet: {
    input: { BaseID: string }
    output: { table1: FreightRuleRow[] }
  }
  FinanceAccountGet: {
    /** PayChannel: the account that channel pays with; absent: the shop's default. */
    input: { ShopID: string; PayChannel?: PayChannel }
    output: { table1: FinanceAccountRow[] }
  }
  PaySubmit: {
    input: { SheetID: string; RequestKey: string; Provider?: string; ReturnUrl: string; PayChannel?: PayChannel }
    output: { table1: PaymentRow[]; table2: PayInvocationRow[] }
  }
  PaymentStatusUpdate: {
    input: { PayID: string }
    output: { table1: PaymentRow[]; table2: OrderRow[] }
  }
  UserPayInfoGet: {
    input: { Code: string }
    output: { table1: { PayerID: string; Provider: string }[] }
  }
  BalancePay: {
    input: { SheetID: string; RequestKey: string }
    output: { table1: PaymentRow[]; table2: OrderRow[] }
  }
  SmsAreaList: {
    input: Record<string, never>
    output: { table1: SmsAreaRow[] }
  }
  SmsVerifySend: {
    input: { Phone: string; AreaNo: string; SourceType: SmsSourceType }
    output: { table1: SmsSentRow[] }
  }
  VipLoginGet: {
    input: { Phone: string; AreaNo: string; Code: string }
    output: { table1: MemberSessionRow[]; table2: VipRow[] }
  }
  VipRegister: {
    input: MemberPlace & {
      RegisterType: RegisterType
      Phone?: string
      AreaNo?: string
      Code?: string
      OpenID?: string
      MinaID?: string
      /** Proof of OpenID (ThirdPartyAccessTokenGet); needed with OpenID. */
      AccessToken?: string
      HeadImg?: string
      VipName?: string
      /** 'YYYY-MM-DD' or ''. */
      Birthy?: string
      Sex?: string
    }
    output: { table1: MemberSessionRow[]; table2: VipRow[] }
  }
  VipBindPhone: {
    input: { Phone: string; AreaNo: string; Code: string; SourceType: 'VipBindPhone' }
    output: { table1: VipRow[] }
  }
  VipHostPhoneBind: {
    input: { OpenID: string; AccessToken: string }
    output: { table1: VipRow[] }
  }
  GuestLogin: {
    input: MemberPlace
    output: { table1: MemberSessionRow[]; table2: VipRow[] }
  }
  GuestRegister: {
    input: MemberPlace
    output: { table1: MemberSessionRow[]; table2: VipRow[] }
  }
  VipLoginByOpenID: {
    input: { OpenID: string; MinaID?: string; LoginType: 0; AccessToken: string }
    output: { table1: MemberSessionRow[]; table2: VipRow[] }
  }
  ThirdPartyAccessTokenGet: {
    /** PhoneCode: the chat-app mini-program's getPhoneNumber code; the phone WeChat verified is signed into the AccessToken. */
    input: { Code: string; HostKind?: 'superapp' | 'thirdparty'; PhoneCode?: string }
    output: { table1: AccessTokenRow[] }
  }
  ThirdPartyUserInfoGet: {
    input: { AccessToken: string; OpenID: string }
    output: { table1: ThirdPartyUserRow[] }
  }
  VipDetailGet: {
    input: Record<string, never>
    output: { table1: VipRow[] }
  }
  VipProfileUpdate: {
    input: { VipName: string; Sex: string; Birthy: string; HeadImg?: string }
    output: { table1: VipRow[] }
  }
  VipPhoneChange: {
    input: { Type: 1 | 2; Phone: string; AreaNo: string; Code: string; ChangeTicket?: string }
    output: { table1: PhoneChangeTicketRow[]; table2: VipRow[] }
  }
  VipLogout: {
    input: Record<string, never>
    output: Record<string, never>
  }
  TermsAgreementGet: {
    input: Record<string, never>
    output: { table1: TermsAgreementRow[] }
  }
  TermsAgreementSave: {
    input: { TermsVersion: string; Agreed: 0 | 1 }
    output: { table1: TermsAgreementRow[] }
  }
  VipScoreRecordByPage: {
    input: { PageIndex?: number; PageSize?: number }
    output: { table1: ScoreRecordRow[]; table2: TotalRow[] }
  }
  VipBalanceRecordByPage: {
    input: { PageIndex?: number; PageSize?: number }
    output: { table1: BalanceRecordRow[]; table2: TotalRow[] }
  }
  VipQrCodeGet: {
    input: Record<string, never>
    output: { table1: MemberCodeRow[] }
  }
  RechargeRuleList: {
    input: { ShopID?: string }
    output: { table1: RechargeRuleRow[] }
  }
  RechargeRuleDetail: {
    input: { RuleID: string }
    output: { table1: RechargeRuleRow[]; table2: GiftCouponRow[] }
  }
  RechargeSubmit: {
    input: { RuleID: string; ShopID: string; RequestKey: string; ReturnUrl: string; Provider?: string; PayChannel?: PayChannel }
    output: { table1: RechargeRow[]; table2: PayInvocationRow[] }
  }
  RechargeRecordList: {
    input: { PageIndex?: number; PageSize?: number }
    output: { table1: RechargeRow[]; table2: TotalRow[] }
  }
  RechargeStatusGet: {
    input: { RechargeID: string }
    output: { table1: RechargeRow[]; table2: VipRow[] }
  }
  // ---------- Coupons (issue 15) ----------
  /** Plans that can be claimed here (ShopID: this shop's and the enterprise-wide ones); public, HeldQua with a member. */
  CouponPlanList: {
    input: { ShopID?: string; PageIndex?: number; PageSize?: number }
    output: { table1: CouponPlanRow[]; table2: TotalRow[] }
  }
  CouponPlanDetail: {
    input: { PlanID: string }
    output: { table1: CouponPlanRow[] }
  }
  /** Claims one card of a plan for the signed-in member (idempotent by RequestKey). */
  CouponCardProvide: {
    input: { PlanID: string; RequestKey: string; ShopID?: string }
    output: { table1: CouponCardRow[]; table2: CouponPlanRow[] }
  }
  /** The member's cards, by state (none: all), newest first, paged; table3 counts per state. */
  CouponCardList: {
    input: { Status?: CardStatus; PageIndex?: number; PageSize?: number }
    output: { table1: CouponCardRow[]; table2: TotalRow[]; table3: CardCountRow[] }
  }
  CouponCardDetail: {
    input: { CardID: string }
    output: { table1: CouponCardRow[]; table2: CardEventRow[] }
  }
  CouponIssueCardDetail: {
    input: { CardID: string }
    output: { table1: IssueCardRow[]; table2: CouponPlanRow[] }
  }
  /** The member's available cards for this cart: those that apply (most off first), then the others with why. */
  CouponCardsForOrder: {
    input: OrderPlacementInput
    output: { table1: AvailableCardRow[] }
  }
  /** What a typed code is (before redeeming it). */
  VoucherQuery: {
    input: { Code: string }
    output: { table1: VoucherRow[] }
  }
  /** Redeems a typed code into the member's cards (then usable on an order by its CardID). */
  VoucherVerify: {
    input: { Code: string }
    output: { table1: CouponCardRow[] }
  }
  // ---------- Addresses, regions, places, tables (issue 16) ----------
  /** Children of each parent region ('' = the level-1 regions), parents in the order given; public, cached. */
  AreaBatchSelect: {
    input: { ParentCodes: string[] }
    output: { table1: AreaRow[] }
  }
  /** Places matching a typed address (within RegionCode when given), best first. */
  AddressResolution: {
    input: { Address: string; RegionCode?: string }
    output: { table1: PlaceRow[] }
  }
  /** The place at a point (table1, one row) and the shop's branches nearest first with their distance (table2). */
  BaseInfoByGPS: {
    input: { Lng: number; Lat: number; ShopID?: string }
    output: { table1: PlaceRow[]; table2: BaseWithDistanceRow[] }
  }
  /** The signed-in member's addresses, default first then newest (VipID is the caller's own; page 1, size 999). */
  VipAddressListByPage: {
    input: { VipID?: string; PageIndex?: number; PageSize?: number }
    output: { table1: VipAddressRow[]; table2: TotalRow[] }
  }
  VipAddressAdd: {
    input: VipAddressInput & { RequestKey?: string }
    output: { table1: VipAddressRow[] }
  }
  VipAddressGet: {
    input: { AddressID: string }
    output: { table1: VipAddressRow[] }
  }
  VipAddressUpdate: {
    input: VipAddressInput & { AddressID: string }
    output: { table1: VipAddressRow[] }
  }
  /** Deleting the default makes the newest remaining address the default. */
  VipAddressDelete: {
    input: { AddressID: string }
    output: { table1: VipAddressRow[] }
  }
  /** Tables of a branch, paged (choosing a table by hand; a table chosen so orders prepay to it, its sheet still needs its QR code). */
  TableListByPage: {
    input: { BaseID: string; PageIndex?: number; PageSize?: number }
    output: { table1: TableRow[]; table2: TotalRow[] }
  }
  /** A branch with its shop: address, phone, location, hours, services, delivery range. */
  ShopBaseDetailGet: {
    input: { BaseID: string }
    output: { table1: BaseDetailRow[] }
  }
  // ---------- Uploads, reviews, after-sale, avatar, reorder (issue 17) ----------
  /** Records each file (spec §3) and answers where and how to upload it: a short-lived signed form (member only). */
  FileBatchNameGet: {
    input: { Purpose: UploadPurpose; Files: UploadFileInput[] }
    output: { table1: UploadTicketRow[] }
  }
  /** The member's reviews of one of their orders (to write or edit them). */
  OrderCommentsGet: {
    input: { SheetID: string }
    output: { table1: MyReviewRow[] }
  }
  /** Writes or edits the member's reviews of an order's lines (one per line; photos are checked uploads). */
  GoodsCommentSubmit: {
    input: { SheetID: string; Comments: ReviewInput[]; RequestKey?: string }
    output: { table1: MyReviewRow[] }
  }
  /** Asks for a refund of a paid order (whole or some lines); one open request per order. */
  AfterSaleSubmit: {
    input: { SheetID: string; Lines?: AfterSaleLineInput[]; Amount: string; Reason: AfterSaleReason; Content?: string; FileIDs?: string[]; RequestKey: string }
    output: { table1: AfterSaleRow[]; table2: AfterSaleLineRow[] }
  }
  /** The member's request (by AfterSaleID) or the latest one of an order (by SheetID), with its lines. */
  AfterSaleDetailGet: {
    input: { AfterSaleID?: string; SheetID?: string }
    output: { table1: AfterSaleRow[]; table2: AfterSaleLineRow[] }
  }
  AfterSaleListByPage: {
    input: { PageIndex?: number; PageSize?: number }
    output: { table1: AfterSaleRow[]; table2: TotalRow[] }
  }
  /** The member withdraws a request the shop has not decided yet. */
  AfterSaleWithdraw: {
    input: { AfterSaleID: string }
    output: { table1: AfterSaleRow[] }
  }
  /** Sets the member's avatar from a checked upload (FileID '' removes it). */
  VipAvatarUpdate: {
    input: { FileID: string }
    output: { table1: VipRow[]; table2: ImageRow[] }
  }
  /** An order's lines priced from today's menu, or why each cannot be ordered again (the caller's own orders). */
  OrderReorderGet: {
    input: { SheetID: string }
    output: { table1: ReorderLineRow[] }
  }
}

/** Where a member registers or logs in as a guest: the shop and branch names and codes (spec §7). */
export interface MemberPlace {
  ShopName?: string
  ShopCode?: string
  BaseName?: string
  BaseCode?: string
}

/** Branch params that BaseSysParamGet knows. */
export const BASE_PARAM_IDS = ['OpeningHours', 'IsPayLaterOnlineCheckout'] as const
