/**
 * The Kysely view of the database. Column types are the portable subset both SQLite and
 * PostgreSQL store the same way: text, integer, double precision. Conventions:
 *   - names: JSON text of a LocalizedText ({"zh-CN","zh-TW","en"});
 *   - flags (is_enable): integer 0/1;
 *   - instants (created_at, expires_at): ISO-8601 UTC text ('2025-01-31T08:00:00.000Z'),
 *     which sorts and compares correctly as text; shown to callers in the enterprise's
 *     wall clock instead;
 *   - money and quantities of the catalogue (price, sales_price, ref, qua …): exact decimal
 *     strings, normalised by decimal.js-light ('38', '12.5'), validated when a menu is imported.
 *     Text keeps every digit on both databases and needs no assumption about the
 *     enterprise's decimals (PricePoint may change after an import); prices are never
 *     summed or sorted in SQL, only in decimal.js-light.
 *   - pictures (image, images): paths relative to FILES_DIR ('menu/E1001/S101/x-1a2b.jpg'),
 *     turned into absolute URLs with the enterprise's 'image' service link per request.
 */

import type { Generated } from 'kysely'
import type { StaffTables } from './schema-staff'
import type { KitchenTables } from './schema-kitchen'
import type { CounterTables } from './schema-counter'
import type { TermsTables } from './schema-terms'

export interface EnterpriseTable {
  ent_id: string
  names: string
  created_at: string
}

export interface EnterpriseSettingTable {
  ent_id: string
  parm_id: string
  parm_value: string
}

export interface ShopTable {
  shop_id: string
  ent_id: string
  code: string
  names: string
  /** The shop user that web orders belong to. */
  user_id: string
  user_name: string
  user_code: string
  /** 2 normal shop, 5 business-district shop. */
  pos_type: number
  mina_app_id: string
  mina_id: string
  /** The shop's counter QR code (also a row of qr_codes). */
  qr_code: string
  address: string
  phone: string
  is_enable: number
}

/** What an order took from an sku's stock (order-stock.ts); returned_at once given back. */
export interface StockTakeTable {
  order_id: string
  sku_id: string
  units: number
  taken_at: string
  returned_at: string | null
}

export interface ShopParamTable {
  shop_id: string
  parm_id: string
  parm_value: string
}

export interface BaseTable {
  base_id: string
  ent_id: string
  shop_id: string
  code: string
  names: string
  business_mode: string
  cy_type: string
  weekday: string
  online_begin_time: string
  online_end_time: string
  begin_time: string
  end_time: string
  dtb_duration: number
  cooking_time_duration: number
  web_order_duration: number
  address: string
  phone: string
  /** Degrees; (0, 0) means the branch has no location. */
  lng: number
  lat: number
}

export interface BaseParamTable {
  base_id: string
  parm_id: string
  parm_value: string
}

export interface DiningTableTable {
  table_id: string
  ent_id: string
  shop_id: string
  base_id: string
  code: string
  names: string
  qr_code: string | null
  /** Migration 0020: the area or floor it stands in ('' none). */
  area: Generated<string>
  /** Migration 0020: 1 in service; 0 removed but kept for the orders and bills that name it (no QR code). */
  is_enable: Generated<number>
}

export interface QrCodeTable {
  code: string
  ent_id: string
  shop_id: string
  base_id: string | null
  table_id: string | null
  expires_at: string | null
  is_enable: number
}

export interface TableSheetTable {
  sheet_id: string
  ent_id: string
  shop_id: string
  base_id: string
  table_id: string
  /** 0 open; at most one open sheet per table (partial unique index). */
  status: number
  created_at: string
  /** Sheet position type: meal 2, fast 4, takeaway 7 (migration 0003). */
  posi_type: Generated<number>
  /** Rounds added so far; the next round is round_count + 1. */
  round_count: Generated<number>
  /** Σ of its rounds' amounts and what has been paid, exact decimal text. */
  amount: Generated<string>
  paid_amount: Generated<string>
  /** The pending settlement order ('' none). */
  settlement_id: Generated<string>
  closed_at: string | null
}

