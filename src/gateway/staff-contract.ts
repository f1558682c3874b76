/**
 * The staff side of the gateway contract (issue 23): operations the console and the shared devices
 * call. Same envelope as the diner's operations (POST /GetData, form fields, percent-encoded
 * answers, data.table1…), under ServerType 'Staff'. Kept apart from ./operation-list.ts so no diner
 * bundle carries a staff name.
 *
 * Auth, per operation (server/src/operations/staff/staff-operation.ts):
 *   - 'public': setup and sign-in;
 *   - 'device': a paired device's token in `X-Staff-Device` (the PIN pad);
 *   - 'signed-in': a staff session token in `Authorization: Bearer st_…`;
 *   - a Permission (src/core/staff-permissions.ts): signed in, and the role has it.
 * Without a valid session: errcode 10012 STAFF_SIGN_IN_REQUIRED; with one that lacks the
 * permission, or outside the person's shops and branches: errcode 10013 STAFF_NOT_PERMITTED.
 */
import type { DeviceKind, Permission, StaffRole } from '../core/staff-permissions'
import type { AfterSaleLineRow, AfterSaleRow, UploadTicketRow } from './after-rows'
import type { LocalizedText } from './contract'
import type {
  BranchChanges,
  BranchSetupView,
  EnterpriseChanges,
  EnterpriseSetupView,
  RechargeRuleChanges,
  RechargeRuleView,
  SetupImportRow,
  ShopChanges,
  ShopSetupView,
  TableChanges
} from './setup-contract'
import type { OrderLineRow, OrderRow } from './order-rows'
import { KITCHEN_OPERATIONS, type KitchenOperationInputs, type KitchenOperationOutputs } from './kitchen-contract'
import { COUNTER_OPERATIONS, type CounterOperationInputs, type CounterOperationOutputs } from './counter-contract'
import { REPORT_OPERATIONS, type ReportOperationInputs, type ReportOperationOutputs } from './report-contract'

export const STAFF_SERVER_TYPE = 'Staff'

/** A shop's merchant account at one payment provider (PaymentAccountList, PaymentAccountSave). */
export interface PaymentAccountRow {
  ShopID: string
  /** The provider's registry name ('wechatpay', 'alipay', 'alipayhk', 'sandbox'). */
  Provider: string
  AccountName: string
  AccountNo: string
  /** 1 takes payments. */
  Enabled: 0 | 1
  /** 1 the shop's default account (used for 'hosted' when no other fits). */
  Default: 0 | 1
  /** 1 this server runs the provider; 0 the account takes nothing until it does. */
  Running: 0 | 1
  /** 0 the sandbox: no real money. */
  RealMoney: 0 | 1
}

/** A payment provider this server runs. */
export interface PaymentProviderRow {
  Provider: string
  RealMoney: 0 | 1
}

