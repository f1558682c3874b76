/**
 * Importing a menu file (menu-file.ts, docs/menu-import.md): validate everything, then replace
 * the shop's whole menu in one transaction and bump its menu version.
 *
 *   1. The file is checked with zod item by item, then cross-referenced (class and goods codes,
 *      sku values, combo items, promotion goods, branches of the shop, picture files). Every
 *      problem is collected, each naming the item and field:
 *        goods[12] "A07" skus.items[1].values: unknown value code "XL"
 *      Any problem rejects the whole file (MenuImportError) before anything is written.
 *   2. Pictures are copied into FILES_DIR/menu/<EntID>/<ShopID>/ under names carrying a hash
 *      of their content (a changed picture gets a new URL, so caches never show the old one).
 *   3. One transaction bumps the version, deletes the shop's menu and imported reviews and
 *      writes the new ones. If it fails, the pictures this import added are removed again;
 *      after it commits, pictures no longer used by the shop are.
 *
 * IDs come from ShopID + codes (ids.ts), so a re-import keeps every GoodsID and SkuID.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { LocalizedText } from '../../../../src/gateway/contract'
import type { BomSelectType, GoodsType, SaleType, SkuType } from '../../../../src/gateway/operations'
import { Decimal } from '../../../../src/core/money'
import { parseGoodsRemarks } from '../../../../src/core/goods-remarks'
import { markProblemText, parseAllergens, parseDiets, type AllergenCode, type DietCode } from '../../../../src/core/allergens'
import { isTimeZone, wallClockIn } from '../../../../src/core/wall-clock'
import { listBases } from '../../storage/repositories/base.repository'
import { findEnterprise, findEnterpriseSetting } from '../../storage/repositories/enterprise.repository'
import { bumpMenuVersion, listMenuPictures, replaceShopMenu } from '../../storage/repositories/menu.repository'
import { findShop } from '../../storage/repositories/shop.repository'
import type { Database } from '../../storage/schema'
import { FALLBACK_TIME_ZONE } from '../enterprise/enterprise.service'
import { CODE_PATTERN, menuIds } from './ids'
import { MENU_FORMAT } from './menu-file'
import { menuCache } from './menu-cache'
import { appendEvent } from '../../live/outbox'
import { checkPicture, markedName, PictureVariantError, takesVariants, writeVariants, type PictureCheck } from '../files/picture-variants'
import { pictureVariants } from '../../../../src/core/picture-variants'
import type { CatalogueClass, CatalogueGoods, Promotion, Review, ShopMenu } from './records'

export interface MenuImportOptions {
  /** FILES_DIR of the server config: pictures are copied under menu/<EntID>/<ShopID>/ there. */
  filesDir: string
  /** The import's instant (reviews given as days ago count back from it). */
  now?: Date
  /** Recorded with the menu version (the file name). */
  source?: string
}

export interface MenuImportSummary {
  entId: string
  shopId: string
  /** The shop's menu version after this import. */
  version: number
  classes: number
  goods: number
  skus: number
  packUnits: number
  addOns: number
  combos: number
  promotions: number
  reviews: number
  /** Pictures the menu uses, and how many of them were new files. */
  pictures: number
  picturesCopied: number
}

/** A rejected menu: every problem found, in file order, each naming the item and field. */
export class MenuImportError extends Error {
  constructor(readonly problems: string[]) {
    super(`The menu was rejected (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((p, i) => `${i + 1}. ${p}`).join('\n')}`)
    this.name = 'MenuImportError'
  }
}

// ---------- the file's schema ----------

const DECIMAL = /^\d{1,12}(\.\d{1,8})?$/
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const PICTURE_TYPES = ['.jpg', '.jpeg', '.png', '.webp', '.gif', '.svg', '.avif']
const GOODS_TYPES: readonly GoodsType[] = [0, 3, 5, 6, 7, 9]
const SALE_TYPES: readonly Exclude<SaleType, 0>[] = [1, 2, 3, 4, 5]

const shown = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value) : String(value))

/** A decimal string: '38', '12.5'; never a JSON number (floats are not exact). */
const decimal = (what: 'price' | 'positive' | 'rate') =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      if (value === undefined) return void ctx.addIssue({ code: 'custom', message: 'is required' })
      if (typeof value !== 'string') {
        return void ctx.addIssue({ code: 'custom', message: `must be a decimal string such as "12.5", got the ${typeof value} ${shown(value)}` })
      }
      if (!DECIMAL.test(value)) {
        return void ctx.addIssue({ code: 'custom', message: `bad decimal ${shown(value)}: write digits with at most 8 decimals, such as "12.5"` })
      }
      const d = new Decimal(value)
      if (what === 'positive' && d.lessThanOrEqualTo(0)) ctx.addIssue({ code: 'custom', message: `must be greater than 0, got ${shown(value)}` })
      if (what === 'rate' && (d.lessThanOrEqualTo(0) || d.greaterThan(1))) {
        ctx.addIssue({ code: 'custom', message: `must be greater than 0 and at most 1 ("0.8" = 20% off), got ${shown(value)}` })
      }
    })
    .transform((value) => new Decimal(value as string).toFixed())

const clock = z
  .string({ invalid_type_error: 'must be a time "HH:mm"' })
  .regex(CLOCK, { message: 'bad time: must be "HH:mm" from "00:00" to "23:59"' })

const date = z.string({ invalid_type_error: 'must be a date "YYYY-MM-DD"' }).refine((value) => {
  const m = DATE.exec(value)
  if (!m) return false
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]))
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3]
}, 'bad date: must be a real date "YYYY-MM-DD"')

