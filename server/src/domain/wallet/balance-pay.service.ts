/**
 * Paying an order from the member's balance (BalancePay): the second payment provider beside the
 * sandbox, 'balance', paid at once. One transaction: the order locked, then the member row; a
 * payments row (provider 'balance', status paid), the ledger's 'spend' (INSUFFICIENT_BALANCE when
 * the balance does not cover it, nothing written) and markOrderPaid (which also earns the points).
 * Locks are always taken order first, member second (as refunds do), so they cannot deadlock.
 *
 * Idempotent by RequestKey (the payments unique index): a retry answers the first payment.
 * Works for a prepay order and for a table sheet's settlement order alike.
 */
import type { Kysely, Selectable } from 'kysely'
import { toDecimal } from '../../../../src/core/money'
import { BALANCE_PROVIDER, PAYMENT_STATUS } from '../../../../src/gateway/order-rows'
import type { Database, OrderLineTable, OrderTable } from '../../storage/schema'
import type { SessionMember } from '../members/member-session'
import { DomainError } from '../errors'
import { lockOrderForPayment, markOrderPaid } from '../orders/order-state'
import { findOrder, findPaymentByKey, moneySettingsOf, newPayId, requireOwner, requirePayable, requirePayer, type PaymentRecord } from '../payments/payment.service'
import { changeBalance } from './balance.service'
import { keepEnterpriseSettings, listEnterpriseSettings } from '../../storage/repositories/enterprise.repository'
import { inEventTransaction } from '../../live/outbox'
import { shareTakesPayment } from '../table-sheets/bill-shares'

export interface BalancePayInput {
  entId: string
  member: SessionMember
  /** The member's owner key ('vip:<id>'): orders are the member's when they carry it. */
  ownerKey: string
  sheetId: string
  requestKey: string
  now: Date
}

/** Thrown inside the transaction when another request with the same key won the insert. */
class KeyTaken extends Error {}

export interface BalancePayResult {
  payment: PaymentRecord
  order: Selectable<OrderTable>
  /** The enterprise's TimeZone setting as this payment read it; undefined when it read none (a retry). */
  timeZoneSetting?: string | null
  /** The order's goods lines, counted as this payment's transaction read them (a prepay order paid now). */
  lineCount?: number
}

export async function payFromBalance(db: Kysely<Database>, input: BalancePayInput): Promise<BalancePayResult> {
  // A guest has no bound phone: balance is for members who can be reached (issue 5).
  if (input.member.isGuest || !input.member.phone) throw new DomainError('PHONE_NOT_BOUND')
  let payment = await findPaymentByKey(db, input.entId, input.requestKey)
  let paid: Selectable<OrderTable> | undefined
  let timeZoneSetting: string | null | undefined
  const seen: { lines?: readonly Selectable<OrderLineTable>[] } = {}
  if (!payment) {
    const order = await findOrder(db, input.entId, input.sheetId)
    await requirePayer(db, order, input.ownerKey)
    const settings = await listEnterpriseSettings(db, input.entId)
    const { amoPoint } = moneySettingsOf(settings)
    timeZoneSetting = settings.find((p) => p.parmId === 'TimeZone')?.parmValue ?? null
    try {
      payment = await inEventTransaction(db, async (trx) => {
        keepEnterpriseSettings(trx, input.entId, settings)
        const locked = await lockOrderForPayment(trx, order.order_id, order)
        // A retry with this key that got the order's lock first has paid it: answer its payment,
        // not "no longer awaiting payment" (looked up only then: the payment's insert below
        // finds a key already taken on its own).
        const keyTakenOr = async (error: unknown): Promise<never> => {
          if (error instanceof DomainError && (await findPaymentByKey(trx, input.entId, input.requestKey))) throw new KeyTaken()
          throw error
        }
        try {
          requirePayable(locked, input.now)
          // A share of a split bill that lost its claim (or lapsed) is not paid for: nothing is taken.
          if ((await shareTakesPayment(trx, locked)) === false) throw new DomainError('SHARE_NO_LONGER_STANDS')
        } catch (error) {
          await keyTakenOr(error)
        }
        const amount = toDecimal(locked.amount).minus(toDecimal(locked.paid_amount)).toFixed(amoPoint)
        const at = input.now.toISOString()
        // The spend first, so the payment row is written once, with its ledger entry; a key taken
        // meanwhile rolls the spend back with everything else (KeyTaken).
        const spent = await changeBalance(trx, { vipId: input.member.vipId, kind: 'spend', amount, refId: locked.order_id, now: input.now }).catch(keyTakenOr)
        const inserted = await trx
          .insertInto('payments')
          .values({
            pay_id: newPayId(input.now),
            ent_id: input.entId,
            shop_id: locked.shop_id,
            order_id: locked.order_id,
            owner_key: input.ownerKey,
            request_key: input.requestKey,
            provider: BALANCE_PROVIDER,
            amount,
            status: PAYMENT_STATUS.PAID,
            provider_ref: spent.entryId,
            return_url: '',
            created_at: at,
            settled_at: at
          })
          .onConflict((oc) => oc.columns(['ent_id', 'request_key']).doNothing())
          .returningAll()
          .executeTakeFirst()
        if (!inserted) throw new KeyTaken()
        paid = await markOrderPaid(trx, locked.order_id, amount, input.now, locked, seen)
        return inserted
      })
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error
      // Lost a race with the same key: the winner's payment is the answer.
      payment = await findPaymentByKey(db, input.entId, input.requestKey)
      if (!payment) throw new Error(`payment for request key ${input.requestKey} vanished`)
    }
  }
  if (payment.order_id !== input.sheetId || payment.provider !== BALANCE_PROVIDER) throw new DomainError('REQUEST_KEY_REUSED')
  requireOwner(payment.owner_key, input.ownerKey)
  // The order as this payment's transaction left it (a retry reads it).
  if (paid?.order_id === payment.order_id) {
    // Goods lines, as countOrderLines counts them (sale type 5, a coupon line, is none).
    const lineCount = seen.lines?.filter((line) => Number(line.sale_type) !== 5).length
    return { payment, order: paid, timeZoneSetting, lineCount }
  }
  return { payment, order: await findOrder(db, input.entId, payment.order_id) }
}
