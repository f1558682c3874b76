/**
 * Stock (issue 11): an sku's `skus.stock` is the main units left (null = unlimited). Only skus
 * carry stock; goods without skus, and the picks of a combo (which name goods, not skus), are
 * unlimited.
 *
 *   - checkStock (validatePlacement, reads only): a placement asking more than is left now is
 *     refused naming the goods and what is left (STOCK_SHORT; GOODS_OFF_SALE when none is left).
 *     The menu snapshot's stock is as imported, so this reads the live rows.
 *   - takeStock (insertOrder, the order's transaction), for the skus checkStock found counted: one conditional
 *     `UPDATE skus SET stock = stock - n WHERE sku_id = ? AND stock >= n` per sku, in sku id order
 *     (two orders never wait on each other's rows crosswise). No row changed means someone took the
 *     units first: the order is refused and its transaction rolls back. SQLite serialises writers
 *     (BEGIN IMMEDIATE); on PostgreSQL the row lock makes the second UPDATE re-check `stock >= n`
 *     after the first commits. Either way two orders never sell the same unit. Each take is
 *     written to stock_takes.
 *   - returnStock (applyOrderAction, on cancel and expire): puts back what stock_takes says the
 *     order took, marking the rows returned in the same statement, so it happens once.
 *
 * Quantities are main units: a pack line takes pQua × Ref + mQua. The column is whole units, so a
 * weight goods' fractional quantity takes the next whole unit (1.5 catty takes 2) and gives the
 * same back.
 */
import type { Kysely, Transaction } from 'kysely'
import { Decimal, sumDecimals, toDecimal } from '../../../../src/core/money'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import type { PricedLine } from './order-pricing'

export interface StockTake {
  skuId: string
  /** The goods and sku as the refusal names them ('Hong Kong Milk Tea (L / Iced)'). */
  label: string
  /** Whole main units. */
  units: number
}

/** What the lines take, one entry per sku (lines of one sku add up), in sku id order. */
export function stockTakes(lines: PricedLine[]): StockTake[] {
  const bySku = new Map<string, { label: string; quas: string[] }>()
  for (const line of lines) {
    const skuId = line.input.SkuID ?? ''
    if (!skuId || line.stockQua === '0') continue
    const entry = bySku.get(skuId) ?? { label: line.skuName ? `${line.goodsName} (${line.skuName})` : line.goodsName, quas: [] }
    entry.quas.push(line.stockQua)
    bySku.set(skuId, entry)
  }
  return [...bySku.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([skuId, e]) => ({ skuId, label: e.label, units: toDecimal(sumDecimals(e.quas)).toDecimalPlaces(0, Decimal.ROUND_UP).toNumber() }))
}

const shortOf = (take: StockTake, left: number): DomainError =>
  left <= 0 ? new DomainError('GOODS_OFF_SALE', { goods: take.label }) : new DomainError('STOCK_SHORT', { goods: take.label, left: String(left) })

/**
 * Refuses the first take above the stock left now (reads only); answers the takes of skus that
 * count their stock, the ones takeStock must take. An unlimited sku (most of a restaurant's) is
 * not written to at all: on PostgreSQL its UPDATE that changed nothing and the read of why were two
 * round trips in the order's transaction (issue 28 item 6). A shop that starts counting an sku in
 * the instant between this read and the order's transaction is not charged for that order, as an
 * order is not when an import removes the sku meanwhile.
 */
export async function checkStock(db: Kysely<Database>, takes: StockTake[]): Promise<StockTake[]> {
  if (takes.length === 0) return []
  const rows = await db.selectFrom('skus').select(['sku_id', 'stock']).where('sku_id', 'in', takes.map((t) => t.skuId)).execute()
  const left = new Map(rows.map((r) => [r.sku_id, r.stock === null ? null : Number(r.stock)]))
  for (const take of takes) {
    const stock = left.get(take.skuId)
    if (stock !== undefined && stock !== null && stock < take.units) throw shortOf(take, stock)
  }
  return takes.filter((take) => typeof left.get(take.skuId) === 'number')
}

