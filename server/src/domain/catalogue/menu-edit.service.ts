/**
 * Editing a shop's menu piece by piece (issue 23, the console's Menu page): classes, one goods
 * whole (names, prices, specs, pack units, remarks with required groups, add-ons, combos, sale
 * window, branches, picture), stock per sku. The menu import (menu-import.service.ts) replaces a
 * whole menu; these change one item and keep the rest, with the import's own rules: a goods is
 * checked by `planGoods` (the function that checks each goods of a menu file) against the shop's
 * stored menu, a class by the import's class schema, and rows are written by the repository's
 * goods writer the import uses too. Problems name their field as the import's do:
 *
 *   goods "A07" skus.items[1].price: bad decimal "12,5": write digits with at most 8 decimals …
 *
 * Every change runs in the caller's transaction and, like the sold-out switch:
 *   1. bumps the shop's menu version first (every process's menu cache reads the menu again; on
 *      PostgreSQL the `menus` row lock queues edits and imports of the shop one behind another);
 *   2. writes;
 *   3. leaves the caller to write its audit entry and then `announceMenuChange` (the 'menu.changed'
 *      event, appended last as appendEvent asks), so every diner's open menu reads it again.
 * Ids come from the codes (ids.ts), so a goods keeps its code: renaming a code is removing one
 * goods and adding another, as in the menu file.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Kysely, Transaction } from 'kysely'
import type { z } from 'zod'
import type { Locale } from '../../../../src/gateway/contract'
import { pickText } from '../../../../src/i18n/text'
import { appendEvent } from '../../live/outbox'
import type { ObjectStorage } from '../../providers/storage/object-storage'
import { listBases } from '../../storage/repositories/base.repository'
import { bumpMenuVersion, deleteGoods, insertGoods, loadShopMenu, replaceGoods } from '../../storage/repositories/menu.repository'
import { namesJson, parseNames } from '../../storage/repositories/row-mapping'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import type { CheckedImage } from '../files/uploaded-images'
import { checkPicture, markedName, PictureVariantError, takesVariants, writeVariants } from '../files/picture-variants'
import { menuIds } from './ids'
import type { MenuGoods } from './menu-file'
import { classSchema, menuPictureDir, MenuProblems, planGoods, slug } from './menu-import.service'
import type { CatalogueClass, CatalogueGoods, ShopMenu } from './records'

type Trx = Transaction<Database>

interface Scope {
  entId: string
  shopId: string
  now: Date
  /** The staff member's language: names in refusals (MENU_CLASS_NOT_EMPTY, MENU_GOODS_IN_COMBO). */
  locale: Locale
}

/** What staff may not type (as operations/fields.ts FREE_TEXT_FORBIDDEN): C0/C1 controls but tab and line breaks, separators, bidi overrides and isolates. */
const FREE_TEXT_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/

const invalid = (problems: string[]): DomainError => new DomainError('MENU_INVALID', { detail: problems.join('\n') })

/** Appends 'menu.changed' (docs/live-events.md): last in the transaction, after the audit entry. */
export async function announceMenuChange(trx: Trx, entId: string, shopId: string, version: number, now: Date): Promise<void> {
  await appendEvent(trx, { entId, shopId, kind: 'menu.changed', payload: { version } }, now)
}

/**
 * Strings a person typed that carry control, separator or bidi characters (they reorder or hide
 * what diners and colleagues read): reported where they are. Line breaks are fine in
 * descriptions and remarks (one group per line), nowhere else.
 */
function typedTextProblems(value: unknown, at: (string | number)[], report: (field: (string | number)[], message: string) => void): void {
  if (typeof value === 'string') {
    const multiLine = at.includes('remarks') || at.includes('descriptions')
    if (FREE_TEXT_FORBIDDEN.test(value) || (!multiLine && /[\r\n\t]/.test(value))) report(at, 'control or direction characters are not allowed')
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => typedTextProblems(v, [...at, i], report))
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) typedTextProblems(v, [...at, k], report)
  }
}

// ---------- reading ----------

/**
 * A stored goods as an item of the menu file (menu-file.ts): what MenuGoodsGet answers and
 * MenuGoodsSave takes back. Pictures are left out (they are URLs in the answer and an upload in
 * the save); sku stock is in `skus.items[].stock` (absent = unlimited).
 */
