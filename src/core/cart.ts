/**
 * Cart shapes and the pure line rules (spec §3 "Cart", §4 "Cart"). No MobX, no Taro: the client's
 * cart store keeps its state with these, and the server prices orders with the same functions.
 * Quantities and money are decimal strings, computed exactly with decimal.js-light (design.md §4).
 */
import { Decimal, decimalPlaces, maxDecimal, plainDecimal, roundHalfUp, toDecimal, type DecimalInput } from './money'

/** Stored carts of another version are ignored (spec §9). */
export const CART_VERSION = 3

/** The goods a cart entry is for; GoodsID + ShopID + BaseID identify the entry. */
export interface CartGoodsDetails {
  GoodsID: string
  ShopID: string
  BaseID: string
  /** Main units per pack of the goods' first pack unit ('' without pack units). */
  Ref: string
  GoodsName: string
  /** Spec §3 goods type: 0 common, 3 combo, 5 catering, 6 prescription, 7 weight, 9 bag. */
  GoodsType: number
  /** Main unit name. */
  Unit: string
  ImageUrl: string
  /** Quantity of one tap ('1'; '0.5' for weight goods). */
  StepQua: string
}

export interface CartSku {
  SkuID: string
  SkuCode: string
  SkuItems: string
  SkuName: string
}

/**
 * One chosen remark option: group name and option, as shown when chosen. `group` and `index`
 * place it among the goods' remark groups and that group's options, so the cart can name it in
 * another language (GoodsRemarks comes in the request's language); carts stored before them lack
 * them and keep their texts.
 */
export interface CartRemark {
  name: string
  option: string
  group?: number
  index?: number
}

/** One chosen combo goods. */
export interface CartBomItem {
  BOMClassID: string
  GoodsID: string
  GoodsName: string
  BOMQua: string
  BOMGoodsPUnit: string
  /** Markup on the combo's price. */
  Price: string
  /**
   * The picked goods' own remark options ('*Spice:…' groups of that goods, issue 27 item 21): a
   * combo's noodle soup keeps its spice. Absent on lines from before picks took remarks.
   */
  remarkList?: CartRemark[]
}

/** One chosen add-on: Value name, Value2 list price, Value3 now price. */
export interface CartAttachment {
  OptionID: string
  Value: string
  Value2: string
  Value3: string
}

export interface CartLine {
  /** Timestamp plus 10 random characters [a-z0-9]. */
  uid: string
  sku: CartSku | null
  /** Main units per pack of the line's pack unit. */
  Ref: string
  /** Now price of one pack. */
  PSalesPrice: string
  /** Now price of one main unit. */
  SalesPrice: string
  /** List price of one pack. */
  PUnitPrice: string
  /** List price of one main unit. */
  Price: string
  /** Pack unit name; '' for a line counted in main units. */
  PUnit: string
  PCode: string
  /** Main-unit quantity. */
  mQua: string
  /** Pack quantity ('0' on a main-unit line). */
  pQua: string
  /** Total in main units: pQua × Ref + mQua. */
  qua: string
  /** PUnit non-empty: the line counts in packs. */
  isPack: boolean
  remarkList: CartRemark[]
  bomList: CartBomItem[]
  attachmentList: CartAttachment[]
  /**
   * Main units of the sku left when the line was chosen (absent: unlimited or unknown). The cart's
   * stepper stops there as the goods page's did; the server checks the stock again at the order.
   */
  stockLeft?: number
}

/** What a page hands to the cart: the store adds uid, qua and isPack. */
export type CartLineInput = Omit<CartLine, 'uid' | 'qua' | 'isPack'>

export interface CartEntry {
  goodsDetails: CartGoodsDetails
  lines: CartLine[]
  /** The business mode the entry was added under ('0' all, '1' takeaway, '2' delivery). */
  businessMode: string
}

// ---------- identity ----------

export const UID_RANDOM_LENGTH = 10
const UID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** A line uid: `now` (ms) followed by 10 characters [a-z0-9] drawn with `random` (0 ≤ r < 1). */
export function makeUid(now: number, random: () => number): string {
  let tail = ''
  for (let i = 0; i < UID_RANDOM_LENGTH; i++) {
    const r = random()
    const index = Math.min(UID_ALPHABET.length - 1, Math.max(0, Math.floor((Number.isFinite(r) ? r : 0) * UID_ALPHABET.length)))
    tail += UID_ALPHABET[index]
  }
  return `${Math.max(0, Math.floor(now))}${tail}`
}

export const sameGoods = (a: Pick<CartGoodsDetails, 'GoodsID' | 'ShopID' | 'BaseID'>, b: Pick<CartGoodsDetails, 'GoodsID' | 'ShopID' | 'BaseID'>): boolean =>
  a.GoodsID === b.GoodsID && a.ShopID === b.ShopID && a.BaseID === b.BaseID