const code = z
  .string({ invalid_type_error: 'must be a code (text)' })
  .regex(CODE_PATTERN, { message: 'bad code: use 1–32 letters, digits, "_" or "-"' })

const text = z.string({ invalid_type_error: 'must be text' })
const nonEmpty = text.trim().min(1, 'must not be empty').max(500, 'must be at most 500 characters')

/** A name in all three languages, none empty. */
const names = z.object({ 'zh-CN': nonEmpty, 'zh-TW': nonEmpty, en: nonEmpty }).strict()
/** Optional texts per language (missing languages are ''). */
const texts = z
  .object({ 'zh-CN': text.max(4000).optional(), 'zh-TW': text.max(4000).optional(), en: text.max(4000).optional() })
  .strict()
  .transform((t): LocalizedText => ({ 'zh-CN': t['zh-CN'] ?? '', 'zh-TW': t['zh-TW'] ?? '', en: t.en ?? '' }))

const picture = z
  .string({ invalid_type_error: 'must be a picture path (text)' })
  .min(1, 'must not be empty')
  .refine((p) => !path.isAbsolute(p) && !/^[a-z][a-z0-9+.-]*:/i.test(p), 'must be a path relative to the menu file')
  .refine((p) => PICTURE_TYPES.includes(path.extname(p).toLowerCase()), `must be a picture (${PICTURE_TYPES.join(' ')})`)

const int = (min: number, max = 1_000_000_000) =>
  z
    .number({ invalid_type_error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)

const oneOf = <T extends number>(values: readonly T[]) =>
  z
    .number({ invalid_type_error: `must be one of ${values.join(', ')}` })
    .refine((v): v is T => (values as readonly number[]).includes(v), `must be one of ${values.join(', ')}`)
    .transform((v) => v as T)

const list = <T extends z.ZodTypeAny>(item: T) => z.array(item, { invalid_type_error: 'must be a list' })

/**
 * Allergen or dietary codes (src/core/allergens.ts): a list of codes, each known, one spice level.
 * A bad code is a problem at its place ('allergens[1]: unknown allergen code "peanut" (use …)').
 */
const marks = <K extends 'allergen' | 'diet'>(kind: K) =>
  list(text)
    .superRefine((codes, ctx) => {
      const parse = kind === 'allergen' ? parseAllergens : parseDiets
      let seen = 0
      codes.forEach((_, i) => {
        const problems = parse(codes.slice(0, i + 1)).problems
        if (problems.length > seen) ctx.addIssue({ code: 'custom', path: [i], message: markProblemText(problems[problems.length - 1], kind) })
        seen = problems.length
      })
    })
    .transform((codes) => (kind === 'allergen' ? parseAllergens(codes).codes : parseDiets(codes).codes) as K extends 'allergen' ? AllergenCode[] : DietCode[])

export const classSchema = z
  .object({ code, names, sort: int(-1_000_000).optional(), image: picture.optional() })
  .strict()

const skusSchema = z
  .object({
    attributes: list(
      z
        .object({
          code,
          names,
          values: list(z.object({ code, names, allergens: marks('allergen').optional(), diets: marks('diet').optional() }).strict()).min(1, 'must list at least one value')
        })
        .strict()
    ).min(1, 'must list at least one attribute'),
    items: list(
      z
        .object({
          code,
          values: list(text),
          price: decimal('price'),
          salesPrice: decimal('price').optional(),
          stock: int(0).optional()
        })
        .strict()
    ).min(1, 'must list at least one sku')
  })
  .strict()

const goodsSchema = z
  .object({
    code,
    class: text,
    names,
    descriptions: texts.optional(),
    unit: names,
    type: oneOf(GOODS_TYPES),
    /** Optional check: 0 none, 1 one attribute, 2 several (derived from skus when absent). */
    skuType: oneOf<SkuType>([0, 1, 2]).optional(),
    price: decimal('price'),
    salesPrice: decimal('price').optional(),
    image: picture.optional(),
    images: list(picture).optional(),
    recommend: z.boolean({ invalid_type_error: 'must be true or false' }).optional(),
    sort: int(-1_000_000).optional(),
    onSaleTime: clock.optional(),
    offSaleTime: clock.optional(),
    salesQua: int(0).optional(),
    bases: list(text).optional(),
    stepQua: decimal('positive').optional(),
    skus: skusSchema.optional(),
    packUnits: list(z.object({ code, names, ref: decimal('positive'), price: decimal('price'), salesPrice: decimal('price').optional() }).strict()).optional(),
    remarks: texts.optional(),
    addOns: list(
      z
        .object({
          code,
          names,
          price: decimal('price'),
          salesPrice: decimal('price').optional(),
          soldOut: z.boolean({ invalid_type_error: 'must be true or false' }).optional(),
          allergens: marks('allergen').optional(),
          diets: marks('diet').optional()
        })
        .strict()
    ).optional(),
    soldOut: z.boolean({ invalid_type_error: 'must be true or false' }).optional(),
    allergens: marks('allergen').optional(),
    diets: marks('diet').optional(),
    combo: list(
      z
        .object({
          code,
          names,
          pick: int(1, 100),
          select: oneOf<BomSelectType>([0, 1]),
          items: list(
            z
              .object({
                goods: text,
                qua: decimal('positive').optional(),
                unit: names.optional(),
                price: decimal('price').optional(),
                default: z.boolean({ invalid_type_error: 'must be true or false' }).optional()
              })
              .strict()
          ).min(1, 'must list at least one goods')
        })
        .strict()
    ).optional()
  })
  .strict()

const promotionSchema = z
  .object({
    code,
    names,
    saleType: oneOf(SALE_TYPES),
    goods: list(text).min(1, 'must list at least one goods code'),
    price: decimal('price').optional(),
    discount: decimal('rate').optional(),
    beginDate: date.optional(),
    endDate: date.optional(),
    beginTime: clock.optional(),
    endTime: clock.optional()
  })
  .strict()

const AT_FORMAT = 'must be "YYYY-MM-DD HH:mm" or { "daysAgo": n, "time": "HH:mm" }'

const reviewSchema = z
  .object({
    goods: text,
    vipName: nonEmpty,
    stars: oneOf<1 | 2 | 3 | 4 | 5>([1, 2, 3, 4, 5]),
    text: text.max(4000),
    images: list(picture).optional(),
    at: z.union(
      [
        z.string().regex(/^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d$/, AT_FORMAT),
        z.object({ daysAgo: int(0, 3650), time: clock }).strict()
      ],
      { errorMap: () => ({ message: AT_FORMAT }) }
    )
  })
  .strict()

const topSchema = z
  .object({
    format: z.unknown().refine((v) => v === MENU_FORMAT, `must be "${MENU_FORMAT}"`),
    EntID: nonEmpty,
    ShopID: nonEmpty,
    classes: list(z.unknown()),
    goods: list(z.unknown()),
    promotions: list(z.unknown()).optional(),
    reviews: list(z.unknown()).optional()
  })
  .strict()

type ParsedGoods = z.infer<typeof goodsSchema>
type ParsedClass = z.infer<typeof classSchema>
type ParsedPromotion = z.infer<typeof promotionSchema>
type ParsedReview = z.infer<typeof reviewSchema>

// ---------- problems ----------

type PathPart = string | number
const SECTIONS = ['file', 'classes', 'goods', 'promotions', 'reviews'] as const
type Section = (typeof SECTIONS)[number]

interface Problem {
  section: Section
  index: number
  seq: number
  text: string
}

/** 'skus.items[1].values' */
function pathText(parts: readonly PathPart[]): string {
  return parts.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part), '')
}

