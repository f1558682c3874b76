/**
 * The refund follow-up (issue 25 item 5): a refund counts as given back when the provider accepts
 * it, and this sweep sees it through (refund-tracking.ts keeps the state, refund_follow_ups):
 *
 *   - a refund number that is due (the provider refused it, or closed the one before) is asked
 *     for again, under the same number (the vendors dedupe on it, so a retry never gives twice),
 *     with backoff per refund; refused MAX_REFUND_TRIES times in a row it is given up and logged;
 *   - a refund accepted but not confirmed after CONFIRM_AFTER_MS (its notice lost, or Alipay, which
 *     sends none for a synchronous refund) is asked about: SUCCESS is recorded once, as its notice
 *     would be; closed → the next number is due; abnormal → the shop settles it (logged);
 *   - each refund number is worked with its payment row locked (FOR UPDATE on PostgreSQL; SQLite
 *     has one writer), then checked again: a second server process, or a notice, that got there
 *     first has moved it on, and nothing is asked twice.
 *
 * The server process runs it every REFUND_SWEEP_MS (main.ts, like the expiry sweep).
 */
import { PAYMENT_STATUS } from '../../../../src/gateway/order-rows'
import { inEventTransaction } from '../../live/outbox'
import { lockPayment, refundAtProvider, type PaymentDeps } from './payment.service'
import {
  ABNORMAL_RECHECK_MS,
  applyRefundOutcome,
  backoff,
  findRefundFollowUp,
  OPEN_REFUND_STATES,
  QUERY_BACKOFF_MS,
  REFUND_STATE,
  trackRefused,
  updateRefundFollowUp
} from './refund-tracking'

/** How often the server process looks for refunds to follow up. */
export const REFUND_SWEEP_MS = 60_000
/** Refund numbers worked per sweep (the rest wait for the next one, oldest first). */
const BATCH = 50

export interface RefundLog {
  info(obj: unknown, msg?: string): void
  warn(obj: unknown, msg?: string): void
  error(obj: unknown, msg?: string): void
}

/** What one refund number came to in a sweep. */
export type FollowUpStep = 'skipped' | 'requested' | 'refused' | 'given_up' | 'confirmed' | 'processing' | 'closed' | 'abnormal' | 'due' | 'unreachable'

/** Works every open refund number whose time has come; returns what each came to, by refund number. */
export async function followUpRefunds(deps: PaymentDeps, now: Date, log?: RefundLog): Promise<Record<string, FollowUpStep>> {
  const rows = await deps.db
    .selectFrom('refund_follow_ups')
    .select(['pay_id', 'refund_no'])
    .where('state', 'in', [...OPEN_REFUND_STATES])
    .where('next_at', '<=', now.toISOString())
    .orderBy('next_at')
    .limit(BATCH)
    .execute()
  const steps: Record<string, FollowUpStep> = {}
  for (const row of rows) {
    try {
      steps[row.refund_no] = await followUpRefund(deps, row.pay_id, row.refund_no, now, log)
    } catch (error) {
      log?.error({ err: error, payId: row.pay_id, refundNo: row.refund_no }, 'refund follow-up failed')
    }
  }
  return steps
}

