/**
 * The catalogue tables: one shop's menu loaded as a whole, replaced as a whole, and the cheap
 * "menu head" every menu read starts with. Reviews are read per goods (paged), not cached.
 */
import type { Insertable, Kysely, Transaction } from 'kysely'
import type { LocalizedText } from '../../../../src/gateway/contract'
import type { BomSelectType, GoodsType, SaleType, SkuType } from '../../../../src/gateway/operations'
import type {
  AddOn,
  CatalogueClass,
  CatalogueGoods,
  ComboClass,
  PackUnit,
  Promotion,
  Review,
  ShopMenu,
  Sku,
  SkuAttribute
} from '../../domain/catalogue/records'
import type { PageWindow } from '../../domain/paging'
import { preparedQuery } from '../prepared'
import type { Database } from '../schema'
import { countOf, flag, namesJson, parseNames } from './row-mapping'
import { allergensOf, dietsOf, formatMarks, type AllergenCode, type DietCode } from '../../../../src/core/allergens'

/** Allergen and dietary codes of a stored row (migration 0032; codes joined by ','). */
export const marksOf = (row: { allergens?: string | null; diets?: string | null }): { allergens: AllergenCode[]; diets: DietCode[] } => ({
  allergens: allergensOf(row.allergens ?? ''),
  diets: dietsOf(row.diets ?? '')
})

/** The stored columns of codes (canonical order, '' none). */
const marksRow = (item: { allergens?: readonly string[]; diets?: readonly string[] }): { allergens: string; diets: string } => ({
  allergens: formatMarks(item.allergens ?? []),
  diets: formatMarks(item.diets ?? [])
})

/** What a menu read needs to know before it touches the (cached) menu: one indexed query. */
export interface MenuHead {
  shopId: string
  isEnable: boolean
  /** 0 when the shop has no menu yet. */
  version: number
  /** Enterprise settings, null when not set. */
  timeZone: string | null
  pricePoint: string | null
  /** The enterprise's 'image' service link as stored ('/files/' or absolute), null when not set. */
  imageLink: string | null
}

// Runs on every menu read, so it is compiled once (prepared.ts). It starts from the enterprise,
// so the same one statement also says whether the enterprise is there: a kept menu answer
// (catalogue.service.ts) is re-validated with this query alone.
const menuHeadQuery = preparedQuery((db, entId, shopId) =>
  db
    .selectFrom('enterprises as e')
    .leftJoin('shops as s', (j) => j.onRef('s.ent_id', '=', 'e.ent_id').on('s.shop_id', '=', shopId))
    .leftJoin('menus as m', 'm.shop_id', 's.shop_id')
    .leftJoin('enterprise_settings as tz', (j) => j.onRef('tz.ent_id', '=', 'e.ent_id').on('tz.parm_id', '=', 'TimeZone'))
    .leftJoin('enterprise_settings as pp', (j) => j.onRef('pp.ent_id', '=', 'e.ent_id').on('pp.parm_id', '=', 'PricePoint'))
    .leftJoin('service_links as img', (j) => j.onRef('img.ent_id', '=', 'e.ent_id').on('img.link_type', '=', 'image'))
    .select(['s.shop_id', 's.is_enable', 'm.version', 'tz.parm_value as time_zone', 'pp.parm_value as price_point', 'img.url as image_link'])
    .where('e.ent_id', '=', entId)
)

type MenuHeadRow = Awaited<ReturnType<typeof menuHeadQuery>>[number]

function menuHeadOf(row: MenuHeadRow | undefined): MenuHead | null {
  if (!row || row.shop_id === null || row.shop_id === undefined) return null
  return {
    shopId: row.shop_id,
    isEnable: Number(row.is_enable) === 1,
    version: Number(row.version ?? 0),
    timeZone: row.time_zone ?? null,
    pricePoint: row.price_point ?? null,
    imageLink: row.image_link ?? null
  }
}

/** The menu head of a shop of the enterprise; null when there is no such enterprise or shop. */
export async function findMenuHead(db: Kysely<Database>, entId: string, shopId: string): Promise<MenuHead | null> {
  const [row] = await menuHeadQuery(db, entId, shopId)
  return menuHeadOf(row)
}

