/**
 * Order lines in the caller's language. A line keeps the names it was ordered with (the kitchen
 * ticket and the records of a goods later renamed or removed); a diner who reads the order in
 * another language sees the goods, its sku, pack unit, unit, chosen remark options, add-ons and
 * combo picks named from the menu in that language, wherever the menu still names them.
 *
 * What a line chose is kept in its `detail` (order-placement.ts): remark options as the group
 * name and option text the diner saw, add-ons by OptionID, combo picks by goods. A remark option
 * is found by its place in the goods' remark groups of the language it was chosen in (group n,
 * option m) and named by the same place in the reader's language, when that language's groups
 * have the same shape; an add-on by its id; a combo pick by its goods. Anything the menu no longer
 * has keeps its ordered text. The diner's own typed remark is the order's, not a line's: as typed.
 */
import type { Kysely } from 'kysely'
import { parseGoodsRemarks, type RemarkGroup } from '../../../../src/core/goods-remarks'
import { bomPickWithTexts, listSeparator, remarkChoiceText, remarkSeparator, splitList } from '../../../../src/core/choice-text'
import { LOCALES, type Locale } from '../../../../src/gateway/contract'
import type { OrderLineRow } from '../../../../src/gateway/order-rows'
import { formatMarks } from '../../../../src/core/allergens'
import { namesJson, parseNames } from '../../storage/repositories/row-mapping'
import type { Database } from '../../storage/schema'
import type { CatalogueGoods } from '../catalogue/records'

const inLocale = (json: string | undefined, locale: Locale): string => (json ? parseNames(json)[locale] ?? '' : '')

/** What a line chose, as order-placement.ts stores it ('{}' on lines from before it did). */
interface LineChoices {
  Remarks: { name: string; option: string }[]
  AddOns: string[]
  /** Each pick's own remark options (absent on lines from before picks took remarks). */
  Bom: { BOMClassID: string; GoodsID: string; Remarks: { name: string; option: string }[] }[]
}

function parseChoices(detail: string | undefined): LineChoices {
  let value: any
  try {
    value = JSON.parse(detail || '{}')
  } catch {
    value = {}
  }
  const list = (v: unknown): any[] => (Array.isArray(v) ? v : [])
  const remarks = (v: unknown) =>
    list(v)
      .filter((r) => r && typeof r.option === 'string')
      .map((r) => ({ name: typeof r.name === 'string' ? r.name : '', option: r.option as string }))
  return {
    Remarks: remarks(value?.Remarks),
    AddOns: list(value?.AddOns).filter((id) => typeof id === 'string'),
    Bom: list(value?.Bom)
      .filter((b) => b && typeof b.GoodsID === 'string')
      .map((b) => ({ BOMClassID: typeof b.BOMClassID === 'string' ? b.BOMClassID : '', GoodsID: b.GoodsID as string, Remarks: remarks(b.Remarks) }))
  }
}

/** The coupon plan a coupon line names ('' none). */
function planIdOf(detail: string): string {
  try {
    const value = JSON.parse(detail || '{}')
    return typeof value?.PlanID === 'string' ? value.PlanID : ''
  } catch {
    return ''
  }
}


/**
 * A chosen remark option in `locale`: itself when the reader's groups have it; else the option at
 * the same place in the reader's groups, from the language whose groups have it; else null.
 */
function remarkIn(remarksJson: string | undefined, chosen: { name: string; option: string }, locale: Locale): string | null {
  if (!remarksJson) return null
  const texts = parseNames(remarksJson)
  const groupsOf = (l: Locale): RemarkGroup[] => parseGoodsRemarks(texts[l])
  const mine = groupsOf(locale)
  if (mine.some((g) => g.name === chosen.name && g.options.includes(chosen.option))) return remarkChoiceText(chosen.name, chosen.option, locale)
  for (const source of LOCALES) {
    if (source === locale) continue
    const theirs = groupsOf(source)
    const gi = theirs.findIndex((g) => g.name === chosen.name && g.options.includes(chosen.option))
    if (gi < 0) continue
    // Same place only where both languages list the same groups with as many options.
    if (theirs.length !== mine.length || theirs[gi].options.length !== mine[gi].options.length) continue
    return remarkChoiceText(mine[gi].name, mine[gi].options[theirs[gi].options.indexOf(chosen.option)], locale)
  }
  return null
}

/**
 * The line's listed names (add-ons, combo picks) in the reader's language and its list separator
 * ('Egg, Tea', '加蛋、奶茶'): each named from the menu, or else its ordered part (when the ordered
 * text splits into as many parts); all as ordered when neither can say.
 */
