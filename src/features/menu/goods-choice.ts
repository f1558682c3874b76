/**
 * What the diner is choosing on goodsDetails: sku values, pack unit, remarks, add-ons, combo
 * picks and quantity, with the live price (exact, decimal.js-light) and what is still missing.
 * It produces the cart line; prices on the client are for display, the server prices orders.
 */
import { makeAutoObservable } from 'mobx'
import type { BomClassRow, BomGoodsRow, PackUnitRow, SkuRow } from '../../gateway/operations'
import { Decimal, maxDecimal, roundHalfUp, toDecimal, type DecimalPoints } from '../../core/money'
import { lineAmount, lineOriginalAmount, type CartGoodsDetails, type CartLineInput } from '../../core/cart'
import { DEFAULT_MAX_LINE_QUANTITY, canStepUp, stepperMax, type OrderLimits } from '../../core/order-limits'
import { missingRequiredGroups } from '../../core/remark-groups'
import { parseGoodsRemarks, type RemarkGroup } from '../../core/goods-remarks'
import { allergensOf, mergeLineMarks, type AllergenCode, type LineMarks } from '../../core/allergens'
import type { GoodsDetails, MenuScope } from './menu.store'

export type ChoiceProblem =
  | { kind: 'attribute'; attrName: string }
  | { kind: 'sku-unavailable' }
  | { kind: 'combo'; className: string; need: number; picked: number }
  /** A required remark group ('*Spice:…', src/core/goods-remarks.ts) with nothing chosen. */
  | { kind: 'remark'; groupName: string }
  /** A combo pick's own required remark group with nothing chosen (its noodles' spice). */
  | { kind: 'pick-remark'; goodsName: string; groupName: string }

/** Why the quantity stepper stopped: the shop's per-line cap, or the stock left (main units). */
export type QuantityLimit = { kind: 'cap'; max: number } | { kind: 'stock'; left: number }

export class GoodsChoice {
  /** AttrID → ValueID. */
  values: Record<string, string> = {}
  /** '' = the main unit. */
  packCode = ''
  /** Remark group name → chosen option (one per group; tapping again clears it). */
  remarks: Record<string, string> = {}
  addOns: string[] = []
  /** BOMClassID → picked GoodsIDs. */
  bom: Record<string, string[]> = {}
  /** `${BOMClassID}|${GoodsID}` → a pick's own remarks: group name → chosen option. */
  pickRemarks: Record<string, Record<string, string>> = {}
  quantity: string

  constructor(
    readonly details: GoodsDetails,
    private readonly points: DecimalPoints,
    private readonly limits: Pick<OrderLimits, 'maxLineQuantity'> = { maxLineQuantity: DEFAULT_MAX_LINE_QUANTITY }
  ) {
    this.quantity = this.step.toString()
    // Start from the first sku that exists, so a price shows at once.
    const first = details.skus[0]
    if (first) {
      const ids = first.SkuItems.split(',')
      details.attributes.forEach((a, i) => {
        if (ids[i]) this.values[a.AttrID] = ids[i]
      })
    }
    for (const c of details.bomClasses) {
      this.bom[c.BOMClassID] = details.bomGoods
        .filter((g) => g.BOMClassID === c.BOMClassID && g.IsDefault === 1 && g.SoldOut !== 1)
        .slice(0, c.Qua)
        .map((g) => g.GoodsID)
    }
    makeAutoObservable<GoodsChoice, 'points' | 'limits'>(this, { details: false, points: false, limits: false })
  }

  // ---------- choices ----------

  chooseValue(attrId: string, valueId: string): void {
    this.values[attrId] = valueId
    this.keepWithinMax()
  }

  /** Whether a value can lead to an existing sku given the other chosen values. */
  valueAvailable(attrId: string, valueId: string): boolean {
    const index = this.details.attributes.findIndex((a) => a.AttrID === attrId)
    return this.details.skus.some((s) => {
      const ids = s.SkuItems.split(',')
      if (ids[index] !== valueId) return false
      return this.details.attributes.every((a, i) => i === index || !this.values[a.AttrID] || ids[i] === this.values[a.AttrID])
    })
  }

  /** Switches the unit; the quantity moves onto the new unit's grid (no '1.5' boxes of a 0.5 kg goods). */
  choosePack(code: string): void {
    this.packCode = code
    const q = roundHalfUp(toDecimal(this.quantity), this.quantityDecimals)
    this.quantity = maxDecimal(q, this.step).toString()
    this.keepWithinMax()
  }

