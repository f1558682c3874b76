/** Rows and column docs of the Coupons group (src/gateway/coupon-rows.ts). */
import type { Kysely } from 'kysely'
import type { Locale } from '../../../../src/gateway/contract'
import type {
  CardCountRow,
  CardEventRow,
  CardSource,
  CardStatus,
  CouponCardRow,
  CouponPlanRow,
  CouponReason,
  CouponTerms,
  CouponType,
  IssueCardRow,
  ValidKind,
  VoucherRow
} from '../../../../src/gateway/coupon-rows'
import { pickText } from '../../../../src/i18n/translate'
import { wallClockText } from '../../domain/enterprise/enterprise.service'
import { shownStatus } from '../../domain/coupons/card-validity'
import type { CardRecord } from '../../domain/coupons/coupon-cards'
import { parseIds, type PlanRecord } from '../../domain/coupons/coupon-plans'
import type { Database } from '../../storage/schema'
import { parseNames } from '../../storage/repositories/row-mapping'
import type { ColumnDocs } from '../operation'

const wall = (timeZone: string, iso: string | null): string => (iso ? wallClockText(timeZone, new Date(iso)) : '')

/** What a plan is limited to, named for people in the request's language: its goods and classes, its shops or branches ('' none). */
export interface PlanScopeNames {
  goods: string
  places: string
}

/** Names of the plans' goods and classes, and of their shops or branches, in the request's language, by plan id. */
export async function scopeNamesOf(db: Kysely<Database>, plans: PlanRecord[], locale: Locale): Promise<Map<string, PlanScopeNames>> {
  const goodsIds = [...new Set(plans.flatMap((p) => parseIds(p.goods_ids)))]
  const classIds = [...new Set(plans.flatMap((p) => parseIds(p.class_ids)))]
  const shopIds = [...new Set(plans.flatMap((p) => parseIds(p.shop_ids)))]
  const baseIds = [...new Set(plans.flatMap((p) => parseIds(p.base_ids)))]
  const names = new Map<string, string>()
  if (goodsIds.length > 0) {
    for (const g of await db.selectFrom('goods').select(['goods_id', 'names']).where('goods_id', 'in', goodsIds).execute()) names.set(g.goods_id, pickText(parseNames(g.names), locale))
  }
  if (classIds.length > 0) {
    for (const c of await db.selectFrom('goods_classes').select(['class_id', 'names']).where('class_id', 'in', classIds).execute()) names.set(c.class_id, pickText(parseNames(c.names), locale))
  }
  // Shops and branches by their own keys: an id could be both a goods' and a branch's.
  const placeNames = new Map<string, string>()
  if (shopIds.length > 0) {
    for (const sh of await db.selectFrom('shops').select(['shop_id', 'names']).where('shop_id', 'in', shopIds).execute()) placeNames.set(`shop:${sh.shop_id}`, pickText(parseNames(sh.names), locale))
  }
  if (baseIds.length > 0) {
    for (const b of await db.selectFrom('bases').select(['base_id', 'names']).where('base_id', 'in', baseIds).execute()) placeNames.set(`base:${b.base_id}`, pickText(parseNames(b.names), locale))
  }
  const joiner = locale === 'en' ? ', ' : '、'
  const out = new Map<string, PlanScopeNames>()
  for (const p of plans) {
    const list = [...parseIds(p.class_ids), ...parseIds(p.goods_ids)].map((id) => names.get(id)).filter((n): n is string => !!n)
    // Branches say more than their shops: a plan limited to both is named by its branches.
    const bases = parseIds(p.base_ids)
    const places = (bases.length > 0 ? bases.map((id) => placeNames.get(`base:${id}`)) : parseIds(p.shop_ids).map((id) => placeNames.get(`shop:${id}`))).filter((n): n is string => !!n)
    out.set(p.plan_id, { goods: [...new Set(list)].join(joiner), places: [...new Set(places)].join(joiner) })
  }
  return out
}

export function couponTerms(plan: PlanRecord, locale: Locale, scopeNames: PlanScopeNames | undefined): CouponTerms {
  return {
    PlanID: plan.plan_id,
    CouponName: pickText(parseNames(plan.names), locale),
    Description: pickText(parseNames(plan.descriptions), locale),
    CouponType: plan.coupon_type as CouponType,
    Amount: plan.amount,
    MinAmount: plan.min_amount,
    DiscountRate: plan.discount_rate,
    MaxOff: plan.max_off,
    ShopIDs: parseIds(plan.shop_ids).join(','),
    BaseIDs: parseIds(plan.base_ids).join(','),
    ServiceTypes: parseIds(plan.service_types).join(','),
    GoodsIDs: parseIds(plan.goods_ids).join(','),
    ClassIDs: parseIds(plan.class_ids).join(','),
    ScopeNames: scopeNames?.goods ?? '',
    PlaceNames: scopeNames?.places ?? ''
  }
}