/**
 * findMenuHead answered synchronously when the database can (prepared.ts: SQLite with its
 * connection free); undefined when it cannot right now (then use findMenuHead).
 */
export function findMenuHeadNow(db: Kysely<Database>, entId: string, shopId: string): MenuHead | null | undefined {
  const rows = menuHeadQuery.now(db, entId, shopId)
  return rows === null ? undefined : menuHeadOf(rows[0])
}

/** Whether two menu heads would give a menu read the same answers. */
export function sameMenuHead(a: MenuHead, b: MenuHead): boolean {
  return (
    a.shopId === b.shopId &&
    a.isEnable === b.isEnable &&
    a.version === b.version &&
    a.timeZone === b.timeZone &&
    a.pricePoint === b.pricePoint &&
    a.imageLink === b.imageLink
  )
}

/** The stock of a shop's limited skus (stock not null), by sku id: orders change it between imports. */
export async function listShopStock(db: Kysely<Database>, shopId: string): Promise<{ skuId: string; stock: number }[]> {
  const rows = await db.selectFrom('skus').select(['sku_id', 'stock']).where('shop_id', '=', shopId).where('stock', 'is not', null).execute()
  return rows.map((r) => ({ skuId: r.sku_id, stock: Number(r.stock) }))
}

export async function findMenuVersion(db: Kysely<Database>, shopId: string): Promise<number> {
  const row = await db.selectFrom('menus').select('version').where('shop_id', '=', shopId).executeTakeFirst()
  return Number(row?.version ?? 0)
}

/** The shop a goods belongs to, within the enterprise; null for an unknown goods. */
export async function findGoodsShopId(db: Kysely<Database>, entId: string, goodsId: string): Promise<string | null> {
  const row = await db
    .selectFrom('goods')
    .select('shop_id')
    .where('ent_id', '=', entId)
    .where('goods_id', '=', goodsId)
    .executeTakeFirst()
  return row?.shop_id ?? null
}

const nullableNames = (json: string): LocalizedText | null => {
  const names = parseNames(json)
  return names['zh-CN'] || names['zh-TW'] || names.en ? names : null
}

const bySort = <T extends { sortNo: number }>(a: T, b: T): number => a.sortNo - b.sortNo

function group<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>()
  for (const item of items) {
    const k = key(item)
    const list = map.get(k)
    if (list) list.push(item)
    else map.set(k, [item])
  }
  return map
}

/**
 * One shop's whole menu at one version. The tables are read one after another, so the
 * version is read before and after: an import committed in between makes it read again.
 */
export async function loadShopMenu(db: Kysely<Database>, entId: string, shopId: string): Promise<ShopMenu> {
  for (let attempt = 0; ; attempt++) {
    const before = await findMenuVersion(db, shopId)
    const menu = await readShopMenu(db, entId, shopId, before)
    if ((await findMenuVersion(db, shopId)) === before || attempt >= 4) return menu
  }
}

