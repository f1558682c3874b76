/**
 * Members and money (issue 5): sessions, SMS codes, the member profile, the balance ledger,
 * recharge, points and the member code. Shared by the client stores and the server's operations.
 * Money is exact decimal text; points are whole numbers.
 *
 * Who a member is comes from the session token (`Authorization: Bearer <Token>`), never from a
 * VipID in a record: operations that act for a member take no VipID.
 */

/** What an SMS code is for; a code sent for one purpose is refused for another. */
export const SMS_SOURCE_TYPES = ['VipLogin', 'VipBindPhone', 'VipPhoneVerify', 'VipPhoneChange'] as const
export type SmsSourceType = (typeof SMS_SOURCE_TYPES)[number]
/** What the server sends codes for: the diner's purposes, and staff sign-in (issue 23; never requested through SmsVerifySend). */
export type SmsPurpose = SmsSourceType | 'StaffLogin'

/** SMS rules (issues 5 and 11; docs/members.md "SMS codes"): limits a stranger cannot use to lock a member out, and a dining room on one address can live with. */
export const SMS_RULES = {
  codeTtlSeconds: 300,
  /** One send per phone per client address in this many seconds (the answer's ResendIn). */
  resendSeconds: 60,
  /** Sends per phone per client address per day (enterprise clock): a stranger's sends do not use up the owner's. */
  dailyPerPhonePerClient: 10,
  /** Sends per phone per day from all addresses before the phone slows down (never a lock-out for the day). */
  dailyPerPhone: 30,
  /** Past dailyPerPhone: one send per phone, from any address, in this many seconds. */
  slowResendSeconds: 1800,
  /** Sends per client address in any 60 s: a busy dining room shares one Wi-Fi address. */
  perClientPerMinute: 10,
  /** Sends per client address per day. */
  dailyPerClient: 200,
  /** Wrong tries at one code from one client address; that address then needs a new code. */
  maxTriesPerClient: 5,
  /** Wrong tries at one code from all addresses together that burn it. */
  maxTries: 10,
  codeLength: 6
} as const

/**
 * RegisterType (spec §4): 1 phone + SMS code; 0 phone only — the phone the host's identity
 * provider verified (ThirdPartyUserInfoGet; none from a provider that verifies no phones, e.g. the
 * DEVELOPMENT one → 20047), so it needs OpenID + AccessToken; 2 neither —
 * an open-id member without a phone (binds one later).
 */
export const REGISTER_TYPE = { PHONE_ONLY: 0, PHONE_AND_CODE: 1, NEITHER: 2 } as const
export type RegisterType = (typeof REGISTER_TYPE)[keyof typeof REGISTER_TYPE]

/** VipPhoneChange Type: 1 verify the current phone (VipPhoneVerify code), 2 change to the new one (VipPhoneChange code). */
export const PHONE_CHANGE_TYPE = { VERIFY: 1, CHANGE: 2 } as const

export interface SmsAreaRow {
  /** Dialling code without '+': '853', '852', '86', … */
  AreaNo: string
  /** Name in the request's language. */
  AreaName: string
  /** Digits a phone number of this area has (min–max), for the client's first check. */
  MinLength: number
  MaxLength: number
}

export interface SmsSentRow {
  AreaNo: string
  /** The phone, masked ('6***1234'): the code itself is never in an answer. */
  MaskedPhone: string
  /** Seconds the code stays valid. */
  ExpiresIn: number
  /** Seconds before another code may be sent to this phone. */
  ResendIn: number
}

/** The member as the member sees themselves. */
export interface VipRow {
  VipID: string
  VipName: string
  /** '' unknown, '1' male, '2' female. */
  Sex: string
  /** 'YYYY-MM-DD' or ''. */
  Birthy: string
  HeadImg: string
  AreaNo: string
  /** '' when no phone is bound (guest or open-id member). */
  Phone: string
  /** 1 the walk-in guest identity of a device. */
  IsGuest: number
  /** Balance (recharged + gifts − spent + refunds), exact decimal text. */
  Balance: string
  /** Points. */
  Score: number
  /** Coupons that can still be used. */
  CouponCount: number
  CreatedDate: string
}

