/**
 * Payments (spec §7 Bank): finance accounts, submitting a payment for an order, the provider's
 * notices and status queries. Providers are reached through PaymentProviders
 * (server/src/providers/payment); this file keeps our side of the state.
 *
 * Rules:
 *   - PaySubmit is idempotent by RequestKey (unique per enterprise): a retry returns the first
 *     payment. A new key while a payment is pending makes a new payment and supersedes the old
 *     one (its hosted page no longer offers to pay; a paid notice for it is still honoured).
 *   - A notice is verified by its provider (bad signature → 401, nothing stored), stored once in
 *     payment_notices (a replay changes nothing) and applied in the same transaction, with the
 *     payment row locked. 'paid' with the right amount, for a pending or declined payment, pays the
 *     order when it can still take it, else the money goes back through the provider's refund
 *     (4 refunded; 3 refund due if the provider refuses): a paid notice is never ignored while the
 *     provider holds the money. 'declined' declines a pending one. A paid, refund-due or refunded
 *     payment never moves again. A notice whose payId is a recharge's (RechargeSubmit pays
 *     through the same providers) settles the recharge instead (wallet/recharge-settle.ts).
 *   - 'balance' (BalancePay, wallet/balance-pay.service.ts) is paid at once from the member's
 *     balance: no hosted page, no notices; PaySubmit refuses it.
 *   - The shop cancelling a paid order refunds it to where it came from (refundOrderPayments), in
 *     the cancel's transaction: balance → a 'refund' ledger entry; a provider → its refund call,
 *     recorded in payment_notices; either way the payment becomes 4 refunded and the order's
 *     points are taken back.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely, Selectable, Transaction } from 'kysely'
import { Decimal, decimalPoints, toDecimal } from '../../../../src/core/money'
import { BALANCE_PROVIDER, ORDER_STATUS, PAYMENT_STATUS } from '../../../../src/gateway/order-rows'
import type { LocalizedText } from '../../../../src/gateway/contract'
import { pickText } from '../../../../src/i18n/translate'
import {
  ChannelUnsupportedError,
  PayerIdentityRequiredError,
  PaymentAccountMismatchError,
  type CreatedPayment,
  type CreatePaymentInput,
  type NoticeHeaders,
  type PayChannel,
  type PaymentInvocation,
  type PaymentProvider,
  type PaymentProviders,
  type ProviderStatus,
  type VerifiedRefundNotice
} from '../../providers/payment/payment-provider'
import { listEnterpriseSettings } from '../../storage/repositories/enterprise.repository'
import { findShop } from '../../storage/repositories/shop.repository'
import { findOrder as findOrderOf } from '../../storage/repositories/order.repository'
import { parseNames } from '../../storage/repositories/row-mapping'
import type { Database, OrderTable, PaymentTable } from '../../storage/schema'
import type { Param } from '../records'
import { DomainError, EnvelopeError, invalidInput } from '../errors'
import { serviceLinks } from '../links/service-link.service'
import { lockOrderForPayment, markOrderPaid, type OrderRecord } from '../orders/order-state'
import { checkReturnUrl, originsOf, withPayId } from './return-url'
import { storeProviderResult, type ProviderResult } from './provider-results'
import { isPostgres } from '../../storage/database'
import { changeBalance } from '../wallet/balance.service'
import { reverseOrderPoints } from '../wallet/points.service'
import { applyRechargeResult, lockRecharge } from '../wallet/recharge-settle'
import { inEventTransaction } from '../../live/outbox'
import { shareTakesPayment } from '../table-sheets/bill-shares'
import { applyRefundOutcome, LATE_PAYMENT_REFUND_REASON, latestRefundFollowUp, REFUND_STATE, trackAccepted, trackRefused } from './refund-tracking'

export type PaymentRecord = Selectable<PaymentTable>

export interface PaymentDeps {
  db: Kysely<Database>
  providers: PaymentProviders
}

export interface FinanceAccount {
  shopId: string
  entId: string
  provider: string
  accountName: string
  accountNo: string
}

/** A payment as answered: the stored row, its hosted page while it can be paid, and whether a newer one replaced it. */
export interface PaymentView {
  payment: PaymentRecord
  /** '' once settled or superseded. */
  payUrl: string
  superseded: boolean
  /** What the caller's host opens (the channel asked for); null once settled or superseded. */
  invocation: PaymentInvocation | null
}

/** Currency symbol and amount decimals of an enterprise. */
export interface MoneySettings {
  currency: string
  amoPoint: number
}

// ---------- finance accounts ----------

/** The shop's enabled merchant accounts, its default (lowest position) first. */
export async function enabledFinanceAccounts(db: Kysely<Database>, entId: string, shopId: string): Promise<FinanceAccount[]> {
  const rows = await db
    .selectFrom('finance_accounts')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('ent_id', '=', entId)
    .where('is_enable', '=', 1)
    .orderBy('position')
    .orderBy('provider')
    .execute()
  return rows.map((row) => ({ shopId: row.shop_id, entId: row.ent_id, provider: row.provider, accountName: row.account_name, accountNo: row.account_no }))
}

/** The shop's default enabled merchant account, or PAYMENT_ACCOUNT_NOT_LINKED (SHOP_NOT_FOUND for no such shop). */
export async function requireFinanceAccount(db: Kysely<Database>, entId: string, shopId: string): Promise<FinanceAccount> {
  const [first] = await enabledFinanceAccounts(db, entId, shopId)
  if (first) return first
  if (!(await findShop(db, entId, shopId))) throw new DomainError('SHOP_NOT_FOUND')
  throw new DomainError('PAYMENT_ACCOUNT_NOT_LINKED')
}