export interface ServiceLinkTable {
  ent_id: string
  /** 'api' | 'h5' | 'image' */
  link_type: string
  /** Absolute, or relative to the request's origin ('/', '/files/'). */
  url: string
}

export interface FeedbackTable {
  fb_id: string
  ent_id: string
  user_id: string
  app_name: string
  fb_content: string
  fb_type: number
  client_ip: string
  created_at: string
}

// ---------- catalogue (migration 0002) ----------
// Every catalogue table carries shop_id, so one shop's whole menu loads (and is replaced) by
// shop_id alone. IDs are derived from ShopID and the menu file's codes (domain/catalogue/ids.ts).

/** One row per shop whose menu was imported; version goes up by one on every import. */
export interface MenuTable {
  shop_id: string
  ent_id: string
  version: number
  imported_at: string
  /** File name the menu came from ('' when imported from an object). */
  source: string
}

export interface GoodsClassTable {
  class_id: string
  ent_id: string
  shop_id: string
  code: string
  names: string
  sort_no: number
  image: string
}

export interface GoodsTable {
  goods_id: string
  ent_id: string
  shop_id: string
  class_id: string
  /** The goods number diners search by; unique in the shop. */
  code: string
  names: string
  descriptions: string
  unit_names: string
  /** 0 common, 3 combo, 5 catering, 6 prescription, 7 weight, 9 bag. */
  goods_type: number
  /** 0 none, 1 single attribute, 2 several. */
  sku_type: number
  /** Decimal strings. For goods with skus the rows show the cheapest sku's prices instead. */
  price: string
  sales_price: string
  step_qua: string
  /** 'HH:mm' or '' (both '' = always on sale). */
  on_sale_time: string
  off_sale_time: string
  sales_qua: number
  is_recommend: number
  sort_no: number
  /** JSON LocalizedText of remark groups ('Name:opt;opt' per line). */
  remarks: string
  /** Main picture, '' without. */
  image: string
  /** 1: sold on every branch of the shop; 0: only on the branches in goods_bases. */
  all_bases: number
  /** Migration 0019: 1 while the shop has switched it off as sold out (sold-out.service.ts). */
  sold_out: Generated<number>
  /** Migration 0032: allergen and dietary codes joined by ',' ('' none; src/core/allergens.ts). */
  allergens: Generated<string>
  diets: Generated<string>
}

/** Further pictures of a goods for the image preview (the main one is goods.image). */
export interface GoodsImageTable {
  goods_id: string
  shop_id: string
  sort_no: number
  image: string
}

export interface GoodsBaseTable {
  goods_id: string
  shop_id: string
  base_id: string
}

export interface SkuAttributeTable {
  attr_id: string
  goods_id: string
  shop_id: string
  code: string
  names: string
  sort_no: number
}

export interface SkuValueTable {
  value_id: string
  attr_id: string
  goods_id: string
  shop_id: string
  code: string
  names: string
  sort_no: number
  /** Migration 0032: allergen and dietary codes joined by ',' ('' none; src/core/allergens.ts). */
  allergens: Generated<string>
  diets: Generated<string>
}

export interface SkuTable {
  sku_id: string
  goods_id: string
  shop_id: string
  code: string
  /** value_ids in attribute order, joined by ','. */
  items: string
  price: string
  sales_price: string
  /** Main units in stock; null = unlimited. */
  stock: number | null
  sort_no: number
}

export interface PackUnitTable {
  goods_id: string
  shop_id: string
  code: string
  names: string
  /** Main units per pack, decimal string > 0. */
  ref: string
  price: string
  sales_price: string
  sort_no: number
}

export interface GoodsAddOnTable {
  option_id: string
  goods_id: string
  shop_id: string
  code: string
  names: string
  price: string
  sales_price: string
  sort_no: number
  /** Migration 0019: 1 while the shop has switched it off as sold out. */
  sold_out: Generated<number>
  /** Migration 0032: allergen and dietary codes joined by ',' ('' none; src/core/allergens.ts). */
  allergens: Generated<string>
  diets: Generated<string>
}