function joinedIn(ordered: string, named: (string | null)[], locale: Locale): string {
  if (named.length === 0 || named.every((n) => n === null)) return ordered
  const parts = splitList(ordered)
  if (named.some((n) => n === null) && parts.length !== named.length) return ordered
  return named.map((n, i) => n ?? parts[i]).join(listSeparator(locale))
}

/** The menu's names of what some lines chose, read once (readLineNames) and applied in any language (namedLines). */
export interface LineNames {
  goodsBy: Map<string, { names: string; unit_names: string; remarks: string; allergens: string; diets: string }>
  skuBy: Map<string, { items: string }>
  valueBy: Map<string, string>
  packBy: Map<string, string>
  addOnBy: Map<string, string>
  planBy: Map<string, string>
}

/**
 * The menu's names for `lines` (each line's goods, sku values, pack unit, add-ons and combo picks,
 * a coupon line's plan), keyed by shop; `detailOf` gives a line's stored choices.
 */
export async function readLineNames(db: Kysely<Database>, lines: readonly OrderLineRow[], detailOf: (line: OrderLineRow) => string = () => '{}'): Promise<LineNames> {
  if (lines.length === 0) return { goodsBy: new Map(), skuBy: new Map(), valueBy: new Map(), packBy: new Map(), addOnBy: new Map(), planBy: new Map() }
  const choices = lines.map((l) => parseChoices(detailOf(l)))
  const goodsIds = [...new Set([...lines.map((l) => l.GoodsID), ...choices.flatMap((c) => c.Bom.map((b) => b.GoodsID))])]
  const skuIds = [...new Set(lines.map((l) => l.SkuID).filter(Boolean))]
  const addOnIds = [...new Set(choices.flatMap((c) => c.AddOns))]
  const [goods, skus, values, packs, addOns] = await Promise.all([
    // Allergens and diets too, for the kitchen's marks (line-allergens.ts): one read of the goods.
    db.selectFrom('goods').select(['goods_id', 'shop_id', 'names', 'unit_names', 'remarks', 'allergens', 'diets']).where('goods_id', 'in', goodsIds).execute(),
    skuIds.length ? db.selectFrom('skus').select(['sku_id', 'shop_id', 'items']).where('sku_id', 'in', skuIds).execute() : Promise.resolve([]),
    skuIds.length ? db.selectFrom('sku_values').select(['value_id', 'shop_id', 'names']).where('goods_id', 'in', goodsIds).execute() : Promise.resolve([]),
    lines.some((l) => l.PUnit) ? db.selectFrom('pack_units').select(['goods_id', 'shop_id', 'code', 'names']).where('goods_id', 'in', goodsIds).execute() : Promise.resolve([]),
    addOnIds.length ? db.selectFrom('goods_add_ons').select(['option_id', 'goods_id', 'shop_id', 'names']).where('option_id', 'in', addOnIds).execute() : Promise.resolve([])
  ])
  // A coupon line (sale type 5) is named by its card's plan (order-placement.ts keeps the PlanID).
  const planIds = [...new Set(lines.map((l) => (l.SaleType === 5 ? planIdOf(detailOf(l)) : '')).filter(Boolean))]
  const plans = planIds.length ? await db.selectFrom('coupon_plans').select(['plan_id', 'names']).where('plan_id', 'in', planIds).execute() : []
  return {
    planBy: new Map(plans.map((p) => [p.plan_id, p.names])),
    goodsBy: new Map(goods.map((g) => [`${g.shop_id}|${g.goods_id}`, g])),
    skuBy: new Map(skus.map((s) => [`${s.shop_id}|${s.sku_id}`, s])),
    valueBy: new Map(values.map((v) => [`${v.shop_id}|${v.value_id}`, v.names])),
    packBy: new Map(packs.map((p) => [`${p.shop_id}|${p.goods_id}|${p.code}`, p.names])),
    addOnBy: new Map(addOns.map((a) => [`${a.shop_id}|${a.goods_id}|${a.option_id}`, a.names]))
  }
}

/**
 * readLineNames' answer for lines of one shop, from that shop's menu as this request read it
 * (the menu snapshot an order placement priced them on), without reading: on PostgreSQL the four
 * reads were four round trips in the placing transaction, each costing both sides a wake-up
 * (issue 28 item 6). The maps hold what the stored rows hold. null when a line needs what the
 * menu does not keep (a coupon line's plan): read them then.
 */
