/**
 * What we know of each refund number asked of a provider (refund_follow_ups, migration 0025), so a
 * refund is followed until the vendor confirms it (refund-follow-up.ts runs the sweep).
 *
 *   - Accepted by the provider: 'requested', asked about after CONFIRM_AFTER_MS unless its notice
 *     comes first ('accepted' for a provider that cannot be asked: taken as given, as before).
 *   - Refused at request time (a payment given back because it came after its order ended):
 *     'due', asked again under the same number (the vendors dedupe on it) with backoff.
 *   - The vendor's word, by notice or by query, through applyRefundOutcome: confirmed once;
 *     closed ('closed', and the next number '<first>-r2' … is 'due': WeChat Pay answers a closed
 *     refund again for its old number); abnormal ('abnormal': the money sits at the vendor for the
 *     shop to settle at its merchant platform, so it is never asked for again, only asked about).
 *
 * Every change happens with the payment row locked by the caller (lockPayment), the same lock a
 * notice takes: two server processes never act on one refund number at once.
 */
import type { Kysely, Selectable, Transaction } from 'kysely'
import { PAYMENT_STATUS } from '../../../../src/gateway/order-rows'
import type { PaymentProvider, VerifiedRefundNotice } from '../../providers/payment/payment-provider'
import type { Database, PaymentTable, RefundFollowUpTable } from '../../storage/schema'

export type RefundFollowUp = Selectable<RefundFollowUpTable>

export const REFUND_STATE = {
  DUE: 'due',
  REQUESTED: 'requested',
  CONFIRMED: 'confirmed',
  ABNORMAL: 'abnormal',
  CLOSED: 'closed',
  GIVEN_UP: 'given_up',
  ACCEPTED: 'accepted'
} as const

/** The states the sweep acts on. */
export const OPEN_REFUND_STATES: readonly string[] = [REFUND_STATE.DUE, REFUND_STATE.REQUESTED, REFUND_STATE.ABNORMAL]

/** An accepted refund is first asked about after this long (WeChat Pay advises a minute; its notice usually comes first). */
export const CONFIRM_AFTER_MS = 2 * 60_000
/** A refund still under way is asked about again after these waits (WeChat Pay's advice: 5, 10, 20, 30 minutes …), then hourly. */
export const QUERY_BACKOFF_MS = [5, 10, 20, 30, 60].map((m) => m * 60_000)
/** A refused refund is asked for again after these waits, then hourly, until MAX_REFUND_TRIES. */
export const RETRY_BACKOFF_MS = [1, 2, 5, 10, 20, 30, 60].map((m) => m * 60_000)
/** Refused this many times in a row: the sweep stops asking and says so; the shop settles it. */
export const MAX_REFUND_TRIES = 12
/** An abnormal refund (the shop settles it at the merchant platform) is asked about this often. */
export const ABNORMAL_RECHECK_MS = 60 * 60_000

export const backoff = (steps: readonly number[], tries: number): number => steps[Math.min(Math.max(tries, 1), steps.length) - 1]

/** The refund number of the attempt: the first number, then '<first>-r2', '-r3' … (both vendors take '-'). */
/**
 * Why money that never paid its order went back at once (it came after the order had ended, or
 * after another attempt paid it): such a refund is no refund of the order (order-view's
 * refundedAmounts leaves it out), only the payer's own money returned.
 */
export const LATE_PAYMENT_REFUND_REASON = 'paid after the order had ended'

export const refundNoOf = (baseNo: string, attempt: number): string => (attempt <= 1 ? baseNo : `${baseNo}-r${attempt}`)

const later = (now: Date, ms: number): string => new Date(now.getTime() + ms).toISOString()

export async function findRefundFollowUp(db: Kysely<Database> | Transaction<Database>, payId: string, refundNo: string): Promise<RefundFollowUp | undefined> {
  return db.selectFrom('refund_follow_ups').selectAll().where('pay_id', '=', payId).where('refund_no', '=', refundNo).executeTakeFirst()
}