async function readShopMenu(db: Kysely<Database>, entId: string, shopId: string, version: number): Promise<ShopMenu> {
  const [classRows, goodsRows, imageRows, baseRows, attrRows, valueRows, skuRows, packRows, addOnRows, comboRows, itemRows, promoRows, promoGoodsRows, counts] =
    await Promise.all([
      db.selectFrom('goods_classes').selectAll().where('shop_id', '=', shopId).execute(),
      db.selectFrom('goods').selectAll().where('shop_id', '=', shopId).execute(),
      db.selectFrom('goods_images').selectAll().where('shop_id', '=', shopId).orderBy('sort_no').execute(),
      db.selectFrom('goods_bases').selectAll().where('shop_id', '=', shopId).orderBy('base_id').execute(),
      db.selectFrom('sku_attributes').selectAll().where('shop_id', '=', shopId).execute(),
      db.selectFrom('sku_values').selectAll().where('shop_id', '=', shopId).execute(),
      db.selectFrom('skus').selectAll().where('shop_id', '=', shopId).execute(),
      db.selectFrom('pack_units').selectAll().where('shop_id', '=', shopId).execute(),
      db.selectFrom('goods_add_ons').selectAll().where('shop_id', '=', shopId).execute(),
      db.selectFrom('combo_classes').selectAll().where('shop_id', '=', shopId).execute(),
      db.selectFrom('combo_items').selectAll().where('shop_id', '=', shopId).execute(),
      db.selectFrom('promotions').selectAll().where('shop_id', '=', shopId).execute(),
      db.selectFrom('promotion_goods').selectAll().where('shop_id', '=', shopId).execute(),
      db
        .selectFrom('goods_reviews')
        .select(['goods_id', (eb) => eb.fn.countAll<string | number>().as('count')])
        .where('shop_id', '=', shopId)
        .where('hidden', '=', 0)
        .groupBy('goods_id')
        .execute()
    ])

  const classes: CatalogueClass[] = classRows
    .map((r) => ({ classId: r.class_id, code: r.code, names: parseNames(r.names), sortNo: Number(r.sort_no), image: r.image }))
    .sort(bySort)

  const values = group(
    valueRows.map((r) => ({ valueId: r.value_id, attrId: r.attr_id, code: r.code, names: parseNames(r.names), sortNo: Number(r.sort_no), ...marksOf(r) })),
    (v) => v.attrId
  )
  const attributes = group(
    attrRows.map(
      (r): SkuAttribute & { goodsId: string } => ({
        goodsId: r.goods_id,
        attrId: r.attr_id,
        code: r.code,
        names: parseNames(r.names),
        sortNo: Number(r.sort_no),
        values: (values.get(r.attr_id) ?? []).sort(bySort)
      })
    ),
    (a) => a.goodsId
  )
  const skus = group(
    skuRows.map(
      (r): Sku & { goodsId: string } => ({
        goodsId: r.goods_id,
        skuId: r.sku_id,
        code: r.code,
        valueIds: r.items ? r.items.split(',') : [],
        price: r.price,
        salesPrice: r.sales_price,
        stock: r.stock === null || r.stock === undefined ? null : Number(r.stock),
        sortNo: Number(r.sort_no)
      })
    ),
    (s) => s.goodsId
  )
  const packs = group(
    packRows.map(
      (r): PackUnit & { goodsId: string } => ({
        goodsId: r.goods_id,
        code: r.code,
        names: parseNames(r.names),
        ref: r.ref,
        price: r.price,
        salesPrice: r.sales_price,
        sortNo: Number(r.sort_no)
      })
    ),
    (p) => p.goodsId
  )
  const addOns = group(
    addOnRows.map(
      (r): AddOn & { goodsId: string } => ({
        goodsId: r.goods_id,
        optionId: r.option_id,
        code: r.code,
        names: parseNames(r.names),
        price: r.price,
        salesPrice: r.sales_price,
        sortNo: Number(r.sort_no),
        soldOut: Number(r.sold_out ?? 0) === 1,
        ...marksOf(r)
      })
    ),
    (a) => a.goodsId
  )
  const items = group(
    itemRows.map((r) => ({
      bomClassId: r.bom_class_id,
      goodsId: r.item_goods_id,
      qua: r.qua,
      unitNames: nullableNames(r.unit_names),
      price: r.price,
      isDefault: Number(r.is_default) === 1,
      sortNo: Number(r.sort_no)
    })),
    (i) => i.bomClassId
  )
  const combos = group(
    comboRows.map(
      (r): ComboClass & { goodsId: string } => ({
        goodsId: r.goods_id,
        bomClassId: r.bom_class_id,
        code: r.code,
        names: parseNames(r.names),
        pick: Number(r.pick),
        selectType: Number(r.select_type) as BomSelectType,
        sortNo: Number(r.sort_no),
        items: (items.get(r.bom_class_id) ?? []).sort(bySort).map(({ bomClassId: _class, ...item }) => item)
      })
    ),
    (c) => c.goodsId
  )
  const images = group(imageRows, (r) => r.goods_id)
  const bases = group(baseRows, (r) => r.goods_id)
  const strip = <T extends { goodsId: string }>(list: T[] | undefined): Omit<T, 'goodsId'>[] =>
    (list ?? []).map(({ goodsId: _goods, ...rest }) => rest)

  const classSort = new Map(classes.map((c, i) => [c.classId, i]))
  const goods: CatalogueGoods[] = goodsRows
    .map(
      (r): CatalogueGoods => ({
        goodsId: r.goods_id,
        code: r.code,
        shopId: r.shop_id,
        classId: r.class_id,
        names: parseNames(r.names),
        descriptions: parseNames(r.descriptions),
        unitNames: parseNames(r.unit_names),
        goodsType: Number(r.goods_type) as GoodsType,
        skuType: Number(r.sku_type) as SkuType,
        price: r.price,
        salesPrice: r.sales_price,
        stepQua: r.step_qua,
        onSaleTime: r.on_sale_time,
        offSaleTime: r.off_sale_time,
        salesQua: Number(r.sales_qua),
        isRecommend: Number(r.is_recommend) === 1,
        sortNo: Number(r.sort_no),
        remarks: parseNames(r.remarks),
        image: r.image,
        images: (images.get(r.goods_id) ?? []).map((i) => i.image),
        baseIds: Number(r.all_bases) === 1 ? null : (bases.get(r.goods_id) ?? []).map((b) => b.base_id),
        attributes: strip(attributes.get(r.goods_id)).sort(bySort),
        skus: strip(skus.get(r.goods_id)).sort(bySort),
        packUnits: strip(packs.get(r.goods_id)).sort(bySort),
        addOns: strip(addOns.get(r.goods_id)).sort(bySort),
        combo: strip(combos.get(r.goods_id)).sort(bySort),
        soldOut: Number(r.sold_out ?? 0) === 1,
        ...marksOf(r)
      })
    )
    .sort(
      (a, b) =>
        (classSort.get(a.classId) ?? 0) - (classSort.get(b.classId) ?? 0) || a.sortNo - b.sortNo || a.code.localeCompare(b.code)
    )

  const promoGoods = group(promoGoodsRows, (r) => r.promotion_id)
  const goodsOrder = new Map(goods.map((g, i) => [g.goodsId, i]))
  const promotions: Promotion[] = promoRows
    .map((r) => ({
      promotionId: r.promotion_id,
      code: r.code,
      names: parseNames(r.names),
      saleType: Number(r.sale_type) as Exclude<SaleType, 0>,
      price: r.price,
      discount: r.discount,
      beginDate: r.begin_date,
      endDate: r.end_date,
      beginTime: r.begin_time,
      endTime: r.end_time,
      sortNo: Number(r.sort_no),
      goodsIds: (promoGoods.get(r.promotion_id) ?? [])
        .map((p) => p.goods_id)
        .sort((a, b) => (goodsOrder.get(a) ?? 0) - (goodsOrder.get(b) ?? 0))
    }))
    .sort(bySort)

  return {
    entId,
    shopId,
    version,
    classes,
    goods,
    promotions,
    commentCounts: new Map(counts.map((c) => [c.goods_id, countOf(c)]))
  }
}