/** Every staff operation, by KeyName, with a one-line summary (docs/gateway.md). */
export const STAFF_OPERATIONS = {
  StaffSetupCheck: 'Whether a one-time setup link is still valid, and whether it makes a new enterprise or an owner of an existing one.',
  StaffSetupComplete: 'With a valid setup link: the owner account and the enterprise, signed in; the link is used up.',
  StaffPasswordLogin: 'Phone and password → a staff session.',
  StaffSmsSend: 'Sends a sign-in code to a staff member’s phone (the same answer whether or not the phone is staff).',
  StaffSmsLogin: 'Phone and SMS code → a staff session.',
  StaffDeviceInfo: 'On a paired device: the device and the people who may sign in on it.',
  StaffPinLogin: 'On a paired device: a person and their PIN → a staff session bound to the device.',
  StaffSignOut: 'Ends the caller’s session.',
  StaffMe: 'The signed-in person, role, permissions, device, and the shops and branches in their scope.',
  StaffProfileUpdate: 'The signed-in person’s own language, password or PIN.',
  StaffList: 'People of the enterprise (in the caller’s scope).',
  StaffSave: 'Adds or changes a person (role never above the caller’s; scope within the caller’s).',
  StaffRemove: 'Removes a person; their sessions end at once.',
  StaffDevicePair: 'Pairs this browser as a shared device; answers the device token once.',
  StaffDeviceList: 'Paired devices.',
  StaffDeviceRemove: 'Unpairs a device; its sessions end at once.',
  AuditListByPage: 'The audit log, newest first, filtered.',
  AuditExport: 'The audit log, filtered, as CSV text.',
  StaffMenuGet: 'A shop’s classes, goods and add-ons with their sold-out state.',
  GoodsSoldOutSet: 'Switches a goods sold out or back; every diner’s open menu hears of it.',
  AddOnSoldOutSet: 'Switches one add-on of a goods sold out or back.',
  MenuOutlineGet: 'The menu editor’s view of a shop: classes with codes and places, goods rows, the shop’s branches, the menu version.',
  MenuClassSave: 'Adds a class or renames / moves one (the menu import’s rules); diners’ open menus read it again.',
  MenuClassRemove: 'Removes a class that has no goods left.',
  MenuGoodsGet: 'One goods whole, as one goods of the menu file: names, prices, specs with stock, pack units, remarks (required groups), add-ons, combo, sale window, branches; its picture URL.',
  MenuGoodsSave: 'Adds or changes one goods whole in one transaction, checked with the menu import’s rules (every problem named by its field: 21201); a picture from MenuPictureUploadTicket; price changes need a reason.',
  MenuGoodsRemove: 'Removes a goods (not one that is a choice in a combo: 21204).',
  MenuStockSet: 'Sets the stock of one sku (or unlimited).',
  MenuPictureUploadTicket: 'A signed upload form for one goods picture (JPEG, PNG or WebP, at most 5 MB); MenuGoodsSave uses it after the server has checked it.',
  StaffTableList: 'Tables of a shop or branch with their entry URLs.',
  TablesAdd: 'Adds tables to a branch in bulk (“A01–A12”), in an area or floor, each with a fresh QR code.',
  TableRotate: 'Gives a table a new QR code; the old one stops working at once.',
  TableQrSheet: 'The printable A4 QR sheet (PDF, base64) of a shop’s or branch’s tables and counter.',
  EnterpriseGet: 'The enterprise’s setup: names, currency, time zone, languages, decimals, the quantity rules of table bills, other settings.',
  EnterpriseUpdate: 'Changes the enterprise’s setup (only what is given); a refused change lists every problem by its field (21100).',
  ShopList: 'Shops and branches in the caller’s scope, with everything the console edits (hours, services, delivery, fees, page config).',
  PaymentAccountList: 'A shop’s payment accounts, one per provider, the default first (table1), and the providers this server runs that an account may be at (table2).',
  PaymentAccountSave: 'Adds or changes a shop’s account at one provider (name and number as staff see them, enabled, the default); a provider this server does not run → 21500.',
  ShopSave: 'Adds a shop (owners, and managers of every shop) or changes one (its page config, notice, bag fee …); a new shop gets a counter QR code.',
  BranchSave: 'Adds a branch to a shop or changes one: address, map pin, hours (past midnight too), weekdays, service styles, durations, delivery range and fee tiers.',
  BranchRemove: 'Removes a branch with its tables and codes (refused while it has orders or bills: 21105).',
  StaffRechargeRuleList: 'The enterprise’s recharge rules (disabled ones too).',
  StaffRechargeRuleSave: 'Adds or changes a recharge rule (a rule for every shop needs every shop in the caller’s scope).',
  TableRename: 'Changes a table’s code, names or area; its QR code stays.',
  TableRemove: 'Removes a table; one that orders name is kept out of service. Its QR code stops at once.',
  SetupExport: 'The enterprise’s whole setup as a setup file (docs/setup.md), JSON text; table codes only when asked.',
  SetupImport: 'Makes the caller’s enterprise like a setup file (mode replace); the file is refused whole with every problem named (21100).',
  StaffMemberVerify: 'The member behind a member code the diner shows (typed or scanned): name, masked phone, balance, points, coupons.',
  StaffMemberLookup: 'Members of the enterprise with a phone number.',
  StaffCouponPlanList: 'Every coupon plan of the enterprise, with whether the caller may run it (its shops are in their scope).',
  StaffCouponPlanCreate: 'Creates a coupon plan (a cash voucher or a discount, where it applies, how many, validity), as `npm run coupons -- create`.',
  StaffCouponPlanStatusSet: 'Pauses a plan (no new cards; cards held keep working) or lets it run again.',
  StaffCouponIssue: 'Issues cards of a plan to the member with a phone number (the per-member limit is the shop’s call).',
  StaffVoucherPrint: 'Makes vouchers of a plan that nobody holds yet; members type their codes in.',
  StaffCouponCardGet: 'A card by its code: plan, holder (masked phone), state as shown today, days and history.',
  StaffCouponCardVoid: 'Voids an available card (it becomes returned), with a reason.',
  StaffReviewList: 'Reviews of the shops in the caller’s scope, newest first, hidden ones too, filtered.',
  StaffReviewGet: 'One review in full.',
  StaffReviewReply: 'The shop’s reply under a review (an empty text removes it).',
  StaffReviewHiddenSet: 'Hides a review from the app’s list and rating summary, or shows it again.',
  StaffAfterSaleList: 'After-sale requests about orders of the caller’s branches, newest first.',
  StaffAfterSaleGet: 'One after-sale request with its lines and refunds.',
  StaffAfterSaleApprove: 'Approves a request: refunds it the way it was paid, takes back points and returns stock, in one transaction.',
  StaffAfterSaleReject: 'Rejects a request with the shop’s reason (the member reads it).',
  StaffOrderList: 'Orders of the caller’s branches, newest first, filtered by branch, status and business day.',
  StaffOrderGet: 'One order with its lines.',
  StaffOrderReady: 'Marks a paid order ready for pickup.',
  StaffOrderComplete: 'Marks an order completed.',
  StaffOrderCancel: 'Cancels an order with a reason; a paid order is refunded to where it came from.',
  // The live service (issue 24): each part in a contract file of its own.
  ...KITCHEN_OPERATIONS,
  ...COUNTER_OPERATIONS,
  ...REPORT_OPERATIONS
} as const
export type StaffOperationName = keyof typeof STAFF_OPERATIONS

