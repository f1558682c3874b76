/**
 * Catalogue prices now: which promotion runs on the enterprise's clock, and what each goods,
 * sku and pack unit costs under it. decimal.js only, rounded half-up at PricePoint with the
 * one rounding function of src/core/money. Orders will price from the same functions.
 *
 * Under a promotion:
 *   - discount (sale type 3): every list price (goods, sku, pack unit) × the rate;
 *   - a price (sale types 1, 2, 4, 5): the goods' main unit costs the promotion price; skus
 *     keep their markup over the cheapest sku; a pack unit costs price × Ref.
 * Without one: the stored now prices. Add-ons and combo markups are never promoted.
 * When several running promotions name a goods, the lowest price wins (then menu order).
 */
import { inDailyWindow } from '../../../../src/core/daily-window'
import { Decimal, decimalString } from '../../../../src/core/money'
import type { SaleType } from '../../../../src/gateway/operations'
import type { CatalogueGoods, PackUnit, Promotion, Sku } from './records'

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
export function runningByGoods(promotions: readonly Promotion[], clock: MenuClock): Map<string, Promotion[]> {
  const map = new Map<string, Promotion[]>()
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

export interface GoodsPrice {
  /** List price of one main unit (the cheapest sku's for goods with skus). */
  price: string
  /** Now price of one main unit. */
  salesPrice: string
  saleType: SaleType
  promotion: Promotion | null
}

export interface SkuPrice {
  sku: Sku
  price: string
  salesPrice: string
}

export interface PackUnitPrice {
  packUnit: PackUnit
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
export function skuPrices(goods: CatalogueGoods, promotion: Promotion | null, pricePoint: number): SkuPrice[] {
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

function priceUnder(goods: CatalogueGoods, promotion: Promotion | null, pricePoint: number): GoodsPrice {
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
export function goodsPrice(goods: CatalogueGoods, running: ReadonlyMap<string, Promotion[]>, pricePoint: number): GoodsPrice {
  const candidates = running.get(goods.goodsId)
  if (!candidates || candidates.length === 0) return priceUnder(goods, null, pricePoint)
  let best: GoodsPrice | null = null
  for (const promotion of candidates) {
    const priced = priceUnder(goods, promotion, pricePoint)
    if (!best || new Decimal(priced.salesPrice).lessThan(best.salesPrice)) best = priced
  }
  return best!
}

export function packUnitPrices(goods: CatalogueGoods, promotion: Promotion | null, pricePoint: number): PackUnitPrice[] {
  return goods.packUnits.map((packUnit) => {
    let salesPrice = packUnit.salesPrice
    if (promotion?.saleType === DISCOUNT_SALE_TYPE) salesPrice = promoted(new Decimal(packUnit.price), promotion, pricePoint)
    else if (promotion) salesPrice = decimalString(new Decimal(promotion.price || 0).times(packUnit.ref), pricePoint)
    return { packUnit, price: packUnit.price, salesPrice }
  })
}

/** A promotion's main-unit price as the promotion list shows it ('' for discounts). */
export const promotionPriceText = (promotion: Promotion): string => (promotion.saleType === DISCOUNT_SALE_TYPE ? '' : promotion.price)