export function goodsFileItem(menu: Pick<ShopMenu, 'shopId' | 'classes' | 'goods'>, g: CatalogueGoods): MenuGoods {
  const classCode = menu.classes.find((c) => c.classId === g.classId)?.code ?? g.classId
  const goodsCode = (goodsId: string): string => menu.goods.find((x) => x.goodsId === goodsId)?.code ?? goodsId.slice(`${menu.shopId}.g.`.length)
  const valueCode = (valueId: string): string => g.attributes.flatMap((a) => a.values).find((v) => v.valueId === valueId)?.code ?? valueId
  const item: MenuGoods = {
    code: g.code,
    class: classCode,
    names: g.names,
    descriptions: g.descriptions,
    unit: g.unitNames,
    type: g.goodsType,
    price: g.price,
    salesPrice: g.salesPrice,
    recommend: g.isRecommend,
    sort: g.sortNo,
    ...(g.onSaleTime ? { onSaleTime: g.onSaleTime } : {}),
    ...(g.offSaleTime ? { offSaleTime: g.offSaleTime } : {}),
    ...(g.baseIds ? { bases: [...g.baseIds] } : {}),
    stepQua: g.stepQua,
    ...(g.attributes.length > 0
      ? {
          skus: {
            attributes: g.attributes.map((a) => ({ code: a.code, names: a.names, values: a.values.map((v) => ({ code: v.code, names: v.names, allergens: [...(v.allergens ?? [])], diets: [...(v.diets ?? [])] })) })),
            items: g.skus.map((s) => ({
              code: s.code,
              values: s.valueIds.map(valueCode),
              price: s.price,
              salesPrice: s.salesPrice,
              ...(s.stock !== null ? { stock: s.stock } : {})
            }))
          }
        }
      : {}),
    packUnits: g.packUnits.map((p) => ({ code: p.code, names: p.names, ref: p.ref, price: p.price, salesPrice: p.salesPrice })),
    remarks: g.remarks,
    addOns: g.addOns.map((a) => ({ code: a.code, names: a.names, price: a.price, salesPrice: a.salesPrice, soldOut: a.soldOut === true, allergens: [...(a.allergens ?? [])], diets: [...(a.diets ?? [])] })),
    ...(g.combo.length > 0
      ? {
          combo: g.combo.map((c) => ({
            code: c.code,
            names: c.names,
            pick: c.pick,
            select: c.selectType,
            items: c.items.map((i) => ({ goods: goodsCode(i.goodsId), qua: i.qua, ...(i.unitNames ? { unit: i.unitNames } : {}), price: i.price, default: i.isDefault }))
          }))
        }
      : {}),
    soldOut: g.soldOut === true,
    allergens: [...(g.allergens ?? [])],
    diets: [...(g.diets ?? [])]
  }
  return item
}

/** Every price of a goods (list and now), by what it is the price of: what a 'menu.price' audit entry compares. */
export function goodsPrices(g: CatalogueGoods): Record<string, string> {
  const prices: Record<string, string> = { price: g.price, salesPrice: g.salesPrice }
  for (const s of g.skus) {
    prices[`skus.${s.code}.price`] = s.price
    prices[`skus.${s.code}.salesPrice`] = s.salesPrice
  }
  for (const p of g.packUnits) {
    prices[`packUnits.${p.code}.price`] = p.price
    prices[`packUnits.${p.code}.salesPrice`] = p.salesPrice
  }
  for (const a of g.addOns) {
    prices[`addOns.${a.code}.price`] = a.price
    prices[`addOns.${a.code}.salesPrice`] = a.salesPrice
  }
  for (const c of g.combo) for (const i of c.items) prices[`combo.${c.code}.${i.goodsId}.price`] = i.price
  return prices
}

/** The prices that differ between two versions of a goods: { key: [before, after] } ('' where absent). */
export function changedPrices(before: CatalogueGoods, after: CatalogueGoods): Record<string, [string, string]> {
  const a = goodsPrices(before)
  const b = goodsPrices(after)
  const changed: Record<string, [string, string]> = {}
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (key in a && key in b && a[key] !== b[key]) changed[key] = [a[key], b[key]]
  }
  return changed
}

/** The shop's stored menu, read in the caller's transaction. */
export function readShopMenu(db: Kysely<Database>, entId: string, shopId: string): Promise<ShopMenu> {
  return loadShopMenu(db, entId, shopId)
}

// ---------- goods ----------

