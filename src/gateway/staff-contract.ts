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
import type { LocalizedText } from './contract'

export const STAFF_SERVER_TYPE = 'Staff'

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
  StaffTableList: 'Tables of a shop or branch with their entry URLs.',
  TablesAdd: 'Adds tables to a branch in bulk (“A01–A12”), in an area or floor, each with a fresh QR code.',
  TableRotate: 'Gives a table a new QR code; the old one stops working at once.',
  TableQrSheet: 'The printable A4 QR sheet (PDF, base64) of a shop’s or branch’s tables and counter.',
  StaffMemberVerify: 'The member behind a member code the diner shows (typed or scanned): name, masked phone, balance, points, coupons.',
  StaffMemberLookup: 'Members of the enterprise with a phone number.'
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
export interface StaffOperationInputs {
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
  StaffTableList: { ShopID: string; BaseID: string }
  TablesAdd: { BaseID: string; Pattern: string; Area: string }
  TableRotate: { TableID: string; Reason: string }
  TableQrSheet: { ShopID: string; BaseID: string; Locale: string }
  StaffMemberVerify: { Code: string }
  StaffMemberLookup: { AreaCode: string; Phone: string }
}

/** Answers (data.table1 …) of each staff operation. */
export interface StaffOperationOutputs {
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
  StaffTableList: { table1: StaffTableRow[] }
  TablesAdd: { table1: StaffTableRow[] }
  TableRotate: { table1: StaffTableRow[] }
  TableQrSheet: { table1: { FileName: string; PdfBase64: string }[] }
  StaffMemberVerify: { table1: (StaffMemberRow & { ExpiresAt: string })[] }
  StaffMemberLookup: { table1: StaffMemberRow[] }
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