/** A signed-in session: what every login and register answers with (table1), beside VipRow (table2). */
export interface MemberSessionRow {
  /** The bearer token: send it as `Authorization: Bearer <Token>`. Shown once; the server keeps only its hash. */
  Token: string
  /** 'YYYY-MM-DD HH:mm:ss' on the enterprise's clock. */
  ExpiresDate: string
  VipID: string
  /** 1 when this login made the member (register, first guest login). */
  IsNew: number
}

/** A host identity the server checked (ThirdPartyAccessTokenGet). */
export interface AccessTokenRow {
  /** Proof of OpenID, signed by this server; pass it to ThirdPartyUserInfoGet, VipLoginByOpenID and VipRegister. */
  AccessToken: string
  OpenID: string
  /** Seconds the token stays valid. */
  ExpiresIn: number
  /** 'dev' for the development identity provider. */
  Provider: string
}

export interface ThirdPartyUserRow {
  OpenID: string
  /** The phone the identity provider vouches for, as an area-number pair ('' when none). */
  AreaNo: string
  Phone: string
  Pic: string
  NikeName: string
}

/** Change phone, step 1: a ticket proving the current phone was verified. */
export interface PhoneChangeTicketRow {
  ChangeTicket: string
  ExpiresIn: number
}

/** Balance ledger entry kinds. The balance is their sum. */
export const LEDGER_KINDS = ['recharge', 'gift', 'spend', 'refund'] as const
export type LedgerKind = (typeof LEDGER_KINDS)[number]

export interface BalanceRecordRow {
  RecordID: string
  Kind: LedgerKind
  /** Signed: a spend is negative. */
  Amount: string
  /** The balance after this entry. */
  BalanceAfter: string
  /** What it is for: an order's SheetID or a RechargeID. */
  RefID: string
  CreatedDate: string
}

/** Points entry kinds: 'earn' on a paid order, 'reverse' when that order is refunded. */
export const SCORE_KINDS = ['earn', 'reverse'] as const
export type ScoreKind = (typeof SCORE_KINDS)[number]

export interface ScoreRecordRow {
  RecordID: string
  Kind: ScoreKind
  /** Signed whole points. */
  Score: number
  ScoreAfter: number
  /** The order's SheetID. */
  RefID: string
  CreatedDate: string
}

/** A coupon given with a recharge (the coupons issue builds the rest of coupons on these). */
export interface GiftCouponRow {
  /** Name in the request's language. */
  CouponName: string
  /** Money off. */
  Value: string
  /** Least consumption the coupon needs ('0' none). */
  MinAmount: string
  /** Days it stays valid from the day it is given. */
  ValidDays: number
  Qua: number
}

export interface RechargeRuleRow {
  RuleID: string
  /** What the member pays. */
  Amount: string
  /** Balance given on top. */
  GiftAmount: string
  /** Name in the request's language ('Top up 100, get 10'). */
  RuleName: string
  /** Number of gift coupons (RechargeRuleDetail lists them). */
  GiftCouponQua: number
  SortNo: number
}

/** 0 awaiting payment, 1 paid (balance and gifts granted), 2 declined. */
export const RECHARGE_STATUS = { PENDING: 0, PAID: 1, DECLINED: 2 } as const
export type RechargeStatus = (typeof RECHARGE_STATUS)[keyof typeof RECHARGE_STATUS]

export interface RechargeRow {
  RechargeID: string
  RuleID: string
  Amount: string
  GiftAmount: string
  Status: RechargeStatus
  /** The payment provider's hosted page while the recharge awaits payment, else ''. */
  PayUrl: string
  Provider: string
  CreatedDate: string
  PaidDate: string
}

/** The member code: short-lived, signed, never the member id itself. */
export interface MemberCodeRow {
  Code: string
  /** The same code as 10 digits staff can type (src/core/member-number.ts groups it). */
  Number: string
  /** Seconds it stays valid. */
  ExpiresIn: number
  /** Seconds after which the page should fetch a new one. */
  RefreshIn: number
}