export interface ComboClassTable {
  bom_class_id: string
  /** The combo goods. */
  goods_id: string
  shop_id: string
  code: string
  names: string
  pick: number
  /** 0 required, 1 optional. */
  select_type: number
  sort_no: number
}

export interface ComboItemTable {
  bom_class_id: string
  /** The goods picked in the combo (never itself a combo). */
  item_goods_id: string
  shop_id: string
  qua: string
  /** JSON LocalizedText; all '' = the item goods' own unit. */
  unit_names: string
  /** Markup when picked. */
  price: string
  is_default: number
  sort_no: number
}

export interface PromotionTable {
  promotion_id: string
  ent_id: string
  shop_id: string
  code: string
  names: string
  /** 1 gift, 2 promote, 3 discount, 4 changed, 5 coupon. */
  sale_type: number
  /** Price of one main unit ('' for discounts). */
  price: string
  /** Rate for sale type 3 ('' otherwise). */
  discount: string
  /** 'YYYY-MM-DD' or '' (open-ended). */
  begin_date: string
  end_date: string
  /** 'HH:mm' or '' (all day). */
  begin_time: string
  end_time: string
  sort_no: number
}

export interface PromotionGoodsTable {
  promotion_id: string
  goods_id: string
  shop_id: string
}

/**
 * Reviews. No foreign key to goods: a member's review outlives a menu that drops the goods.
 * Imported reviews (is_imported 1) are replaced by the next import; members' are kept.
 */
export interface GoodsReviewTable {
  review_id: string
  ent_id: string
  shop_id: string
  goods_id: string
  /** The member who wrote it; null for imported reviews. */
  vip_id: string | null
  vip_name: string
  head_img: string
  stars: number
  content: string
  /** JSON array of picture paths. */
  images: string
  created_at: string
  is_imported: number
  /** Migration 0015 (issue 17): the order line a member's review is of (null: imported). */
  order_id: Generated<string | null>
  line_no: Generated<number>
  /** 1: shown without the member's name and avatar. */
  anonymous: Generated<number>
  /** 1: the shop hid it (left out of the list and the summary). */
  hidden: Generated<number>
  /** The shop's reply ('' none) and when it was written ('' none). */
  reply: Generated<string>
  replied_at: Generated<string>
  /** When the member last edited it ('' never). */
  updated_at: Generated<string>
  /** JSON array of the checked uploads' FileIDs (members' photos). */
  file_ids: Generated<string>
}

/** Each GoodsCommentSubmit that wrote (migration 0015): the rate limit and the RequestKey. */
export interface ReviewSubmitTable {
  submit_id: string
  ent_id: string
  vip_id: string
  order_id: string
  request_key: string | null
  created_at: string
}

// ---------- orders and payments (migration 0003) ----------

export interface OrderTable {
  order_id: string
  ent_id: string
  shop_id: string
  base_id: string
  table_id: string
  table_sheet_id: string
  round_no: number
  /** 'order' (prepay) | 'round' (postpay round on a table sheet) | 'settlement' (paying a sheet). */
  kind: string
  owner_key: string
  vip_id: string
  request_key: string
  request_hash: string
  pay_mode: string
  service_type: string
  posi_type: number
  status: number
  pickup_no: string
  business_day: string
  appointed_time: string
  remarks: string
  locale: string
  goods_amount: string
  bag_qua: number
  bag_fee: string
  freight: string
  amount: string
  paid_amount: string
  contact: string
  phone: string
  address: string
  created_at: string
  expires_at: string | null
  paid_at: string | null
  ready_at: string | null
  completed_at: string | null
  cancelled_at: string | null
  /** Delivery: the point the range was checked at ("Use my location"), degrees; 0, 0 none. */
  delivery_lat: number
  delivery_lng: number
  /** The coupon card the order took ('' none), its name and what it took off (migration 0011). */
  card_id: string
  coupon_name: string
  coupon_amount: string
  /**
   * Delivery to a saved address (migration 0013): its id ('' typed), the snapshot of the address
   * as ordered (JSON text of DeliverySnapshot, '' none) and the metres measured from the branch
   * (-1 unknown).
   */
  address_id: Generated<string>
  delivery_snapshot: Generated<string>
  delivery_distance: Generated<number>
  /** Migration 0021: '' not sent to the kitchen, 'preparing', 'ready' (every ticket bumped). */
  kitchen_stage: Generated<string>
}

