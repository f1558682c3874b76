/**
 * The shapes of a restaurant's setup as the console's staff operations read and write them
 * (issue 23; server/src/domain/setup, docs/setup.md): the enterprise, shops, branches, recharge
 * rules and tables. Rows and inputs use the setup services' own field names (camelCase), so a
 * refused save's problems ('hours.begin: bad time …', 'deliveryFees[1].upTo: …') name the very
 * field the console's form shows. Kept apart from ./staff-contract.ts for its length; no diner
 * bundle imports either.
 */
import type { Locale, LocalizedText } from './contract'

export type ServiceLinkType = 'api' | 'h5' | 'image'

/** An enterprise's setup (EnterpriseGet). */
export interface EnterpriseSetupView {
  names: LocalizedText
  /** Currency sign shown with amounts ('MOP$'). */
  currency: string
  /** IANA time zone ('Asia/Macau'). */
  timeZone: string
  /** The languages the enterprise writes its names in, the first its default (AppLanguage). */
  languages: Locale[]
  /** Decimals of amounts and prices (0–8). */
  amoPoint: number
  pricePoint: number
  /** CYSheetGoodsQuaEdit: diners may change the quantities of what their table ordered. */
  quantityEditAllowed: boolean
  /** CYSheetSentQuaLower: they may also lower what went to the kitchen (default no: raising only). */
  lowerSentAllowed: boolean
  /** Every other setting (QuaPoint, MaxLineQuantity, MaxOrderLines, UnpaidOrderMinutes …). */
  settings: Record<string, string>
  serviceLinks: Record<ServiceLinkType, string>
}

/** EnterpriseUpdate's changes: only what is given changes; a setting given as null is removed. */
export interface EnterpriseChanges {
  names?: Partial<LocalizedText>
  currency?: string
  timeZone?: string
  languages?: Locale[]
  amoPoint?: number
  pricePoint?: number
  quantityEditAllowed?: boolean
  lowerSentAllowed?: boolean
  settings?: Record<string, string | null>
  serviceLinks?: Partial<Record<ServiceLinkType, string>>
}

export interface FinanceAccountView {
  /** 'sandbox' here; a real provider's name where one is installed. */
  provider: string
  accountName: string
  accountNo: string
  enabled: boolean
}

/** A shop as the console shows it (ShopList, ShopSave). */
export interface ShopSetupView {
  shopId: string
  code: string
  names: LocalizedText
  address: string
  phone: string
  /** 2 a normal shop, 5 a business-district shop. */
  posType: 2 | 5
  enabled: boolean
  userId: string
  userName: string
  userCode: string
  minaAppId: string
  minaId: string
  /** The counter's QR code ('QR-S101-…'). */
  counterCode: string
  /** The default account (the first of financeAccounts). */
  financeAccount: FinanceAccountView | null
  /** Every merchant account of the shop, one per provider, the default first (PaymentAccountList edits them). */
  financeAccounts?: FinanceAccountView[]
  /** BagFee: the price of one bag (decimal text). */
  bagFee?: string
  /** ShopNotice: the notice Home shows where the page config has 'notice'. */
  notice?: string
  /** ShopPageConfig: Home's sections in order (src/core/shop-page.ts); absent: the default Home. */
  pageConfig?: string
  /** Every other shop param (MaxLineQuantity …). */
  params: Record<string, string>
}

/** ShopSave's changes (for a new shop: names at least). A param given as null is removed. */
export interface ShopChanges {
  code?: string
  names?: Partial<LocalizedText>
  address?: string
  phone?: string
  posType?: 2 | 5
  enabled?: boolean
  userName?: string
  userCode?: string
  minaAppId?: string
  minaId?: string
  /** Owners only: where the shop's payments go; null removes it. */
  financeAccount?: { provider: string; accountName: string; accountNo: string; enabled?: boolean } | null
  /** Owners only: the shop's whole list of accounts, one per provider, the default first. */
  financeAccounts?: { provider: string; accountName: string; accountNo: string; enabled?: boolean }[]
  bagFee?: string
  notice?: string
  /** '' goes back to the default Home. */
  pageConfig?: string
  params?: Record<string, string | null>
}

export type Services = 'all' | 'takeaway' | 'delivery'
export type TableService = 'dinein' | 'fastfood'

export interface DeliveryFeeView {
  /** 'distance': up to upTo metres from the branch; 'amount': goods amount up to upTo. */
  by: 'distance' | 'amount'
  upTo: string
  fee: string
}

/** A branch as the console shows it (ShopList's table2, BranchSave). */
export interface BranchSetupView {
  baseId: string
  shopId: string
  code: string
  names: LocalizedText
  address: string
  phone: string
  /** The map pin, degrees (0, 0: none). */
  lat: number
  lng: number
  /** 'HH:mm' on the enterprise's clock; an end before the begin crosses midnight. */
  hours: { begin: string; end: string }
  /** Monday = 1 … Sunday = 7. */
  weekdays: number[]
  services: Services
  tableService: TableService
  /** Minutes delivery adds to the lead time (0: the default 30). */
  dtbDuration: number
  /** Minutes of cooking before the earliest appointed time. */
  cookingTimeDuration: number
  /** Minutes a table's bill takes rounds (0: unlimited). */
  webOrderDuration: number
  /** The opening hours as written for diners ('18:00-02:00'). */
  openingHoursText: string
  /** Diners may pay a table's bill in the app. */
  payLaterOnlineCheckout: boolean
  /** Metres delivery reaches (0: unlimited, or the last distance tier). */
  deliveryRange: number
  deliveryFees: DeliveryFeeView[]
  params: Record<string, string>
}

/** BranchSave's changes (for a new branch: names and hours at least; deliveryFees given replace them all). */
export interface BranchChanges {
  code?: string
  names?: Partial<LocalizedText>
  address?: string
  phone?: string
  lat?: number
  lng?: number
  hours?: { begin: string; end: string }
  weekdays?: number[]
  services?: Services
  tableService?: TableService
  dtbDuration?: number
  cookingTimeDuration?: number
  webOrderDuration?: number
  openingHoursText?: string
  payLaterOnlineCheckout?: boolean
  deliveryRange?: number
  deliveryFees?: DeliveryFeeView[]
  params?: Record<string, string | null>
}

export interface GiftCouponView {
  names: LocalizedText
  /** What the coupon takes off (decimal text). */
  value: string
  /** Spend at least this. */
  minAmount: string
  validDays: number
  /** Coupons one recharge gives. */
  qua: number
}

/** A recharge rule: pay amount, get amount + giftAmount and the gift coupons. */
export interface RechargeRuleView {
  ruleId: string
  names: LocalizedText
  amount: string
  giftAmount: string
  giftCoupons: GiftCouponView[]
  /** '' every shop. */
  shopId: string
  enabled: boolean
  sort: number
}

/** RechargeRuleSave's changes (for a new rule: names and amount at least). */
export interface RechargeRuleChanges {
  names?: Partial<LocalizedText>
  amount?: string
  giftAmount?: string
  giftCoupons?: (Omit<GiftCouponView, 'names' | 'minAmount'> & { names: Partial<LocalizedText>; minAmount?: string })[]
  shopId?: string
  enabled?: boolean
  sort?: number
}

/** TableRename's changes: the QR code stays. */
export interface TableChanges {
  code?: string
  names?: Partial<LocalizedText>
  area?: string
}

/** What SetupImport did. */
export interface SetupImportRow {
  EntID: string
  Shops: number
  Branches: number
  Tables: number
  RechargeRules: number
  /** Shops whose menu the file replaced. */
  Menus: number
}
