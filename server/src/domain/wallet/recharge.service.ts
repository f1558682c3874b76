/**
 * Recharge (issue 5): the enterprise's rules (pay an amount, get it plus a gift balance and gift
 * coupons), submitting a recharge, the member's recharges and one recharge's state.
 *
 *   - RechargeSubmit is for a phone-bound member (PHONE_NOT_BOUND otherwise), idempotent by
 *     RequestKey (unique per enterprise; a retry answers the first recharge, the same key for
 *     anything else → REQUEST_KEY_REUSED). It pays through the shop's payment provider's hosted
 *     page exactly as PaySubmit does (createPayment with payId = the recharge id, a ReturnUrl
 *     checked the same way). The rule's gift is copied onto the recharge, so a rule changed later
 *     does not change what was bought.
 *   - The provider's notice settles it (handleNotice → recharge-settle.ts): gifts are granted
 *     once, when the payment is confirmed.
 *   - RechargeStatusGet asks the provider while the recharge is pending (a notice may be lost),
 *     like PaymentStatusUpdate; only the member's own recharges are found (RECHARGE_NOT_FOUND).
 */
import { createHash } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import { toDecimal } from '../../../../src/core/money'
import type { Locale } from '../../../../src/gateway/contract'
import { RECHARGE_STATUS, type GiftCouponRow, type RechargeRuleRow } from '../../../../src/gateway/member-rows'
import { BALANCE_PROVIDER } from '../../../../src/gateway/order-rows'
import { pickText } from '../../../../src/i18n/translate'
import type { CreatedPayment, PayChannel, PaymentInvocation, PaymentProviders, ProviderStatus } from '../../providers/payment/payment-provider'
import { isUniqueViolation } from '../../storage/repositories/order.repository'
import { parseNames } from '../../storage/repositories/row-mapping'
import { findShop } from '../../storage/repositories/shop.repository'
import type { Database, RechargeRuleTable } from '../../storage/schema'
import { DomainError, EnvelopeError, invalidInput } from '../errors'
import type { SessionMember } from '../members/member-session'
import { allowedReturnOrigins, createWithChannel, moneySettings, payerOpenIdOf, chooseFinanceAccount } from '../payments/payment.service'
import { checkReturnUrl, withPayId } from '../payments/return-url'
import { newEntryId } from './balance.service'
import { applyRechargeResult, lockRecharge, parseGiftCoupons, type RechargeRecord } from './recharge-settle'
import { inEventTransaction } from '../../live/outbox'

export type RechargeRuleRecord = Selectable<RechargeRuleTable>

export interface RechargeDeps {
  db: Kysely<Database>
  providers: PaymentProviders
}

/** A recharge as answered: the row and, while it awaits payment, the provider's hosted page. */
export interface RechargeView {
  recharge: RechargeRecord
  payUrl: string
  /** What the caller's host opens to pay it (PaySubmit's table2); null once decided. */
  invocation?: PaymentInvocation | null
}

// ---------- rules ----------

/** Enabled rules of the enterprise, for every shop or (when shopId is given) that shop, in sort order. */
export async function listRechargeRules(db: Kysely<Database>, entId: string, shopId?: string): Promise<RechargeRuleRecord[]> {
  let query = db.selectFrom('recharge_rules').selectAll().where('ent_id', '=', entId).where('is_enable', '=', 1)
  if (shopId) query = query.where((eb) => eb.or([eb('shop_id', '=', ''), eb('shop_id', '=', shopId)]))
  const rules = await query.orderBy('sort_no').orderBy('rule_id').execute()
  return rules.filter(offered)
}

/** A rule asks for money: one of nothing (a slip in the shop's data) is not offered. */
const offered = (rule: RechargeRuleRecord): boolean => toDecimal(rule.amount).gt(0)

export async function requireRechargeRule(db: Kysely<Database>, entId: string, ruleId: string): Promise<RechargeRuleRecord> {
  const rule = await db
    .selectFrom('recharge_rules')
    .selectAll()
    .where('rule_id', '=', ruleId)
    .where('ent_id', '=', entId)
    .where('is_enable', '=', 1)
    .executeTakeFirst()
  if (!rule || !offered(rule)) throw new DomainError('RECHARGE_RULE_NOT_FOUND')
  return rule
}