/** A staff session as the sign-in operations and StaffMe answer it. */
export interface StaffSessionRow {
  /** Only in the answer of a sign-in: the bearer token (never again). */
  Token: string
  StaffID: string
  EntID: string
  Name: string
  Role: StaffRole
  /** Comma-separated Permission values of the role. */
  Permissions: string
  /** 'zh-CN' | 'zh-TW' | 'en': the person's console language. */
  Locale: string
  /** The paired device the session is on ('' for a personal sign-in). */
  DeviceID: string
  DeviceName: string
  ExpiresAt: string
}

export interface StaffScopeRow {
  ShopID: string
  /** '' for the shop's own row. */
  BaseID: string
  Names: LocalizedText
}

export interface StaffRow {
  StaffID: string
  Name: string
  AreaCode: string
  Phone: string
  Role: StaffRole
  /** Comma-separated; '' = every shop of the enterprise. */
  ShopIDs: string
  /** Comma-separated; '' = every branch of those shops. */
  BaseIDs: string
  Locale: string
  HasPassword: boolean
  HasPin: boolean
  CreatedAt: string
}

export interface StaffDeviceRow {
  DeviceID: string
  Name: string
  Kind: DeviceKind
  ShopID: string
  BaseID: string
  PairedBy: string
  PairedAt: string
  LastSeenAt: string
  /** While wrong PINs have locked it: until when ('' when not locked). */
  LockedUntil: string
}

export interface AuditRow {
  AuditID: string
  At: string
  StaffID: string
  StaffName: string
  Role: string
  DeviceID: string
  DeviceName: string
  /** 'staff.signIn', 'goods.soldOut', 'table.rotate', … (docs/console.md lists them). */
  Action: string
  TargetType: string
  TargetID: string
  /** JSON text: what changed (before / after where it applies). */
  Detail: string
  Reason: string
  ClientIp: string
}

export type { DeviceKind, Permission, StaffRole }

