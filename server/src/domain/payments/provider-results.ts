/**
 * A payment provider's answer about a payment or a recharge (a verified notice, or what a status
 * query found), stored once in payment_notices: a replay finds its key there and changes nothing.
 */
import type { Transaction } from 'kysely'
import { toDecimal } from '../../../../src/core/money'
import type { Database } from '../../storage/schema'

export interface ProviderResult {
  /** payment_notices key: '<provider>:<noticeId>' (or ':query:' for a status query). */
  noticeKey: string
  result: 'paid' | 'declined'
  amount: string
  body: string
  now: Date
}

/**
 * Stores the answer for `payId` unless it was stored before. A 'paid' answer whose amount is not
 * `expectedAmount` is stored as 'amount_mismatch' (and must move nothing).
 */
export async function storeProviderResult(
  trx: Transaction<Database>,
  target: { payId: string; provider: string; expectedAmount: string },
  r: ProviderResult
): Promise<{ replay: boolean; amountMatches: boolean }> {
  const amountMatches = r.result !== 'paid' || toDecimal(r.amount).eq(toDecimal(target.expectedAmount))
  const stored = await trx
    .insertInto('payment_notices')
    .values({
      notice_id: r.noticeKey,
      pay_id: target.payId,
      provider: target.provider,
      result: amountMatches ? r.result : 'amount_mismatch',
      amount: r.amount,
      body: r.body,
      received_at: r.now.toISOString()
    })
    .onConflict((oc) => oc.column('notice_id').doNothing())
    .returning('notice_id')
    .executeTakeFirst()
  return { replay: !stored, amountMatches }
}
