/**
 * Lists filtered to a staff member's scope (staff-actor.ts): the branches whose orders and
 * after-sale requests they see, the shops whose reviews they see, and whether they may run a
 * coupon plan (a plan for named shops needs each whole shop; a plan for every shop needs the whole
 * enterprise). `null` means no limit.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/schema'
import { mayBase, mayShop, mayWholeShop, type StaffActor } from './staff-actor'

/** Whether the actor's scope is the whole enterprise (an owner, or a person of every shop and branch off a device). */
export function wholeEnterprise(actor: StaffActor): boolean {
  if (actor.deviceShopId || actor.deviceBaseId) return false
  return actor.role === 'owner' || (actor.shopIds.length === 0 && actor.baseIds.length === 0)
}

/** The branches in the actor's scope, or null for all of them. */
export async function basesInScope(db: Kysely<Database>, actor: StaffActor): Promise<string[] | null> {
  if (wholeEnterprise(actor)) return null
  const bases = await db.selectFrom('bases').select(['base_id', 'shop_id']).where('ent_id', '=', actor.entId).execute()
  return bases.filter((b) => mayBase(actor, b.shop_id, b.base_id)).map((b) => b.base_id)
}

/** The shops in the actor's scope, or null for all of them. */
export async function shopsInScope(db: Kysely<Database>, actor: StaffActor): Promise<string[] | null> {
  if (wholeEnterprise(actor)) return null
  const shops = await db.selectFrom('shops').select('shop_id').where('ent_id', '=', actor.entId).execute()
  return shops.filter((s) => mayShop(actor, s.shop_id)).map((s) => s.shop_id)
}

/** Whether the actor may run a coupon plan for these shops ([] = every shop). */
export function mayRunPlan(actor: StaffActor, shopIds: readonly string[]): boolean {
  if (shopIds.length === 0) return wholeEnterprise(actor)
  return shopIds.every((shopId) => mayWholeShop(actor, shopId))
}
