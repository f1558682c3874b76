/** Rows of the Recharge and wallet operations (recharges, rules, gift coupons, ledger entries) and their column docs. */
import type { BalanceRecordRow, GiftCouponRow, LedgerKind, RechargeRow, RechargeRuleRow, ScoreKind, ScoreRecordRow, VipRow } from '../../../../src/gateway/member-rows'
import { wallClockText } from '../../domain/enterprise/enterprise.service'
import type { RechargeView } from '../../domain/wallet/recharge.service'
import type { Database } from '../../storage/schema'
import type { Selectable } from 'kysely'
import type { ColumnDocs } from '../operation'

const MONEY = "string: exact decimal at AmoPoint ('100.00')"
const WALL = "string: 'YYYY-MM-DD HH:mm:ss' on the enterprise clock ('' when not yet)"

const wall = (timeZone: string, iso: string | null): string => (iso ? wallClockText(timeZone, new Date(iso)) : '')

export const RECHARGE_RULE_COLUMNS: ColumnDocs<RechargeRuleRow> = {
  RuleID: 'string',
  Amount: `${MONEY}: what the member pays`,
  GiftAmount: `${MONEY}: balance given on top`,
  RuleName: 'string: in the request language',
  GiftCouponQua: 'number: gift coupons given with it (RechargeRuleDetail lists them)',
  SortNo: 'number: display order'
}

export const GIFT_COUPON_COLUMNS: ColumnDocs<GiftCouponRow> = {
  CouponName: 'string: in the request language',
  Value: `${MONEY}: money off`,
  MinAmount: "string: least consumption the coupon needs ('0' none)",
  ValidDays: 'number: days it stays valid from the day it is given (that day included)',
  Qua: 'number: how many of it'
}

export const RECHARGE_COLUMNS: ColumnDocs<RechargeRow> = {
  RechargeID: 'string',
  RuleID: 'string: the rule it was bought by',
  Amount: `${MONEY}: paid`,
  GiftAmount: `${MONEY}: gift balance, granted with the amount when paid`,
  Status: 'number: 0 awaiting payment, 1 paid (balance and gifts granted), 2 declined',
  PayUrl: "string: the payment provider's hosted page while it awaits payment, else ''",
  Provider: "string: 'sandbox' …",
  CreatedDate: WALL,
  PaidDate: WALL
}

export const rechargeRow = (view: RechargeView, timeZone: string): RechargeRow => ({
  RechargeID: view.recharge.recharge_id,
  RuleID: view.recharge.rule_id,
  Amount: view.recharge.amount,
  GiftAmount: view.recharge.gift_amount,
  Status: Number(view.recharge.status) as RechargeRow['Status'],
  PayUrl: view.payUrl,
  Provider: view.recharge.provider,
  CreatedDate: wall(timeZone, view.recharge.created_at),
  PaidDate: wall(timeZone, view.recharge.paid_at)
})

export const VIP_COLUMNS: ColumnDocs<VipRow> = {
  VipID: 'string',
  VipName: 'string',
  Sex: "string: '' unknown, '1' male, '2' female",
  Birthy: "string: 'YYYY-MM-DD' or ''",
  HeadImg: 'string: picture URL or path',
  AreaNo: "string: dialling code ('853')",
  Phone: "string: '' when no phone is bound",
  IsGuest: 'number: 1 the walk-in guest identity of a device',
  Balance: `${MONEY}: recharged + gifts − spent + refunds`,
  Score: 'number: points',
  CouponCount: 'number: coupons usable today',
  CreatedDate: WALL
}

export const BALANCE_RECORD_COLUMNS: ColumnDocs<BalanceRecordRow> = {
  RecordID: 'string',
  Kind: "string: 'recharge' | 'gift' | 'spend' | 'refund'",
  Amount: "string: signed exact decimal (a spend is negative: '-23.50')",
  BalanceAfter: 'string: the balance after this entry',
  RefID: "string: the order's SheetID (spend, refund) or the RechargeID (recharge, gift)",
  CreatedDate: WALL
}

export const SCORE_RECORD_COLUMNS: ColumnDocs<ScoreRecordRow> = {
  RecordID: 'string',
  Kind: "string: 'earn' (an order was paid) | 'reverse' (that order was refunded)",
  Score: 'number: signed whole points',
  ScoreAfter: 'number: points after this entry',
  RefID: "string: the order's SheetID",
  CreatedDate: WALL
}

export const balanceRecordRow = (e: Selectable<Database['balance_ledger']>, timeZone: string): BalanceRecordRow => ({
  RecordID: e.entry_id,
  Kind: e.kind as LedgerKind,
  Amount: e.amount,
  BalanceAfter: e.balance_after,
  RefID: e.ref_id,
  CreatedDate: wall(timeZone, e.created_at)
})

export const scoreRecordRow = (e: Selectable<Database['score_ledger']>, timeZone: string): ScoreRecordRow => ({
  RecordID: e.entry_id,
  Kind: e.kind as ScoreKind,
  Score: Number(e.score),
  ScoreAfter: e.score_after,
  RefID: e.ref_id,
  CreatedDate: wall(timeZone, e.created_at)
})