/** The latest number of a refund (its highest attempt), or undefined when it was never asked for. */
export async function latestRefundFollowUp(trx: Transaction<Database>, payId: string, baseNo: string): Promise<RefundFollowUp | undefined> {
  return trx.selectFrom('refund_follow_ups').selectAll().where('pay_id', '=', payId).where('base_no', '=', baseNo).orderBy('attempt', 'desc').limit(1).executeTakeFirst()
}

export async function updateRefundFollowUp(trx: Transaction<Database>, row: Pick<RefundFollowUp, 'pay_id' | 'refund_no'>, set: Partial<RefundFollowUp>, now: Date): Promise<void> {
  await trx
    .updateTable('refund_follow_ups')
    .set({ ...set, updated_at: now.toISOString() })
    .where('pay_id', '=', row.pay_id)
    .where('refund_no', '=', row.refund_no)
    .execute()
}

interface RefundAsked {
  payId: string
  provider: PaymentProvider
  refundNo: string
  amount: string
  reason: string
  now: Date
}

/** A refund number the provider accepted: followed until confirmed (or taken as given when it cannot be asked). */
export async function trackAccepted(trx: Transaction<Database>, r: RefundAsked): Promise<void> {
  const state = r.provider.queryRefund ? REFUND_STATE.REQUESTED : REFUND_STATE.ACCEPTED
  const known = await findRefundFollowUp(trx, r.payId, r.refundNo)
  if (known) {
    // Asked again under the same number (a retry): the vendor dedupes it, so it is the same refund.
    if (known.state === REFUND_STATE.DUE || known.state === REFUND_STATE.GIVEN_UP) {
      await updateRefundFollowUp(trx, known, { state, tries: 0, next_at: later(r.now, CONFIRM_AFTER_MS), last_error: '' }, r.now)
    }
    return
  }
  await insertFollowUp(trx, r, { base_no: r.refundNo, attempt: 1, state, tries: 0, next_at: later(r.now, CONFIRM_AFTER_MS), last_error: '' })
}

/** A refund number the provider refused (or did not answer): due again after the backoff; given up after MAX_REFUND_TRIES. */
export async function trackRefused(trx: Transaction<Database>, r: RefundAsked & { error: string }): Promise<RefundFollowUp> {
  const known = await findRefundFollowUp(trx, r.payId, r.refundNo)
  const tries = (known?.tries ?? 0) + 1
  const set = {
    state: tries >= MAX_REFUND_TRIES ? REFUND_STATE.GIVEN_UP : REFUND_STATE.DUE,
    tries,
    next_at: later(r.now, backoff(RETRY_BACKOFF_MS, tries)),
    last_error: r.error.slice(0, 400)
  }
  if (known) await updateRefundFollowUp(trx, known, set, r.now)
  else await insertFollowUp(trx, r, { base_no: r.refundNo, attempt: 1, ...set })
  return (await findRefundFollowUp(trx, r.payId, r.refundNo)) as RefundFollowUp
}

async function insertFollowUp(
  trx: Transaction<Database>,
  r: RefundAsked,
  rest: Pick<RefundFollowUp, 'base_no' | 'attempt' | 'state' | 'tries' | 'next_at' | 'last_error'>
): Promise<void> {
  const at = r.now.toISOString()
  await trx
    .insertInto('refund_follow_ups')
    .values({ pay_id: r.payId, refund_no: r.refundNo, provider: r.provider.name, amount: r.amount, reason: r.reason.slice(0, 200), created_at: at, updated_at: at, ...rest })
    .onConflict((oc) => oc.columns(['pay_id', 'refund_no']).doNothing())
    .execute()
}

