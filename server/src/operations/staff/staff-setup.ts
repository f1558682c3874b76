/**
 * What the console's setup operations share (EnterpriseGet … SetupImport; issue 23): record
 * fields holding a setup service's own input (checked there, so a refused save lists every
 * problem by the field the form shows: SetupError, 21100, docs/setup.md), the changes worth an
 * audit entry, and the scope rules of shops and branches.
 */
import { z } from 'zod'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../storage/schema'
import { DomainError, EnvelopeError } from '../../domain/errors'
import type { StaffActor } from '../../domain/staff/staff-actor'

/**
 * A record field holding an object of a setup service's input. Absent means {} (nothing to
 * change); anything but an object is 10007. The service checks the fields inside.
 */
export const setupObjectField = <T extends object>(description: string) =>
  z
    .preprocess((v) => (v === undefined || v === null || v === '' ? {} : v), z.custom<T>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'an object'))
    .describe(description)

/** 0 or 1 (also booleans and '0' / '1'); '' or absent: `absent` (0 unless said). */
export const flagField = (description: string, absent: 0 | 1 = 0) =>
  z
    .preprocess((v) => (v === '' || v == null ? absent : v === true || v === '1' ? 1 : v === false || v === '0' ? 0 : v), z.union([z.literal(0), z.literal(1)]))
    .describe(description)

/** The keys of `after` whose value differs from `before`'s: an audit entry's detail. */
export function changesOf(before: object, after: object, keys: readonly string[]): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {}
  const now: Record<string, unknown> = {}
  const b = before as Record<string, unknown>
  const a = after as Record<string, unknown>
  for (const key of keys) {
    if (JSON.stringify(b[key]) === JSON.stringify(a[key])) continue
    was[key] = b[key]
    now[key] = a[key]
  }
  return { before: was, after: now }
}

/** Creating a shop, or changing a rule of every shop: the owner, or a manager of every shop (not on a shop's device). */
export function assertWholeEnterprise(actor: StaffActor): void {
  if (actor.role === 'owner' && !actor.deviceShopId) return
  if (actor.shopIds.length === 0 && actor.baseIds.length === 0 && !actor.deviceShopId) return
  throw new EnvelopeError('STAFF_NOT_PERMITTED')
}

type Db = Kysely<Database> | Transaction<Database>

/** The branch of the enterprise with its shop; BASE_NOT_FOUND otherwise. */
export async function requireBranch(db: Db, entId: string, baseId: string): Promise<{ base_id: string; shop_id: string; code: string }> {
  const base = baseId ? await db.selectFrom('bases').select(['base_id', 'shop_id', 'code']).where('base_id', '=', baseId).where('ent_id', '=', entId).executeTakeFirst() : undefined
  if (!base) throw new DomainError('BASE_NOT_FOUND')
  return base
}

/** The shop of the enterprise; SHOP_NOT_FOUND otherwise. */
export async function requireShop(db: Db, entId: string, shopId: string): Promise<{ shop_id: string; code: string }> {
  const shop = shopId ? await db.selectFrom('shops').select(['shop_id', 'code']).where('shop_id', '=', shopId).where('ent_id', '=', entId).executeTakeFirst() : undefined
  if (!shop) throw new DomainError('SHOP_NOT_FOUND')
  return shop
}