/** A line counts in packs when its PUnit is non-empty. */
export const isPackLine = (line: Pick<CartLine, 'PUnit'>): boolean => (line.PUnit ?? '').trim() !== ''

type LineChoices = Pick<CartLine, 'sku' | 'PCode' | 'PUnit' | 'remarkList' | 'bomList' | 'attachmentList'>

function sameSet(a: string[], b: string[]): boolean {
  const sa = new Set(a)
  const sb = new Set(b)
  if (sa.size !== sb.size) return false
  for (const x of sa) if (!sb.has(x)) return false
  return true
}

function sameMultiset(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false
  const x = [...a].sort()
  const y = [...b].sort()
  return x.every((v, i) => v === y[i])
}

const SEP = '\u0000'

const remarkKey = (r: CartRemark): string =>
  typeof r.group === 'number' && typeof r.index === 'number' ? `#${r.group}.${r.index}` : r.name + SEP + r.option

/** A combo pick: its class and goods, and its own remarks as a set. */
const bomKey = (x: CartBomItem): string =>
  [x.BOMClassID, x.GoodsID, ...[...new Set((x.remarkList ?? []).map(remarkKey))].sort()].join(SEP)

/**
 * Whether two lines are the same choice ("option identity comparison", spec §4): same sku,
 * same pack unit (PCode; PUnit only without a PCode), the same remarks (their place among the
 * goods' remarks where both lines keep it, else name + option; as a set: order and repeats do not
 * matter), the same combo picks (BOMClassID + GoodsID and the pick's own remarks, as a
 * multiset: picking a goods twice differs from once) and the same add-ons (OptionID, as a set).
 * Prices and quantities do not take part.
 */
export function sameLine(a: LineChoices, b: LineChoices): boolean {
  return (
    (a.sku?.SkuID ?? '') === (b.sku?.SkuID ?? '') &&
    (a.PCode ?? '') === (b.PCode ?? '') &&
    // A pack unit is known by its PCode (its name depends on the language); by name only without one.
    (a.PCode ? isPackLine(a) === isPackLine(b) : (a.PUnit ?? '') === (b.PUnit ?? '')) &&
    sameSet((a.remarkList ?? []).map(remarkKey), (b.remarkList ?? []).map(remarkKey)) &&
    sameMultiset((a.bomList ?? []).map(bomKey), (b.bomList ?? []).map(bomKey)) &&
    sameSet(
      (a.attachmentList ?? []).map((x) => x.OptionID),
      (b.attachmentList ?? []).map((x) => x.OptionID)
    )
  )
}

// ---------- quantities ----------

/** Total in main units: pQua × Ref + mQua (exact decimal string). */
export function lineTotalQua(pQua: DecimalInput | null | undefined, mQua: DecimalInput | null | undefined, Ref: DecimalInput | null | undefined): string {
  return toDecimal(pQua).times(toDecimal(Ref)).plus(toDecimal(mQua)).toFixed()
}

/**
 * How many the line counts for in the cart badge and a goods row's badge: a pack counts as one,
 * like a main unit, so a pack line counts pQua + mQua and a main-unit line its mQua.
 */
export function lineCount(line: Pick<CartLine, 'pQua' | 'mQua'>): string {
  return toDecimal(line.pQua).plus(toDecimal(line.mQua)).toFixed()
}

/** The goods' step: StepQua when it is a positive number, else 1. */
export function stepOf(stepQua: string | null | undefined): Decimal {
  const step = toDecimal(stepQua)
  return step.greaterThan(0) ? step : new Decimal(1)
}

/**
 * The quantity rule: half-up at `decimals` (QuaPoint for main units, PQuaPoint for packs), but
 * never at fewer decimals than the goods' StepQua has (QuaPoint 0 with step '0.5' keeps '1.5').
 * Returns a plain decimal string ('2', '1.5').
 */
export function roundQuantity(q: DecimalInput | null | undefined, decimals: number, stepQua?: string | null): string {
  const places = Math.max(Number.isInteger(decimals) && decimals >= 0 ? decimals : 0, stepQua ? decimalPlaces(stepQua) : 0)
  return roundHalfUp(toDecimal(q), places).toFixed()
}

/**
 * A full line from an input: isPack from PUnit, qua from the rule. A main-unit line holds no
 * packs, so its pQua is '0'. Quantities are normalised ('02.50' → '2.5'; a bad value → '0').
 */