// ---------- replacing a menu ----------

/** Inserts in chunks: SQLite and PostgreSQL both cap the parameters of one statement. */
async function insertAll<T extends keyof Database>(trx: Transaction<Database>, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  const columns = rows.length ? Object.keys(rows[0] as object).length : 1
  const size = Math.max(1, Math.floor(2000 / columns))
  for (let i = 0; i < rows.length; i += size) {
    // Kysely cannot relate a generic table name to its row type; the rows are typed above.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute()
  }
}

/** Children first, so no foreign key is ever left dangling, whatever the cascade settings. */
export const MENU_TABLES = [
  'promotion_goods',
  'promotions',
  'combo_items',
  'combo_classes',
  'goods_add_ons',
  'pack_units',
  'skus',
  'sku_values',
  'sku_attributes',
  'goods_bases',
  'goods_images',
  'goods',
  'goods_classes'
] as const

/**
 * Bumps the shop's menu version and returns the new one. Called first in an import's
 * transaction: on PostgreSQL the row lock it takes queues a concurrent import of the same
 * shop behind this one. Anything else that changes what menu reads show (a member's review,
 * sales counts) calls it too, so every server process drops its cached copy.
 */
export async function bumpMenuVersion(trx: Kysely<Database>, entId: string, shopId: string, now: Date, source?: string): Promise<number> {
  await trx
    .insertInto('menus')
    .values({ shop_id: shopId, ent_id: entId, version: 0, imported_at: now.toISOString(), source: '' })
    .onConflict((oc) => oc.column('shop_id').doNothing())
    .execute()
  await trx
    .updateTable('menus')
    .set((eb) => ({
      version: eb('version', '+', 1),
      ...(source !== undefined ? { imported_at: now.toISOString(), source } : {})
    }))
    .where('shop_id', '=', shopId)
    .execute()
  return findMenuVersion(trx, shopId)
}