export interface SaveGoodsRequest extends Scope {
  /** '' to add a goods; else the GoodsID to change (its code cannot change). */
  goodsId: string
  /** The goods as an item of the menu file (menu-file.ts MenuGoods), without pictures. */
  item: unknown
  /** 'keep' the stored picture, 'none', or a path under FILES_DIR (storeMenuPicture). */
  picture: 'keep' | 'none' | string
  /** Skus that exist keep their stored stock (orders take from it meanwhile); new ones take the item's. */
  keepStock: boolean
}

export interface SavedGoods {
  goods: CatalogueGoods
  before: CatalogueGoods | null
  /** The menu after the change (classes and goods), to answer the file item. */
  menu: Pick<ShopMenu, 'shopId' | 'classes' | 'goods'>
  version: number
}

/**
 * Adds or changes one goods whole. Checked with the import's rules (planGoods) against the stored
 * classes, goods (combo items) and branches of the shop; every problem at once (MENU_INVALID).
 * Kept from the stored goods: its sold-out switch and its add-ons' (the switch has its own
 * operation and audit), further pictures, sales count (unless the item gives salesQua), place in
 * its class (unless it gives sort; a new goods goes last in its class).
 */
export async function saveMenuGoods(trx: Trx, req: SaveGoodsRequest): Promise<SavedGoods> {
  const { entId, shopId } = req
  const version = await bumpMenuVersion(trx, entId, shopId, req.now)
  const menu = await loadShopMenu(trx, entId, shopId)
  const before = req.goodsId ? (menu.goods.find((g) => g.goodsId === req.goodsId) ?? null) : null
  if (req.goodsId && !before) throw new DomainError('GOODS_NOT_FOUND')

  const raw = req.item && typeof req.item === 'object' && !Array.isArray(req.item) ? (req.item as Record<string, unknown>) : null
  const code = typeof raw?.code === 'string' ? raw.code : ''
  if (!before && code && menu.goods.some((g) => g.code === code)) throw new DomainError('MENU_CODE_TAKEN', { code })

  const problems = new MenuProblems()
  const label = code ? `goods ${JSON.stringify(code)}` : 'goods'
  const report = (field: (string | number)[], message: string) => problems.add('goods', 0, label, field, message)
  if (!raw) report([], 'must be an object: one goods of the menu file (docs/menu-import.md)')
  if (before && code && code !== before.code) report(['code'], `a goods keeps its code ${JSON.stringify(before.code)}: remove it and add a new one to change the code`)
  typedTextProblems(raw, [], report)

  const classCodes = new Set(menu.classes.map((c) => c.code))
  const typeByCode = new Map<string, unknown>(menu.goods.map((g) => [g.code, g.goodsType]))
  if (raw && code) typeByCode.set(code, raw.type)
  const baseIds = new Set((await listBases(trx, entId, { shopIds: [shopId] })).map((b) => b.baseId))
  const planned = planGoods(raw, 0, {
    shopId,
    shopKnown: true,
    baseIds,
    unknownClass: (c) => !classCodes.has(c),
    unknownGoods: (c) => !typeByCode.has(c),
    goodsTypeOf: (c) => typeByCode.get(c),
    pictureTarget: (field) => {
      report(field, 'pictures are set with PictureFileID (an upload), not a path')
      return ''
    },
    report,
    reportZod: (error: z.ZodError) => problems.addZod('goods', 0, label, error)
  })
  if (planned && planned.goodsType === 3) {
    const goodsId = menuIds.goodsId(shopId, planned.code)
    const holder = menu.goods.find((g) => g.goodsId !== goodsId && g.combo.some((c) => c.items.some((i) => i.goodsId === goodsId)))
    if (holder) report(['type'], `goods ${JSON.stringify(planned.code)} is a choice in the combo ${JSON.stringify(holder.code)}, and a combo cannot be a choice in another`)
  }
  if (problems.count > 0 || !planned) throw invalid(problems.texts())

  const given = (field: string): boolean => raw !== null && raw[field] !== undefined
  const lastInClass = Math.max(-1, ...menu.goods.filter((g) => g.classId === planned.classId).map((g) => g.sortNo)) + 1
  const storedStock = new Map((before?.skus ?? []).map((s) => [s.skuId, s.stock]))
  const goods: CatalogueGoods = {
    ...planned,
    sortNo: given('sort') ? planned.sortNo : (before?.sortNo ?? lastInClass),
    salesQua: given('salesQua') ? planned.salesQua : (before?.salesQua ?? 0),
    image: req.picture === 'keep' ? (before?.image ?? '') : req.picture === 'none' ? '' : req.picture,
    images: before?.images ?? [],
    soldOut: before ? before.soldOut === true : planned.soldOut === true,
    addOns: planned.addOns.map((a) => {
      const was = before?.addOns.find((b) => b.optionId === a.optionId)
      return was ? { ...a, soldOut: was.soldOut === true } : a
    }),
    skus: req.keepStock ? planned.skus.map((s) => (storedStock.has(s.skuId) ? { ...s, stock: storedStock.get(s.skuId) ?? null } : s)) : planned.skus
  }
  if (before) await replaceGoods(trx, entId, shopId, goods)
  else await insertGoods(trx, entId, shopId, [goods])
  const goodsAfter = before ? menu.goods.map((g) => (g.goodsId === goods.goodsId ? goods : g)) : [...menu.goods, goods]
  return { goods, before, menu: { shopId, classes: menu.classes, goods: goodsAfter }, version }
}