/** One refund number, with its payment locked: asked for again when due, asked about when waiting. */
export async function followUpRefund(deps: PaymentDeps, payId: string, refundNo: string, now: Date, log?: RefundLog): Promise<FollowUpStep> {
  return inEventTransaction(deps.db, async (trx): Promise<FollowUpStep> => {
    const payment = await lockPayment(trx, payId)
    const row = await findRefundFollowUp(trx, payId, refundNo)
    // Another process (or a notice) got there first: its work stands.
    if (!payment || !row || !OPEN_REFUND_STATES.includes(row.state) || row.next_at > now.toISOString()) return 'skipped'
    const ctx = { payId, refundNo, provider: row.provider, amount: row.amount }
    const provider = deps.providers.get(row.provider)
    if (!provider) {
      await updateRefundFollowUp(trx, row, { next_at: new Date(now.getTime() + ABNORMAL_RECHECK_MS).toISOString(), last_error: `provider '${row.provider}' is not configured in this process` }, now)
      return 'unreachable'
    }
    const full = row.base_no === payment.pay_id

    if (row.state === REFUND_STATE.DUE) {
      // A full refund is owed only while its payment is refund due (a notice may have settled it).
      if (full && payment.status !== PAYMENT_STATUS.REFUND_DUE) {
        await updateRefundFollowUp(trx, row, { state: REFUND_STATE.CLOSED, last_error: `payment is no longer refund due (status ${payment.status})` }, now)
        return 'skipped'
      }
      try {
        await refundAtProvider(trx, provider, payment, row.reason || 'refund asked again', now, row.refund_no === payment.pay_id ? undefined : row.refund_no, row.amount)
      } catch (e) {
        const message = (e as Error).message ?? String(e)
        const after = await trackRefused(trx, { payId, provider, refundNo, amount: row.amount, reason: row.reason, now, error: message })
        if (after.state === REFUND_STATE.GIVEN_UP) {
          log?.error(
            { ...ctx, tries: after.tries, lastError: message },
            `refund ${refundNo} of payment ${payId} (${row.amount}) GIVEN UP after ${after.tries} refused tries at ${row.provider}: the money is still owed to the payer; settle it at the merchant platform (the payment stays refund due)`
          )
          return 'given_up'
        }
        log?.warn({ ...ctx, tries: after.tries, nextAt: after.next_at, lastError: message }, `refund ${refundNo} refused again; asking again later`)
        return 'refused'
      }
      if (full) await trx.updateTable('payments').set({ status: PAYMENT_STATUS.REFUNDED }).where('pay_id', '=', payId).execute()
      log?.info(ctx, `refund ${refundNo} accepted on a retry`)
      return 'requested'
    }

    // Requested (or abnormal): ask the provider about it.
    if (!provider.queryRefund) {
      await updateRefundFollowUp(trx, row, { state: REFUND_STATE.ACCEPTED }, now)
      return 'skipped'
    }
    const postpone = (steps: readonly number[], error = '') =>
      updateRefundFollowUp(trx, row, { tries: row.tries + 1, next_at: new Date(now.getTime() + backoff(steps, row.tries + 1)).toISOString(), last_error: error.slice(0, 400) }, now)
    let answer
    try {
      answer = await provider.queryRefund({ payId, providerRef: payment.provider_ref, refundNo, amount: row.amount })
    } catch (e) {
      await postpone(QUERY_BACKOFF_MS, (e as Error).message ?? String(e))
      return 'unreachable'
    }
    if (answer.status === 'processing') {
      await postpone(row.state === REFUND_STATE.ABNORMAL ? [ABNORMAL_RECHECK_MS] : QUERY_BACKOFF_MS)
      return 'processing'
    }
    if (answer.status === 'not_found') {
      // Never made at the vendor (its answer lost before it got there): asked for again under the
      // same number, which is the vendors' advice and cannot give twice.
      await updateRefundFollowUp(trx, row, { state: REFUND_STATE.DUE, tries: 0, next_at: now.toISOString(), last_error: `not found at ${row.provider}` }, now)
      if (full && payment.status === PAYMENT_STATUS.REFUNDED) await trx.updateTable('payments').set({ status: PAYMENT_STATUS.REFUND_DUE }).where('pay_id', '=', payId).execute()
      log?.warn(ctx, `refund ${refundNo} is not known at ${row.provider}: asking for it again`)
      return 'due'
    }
    await applyRefundOutcome(trx, provider, payment, answer.notice, JSON.stringify({ query: true, ...answer.notice }), now)
    const after = await findRefundFollowUp(trx, payId, refundNo)
    if (after?.state === REFUND_STATE.CONFIRMED) return 'confirmed'
    if (after?.state === REFUND_STATE.CLOSED) {
      log?.warn(ctx, `refund ${refundNo} was closed at ${row.provider}: asking for it again under a new number`)
      return 'closed'
    }
    if (row.state !== REFUND_STATE.ABNORMAL && after?.state === REFUND_STATE.ABNORMAL) {
      log?.error(ctx, `refund ${refundNo} of payment ${payId} (${row.amount}) is ABNORMAL at ${row.provider}: the money sits at the vendor; settle it at the merchant platform (it is not asked for again)`)
      return 'abnormal'
    }
    await postpone([ABNORMAL_RECHECK_MS])
    return 'abnormal'
  })
}

/**
 * Runs followUpRefunds every REFUND_SWEEP_MS; the timer does not keep the process alive, and
 * stop() waits for a sweep in flight. Each refund's backoff lives in its row, so a dead vendor is
 * asked once per refund per backoff step, not once a minute.
 */
export function startRefundFollowUp(deps: PaymentDeps, log: RefundLog, everyMs = REFUND_SWEEP_MS): { stop(): Promise<void> } {
  let running: Promise<void> | null = null
  const timer = setInterval(() => {
    if (running) return
    running = followUpRefunds(deps, new Date(), log)
      .then(
        () => undefined,
        (error) => log.error({ err: error }, 'refund follow-up sweep failed')
      )
      .finally(() => {
        running = null
      })
  }, everyMs)
  timer.unref()
  return {
    stop: async () => {
      clearInterval(timer)
      await running
    }
  }
}