export function planRow(
  plan: PlanRecord,
  v: { locale: Locale; timeZone: string; scopeNames: PlanScopeNames | undefined; heldQua: number; reason: CouponReason }
): CouponPlanRow {
  return {
    ...couponTerms(plan, v.locale, v.scopeNames),
    PlanCode: plan.code,
    ValidKind: plan.valid_kind as ValidKind,
    ValidDays: plan.valid_days,
    ValidFrom: plan.valid_from,
    ValidTo: plan.valid_to,
    ClaimBegin: wall(v.timeZone, plan.claim_from),
    ClaimEnd: wall(v.timeZone, plan.claim_to),
    TotalQua: plan.total_qua ?? 0,
    IssuedQua: plan.issued_qua,
    LeftQua: plan.total_qua === null ? -1 : Math.max(0, plan.total_qua - plan.issued_qua),
    PerMemberQua: plan.per_member_qua,
    HeldQua: v.heldQua,
    CanClaim: v.reason ? 0 : 1,
    Reason: v.reason,
    Status: plan.status === 1 ? 1 : 0
  }
}

export function cardRow(card: CardRecord, plan: PlanRecord, v: { locale: Locale; timeZone: string; today: string; scopeNames: PlanScopeNames | undefined }): CouponCardRow {
  return {
    ...couponTerms(plan, v.locale, v.scopeNames),
    CardID: card.card_id,
    CardCode: card.code,
    Status: shownStatus(card, v.today),
    ValidFrom: card.valid_from,
    ValidTo: card.valid_to,
    Source: card.source as CardSource,
    ClaimedDate: wall(v.timeZone, card.created_at),
    UsedDate: wall(v.timeZone, card.used_at),
    SheetID: card.order_id
  }
}

export const cardCountRows = (counts: Map<CardStatus, number>): CardCountRow[] => [...counts].map(([Status, Qua]) => ({ Status, Qua }))

export function cardEventRow(e: { card_id: string; seq: number; action: string; from_status: number; to_status: number; ref_id: string; at: string }, timeZone: string): CardEventRow {
  return { CardID: e.card_id, Seq: Number(e.seq), Action: e.action, FromStatus: e.from_status as CardStatus, ToStatus: e.to_status as CardStatus, RefID: e.ref_id, EventDate: wall(timeZone, e.at) }
}

export function issueCardRow(card: CardRecord, timeZone: string): IssueCardRow {
  const by = card.source === 'claim' || card.source === 'voucher' ? 'member' : card.source === 'issue' ? 'shop' : 'system'
  return { CardID: card.card_id, CardCode: card.code, Source: card.source as CardSource, SourceID: card.source_id, IssuedDate: wall(timeZone, card.created_at), IssuedBy: by }
}

export function voucherRow(card: CardRecord, plan: PlanRecord, v: { locale: Locale; shown: CardStatus; reason: CouponReason; isMine: boolean; scopeNames: PlanScopeNames | undefined }): VoucherRow {
  return {
    ...couponTerms(plan, v.locale, v.scopeNames),
    CardCode: card.code,
    Status: v.shown,
    ValidFrom: card.valid_from,
    ValidTo: card.valid_to,
    Redeemable: v.reason ? 0 : 1,
    Reason: v.reason,
    IsMine: v.isMine ? 1 : 0
  }
}

const MONEY = "string: exact decimal ('10', '12.5')"
const WALL = "string: 'YYYY-MM-DD HH:mm:ss' on the enterprise clock ('' none)"
const DAY = "string: 'YYYY-MM-DD' on the enterprise clock"
const REASON =
  "string: why not ('' none): min-spend, shop, branch, service-type, goods, not-yet-valid, expired, used, returned, sold-out, limit, not-started, ended, paused, not-claimable, held"

