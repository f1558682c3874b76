/**
 * Rows of the Coupons group (spec §7, issue 15), shared by the client and the server.
 * Money is exact decimal text; days 'YYYY-MM-DD' and times 'YYYY-MM-DD HH:mm:ss' on the
 * enterprise's clock; names in the request's language.
 */

/** 1 cash voucher (amount off with a minimum spend), 2 discount (percent off the eligible lines). */
export const COUPON_TYPE = { CASH: 1, DISCOUNT: 2 } as const
export type CouponType = (typeof COUPON_TYPE)[keyof typeof COUPON_TYPE]

/** Card states. A used card taken by an unpaid order comes back to available when the order ends unpaid. */
export const CARD_STATUS = { AVAILABLE: 0, USED: 1, EXPIRED: 2, RETURNED: 3 } as const
export type CardStatus = (typeof CARD_STATUS)[keyof typeof CARD_STATUS]

/**
 * How long a card is valid (spec §5): 1 from the day it is collected for ValidDays days,
 * 2 from the next day for ValidDays days, 3 between fixed days ValidFrom..ValidTo.
 */
export const VALID_KIND = { FROM_COLLECTION: 1, FROM_NEXT_DAY: 2, FIXED: 3 } as const
export type ValidKind = (typeof VALID_KIND)[keyof typeof VALID_KIND]

/** Where a card came from. */
export type CardSource = 'claim' | 'issue' | 'recharge' | 'voucher' | 'migrated'

/**
 * Why a card does not apply to an order (AvailableCardRow.Reason), or why a plan cannot be
 * claimed / a code redeemed. '' = it does / it can.
 */
export type CouponReason =
  | ''
  /** Eligible spend below the card's MinAmount. */
  | 'min-spend'
  /** Not for this shop / branch / service style. */
  | 'shop'
  | 'branch'
  | 'service-type'
  /** None of the order's goods are in the card's goods or classes. */
  | 'goods'
  /** Its first valid day has not come yet (on the enterprise's clock). */
  | 'not-yet-valid'
  | 'expired'
  | 'used'
  | 'returned'
  /** Claiming: nothing left, the member holds the most allowed, outside the claim window, paused, not claimable in the app. */
  | 'sold-out'
  | 'limit'
  | 'not-started'
  | 'ended'
  | 'paused'
  | 'not-claimable'
  /** A voucher code that is already someone else's card. */
  | 'held'

/** What a plan's cards are worth and where they apply (shared by plan and card rows). */
export interface CouponTerms {
  PlanID: string
  CouponName: string
  /** The rules text of the plan ('' none). */
  Description: string
  CouponType: CouponType
  /** Cash voucher: money off ('0' for a discount). */
  Amount: string
  /** Least eligible spend ('0' none). */
  MinAmount: string
  /** Discount: percent off ('15' = 15 % off; '0' for a cash voucher). */
  DiscountRate: string
  /** Discount: most it takes off ('0' no cap). */
  MaxOff: string
  /** Scope, ids joined by ','; '' = any. ServiceTypes are ServiceType values. */
  ShopIDs: string
  BaseIDs: string
  ServiceTypes: string
  GoodsIDs: string
  ClassIDs: string
  /** Names of the scope's goods and classes in the request's language, joined by '、' / ', ' ('' = all goods). */
  ScopeNames: string
  /** The branches (else shops) it is limited to, named in the caller's language ('' anywhere). */
  PlaceNames: string
}

export interface CouponPlanRow extends CouponTerms {
  PlanCode: string
  ValidKind: ValidKind
  /** Kinds 1 and 2. */
  ValidDays: number
  /** Kind 3 ('' otherwise). */
  ValidFrom: string
  ValidTo: string
  /** Claim window ('' open). */
  ClaimBegin: string
  ClaimEnd: string
  /** 0 unlimited. */
  TotalQua: number
  IssuedQua: number
  /** Cards left to claim; -1 unlimited. */
  LeftQua: number
  /** 0 unlimited. */
  PerMemberQua: number
  /** Cards of this plan the signed-in member holds (0 without a member). */
  HeldQua: number
  /** 1 when the caller could claim one now. */
  CanClaim: 0 | 1
  /** Why not ('' when CanClaim is 1; 'login' is never given: claiming needs a member). */
  Reason: CouponReason
  /** 1 running, 0 paused. */
  Status: 0 | 1
}

export interface CouponCardRow extends CouponTerms {
  CardID: string
  /** The card's code: shown as text and QR code at the counter. */
  CardCode: string
  /** Stored state, with an available card past ValidTo answered as expired. */
  Status: CardStatus
  ValidFrom: string
  ValidTo: string
  Source: CardSource
  ClaimedDate: string
  /** When an order took it ('' unused). */
  UsedDate: string
  /** The order that took it ('' none). */
  SheetID: string
}

/**
 * What can happen to a card, as its history names it: how it came (a card's source, 'migrated' as
 * 'migrate'; 'voucher' a printed voucher nobody holds yet), then redeemed, used, given back,
 * expired or voided. The client names each (coupon.event.<action>; tests/unit/catalogues.test.ts).
 */
export const CARD_EVENT_ACTIONS = ['claim', 'issue', 'recharge', 'voucher', 'redeem', 'migrate', 'use', 'give-back', 'expire', 'void'] as const
export type CardEventAction = (typeof CARD_EVENT_ACTIONS)[number]

/** One step of a card's history (CouponCardDetail table2). */
export interface CardEventRow {
  CardID: string
  Seq: number
  /** One of CARD_EVENT_ACTIONS (a server newer than the app may send another). */
  Action: string
  FromStatus: CardStatus
  ToStatus: CardStatus
  /** The order, recharge or claim behind it ('' none). */
  RefID: string
  EventDate: string
}

/** How a card came to its holder (CouponIssueCardDetail). */
export interface IssueCardRow {
  CardID: string
  CardCode: string
  Source: CardSource
  /** The recharge, claim request or order behind it ('' none). */
  SourceID: string
  IssuedDate: string
  /** 'member' (claimed or redeemed), 'shop' (issued at the counter or CLI), 'system' (recharge gift, migration). */
  IssuedBy: string
}

/** A member's card as it stands for one cart (CouponCardsForOrder): cards that apply first. */
export interface AvailableCardRow extends CouponCardRow {
  Applies: 0 | 1
  /** Why not ('' when it applies). */
  Reason: CouponReason
  /** What it takes off this order ('0' when it does not apply). */
  OffAmount: string
  /** With Reason 'min-spend': the eligible spend of the cart. */
  EligibleAmount: string
}

/** A typed voucher code, before redeeming it (VoucherQuery). */
export interface VoucherRow extends CouponTerms {
  CardCode: string
  Status: CardStatus
  ValidFrom: string
  ValidTo: string
  /** 1 when VoucherVerify would put it in the caller's cards now. */
  Redeemable: 0 | 1
  /** Why not ('' when redeemable; 'held' when it is already someone's card, the caller's included). */
  Reason: CouponReason
  /** 1 when it is already the caller's card. */
  IsMine: 0 | 1
}

/** Cards per state of the member (CouponCardList table3): the tabs' counts. */
export interface CardCountRow {
  Status: CardStatus
  Qua: number
}
