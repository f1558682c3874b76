/**
 * The allergens and dietary marks of order lines (issue 26 item 1) as the kitchen shows them: the
 * goods', its chosen sku values', add-ons' and combo picks' together (mergeLineMarks,
 * src/core/allergens.ts), read from the menu as it is now, as the kitchen reads the lines' names
 * (line-names.ts): an allergen the shop adds to a goods reaches the tickets still on the board.
 * What a line chose is its `detail` (order-placement.ts): AddOns by OptionID, Bom picks by goods;
 * the sku is the line's sku_id.
 */
import type { Kysely } from 'kysely'
import { mergeLineMarks, type LineMarks, type PartMarks } from '../../../../src/core/allergens'
import type { Database } from '../../storage/schema'

export interface MarkedLine {
  shopId: string
  goodsId: string
  skuId: string
  /** The order line's stored choices (JSON). */
  detail: string
}

function choicesOf(detail: string): { addOns: string[]; picks: string[] } {
  let value: any
  try {
    value = JSON.parse(detail || '{}')
  } catch {
    value = {}
  }
  const list = (v: unknown): any[] => (Array.isArray(v) ? v : [])
  return {
    addOns: list(value?.AddOns).filter((id): id is string => typeof id === 'string'),
    picks: list(value?.Bom)
      .map((b) => b?.GoodsID)
      .filter((id): id is string => typeof id === 'string')
  }
}

/**
 * Each line's marks, in the order given (no marks for a goods the menu no longer has). `goodsRead`:
 * the lines' goods (and combo picks) by `shop|goods` as read already (readLineNames' goodsBy).
 */
export async function lineMarks(db: Kysely<Database>, lines: readonly MarkedLine[], goodsRead?: ReadonlyMap<string, { allergens: string; diets: string }>): Promise<LineMarks[]> {
  if (lines.length === 0) return []
  const choices = lines.map((l) => choicesOf(l.detail))
  const goodsIds = [...new Set([...lines.map((l) => l.goodsId), ...choices.flatMap((c) => c.picks)].filter(Boolean))]
  const skuIds = [...new Set(lines.map((l) => l.skuId).filter(Boolean))]
  const addOnIds = [...new Set(choices.flatMap((c) => c.addOns))]
  const [goods, skus, values, addOns] = await Promise.all([
    goodsRead || !goodsIds.length ? Promise.resolve([]) : db.selectFrom('goods').select(['goods_id', 'shop_id', 'allergens', 'diets']).where('goods_id', 'in', goodsIds).execute(),
    skuIds.length ? db.selectFrom('skus').select(['sku_id', 'shop_id', 'items']).where('sku_id', 'in', skuIds).execute() : Promise.resolve([]),
    skuIds.length
      ? db.selectFrom('sku_values').select(['value_id', 'shop_id', 'allergens', 'diets']).where('goods_id', 'in', [...new Set(lines.filter((l) => l.skuId).map((l) => l.goodsId))]).execute()
      : Promise.resolve([]),
    addOnIds.length ? db.selectFrom('goods_add_ons').select(['option_id', 'goods_id', 'shop_id', 'allergens', 'diets']).where('option_id', 'in', addOnIds).execute() : Promise.resolve([])
  ])
  const part = (r: { allergens: string; diets: string } | undefined): PartMarks => ({ allergens: r?.allergens ?? '', diets: r?.diets ?? '' })
  const goodsBy: ReadonlyMap<string, { allergens: string; diets: string }> = goodsRead ?? new Map(goods.map((g) => [`${g.shop_id}|${g.goods_id}`, g]))
  const skuBy = new Map(skus.map((s) => [`${s.shop_id}|${s.sku_id}`, s]))
  const valueBy = new Map(values.map((v) => [`${v.shop_id}|${v.value_id}`, v]))
  const addOnBy = new Map(addOns.map((a) => [`${a.shop_id}|${a.goods_id}|${a.option_id}`, a]))
  return lines.map((l, i) => {
    const g = goodsBy.get(`${l.shopId}|${l.goodsId}`)
    if (!g) return { allergens: [], diets: [] }
    const sku = l.skuId ? skuBy.get(`${l.shopId}|${l.skuId}`) : undefined
    const valueIds = sku ? sku.items.split(',').filter(Boolean) : []
    return mergeLineMarks({
      goods: part(g),
      values: valueIds.map((id) => part(valueBy.get(`${l.shopId}|${id}`))),
      addOns: choices[i].addOns.map((id) => part(addOnBy.get(`${l.shopId}|${l.goodsId}|${id}`))),
      picks: choices[i].picks.map((id) => part(goodsBy.get(`${l.shopId}|${id}`)))
    })
  })
}