/**
 * Replaces a shop's whole menu (classes, goods and everything under them, promotions) and its
 * imported reviews; members' reviews stay. Runs inside the caller's transaction.
 */
export async function replaceShopMenu(trx: Transaction<Database>, menu: Omit<ShopMenu, 'version' | 'commentCounts'>, reviews: Review[]): Promise<void> {
  const { entId, shopId } = menu
  for (const table of MENU_TABLES) await trx.deleteFrom(table).where('shop_id', '=', shopId).execute()
  await trx.deleteFrom('goods_reviews').where('shop_id', '=', shopId).where('is_imported', '=', 1).execute()

  await insertAll(
    trx,
    'goods_classes',
    menu.classes.map((c) => ({ class_id: c.classId, ent_id: entId, shop_id: shopId, code: c.code, names: namesJson(c.names), sort_no: c.sortNo, image: c.image }))
  )
  await insertGoods(trx, entId, shopId, menu.goods)
  await insertAll(
    trx,
    'promotions',
    menu.promotions.map((p) => ({
      promotion_id: p.promotionId,
      ent_id: entId,
      shop_id: shopId,
      code: p.code,
      names: namesJson(p.names),
      sale_type: p.saleType,
      price: p.price,
      discount: p.discount,
      begin_date: p.beginDate,
      end_date: p.endDate,
      begin_time: p.beginTime,
      end_time: p.endTime,
      sort_no: p.sortNo
    }))
  )
  await insertAll(
    trx,
    'promotion_goods',
    menu.promotions.flatMap((p) => p.goodsIds.map((goods_id) => ({ promotion_id: p.promotionId, goods_id, shop_id: shopId })))
  )
  await insertAll(
    trx,
    'goods_reviews',
    reviews.map((r) => ({
      review_id: r.reviewId,
      ent_id: entId,
      shop_id: shopId,
      goods_id: r.goodsId,
      vip_id: r.vipId,
      vip_name: r.vipName,
      head_img: r.headImg,
      stars: r.stars,
      content: r.content,
      images: JSON.stringify(r.images),
      created_at: r.createdAt,
      is_imported: flag(r.isImported)
    }))
  )
}

/** A goods' own row (everything under it lives in the other tables). */
function goodsRow(entId: string, shopId: string, g: CatalogueGoods): Insertable<Database['goods']> {
  return {
    goods_id: g.goodsId,
    ent_id: entId,
    shop_id: shopId,
    class_id: g.classId,
    code: g.code,
    names: namesJson(g.names),
    descriptions: namesJson(g.descriptions),
    unit_names: namesJson(g.unitNames),
    goods_type: g.goodsType,
    sku_type: g.skuType,
    price: g.price,
    sales_price: g.salesPrice,
    step_qua: g.stepQua,
    on_sale_time: g.onSaleTime,
    off_sale_time: g.offSaleTime,
    sales_qua: g.salesQua,
    is_recommend: flag(g.isRecommend),
    sort_no: g.sortNo,
    remarks: namesJson(g.remarks),
    image: g.image,
    all_bases: flag(g.baseIds === null),
    sold_out: flag(g.soldOut === true),
    ...marksRow(g)
  }
}

/** Inserts goods with everything under them (pictures, branches, skus, pack units, add-ons, combo classes and items). */
export async function insertGoods(trx: Transaction<Database>, entId: string, shopId: string, goods: CatalogueGoods[]): Promise<void> {
  await insertAll(trx, 'goods', goods.map((g) => goodsRow(entId, shopId, g)))
  await insertGoodsParts(trx, shopId, goods)
}