function zodMessage(issue: z.ZodIssue): string {
  if (/^[a-z"]/.test(issue.message)) return issue.message
  switch (issue.code) {
    case 'invalid_type':
      if (issue.received === 'undefined') return 'is required'
      if (issue.expected === 'integer') return 'must be a whole number'
      return `must be ${issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}, got ${issue.received}`
    default:
      return issue.message.charAt(0).toLowerCase() + issue.message.slice(1)
  }
}

/** Problems of a menu (or of one item the console saves), each naming its item and field. */
export class MenuProblems {
  private readonly list: Problem[] = []
  private seq = 0

  /** `label` names the item: 'goods[12] "A07"'; `field` the place in it: ['skus', 'items', 1]. */
  add(section: Section, index: number, label: string, field: readonly PathPart[], message: string): void {
    const where = pathText(field)
    const head = [label, where].filter(Boolean).join(' ')
    this.list.push({ section, index, seq: this.seq++, text: `${head}: ${message}` })
  }

  addZod(section: Section, index: number, label: string, error: z.ZodError, prefix: readonly PathPart[] = []): void {
    for (const issue of error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) this.add(section, index, label, [...prefix, ...issue.path, key], 'unknown field')
      } else {
        this.add(section, index, label, [...prefix, ...issue.path], zodMessage(issue))
      }
    }
  }

  get count(): number {
    return this.list.length
  }

  /** In file order: top-level fields, then classes, goods, promotions, reviews by index. */
  texts(): string[] {
    const rank = (s: Section): number => SECTIONS.indexOf(s)
    return [...this.list].sort((a, b) => rank(a.section) - rank(b.section) || a.index - b.index || a.seq - b.seq).map((p) => p.text)
  }
}

const codeOf = (raw: unknown): string | undefined => {
  const c = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).code : undefined
  return typeof c === 'string' ? c : undefined
}

const itemLabel = (section: string, index: number, raw: unknown): string => {
  const c = codeOf(raw)
  return c !== undefined ? `${section}[${index}] ${JSON.stringify(c)}` : `${section}[${index}]`
}

const reviewLabel = (index: number, raw: unknown): string => {
  const goods = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).goods : undefined
  return typeof goods === 'string' ? `reviews[${index}] (goods ${JSON.stringify(goods)})` : `reviews[${index}]`
}

/** Reports each code seen twice in `items` (after its first use). */
function duplicates<T>(items: readonly T[], key: (item: T) => string | undefined, report: (index: number, key: string, first: number) => void): void {
  const seen = new Map<string, number>()
  items.forEach((item, index) => {
    const k = key(item)
    if (k === undefined) return
    const first = seen.get(k)
    if (first === undefined) seen.set(k, index)
    else report(index, k, first)
  })
}

// ---------- pictures ----------

interface PicturePlan {
  /** Absolute path of the source file. */
  source: string
  /**
   * Path under FILES_DIR: 'menu/E1001/S101/har-gow-1a2b3c4d5e.jpg', for a photo with the widths
   * of its variants ('har-gow-1a2b3c4d5e.v160-320-640-1280.jpg', src/core/picture-variants.ts).
   */
  target: string
  /** The variants' name before '.<width>.webp' ('har-gow-1a2b3c4d5e') and their widths (none: no variants). */
  stem: string
  widths: number[]
}

/** A picture's name without the widths mark its copy carries (an export of this server imported again). */
const sourceName = (base: string): string => base.replace(/\.v\d+(?:-\d+)*$/, '')

export const slug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'picture'