  toggleRemark(group: string, option: string): void {
    if (this.remarks[group] === option) delete this.remarks[group]
    else this.remarks[group] = option
  }

  toggleAddOn(optionId: string): void {
    if (this.addOns.includes(optionId)) this.addOns = this.addOns.filter((id) => id !== optionId)
    else if (this.addOnAvailable(optionId)) this.addOns = [...this.addOns, optionId]
  }

  /** An add-on the shop has not switched off as sold out (live: docs/live-events.md). */
  addOnAvailable(optionId: string): boolean {
    return this.details.addOns.some((a) => a.OptionID === optionId && a.SoldOut !== 1)
  }

  /** Whether a combo goods can be picked: not sold out. */
  bomAvailable(goodsId: string): boolean {
    return !this.details.bomGoods.some((g) => g.GoodsID === goodsId && g.SoldOut === 1)
  }

  /** The shop switched the goods off as sold out: nothing can be added (shown like no stock left). */
  get soldOut(): boolean {
    return this.details.goods.SoldOut === 1
  }

  /** Picks or unpicks a combo goods. A single-pick class swaps; a full class refuses more. */
  toggleBom(cls: BomClassRow, goodsId: string): void {
    const picked = this.bom[cls.BOMClassID] ?? []
    if (picked.includes(goodsId)) this.bom[cls.BOMClassID] = picked.filter((id) => id !== goodsId)
    else if (!this.bomAvailable(goodsId)) return
    else if (cls.Qua === 1) this.bom[cls.BOMClassID] = [goodsId]
    else if (picked.length < cls.Qua) this.bom[cls.BOMClassID] = [...picked, goodsId]
  }

  /** A combo goods' own remark groups (its GoodsRemarks), in the order its goods lists them. */
  pickGroups(pick: Pick<BomGoodsRow, 'GoodsRemarks'>): RemarkGroup[] {
    return parseGoodsRemarks(pick.GoodsRemarks ?? '')
  }

  /** Chooses a pick's remark option (one per group; tapping it again clears it). */
  togglePickRemark(pick: Pick<BomGoodsRow, 'BOMClassID' | 'GoodsID'>, group: string, option: string): void {
    const key = `${pick.BOMClassID}|${pick.GoodsID}`
    const chosen = { ...(this.pickRemarks[key] ?? {}) }
    if (chosen[group] === option) delete chosen[group]
    else chosen[group] = option
    this.pickRemarks[key] = chosen
  }

  /** A pick's chosen remark options, in its goods' group order. */
  chosenPickRemarks(pick: BomGoodsRow): { name: string; option: string }[] {
    const chosen = this.pickRemarks[`${pick.BOMClassID}|${pick.GoodsID}`] ?? {}
    return this.pickGroups(pick)
      .filter((g) => chosen[g.name] !== undefined && g.options.includes(chosen[g.name]))
      .map((g) => ({ name: g.name, option: chosen[g.name] }))
  }

  bomFull(cls: BomClassRow): boolean {
    return (this.bom[cls.BOMClassID]?.length ?? 0) >= cls.Qua
  }

  // ---------- quantity ----------

  /** One tap: the goods' StepQua (0.5 kg for weight goods), 1 for packs. */
  get step(): Decimal {
    if (this.packCode) return new Decimal(1)
    const s = toDecimal(this.details.goods.StepQua)
    return s.gt(0) ? s : new Decimal(1)
  }

  /** Decimals of quantities: QuaPoint (PQuaPoint for packs), never fewer than the step needs. */
  get quantityDecimals(): number {
    const base = this.packCode ? this.points.PQuaPoint : this.points.QuaPoint
    return Math.max(base, this.step.decimalPlaces())
  }

  increase(): void {
    if (!this.canIncrease) return
    this.quantity = roundHalfUp(toDecimal(this.quantity).plus(this.step), this.quantityDecimals).toString()
  }

  /** Most the stepper may show: the per-line cap, and the chosen sku's stock left when it has one. */
  get max(): number {
    return stepperMax(this.limits, this.stockLeft, this.pack ? this.pack.Ref : '1')
  }

  /** Main units left of the chosen sku; null = unlimited (or no sku). */
  get stockLeft(): number | null {
    if (this.soldOut) return 0
    const qua = this.sku?.Qua
    return typeof qua === 'number' && qua >= 0 ? qua : null
  }

  get canIncrease(): boolean {
    return canStepUp(toDecimal(this.quantity).toNumber(), this.step.toNumber(), this.max)
  }