/** Everything under goods whose own rows exist. */
async function insertGoodsParts(trx: Transaction<Database>, shopId: string, goods: CatalogueGoods[]): Promise<void> {
  const each = <R>(fn: (g: CatalogueGoods) => R[]): R[] => goods.flatMap(fn)
  await insertAll(
    trx,
    'goods_images',
    each((g) => g.images.map((image, i) => ({ goods_id: g.goodsId, shop_id: shopId, sort_no: i + 1, image })))
  )
  await insertAll(
    trx,
    'goods_bases',
    each((g) => (g.baseIds ?? []).map((base_id) => ({ goods_id: g.goodsId, shop_id: shopId, base_id })))
  )
  await insertAll(
    trx,
    'sku_attributes',
    each((g) => g.attributes.map((a) => ({ attr_id: a.attrId, goods_id: g.goodsId, shop_id: shopId, code: a.code, names: namesJson(a.names), sort_no: a.sortNo })))
  )
  await insertAll(
    trx,
    'sku_values',
    each((g) =>
      g.attributes.flatMap((a) =>
        a.values.map((v) => ({ value_id: v.valueId, attr_id: a.attrId, goods_id: g.goodsId, shop_id: shopId, code: v.code, names: namesJson(v.names), sort_no: v.sortNo, ...marksRow(v) }))
      )
    )
  )
  await insertAll(
    trx,
    'skus',
    each((g) =>
      g.skus.map((s) => ({
        sku_id: s.skuId,
        goods_id: g.goodsId,
        shop_id: shopId,
        code: s.code,
        items: s.valueIds.join(','),
        price: s.price,
        sales_price: s.salesPrice,
        stock: s.stock,
        sort_no: s.sortNo
      }))
    )
  )
  await insertAll(
    trx,
    'pack_units',
    each((g) =>
      g.packUnits.map((p) => ({
        goods_id: g.goodsId,
        shop_id: shopId,
        code: p.code,
        names: namesJson(p.names),
        ref: p.ref,
        price: p.price,
        sales_price: p.salesPrice,
        sort_no: p.sortNo
      }))
    )
  )
  await insertAll(
    trx,
    'goods_add_ons',
    each((g) =>
      g.addOns.map((a) => ({
        option_id: a.optionId,
        goods_id: g.goodsId,
        shop_id: shopId,
        code: a.code,
        names: namesJson(a.names),
        price: a.price,
        sales_price: a.salesPrice,
        sort_no: a.sortNo,
        sold_out: flag(a.soldOut === true),
        ...marksRow(a)
      }))
    )
  )
  await insertAll(
    trx,
    'combo_classes',
    each((g) =>
      g.combo.map((c) => ({
        bom_class_id: c.bomClassId,
        goods_id: g.goodsId,
        shop_id: shopId,
        code: c.code,
        names: namesJson(c.names),
        pick: c.pick,
        select_type: c.selectType,
        sort_no: c.sortNo
      }))
    )
  )
  await insertAll(
    trx,
    'combo_items',
    each((g) =>
      g.combo.flatMap((c) =>
        c.items.map((i) => ({
          bom_class_id: c.bomClassId,
          item_goods_id: i.goodsId,
          shop_id: shopId,
          qua: i.qua,
          unit_names: namesJson(i.unitNames ?? { 'zh-CN': '', 'zh-TW': '', en: '' }),
          price: i.price,
          is_default: flag(i.isDefault),
          sort_no: i.sortNo
        }))
      )
    )
  )
}

/** Deletes everything under one goods (not its row, nor combo items of other combos naming it, nor its promotions). */
async function deleteGoodsParts(trx: Transaction<Database>, shopId: string, goodsId: string): Promise<void> {
  const ownClasses = trx.selectFrom('combo_classes').select('bom_class_id').where('shop_id', '=', shopId).where('goods_id', '=', goodsId)
  await trx.deleteFrom('combo_items').where('shop_id', '=', shopId).where('bom_class_id', 'in', ownClasses).execute()
  for (const table of ['combo_classes', 'goods_add_ons', 'pack_units', 'skus', 'sku_values', 'sku_attributes', 'goods_bases', 'goods_images'] as const) {
    await trx.deleteFrom(table).where('shop_id', '=', shopId).where('goods_id', '=', goodsId).execute()
  }
}