/** The folder (under FILES_DIR) a shop's menu pictures live in. */
export const menuPictureDir = (entId: string, shopId: string): string => `menu/${entId}/${shopId}`

// ---------- one goods ----------

/** What planning one goods needs to know about the rest of the menu and the shop. */
export interface GoodsPlanEnv {
  shopId: string
  /** Whether the shop exists (its branches are then known). */
  shopKnown: boolean
  baseIds: ReadonlySet<string>
  unknownClass(code: string): boolean
  unknownGoods(code: string): boolean
  /** The type of another goods of the menu by its code (undefined: unknown). */
  goodsTypeOf(code: string): unknown
  /** Where a picture named in the item goes (a path under FILES_DIR), reporting a missing file. */
  pictureTarget(field: PathPart[], relative: string): string
  /** A problem of this item: its field and what is wrong. */
  report(field: PathPart[], message: string): void
  reportZod(error: z.ZodError): void
}

/**
 * A remark group's required mark ('*' first in its name, src/core/goods-remarks.ts) must be the
 * same in every language that has the group (groups are matched by their place): the diner of one
 * language must not be made to choose what another may leave out.
 */
function checkRequiredMarks(remarks: LocalizedText, report: (field: PathPart[], message: string) => void): void {
  const languages = (['zh-CN', 'zh-TW', 'en'] as const).filter((l) => remarks[l].trim() !== '')
  const groups = new Map(languages.map((l) => [l, parseGoodsRemarks(remarks[l])]))
  const first = languages[0]
  if (!first) return
  for (const l of languages.slice(1)) {
    groups.get(l)!.forEach((group, gi) => {
      const other = groups.get(first)![gi]
      if (other && Boolean(other.required) !== Boolean(group.required)) {
        report(
          ['remarks', l],
          `group ${gi + 1} ${JSON.stringify(group.name)} is ${group.required ? 'required' : 'optional'} here but ${other.required ? 'required' : 'optional'} in ${first} (a "*" before the name marks a required group: mark it in every language or in none)`
        )
      }
    })
  }
}

/**
 * Checks one goods item of a menu file (the shape, its own codes, references to classes, goods,
 * branches and pictures through `env`) and builds the catalogue goods it writes; null when the
 * item cannot be read. Problems go to `env.report`. The import plans every goods of a file with
 * it; the console's MenuGoodsSave plans one against the shop's stored menu (menu-edit.service.ts).
 */