export function rechargeRuleRow(rule: RechargeRuleRecord, locale: Locale): RechargeRuleRow {
  return {
    RuleID: rule.rule_id,
    Amount: rule.amount,
    GiftAmount: rule.gift_amount,
    RuleName: pickText(parseNames(rule.names), locale),
    GiftCouponQua: parseGiftCoupons(rule.gift_coupons).reduce((n, c) => n + Math.max(0, c.qua), 0),
    SortNo: rule.sort_no
  }
}

export function giftCouponRows(json: string, locale: Locale): GiftCouponRow[] {
  return parseGiftCoupons(json).map((c) => ({
    CouponName: pickText(c.names, locale),
    Value: c.value,
    MinAmount: c.minAmount || '0',
    ValidDays: c.validDays,
    Qua: c.qua
  }))
}

// ---------- submitting ----------

export interface SubmitRechargeInput {
  entId: string
  member: SessionMember
  ruleId: string
  shopId: string
  requestKey: string
  returnUrl: string
  provider?: string
  origin: string
  locale: Locale
  now: Date
  /** The cashier the member's host opens; default 'hosted'. */
  channel?: PayChannel
  /** The payer's IP address as we saw it (a provider's H5 page may need it). */
  payerIp?: string
}

/** The recharge id may be asked for in the ReturnUrl as '{RechargeID}' (or '{PayID}', as PaySubmit's). */
const RECHARGE_ID_PLACEHOLDER = '{RechargeID}'

