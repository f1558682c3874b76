/**
 * Points (issue 5). The rule: 1 point per whole currency unit of an order's paid amount
 * (23.50 → 23), earned when a member's order is paid, whatever the provider (markOrderPaid calls
 * earnOrderPoints in the paying transaction); the order's member is orders.vip_id, so a walk-in
 * order (no member) earns nothing and a guest member earns like anyone. When that order is
 * refunded the same points are taken back ('reverse'). Both happen at most once per order
 * (score_ledger unique kind + ref_id), and members.score is the sum of the member's entries.
 */
import type { Transaction } from 'kysely'
import { Decimal, toDecimal } from '../../../../src/core/money'
import type { Database } from '../../storage/schema'
import { writeWithNext } from '../../storage/write-with-next'
import { entryTimeAfter, lockedMemberWritten, lockMember, newEntryId } from './balance.service'

/** Points an amount earns: its whole units. */
export const pointsFor = (paidAmount: string): number => Math.max(0, toDecimal(paidAmount).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber())

/** Credits the points of a paid order to its member; returns the points given (0 when none or already given). */
export async function earnOrderPoints(trx: Transaction<Database>, order: { order_id: string; vip_id: string }, paidAmount: string, now: Date): Promise<number> {
  if (!order.vip_id) return 0
  const points = pointsFor(paidAmount)
  if (points <= 0) return 0
  return addEntry(trx, order.vip_id, 'earn', points, order.order_id, now)
}

/**
 * Takes back what an order earned (its refund) and after-sale refunds have not taken back
 * already; returns the points taken (0 when none).
 */
export async function reverseOrderPoints(trx: Transaction<Database>, orderId: string, now: Date): Promise<number> {
  const earned = await trx.selectFrom('score_ledger').select(['vip_id', 'score']).where('kind', '=', 'earn').where('ref_id', '=', orderId).executeTakeFirst()
  if (!earned) return 0
  const left = earned.score - (await reversedByAfterSales(trx, orderId))
  if (left <= 0) return 0
  return -(await addEntry(trx, earned.vip_id, 'reverse', -left, orderId, now))
}

/** Points the order's after-sale refunds took back (their 'reverse' entries, ref the request). */
async function reversedByAfterSales(trx: Transaction<Database>, orderId: string): Promise<number> {
  const rows = await trx.selectFrom('after_sales').select('points_reversed').where('order_id', '=', orderId).execute()
  return rows.reduce((sum, r) => sum + Number(r.points_reversed), 0)
}

/**
 * An after-sale refund (issue 17) takes back points in proportion: the member keeps what the
 * order's paid amount less everything refunded so far would have earned (the same rule, whole
 * units), so several partial refunds add up to the whole order's points and never more. One
 * 'reverse' entry with the request as its ref; returns the points taken (0 when none).
 */
export async function reverseAfterSalePoints(
  trx: Transaction<Database>,
  input: { orderId: string; afterSaleId: string; paidAmount: string; refundedAfter: string; now: Date }
): Promise<number> {
  const earned = await trx.selectFrom('score_ledger').select(['vip_id', 'score']).where('kind', '=', 'earn').where('ref_id', '=', input.orderId).executeTakeFirst()
  if (!earned) return 0
  const cancelled = await trx.selectFrom('score_ledger').select('score').where('kind', '=', 'reverse').where('ref_id', '=', input.orderId).executeTakeFirst()
  if (cancelled) return 0
  const keep = Math.min(earned.score, pointsFor(toDecimal(input.paidAmount).minus(toDecimal(input.refundedAfter)).toString()))
  const take = earned.score - keep - (await reversedByAfterSales(trx, input.orderId))
  if (take <= 0) return 0
  return -(await addEntry(trx, earned.vip_id, 'reverse', -take, input.afterSaleId, input.now))
}

async function addEntry(trx: Transaction<Database>, vipId: string, kind: 'earn' | 'reverse', score: number, refId: string, now: Date): Promise<number> {
  const member = await lockMember(trx, vipId)
  if (!member) return 0
  const at = entryTimeAfter(member.ledger_at, now)
  const inserted = await trx
    .insertInto('score_ledger')
    .values({
      entry_id: newEntryId('S', at),
      ent_id: member.ent_id,
      vip_id: vipId,
      kind,
      score,
      score_after: member.score + score,
      ref_id: refId,
      created_at: at.toISOString()
    })
    .onConflict((oc) => oc.columns(['kind', 'ref_id']).doNothing())
    .returning('entry_id')
    .executeTakeFirst()
  if (!inserted) return 0
  const written = { score: member.score + score, updated_at: now.toISOString(), ledger_at: at.toISOString() }
  await writeWithNext(trx, trx.updateTable('members').set(written).where('vip_id', '=', vipId))
  lockedMemberWritten(trx, vipId, written)
  return score
}