export function planGoods(rawItem: unknown, index: number, env: GoodsPlanEnv): CatalogueGoods | null {
  const { shopId, shopKnown, baseIds, unknownClass, unknownGoods, report } = env
  const parsed = goodsSchema.safeParse(rawItem)
  if (!parsed.success) {
    env.reportZod(parsed.error)
    // Cross-references of a broken item are still worth reporting when readable.
    const item = rawItem as Record<string, unknown> | null
    if (item && typeof item.class === 'string' && unknownClass(item.class)) report(['class'], `unknown class code ${JSON.stringify(item.class)}`)
    return null
  }
  const g: ParsedGoods = parsed.data
  const goodsId = menuIds.goodsId(shopId, g.code)
  if (unknownClass(g.class)) report(['class'], `unknown class code ${JSON.stringify(g.class)}`)

  // Branches.
  const bases = g.bases && g.bases.length > 0 ? [...new Set(g.bases)] : null
  if (bases && shopKnown) {
    g.bases!.forEach((baseId, i) => {
      if (!baseIds.has(baseId)) report(['bases', i], `${JSON.stringify(baseId)} is not a branch of shop ${shopId}`)
    })
  }

  // Skus.
  const attributes = g.skus?.attributes ?? []
  const derivedSkuType: SkuType = attributes.length === 0 ? 0 : attributes.length === 1 ? 1 : 2
  if (g.skuType !== undefined && g.skuType !== derivedSkuType) {
    report(['skuType'], `sku type ${g.skuType} does not match skus with ${attributes.length} attribute${attributes.length === 1 ? '' : 's'} (sku type ${derivedSkuType})`)
  }
  duplicates(attributes, (a) => a.code, (i, c) => report(['skus', 'attributes', i, 'code'], `duplicate attribute code ${JSON.stringify(c)}`))
  attributes.forEach((a, ai) =>
    duplicates(a.values, (v) => v.code, (vi, c) => report(['skus', 'attributes', ai, 'values', vi, 'code'], `duplicate value code ${JSON.stringify(c)}`))
  )
  const skuItems = g.skus?.items ?? []
  duplicates(skuItems, (s) => s.code, (i, c, first) => report(['skus', 'items', i, 'code'], `duplicate sku code ${JSON.stringify(c)} (also skus.items[${first}])`))
  const attrIds = attributes.map((a) => menuIds.attrId(goodsId, a.code))
  skuItems.forEach((s, si) => {
    if (s.values.length !== attributes.length) {
      report(['skus', 'items', si, 'values'], `${s.values.length} value code${s.values.length === 1 ? '' : 's'} for ${attributes.length} attribute${attributes.length === 1 ? '' : 's'} (one per attribute, in order)`)
      return
    }
    s.values.forEach((valueCode, vi) => {
      const attribute = attributes[vi]
      if (!attribute.values.some((v) => v.code === valueCode)) {
        report(['skus', 'items', si, 'values'], `unknown value code ${JSON.stringify(valueCode)} (attribute ${JSON.stringify(attribute.code)} has ${attribute.values.map((v) => v.code).join(', ')})`)
      }
    })
  })
  duplicates(
    skuItems,
    (s) => (s.values.length === attributes.length ? s.values.join(',') : undefined),
    (i, _key, first) => report(['skus', 'items', i, 'values'], `same values as skus.items[${first}]`)
  )

  // Pack units, add-ons.
  duplicates(g.packUnits ?? [], (p) => p.code, (i, c) => report(['packUnits', i, 'code'], `duplicate pack unit code ${JSON.stringify(c)}`))
  duplicates(g.addOns ?? [], (a) => a.code, (i, c) => report(['addOns', i, 'code'], `duplicate add-on code ${JSON.stringify(c)}`))

  // Combo.
  const combo = g.combo ?? []
  if (g.type === 3 && combo.length === 0) report(['combo'], 'a combo goods (type 3) needs at least one combo class')
  if (g.type !== 3 && combo.length > 0) report(['combo'], `only combo goods (type 3) have combo classes; this goods is type ${g.type}`)
  duplicates(combo, (c) => c.code, (i, c) => report(['combo', i, 'code'], `duplicate combo class code ${JSON.stringify(c)}`))
  combo.forEach((comboClass, ci) => {
    comboClass.items.forEach((item, ii) => {
      const field = ['combo', ci, 'items', ii, 'goods']
      if (unknownGoods(item.goods)) report(field, `unknown goods code ${JSON.stringify(item.goods)}`)
      else if (env.goodsTypeOf(item.goods) === 3) report(field, `goods ${JSON.stringify(item.goods)} is itself a combo`)
    })
    duplicates(comboClass.items, (i) => i.goods, (ii, c) => report(['combo', ci, 'items', ii, 'goods'], `goods ${JSON.stringify(c)} is listed twice`))
    if (comboClass.select === 0 && comboClass.pick > comboClass.items.length) {
      report(['combo', ci, 'pick'], `${comboClass.pick} to pick but only ${comboClass.items.length} goods to pick from`)
    }
    const defaults = comboClass.items.filter((i) => i.default).length
    if (defaults > comboClass.pick) report(['combo', ci, 'items'], `${defaults} goods marked default but only ${comboClass.pick} to pick`)
  })

  // Remarks: a required mark ('*' before a group's name) the same in every language.
  if (g.remarks) checkRequiredMarks(g.remarks, report)

  // Pictures.
  const image = g.image ? env.pictureTarget(['image'], g.image) : ''
  const images = (g.images ?? []).map((p, i) => env.pictureTarget(['images', i], p))

  const emptyNames: LocalizedText = { 'zh-CN': '', 'zh-TW': '', en: '' }
  return {
    goodsId,
    code: g.code,
    shopId,
    classId: menuIds.classId(shopId, g.class),
    names: g.names,
    descriptions: g.descriptions ?? emptyNames,
    unitNames: g.unit,
    goodsType: g.type,
    skuType: derivedSkuType,
    price: g.price,
    salesPrice: g.salesPrice ?? g.price,
    stepQua: g.stepQua ?? '1',
    onSaleTime: g.onSaleTime ?? '',
    offSaleTime: g.offSaleTime ?? '',
    salesQua: g.salesQua ?? 0,
    isRecommend: g.recommend ?? false,
    sortNo: g.sort ?? index,
    remarks: g.remarks ?? emptyNames,
    image,
    images,
    baseIds: bases,
    attributes: attributes.map((a, ai) => ({
      attrId: attrIds[ai],
      code: a.code,
      names: a.names,
      sortNo: ai,
      values: a.values.map((v, vi) => ({ valueId: menuIds.valueId(attrIds[ai], v.code), attrId: attrIds[ai], code: v.code, names: v.names, sortNo: vi, allergens: v.allergens ?? [], diets: v.diets ?? [] }))
    })),
    skus: skuItems.map((s, si) => ({
      skuId: menuIds.skuId(goodsId, s.code),
      code: s.code,
      valueIds: s.values.map((v, vi) => menuIds.valueId(attrIds[vi] ?? '', v)),
      price: s.price,
      salesPrice: s.salesPrice ?? s.price,
      stock: s.stock ?? null,
      sortNo: si
    })),
    packUnits: (g.packUnits ?? []).map((p, pi) => ({ code: p.code, names: p.names, ref: p.ref, price: p.price, salesPrice: p.salesPrice ?? p.price, sortNo: pi })),
    addOns: (g.addOns ?? []).map((a, ai) => ({
      optionId: menuIds.optionId(goodsId, a.code),
      code: a.code,
      names: a.names,
      price: a.price,
      salesPrice: a.salesPrice ?? a.price,
      sortNo: ai,
      soldOut: a.soldOut ?? false,
      allergens: a.allergens ?? [],
      diets: a.diets ?? []
    })),
    combo: combo.map((c, ci) => ({
      bomClassId: menuIds.bomClassId(goodsId, c.code),
      code: c.code,
      names: c.names,
      pick: c.pick,
      selectType: c.select,
      sortNo: ci,
      items: c.items.map((i, ii) => ({
        goodsId: menuIds.goodsId(shopId, i.goods),
        qua: i.qua ?? '1',
        unitNames: i.unit ?? null,
        price: i.price ?? '0',
        isDefault: i.default ?? false,
        sortNo: ii
      }))
    })),
    soldOut: g.soldOut ?? false,
    allergens: g.allergens ?? [],
    diets: g.diets ?? []
  }
}

// ---------- planning ----------

export interface MenuPlan {
  menu: Omit<ShopMenu, 'version' | 'commentCounts'>
  reviews: Review[]
  pictures: PicturePlan[]
}

const PATH_SAFE = /^[A-Za-z0-9_-]{1,64}$/