/**
 * Removes one goods with everything under it (and its place in promotions); members' reviews of
 * it stay, as after an import that drops it. A goods that is a choice in a combo is refused
 * (MENU_GOODS_IN_COMBO): the combo's classes would silently lose a choice.
 */
export async function removeMenuGoods(trx: Trx, req: Scope & { goodsId: string }): Promise<{ before: CatalogueGoods; menu: ShopMenu; version: number }> {
  const version = await bumpMenuVersion(trx, req.entId, req.shopId, req.now)
  const menu = await loadShopMenu(trx, req.entId, req.shopId)
  const before = menu.goods.find((g) => g.goodsId === req.goodsId)
  if (!before) throw new DomainError('GOODS_NOT_FOUND')
  const holder = menu.goods.find((g) => g.goodsId !== before.goodsId && g.combo.some((c) => c.items.some((i) => i.goodsId === before.goodsId)))
  if (holder) throw new DomainError('MENU_GOODS_IN_COMBO', { goods: pickText(before.names, req.locale), combo: pickText(holder.names, req.locale) })
  await deleteGoods(trx, req.shopId, before.goodsId)
  return { before, menu, version }
}

/** Sets the stock of one sku (main units; null = unlimited). */
export async function setSkuStock(
  trx: Trx,
  req: Scope & { goodsId: string; skuId: string; stock: number | null }
): Promise<{ before: number | null; after: number | null; version: number }> {
  const version = await bumpMenuVersion(trx, req.entId, req.shopId, req.now)
  const row = await trx
    .selectFrom('skus as s')
    .innerJoin('goods as g', 'g.goods_id', 's.goods_id')
    .select(['s.stock'])
    .where('g.ent_id', '=', req.entId)
    .where('s.shop_id', '=', req.shopId)
    .where('s.goods_id', '=', req.goodsId)
    .where('s.sku_id', '=', req.skuId)
    .executeTakeFirst()
  if (!row) throw new DomainError('GOODS_NOT_FOUND')
  await trx.updateTable('skus').set({ stock: req.stock }).where('shop_id', '=', req.shopId).where('sku_id', '=', req.skuId).execute()
  return { before: row.stock === null || row.stock === undefined ? null : Number(row.stock), after: req.stock, version }
}

// ---------- classes ----------

export interface SavedClass {
  before: CatalogueClass | null
  after: CatalogueClass
  version: number
}

const classOf = (r: Database['goods_classes']): CatalogueClass => ({ classId: r.class_id, code: r.code, names: parseNames(r.names), sortNo: Number(r.sort_no), image: r.image })

/**
 * Adds a class ('' classId) or renames / moves one, checked with the import's class rules
 * ({ code, names, sort }; a class keeps its code, sort absent = last for a new class, kept for
 * one that exists).
 */