/** Inputs of each staff operation (each record also carries EntID and UserID, as every record does). */
export interface StaffOperationInputs extends KitchenOperationInputs, CounterOperationInputs, ReportOperationInputs {
  StaffSetupCheck: { SetupToken: string }
  StaffSetupComplete: {
    SetupToken: string
    OwnerName: string
    AreaCode: string
    Phone: string
    Password: string
    /** The next four only for a link that makes a new enterprise (StaffSetupCheck's EntID ''). */
    EntNames?: LocalizedText
    /** Currency sign shown to diners ('MOP$', 'HK$', '¥'). */
    Currency?: string
    /** IANA time zone ('Asia/Macau'). */
    TimeZone?: string
    /** Comma-separated languages diners may choose, the first the default ('zh-TW,en,zh-CN'). */
    Languages?: string
    Locale: string
  }
  StaffPasswordLogin: { AreaCode: string; Phone: string; Password: string }
  StaffSmsSend: { AreaCode: string; Phone: string }
  StaffSmsLogin: { AreaCode: string; Phone: string; Code: string }
  StaffDeviceInfo: Record<string, never>
  StaffPinLogin: { StaffID: string; Pin: string }
  StaffSignOut: Record<string, never>
  StaffMe: Record<string, never>
  StaffProfileUpdate: { Locale?: string; Password?: string; CurrentPassword?: string; Pin?: string }
  StaffList: Record<string, never>
  StaffSave: {
    /** '' to add. */
    StaffID: string
    Name: string
    AreaCode: string
    Phone: string
    Role: StaffRole
    ShopIDs: string
    BaseIDs: string
    Locale: string
    /** '' keeps the current one. */
    Password: string
    /** '' keeps the current one. */
    Pin: string
    Reason: string
  }
  StaffRemove: { StaffID: string; Reason: string }
  StaffDevicePair: { Name: string; Kind: DeviceKind; ShopID: string; BaseID: string }
  StaffDeviceList: Record<string, never>
  StaffDeviceRemove: { DeviceID: string; Reason: string }
  AuditListByPage: { Action: string; StaffID: string; From: string; To: string; PageIndex: number; PageSize: number }
  AuditExport: { Action: string; StaffID: string; From: string; To: string }
  StaffMenuGet: { ShopID: string }
  GoodsSoldOutSet: { ShopID: string; GoodsID: string; SoldOut: number; Reason: string }
  AddOnSoldOutSet: { ShopID: string; GoodsID: string; OptionID: string; SoldOut: number; Reason: string }
  MenuOutlineGet: { ShopID: string }
  /** ClassID '' adds a class; Sort absent = last (new) or unchanged. */
  MenuClassSave: { ShopID: string; ClassID: string; Code: string; Names: LocalizedText; Sort?: number; Reason: string }
  MenuClassRemove: { ShopID: string; ClassID: string; Reason: string }
  MenuGoodsGet: { ShopID: string; GoodsID: string }
  /**
   * GoodsID '' adds a goods. Goods: one goods of the menu file (docs/menu-import.md), no picture
   * paths. PictureFileID: a MenuPictureUploadTicket upload ('' keeps the picture); RemovePicture 1
   * drops it. KeepStock 1: stored skus keep their stock. Reason: needed when prices change.
   */
  MenuGoodsSave: { ShopID: string; GoodsID: string; Goods: Record<string, unknown>; PictureFileID: string; RemovePicture: number; KeepStock: number; Reason: string }
  MenuGoodsRemove: { ShopID: string; GoodsID: string; Reason: string }
  /** Stock '' (or null): unlimited. */
  MenuStockSet: { ShopID: string; GoodsID: string; SkuID: string; Stock: number | null; Reason: string }
  MenuPictureUploadTicket: { ShopID: string; FileName: string; FileSize: number; FileType: string; Width?: number; Height?: number }
  StaffTableList: { ShopID: string; BaseID: string }
  TablesAdd: { BaseID: string; Pattern: string; Area: string }
  TableRotate: { TableID: string; Reason: string }
  TableQrSheet: { ShopID: string; BaseID: string; Locale: string }
  EnterpriseGet: Record<string, never>
  EnterpriseUpdate: { Changes: EnterpriseChanges; Reason: string }
  ShopList: Record<string, never>
  /** ShopID '' adds a shop. */
  ShopSave: { ShopID: string; Shop: ShopChanges; Reason: string }
  PaymentAccountList: { ShopID: string }
  /** Enabled, Default: 0 or 1. */
  PaymentAccountSave: { ShopID: string; Provider: string; AccountName: string; AccountNo: string; Enabled: number; Default: number; Reason: string }
  /** BaseID '' adds a branch to ShopID. */
  BranchSave: { BaseID: string; ShopID: string; Branch: BranchChanges; Reason: string }
  BranchRemove: { BaseID: string; Reason: string }
  StaffRechargeRuleList: Record<string, never>
  /** RuleID '' adds a rule. */
  StaffRechargeRuleSave: { RuleID: string; Rule: RechargeRuleChanges; Reason: string }
  TableRename: { TableID: string; Table: TableChanges; Reason: string }
  TableRemove: { TableID: string; Reason: string }
  /** KeepCodes 1: the tables' and counters' QR codes too (a restore onto a new server); Menus 0: without menus. */
  SetupExport: { KeepCodes: number; Menus: number }
  /** File: the setup file's JSON text; KeepCodes 1 uses its codes. */
  SetupImport: { File: string; KeepCodes: number; Reason: string }
  StaffMemberVerify: { Code: string }
  StaffMemberLookup: { AreaCode: string; Phone: string }
  StaffCouponPlanList: Record<string, never>
  StaffCouponPlanCreate: {
    /** 1–64 letters, digits, . _ : - ; unique in the enterprise. */
    Code: string
    Names: LocalizedText
    /** The rules text shown with the card ('' each when none). */
    Rules?: LocalizedText
    /** 1 cash voucher (Amount off), 2 discount (DiscountRate percent off, at most MaxOff when not 0). */
    CouponType: number
    Amount: string
    DiscountRate: string
    MinAmount: string
    MaxOff: string
    /** 1 from the day of collection, 2 from the next day (ValidDays days), 3 fixed days ValidFrom..ValidTo. */
    ValidKind: number
    ValidDays: number
    ValidFrom: string
    ValidTo: string
    /** 1: members claim it in the app; 0: only issued or printed. */
    Claimable: number
    /** null or absent: unlimited. */
    TotalQua?: number | null
    /** 0 unlimited. */
    PerMemberQua: number
    /** Comma-separated; '' = any. */
    ShopIDs: string
    BaseIDs: string
    ServiceTypes: string
    GoodsIDs: string
    ClassIDs: string
    Reason: string
  }
  StaffCouponPlanStatusSet: { PlanID: string; Running: number; Reason: string }
  StaffCouponIssue: { PlanID: string; AreaCode: string; Phone: string; Qua: number; Reason: string }
  StaffVoucherPrint: { PlanID: string; Qua: number; Reason: string }
  StaffCouponCardGet: { Code: string }
  StaffCouponCardVoid: { Code: string; Reason: string }
  StaffReviewList: { ShopID: string; GoodsID: string; From: string; To: string; Stars?: number; Hidden?: number; PageIndex: number; PageSize: number }
  StaffReviewGet: { ReviewID: string }
  StaffReviewReply: { ReviewID: string; Reply: string }
  StaffReviewHiddenSet: { ReviewID: string; Hidden: number; Reason: string }
  StaffAfterSaleList: { Status?: number; PageIndex: number; PageSize: number }
  StaffAfterSaleGet: { AfterSaleID: string }
  StaffAfterSaleApprove: { AfterSaleID: string; Note: string }
  StaffAfterSaleReject: { AfterSaleID: string; Reason: string }
  StaffOrderList: { BaseID: string; Status?: number; Day: string; PageIndex: number; PageSize: number }
  StaffOrderGet: { SheetID: string }
  StaffOrderReady: { SheetID: string }
  StaffOrderComplete: { SheetID: string }
  StaffOrderCancel: { SheetID: string; Reason: string }
}