/** The wall clock 'YYYY-MM-DD' + 'HH:mm' in `timeZone` as an instant. */
export function instantOf(timeZone: string, dateText: string, clockText: string): Date {
  const [y, mo, d] = dateText.split('-').map(Number)
  const [h, mi] = clockText.split(':').map(Number)
  const guess = Date.UTC(y, mo - 1, d, h, mi)
  let instant = guess
  // Two rounds settle the zone's offset (also next to a daylight-saving change).
  for (let round = 0; round < 2; round++) {
    const w = wallClockIn(timeZone, new Date(instant))
    const [wy, wmo, wd] = w.date.split('-').map(Number)
    const shown = Date.UTC(wy, wmo - 1, wd) + w.secondsOfDay * 1000
    instant += guess - shown
  }
  return new Date(instant)
}

function daysBefore(dateText: string, days: number): string {
  const [y, mo, d] = dateText.split('-').map(Number)
  return new Date(Date.UTC(y, mo - 1, d - days)).toISOString().slice(0, 10)
}

/**
 * Validates a menu (already parsed JSON) against the format and the database, and builds what
 * the import will write. Throws MenuImportError listing every problem.
 */
export async function planMenuImport(db: Kysely<Database>, raw: unknown, baseDir: string, now: Date = new Date()): Promise<MenuPlan> {
  const problems = new MenuProblems()
  const fail = (): never => {
    throw new MenuImportError(problems.texts())
  }
  const top = topSchema.safeParse(raw)
  if (!top.success) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      problems.add('file', 0, 'menu file', [], 'must be a JSON object with format, EntID, ShopID, classes and goods')
      fail()
    }
    problems.addZod('file', 0, '', top.error)
    // Items can still be checked when the lists themselves are lists.
  }
  const file = (raw ?? {}) as Record<string, unknown>
  const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
  const rawClasses = asList(file.classes)
  const rawGoods = asList(file.goods)
  const rawPromotions = asList(file.promotions)
  const rawReviews = asList(file.reviews)
  const entId = typeof file.EntID === 'string' ? file.EntID.trim() : ''
  const shopId = typeof file.ShopID === 'string' ? file.ShopID.trim() : ''

  // The shop and its branches.
  let shopKnown = false
  let baseIds = new Set<string>()
  let timeZone = FALLBACK_TIME_ZONE
  if (entId && shopId) {
    if (!PATH_SAFE.test(entId) || !PATH_SAFE.test(shopId)) {
      problems.add('file', 0, PATH_SAFE.test(entId) ? 'ShopID' : 'EntID', [], 'must be letters, digits, "_" or "-" (it names the picture folder)')
    } else if (!(await findEnterprise(db, entId))) {
      problems.add('file', 0, 'EntID', [], `enterprise ${JSON.stringify(entId)} does not exist`)
    } else if (!(await findShop(db, entId, shopId))) {
      problems.add('file', 0, 'ShopID', [], `shop ${JSON.stringify(shopId)} does not exist in enterprise ${JSON.stringify(entId)}`)
    } else {
      shopKnown = true
      baseIds = new Set((await listBases(db, entId, { shopIds: [shopId] })).map((b) => b.baseId))
      const zone = await findEnterpriseSetting(db, entId, 'TimeZone')
      if (zone && isTimeZone(zone)) timeZone = zone
    }
  }

  // Codes as written, even on items with other problems, so one bad field does not make
  // every reference to the item fail too. When a whole list is unreadable, references to
  // it are not checked (its own problem says enough).
  const classCodes = new Set(rawClasses.map(codeOf).filter((c): c is string => c !== undefined))
  const goodsTypeByCode = new Map<string, unknown>()
  for (const g of rawGoods) {
    const c = codeOf(g)
    if (c !== undefined && !goodsTypeByCode.has(c)) goodsTypeByCode.set(c, (g as Record<string, unknown>).type)
  }
  const classesReadable = Array.isArray(file.classes)
  const goodsReadable = Array.isArray(file.goods)
  const unknownClass = (c: string): boolean => classesReadable && !classCodes.has(c)
  const unknownGoods = (c: string): boolean => goodsReadable && !goodsTypeByCode.has(c)

  // Photos are checked first (their header: a picture at all, at most 50 MP) for the widths their
  // variants will have, which their names carry.
  const checks = new Map<string, PictureCheck>()
  for (const relative of namedPictures(rawClasses, rawGoods, rawReviews)) {
    const source = path.resolve(baseDir, relative)
    if (checks.has(source) || !takesVariants(path.extname(source))) continue
    try {
      if (fs.statSync(source).isFile()) checks.set(source, await checkPicture(source))
    } catch {
      // Missing: reported where it is named.
    }
  }

  // Pictures: checked where they are named, copied under content-hashed names.
  const pictures = new Map<string, PicturePlan>()
  const pictureTarget = (section: Section, index: number, label: string, field: PathPart[], relative: string): string => {
    const source = path.resolve(baseDir, relative)
    const known = pictures.get(source)
    if (known) return known.target
    let content: Buffer
    try {
      if (!fs.statSync(source).isFile()) throw new Error('not a file')
      content = fs.readFileSync(source)
    } catch {
      problems.add(section, index, label, field, `picture file ${JSON.stringify(relative)} not found (paths are relative to the menu file)`)
      return ''
    }
    const ext = path.extname(source).toLowerCase()
    const check = checks.get(source)
    if (check && !check.ok) {
      problems.add(section, index, label, field, `picture file ${JSON.stringify(relative)} ${check.problem}`)
      return ''
    }
    const hash = createHash('sha256').update(content).digest('hex').slice(0, 10)
    const stem = `${slug(sourceName(path.basename(source, ext)))}-${hash}`
    const widths = check?.ok ? check.widths : []
    const target = `${menuPictureDir(entId, shopId)}/${markedName(stem, widths, ext)}`
    pictures.set(source, { source, target, stem, widths })
    return target
  }

  // ----- classes -----
  const classes: CatalogueClass[] = []
  rawClasses.forEach((rawClass, index) => {
    const label = itemLabel('classes', index, rawClass)
    const parsed = classSchema.safeParse(rawClass)
    if (!parsed.success) return problems.addZod('classes', index, label, parsed.error)
    const c: ParsedClass = parsed.data
    classes.push({
      classId: menuIds.classId(shopId, c.code),
      code: c.code,
      names: c.names,
      sortNo: c.sort ?? index,
      image: c.image ? pictureTarget('classes', index, label, ['image'], c.image) : ''
    })
  })
  duplicates(rawClasses, codeOf, (index, c, first) =>
    problems.add('classes', index, itemLabel('classes', index, rawClasses[index]), ['code'], `duplicate class code ${JSON.stringify(c)} (also classes[${first}])`)
  )

  // ----- goods -----
  duplicates(rawGoods, codeOf, (index, c, first) =>
    problems.add('goods', index, itemLabel('goods', index, rawGoods[index]), ['code'], `duplicate goods code ${JSON.stringify(c)} (also goods[${first}])`)
  )
  const goods: CatalogueGoods[] = []
  rawGoods.forEach((rawItem, index) => {
    const label = itemLabel('goods', index, rawItem)
    const planned = planGoods(rawItem, index, {
      shopId,
      shopKnown,
      baseIds,
      unknownClass,
      unknownGoods,
      goodsTypeOf: (c) => goodsTypeByCode.get(c),
      pictureTarget: (field, relative) => pictureTarget('goods', index, label, field, relative),
      report: (field, message) => problems.add('goods', index, label, field, message),
      reportZod: (error) => problems.addZod('goods', index, label, error)
    })
    if (planned) goods.push(planned)
  })

  // ----- promotions -----
  duplicates(rawPromotions, codeOf, (index, c, first) =>
    problems.add('promotions', index, itemLabel('promotions', index, rawPromotions[index]), ['code'], `duplicate promotion code ${JSON.stringify(c)} (also promotions[${first}])`)
  )
  const promotions: Promotion[] = []
  rawPromotions.forEach((rawPromotion, index) => {
    const label = itemLabel('promotions', index, rawPromotion)
    const report = (field: PathPart[], message: string) => problems.add('promotions', index, label, field, message)
    const parsed = promotionSchema.safeParse(rawPromotion)
    if (!parsed.success) return problems.addZod('promotions', index, label, parsed.error)
    const p: ParsedPromotion = parsed.data
    p.goods.forEach((c, i) => {
      if (unknownGoods(c)) report(['goods', i], `unknown goods code ${JSON.stringify(c)}`)
    })
    if (p.saleType === 3) {
      if (p.discount === undefined) report(['discount'], 'required for a discount (sale type 3)')
      if (p.price !== undefined) report(['price'], 'a discount (sale type 3) has a rate, not a price')
    } else {
      if (p.price === undefined) report(['price'], `required for sale type ${p.saleType}`)
      if (p.discount !== undefined) report(['discount'], `only discounts (sale type 3) have a rate; this is sale type ${p.saleType}`)
    }
    if (p.beginDate && p.endDate && p.beginDate > p.endDate) report(['endDate'], `ends (${p.endDate}) before it begins (${p.beginDate})`)
    promotions.push({
      promotionId: menuIds.promotionId(shopId, p.code),
      code: p.code,
      names: p.names,
      saleType: p.saleType,
      price: p.saleType === 3 ? '' : p.price ?? '',
      discount: p.saleType === 3 ? p.discount ?? '' : '',
      beginDate: p.beginDate ?? '',
      endDate: p.endDate ?? '',
      beginTime: p.beginTime ?? '',
      endTime: p.endTime ?? '',
      sortNo: index,
      goodsIds: [...new Set(p.goods)].map((c) => menuIds.goodsId(shopId, c))
    })
  })

  // ----- reviews -----
  const today = wallClockIn(timeZone, now).date
  const reviews: Review[] = []
  rawReviews.forEach((rawReview, index) => {
    const label = reviewLabel(index, rawReview)
    const parsed = reviewSchema.safeParse(rawReview)
    if (!parsed.success) return problems.addZod('reviews', index, label, parsed.error)
    const r: ParsedReview = parsed.data
    if (unknownGoods(r.goods)) problems.add('reviews', index, label, ['goods'], `unknown goods code ${JSON.stringify(r.goods)}`)
    const [day, time] = typeof r.at === 'string' ? r.at.split(' ') : [daysBefore(today, r.at.daysAgo), r.at.time]
    if (typeof r.at === 'string' && !date.safeParse(day).success) problems.add('reviews', index, label, ['at'], `bad date ${JSON.stringify(day)}`)
    // A review "today" at a later hour than the import is kept at the import's instant.
    const at = instantOf(timeZone, day, time)
    const createdAt = at.getTime() > now.getTime() ? now : at
    reviews.push({
      reviewId: menuIds.importedReviewId(shopId, index + 1),
      shopId,
      goodsId: menuIds.goodsId(shopId, r.goods),
      vipId: null,
      vipName: r.vipName,
      headImg: '',
      stars: r.stars,
      content: r.text,
      images: (r.images ?? []).map((p, i) => pictureTarget('reviews', index, label, ['images', i], p)),
      createdAt: createdAt.toISOString(),
      isImported: true
    })
  })

  if (problems.count > 0) fail()
  return { menu: { entId, shopId, classes, goods, promotions }, reviews, pictures: [...pictures.values()] }
}