export function lineNamesOfMenu(
  menu: { shopId: string; goodsById: ReadonlyMap<string, CatalogueGoods> },
  lines: readonly OrderLineRow[],
  detailOf: (line: OrderLineRow) => string = () => '{}'
): LineNames | null {
  if (lines.some((l) => l.SaleType === 5)) return null
  const shop = menu.shopId
  const names: LineNames = { goodsBy: new Map(), skuBy: new Map(), valueBy: new Map(), packBy: new Map(), addOnBy: new Map(), planBy: new Map() }
  const goodsIds = new Set<string>()
  for (const line of lines) {
    goodsIds.add(line.GoodsID)
    for (const pick of parseChoices(detailOf(line)).Bom) goodsIds.add(pick.GoodsID)
  }
  for (const goodsId of goodsIds) {
    const g = menu.goodsById.get(goodsId)
    if (!g) continue
    names.goodsBy.set(`${shop}|${goodsId}`, {
      names: namesJson(g.names),
      unit_names: namesJson(g.unitNames),
      remarks: namesJson(g.remarks),
      allergens: formatMarks(g.allergens ?? []),
      diets: formatMarks(g.diets ?? [])
    })
    for (const sku of g.skus) names.skuBy.set(`${shop}|${sku.skuId}`, { items: sku.valueIds.join(',') })
    for (const value of g.attributes.flatMap((a) => a.values)) names.valueBy.set(`${shop}|${value.valueId}`, namesJson(value.names))
    for (const pack of g.packUnits) names.packBy.set(`${shop}|${goodsId}|${pack.code}`, namesJson(pack.names))
    for (const addOn of g.addOns) names.addOnBy.set(`${shop}|${goodsId}|${addOn.optionId}`, namesJson(addOn.names))
  }
  return names
}

/**
 * `lines` with their names in `locale`; `shopOf` gives a line's shop by its order id, `detailOf`
 * its stored choices (the order line's `detail`). `known`: the names read already for these
 * lines (readLineNames), else they are read here.
 */
export async function linesInLanguage(
  db: Kysely<Database>,
  lines: OrderLineRow[],
  shopOf: (sheetId: string) => string,
  locale: Locale,
  detailOf: (line: OrderLineRow) => string = () => '{}',
  known?: LineNames
): Promise<OrderLineRow[]> {
  if (lines.length === 0) return lines
  return namedLines(known ?? (await readLineNames(db, lines, detailOf)), lines, shopOf, locale, detailOf)
}

/** linesInLanguage with the names at hand. */
export function namedLines(
  names: LineNames,
  lines: OrderLineRow[],
  shopOf: (sheetId: string) => string,
  locale: Locale,
  detailOf: (line: OrderLineRow) => string = () => '{}'
): OrderLineRow[] {
  const { planBy, goodsBy, skuBy, valueBy, packBy, addOnBy } = names
  const choices = lines.map((l) => parseChoices(detailOf(l)))
  return lines.map((l, i) => {
    if (l.SaleType === 5) return { ...l, GoodsName: inLocale(planBy.get(planIdOf(detailOf(l))), locale) || l.GoodsName }
    const shop = shopOf(l.SheetID)
    const g = goodsBy.get(`${shop}|${l.GoodsID}`)
    const sku = l.SkuID ? skuBy.get(`${shop}|${l.SkuID}`) : undefined
    const skuParts = sku ? sku.items.split(',').filter(Boolean).map((id) => inLocale(valueBy.get(`${shop}|${id}`), locale)) : []
    const chose = choices[i]
    const remarks = chose.Remarks.map((r) => remarkIn(g?.remarks, r, locale) ?? remarkChoiceText(r.name, r.option, locale))
    return {
      ...l,
      GoodsName: inLocale(g?.names, locale) || l.GoodsName,
      Unit: inLocale(g?.unit_names, locale) || l.Unit,
      SkuName: skuParts.length > 0 && skuParts.every(Boolean) ? skuParts.join(' / ') : l.SkuName,
      PUnit: (l.PUnit && inLocale(packBy.get(`${shop}|${l.GoodsID}|${l.PCode}`), locale)) || l.PUnit,
      RemarkText: chose.Remarks.length > 0 ? remarks.join(remarkSeparator(locale)) : l.RemarkText,
      AddOnText: joinedIn(
        l.AddOnText,
        chose.AddOns.map((id) => inLocale(addOnBy.get(`${shop}|${l.GoodsID}|${id}`), locale) || null),
        locale
      ),
      BomText: joinedIn(
        l.BomText,
        chose.Bom.map((b) => {
          const pick = goodsBy.get(`${shop}|${b.GoodsID}`)
          const name = inLocale(pick?.names, locale)
          if (!name) return null
          // The pick's own remarks named as its goods names them in the reader's language.
          const named = b.Remarks.map((r) => remarkIn(pick?.remarks, r, locale))
          if (named.some((n) => n === null)) return b.Remarks.length > 0 ? null : name
          return named.length > 0 ? bomPickWithTexts(name, named as string[], locale) : name
        }),
        locale
      )
    }
  })
}