  /** Why + stopped, for the hint under the stepper; null while it can go on. */
  get quantityLimit(): QuantityLimit | null {
    if (this.canIncrease) return null
    const left = this.stockLeft
    return left !== null && this.max < this.limits.maxLineQuantity ? { kind: 'stock', left } : { kind: 'cap', max: this.limits.maxLineQuantity }
  }

  /** Another sku or unit may allow less: the quantity comes down to what it allows (never below one step). */
  private keepWithinMax(): void {
    const max = new Decimal(this.max)
    if (toDecimal(this.quantity).gt(max) && max.gte(this.step)) {
      this.quantity = roundHalfUp(max.minus(max.mod(this.step)), this.quantityDecimals).toString()
    }
  }

  decrease(): void {
    const next = roundHalfUp(toDecimal(this.quantity).minus(this.step), this.quantityDecimals)
    if (next.gte(this.step)) this.quantity = next.toString()
  }

  get canDecrease(): boolean {
    return toDecimal(this.quantity).minus(this.step).gte(this.step)
  }

  // ---------- derived ----------

  get sku(): SkuRow | null {
    if (this.details.skus.length === 0) return null
    const items = this.details.attributes.map((a) => this.values[a.AttrID] ?? '').join(',')
    return this.details.skus.find((s) => s.SkuItems === items) ?? null
  }

  get pack(): PackUnitRow | null {
    return this.details.packUnits.find((p) => p.PCode === this.packCode) ?? null
  }

  /** Main-unit prices: the sku's when there are skus, else the goods'. */
  get mainPrice(): { price: Decimal; salesPrice: Decimal } {
    const s = this.sku
    const g = this.details.goods
    return s
      ? { price: toDecimal(s.Price), salesPrice: toDecimal(s.SalesPrice) }
      : { price: toDecimal(g.Price), salesPrice: toDecimal(g.SalesPrice) }
  }

  /** The add-ons chosen that can still be had (one switched off as sold out meanwhile drops out). */
  get pickedAddOns() {
    return this.details.addOns.filter((a) => this.addOns.includes(a.OptionID) && a.SoldOut !== 1)
  }

  get pickedBom(): BomGoodsRow[] {
    return this.details.bomClasses.flatMap((c) =>
      (this.bom[c.BOMClassID] ?? [])
        .map((id) => this.details.bomGoods.find((g) => g.BOMClassID === c.BOMClassID && g.GoodsID === id))
        .filter((g): g is BomGoodsRow => !!g && g.SoldOut !== 1)
    )
  }

  // Prices come from the cart line this choice makes, priced by src/core/cart.ts: the same
  // functions price the cart, so the live price and the cart's line can never disagree.

  /** Now price of one unit as ordered (pack or main unit), add-ons and combo markups included. */
  get unitSalesPrice(): Decimal {
    const line = this.toLine()
    return toDecimal(lineAmount({ ...line, pQua: this.pack ? '1' : '0', mQua: this.pack ? '0' : '1' }))
  }

  /** The live price of what is chosen. */
  get amount(): Decimal {
    return toDecimal(lineAmount(this.toLine()))
  }

  /** The same at list prices, to show what a promotion saves. */
  get originalAmount(): Decimal {
    return toDecimal(lineOriginalAmount(this.toLine()))
  }

  get problems(): ChoiceProblem[] {
    const out: ChoiceProblem[] = []
    if (this.details.skus.length > 0) {
      for (const a of this.details.attributes) if (!this.values[a.AttrID]) out.push({ kind: 'attribute', attrName: a.AttrName })
      if (out.length === 0 && !this.sku) out.push({ kind: 'sku-unavailable' })
    }
    for (const r of missingRequiredGroups(this.details.remarks, this.chosenRemarks)) out.push({ kind: 'remark', groupName: r.name })
    for (const c of this.details.bomClasses) {
      const picked = (this.bom[c.BOMClassID] ?? []).filter((id) => this.bomAvailable(id)).length
      if (c.SelectType === 0 && picked !== c.Qua) out.push({ kind: 'combo', className: c.BOMClassName, need: c.Qua, picked })
    }
    for (const pick of this.pickedBom) {
      for (const r of missingRequiredGroups(this.pickGroups(pick), this.chosenPickRemarks(pick))) {
        out.push({ kind: 'pick-remark', goodsName: pick.GoodsName, groupName: r.name })
      }
    }
    return out
  }

  // ---------- allergens and diets (issue 26) ----------

  /** The chosen sku values (their rows carry the marks a value brings). */
  private get chosenValues() {
    return this.details.attributes.map((a) => this.details.values.find((v) => v.ValueID === this.values[a.AttrID])).filter((v): v is NonNullable<typeof v> => !!v)
  }