// ---------- importing ----------

/** Imports a parsed menu; `baseDir` is where its picture paths start. */
export async function importMenu(db: Kysely<Database>, raw: unknown, baseDir: string, options: MenuImportOptions): Promise<MenuImportSummary> {
  const now = options.now ?? new Date()
  const plan = await planMenuImport(db, raw, baseDir, now)
  const { entId, shopId } = plan.menu
  const startedAt = Date.now()

  // Copy pictures first, so the menu never names a file that is not there yet.
  const created: string[] = []
  let copied = 0
  const removeCreated = () => {
    for (const file of created) fs.rmSync(file, { force: true })
  }
  let version: number
  try {
    for (const picture of plan.pictures) {
      const files = await storePlannedPicture(options.filesDir, picture)
      if (files.includes(path.join(options.filesDir, picture.target))) copied++
      created.push(...files)
    }
    version = await db.transaction().execute(async (trx) => {
      const next = await bumpMenuVersion(trx, entId, shopId, now, options.source ?? '')
      await replaceShopMenu(trx, plan.menu, plan.reviews)
      // Open menus read it again (docs/live-events.md); last, as appendEvent asks.
      await appendEvent(trx, { entId, shopId, kind: 'menu.changed', payload: { version: next } }, now)
      return next
    })
  } catch (error) {
    removeCreated()
    throw error
  }
  menuCache(db).invalidate(entId, shopId)
  await prunePictures(db, options.filesDir, entId, shopId, startedAt)

  const goods = plan.menu.goods
  return {
    entId,
    shopId,
    version,
    classes: plan.menu.classes.length,
    goods: goods.length,
    skus: goods.reduce((n, g) => n + g.skus.length, 0),
    packUnits: goods.reduce((n, g) => n + g.packUnits.length, 0),
    addOns: goods.reduce((n, g) => n + g.addOns.length, 0),
    combos: goods.filter((g) => g.combo.length > 0).length,
    promotions: plan.menu.promotions.length,
    reviews: plan.reviews.length,
    pictures: plan.pictures.length,
    picturesCopied: copied
  }
}

