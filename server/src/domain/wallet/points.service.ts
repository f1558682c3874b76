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
import { entryTime, lockMember, newEntryId } from './balance.service'

/** Points an amount earns: its whole units. */
export const pointsFor = (paidAmount: string): number => Math.max(0, toDecimal(paidAmount).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber())

/** Credits the points of a paid order to its member; returns the points given (0 when none or already given). */
export async function earnOrderPoints(trx: Transaction<Database>, order: { order_id: string; vip_id: string }, paidAmount: string, now: Date): Promise<number> {
  if (!order.vip_id) return 0
  const points = pointsFor(paidAmount)
  if (points <= 0) return 0
  return addEntry(trx, order.vip_id, 'earn', points, order.order_id, now)
}

/** Takes back what an order earned (its refund); returns the points taken (0 when none). */
export async function reverseOrderPoints(trx: Transaction<Database>, orderId: string, now: Date): Promise<number> {
  const earned = await trx.selectFrom('score_ledger').select(['vip_id', 'score']).where('kind', '=', 'earn').where('ref_id', '=', orderId).executeTakeFirst()
  if (!earned) return 0
  return -(await addEntry(trx, earned.vip_id, 'reverse', -earned.score, orderId, now))
}

async function addEntry(trx: Transaction<Database>, vipId: string, kind: 'earn' | 'reverse', score: number, refId: string, now: Date): Promise<number> {
  const member = await lockMember(trx, vipId)
  if (!member) return 0
  const at = await entryTime(trx, 'score_ledger', vipId, now)
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
  await trx.updateTable('members').set({ score: member.score + score, updated_at: now.toISOString() }).where('vip_id', '=', vipId).execute()
  return score
}
