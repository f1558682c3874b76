/**
 * Prices an order's lines from the server's own catalogue (design.md §4): the client's prices
 * are for display only. Each line is rebuilt as a src/core cart line from the menu snapshot
 * (sku, pack unit with Ref, add-ons, combo picks, the promotion running now) and priced with
 * the same `lineAmount` the client's cart uses, so an honest client always agrees to the digit.
 *
 * Refusals name the goods: not in this shop / branch (GOODS_NOT_IN_SHOP), outside its sale window
 * or switched off as sold out, itself, an add-on or a combo pick (GOODS_OFF_SALE), options or quantities that do not exist (INVALID_QUANTITY),
 * no choice in a required remark group (CHOICE_REQUIRED, naming the group), more than the
 * shop's per-line cap (LINE_QUANTITY_OVER_LIMIT; more lines than its cap: TOO_MANY_LINES), and a
 * price that differs from what the diner was shown (PRICE_CHANGED). Stock is not judged here: the
 * menu snapshot's stock is as imported, so order-stock.ts reads and takes the live stock.
 */
import { lineAmount, lineOriginalAmount, lineTotalQua, lineUnitExtras, stepOf, type CartLine } from '../../../../src/core/cart'
import { parseGoodsRemarks } from '../../../../src/core/goods-remarks'
import { missingRequiredGroups } from '../../../../src/core/remark-groups'
import { bomPickText, listSeparator, remarkChoicesText } from '../../../../src/core/choice-text'
import { Decimal, decimalPlaces, roundHalfUp, sumDecimals, toDecimal } from '../../../../src/core/money'
import { HARD_MAX_LINE_QUANTITY, HARD_MAX_ORDER_LINES, type OrderLimits } from '../../../../src/core/order-limits'
import { packUnitPrices, skuPrices } from '../../../../src/core/promotion-pricing'
import { saleStatus } from '../../../../src/core/sale-status'
import { LOCALES, type Locale } from '../../../../src/gateway/contract'
import { pickText } from '../../../../src/i18n/text'
import type { OrderLineInput } from '../../../../src/gateway/order-rows'
import { listed, soldHere, type MenuRead } from '../catalogue/catalogue.service'
import type { CatalogueGoods } from '../catalogue/records'
import { DomainError } from '../errors'

/** Most main units one line may come to; beyond it the quantity is refused as invalid. */
export const MAX_LINE_QUANTITY = HARD_MAX_LINE_QUANTITY
/** Most lines the request schema takes; the shop's own cap (MaxOrderLines) is lower. */
export const MAX_ORDER_LINES = HARD_MAX_ORDER_LINES

export interface PricedLine {
  lineNo: number
  input: OrderLineInput
  goods: CatalogueGoods
  /** Names in the order's language. */
  goodsName: string
  skuName: string
  /** Main units of the sku this line takes from its stock (pQua × Ref + mQua); '0' without a sku. */
  stockQua: string
  unit: string
  punit: string
  /** The core cart line the amount came from. */
  line: CartLine
  /** Exact, unrounded (as the client's cart shows it before rounding). */
  amount: string
  originalAmount: string
  unitExtras: string
  saleType: number
  remarkText: string
  addOnText: string
  bomText: string
}

export interface PricedLines {
  lines: PricedLine[]
  /** Σ line amounts, half-up at AmoPoint. */
  goodsAmount: string
}

const nameIn = (names: Record<Locale, string>, locale: Locale): string => names[locale] || names.en || names['zh-CN'] || names['zh-TW'] || ''

/** A non-negative decimal string, or null. */
function quantity(text: string): Decimal | null {
  if (typeof text !== 'string' || !/^\d{1,6}(\.\d{1,6})?$/.test(text.trim())) return null
  return toDecimal(text.trim())
}

/** Whether `q` is a whole number of steps (weight goods step by 0.5, others by 1). */
function onStep(q: Decimal, step: Decimal): boolean {
  return q.mod(step).isZero()
}

/**
 * Remark choices of `goods` (a line's goods, or a combo pick's): each a real option of a real group
 * in one of the menu's languages, one per group, and a choice in each required group ('*Spice:…')
 * as the diner saw the groups in some language (GoodsRemarks comes in the request's language,
 * another language's text when it has none). `name` names the goods in refusals.
 */
function checkedRemarks(goods: CatalogueGoods, given: unknown, name: string, locale: Locale): { name: string; option: string }[] {
  const invalid = (): DomainError => new DomainError('INVALID_QUANTITY', { goods: name })
  const remarkGroups = LOCALES.flatMap((l) => parseGoodsRemarks(goods.remarks[l]))
  const remarks = Array.isArray(given) ? (given as { name: string; option: string }[]) : []
  for (const r of remarks) {
    if (!remarkGroups.some((g) => g.name === r.name && g.options.includes(r.option))) throw invalid()
  }
  if (new Set(remarks.map((r) => r.name)).size !== remarks.length) throw invalid()
  const views = LOCALES.map((l) => parseGoodsRemarks(pickText(goods.remarks, l)))
  if (!views.some((groups) => missingRequiredGroups(groups, remarks).length === 0)) {
    const mine = views[LOCALES.indexOf(locale)]
    const missing = missingRequiredGroups(mine, remarks)[0] ?? views.map((groups) => missingRequiredGroups(groups, remarks)[0]).find(Boolean)
    throw new DomainError('CHOICE_REQUIRED', { goods: name, group: missing?.name ?? '' })
  }
  return remarks.map((r) => ({ name: r.name, option: r.option }))
}