/** Answers (data.table1 …) of each staff operation. */
export interface StaffOperationOutputs extends KitchenOperationOutputs, CounterOperationOutputs, ReportOperationOutputs {
  /** EntID '' : the link makes a new enterprise (the form asks for it); else it makes an owner of EntID (EntNames shown). */
  StaffSetupCheck: { table1: { Valid: boolean; EntID: string; EntNames: LocalizedText | null }[] }
  StaffSetupComplete: { table1: StaffSessionRow[] }
  StaffPasswordLogin: { table1: StaffSessionRow[] }
  StaffSmsSend: { table1: { MaskedPhone: string; ResendIn: number }[] }
  StaffSmsLogin: { table1: StaffSessionRow[] }
  StaffDeviceInfo: { table1: StaffDeviceRow[]; table2: { StaffID: string; Name: string; Role: StaffRole }[] }
  StaffPinLogin: { table1: StaffSessionRow[] }
  StaffSignOut: Record<string, never>
  StaffMe: { table1: StaffSessionRow[]; table2: StaffScopeRow[] }
  StaffProfileUpdate: { table1: StaffSessionRow[] }
  StaffList: { table1: StaffRow[] }
  StaffSave: { table1: StaffRow[] }
  StaffRemove: Record<string, never>
  StaffDevicePair: { table1: (StaffDeviceRow & { DeviceToken: string })[] }
  StaffDeviceList: { table1: StaffDeviceRow[] }
  StaffDeviceRemove: Record<string, never>
  AuditListByPage: { table1: AuditRow[]; table2: { Total: number }[] }
  AuditExport: { table1: { FileName: string; Csv: string }[] }
  StaffMenuGet: { table1: StaffGoodsRow[]; table2: StaffAddOnRow[]; table3: { ClassID: string; Names: LocalizedText }[] }
  GoodsSoldOutSet: { table1: { GoodsID: string; SoldOut: number; Changed: boolean }[] }
  AddOnSoldOutSet: { table1: { GoodsID: string; OptionID: string; SoldOut: number; Changed: boolean }[] }
  MenuOutlineGet: { table1: StaffMenuClassRow[]; table2: StaffMenuOutlineGoodsRow[]; table3: { BaseID: string; Names: LocalizedText }[]; table4: { Version: number }[] }
  MenuClassSave: { table1: (Omit<StaffMenuClassRow, 'GoodsCount'> & { Version: number })[] }
  MenuClassRemove: { table1: { ClassID: string; Version: number }[] }
  MenuGoodsGet: { table1: StaffMenuGoodsRow[] }
  MenuGoodsSave: { table1: StaffMenuGoodsRow[] }
  MenuGoodsRemove: { table1: { GoodsID: string; Version: number }[] }
  MenuStockSet: { table1: { GoodsID: string; SkuID: string; Stock: number | null; Version: number }[] }
  MenuPictureUploadTicket: { table1: UploadTicketRow[] }
  StaffTableList: { table1: StaffTableRow[] }
  TablesAdd: { table1: StaffTableRow[] }
  TableRotate: { table1: StaffTableRow[] }
  TableQrSheet: { table1: { FileName: string; PdfBase64: string }[] }
  EnterpriseGet: { table1: (EnterpriseSetupView & { entId: string })[] }
  EnterpriseUpdate: { table1: (EnterpriseSetupView & { entId: string })[] }
  /** table1 the shops, table2 their branches (only those in the caller's scope). */
  ShopList: { table1: ShopSetupView[]; table2: BranchSetupView[] }
  ShopSave: { table1: ShopSetupView[] }
  PaymentAccountList: { table1: PaymentAccountRow[]; table2: PaymentProviderRow[] }
  PaymentAccountSave: { table1: PaymentAccountRow[] }
  BranchSave: { table1: BranchSetupView[] }
  BranchRemove: { table1: { BaseID: string }[] }
  StaffRechargeRuleList: { table1: RechargeRuleView[] }
  StaffRechargeRuleSave: { table1: RechargeRuleView[] }
  TableRename: { table1: StaffTableRow[] }
  TableRemove: { table1: { TableID: string; Removed: 'deleted' | 'retired' }[] }
  SetupExport: { table1: { FileName: string; Json: string }[] }
  SetupImport: { table1: SetupImportRow[] }
  StaffMemberVerify: { table1: (StaffMemberRow & { ExpiresAt: string })[] }
  StaffMemberLookup: { table1: StaffMemberRow[] }
  StaffCouponPlanList: { table1: StaffCouponPlanRow[] }
  StaffCouponPlanCreate: { table1: StaffCouponPlanRow[] }
  StaffCouponPlanStatusSet: { table1: StaffCouponPlanRow[] }
  StaffCouponIssue: { table1: StaffCouponCardRow[] }
  StaffVoucherPrint: { table1: StaffCouponCardRow[] }
  StaffCouponCardGet: { table1: StaffCouponCardRow[]; table2: StaffCouponCardEventRow[]; table3: StaffCouponPlanRow[] }
  StaffCouponCardVoid: { table1: StaffCouponCardRow[] }
  StaffReviewList: { table1: StaffReviewRow[]; table2: { Total: number }[] }
  StaffReviewGet: { table1: StaffReviewRow[] }
  StaffReviewReply: { table1: StaffReviewRow[] }
  StaffReviewHiddenSet: { table1: StaffReviewRow[] }
  StaffAfterSaleList: { table1: StaffAfterSaleRow[]; table2: { Total: number }[] }
  StaffAfterSaleGet: StaffAfterSaleAnswer
  StaffAfterSaleApprove: StaffAfterSaleAnswer
  StaffAfterSaleReject: StaffAfterSaleAnswer
  StaffOrderList: { table1: OrderRow[]; table2: { Total: number }[] }
  StaffOrderGet: { table1: OrderRow[]; table2: OrderLineRow[] }
  StaffOrderReady: { table1: OrderRow[] }
  StaffOrderComplete: { table1: OrderRow[] }
  StaffOrderCancel: { table1: OrderRow[] }
}