/**
 * Copies a planned picture into FILES_DIR (unless there already) and makes a photo's variants
 * beside it, once, here and never per request. Answers the files created (removed again by the
 * caller when its change does not commit). MenuImportError when the photo cannot be decoded.
 */
export async function storePlannedPicture(filesDir: string, picture: PicturePlan): Promise<string[]> {
  const created: string[] = []
  const target = path.join(filesDir, picture.target)
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true })
    fs.copyFileSync(picture.source, target)
    created.push(target)
  }
  try {
    created.push(...(await writeVariants(picture.source, path.dirname(target), picture.stem, picture.widths)))
  } catch (error) {
    for (const file of created) fs.rmSync(file, { force: true })
    if (!(error instanceof PictureVariantError)) throw error
    throw new MenuImportError([`picture file ${JSON.stringify(path.basename(picture.source))} ${error.problem}`])
  }
  return created
}

/**
 * Removes pictures of the shop's folder that its menu no longer uses. Files newer than this
 * import's start are left alone (another import of the shop may be about to commit them).
 */
export async function prunePictures(db: Kysely<Database>, filesDir: string, entId: string, shopId: string, startedAt: number): Promise<void> {
  const dir = path.join(filesDir, menuPictureDir(entId, shopId))
  let names: string[]
  try {
    names = fs.readdirSync(dir)
  } catch {
    return
  }
  const used = new Set<string>()
  for (const picture of await listMenuPictures(db, shopId)) {
    const name = path.basename(picture)
    used.add(name)
    // A photo's variants live as long as it does.
    const variants = pictureVariants(name)
    for (const width of variants?.widths ?? []) used.add(variants!.urlOf(width))
  }
  for (const name of names) {
    if (used.has(name)) continue
    const file = path.join(dir, name)
    try {
      if (fs.statSync(file).mtimeMs < startedAt) fs.rmSync(file, { force: true })
    } catch {
      // Gone already: nothing to prune.
    }
  }
}

/** The picture paths a menu file names (classes' and goods' pictures, reviews' photos), as written. */
function namedPictures(classes: unknown[], goods: unknown[], reviews: unknown[]): string[] {
  const paths: string[] = []
  const add = (v: unknown) => {
    if (typeof v === 'string' && v.trim()) paths.push(v)
  }
  const fieldOf = (item: unknown, key: string): unknown => (item && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined)
  for (const c of classes) add(fieldOf(c, 'image'))
  for (const g of goods) {
    add(fieldOf(g, 'image'))
    const more = fieldOf(g, 'images')
    if (Array.isArray(more)) more.forEach(add)
  }
  for (const r of reviews) {
    const images = fieldOf(r, 'images')
    if (Array.isArray(images)) images.forEach(add)
  }
  return paths
}

/** Reads and imports a menu file (`npm run menu:import -- <file.json>`). */
export async function importMenuFile(db: Kysely<Database>, file: string, options: MenuImportOptions): Promise<MenuImportSummary> {
  let raw: unknown
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : `not valid JSON (${(error as Error).message})`
    throw new MenuImportError([`${path.basename(file)}: ${reason}`])
  }
  return importMenu(db, raw, path.dirname(path.resolve(file)), { source: path.basename(file), ...options })
}
