/**
 * The cart names its lines in the diner's language (issue 12 item 14): the menu's goods details,
 * fetched in the language on screen, give every name a cart line shows (goods, unit, sku, pack
 * unit, remarks, combo goods, add-ons) by the ids the line keeps.
 */
import type { CartLabels } from '../core/cart'
import { parseGoodsRemarks } from '../core/goods-remarks'
import type { GoodsDetails } from '../features/menu/menu.store'

/** Each combo goods' own remark groups, by `${BOMClassID}|${GoodsID}` (CartLabels.bomRemarks). */
export function bomRemarkGroups(d: Pick<GoodsDetails, 'bomGoods'>): Record<string, { name: string; options: string[] }[]> {
  return Object.fromEntries(
    d.bomGoods.map((b) => [`${b.BOMClassID}|${b.GoodsID}`, parseGoodsRemarks(b.GoodsRemarks ?? '').map((g) => ({ name: g.name, options: [...g.options] }))])
  )
}

export function cartLabels(d: GoodsDetails): CartLabels {
  return {
    GoodsName: d.goods.GoodsName,
    Unit: d.goods.Unit,
    skus: Object.fromEntries(d.skus.map((s) => [s.SkuID, s.SkuName])),
    packs: Object.fromEntries(d.packUnits.map((p) => [p.PCode, p.PUnit])),
    remarks: d.remarks.map((g) => ({ name: g.name, options: [...g.options] })),
    bom: Object.fromEntries(d.bomGoods.map((b) => [`${b.BOMClassID}|${b.GoodsID}`, { GoodsName: b.GoodsName, BOMGoodsPUnit: b.BOMGoodsPUnit }])),
    bomRemarks: bomRemarkGroups(d),
    addOns: Object.fromEntries(d.addOns.map((a) => [a.OptionID, a.Value]))
  }
}