/**
 * The account a payment (or a recharge) goes to. A named provider must be one of the shop's
 * enabled accounts that this server runs. Otherwise the first enabled account whose provider says
 * it opens the caller's channel (a diner in Alipay pays the shop's Alipay account, one in WeChat
 * its WeChat Pay account), then one whose provider does not say (the sandbox); when none can, the
 * default account, whose provider then refuses the channel (10007) as a shop with one account
 * always did. An account at a provider this server does not run → PAYMENT_ACCOUNT_NOT_LINKED.
 */
export async function chooseFinanceAccount(
  db: Kysely<Database>,
  providers: PaymentProviders,
  entId: string,
  shopId: string,
  wanted: { provider?: string; channel?: PayChannel }
): Promise<FinanceAccount> {
  const accounts = await enabledFinanceAccounts(db, entId, shopId)
  if (accounts.length === 0) await requireFinanceAccount(db, entId, shopId)
  const running = accounts.filter((a) => providers.get(a.provider))
  if (wanted.provider) {
    const named = running.find((a) => a.provider === wanted.provider)
    if (!named) throw new DomainError('PAYMENT_ACCOUNT_NOT_LINKED')
    return named
  }
  const channel = wanted.channel ?? 'hosted'
  // A provider that says it opens the channel first; then one that does not say (the sandbox opens every one).
  const says = running.find((a) => providers.get(a.provider)?.supports?.(channel) === true)
  const silent = running.find((a) => !providers.get(a.provider)?.supports)
  const chosen = says ?? silent ?? accounts[0]
  if (!providers.get(chosen.provider)) throw new DomainError('PAYMENT_ACCOUNT_NOT_LINKED')
  return chosen
}

export async function moneySettings(db: Kysely<Database>, entId: string): Promise<MoneySettings> {
  return moneySettingsOf(await listEnterpriseSettings(db, entId))
}

/** moneySettings from the enterprise's settings read already. */
export function moneySettingsOf(params: readonly Param[]): MoneySettings {
  const settings = Object.fromEntries(params.map((p) => [p.parmId, p.parmValue]))
  return { currency: settings.Currency ?? '', amoPoint: decimalPoints(settings).AmoPoint }
}

// ---------- submitting ----------

export interface SubmitPaymentInput {
  entId: string
  ownerKey: string
  sheetId: string
  requestKey: string
  provider?: string
  returnUrl: string
  /** 'http://host:port' the caller reached us on: same-origin return URLs and the notify URL. */
  origin: string
  now: Date
  /** The cashier the caller's host opens; default 'hosted' (PayUrl only). */
  channel?: PayChannel
  /** The payer's IP address as we saw it (a provider's H5 page may need it). */
  payerIp?: string
}

export async function submitPayment(deps: PaymentDeps, input: SubmitPaymentInput): Promise<PaymentView> {
  const { db } = deps
  const returnUrl = checkReturnUrl(input.returnUrl, await allowedReturnOrigins(db, input.entId, input.origin))
  if (returnUrl === null) throw invalidInput('ReturnUrl')

  let payment = await findPaymentByKey(db, input.entId, input.requestKey)
  if (!payment) {
    const order = await findOrder(db, input.entId, input.sheetId)
    await requirePayer(db, order, input.ownerKey)
    // Balance has no page to send the payer to: it is paid at once by BalancePay.
    if (input.provider === BALANCE_PROVIDER) throw invalidInput("Provider 'balance' is paid with BalancePay, not PaySubmit")
    // The shop takes payments only through providers it has an account at: the one for this channel.
    const account = await chooseFinanceAccount(db, deps.providers, input.entId, order.shop_id, { provider: input.provider, channel: input.channel })
    const providerName = account.provider
    const payId = newPayId(input.now)
    const { amoPoint } = await moneySettings(db, input.entId)
    const inserted = await inEventTransaction(db, async (trx) => {
      const locked = await lockOrderForPayment(trx, order.order_id)
      requirePayable(locked, input.now)
      // A share that lost its claim (or lapsed) is not paid for at all.
      if ((await shareTakesPayment(trx, locked)) === false) throw new DomainError('SHARE_NO_LONGER_STANDS')
      return trx
        .insertInto('payments')
        .values({
          pay_id: payId,
          ent_id: input.entId,
          shop_id: locked.shop_id,
          order_id: locked.order_id,
          owner_key: input.ownerKey,
          request_key: input.requestKey,
          provider: providerName,
          // What is still owed: a settlement or order pays its whole amount less anything paid.
          amount: toDecimal(locked.amount).minus(toDecimal(locked.paid_amount)).toFixed(amoPoint),
          status: PAYMENT_STATUS.PENDING,
          provider_ref: '',
          return_url: withPayId(returnUrl, payId),
          created_at: input.now.toISOString(),
          settled_at: null
        })
        .onConflict((oc) => oc.columns(['ent_id', 'request_key']).doNothing())
        .returningAll()
        .executeTakeFirst()
    })
    // Lost a race with the same key: the winner's payment is the answer.
    payment = inserted ?? (await findPaymentByKey(db, input.entId, input.requestKey))
    if (!payment) throw new Error(`payment for request key ${input.requestKey} vanished`)
    if (inserted) await closeReplaced(deps, inserted)
  }
  if (payment.order_id !== input.sheetId) throw new DomainError('REQUEST_KEY_REUSED')
  requireOwner(payment.owner_key, input.ownerKey)
  return paymentView(deps, payment, input.origin, input.channel, { payerIp: input.payerIp })
}

/**
 * Closes at their providers the order's older pending payments the new one replaced, so their
 * cashiers stop taking money (a provider without close leaves them open: a paid notice for one is
 * still honoured, docs/ordering.md). Best effort, after the commit: a payment the payer has just
 * paid fails to close, and its notice or a status query still settles it.
 */