export interface OrderLineTable {
  order_id: string
  line_no: number
  goods_id: string
  goods_code: string
  goods_name: string
  sku_id: string
  sku_name: string
  pcode: string
  punit: string
  unit: string
  ref: string
  m_qua: string
  p_qua: string
  qua: string
  sales_price: string
  p_sales_price: string
  unit_extras: string
  amount: string
  original_amount: string
  sale_type: number
  remark_text: string
  add_on_text: string
  bom_text: string
  detail: string
}

export interface OrderEventTable {
  order_id: string
  seq: number
  action: string
  from_status: number
  to_status: number
  actor: string
  at: string
}

export interface PickupCounterTable {
  base_id: string
  business_day: string
  last_no: number
}

export interface FinanceAccountTable {
  shop_id: string
  ent_id: string
  provider: string
  account_name: string
  account_no: string
  is_enable: number
  /** Primary key (shop_id, provider) since migration 0026; the shop's lowest position is its default account. */
  position: Generated<number>
}

export interface PaymentTable {
  pay_id: string
  ent_id: string
  shop_id: string
  order_id: string
  owner_key: string
  request_key: string
  provider: string
  amount: string
  status: number
  provider_ref: string
  return_url: string
  created_at: string
  settled_at: string | null
}

export interface PaymentNoticeTable {
  notice_id: string
  pay_id: string
  provider: string
  result: string
  amount: string
  body: string
  received_at: string
}

export interface FreightRuleTable {
  base_id: string
  sort_no: number
  rule_type: string
  up_to: string
  fee: string
}

// ---------- members and money (0004) ----------

export interface MemberTable {
  vip_id: string
  ent_id: string
  area_no: Generated<string>
  phone: Generated<string>
  vip_name: Generated<string>
  sex: Generated<string>
  birthday: Generated<string>
  head_img: Generated<string>
  is_guest: Generated<number>
  device_key: Generated<string>
  code_ref: string
  register_type: Generated<number>
  register_place: Generated<string>
  balance: Generated<string>
  score: Generated<number>
  created_at: string
  updated_at: string
  /** The member's newest balance or points entry's created_at ('' before the first; migration 0036). */
  ledger_at: Generated<string>
}

export interface MemberIdentityTable {
  ent_id: string
  provider: string
  open_id: string
  mina_id: Generated<string>
  vip_id: string
  created_at: string
}

/** A DEVELOPMENT host login's one-time code (migration 0010; development-host-login.provider.ts). */
export interface DevHostLoginCodeTable {
  code_hash: string
  kind: string
  open_id: string
  created_at: string
  expires_at: string
  used_at: string | null
}

export interface MemberSessionTable {
  token_hash: string
  ent_id: string
  vip_id: string
  created_at: string
  expires_at: string
  revoked_at: string | null
}

export interface SmsCodeTable {
  code_id: string
  ent_id: string
  area_no: string
  phone: string
  source_type: string
  code_hash: string
  client_ip: string
  /** Who asked for the code ('device:<key hash>' or 'ip:<address>'): only its checks reach the code. */
  requester: Generated<string>
  tries: Generated<number>
  created_at: string
  expires_at: string
  ended_at: string | null
}

/** Wrong tries at one SMS code from one client address (issue 11: a stranger cannot burn a member's code). */
export interface SmsCodeTryTable {
  code_id: string
  client_ip: string
  tries: number
}