export function completeLine(input: CartLineInput, uid: string): CartLine {
  const isPack = isPackLine(input)
  const pQua = isPack ? plainDecimal(input.pQua) : '0'
  const mQua = plainDecimal(input.mQua)
  return {
    uid,
    sku: input.sku ?? null,
    Ref: input.Ref ?? '',
    PSalesPrice: input.PSalesPrice ?? '',
    SalesPrice: input.SalesPrice ?? '',
    PUnitPrice: input.PUnitPrice ?? '',
    Price: input.Price ?? '',
    PUnit: input.PUnit ?? '',
    PCode: input.PCode ?? '',
    mQua,
    pQua,
    qua: lineTotalQua(pQua, mQua, input.Ref),
    isPack,
    remarkList: (input.remarkList ?? []).map((r) => ({ ...r })),
    bomList: (input.bomList ?? []).map((b) => (b.remarkList ? { ...b, remarkList: b.remarkList.map((r) => ({ ...r })) } : { ...b })),
    attachmentList: (input.attachmentList ?? []).map((a) => ({ ...a })),
    ...(typeof input.stockLeft === 'number' && input.stockLeft >= 0 ? { stockLeft: input.stockLeft } : {})
  }
}

/** The line with new pack / main quantities (negative parts count as 0) and qua recomputed. */
export function withQuantities(line: CartLine, pQua: DecimalInput, mQua: DecimalInput): CartLine {
  const clamp = (v: DecimalInput): string => maxDecimal(0, v).toFixed()
  const p = line.isPack ? clamp(pQua) : '0'
  const m = clamp(mQua)
  return { ...line, pQua: p, mQua: m, qua: lineTotalQua(p, m, line.Ref) }
}

// ---------- money ----------

/** Added to each unit's price: Σ add-on now price (Value3) + Σ combo markup (Price). */
export function lineUnitExtras(line: Pick<CartLine, 'attachmentList' | 'bomList'>): string {
  return unitExtras(line, 'Value3').toFixed()
}

function unitExtras(line: Pick<CartLine, 'attachmentList' | 'bomList'>, addOnPrice: 'Value2' | 'Value3'): Decimal {
  let sum = new Decimal(0)
  for (const a of line.attachmentList ?? []) sum = sum.plus(toDecimal(a[addOnPrice]))
  for (const b of line.bomList ?? []) sum = sum.plus(toDecimal(b.Price))
  return sum
}

type PricedLine = Pick<CartLine, 'pQua' | 'mQua' | 'PSalesPrice' | 'SalesPrice' | 'PUnitPrice' | 'Price' | 'attachmentList' | 'bomList'>

/** pQua × (PSalesPrice + extras) + mQua × (SalesPrice + extras), exact, unrounded. */
export function lineAmount(line: PricedLine): string {
  const extras = unitExtras(line, 'Value3')
  return toDecimal(line.pQua)
    .times(toDecimal(line.PSalesPrice).plus(extras))
    .plus(toDecimal(line.mQua).times(toDecimal(line.SalesPrice).plus(extras)))
    .toFixed()
}

/** The same at list prices: pQua × (PUnitPrice + extras) + mQua × (Price + extras), add-ons at Value2. */
export function lineOriginalAmount(line: PricedLine): string {
  const extras = unitExtras(line, 'Value2')
  return toDecimal(line.pQua)
    .times(toDecimal(line.PUnitPrice).plus(extras))
    .plus(toDecimal(line.mQua).times(toDecimal(line.Price).plus(extras)))
    .toFixed()
}

// ---------- names in the diner's language ----------

/** A goods' remark groups as parsed from its GoodsRemarks (src/core/goods-remarks). */
export interface RemarkGroupLabels {
  name: string
  options: string[]
}

/**
 * Where each chosen remark sits among the goods' remark groups (the first group of that name
 * holding that option), so the line can be named in another language later.
 */
export function withRemarkRefs<L extends Pick<CartLine, 'remarkList'> & Partial<Pick<CartLine, 'bomList'>>>(
  line: L,
  groups: RemarkGroupLabels[],
  bomGroups: Record<string, RemarkGroupLabels[]> = {}
): L {
  const withRefs = (list: CartRemark[], of: RemarkGroupLabels[]): CartRemark[] =>
    list.map((r) => {
      const group = of.findIndex((g) => g.name === r.name && g.options.includes(r.option))
      return group < 0 ? { name: r.name, option: r.option } : { name: r.name, option: r.option, group, index: of[group].options.indexOf(r.option) }
    })
  const remarkList = withRefs(line.remarkList ?? [], groups)
  if (!line.bomList) return { ...line, remarkList }
  // A combo pick's remarks sit among its own goods' groups (keyed like CartLabels.bom).
  const bomList = line.bomList.map((b) =>
    b.remarkList ? { ...b, remarkList: withRefs(b.remarkList, bomGroups[`${b.BOMClassID}|${b.GoodsID}`] ?? []) } : b
  )
  return { ...line, remarkList, bomList }
}

/** Remarks named by the place they keep among `groups` (a remark without its place stays). */
function relabelRemarks(list: CartRemark[], groups: RemarkGroupLabels[]): CartRemark[] {
  return list.map((r) => {
    const g = typeof r.group === 'number' ? groups[r.group] : undefined
    const option = g && typeof r.index === 'number' ? g.options[r.index] : undefined
    return g && option ? { ...r, name: g.name, option } : r
  })
}