/**
 * Prices every line; throws DomainError for the first line that cannot be ordered.
 * `amoPoint`: the enterprise's amount decimals. `checkShownAmounts`: compare each line's Amount
 * with the server's (false for a preview, which exists to show the server's figures). `limits`:
 * the shop's caps (src/core/order-limits).
 */
export function priceLines(
  read: MenuRead,
  inputs: OrderLineInput[],
  locale: Locale,
  amoPoint: number,
  checkShownAmounts: boolean,
  limits: OrderLimits
): PricedLines {
  if (inputs.length === 0) throw new DomainError('CART_EMPTY')
  if (inputs.length > limits.maxOrderLines) throw new DomainError('TOO_MANY_LINES', { max: String(limits.maxOrderLines) })
  const lines = inputs.map((input, index) => priceLine(read, input, index + 1, locale, checkShownAmounts, limits.maxLineQuantity))
  return { lines, goodsAmount: roundHalfUp(sumDecimals(lines.map((l) => l.amount)), amoPoint).toFixed(amoPoint) }
}

function priceLine(read: MenuRead, input: OrderLineInput, lineNo: number, locale: Locale, checkShown: boolean, maxLineQuantity: number): PricedLine {
  const goods = read.snapshot.goodsById.get(input.GoodsID)
  if (!goods) throw new DomainError('GOODS_NOT_IN_SHOP', { goods: input.GoodsID })
  const goodsName = nameIn(goods.names, locale)
  if (!soldHere(read, goods)) throw new DomainError('GOODS_NOT_IN_SHOP', { goods: goodsName })
  if (!saleStatus(goods.onSaleTime, goods.offSaleTime, read.clock.secondsOfDay).isOnSale) {
    throw new DomainError('GOODS_OFF_SALE', { goods: goodsName })
  }
  // The shop's sold-out switch (sold-out.service.ts): refused like goods with no stock left.
  if (goods.soldOut) throw new DomainError('GOODS_OFF_SALE', { goods: goodsName })
  const invalid = (): DomainError => new DomainError('INVALID_QUANTITY', { goods: goodsName })

  // Prices now: the promotion giving the lowest price, then the sku and pack unit under it.
  const pricing = listed(read, goods).pricing
  let mainPrice = pricing.price
  let mainSalesPrice = pricing.salesPrice
  let skuName = ''
  if (goods.skus.length > 0) {
    const priced = skuPrices(goods, pricing.promotion, read.pricePoint).find((s) => s.sku.skuId === input.SkuID)
    if (!priced) throw invalid()
    mainPrice = priced.price
    mainSalesPrice = priced.salesPrice
    skuName = priced.sku.valueIds
      .map((valueId) => goods.attributes.flatMap((a) => a.values).find((v) => v.valueId === valueId))
      .map((v) => (v ? nameIn(v.names, locale) : ''))
      .filter(Boolean)
      .join(' / ')
  } else if (input.SkuID) throw invalid()

  let pack: { ref: string; price: string; salesPrice: string; name: string; code: string } | null = null
  if (input.PCode) {
    const priced = packUnitPrices(goods, pricing.promotion, read.pricePoint).find((p) => p.packUnit.code === input.PCode)
    if (!priced) throw invalid()
    pack = { ref: priced.packUnit.ref, price: priced.price, salesPrice: priced.salesPrice, name: nameIn(priced.packUnit.names, locale), code: priced.packUnit.code }
  }

  // Quantities: decimal text, on the goods' step, not both zero, no packs on a main-unit line.
  const mQua = quantity(input.MQua)
  const pQua = quantity(input.PQua)
  if (!mQua || !pQua) throw invalid()
  if (!pack && !pQua.isZero()) throw invalid()
  const step = stepOf(goods.stepQua)
  if (!onStep(mQua, step) || !onStep(pQua, new Decimal(1)) || decimalPlaces(input.MQua) > Math.max(6, decimalPlaces(goods.stepQua))) throw invalid()
  const total = toDecimal(lineTotalQua(pQua, mQua, pack?.ref ?? '1'))
  if (!total.greaterThan(0) || total.greaterThan(MAX_LINE_QUANTITY)) throw invalid()
  // The cap counts what the diner's stepper counts: packs on a pack line, main units otherwise.
  if (mQua.greaterThan(maxLineQuantity) || pQua.greaterThan(maxLineQuantity)) {
    throw new DomainError('LINE_QUANTITY_OVER_LIMIT', { goods: goodsName, max: String(maxLineQuantity) })
  }

  // Remarks: each a real option of a real group, in any of the menu's languages; a choice in each
  // required group ('*Spice:…').
  const remarks = checkedRemarks(goods, input.Remarks, goodsName, locale)

  // Add-ons: real, each once.
  const addOnIds = Array.isArray(input.AddOns) ? input.AddOns : []
  if (new Set(addOnIds).size !== addOnIds.length) throw invalid()
  const addOns = addOnIds.map((id) => goods.addOns.find((a) => a.optionId === id) ?? null)
  if (addOns.some((a) => a === null)) throw invalid()
  const soldOutAddOn = addOns.find((a) => a?.soldOut === true)
  if (soldOutAddOn) throw new DomainError('GOODS_OFF_SALE', { goods: `${goodsName} (${nameIn(soldOutAddOn.names, locale)})` })

  // Combo picks: only on combo goods; required classes exactly their count, optional up to it.
  const picks = Array.isArray(input.Bom) ? input.Bom : []
  if (goods.goodsType !== 3 && picks.length > 0) throw invalid()
  const bomList: CartLine['bomList'] = []
  for (const pick of picks) {
    const comboClass = goods.combo.find((c) => c.bomClassId === pick.BOMClassID)
    const item = comboClass?.items.find((i) => i.goodsId === pick.GoodsID)
    if (!comboClass || !item) throw invalid()
    const itemGoods = read.snapshot.goodsById.get(item.goodsId)
    if (itemGoods?.soldOut) throw new DomainError('GOODS_OFF_SALE', { goods: nameIn(itemGoods.names, locale) })
    const pickName = itemGoods ? nameIn(itemGoods.names, locale) : item.goodsId
    // A pick keeps its own goods' remarks: the combo's noodle soup is cooked at the spice chosen.
    const pickRemarks = itemGoods ? checkedRemarks(itemGoods, pick.Remarks, pickName, locale) : []
    if (!itemGoods && Array.isArray(pick.Remarks) && pick.Remarks.length > 0) throw invalid()
    bomList.push({
      BOMClassID: comboClass.bomClassId,
      GoodsID: item.goodsId,
      GoodsName: pickName,
      BOMQua: item.qua,
      BOMGoodsPUnit: item.unitNames ? nameIn(item.unitNames, locale) : itemGoods ? nameIn(itemGoods.unitNames, locale) : '',
      Price: item.price,
      ...(pickRemarks.length > 0 ? { remarkList: pickRemarks } : {})
    })
  }
  for (const comboClass of goods.combo) {
    const count = picks.filter((p) => p.BOMClassID === comboClass.bomClassId).length
    if (comboClass.selectType === 0 ? count !== comboClass.pick : count > comboClass.pick) throw invalid()
  }

  const line: CartLine = {
    uid: '',
    sku: input.SkuID ? { SkuID: input.SkuID, SkuCode: '', SkuItems: '', SkuName: skuName } : null,
    Ref: pack ? pack.ref : '1',
    PSalesPrice: pack ? pack.salesPrice : '0',
    SalesPrice: mainSalesPrice,
    PUnitPrice: pack ? pack.price : '0',
    Price: mainPrice,
    PUnit: pack ? pack.name : '',
    PCode: pack ? pack.code : '',
    mQua: mQua.toFixed(),
    pQua: pQua.toFixed(),
    qua: total.toFixed(),
    isPack: pack !== null,
    remarkList: remarks.map((r) => ({ name: r.name, option: r.option })),
    bomList,
    attachmentList: addOns.map((a) => ({ OptionID: a!.optionId, Value: nameIn(a!.names, locale), Value2: a!.price, Value3: a!.salesPrice }))
  }
  const amount = lineAmount(line)
  if (checkShown && !(quantity(input.Amount) ?? new Decimal(-1)).equals(toDecimal(amount))) {
    throw new DomainError('PRICE_CHANGED', { goods: goodsName })
  }
  return {
    lineNo,
    input,
    goods,
    goodsName,
    skuName,
    stockQua: input.SkuID ? total.toFixed() : '0',
    unit: nameIn(goods.unitNames, locale),
    punit: pack?.name ?? '',
    line,
    amount,
    originalAmount: lineOriginalAmount(line),
    unitExtras: lineUnitExtras(line),
    saleType: pricing.saleType,
    remarkText: remarkChoicesText(remarks, locale),
    addOnText: line.attachmentList.map((a) => a.Value).join(listSeparator(locale)),
    bomText: bomList.map((b) => bomPickText(b.GoodsName, b.remarkList ?? [], locale)).join(listSeparator(locale))
  }
}

/** The bag goods (goods type 9) of the menu and the fee for `bagQua` bags, at AmoPoint. */
export function bagFee(read: MenuRead, bagQua: number, amoPoint: number): string {
  if (!bagQua) return new Decimal(0).toFixed(amoPoint)
  const bag = read.snapshot.menu.goods.find((g) => g.goodsType === 9 && soldHere(read, g))
  if (!bag || !Number.isInteger(bagQua) || bagQua < 0 || bagQua > 99) throw new DomainError('INVALID_QUANTITY', { goods: bag ? nameIn(bag.names, 'en') : 'bag' })
  return roundHalfUp(toDecimal(listed(read, bag).pricing.salesPrice).times(bagQua), amoPoint).toFixed(amoPoint)
}