async function closeReplaced(deps: PaymentDeps, latest: PaymentRecord): Promise<void> {
  const older = await deps.db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', latest.order_id)
    .where('status', '=', PAYMENT_STATUS.PENDING)
    .where('pay_id', '!=', latest.pay_id)
    .execute()
  for (const payment of older) {
    const provider = deps.providers.get(payment.provider)
    if (!provider?.close || !payment.provider_ref) continue
    try {
      await provider.close({ payId: payment.pay_id, providerRef: payment.provider_ref, amount: payment.amount, stored: 'pending' })
    } catch {
      // Paid meanwhile, closed already, or unreachable: the notice or a status query settles it.
    }
  }
}

/** The same origin, and the origin of the enterprise's H5 link. */
export async function allowedReturnOrigins(db: Kysely<Database>, entId: string, origin: string): Promise<string[]> {
  const h5 = (await serviceLinks(db, entId, origin)).filter((l) => l.linkType === 'h5').map((l) => l.url)
  return originsOf([origin, ...h5], origin)
}

/**
 * The caller owns it, or is answered as if it did not exist (ORDER_NOT_FOUND, or PAYMENT_NOT_FOUND
 * for a payment looked up by its id): a refusal confirms no id to someone who merely holds it.
 */
export function requireOwner(ownerKey: string, caller: string, notFound: 'ORDER_NOT_FOUND' | 'PAYMENT_NOT_FOUND' = 'ORDER_NOT_FOUND'): void {
  if (!caller || ownerKey !== caller) throw new DomainError(notFound)
}

/**
 * Who may pay an order: its owner; and a table bill's settlement also anyone who ordered a round
 * on its sheet. Another diner's PayLaterUpdate takes the settlement over (docs/table-sheets.md);
 * without this, one taken over between a diner's PayLaterUpdate and PaySubmit answered 20017.
 */
export async function requirePayer(db: Kysely<Database>, order: Pick<OrderRecord, 'owner_key' | 'kind' | 'table_sheet_id'>, caller: string): Promise<void> {
  if (caller && order.owner_key !== caller && order.kind === 'settlement' && order.table_sheet_id) {
    const round = await db
      .selectFrom('orders')
      .select('order_id')
      .where('table_sheet_id', '=', order.table_sheet_id)
      .where('owner_key', '=', caller)
      .where('kind', '=', 'round')
      .limit(1)
      .executeTakeFirst()
    if (round) return
  }
  requireOwner(order.owner_key, caller)
}

/** Awaiting payment and not past its time; postpay rounds are paid through their sheet's settlement. */
export function requirePayable(order: OrderRecord, now: Date): void {
  const conflict = () => new DomainError('ORDER_STATUS_CONFLICT', { status: `order.status.${order.status}`, action: 'order.action.pay' })
  if (order.kind === 'round') throw conflict()
  if (order.status === ORDER_STATUS.EXPIRED) throw new DomainError('ORDER_EXPIRED')
  if (order.status !== ORDER_STATUS.AWAITING_PAYMENT) throw conflict()
  if (order.expires_at && order.expires_at <= now.toISOString()) throw new DomainError('ORDER_EXPIRED')
  if (!toDecimal(order.amount).minus(toDecimal(order.paid_amount)).isPositive()) throw conflict()
}

/** An order of the enterprise, or ORDER_NOT_FOUND (by its key alone: order.repository.ts findOrder says why). */
export async function findOrder(db: Kysely<Database>, entId: string, orderId: string): Promise<Selectable<OrderTable>> {
  const order = await findOrderOf(db, entId, orderId)
  if (!order) throw new DomainError('ORDER_NOT_FOUND')
  return order
}

export async function findPaymentByKey(db: Kysely<Database>, entId: string, requestKey: string): Promise<PaymentRecord | undefined> {
  return db.selectFrom('payments').selectAll().where('ent_id', '=', entId).where('request_key', '=', requestKey).executeTakeFirst()
}

/** Time-ordered ids: 'P' + milliseconds in base 36 + random. */
export function newPayId(now: Date): string {
  return `P${now.getTime().toString(36).toUpperCase().padStart(9, '0')}${randomBytes(4).toString('hex').toUpperCase()}`
}