/** A member as the counter sees them: never the full phone. */
export interface StaffMemberRow {
  VipID: string
  EntID: string
  Name: string
  IsGuest: boolean
  MaskedPhone: string
  /** Formatted with the currency ('MOP$88.50'). */
  Balance: string
  Points: number
  UsableCoupons: number
}

export interface StaffGoodsRow {
  GoodsID: string
  ClassID: string
  Code: string
  Names: LocalizedText
  /** Decimal text. */
  Price: string
  Image: string
  SoldOut: number
}

export interface StaffAddOnRow {
  GoodsID: string
  OptionID: string
  Names: LocalizedText
  Price: string
  SoldOut: number
}

/** A class in the menu editor (MenuOutlineGet). */
export interface StaffMenuClassRow {
  ClassID: string
  Code: string
  Names: LocalizedText
  Sort: number
  GoodsCount: number
}

/** A goods in the menu editor's lists (MenuOutlineGet). */
export interface StaffMenuOutlineGoodsRow {
  GoodsID: string
  ClassID: string
  Code: string
  Names: LocalizedText
  /** GoodsType: 0 common, 3 combo, 5 catering, 6 prescription, 7 weight, 9 bag. */
  Type: number
  /** Now price (decimal text). */
  Price: string
  /** Absolute URL, '' without a picture. */
  ImageUrl: string
  SoldOut: number
  Sort: number
  /** 1 when a remark group must be chosen from. */
  Required: number
}