export async function submitRecharge(deps: RechargeDeps, input: SubmitRechargeInput): Promise<RechargeView> {
  const { db } = deps
  if (input.member.isGuest || !input.member.phone) throw new DomainError('PHONE_NOT_BOUND')
  const returnUrl = checkReturnUrl(input.returnUrl, await allowedReturnOrigins(db, input.entId, input.origin))
  if (returnUrl === null) throw invalidInput('ReturnUrl')
  const hash = createHash('sha256').update(`${input.member.vipId}|${input.ruleId}|${input.shopId}`).digest('hex')

  let recharge = await findRechargeByKey(db, input.entId, input.requestKey)
  if (!recharge) {
    const rule = await requireRechargeRule(db, input.entId, input.ruleId)
    const shop = await findShop(db, input.entId, input.shopId)
    if (!shop) throw new DomainError('SHOP_NOT_FOUND')
    if (rule.shop_id && rule.shop_id !== input.shopId) throw new DomainError('RECHARGE_RULE_NOT_FOUND')
    if (input.provider === BALANCE_PROVIDER) throw invalidInput("Provider 'balance': a recharge is paid through a payment provider")
    const account = await chooseFinanceAccount(db, deps.providers, input.entId, input.shopId, { provider: input.provider, channel: input.channel })
    const providerName = account.provider
    const { amoPoint } = await moneySettings(db, input.entId)
    const rechargeId = newEntryId('R', input.now)
    try {
      recharge = await db
        .insertInto('recharges')
        .values({
          recharge_id: rechargeId,
          ent_id: input.entId,
          shop_id: input.shopId,
          vip_id: input.member.vipId,
          rule_id: rule.rule_id,
          request_key: input.requestKey,
          request_hash: hash,
          amount: toDecimal(rule.amount).toFixed(amoPoint),
          gift_amount: toDecimal(rule.gift_amount).toFixed(amoPoint),
          gift_coupons: rule.gift_coupons,
          status: RECHARGE_STATUS.PENDING,
          provider: providerName,
          provider_ref: '',
          return_url: withPayId(returnUrl, rechargeId).split(RECHARGE_ID_PLACEHOLDER).join(rechargeId),
          created_at: input.now.toISOString(),
          paid_at: null
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      // Lost a race with the same key: the winner's recharge is the answer.
      recharge = await findRechargeByKey(db, input.entId, input.requestKey)
      if (!recharge) throw error
    }
  }
  if (recharge.vip_id !== input.member.vipId || recharge.request_hash !== hash) throw new DomainError('REQUEST_KEY_REUSED')
  return rechargeView(deps, recharge, input.origin, input.locale, input.channel, { payerIp: input.payerIp })
}

async function findRechargeByKey(db: Kysely<Database>, entId: string, requestKey: string): Promise<RechargeRecord | undefined> {
  return db.selectFrom('recharges').selectAll().where('ent_id', '=', entId).where('request_key', '=', requestKey).executeTakeFirst()
}

/**
 * The row as answered; a pending recharge gets its hosted page from the provider (createPayment is
 * idempotent per payId). `pageOptional` (a status poll): no page instead of a channel's refusal, as
 * paymentView.
 */
export async function rechargeView(
  deps: RechargeDeps,
  recharge: RechargeRecord,
  origin: string,
  locale: Locale,
  channel: PayChannel = 'hosted',
  options: { payerIp?: string; pageOptional?: boolean } = {}
): Promise<RechargeView> {
  if (recharge.status !== RECHARGE_STATUS.PENDING) return { recharge, payUrl: '', invocation: null }
  const provider = deps.providers.get(recharge.provider)
  if (!provider) return { recharge, payUrl: '', invocation: null }
  const money = await moneySettings(deps.db, recharge.ent_id)
  const shop = await findShop(deps.db, recharge.ent_id, recharge.shop_id)
  let created: CreatedPayment
  try {
    created = await createWithChannel(provider, {
      payId: recharge.recharge_id,
      amount: recharge.amount,
      currency: money.currency,
      description: `${shop ? pickText(shop.names, locale) : recharge.shop_id} · recharge ${recharge.recharge_id}`,
      returnUrl: recharge.return_url,
      notifyUrl: `${origin}/pay/notify/${encodeURIComponent(recharge.provider)}`,
      createdAt: recharge.created_at,
      payerOpenId: payerOpenIdOf(deps.db, recharge.ent_id, `vip:${recharge.vip_id}`),
      ...(options.payerIp ? { payerIp: options.payerIp } : {})
    }, channel)
  } catch (e) {
    if (!options.pageOptional || !(e instanceof EnvelopeError)) throw e
    return { recharge, payUrl: '', invocation: null }
  }
  if (!recharge.provider_ref) {
    await deps.db
      .updateTable('recharges')
      .set({ provider_ref: created.providerRef })
      .where('recharge_id', '=', recharge.recharge_id)
      .where('provider_ref', '=', '')
      .execute()
    recharge = { ...recharge, provider_ref: created.providerRef }
  }
  return { recharge, payUrl: created.payUrl, invocation: created.invocation }
}

// ---------- reading ----------

/** The member's recharges, newest first. */
export async function listRecharges(db: Kysely<Database>, entId: string, vipId: string, limit: number, offset: number) {
  const base = db.selectFrom('recharges').where('ent_id', '=', entId).where('vip_id', '=', vipId)
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('recharge_id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow()
  ])
  return { rows, total: Number(total.count) }
}

export interface RechargeStatusInput {
  entId: string
  member: SessionMember
  rechargeId: string
  origin: string
  locale: Locale
  now: Date
}

/**
 * One of the member's recharges after asking its provider: a pending recharge the provider
 * reports settled (its notice was lost) is settled now, by the same rules as a notice.
 */
export async function rechargeStatus(deps: RechargeDeps, input: RechargeStatusInput): Promise<RechargeView> {
  const { db } = deps
  const find = () =>
    db.selectFrom('recharges').selectAll().where('recharge_id', '=', input.rechargeId).where('ent_id', '=', input.entId).executeTakeFirst()
  let recharge = await find()
  // Another member's recharge is not found: its existence is not theirs to learn.
  if (!recharge || recharge.vip_id !== input.member.vipId) throw new DomainError('RECHARGE_NOT_FOUND')
  const provider = deps.providers.get(recharge.provider)
  // A declined recharge is asked too: the provider may have taken the money after all.
  const stored = recharge.status === RECHARGE_STATUS.DECLINED ? 'declined' : 'pending'
  if (recharge.status !== RECHARGE_STATUS.PAID && provider) {
    // A provider that cannot be asked now leaves the stored state as it is (as PaymentStatusUpdate).
    const reported = await provider
      .queryStatus({ payId: recharge.recharge_id, providerRef: recharge.provider_ref, amount: recharge.amount, stored })
      .catch((): ProviderStatus => ({ status: 'pending' }))
    if (reported.status !== 'pending' && reported.status !== stored) {
      const result = reported.status
      await inEventTransaction(db, async (trx) => {
        const locked = await lockRecharge(trx, input.rechargeId)
        if (!locked) return
        await applyRechargeResult(trx, locked, {
          noticeKey: `${provider.name}:query:${locked.recharge_id}:${result}`,
          result,
          amount: reported.amount ?? locked.amount,
          body: JSON.stringify({ query: true, ...reported }),
          now: input.now
        })
      })
      recharge = (await find()) ?? recharge
    }
  }
  return rechargeView(deps, recharge, input.origin, input.locale, 'hosted', { pageOptional: true })
}
