/**
 * Catalogue prices now (pure; the server prices its menu answers with it, and orders will too): which promotion runs on the enterprise's clock, and what each goods,
 * sku and pack unit costs under it. decimal.js-light only, rounded half-up at PricePoint with the
 * one rounding function of src/core/money. Orders will price from the same functions.
 *
 * Under a promotion:
 *   - discount (sale type 3): every list price (goods, sku, pack unit) × the rate;
 *   - a price (sale types 1, 2, 4, 5): the goods' main unit costs the promotion price; skus
 *     keep their markup over the cheapest sku; a pack unit costs price × Ref.
 * Without one: the stored now prices. Add-ons and combo markups are never promoted.
 * When several running promotions name a goods, the lowest price wins (then menu order).
 */
import { inDailyWindow } from './daily-window'
import { Decimal, decimalString } from './money'
import type { SaleType } from '../gateway/operations'

/** What pricing reads of a promotion (the server's catalogue records have these fields). */
export interface Promotion {
  saleType: Exclude<SaleType, 0>
  /** Price of one main unit ('' for a discount). */
  price: string
  /** Rate for sale type 3 ('' otherwise). */
  discount: string
  /** 'YYYY-MM-DD' inclusive, '' open-ended. */
  beginDate: string
  endDate: string
  /** 'HH:mm' daily window, both '' all day. */
  beginTime: string
  endTime: string
  goodsIds: string[]
}

export interface Sku {
  price: string
  salesPrice: string
}

export interface PackUnit {
  /** Main units per pack. */
  ref: string
  price: string
  salesPrice: string
}

/** What pricing reads of a goods. */
export interface PricedGoods<S extends Sku = Sku, U extends PackUnit = PackUnit> {
  goodsId: string
  price: string
  salesPrice: string
  skus: readonly S[]
  packUnits: readonly U[]
}

/** The enterprise's wall clock now. */
export interface MenuClock {
  /** 'YYYY-MM-DD' */
  date: string
  secondsOfDay: number
}

export const DISCOUNT_SALE_TYPE = 3

export function isPromotionRunning(promotion: Promotion, clock: MenuClock): boolean {
  if (promotion.beginDate && clock.date < promotion.beginDate) return false
  if (promotion.endDate && clock.date > promotion.endDate) return false
  if (!promotion.beginTime && !promotion.endTime) return true
  return inDailyWindow(promotion.beginTime, promotion.endTime, clock.secondsOfDay)
}

/** Running promotions per GoodsID, in menu order. */
export function runningByGoods<P extends Promotion>(promotions: readonly P[], clock: MenuClock): Map<string, P[]> {
  const map = new Map<string, P[]>()
  for (const promotion of promotions) {
    if (!isPromotionRunning(promotion, clock)) continue
    for (const goodsId of promotion.goodsIds) {
      const list = map.get(goodsId)
      if (list) list.push(promotion)
      else map.set(goodsId, [promotion])
    }
  }
  return map
}

export interface GoodsPrice<P extends Promotion = Promotion> {
  /** List price of one main unit (the cheapest sku's for goods with skus). */
  price: string
  /** Now price of one main unit. */
  salesPrice: string
  saleType: SaleType
  promotion: P | null
}

export interface SkuPrice<S extends Sku = Sku> {
  sku: S
  price: string
  salesPrice: string
}

export interface PackUnitPrice<U extends PackUnit = PackUnit> {
  packUnit: U
  price: string
  salesPrice: string
}

const cheapest = (values: readonly Decimal[]): Decimal => values.reduce((min, v) => (v.lessThan(min) ? v : min))
const atLeastZero = (d: Decimal): Decimal => (d.isNegative() ? new Decimal(0) : d)

/** The price of one list price under a promotion; `shift` is a sku's markup over the cheapest. */
function promoted(list: Decimal, promotion: Promotion, pricePoint: number, shift: Decimal = new Decimal(0)): string {
  if (promotion.saleType === DISCOUNT_SALE_TYPE) return decimalString(list.times(promotion.discount || 1), pricePoint)
  return decimalString(atLeastZero(new Decimal(promotion.price || 0).plus(shift)), pricePoint)
}

/** Now prices of a goods' skus under `promotion` (null: none). */
export function skuPrices<S extends Sku>(goods: PricedGoods<S, PackUnit>, promotion: Promotion | null, pricePoint: number): SkuPrice<S>[] {
  if (goods.skus.length === 0) return []
  const base = cheapest(goods.skus.map((s) => new Decimal(s.price)))
  return goods.skus.map((sku) => {
    const list = new Decimal(sku.price)
    return {
      sku,
      price: sku.price,
      salesPrice: promotion ? promoted(list, promotion, pricePoint, list.minus(base)) : sku.salesPrice
    }
  })
}

function priceUnder<P extends Promotion>(goods: PricedGoods, promotion: P | null, pricePoint: number): GoodsPrice<P> {
  const saleType: SaleType = promotion ? promotion.saleType : 0
  if (goods.skus.length > 0) {
    const skus = skuPrices(goods, promotion, pricePoint)
    return {
      price: cheapest(skus.map((s) => new Decimal(s.price))).toFixed(),
      salesPrice: cheapest(skus.map((s) => new Decimal(s.salesPrice))).toFixed(),
      saleType,
      promotion
    }
  }
  return {
    price: goods.price,
    salesPrice: promotion ? promoted(new Decimal(goods.price), promotion, pricePoint) : goods.salesPrice,
    saleType,
    promotion
  }
}

/** The goods' prices now: under the running promotion giving the lowest price, else its own. */
export function goodsPrice<P extends Promotion>(goods: PricedGoods, running: ReadonlyMap<string, P[]>, pricePoint: number): GoodsPrice<P> {
  const candidates = running.get(goods.goodsId)
  if (!candidates || candidates.length === 0) return priceUnder<P>(goods, null, pricePoint)
  let best: GoodsPrice<P> | null = null
  for (const promotion of candidates) {
    const priced = priceUnder(goods, promotion, pricePoint)
    if (!best || new Decimal(priced.salesPrice).lessThan(best.salesPrice)) best = priced
  }
  return best!
}

export function packUnitPrices<U extends PackUnit>(goods: PricedGoods<Sku, U>, promotion: Promotion | null, pricePoint: number): PackUnitPrice<U>[] {
  return goods.packUnits.map((packUnit) => {
    let salesPrice = packUnit.salesPrice
    if (promotion?.saleType === DISCOUNT_SALE_TYPE) salesPrice = promoted(new Decimal(packUnit.price), promotion, pricePoint)
    else if (promotion) salesPrice = decimalString(new Decimal(promotion.price || 0).times(packUnit.ref), pricePoint)
    return { packUnit, price: packUnit.price, salesPrice }
  })
}

/** A promotion's main-unit price as the promotion list shows it ('' for discounts). */
export const promotionPriceText = (promotion: Promotion): string => (promotion.saleType === DISCOUNT_SALE_TYPE ? '' : promotion.price)
