/**
 * A shop's menu as stored, written back in the menu import format (docs/menu-import.md), for
 * the setup file (setup-file.ts): importing what this writes gives the same menu again. Two
 * differences from a menu file of its own, both because a setup file names no ids:
 *   - goods `bases` are branch codes ('201'), not BaseIDs;
 *   - there is no format, EntID or ShopID (the shop around it says which).
 * Pictures are paths under FILES_DIR as stored ('menu/E1001/S101/har-gow-1a2b3c4d5e.png'):
 * importing on the same server reads them from FILES_DIR; a copy elsewhere takes that folder
 * along (picturesDir). Only imported reviews are menu; members' own reviews are not exported.
 */
import type { Kysely, Transaction } from 'kysely'
import type { LocalizedText } from '../../../../src/gateway/contract'
import { wallClockIn } from '../../../../src/core/wall-clock'
import { findMenuVersion, loadShopMenu } from '../../storage/repositories/menu.repository'
import type { Database } from '../../storage/schema'

type Db = Kysely<Database> | Transaction<Database>

/** A menu in the menu import format, less format, EntID and ShopID; `bases` are branch codes. */
export interface MenuSection {
  classes: Record<string, unknown>[]
  goods: Record<string, unknown>[]
  promotions?: Record<string, unknown>[]
  reviews?: Record<string, unknown>[]
}

const anyText = (t: LocalizedText): boolean => t['zh-CN'] !== '' || t['zh-TW'] !== '' || t.en !== ''

/** Drops undefined fields, so the file shows only what is set. */
/** A list of allergen or dietary codes as the file writes it (absent when empty). */
const marksOut = (codes: readonly string[] | undefined): string[] | undefined => (codes && codes.length > 0 ? [...codes] : undefined)

function compact<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T
}

/** The shop's menu in the import format; null when the shop never had a menu imported. */
export async function exportShopMenu(db: Db, entId: string, shopId: string, baseCodes: ReadonlyMap<string, string>, timeZone: string): Promise<MenuSection | null> {
  if ((await findMenuVersion(db, shopId)) === 0) return null
  const menu = await loadShopMenu(db, entId, shopId)
  const classCode = new Map(menu.classes.map((c) => [c.classId, c.code]))
  const goodsCode = new Map(menu.goods.map((g) => [g.goodsId, g.code]))

  const classes = menu.classes.map((c) => compact({ code: c.code, names: c.names, sort: c.sortNo, image: c.image || undefined }))

  const goods = menu.goods.map((g) => {
    const valueCode = new Map(g.attributes.flatMap((a) => a.values.map((v) => [v.valueId, v.code] as const)))
    const soldOut = (g as { soldOut?: boolean }).soldOut === true
    return compact({
      code: g.code,
      class: classCode.get(g.classId) ?? '',
      names: g.names,
      descriptions: anyText(g.descriptions) ? g.descriptions : undefined,
      unit: g.unitNames,
      type: g.goodsType,
      price: g.price,
      salesPrice: g.salesPrice,
      image: g.image || undefined,
      images: g.images.length > 0 ? g.images : undefined,
      recommend: g.isRecommend,
      sort: g.sortNo,
      onSaleTime: g.onSaleTime || undefined,
      offSaleTime: g.offSaleTime || undefined,
      salesQua: g.salesQua,
      bases: g.baseIds ? g.baseIds.map((id) => baseCodes.get(id) ?? id) : undefined,
      stepQua: g.stepQua,
      skus:
        g.attributes.length > 0
          ? {
              attributes: g.attributes.map((a) => ({ code: a.code, names: a.names, values: a.values.map((v) => compact({ code: v.code, names: v.names, allergens: marksOut(v.allergens), diets: marksOut(v.diets) })) })),
              items: g.skus.map((s) =>
                compact({ code: s.code, values: s.valueIds.map((id) => valueCode.get(id) ?? id), price: s.price, salesPrice: s.salesPrice, stock: s.stock ?? undefined })
              )
            }
          : undefined,
      packUnits: g.packUnits.length > 0 ? g.packUnits.map((p) => ({ code: p.code, names: p.names, ref: p.ref, price: p.price, salesPrice: p.salesPrice })) : undefined,
      remarks: anyText(g.remarks) ? g.remarks : undefined,
      addOns:
        g.addOns.length > 0
          ? g.addOns.map((a) => compact({ code: a.code, names: a.names, price: a.price, salesPrice: a.salesPrice, soldOut: (a as { soldOut?: boolean }).soldOut === true ? true : undefined, allergens: marksOut(a.allergens), diets: marksOut(a.diets) }))
          : undefined,
      combo:
        g.combo.length > 0
          ? g.combo.map((c) => ({
              code: c.code,
              names: c.names,
              pick: c.pick,
              select: c.selectType,
              items: c.items.map((i) => compact({ goods: goodsCode.get(i.goodsId) ?? i.goodsId, qua: i.qua, unit: i.unitNames ?? undefined, price: i.price, default: i.isDefault ? true : undefined }))
            }))
          : undefined,
      soldOut: soldOut ? true : undefined,
      allergens: marksOut(g.allergens),
      diets: marksOut(g.diets)
    })
  })

  const promotions = menu.promotions.map((p) =>
    compact({
      code: p.code,
      names: p.names,
      saleType: p.saleType,
      goods: p.goodsIds.map((id) => goodsCode.get(id) ?? id),
      price: p.saleType === 3 ? undefined : p.price,
      discount: p.saleType === 3 ? p.discount : undefined,
      beginDate: p.beginDate || undefined,
      endDate: p.endDate || undefined,
      beginTime: p.beginTime || undefined,
      endTime: p.endTime || undefined
    })
  )

  // Imported reviews in their file order ('S101.r.<n>').
  const reviewRows = await db.selectFrom('goods_reviews').selectAll().where('shop_id', '=', shopId).where('is_imported', '=', 1).execute()
  const n = (id: string): number => Number(id.slice(id.lastIndexOf('.') + 1)) || 0
  const reviews = reviewRows
    .sort((a, b) => n(a.review_id) - n(b.review_id))
    .filter((r) => goodsCode.has(r.goods_id))
    .map((r) => {
      const wall = wallClockIn(timeZone, new Date(r.created_at))
      let images: string[] = []
      try {
        const parsed = JSON.parse(r.images) as unknown
        if (Array.isArray(parsed)) images = parsed.filter((i): i is string => typeof i === 'string')
      } catch {
        images = []
      }
      return compact({
        goods: goodsCode.get(r.goods_id)!,
        vipName: r.vip_name,
        stars: Number(r.stars),
        text: r.content,
        images: images.length > 0 ? images : undefined,
        at: `${wall.date} ${wall.time.slice(0, 5)}`
      })
    })

  return compact({
    classes,
    goods,
    promotions: promotions.length > 0 ? promotions : undefined,
    reviews: reviews.length > 0 ? reviews : undefined
  })
}