export interface BalanceLedgerTable {
  entry_id: string
  ent_id: string
  vip_id: string
  kind: string
  amount: string
  balance_after: string
  ref_id: string
  created_at: string
}

export interface ScoreLedgerTable {
  entry_id: string
  ent_id: string
  vip_id: string
  kind: string
  score: number
  score_after: number
  ref_id: string
  created_at: string
}

export interface RechargeRuleTable {
  rule_id: string
  ent_id: string
  shop_id: Generated<string>
  names: string
  amount: string
  gift_amount: Generated<string>
  gift_coupons: Generated<string>
  sort_no: Generated<number>
  is_enable: Generated<number>
}

export interface RechargeTable {
  recharge_id: string
  ent_id: string
  shop_id: string
  vip_id: string
  rule_id: string
  request_key: string
  request_hash: string
  amount: string
  gift_amount: string
  gift_coupons: Generated<string>
  status: number
  provider: string
  provider_ref: Generated<string>
  return_url: Generated<string>
  created_at: string
  paid_at: string | null
}

export interface MemberCouponTable {
  coupon_id: string
  ent_id: string
  vip_id: string
  names: string
  value: string
  min_amount: Generated<string>
  valid_from: string
  valid_to: string
  source: string
  source_id: string
  status: Generated<number>
  created_at: string
}

// ---------- coupons (0011) ----------

/** A coupon plan (activity): what its cards are worth, where they apply, how many, how long valid. */
export interface CouponPlanTable {
  plan_id: string
  ent_id: string
  code: string
  names: string
  descriptions: Generated<string>
  /** 1 cash voucher, 2 discount. */
  coupon_type: number
  amount: Generated<string>
  min_amount: Generated<string>
  /** Percent off ('15' = 15 % off). */
  discount_rate: Generated<string>
  /** '0' no cap. */
  max_off: Generated<string>
  /** JSON arrays of ids; [] any. */
  shop_ids: Generated<string>
  base_ids: Generated<string>
  service_types: Generated<string>
  goods_ids: Generated<string>
  class_ids: Generated<string>
  /** null unlimited. */
  total_qua: number | null
  issued_qua: Generated<number>
  /** 0 unlimited. */
  per_member_qua: Generated<number>
  claimable: Generated<number>
  claim_from: string | null
  claim_to: string | null
  /** 1 from the day of collection, 2 from the next day (both valid_days days), 3 fixed days. */
  valid_kind: number
  valid_days: Generated<number>
  valid_from: Generated<string>
  valid_to: Generated<string>
  /** 1 running, 0 paused. */
  status: Generated<number>
  sort_no: Generated<number>
  created_at: string
  updated_at: string
}

/** One card: a member's copy of a plan (vip_id '' for an unredeemed printed voucher). */
export interface CouponCardTable {
  card_id: string
  ent_id: string
  plan_id: string
  vip_id: Generated<string>
  code: string
  /** 0 available, 1 used, 2 expired, 3 returned. */
  status: Generated<number>
  valid_from: string
  valid_to: string
  source: string
  source_id: Generated<string>
  request_key: Generated<string>
  order_id: Generated<string>
  used_at: string | null
  created_at: string
  updated_at: string
}

export interface CouponCardEventTable {
  card_id: string
  seq: number
  action: string
  from_status: number
  to_status: number
  actor: string
  ref_id: Generated<string>
  at: string
}

export interface CouponCodeTryTable {
  ent_id: string
  vip_id: string
  window_start: string
  tries: Generated<number>
}

// ---------- the address book (0013) ----------

/** A member's saved delivery address. */
export interface VipAddressTable {
  address_id: string
  ent_id: string
  vip_id: string
  contact: string
  area_no: string
  phone: string
  region_code: string
  street: string
  detail: string
  house_no: string
  tag: string
  /** Degrees; 0, 0 not located. */
  lat: number
  lng: number
  is_default: number
  request_key: string | null
  created_at: string
  updated_at: string
}