/** Takes the units from the sku's stock: false when it is unlimited (nothing to take), refused when short. */
async function takeUnits(trx: Transaction<Database>, take: StockTake): Promise<boolean> {
  const taken = await trx
    .updateTable('skus')
    .set((eb) => ({ stock: eb('stock', '-', take.units) }))
    .where('sku_id', '=', take.skuId)
    .where('stock', '>=', take.units)
    .executeTakeFirst()
  if (Number(taken.numUpdatedRows) > 0) return true
  const row = await trx.selectFrom('skus').select('stock').where('sku_id', '=', take.skuId).executeTakeFirst()
  // Unlimited (or gone with a menu import since the menu was read): nothing to take.
  if (!row || row.stock === null) return false
  throw shortOf(take, Number(row.stock))
}

/** Takes the units in the order's transaction, or refuses (the caller's transaction rolls back). */
export async function takeStock(trx: Transaction<Database>, orderId: string, takes: StockTake[], now: Date): Promise<void> {
  for (const take of takes) {
    if (!(await takeUnits(trx, take))) continue
    await trx.insertInto('stock_takes').values({ order_id: orderId, sku_id: take.skuId, units: take.units, taken_at: now.toISOString(), returned_at: null }).execute()
  }
}

/**
 * A quantity change on a line the order holds stock for (one stock_takes row per order and sku):
 * more units are taken like an order's (refused when short) and added to the order's take; fewer
 * give back at most what the take holds, so a line ordered while the sku was unlimited creates no
 * stock when lowered after the shop started counting it.
 */
export async function adjustStockTake(trx: Transaction<Database>, orderId: string, take: StockTake, now: Date): Promise<void> {
  if (take.units === 0) return
  if (take.units > 0) {
    if (!(await takeUnits(trx, take))) return
    await trx
      .insertInto('stock_takes')
      .values({ order_id: orderId, sku_id: take.skuId, units: take.units, taken_at: now.toISOString(), returned_at: null })
      .onConflict((oc) => oc.columns(['order_id', 'sku_id']).doUpdateSet((eb) => ({ units: eb('stock_takes.units', '+', take.units) })))
      .execute()
    return
  }
  const held = await trx
    .selectFrom('stock_takes')
    .select('units')
    .where('order_id', '=', orderId)
    .where('sku_id', '=', take.skuId)
    .where('returned_at', 'is', null)
    .executeTakeFirst()
  const give = Math.min(-take.units, held ? Number(held.units) : 0)
  if (give <= 0) return
  await trx.updateTable('stock_takes').set((eb) => ({ units: eb('units', '-', give) })).where('order_id', '=', orderId).where('sku_id', '=', take.skuId).execute()
  // An sku made unlimited since (stock null) stays unlimited.
  await trx.updateTable('skus').set((eb) => ({ stock: eb('stock', '+', give) })).where('sku_id', '=', take.skuId).where('stock', 'is not', null).execute()
}

/** Puts back what the order took and has not given back yet (the order is locked by the caller). */
export async function returnStock(trx: Transaction<Database>, orderId: string, now: Date): Promise<void> {
  const returned = await trx
    .updateTable('stock_takes')
    .set({ returned_at: now.toISOString() })
    .where('order_id', '=', orderId)
    .where('returned_at', 'is', null)
    .returning(['sku_id', 'units'])
    .execute()
  for (const take of [...returned].sort((a, b) => (a.sku_id < b.sku_id ? -1 : a.sku_id > b.sku_id ? 1 : 0))) {
    // An sku made unlimited since (stock null) stays unlimited.
    await trx
      .updateTable('skus')
      .set((eb) => ({ stock: eb('stock', '+', Number(take.units)) }))
      .where('sku_id', '=', take.sku_id)
      .where('stock', 'is not', null)
      .execute()
  }
}