/**
 * A provider's word on one of our refunds, by its notice or by our query (the same noticeId either
 * way, stored once in payment_notices as '<provider>:<noticeId>': whichever comes second is a
 * replay). The refund number's follow-up moves once: confirmed (a payment whose full refund had
 * failed is 4 refunded again); closed (the next number is due; the payment is 3 refund due);
 * abnormal (the payment is 3 refund due; the shop settles it at the merchant platform). The
 * payment row is locked by the caller.
 */
export async function applyRefundOutcome(
  trx: Transaction<Database>,
  provider: PaymentProvider,
  payment: Selectable<PaymentTable>,
  notice: VerifiedRefundNotice,
  body: string,
  now: Date
): Promise<'refund_confirmed' | 'refund_failed' | 'replay'> {
  const result = notice.result === 'refunded' ? 'refund_confirmed' : 'refund_failed'
  const stored = await trx
    .insertInto('payment_notices')
    .values({ notice_id: `${provider.name}:${notice.noticeId}`, pay_id: payment.pay_id, provider: provider.name, result, amount: notice.amount, body, received_at: now.toISOString() })
    .onConflict((oc) => oc.column('notice_id').doNothing())
    .returning('notice_id')
    .executeTakeFirst()
  let row = await findRefundFollowUp(trx, payment.pay_id, notice.refundNo)
  if (!row) {
    if (!stored) return 'replay'
    // A refund asked for before refunds were followed: followed from here.
    const asked = { payId: payment.pay_id, provider, refundNo: notice.refundNo, amount: notice.amount, reason: '', now }
    await insertFollowUp(trx, asked, { base_no: notice.refundNo, attempt: 1, state: REFUND_STATE.REQUESTED, tries: 0, next_at: now.toISOString(), last_error: '' })
    row = (await findRefundFollowUp(trx, payment.pay_id, notice.refundNo)) as RefundFollowUp
  }
  const full = row.base_no === payment.pay_id
  const setPayment = (status: number) => trx.updateTable('payments').set({ status }).where('pay_id', '=', payment.pay_id).execute()
  const waiting = row.state === REFUND_STATE.REQUESTED || row.state === REFUND_STATE.ACCEPTED
  if (notice.result === 'refunded') {
    if (waiting || row.state === REFUND_STATE.ABNORMAL || row.state === REFUND_STATE.GIVEN_UP) {
      await updateRefundFollowUp(trx, row, { state: REFUND_STATE.CONFIRMED, last_error: '' }, now)
      if (full && payment.status === PAYMENT_STATUS.REFUND_DUE) await setPayment(PAYMENT_STATUS.REFUNDED)
    }
  } else if (notice.failure === 'closed' && (waiting || row.state === REFUND_STATE.ABNORMAL)) {
    // Closed: it never paid out. WeChat Pay answers a closed refund again for its number, so the
    // money goes back under the next one.
    await updateRefundFollowUp(trx, row, { state: REFUND_STATE.CLOSED, last_error: `closed at ${provider.name}` }, now)
    const next = { payId: payment.pay_id, provider, refundNo: refundNoOf(row.base_no, row.attempt + 1), amount: row.amount, reason: row.reason, now }
    await insertFollowUp(trx, next, { base_no: row.base_no, attempt: row.attempt + 1, state: REFUND_STATE.DUE, tries: 0, next_at: now.toISOString(), last_error: '' })
    if (full && payment.status === PAYMENT_STATUS.REFUNDED) await setPayment(PAYMENT_STATUS.REFUND_DUE)
  } else if (notice.failure !== 'closed' && waiting) {
    // Abnormal (or a failure the provider did not explain): the money may sit at the vendor, so
    // asking for it again could give it twice. Asked about now and then; the shop settles it.
    await updateRefundFollowUp(trx, row, { state: REFUND_STATE.ABNORMAL, next_at: later(now, ABNORMAL_RECHECK_MS), last_error: `abnormal at ${provider.name}` }, now)
    if (full && payment.status === PAYMENT_STATUS.REFUNDED) await setPayment(PAYMENT_STATUS.REFUND_DUE)
  }
  return stored ? result : 'replay'
}