/** One goods whole (MenuGoodsGet, MenuGoodsSave's answer). */
export interface StaffMenuGoodsRow {
  GoodsID: string
  ClassID: string
  /** One goods of the menu file (docs/menu-import.md, server/src/domain/catalogue/menu-file.ts MenuGoods), without pictures. */
  Goods: MenuFileGoods
  /** Absolute URL of its picture, '' without. */
  ImageUrl: string
  SoldOut: number
  /** The shop's menu version after the read or change. */
  Version: number
}

/**
 * A goods of the menu file as the console edits it (menu-file.ts MenuGoods, repeated here so the
 * contract does not reach into the server): decimal strings for money and quantities.
 */
export interface MenuFileGoods {
  code: string
  class: string
  names: LocalizedText
  descriptions?: LocalizedText
  unit: LocalizedText
  type: number
  price: string
  salesPrice?: string
  recommend?: boolean
  sort?: number
  onSaleTime?: string
  offSaleTime?: string
  salesQua?: number
  bases?: string[]
  stepQua?: string
  skus?: {
    attributes: { code: string; names: LocalizedText; values: { code: string; names: LocalizedText; allergens?: string[]; diets?: string[] }[] }[]
    items: { code: string; values: string[]; price: string; salesPrice?: string; stock?: number }[]
  }
  packUnits?: { code: string; names: LocalizedText; ref: string; price: string; salesPrice?: string }[]
  /** Per language, one group per line 'Name:opt;opt'; '*' before a name marks a required group. */
  remarks?: LocalizedText
  addOns?: { code: string; names: LocalizedText; price: string; salesPrice?: string; soldOut?: boolean; allergens?: string[]; diets?: string[] }[]
  combo?: {
    code: string
    names: LocalizedText
    pick: number
    /** 0 required (exactly pick), 1 optional (up to pick). */
    select: number
    items: { goods: string; qua?: string; unit?: LocalizedText; price?: string; default?: boolean }[]
  }[]
  soldOut?: boolean
  /** Allergen codes ('gluten', 'peanuts' …) and dietary codes ('vegetarian', 'spicy2' …): src/core/allergens.ts, docs/allergens.md. */
  allergens?: string[]
  diets?: string[]
}