export interface ServerSecretTable {
  name: string
  value: string
  created_at: string
}

export interface Database extends StaffTables, KitchenTables, CounterTables, TermsTables {
  enterprises: EnterpriseTable
  enterprise_settings: EnterpriseSettingTable
  shops: ShopTable
  shop_params: ShopParamTable
  stock_takes: StockTakeTable
  bases: BaseTable
  base_params: BaseParamTable
  dining_tables: DiningTableTable
  qr_codes: QrCodeTable
  table_sheets: TableSheetTable
  service_links: ServiceLinkTable
  feedback: FeedbackTable
  menus: MenuTable
  goods_classes: GoodsClassTable
  goods: GoodsTable
  goods_images: GoodsImageTable
  goods_bases: GoodsBaseTable
  sku_attributes: SkuAttributeTable
  sku_values: SkuValueTable
  skus: SkuTable
  pack_units: PackUnitTable
  goods_add_ons: GoodsAddOnTable
  combo_classes: ComboClassTable
  combo_items: ComboItemTable
  promotions: PromotionTable
  promotion_goods: PromotionGoodsTable
  goods_reviews: GoodsReviewTable
  review_submits: ReviewSubmitTable
  orders: OrderTable
  order_lines: OrderLineTable
  order_events: OrderEventTable
  pickup_counters: PickupCounterTable
  finance_accounts: FinanceAccountTable
  payments: PaymentTable
  payment_notices: PaymentNoticeTable
  freight_rules: FreightRuleTable
  members: MemberTable
  member_identities: MemberIdentityTable
  dev_host_login_codes: DevHostLoginCodeTable
  member_sessions: MemberSessionTable
  sms_codes: SmsCodeTable
  sms_code_tries: SmsCodeTryTable
  balance_ledger: BalanceLedgerTable
  score_ledger: ScoreLedgerTable
  recharge_rules: RechargeRuleTable
  recharges: RechargeTable
  member_coupons: MemberCouponTable
  coupon_plans: CouponPlanTable
  coupon_cards: CouponCardTable
  coupon_card_events: CouponCardEventTable
  coupon_code_tries: CouponCodeTryTable
  vip_addresses: VipAddressTable
  server_secrets: ServerSecretTable
  uploads: UploadTable
  after_sales: AfterSaleTable
  after_sale_lines: AfterSaleLineTable
  after_sale_refunds: AfterSaleRefundTable
  /** Refunds followed until the vendor confirms them (0025; domain/payments/refund-follow-up.ts). */
  refund_follow_ups: RefundFollowUpTable
  /** What a table's bill (a settlement) was for, line by line (0028; domain/table-sheets/bill-lines.ts). */
  bill_lines: BillLineTable
  /** A diner's share of a split table bill (0034; domain/table-sheets/bill-shares.ts). */
  bill_shares: BillShareTable
  bill_share_lines: BillShareLineTable
  geocoder_lookups: GeocoderLookupTable
  /** One host code exchange a client address asked for (0027; domain/members/host-code-limit.ts): the same shape. */
  host_code_exchanges: GeocoderLookupTable
  /** The member code's number staff can type (0029; domain/wallet/member-code.ts). */
  member_number_codes: MemberNumberCodeTable
  event_counters: EventCounterTable
  events: EventTable
}

/**
 * issue 17: uploads (migration 0014). One row per file a member asked to upload (FileBatchNameGet;
 * spec §3 fields), then the picture as checked (decoded, metadata stripped, sized, thumbnailed).
 */
export interface UploadTable {
  file_id: string
  ent_id: string
  vip_id: string
  /** Spec §3 UserID / UserName as the member was then. */
  user_id: string
  user_name: string
  /** 'review' | 'aftersale' | 'avatar'. */
  purpose: string
  class_name: string
  file_name: string
  /** As declared (bytes, MIME type, pixels; 0 unknown). */
  file_size: number
  file_type: string
  width: number
  height: number
  /** Where the client uploads ('' for a copy the server made itself). */
  upload_key: string
  /** 'pending' (signed, not checked), 'checked', 'invalid', 'expired' (never used; its object removed). */
  status: string
  /** The checked picture and its thumbnail ('' until checked). */
  image_key: string
  thumb_key: string
  /** The checked picture's size in pixels (0 until checked). */
  image_width: number
  image_height: number
  expires_at: string
  created_at: string
  checked_at: string
}