/** True when the order has a newer payment than this one. */
export async function isSuperseded(db: Kysely<Database>, payment: PaymentRecord): Promise<boolean> {
  const latest = await db
    .selectFrom('payments')
    .select('pay_id')
    .where('order_id', '=', payment.order_id)
    .orderBy('created_at', 'desc')
    .orderBy('pay_id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return latest !== undefined && latest.pay_id !== payment.pay_id
}

/**
 * The row as answered; a pending, current payment gets its hosted page from the provider.
 * `pageOptional` (a status poll): a provider that opens no page without the payer's own request
 * (WeChat Pay's in-app cashiers, its H5 page) answers no PayUrl instead of an error.
 */
export async function paymentView(
  deps: PaymentDeps,
  payment: PaymentRecord,
  origin: string,
  channel: PayChannel = 'hosted',
  options: { payerIp?: string; pageOptional?: boolean } = {}
): Promise<PaymentView> {
  if (payment.status !== PAYMENT_STATUS.PENDING) return { payment, payUrl: '', superseded: false, invocation: null }
  if (await isSuperseded(deps.db, payment)) return { payment, payUrl: '', superseded: true, invocation: null }
  const provider = deps.providers.get(payment.provider)
  if (!provider) return { payment, payUrl: '', superseded: false, invocation: null }
  const request = { ...(await paymentRequest(deps.db, payment, origin)), ...(options.payerIp ? { payerIp: options.payerIp } : {}) }
  let created: CreatedPayment
  try {
    created = await createWithChannel(provider, request, channel)
  } catch (e) {
    // A poll asks for the payment's state: a page the provider will not (or cannot, being down)
    // open now is no reason to fail it; the state is what the poll is for.
    if (!options.pageOptional) throw e
    return { payment, payUrl: '', superseded: false, invocation: null }
  }
  if (!payment.provider_ref) {
    await deps.db
      .updateTable('payments')
      .set({ provider_ref: created.providerRef })
      .where('pay_id', '=', payment.pay_id)
      .where('provider_ref', '=', '')
      .execute()
    payment = { ...payment, provider_ref: created.providerRef }
  }
  return { payment, payUrl: created.payUrl, superseded: false, invocation: created.invocation }
}

/**
 * The provider's payment for a host's channel. A channel the provider has no integration for is
 * the caller's mistake (10007); a channel that charges one payer whose host identity we do not
 * know needs the host sign-in first (10010); a shop whose currency or amounts the provider cannot
 * charge has no account that fits (20020).
 */
export async function createWithChannel(provider: PaymentProvider, request: CreatePaymentInput, channel: PayChannel): Promise<CreatedPayment> {
  try {
    return await provider.createPayment(request, channel)
  } catch (e) {
    if (e instanceof ChannelUnsupportedError) throw invalidInput(`PayChannel '${channel}' is not offered by provider '${provider.name}'`)
    if (e instanceof PayerIdentityRequiredError) throw new EnvelopeError('LOGIN_REQUIRED')
    if (e instanceof PaymentAccountMismatchError) throw new DomainError('PAYMENT_ACCOUNT_NOT_LINKED')
    throw e
  }
}

/**
 * How a provider asks for the payer's checked open id at a host app: the owner's identity linked
 * through that identity provider (a member's member_identities row), null for a walk-in device or
 * a member without one. The query runs only when a provider asks (WeChat Pay's JSAPI prepay).
 */
export function payerOpenIdOf(db: Kysely<Database>, entId: string, ownerKey: string): (identityProvider: string) => Promise<string | null> {
  return async (identityProvider) => {
    if (!ownerKey.startsWith('vip:')) return null
    const row = await db
      .selectFrom('member_identities')
      .select('open_id')
      .where('ent_id', '=', entId)
      .where('provider', '=', identityProvider)
      .where('vip_id', '=', ownerKey.slice(4))
      .orderBy('created_at')
      .executeTakeFirst()
    return row?.open_id ?? null
  }
}

async function paymentRequest(db: Kysely<Database>, payment: PaymentRecord, origin: string) {
  const money = await moneySettings(db, payment.ent_id)
  const shop = await findShop(db, payment.ent_id, payment.shop_id)
  const order = await db.selectFrom('orders').select(['locale', 'expires_at']).where('order_id', '=', payment.order_id).executeTakeFirst()
  const locale = order?.locale === 'zh-CN' || order?.locale === 'en' ? order.locale : 'zh-TW'
  return {
    payId: payment.pay_id,
    amount: toDecimal(payment.amount).toFixed(money.amoPoint),
    currency: money.currency,
    description: `${shop ? pickText(shop.names, locale) : payment.shop_id} · ${payment.order_id}`,
    returnUrl: payment.return_url,
    notifyUrl: `${origin}/pay/notify/${encodeURIComponent(payment.provider)}`,
    createdAt: payment.created_at,
    expiresAt: order?.expires_at ?? null,
    payerOpenId: payerOpenIdOf(db, payment.ent_id, payment.owner_key)
  }
}

// ---------- notices ----------

export type NoticeOutcome =
  | 'paid'
  | 'declined'
  | 'refund_due'
  | 'refunded'
  | 'replay'
  | 'ignored'
  | 'amount_mismatch'
  | 'rejected'
  | 'unknown_provider'
  | 'unknown_payment'
  | 'refund_confirmed'
  | 'refund_failed'
  | 'refund_unknown'

/** What the notify endpoint answers: an HTTP status for the provider, and what happened. */
export interface NoticeReply {
  httpStatus: number
  outcome: NoticeOutcome
  payId?: string
  reason?: string
}

/**
 * A provider's notice exactly as it arrived. The one entry point for every notice: the HTTP
 * endpoint POST /pay/notify/:provider and the sandbox page (in-process) both call it.
 */
export async function handleNotice(deps: PaymentDeps, providerName: string, rawBody: string, headers: NoticeHeaders, now: Date): Promise<NoticeReply> {
  const provider = deps.providers.get(providerName)
  if (!provider) return { httpStatus: 404, outcome: 'unknown_provider' }
  const verified = provider.verifyNotice(rawBody, headers)
  if (!verified.ok) return { httpStatus: 401, outcome: 'rejected', reason: verified.reason }
  const notice = verified.notice
  if (notice.kind === 'refund') return handleRefundNotice(deps, provider, notice, rawBody, now)
  return inEventTransaction(deps.db, async (trx): Promise<NoticeReply> => {
    const payment = await lockPayment(trx, notice.payId)
    if (!payment) {
      // Not an order's payment: a recharge's, whose payId is the recharge id.
      const recharge = await lockRecharge(trx, notice.payId)
      if (!recharge || recharge.provider !== provider.name) return { httpStatus: 404, outcome: 'unknown_payment', payId: notice.payId }
      if (recharge.provider_ref && notice.providerRef !== recharge.provider_ref) {
        return { httpStatus: 400, outcome: 'rejected', payId: recharge.recharge_id, reason: 'providerRef does not match the recharge' }
      }
      const outcome = await applyRechargeResult(trx, recharge, {
        noticeKey: `${provider.name}:${notice.noticeId}`,
        result: notice.result,
        amount: notice.amount,
        body: rawBody,
        now
      })
      return { httpStatus: 200, outcome, payId: recharge.recharge_id }
    }
    if (payment.provider !== provider.name) return { httpStatus: 404, outcome: 'unknown_payment', payId: notice.payId }
    if (payment.provider_ref && notice.providerRef !== payment.provider_ref) {
      return { httpStatus: 400, outcome: 'rejected', payId: payment.pay_id, reason: 'providerRef does not match the payment' }
    }
    const outcome = await applyResult(trx, provider, payment, {
      noticeKey: `${provider.name}:${notice.noticeId}`,
      result: notice.result,
      amount: notice.amount,
      body: rawBody,
      now
    })
    return { httpStatus: 200, outcome, payId: payment.pay_id }
  })
}

/**
 * A provider's word on a refund we asked for, stored once in payment_notices
 * ('<provider>:<noticeId>', result refund_confirmed or refund_failed; a replay changes nothing).
 * A confirmation moves nothing (we counted the refund when the provider accepted it) unless the
 * refund had been reported failed. A refund that did not reach the payer (the payer's account
 * refused it, or it was closed) leaves the money with us: a payment we had given back in full (4)
 * becomes 3, refund due (docs/wechatpay.md "Refunds until confirmed"); a partial refund (an
 * after-sale request) is recorded and answered refund_failed, which the notify route logs. A closed
 * refund is asked for again under a new number by the refund follow-up (refund-follow-up.ts).
 */
async function handleRefundNotice(deps: PaymentDeps, provider: PaymentProvider, notice: VerifiedRefundNotice, rawBody: string, now: Date): Promise<NoticeReply> {
  return inEventTransaction(deps.db, async (trx): Promise<NoticeReply> => {
    const payment = await lockPayment(trx, notice.payId)
    if (!payment || payment.provider !== provider.name) return { httpStatus: 404, outcome: 'unknown_payment', payId: notice.payId }
    // A refund we have not recorded: its refund call's transaction (a cancel, an after-sale
    // approval) may not have committed yet. Nothing is stored and the provider is told to come
    // back (409): answered 200 now, a REFUND.ABNORMAL would be spent before the refund it fails
    // existed here, and the payment would stay 'refunded' with the money still ours.
    const refundKeys = [`${provider.name}:refund:${payment.pay_id}:${notice.refundNo}`, ...(notice.refundNo === payment.pay_id ? [`${provider.name}:refund:${payment.pay_id}`] : [])]
    const known = await trx.selectFrom('payment_notices').select('notice_id').where('notice_id', 'in', refundKeys).executeTakeFirst()
    if (!known) return { httpStatus: 409, outcome: 'refund_unknown', payId: payment.pay_id, reason: `refund ${notice.refundNo} is not recorded here (yet)` }
    // The refund follow-up's query records the same fact under the same id (refund-tracking.ts).
    const outcome = await applyRefundOutcome(trx, provider, payment, notice, rawBody, now)
    return { httpStatus: 200, outcome, payId: payment.pay_id }
  })
}

/**
 * Records the notice once and applies it; the payment row is locked by the caller. A pending or
 * declined payment takes a 'paid' (a provider may take the money after telling us it declined:
 * that money must land somewhere, never be ignored): the order is paid when it can still take it,
 * else the money goes back at once. A refund-due payment (the provider refused that refund) told
 * 'paid' again is given back again. A paid or refunded payment has its money accounted for: any
 * further notice is a duplicate and changes nothing.
 */
async function applyResult(trx: Transaction<Database>, provider: PaymentProvider, payment: PaymentRecord, r: ProviderResult): Promise<NoticeOutcome> {
  const { replay, amountMatches } = await storeProviderResult(trx, { payId: payment.pay_id, provider: payment.provider, expectedAmount: payment.amount }, r)
  if (replay) return 'replay'
  if (payment.status === PAYMENT_STATUS.REFUND_DUE && r.result === 'paid' && amountMatches) {
    // The money still sits at the provider, which refused to give it back: try again now.
    return (await giveBack(trx, provider, payment, r.now)) ? 'refunded' : 'refund_due'
  }
  if (payment.status !== PAYMENT_STATUS.PENDING && payment.status !== PAYMENT_STATUS.DECLINED) return 'ignored'
  const at = r.now.toISOString()
  const settle = (status: number) =>
    trx.updateTable('payments').set({ status, settled_at: at }).where('pay_id', '=', payment.pay_id).execute()
  if (r.result === 'declined') {
    if (payment.status === PAYMENT_STATUS.DECLINED) return 'ignored'
    await settle(PAYMENT_STATUS.DECLINED)
    return 'declined'
  }
  if (!amountMatches) return 'amount_mismatch'
  const order = await lockOrderForPayment(trx, payment.order_id)
  if (await canTakePayment(trx, order)) {
    // Money taken while the order still waits: it is paid, even if its time ran out a moment ago
    // and the expiry sweep has not got to it (the payer started in time).
    await markOrderPaid(trx, order.order_id, payment.amount, r.now)
    await settle(PAYMENT_STATUS.PAID)
    return 'paid'
  }
  // The order ended (expired, cancelled) or another payment paid it first: this money goes back
  // at once. Should the provider refuse, the payment stays refund due for the shop to settle.
  await settle(PAYMENT_STATUS.REFUND_DUE)
  return (await giveBack(trx, provider, payment, r.now)) ? 'refunded' : 'refund_due'
}

/**
 * Refunds a refund-due payment through its provider: 4 refunded, or false (it stays 3) when the
 * provider refuses, and the refund follow-up asks again with backoff. Under the refund's current
 * number (a new one once the vendor closed the first); never while one is abnormal or under way.
 */
async function giveBack(trx: Transaction<Database>, provider: PaymentProvider, payment: PaymentRecord, now: Date): Promise<boolean> {
  const current = await latestRefundFollowUp(trx, payment.pay_id, payment.pay_id)
  if (current && current.state !== REFUND_STATE.DUE && current.state !== REFUND_STATE.GIVEN_UP) return false
  const refundNo = current?.refund_no ?? payment.pay_id
  const reason = LATE_PAYMENT_REFUND_REASON
  try {
    await refundAtProvider(trx, provider, payment, reason, now, refundNo === payment.pay_id ? undefined : refundNo)
  } catch (e) {
    await trackRefused(trx, { payId: payment.pay_id, provider, refundNo, amount: payment.amount, reason, now, error: (e as Error).message ?? String(e) })
    return false
  }
  await trx.updateTable('payments').set({ status: PAYMENT_STATUS.REFUNDED }).where('pay_id', '=', payment.pay_id).execute()
  return true
}

/**
 * Whether a payment may still pay this (locked) order: it awaits payment and is not a round
 * (rounds are paid through their sheet's settlement); a settlement only while its sheet is open
 * and it is the sheet's current settlement (else the money would pay an order but close no bill).
 */
async function canTakePayment(trx: Transaction<Database>, order: OrderRecord): Promise<boolean> {
  if (order.status !== ORDER_STATUS.AWAITING_PAYMENT || order.kind === 'round') return false
  if (order.kind !== 'settlement') return true
  // A share of a split bill: while it stands and does not take the bill above its total.
  const share = await shareTakesPayment(trx, order)
  if (share !== undefined) return share
  const sheet = await trx.selectFrom('table_sheets').select(['status', 'settlement_id']).where('sheet_id', '=', order.table_sheet_id).executeTakeFirst()
  return sheet !== undefined && sheet.status === ORDER_STATUS.AWAITING_PAYMENT && sheet.settlement_id === order.order_id
}

export async function lockPayment(trx: Transaction<Database>, payId: string): Promise<PaymentRecord | undefined> {
  let query = trx.selectFrom('payments').selectAll().where('pay_id', '=', payId)
  if (isPostgres(trx)) query = query.forUpdate()
  return query.executeTakeFirst()
}

// ---------- status ----------

export interface PaymentStatusInput {
  entId: string
  ownerKey: string
  payId: string
  origin: string
  now: Date
}

/**
 * The payment and its order after asking the provider: a pending payment the provider reports
 * settled (its notice was lost) is settled now, through the same rules as a notice.
 */
export async function paymentStatus(deps: PaymentDeps, input: PaymentStatusInput): Promise<{ view: PaymentView; order: Selectable<OrderTable> }> {
  const { db } = deps
  let payment = await db.selectFrom('payments').selectAll().where('pay_id', '=', input.payId).where('ent_id', '=', input.entId).executeTakeFirst()
  if (!payment) throw new DomainError('PAYMENT_NOT_FOUND')
  requireOwner(payment.owner_key, input.ownerKey, 'PAYMENT_NOT_FOUND')
  const provider = deps.providers.get(payment.provider)
  // A declined payment is asked too: a provider may take the money after all (its notice lost).
  const open = payment.status === PAYMENT_STATUS.PENDING || payment.status === PAYMENT_STATUS.DECLINED
  if (open && provider) {
    const stored = payment.status === PAYMENT_STATUS.DECLINED ? 'declined' : 'pending'
    // A provider that cannot be asked now (unreachable, an answer that does not verify) leaves
    // the stored state as it is: the notice, or the next poll, settles it.
    const reported = await provider
      .queryStatus({ payId: payment.pay_id, providerRef: payment.provider_ref, amount: payment.amount, stored })
      .catch((): ProviderStatus => ({ status: 'pending' }))
    if (reported.status !== 'pending' && reported.status !== stored) payment = await reconcile(deps, provider, payment.pay_id, reported, input.now)
  }
  if (payment.status === PAYMENT_STATUS.PENDING) {
    const mismatch = await db
      .selectFrom('payment_notices')
      .select('notice_id')
      .where('pay_id', '=', payment.pay_id)
      .where('result', '=', 'amount_mismatch')
      .executeTakeFirst()
    if (mismatch) throw new DomainError('PAYMENT_AMOUNT_MISMATCH')
  }
  const order = await findOrder(db, input.entId, payment.order_id)
  return { view: await paymentView(deps, payment, input.origin, 'hosted', { pageOptional: true }), order }
}

async function reconcile(deps: PaymentDeps, provider: PaymentProvider, payId: string, reported: ProviderStatus, now: Date): Promise<PaymentRecord> {
  return inEventTransaction(deps.db, async (trx) => {
    const payment = await lockPayment(trx, payId)
    if (!payment) throw new DomainError('PAYMENT_NOT_FOUND')
    const result = reported.status === 'paid' ? 'paid' : 'declined'
    await applyResult(trx, provider, payment, {
      noticeKey: `${provider.name}:query:${payId}:${result}`,
      result,
      amount: reported.amount ?? payment.amount,
      body: JSON.stringify({ query: true, ...reported }),
      now
    })
    return (await lockPayment(trx, payId)) ?? payment
  })
}

// ---------- the sandbox page's view ----------

/** What a provider's hosted page shows: an order's payment or a recharge (same status codes 0–2, 3 and 4 for orders). */
export interface HostedPaymentView {
  kind: 'order' | 'recharge'
  payId: string
  entId: string
  /** The order paid (SheetID) or the recharge (its id is the payId). */
  refId: string
  amount: string
  status: number
  providerRef: string
  returnUrl: string
  superseded: boolean
  shopNames: LocalizedText
  money: MoneySettings
}

/** What the sandbox page shows for a payment or recharge at that provider, or null when there is none. */
export async function hostedPaymentView(db: Kysely<Database>, payId: string, providerName: string): Promise<HostedPaymentView | null> {
  const payment = await db.selectFrom('payments').selectAll().where('pay_id', '=', payId).where('provider', '=', providerName).executeTakeFirst()
  const recharge = payment
    ? undefined
    : await db.selectFrom('recharges').selectAll().where('recharge_id', '=', payId).where('provider', '=', providerName).executeTakeFirst()
  const base = payment
    ? {
        kind: 'order' as const,
        payId: payment.pay_id,
        entId: payment.ent_id,
        shopId: payment.shop_id,
        refId: payment.order_id,
        amount: payment.amount,
        status: Number(payment.status),
        providerRef: payment.provider_ref,
        returnUrl: payment.return_url,
        superseded: payment.status === PAYMENT_STATUS.PENDING && (await isSuperseded(db, payment))
      }
    : recharge
      ? {
          kind: 'recharge' as const,
          payId: recharge.recharge_id,
          entId: recharge.ent_id,
          shopId: recharge.shop_id,
          refId: recharge.recharge_id,
          amount: recharge.amount,
          status: Number(recharge.status),
          providerRef: recharge.provider_ref,
          returnUrl: recharge.return_url,
          superseded: false
        }
      : null
  if (!base) return null
  const { shopId, ...view } = base
  const shop = await db.selectFrom('shops').select('names').where('shop_id', '=', shopId).executeTakeFirst()
  return {
    ...view,
    shopNames: shop ? parseNames(shop.names) : { 'zh-CN': shopId, 'zh-TW': shopId, en: shopId },
    money: await moneySettings(db, base.entId)
  }
}

// ---------- refunds ----------

/**
 * Gives back every paid payment of an order the shop has just cancelled, inside the cancel's
 * transaction (the order is locked by it): balance → a 'refund' ledger entry for what the order's
 * 'spend' took; a provider → its refund call (a refusal throws, so the cancel does not happen),
 * recorded once in payment_notices as '<provider>:refund:<payId>'. Each payment becomes
 * 4 refunded, and the points the order earned are taken back. Returns the payments refunded.
 */
export async function refundOrderPayments(trx: Transaction<Database>, providers: PaymentProviders, orderId: string, now: Date): Promise<PaymentRecord[]> {
  const paid = await trx.selectFrom('payments').selectAll().where('order_id', '=', orderId).where('status', '=', PAYMENT_STATUS.PAID).execute()
  for (const payment of paid) {
    // What after-sale requests already gave back of this payment (issue 17) is not given twice.
    const left = toDecimal(payment.amount).minus(await refundedOfPayment(trx, payment.pay_id))
    if (left.lte(0)) {
      // Nothing left to give back.
    } else if (payment.provider === COUPON_PROVIDER) {
      // A voucher taken at the counter is no money: nothing goes back for it.
    } else if (isCounterMethod(payment.provider)) {
      // Taken at the counter (cash, card, other): the counter gives it back the same way.
      await recordCounterRefund(trx, payment, left.eq(toDecimal(payment.amount)) ? payment.amount : left.toFixed(places(payment.amount)), '', now)
    } else if (payment.provider === BALANCE_PROVIDER) {
      const spend = await trx.selectFrom('balance_ledger').select(['vip_id', 'amount']).where('kind', '=', 'spend').where('ref_id', '=', orderId).executeTakeFirst()
      if (!spend) throw new Error(`balance payment ${payment.pay_id} has no spend entry for order ${orderId}`)
      const spent = toDecimal(spend.amount).abs()
      const give = left.lt(spent) ? left : spent
      await changeBalance(trx, { vipId: spend.vip_id, kind: 'refund', amount: give.toFixed(places(spend.amount.replace('-', ''))), refId: orderId, now })
    } else {
      const provider = providers.get(payment.provider)
      if (!provider) throw new Error(`payment ${payment.pay_id} is at provider '${payment.provider}', which this process does not have: it cannot be refunded`)
      const amount = left.eq(toDecimal(payment.amount)) ? payment.amount : left.toFixed(places(payment.amount))
      await refundAtProvider(trx, provider, payment, 'order cancelled by the shop', now, undefined, amount)
    }
    await trx.updateTable('payments').set({ status: PAYMENT_STATUS.REFUNDED }).where('pay_id', '=', payment.pay_id).execute()
  }
  await reverseOrderPoints(trx, orderId, now)
  return paid
}

/**
 * Gives `amount` (default: all) of a provider's payment back through the provider and records it
 * once in payment_notices as '<provider>:refund:<payId>[:<refundNo>]'. An outside call inside the
 * caller's transaction: a refusal throws (refunds are idempotent per refund number at the
 * provider, so trying again is safe).
 */
export async function refundAtProvider(
  trx: Transaction<Database>,
  provider: PaymentProvider,
  payment: PaymentRecord,
  reason: string,
  now: Date,
  refundNo?: string,
  amount: string = payment.amount
): Promise<string> {
  const { refundRef } = await provider.refund({
    payId: payment.pay_id,
    providerRef: payment.provider_ref,
    amount,
    paymentAmount: payment.amount,
    currency: (await moneySettings(trx, payment.ent_id)).currency,
    reason,
    ...(refundNo ? { refundNo } : {})
  })
  await trx
    .insertInto('payment_notices')
    .values({
      notice_id: refundNo ? `${provider.name}:refund:${payment.pay_id}:${refundNo}` : `${provider.name}:refund:${payment.pay_id}`,
      pay_id: payment.pay_id,
      provider: provider.name,
      result: 'refunded',
      amount,
      body: JSON.stringify({ refund: true, refundRef, reason }),
      received_at: now.toISOString()
    })
    .onConflict((oc) => oc.column('notice_id').doNothing())
    .execute()
  // Followed until the vendor confirms it (refund-follow-up.ts).
  await trackAccepted(trx, { payId: payment.pay_id, provider, refundNo: refundNo ?? payment.pay_id, amount, reason, now })
  return refundRef
}

/** A voucher (coupon card) taken at the counter towards a table bill (issue 24, front of house). */
export const COUPON_PROVIDER = 'coupon'

/** Payments taken at the counter (issue 24, front of house): 'cash' | 'card' | 'other'. */
export const isCounterMethod = (provider: string): boolean => provider === 'cash' || provider === 'card' || provider === 'other'

/**
 * A counter payment given back: no provider to call (the counter hands the money back as it took
 * it); recorded once in payment_notices as 'counter:refund:<payId>[:<refundNo>]'.
 */
async function recordCounterRefund(trx: Transaction<Database>, payment: PaymentRecord, amount: string, refundNo: string, now: Date): Promise<string> {
  const ref = refundNo ? `counter:refund:${payment.pay_id}:${refundNo}` : `counter:refund:${payment.pay_id}`
  await trx
    .insertInto('payment_notices')
    .values({ notice_id: ref, pay_id: payment.pay_id, provider: payment.provider, result: 'refunded', amount, body: JSON.stringify({ refund: true, counter: true }), received_at: now.toISOString() })
    .onConflict((oc) => oc.column('notice_id').doNothing())
    .execute()
  return ref
}

/** What after-sale refunds (issue 17) have given back of one payment so far. */
export async function refundedOfPayment(db: Kysely<Database>, payId: string): Promise<Decimal> {
  const rows = await db.selectFrom('after_sale_refunds').select('amount').where('pay_id', '=', payId).execute()
  return rows.reduce((sum, r) => sum.plus(toDecimal(r.amount)), toDecimal('0'))
}

export interface PartRefund {
  payId: string
  provider: string
  amount: string
  /** The balance ledger entry or the provider's refund reference. */
  refundRef: string
}

/**
 * Gives back `amount` of an order's paid payments for an approved after-sale request (issue 17),
 * inside the approval's transaction (the order and the request locked by it). Each paid payment
 * gives at most what it has not given back yet, oldest first: balance → a 'refund' ledger entry
 * (ref the request); a provider → its refund call with the request as the refund number (a
 * refusal throws, so the approval does not happen), recorded in payment_notices. Each refund is
 * one after_sale_refunds row; a payment given back in full becomes 4 refunded.
 */
export async function refundPart(
  trx: Transaction<Database>,
  providers: PaymentProviders,
  input: { orderId: string; afterSaleId: string; vipId: string; amount: string; now: Date }
): Promise<PartRefund[]> {
  const paid = await trx.selectFrom('payments').selectAll().where('order_id', '=', input.orderId).where('status', '=', PAYMENT_STATUS.PAID).orderBy('created_at').orderBy('pay_id').execute()
  let due = toDecimal(input.amount)
  const done: PartRefund[] = []
  for (const payment of paid) {
    if (due.lte(0)) break
    // A voucher taken at the counter is no money to give back.
    if (payment.provider === COUPON_PROVIDER) continue
    const refunded = await refundedOfPayment(trx, payment.pay_id)
    const left = toDecimal(payment.amount).minus(refunded)
    if (left.lte(0)) continue
    const give = left.lt(due) ? left : due
    const amount = give.toFixed(Math.max(places(payment.amount), places(input.amount)))
    let refundRef: string
    if (isCounterMethod(payment.provider)) {
      refundRef = await recordCounterRefund(trx, payment, amount, input.afterSaleId, input.now)
    } else if (payment.provider === BALANCE_PROVIDER) {
      const spend = await trx.selectFrom('balance_ledger').select('vip_id').where('kind', '=', 'spend').where('ref_id', '=', input.orderId).executeTakeFirst()
      const entry = await changeBalance(trx, { vipId: spend?.vip_id ?? input.vipId, kind: 'refund', amount, refId: input.afterSaleId, now: input.now })
      refundRef = entry.entryId
    } else {
      const provider = providers.get(payment.provider)
      if (!provider) throw new Error(`payment ${payment.pay_id} is at provider '${payment.provider}', which this process does not have: it cannot be refunded`)
      refundRef = await refundAtProvider(trx, provider, payment, 'after-sale request approved by the shop', input.now, input.afterSaleId, amount)
    }
    await trx
      .insertInto('after_sale_refunds')
      .values({ after_sale_id: input.afterSaleId, pay_id: payment.pay_id, provider: payment.provider, amount, refund_ref: refundRef, created_at: input.now.toISOString() })
      .execute()
    if (give.eq(left)) await trx.updateTable('payments').set({ status: PAYMENT_STATUS.REFUNDED }).where('pay_id', '=', payment.pay_id).execute()
    done.push({ payId: payment.pay_id, provider: payment.provider, amount, refundRef })
    due = due.minus(give)
  }
  // The caller checked the amount against what is paid and not yet refunded; a shortfall here
  // means the payments do not add up to the order's paid amount: refuse rather than refund less.
  if (due.gt(0)) throw new Error(`order ${input.orderId}: its paid payments cannot give back ${input.amount}`)
  return done
}

/** Digits after the point as written ('23.50' → 2). */
const places = (text: string): number => (text.split('.')[1] ?? '').length