export async function saveMenuClass(trx: Trx, req: Scope & { classId: string; item: { code: unknown; names: unknown; sort?: unknown } }): Promise<SavedClass> {
  const { entId, shopId } = req
  const version = await bumpMenuVersion(trx, entId, shopId, req.now)
  const rows = await trx.selectFrom('goods_classes').selectAll().where('ent_id', '=', entId).where('shop_id', '=', shopId).execute()
  const classes = rows.map(classOf)
  const before = req.classId ? (classes.find((c) => c.classId === req.classId) ?? null) : null
  if (req.classId && !before) throw new DomainError('CLASS_NOT_FOUND')
  const item = Object.fromEntries(Object.entries(req.item).filter(([, v]) => v !== undefined && v !== ''))
  const code = typeof item.code === 'string' ? item.code : ''
  if (!before && code && classes.some((c) => c.code === code)) throw new DomainError('MENU_CODE_TAKEN', { code })

  const problems = new MenuProblems()
  const label = code ? `class ${JSON.stringify(code)}` : 'class'
  const report = (field: (string | number)[], message: string) => problems.add('classes', 0, label, field, message)
  if (before && code && code !== before.code) report(['code'], `a class keeps its code ${JSON.stringify(before.code)}`)
  typedTextProblems(item, [], report)
  const parsed = classSchema.safeParse(item)
  if (!parsed.success) problems.addZod('classes', 0, label, parsed.error)
  if (problems.count > 0 || !parsed.success) throw invalid(problems.texts())

  const c = parsed.data
  const after: CatalogueClass = {
    classId: before?.classId ?? menuIds.classId(shopId, c.code),
    code: c.code,
    names: c.names,
    sortNo: c.sort ?? before?.sortNo ?? Math.max(-1, ...classes.map((x) => x.sortNo)) + 1,
    image: before?.image ?? ''
  }
  if (before) {
    await trx.updateTable('goods_classes').set({ names: namesJson(after.names), sort_no: after.sortNo }).where('shop_id', '=', shopId).where('class_id', '=', after.classId).execute()
  } else {
    await trx
      .insertInto('goods_classes')
      .values({ class_id: after.classId, ent_id: entId, shop_id: shopId, code: after.code, names: namesJson(after.names), sort_no: after.sortNo, image: '' })
      .execute()
  }
  return { before, after, version }
}

/** Removes an empty class; one that still has goods is refused (MENU_CLASS_NOT_EMPTY). */
export async function removeMenuClass(trx: Trx, req: Scope & { classId: string }): Promise<{ before: CatalogueClass; version: number }> {
  const version = await bumpMenuVersion(trx, req.entId, req.shopId, req.now)
  const row = await trx.selectFrom('goods_classes').selectAll().where('ent_id', '=', req.entId).where('shop_id', '=', req.shopId).where('class_id', '=', req.classId).executeTakeFirst()
  if (!row) throw new DomainError('CLASS_NOT_FOUND')
  const before = classOf(row)
  const goods = await trx.selectFrom('goods').select('goods_id').where('shop_id', '=', req.shopId).where('class_id', '=', req.classId).limit(1).execute()
  if (goods.length > 0) throw new DomainError('MENU_CLASS_NOT_EMPTY', { class: pickText(before.names, req.locale) })
  await trx.deleteFrom('goods_classes').where('shop_id', '=', req.shopId).where('class_id', '=', req.classId).execute()
  return { before, version }
}

// ---------- pictures ----------

/**
 * Copies a checked upload (uploaded-images.ts: decoded, metadata stripped) into the shop's menu
 * picture folder under FILES_DIR, named as the import names its copies (`<name>-<content hash>.<ext>`,
 * so a new picture gets a new URL), and makes its variants beside it (WebP widths, their list in
 * the name: `<name>-<hash>.v160-320-640.jpg`; files/picture-variants.ts) — once, here. Answers the
 * path the goods row keeps and the files made (none when that picture was there already): remove
 * them if the change does not commit. UPLOAD_FILE_INVALID for a picture that cannot be used.
 */
export async function storeMenuPicture(
  storage: ObjectStorage,
  filesDir: string,
  entId: string,
  shopId: string,
  name: string,
  image: CheckedImage
): Promise<{ target: string; created: string[] }> {
  const body = await storage.read(image.key)
  if (!body) throw new DomainError('UPLOAD_NOT_FOUND')
  const ext = path.extname(image.key).toLowerCase() || '.jpg'
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 10)
  const stem = `${slug(name)}-${hash}`
  const check = takesVariants(ext) ? await checkPicture(body) : null
  if (check && !check.ok) throw new DomainError('UPLOAD_FILE_INVALID')
  const widths = check?.ok ? check.widths : []
  const target = `${menuPictureDir(entId, shopId)}/${markedName(stem, widths, ext)}`
  const file = path.join(filesDir, target)
  const created: string[] = []
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, body)
    created.push(file)
  }
  try {
    created.push(...(await writeVariants(body, path.dirname(file), stem, widths)))
  } catch (error) {
    for (const made of created) fs.rmSync(made, { force: true })
    throw error instanceof PictureVariantError ? new DomainError('UPLOAD_FILE_INVALID') : error
  }
  return { target, created }
}