export interface StaffTableRow {
  TableID: string
  ShopID: string
  BaseID: string
  Code: string
  Names: LocalizedText
  Area: string
  /** What the table's QR code holds. */
  EntryUrl: string
}

/** A coupon plan as the shop runs it (StaffCouponPlanList, …). Money is exact decimal text. */
export interface StaffCouponPlanRow {
  PlanID: string
  Code: string
  Names: LocalizedText
  Rules: LocalizedText
  /** 1 cash voucher, 2 discount. */
  CouponType: number
  Amount: string
  /** Percent off (discount). */
  DiscountRate: string
  MinAmount: string
  /** The most a discount takes off ('0' no cap). */
  MaxOff: string
  /** 1 from the day of collection, 2 from the next day (ValidDays), 3 fixed days (ValidFrom..ValidTo). */
  ValidKind: number
  ValidDays: number
  ValidFrom: string
  ValidTo: string
  /** null: unlimited. */
  TotalQua: number | null
  IssuedQua: number
  /** 0 unlimited. */
  PerMemberQua: number
  /** 1 members claim it in the app. */
  Claimable: number
  /** 1 running, 0 paused. */
  Status: number
  /** Comma-separated ids; '' = any. */
  ShopIDs: string
  BaseIDs: string
  ServiceTypes: string
  GoodsIDs: string
  ClassIDs: string
  /** 1 when the caller may pause it and issue, print and void its cards (its shops are in their scope). */
  CanManage: number
  CreatedAt: string
}

/** A card as the shop sees it: never the holder's full phone. */
export interface StaffCouponCardRow {
  CardID: string
  Code: string
  PlanID: string
  PlanCode: string
  PlanNames: LocalizedText
  /** '' for a printed voucher nobody holds yet. */
  HolderVipID: string
  HolderName: string
  HolderMaskedPhone: string
  /** As shown today: 0 available, 1 used, 2 expired, 3 returned (voided). */
  Status: number
  /** Days 'YYYY-MM-DD' on the enterprise's clock, both included. */
  ValidFrom: string
  ValidTo: string
  /** claim | issue | recharge | voucher | migrated */
  Source: string
  /** The order that took it ('' none). */
  OrderID: string
  CreatedAt: string
}

export interface StaffCouponCardEventRow {
  At: string
  /** claim, issue, voucher, redeem, use, give-back, void … */
  Action: string
  FromStatus: number
  ToStatus: number
  /** 'shop', 'staff:<StaffID>', 'member:<VipID>', 'system' … */
  Actor: string
  RefID: string
}

/** A review as the shop sees it (hidden ones too). */
export interface StaffReviewRow {
  ReviewID: string
  ShopID: string
  GoodsID: string
  GoodsNames: LocalizedText
  /** The order and line reviewed ('' and 0 for one imported with the menu). */
  SheetID: string
  LineNo: number
  /** As the member wrote it; Anonymous 1 means the app shows no name. */
  VipName: string
  Anonymous: number
  /** 1: imported with the menu. */
  Imported: number
  Stars: number
  Content: string
  Photos: { Url: string; ThumbUrl: string }[]
  /** The shop's reply ('' none) and when it was written. */
  Reply: string
  RepliedAt: string
  /** 1: hidden from the app's list and rating summary. */
  Hidden: number
  CreatedAt: string
  /** When the member last edited it ('' never). */
  UpdatedAt: string
}

/** An after-sale request (the member's row) with its order's place and money and the member. */
export interface StaffAfterSaleRow extends AfterSaleRow {
  ShopID: string
  BaseID: string
  /** What the order was paid. */
  OrderPaidAmount: string
  OrderStatus: number
  PickupNo: string
  MemberName: string
  /** '+853 66****56' ('' none). */
  MemberMaskedPhone: string
}

export interface StaffAfterSaleRefundRow {
  PayID: string
  /** 'balance' or the payment provider. */
  Provider: string
  Amount: string
  RefundRef: string
  CreatedAt: string
}

export interface StaffAfterSaleAnswer {
  table1: StaffAfterSaleRow[]
  table2: AfterSaleLineRow[]
  table3: StaffAfterSaleRefundRow[]
}