/**
 * Writes one goods over its stored self (the console's MenuGoodsSave): its row is updated in
 * place, so combo items of other combos and promotions that name it stay; everything under it
 * is replaced. Runs inside the caller's transaction.
 */
export async function replaceGoods(trx: Transaction<Database>, entId: string, shopId: string, goods: CatalogueGoods): Promise<void> {
  const { goods_id: _id, ent_id: _ent, shop_id: _shop, ...row } = goodsRow(entId, shopId, goods)
  await trx.updateTable('goods').set(row).where('shop_id', '=', shopId).where('goods_id', '=', goods.goodsId).execute()
  await deleteGoodsParts(trx, shopId, goods.goodsId)
  await insertGoodsParts(trx, shopId, [goods])
}

/** Removes one goods with everything under it and its place in promotions. Combo items naming it must be gone first. */
export async function deleteGoods(trx: Transaction<Database>, shopId: string, goodsId: string): Promise<void> {
  await deleteGoodsParts(trx, shopId, goodsId)
  await trx.deleteFrom('promotion_goods').where('shop_id', '=', shopId).where('goods_id', '=', goodsId).execute()
  await trx.deleteFrom('combo_items').where('shop_id', '=', shopId).where('item_goods_id', '=', goodsId).execute()
  await trx.deleteFrom('goods').where('shop_id', '=', shopId).where('goods_id', '=', goodsId).execute()
}

/** Every picture path the shop's menu uses (to keep them when pruning old copies). */
export async function listMenuPictures(db: Kysely<Database>, shopId: string): Promise<string[]> {
  const [classes, goods, extra, reviews] = await Promise.all([
    db.selectFrom('goods_classes').select('image').where('shop_id', '=', shopId).execute(),
    db.selectFrom('goods').select('image').where('shop_id', '=', shopId).execute(),
    db.selectFrom('goods_images').select('image').where('shop_id', '=', shopId).execute(),
    db.selectFrom('goods_reviews').select(['images', 'head_img']).where('shop_id', '=', shopId).execute()
  ])
  const paths = [
    ...classes.map((r) => r.image),
    ...goods.map((r) => r.image),
    ...extra.map((r) => r.image),
    ...reviews.flatMap((r) => [r.head_img, ...parseImages(r.images)])
  ]
  return [...new Set(paths.filter(Boolean))]
}

// ---------- reviews ----------

const parseImages = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

/** Reviews of one goods the shop has not hidden, newest first. */
export async function listReviews(db: Kysely<Database>, goodsId: string, page: PageWindow): Promise<Review[]> {
  const rows = await db
    .selectFrom('goods_reviews')
    .selectAll()
    .where('goods_id', '=', goodsId)
    .where('hidden', '=', 0)
    .orderBy('created_at', 'desc')
    .orderBy('review_id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
  return rows.map((r) => ({
    reviewId: r.review_id,
    shopId: r.shop_id,
    goodsId: r.goods_id,
    vipId: r.vip_id ?? null,
    vipName: r.vip_name,
    headImg: r.head_img,
    stars: Number(r.stars),
    content: r.content,
    images: parseImages(r.images),
    createdAt: r.created_at,
    isImported: Number(r.is_imported) === 1,
    anonymous: Number(r.anonymous) === 1,
    fileIds: parseImages(r.file_ids),
    reply: r.reply,
    repliedAt: r.replied_at
  }))
}

/** How many shown (not hidden) reviews a goods has and the sum of their stars (an exact integer). */
export async function reviewTotals(db: Kysely<Database>, goodsId: string): Promise<{ total: number; stars: number }> {
  const row = await db
    .selectFrom('goods_reviews')
    .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.sum<string | number | null>('stars').as('stars')])
    .where('goods_id', '=', goodsId)
    .where('hidden', '=', 0)
    .executeTakeFirst()
  return { total: countOf(row), stars: Number(row?.stars ?? 0) }
}