/**
 * A goods' names in one language, from its details: the goods and its main unit, skus by SkuID,
 * pack units by PCode, remark groups in order, combo goods by `${BOMClassID}|${GoodsID}`, add-ons
 * by OptionID.
 */
export interface CartLabels {
  GoodsName: string
  Unit: string
  skus: Record<string, string>
  packs: Record<string, string>
  remarks: RemarkGroupLabels[]
  bom: Record<string, { GoodsName: string; BOMGoodsPUnit: string }>
  /** Each combo goods' own remark groups, by `${BOMClassID}|${GoodsID}` (absent: none known). */
  bomRemarks?: Record<string, RemarkGroupLabels[]>
  addOns: Record<string, string>
}

/**
 * The entry with every name the labels know replaced (ids, quantities and prices untouched); a
 * name the labels lack (a sku gone from the menu, a remark stored without its place) stays.
 */
export function relabelEntry(entry: CartEntry, labels: CartLabels): CartEntry {
  const pick = (value: string | undefined, fallback: string): string => (value ? value : fallback)
  const lines = entry.lines.map((line) => ({
    ...line,
    sku: line.sku ? { ...line.sku, SkuName: pick(labels.skus[line.sku.SkuID], line.sku.SkuName) } : null,
    PUnit: line.PUnit ? pick(labels.packs[line.PCode], line.PUnit) : line.PUnit,
    remarkList: relabelRemarks(line.remarkList, labels.remarks),
    bomList: line.bomList.map((b) => {
      const key = `${b.BOMClassID}|${b.GoodsID}`
      const l = labels.bom[key]
      const named = l ? { ...b, GoodsName: pick(l.GoodsName, b.GoodsName), BOMGoodsPUnit: pick(l.BOMGoodsPUnit, b.BOMGoodsPUnit) } : b
      return b.remarkList ? { ...named, remarkList: relabelRemarks(b.remarkList, labels.bomRemarks?.[key] ?? []) } : named
    }),
    attachmentList: line.attachmentList.map((a) => ({ ...a, Value: pick(labels.addOns[a.OptionID], a.Value) }))
  }))
  return {
    ...entry,
    goodsDetails: { ...entry.goodsDetails, GoodsName: pick(labels.GoodsName, entry.goodsDetails.GoodsName), Unit: pick(labels.Unit, entry.goodsDetails.Unit) },
    lines
  }
}

// ---------- reading stored or received carts ----------

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isString = (v: unknown): v is string => typeof v === 'string'

function hasStrings(v: unknown, keys: readonly string[]): v is Record<string, string> {
  return isObject(v) && keys.every((k) => isString(v[k]))
}

const LINE_STRINGS = ['uid', 'Ref', 'PSalesPrice', 'SalesPrice', 'PUnitPrice', 'Price', 'PUnit', 'PCode', 'mQua', 'pQua', 'qua'] as const
const GOODS_STRINGS = ['GoodsID', 'ShopID', 'BaseID', 'Ref', 'GoodsName', 'Unit', 'ImageUrl', 'StepQua'] as const

function isLine(v: unknown): v is CartLine {
  if (!hasStrings(v, LINE_STRINGS)) return false
  const o = v as unknown as Record<string, unknown>
  return (
    typeof o.isPack === 'boolean' &&
    (o.sku === null || hasStrings(o.sku, ['SkuID', 'SkuCode', 'SkuItems', 'SkuName'])) &&
    Array.isArray(o.remarkList) &&
    o.remarkList.every((r) => hasStrings(r, ['name', 'option'])) &&
    Array.isArray(o.bomList) &&
    o.bomList.every(
      (b) =>
        hasStrings(b, ['BOMClassID', 'GoodsID', 'GoodsName', 'BOMQua', 'BOMGoodsPUnit', 'Price']) &&
        (b.remarkList === undefined || (Array.isArray(b.remarkList) && (b.remarkList as unknown[]).every((r) => hasStrings(r, ['name', 'option']))))
    ) &&
    Array.isArray(o.attachmentList) &&
    o.attachmentList.every((a) => hasStrings(a, ['OptionID', 'Value', 'Value2', 'Value3']))
  )
}

/** Whether a value (parsed JSON) is a well-formed cart entry. */
export function isCartEntry(v: unknown): v is CartEntry {
  return (
    isObject(v) &&
    isString(v.businessMode) &&
    hasStrings(v.goodsDetails, GOODS_STRINGS) &&
    typeof (v.goodsDetails as Record<string, unknown>).GoodsType === 'number' &&
    Array.isArray(v.lines) &&
    v.lines.length > 0 &&
    v.lines.every(isLine)
  )
}
