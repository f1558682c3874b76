/**
 * The shop's sold-out switch (issue 23): a goods, or one add-on of a goods, is switched off as
 * sold out and back on without a menu import. Diners see it like a goods with no stock left
 * (rows carry SoldOut 1, the add-on cannot be chosen, an order naming it is refused with
 * GOODS_OFF_SALE) and their open menus hear of it at once (docs/live-events.md).
 *
 * Each switch runs in the caller's transaction (the staff operation adds auth and the audit
 * entry) and, when it changes anything:
 *   1. bumps the shop's menu version first: every process's menu cache (menu-cache.ts) reads
 *      the menu again on its next request, and on PostgreSQL the `menus` row lock orders this
 *      behind (or ahead of) a concurrent import of the shop, in the same order an import takes
 *      its locks, so the two never deadlock;
 *   2. sets the column;
 *   3. appends the event ('goods.soldOut' / 'addOn.soldOut'), last, as appendEvent asks.
 * Switching to the state it is already in changes nothing and appends nothing (changed: false).
 */
import type { Transaction } from 'kysely'
import { appendEventNow } from '../../live/outbox'
import { bumpMenuVersion } from '../../storage/repositories/menu.repository'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'

export interface GoodsSoldOutInput {
  entId: string
  shopId: string
  goodsId: string
  soldOut: boolean
}

export interface AddOnSoldOutInput extends GoodsSoldOutInput {
  /** The add-on (goods_add_ons.option_id) of `goodsId`. */
  optionId: string
}

export interface SoldOutChange {
  entId: string
  shopId: string
  goodsId: string
  /** The add-on switched; absent for a goods. */
  optionId?: string
  soldOut: boolean
  /** false: it already was in that state (nothing written). */
  changed: boolean
  /** The shop's menu version now. */
  version: number | null
  /** The event appended (null when nothing changed). */
  eventId: number | null
}

/** Switches a goods of the shop sold out or back; unknown goods (or not the shop's) → GOODS_NOT_FOUND. */
export async function setGoodsSoldOut(trx: Transaction<Database>, input: GoodsSoldOutInput, now: Date = new Date()): Promise<SoldOutChange> {
  const { entId, shopId, goodsId, soldOut } = input
  const unchanged: SoldOutChange = { entId, shopId, goodsId, soldOut, changed: false, version: null, eventId: null }
  const row = await trx
    .selectFrom('goods')
    .select('sold_out')
    .where('ent_id', '=', entId)
    .where('shop_id', '=', shopId)
    .where('goods_id', '=', goodsId)
    .executeTakeFirst()
  if (!row) throw new DomainError('GOODS_NOT_FOUND')
  if ((Number(row.sold_out) === 1) === soldOut) return unchanged
  const version = await bumpMenuVersion(trx, entId, shopId, now)
  const updated = await trx
    .updateTable('goods')
    .set({ sold_out: soldOut ? 1 : 0 })
    .where('ent_id', '=', entId)
    .where('shop_id', '=', shopId)
    .where('goods_id', '=', goodsId)
    .where('sold_out', '=', soldOut ? 0 : 1)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) {
    // Another switch made the same change first (it told the diners), or an import removed it.
    if (!(await goodsExists(trx, entId, shopId, goodsId))) throw new DomainError('GOODS_NOT_FOUND')
    return { ...unchanged, version }
  }
  const event = await appendEventNow(trx, { entId, shopId, kind: 'goods.soldOut', payload: { goodsId, soldOut } }, now)
  return { entId, shopId, goodsId, soldOut, changed: true, version, eventId: event.id }
}

/** Switches one add-on of a goods of the shop; unknown goods or add-on → GOODS_NOT_FOUND. */
export async function setAddOnSoldOut(trx: Transaction<Database>, input: AddOnSoldOutInput, now: Date = new Date()): Promise<SoldOutChange> {
  const { entId, shopId, goodsId, optionId, soldOut } = input
  const unchanged: SoldOutChange = { entId, shopId, goodsId, optionId, soldOut, changed: false, version: null, eventId: null }
  if (!(await goodsExists(trx, entId, shopId, goodsId))) throw new DomainError('GOODS_NOT_FOUND')
  const row = await trx
    .selectFrom('goods_add_ons')
    .select('sold_out')
    .where('shop_id', '=', shopId)
    .where('goods_id', '=', goodsId)
    .where('option_id', '=', optionId)
    .executeTakeFirst()
  if (!row) throw new DomainError('GOODS_NOT_FOUND')
  if ((Number(row.sold_out) === 1) === soldOut) return unchanged
  const version = await bumpMenuVersion(trx, entId, shopId, now)
  const updated = await trx
    .updateTable('goods_add_ons')
    .set({ sold_out: soldOut ? 1 : 0 })
    .where('shop_id', '=', shopId)
    .where('goods_id', '=', goodsId)
    .where('option_id', '=', optionId)
    .where('sold_out', '=', soldOut ? 0 : 1)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) {
    const still = await trx.selectFrom('goods_add_ons').select('option_id').where('shop_id', '=', shopId).where('option_id', '=', optionId).executeTakeFirst()
    if (!still) throw new DomainError('GOODS_NOT_FOUND')
    return { ...unchanged, version }
  }
  const event = await appendEventNow(trx, { entId, shopId, kind: 'addOn.soldOut', payload: { goodsId, optionId, soldOut } }, now)
  return { entId, shopId, goodsId, optionId, soldOut, changed: true, version, eventId: event.id }
}

async function goodsExists(trx: Transaction<Database>, entId: string, shopId: string, goodsId: string): Promise<boolean> {
  const row = await trx.selectFrom('goods').select('goods_id').where('ent_id', '=', entId).where('shop_id', '=', shopId).where('goods_id', '=', goodsId).executeTakeFirst()
  return row !== undefined
}