/** issue 17: after-sale requests (migration 0016). */
export interface AfterSaleTable {
  after_sale_id: string
  ent_id: string
  vip_id: string
  order_id: string
  request_key: string
  status: number
  whole_order: number
  reason: string
  content: string
  amount: string
  refunded_amount: string
  /** JSON array of FileIDs. */
  file_ids: string
  shop_note: string
  points_reversed: number
  created_at: string
  decided_at: string | null
  refunded_at: string | null
  updated_at: string
}

export interface AfterSaleLineTable {
  after_sale_id: string
  line_no: number
  goods_id: string
  goods_name: string
  qua: string
  amount: string
}

/** One refund number asked of a provider, followed until the vendor confirms it (migration 0025). */
/** One goods line of a table's bill as it stood when the bill was made (migration 0028). */
export interface BillLineTable {
  order_id: string
  line_no: number
  round_id: string
  round_line_no: number
  round_no: number
  m_qua: string
  p_qua: string
  qua: string
  amount: string
  original_amount: string
}

export interface BillShareTable {
  order_id: string
  sheet_id: string
  mode: string
  split_id: string
  split_of: number
  split_parts: string
  split_base: string
  split_total: string
  created_at: string
}

export interface BillShareLineTable {
  order_id: string
  sheet_id: string
  round_id: string
  round_line_no: number
  of: number
  parts: string
  line_amount: string
  amount: string
}

export interface RefundFollowUpTable {
  pay_id: string
  refund_no: string
  provider: string
  base_no: string
  attempt: number
  amount: string
  reason: string
  /** 'due' | 'requested' | 'confirmed' | 'abnormal' | 'closed' | 'given_up' | 'accepted' */
  state: string
  tries: number
  next_at: string
  last_error: string
  created_at: string
  updated_at: string
}

export interface AfterSaleRefundTable {
  after_sale_id: string
  pay_id: string
  provider: string
  amount: string
  refund_ref: string
  created_at: string
}

// ---------- the geocoder's per-address limit (0017) ----------

/** One geocoder lookup a client address made (domain/places/geocoder-lookups.ts). */
export interface GeocoderLookupTable {
  lookup_id: string
  client_ip: string
  /** ISO-8601 UTC. */
  looked_up_at: string
}

// ---------- the member code's number (0029) ----------

/** One number issued with a member code (domain/wallet/member-code.ts): HMAC of the digits, the member, its expiry. */
export interface MemberNumberCodeTable {
  ent_id: string
  number_hash: string
  vip_id: string
  /** ISO-8601 UTC. */
  expires_at: string
  created_at: string
}

// ---------- the live event outbox (0019; server/src/live/outbox.ts, docs/live-events.md) ----------

/** One row per enterprise: where its event ids are (bumped under the row lock in the writer's transaction). */
export interface EventCounterTable {
  ent_id: string
  /** The last id handed out (bigint: text on PostgreSQL). */
  last_id: number | string
  /** The highest id pruning deleted: a cursor below it has lost events ('reset'). */
  pruned_through: number | string
}

/** One change screens must see, written in the transaction that makes it. */
export interface EventTable {
  ent_id: string
  /** Per enterprise, gap-free, visible in id order. */
  id: number | string
  /** '' for the whole enterprise. */
  shop_id: string
  base_id: string | null
  /** 'goods.soldOut', 'addOn.soldOut', 'menu.changed' … (outbox.ts EVENT_AUDIENCES). */
  kind: string
  /** JSON text. */
  payload: string
  created_at: string
  /** The table bill whose diners' read the event changes ('' none; migration 0035). */
  sheet_id: Generated<string>
}