  /** The line's marks as chosen now: the goods with its chosen values, add-ons and combo picks (src/core/allergens.ts). */
  get marks(): LineMarks {
    return mergeLineMarks({
      goods: { allergens: this.details.goods.Allergens, diets: this.details.goods.Diets },
      values: this.chosenValues.map((v) => ({ allergens: v.Allergens, diets: v.Diets })),
      addOns: this.pickedAddOns.map((a) => ({ allergens: a.Allergens, diets: a.Diets })),
      picks: this.pickedBom.map((b) => ({ allergens: b.Allergens, diets: b.Diets }))
    })
  }

  /**
   * What brings each of `codes` into the line: the goods itself, else the first chosen value,
   * add-on or pick that carries it (named as the diner sees it).
   */
  sourcesOf(codes: readonly AllergenCode[]): { name: string; allergens: AllergenCode[] }[] {
    const parts = [
      { name: this.details.goods.GoodsName, allergens: allergensOf(this.details.goods.Allergens) },
      ...this.chosenValues.map((v) => ({ name: v.ValueName, allergens: allergensOf(v.Allergens) })),
      ...this.pickedAddOns.map((a) => ({ name: a.Value, allergens: allergensOf(a.Allergens) })),
      ...this.pickedBom.map((b) => ({ name: b.GoodsName, allergens: allergensOf(b.Allergens) }))
    ]
    const out: { name: string; allergens: AllergenCode[] }[] = []
    const told = new Set<AllergenCode>()
    for (const part of parts) {
      const mine = part.allergens.filter((c) => codes.includes(c) && !told.has(c))
      if (mine.length === 0) continue
      mine.forEach((c) => told.add(c))
      out.push({ name: part.name, allergens: mine })
    }
    return out
  }

  /** The remark options chosen, in the goods' group order. */
  get chosenRemarks(): { name: string; option: string }[] {
    return this.details.remarks.filter((r) => this.remarks[r.name] !== undefined).map((r) => ({ name: r.name, option: this.remarks[r.name] }))
  }

  get complete(): boolean {
    return this.problems.length === 0
  }

  // ---------- to the cart ----------

  cartGoods(scope: MenuScope): CartGoodsDetails {
    const g = this.details.goods
    return {
      GoodsID: g.GoodsID,
      ShopID: scope.ShopID,
      BaseID: scope.BaseID,
      Ref: this.details.packUnits[0]?.Ref ?? '1',
      GoodsName: g.GoodsName,
      GoodsType: g.GoodsType,
      Unit: g.Unit,
      ImageUrl: g.ImageUrl,
      StepQua: g.StepQua || '1'
    }
  }

  toLine(): CartLineInput {
    const sku = this.sku
    const pack = this.pack
    const main = this.mainPrice
    const values = this.details.attributes.map((a) => this.values[a.AttrID])
    const skuName = values
      .map((id) => this.details.values.find((v) => v.ValueID === id)?.ValueName ?? '')
      .filter(Boolean)
      .join(' / ')
    return {
      sku: sku ? { SkuID: sku.SkuID, SkuCode: sku.SkuCode, SkuItems: sku.SkuItems, SkuName: sku.SkuName || skuName } : null,
      Ref: pack ? pack.Ref : '1',
      PSalesPrice: pack ? pack.SalesPrice : '0',
      SalesPrice: main.salesPrice.toString(),
      PUnitPrice: pack ? pack.Price : '0',
      Price: main.price.toString(),
      PUnit: pack ? pack.PUnit : '',
      PCode: pack ? pack.PCode : '',
      mQua: pack ? '0' : this.quantity,
      pQua: pack ? this.quantity : '0',
      remarkList: this.chosenRemarks,
      bomList: this.pickedBom.map((g) => {
        const remarkList = this.chosenPickRemarks(g)
        return {
          BOMClassID: g.BOMClassID,
          GoodsID: g.GoodsID,
          GoodsName: g.GoodsName,
          BOMQua: g.BOMQua,
          BOMGoodsPUnit: g.BOMGoodsPUnit,
          Price: g.Price,
          ...(remarkList.length > 0 ? { remarkList } : {})
        }
      }),
      attachmentList: this.pickedAddOns.map((a) => ({ OptionID: a.OptionID, Value: a.Value, Value2: a.Value2, Value3: a.Value3 })),
      ...(this.stockLeft !== null ? { stockLeft: this.stockLeft } : {})
    }
  }
}