export const TERMS_COLUMNS: ColumnDocs<CouponTerms> = {
  PlanID: 'string: the coupon plan (activity)',
  CouponName: "string: in the caller's language",
  Description: "string: the plan's rules text ('' none)",
  CouponType: 'number: 1 cash voucher (Amount off), 2 discount (DiscountRate percent off the eligible lines)',
  Amount: `${MONEY}: cash voucher's money off ('0' for a discount)`,
  MinAmount: `${MONEY}: least eligible spend ('0' none)`,
  DiscountRate: `${MONEY}: percent off ('15' = 15 % off; '0' for a cash voucher)`,
  MaxOff: `${MONEY}: most a discount takes off ('0' no cap)`,
  ShopIDs: "string: shops it applies at, joined by ',' ('' any)",
  BaseIDs: "string: branches, joined by ',' ('' any)",
  ServiceTypes: "string: service styles, joined by ',' ('' any)",
  GoodsIDs: "string: goods it applies to, joined by ',' ('' any goods unless ClassIDs)",
  ClassIDs: "string: goods classes it applies to, joined by ',' ('' any class unless GoodsIDs)",
  ScopeNames: "string: names of those goods and classes in the caller's language ('' all goods)",
  PlaceNames: "string: names of the branches (else the shops) it is limited to, in the caller's language ('' anywhere)"
}

export const PLAN_COLUMNS: ColumnDocs<CouponPlanRow> = {
  ...TERMS_COLUMNS,
  PlanCode: "string: the shop's code of the plan",
  ValidKind: 'number: 1 valid from the day of collection for ValidDays days, 2 from the next day for ValidDays days, 3 fixed days ValidFrom..ValidTo',
  ValidDays: 'number: days a card is valid (kinds 1 and 2)',
  ValidFrom: `${DAY} (kind 3; '' otherwise)`,
  ValidTo: `${DAY} (kind 3; '' otherwise)`,
  ClaimBegin: `${WALL}: claims open ('' always open)`,
  ClaimEnd: `${WALL}: claims close ('' never)`,
  TotalQua: 'number: cards that may exist (0 unlimited)',
  IssuedQua: 'number: cards given so far',
  LeftQua: 'number: cards left (-1 unlimited)',
  PerMemberQua: 'number: cards one member may hold (0 unlimited)',
  HeldQua: 'number: cards of it the signed-in member holds (0 without a session)',
  CanClaim: 'number: 1 when the caller could claim one now (a member is needed to claim)',
  Reason: REASON,
  Status: 'number: 1 running, 0 paused'
}

export const CARD_COLUMNS: ColumnDocs<CouponCardRow> = {
  ...TERMS_COLUMNS,
  CardID: 'string: the card',
  CardCode: 'string: the code shown as text and QR code at the counter',
  Status: 'number: 0 available, 1 used, 2 expired, 3 returned',
  ValidFrom: `${DAY}: first valid day`,
  ValidTo: `${DAY}: last valid day`,
  Source: "string: 'claim', 'issue' (by the shop), 'recharge' (gift), 'voucher' (typed code), 'migrated'",
  ClaimedDate: WALL,
  UsedDate: `${WALL}: when an order took it`,
  SheetID: "string: the order that took it ('' none)"
}

export const CARD_COUNT_COLUMNS: ColumnDocs<CardCountRow> = {
  Status: 'number: 0 available, 1 used, 2 expired, 3 returned',
  Qua: 'number: cards of the member in that state'
}

export const CARD_EVENT_COLUMNS: ColumnDocs<CardEventRow> = {
  CardID: 'string',
  Seq: 'number: 1..',
  Action: "string: 'claim', 'issue', 'recharge', 'voucher', 'redeem', 'migrate', 'use', 'give-back', 'void'",
  FromStatus: 'number: state before',
  ToStatus: 'number: state after',
  RefID: "string: the order, recharge or claim behind it ('' none)",
  EventDate: WALL
}

export const ISSUE_CARD_COLUMNS: ColumnDocs<IssueCardRow> = {
  CardID: 'string',
  CardCode: 'string',
  Source: CARD_COLUMNS.Source,
  SourceID: "string: the recharge or claim request behind it ('' none)",
  IssuedDate: WALL,
  IssuedBy: "string: 'member' (claimed or redeemed), 'shop', 'system' (recharge gift, migration)"
}

export const VOUCHER_COLUMNS: ColumnDocs<VoucherRow> = {
  ...TERMS_COLUMNS,
  CardCode: 'string: the code as stored',
  Status: CARD_COLUMNS.Status,
  ValidFrom: `${DAY}: first valid day`,
  ValidTo: `${DAY}: last valid day`,
  Redeemable: 'number: 1 when VoucherVerify would put it in your cards now',
  Reason: REASON,
  IsMine: 'number: 1 when it is already your card'
}
