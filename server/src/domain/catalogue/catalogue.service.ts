/**
 * Menu reads (the Goods operations and AvailablePromotionGoods): a shop's menu from the
 * per-shop cache, narrowed to one branch when the caller names one, priced on the
 * enterprise's clock now. Returns domain values; operations turn them into rows.
 */
import type { Kysely } from 'kysely'
import { isTimeZone, wallClockIn } from '../../../../src/core/wall-clock'
import { decimalPoints, Decimal, roundHalfUp } from '../../../../src/core/money'
import { findBase } from '../../storage/repositories/base.repository'
import { findGoodsShopId, findMenuHead, findMenuHeadNow, listReviews, reviewTotals, sameMenuHead, type MenuHead } from '../../storage/repositories/menu.repository'
import { findShop } from '../../storage/repositories/shop.repository'
import { changeStampNow } from '../../storage/prepared'
import type { Database } from '../../storage/schema'
import { enterpriseTimeZone, FALLBACK_TIME_ZONE, wallClockText } from '../enterprise/enterprise.service'
import { DomainError } from '../errors'
import { pageOf, pageWindow, type PageRequest } from '../paging'
import type { Base, Shop } from '../records'
import { resolveLink, serviceLinks } from '../links/service-link.service'
import { menuCache, type MenuSnapshot } from './menu-cache'
import { goodsPrice, packUnitPrices, runningByGoods, skuPrices, type GoodsPrice, type MenuClock, type PackUnitPrice, type SkuPrice } from '../../../../src/core/promotion-pricing'
import type { CatalogueClass, CatalogueGoods, ComboClass, PackUnit, Promotion, Review, Sku } from './records'
import type { ImageRow } from '../../../../src/gateway/after-rows'
import type { ObjectStorage } from '../../providers/storage/object-storage'
import { reviewPhotoRows } from '../reviews/review-photos'

/** Where stored picture paths are served when the enterprise has no 'image' link. */
export const DEFAULT_IMAGE_LINK = '/files/'

export interface MenuScopeInput {
  ShopID: string
  BaseID?: string
}

/** One request's view of a shop's menu. */
export interface MenuRead {
  snapshot: MenuSnapshot
  /** The branch asked about; null for the whole menu. */
  base: Base | null
  clock: MenuClock
  timeZone: string
  pricePoint: number
  /** Absolute URL of a stored picture path ('' stays ''). */
  imageUrl(path: string): string
  /** Running promotions per GoodsID. */
  running: Map<string, Promotion[]>
  /**
   * An answer built once per menu version and everything else it depends on (branch, picture
   * origin, PricePoint, running promotions); `key` adds the operation, its input and the
   * language. The answer is shared: never change it.
   */
  memo<T>(key: string, build: () => T): T
  /**
   * Whether an answer built with `memo` (and from nothing else) would come out the same at
   * `now`: the menu head (enterprise, shop, menu version, settings, picture link; one statement,
   * spared while the database's change stamp shows no commit since it was last read) equal, the
   * same snapshot still cached (its stock read less than STOCK_FRESH_MS ago, menu-cache.ts),
   * the same promotions running. Synchronous where the database
   * answers synchronously (SQLite). null when this read cannot be checked that cheaply (its
   * branch was looked up outside the snapshot).
   */
  check: MenuReadCheck | null
}

export type MenuReadCheck = (now: Date) => boolean | Promise<boolean>

const prefixes = new Map<string, string>()

/** Where stored picture paths start: the 'image' link resolved against the origin, ending in '/'. */
export function imagePrefix(imageLink: string | null, origin: string): string {
  const key = `${imageLink ?? ''} ${origin}`
  let prefix = prefixes.get(key)
  if (prefix === undefined) {
    const base = resolveLink(imageLink || DEFAULT_IMAGE_LINK, origin)
    prefix = base.endsWith('/') ? base : `${base}/`
    if (prefixes.size >= 1000) prefixes.clear()
    // The origin comes from the request: only usual lengths are remembered (≤ 1,000 × 512).
    if (key.length <= 512) prefixes.set(key, prefix)
  }
  return prefix
}

/** Absolute picture URLs: stored paths resolve against the 'image' link, itself resolved against the origin. */
export function imageResolver(imageLink: string | null, origin: string): (path: string) => string {
  const prefix = imagePrefix(imageLink, origin)
  return (path) => (!path ? '' : /^https?:\/\//i.test(path) ? path : prefix + path.split('/').map(encodeURIComponent).join('/'))
}

// Building an Intl.DateTimeFormat costs more than the rest of a menu read together, so the
// zone check is remembered per zone and the wall clock per zone and second.
const zoneChecks = new Map<string, boolean>()
const clocks = new Map<string, { second: number; clock: MenuClock }>()

function knownTimeZone(zone: string | null): string {
  if (!zone) return FALLBACK_TIME_ZONE
  let valid = zoneChecks.get(zone)
  if (valid === undefined) {
    valid = isTimeZone(zone)
    if (zoneChecks.size < 1000) zoneChecks.set(zone, valid)
  }
  return valid ? zone : FALLBACK_TIME_ZONE
}

/** The wall clock of `timeZone` at `now`, to the second. */
export function clockIn(timeZone: string, now: Date): MenuClock {
  const second = Math.floor(now.getTime() / 1000)
  const cached = clocks.get(timeZone)
  if (cached && cached.second === second) return cached.clock
  const wall = wallClockIn(timeZone, now)
  const clock = { date: wall.date, secondsOfDay: wall.secondsOfDay }
  if (cached || clocks.size < 1000) clocks.set(timeZone, { second, clock })
  return clock
}

const pricePoints = new Map<string | null, number>()

/** The enterprise's PricePoint setting as decimal places (remembered per stored text). */
function pricePointOf(setting: string | null): number {
  let points = pricePoints.get(setting)
  if (points === undefined) {
    points = decimalPoints({ PricePoint: setting ?? undefined }).PricePoint
    if (pricePoints.size >= 100) pricePoints.clear()
    pricePoints.set(setting, points)
  }
  return points
}

// The promotions running at a wall-clock second, kept with the snapshot: clockIn hands every
// request of that second the same clock object.
const runningBySnapshot = new WeakMap<MenuSnapshot, { clock: MenuClock; running: Map<string, Promotion[]>; runningIds: string }>()

function runningAt(snapshot: MenuSnapshot, clock: MenuClock): { running: Map<string, Promotion[]>; runningIds: string } {
  const cached = runningBySnapshot.get(snapshot)
  if (cached && cached.clock === clock) return cached
  const running = runningByGoods(snapshot.menu.promotions, clock)
  const runningIds = [...new Set([...running.values()].flat())].map((p) => p.promotionId).join(',')
  runningBySnapshot.set(snapshot, { clock, running, runningIds })
  return { running, runningIds }
}

/**
 * What a menu read needs. `stock: false`: the read uses the shop, its branch, its clock and its
 * settings but no goods' stock (a table's bill, its time zone), so the snapshot's stock may be
 * older than STOCK_FRESH_MS: a bill's phones polling every few seconds would each re-read the
 * shop's stock otherwise (issue 28 item 6). Such a read has no `check`.
 */
export interface MenuNeeds {
  stock?: boolean
}

/**
 * Opens a shop's menu for one request. Unknown or disabled shop → 20003; a BaseID that is not
 * a branch of this shop → 20004.
 */
export async function openMenu(db: Kysely<Database>, entId: string, scope: MenuScopeInput, now: Date, origin: string, needs: MenuNeeds = {}): Promise<MenuRead> {
  const head = scope.ShopID ? await findMenuHead(db, entId, scope.ShopID) : null
  if (!head || !head.isEnable) throw new DomainError('SHOP_NOT_FOUND')
  const withStock = needs.stock !== false
  const snapshot = await menuCache(db).get(entId, head.shopId, head.version, now.getTime(), withStock)
  let base: Base | null = null
  let baseInSnapshot = true
  if (scope.BaseID) {
    base = snapshot.bases.find((b) => b.baseId === scope.BaseID) ?? null
    if (!base) {
      // A branch opened after the snapshot was loaded is looked up in the database.
      baseInSnapshot = false
      base = await findBase(db, entId, scope.BaseID)
    }
    if (!base || base.shopId !== head.shopId) throw new DomainError('BASE_NOT_FOUND')
  }
  const timeZone = knownTimeZone(head.timeZone)
  const clock = clockIn(timeZone, now)
  const pricePoint = pricePointOf(head.pricePoint)
  const { running, runningIds } = runningAt(snapshot, clock)
  const memoScope = [base?.baseId ?? '', imagePrefix(head.imageLink, origin), pricePoint, runningIds].join('\u0001')
  return {
    snapshot,
    base,
    clock,
    timeZone,
    pricePoint,
    imageUrl: imageResolver(head.imageLink, origin),
    running,
    memo: (key, build) => snapshot.memo(`${memoScope}\u0002${key}`, build),
    check: baseInSnapshot && withStock ? menuReadCheck(db, entId, head, snapshot, timeZone, runningIds) : null
  }
}

/**
 * MenuRead.check: besides the request itself (origin and input, which the caller keys on),
 * openMenu's answers depend on the head, the cached snapshot and the running promotions; with
 * those equal, openMenu would give the same memo scope and so the same answers. The head is
 * read again unless the database's change stamp (prepared.ts) shows that nothing at all was
 * committed since the check last read it and found it equal: on SQLite that costs one read
 * transaction instead of a six-table lookup, and any commit anywhere (another process
 * included) makes the next check read the head again. (openMenu itself reads no stamp: most
 * reads are never checked, and the first check reads the head anyway.)
 */
function menuReadCheck(
  db: Kysely<Database>,
  entId: string,
  head: MenuHead,
  snapshot: MenuSnapshot,
  timeZone: string,
  runningIds: string
): MenuReadCheck {
  let verifiedStamp: string | null = null
  const sameRead = (now: Date): boolean =>
    menuCache(db).current(entId, head.shopId) === snapshot &&
    menuCache(db).stockFresh(entId, head.shopId, now.getTime()) &&
    runningAt(snapshot, clockIn(timeZone, now)).runningIds === runningIds
  const sameHead = (current: MenuHead | null): boolean => current !== null && sameMenuHead(current, head)
  return (now) => {
    const stamp = changeStampNow(db)
    if (stamp !== null && stamp === verifiedStamp) return sameRead(now)
    const current = findMenuHeadNow(db, entId, head.shopId)
    if (current === undefined) return findMenuHead(db, entId, head.shopId).then((h) => sameHead(h) && sameRead(now))
    if (!sameHead(current)) return false
    verifiedStamp = stamp
    return sameRead(now)
  }
}

/** A memo key from an operation's name, language and input values. */
export const memoKey = (...parts: (string | number | undefined)[]): string => parts.map((p) => p ?? '').join('\u0001')

/** Whether the goods is sold on the branch the read is about (always, for the whole menu). */
export function soldHere(read: MenuRead, goods: CatalogueGoods): boolean {
  return read.base === null || goods.baseIds === null || goods.baseIds.includes(read.base.baseId)
}

/** 1 when the diner must choose on goodsDetails before adding to the cart. */
export function hasOptions(goods: CatalogueGoods): boolean {
  const remarks = goods.remarks['zh-CN'] || goods.remarks['zh-TW'] || goods.remarks.en
  return (
    goods.skuType !== 0 ||
    goods.packUnits.length > 0 ||
    remarks.trim() !== '' ||
    goods.addOns.length > 0 ||
    goods.goodsType === 3 ||
    goods.goodsType === 7
  )
}

/** A goods as list rows show it: its prices now and its counts. */
export interface ListedGoods {
  goods: CatalogueGoods
  pricing: GoodsPrice<Promotion>
  hasOptions: boolean
  commentCount: number
}

export function listed(read: MenuRead, goods: CatalogueGoods): ListedGoods {
  return {
    goods,
    pricing: goodsPrice(goods, read.running, read.pricePoint),
    hasOptions: hasOptions(goods),
    commentCount: read.snapshot.menu.commentCounts.get(goods.goodsId) ?? 0
  }
}

/** Classes with goods sold here, in menu order, with how many. */
export function menuClasses(read: MenuRead): { goodsClass: CatalogueClass; goodsCount: number }[] {
  const counts = new Map<string, number>()
  for (const goods of read.snapshot.menu.goods) {
    if (soldHere(read, goods)) counts.set(goods.classId, (counts.get(goods.classId) ?? 0) + 1)
  }
  return read.snapshot.menu.classes
    .filter((c) => counts.has(c.classId))
    .map((goodsClass) => ({ goodsClass, goodsCount: counts.get(goodsClass.classId)! }))
}

export interface GoodsQuery extends PageRequest {
  /** '' or absent: the whole menu. */
  ClassID?: string
  Keyword?: string
}

/**
 * Goods of one class or of the whole menu, in menu order. With a keyword: goods whose number
 * starts with it first, then those whose name (any language) contains it, each by goods
 * number; case-insensitive. Unknown ClassID → 20008. Without PageSize: every match.
 */
export function goodsList(read: MenuRead, query: GoodsQuery): { goods: ListedGoods[]; total: number } {
  const classId = query.ClassID ?? ''
  if (classId && !read.snapshot.classById.has(classId)) throw new DomainError('CLASS_NOT_FOUND')
  const inScope = (g: CatalogueGoods): boolean => (!classId || g.classId === classId) && soldHere(read, g)
  const keyword = (query.Keyword ?? '').trim().toLowerCase()
  let matches: CatalogueGoods[]
  if (keyword) {
    const byNumber = read.snapshot.byCode.filter((g) => inScope(g) && g.code.toLowerCase().startsWith(keyword))
    const numbered = new Set(byNumber)
    const byName = read.snapshot.byCode.filter(
      (g) => !numbered.has(g) && inScope(g) && read.snapshot.searchNames.get(g.goodsId)!.some((name) => name.includes(keyword))
    )
    matches = [...byNumber, ...byName]
  } else {
    matches = read.snapshot.menu.goods.filter(inScope)
  }
  const page = query.PageSize ? pageOf(matches, pageWindow(query)) : matches
  return { goods: page.map((g) => listed(read, g)), total: matches.length }
}

/** A goods sold here; unknown (or not on this branch) → 20007. */
export function requireGoods(read: MenuRead, goodsId: string): CatalogueGoods {
  const goods = read.snapshot.goodsById.get(goodsId)
  if (!goods || !soldHere(read, goods)) throw new DomainError('GOODS_NOT_FOUND')
  return goods
}

export interface GoodsDetail extends ListedGoods {
  skus: SkuPrice<Sku>[]
  packUnits: PackUnitPrice<PackUnit>[]
}

export function goodsDetail(read: MenuRead, goodsId: string): GoodsDetail {
  const item = listed(read, requireGoods(read, goodsId))
  return {
    ...item,
    skus: skuPrices(item.goods, item.pricing.promotion, read.pricePoint),
    packUnits: packUnitPrices(item.goods, item.pricing.promotion, read.pricePoint)
  }
}

export interface ComboView {
  classes: ComboClass[]
  /** The goods each item names (always present: the importer checks). */
  items: { comboClass: ComboClass; item: ComboClass['items'][number]; goods: CatalogueGoods }[]
}

/** Combo classes and items of a goods (empty for goods that are not combos). */
export function goodsCombo(read: MenuRead, goodsId: string): ComboView {
  const goods = requireGoods(read, goodsId)
  const items = goods.combo.flatMap((comboClass) =>
    comboClass.items.flatMap((item) => {
      const itemGoods = read.snapshot.goodsById.get(item.goodsId)
      return itemGoods ? [{ comboClass, item, goods: itemGoods }] : []
    })
  )
  return { classes: goods.combo, items }
}

/** Recommended goods sold here, in menu order, paged. */
export function homeGoods(read: MenuRead, page: PageRequest): { goods: ListedGoods[]; total: number } {
  const recommended = read.snapshot.menu.goods.filter((g) => g.isRecommend && soldHere(read, g))
  return { goods: pageOf(recommended, pageWindow(page)).map((g) => listed(read, g)), total: recommended.length }
}

/** Every running promotion with each of its goods sold here, promotions in menu order. */
export function runningPromotionGoods(read: MenuRead): { promotion: Promotion; goods: CatalogueGoods }[] {
  const running = new Set([...read.running.values()].flat())
  return read.snapshot.menu.promotions
    .filter((p) => running.has(p))
    .flatMap((promotion) =>
      promotion.goodsIds.flatMap((goodsId) => {
        const goods = read.snapshot.goodsById.get(goodsId)
        return goods && soldHere(read, goods) ? [{ promotion, goods }] : []
      })
    )
}

/** The shop that sells a goods: unknown goods, or goods of a shop diners cannot see → 20007. */
async function goodsShop(db: Kysely<Database>, entId: string, goodsId: string): Promise<Shop> {
  const shopId = goodsId ? await findGoodsShopId(db, entId, goodsId) : null
  const shop = shopId ? await findShop(db, entId, shopId) : null
  if (!shop || !shop.isEnable) throw new DomainError('GOODS_NOT_FOUND')
  return shop
}

/** Every branch (with its shop) whose menu has the goods. */
export async function groundingShops(
  db: Kysely<Database>,
  entId: string,
  goodsId: string,
  now: Date,
  origin: string
): Promise<{ shop: Shop; bases: Base[] }> {
  const shop = await goodsShop(db, entId, goodsId)
  const read = await openMenu(db, entId, { ShopID: shop.shopId }, now, origin)
  const goods = read.snapshot.goodsById.get(goodsId)
  if (!goods) throw new DomainError('GOODS_NOT_FOUND')
  return { shop, bases: read.snapshot.bases.filter((b) => goods.baseIds === null || goods.baseIds.includes(b.baseId)) }
}

export interface GoodsComments {
  reviews: Review[]
  /** Members' photos (checked uploads) by FileID (issue 17). */
  photos: Map<string, ImageRow>
  total: number
  /** One decimal, half-up; '0' without reviews. */
  avgStars: string
  timeZone: string
  imageUrl(path: string): string
  /** 'YYYY-MM-DD HH:mm:ss' of an instant on the enterprise's clock. */
  wallClock(instant: string): string
}

/**
 * Reviews of a goods the shop has not hidden, newest first, with the count and average of all
 * of them (hidden ones count in neither); members' photos from object storage (`storage`).
 */
export async function goodsComments(
  db: Kysely<Database>,
  entId: string,
  goodsId: string,
  page: PageRequest,
  origin: string,
  storage: ObjectStorage
): Promise<GoodsComments> {
  await goodsShop(db, entId, goodsId)
  const [reviews, totals, timeZone, links] = await Promise.all([
    listReviews(db, goodsId, pageWindow(page)),
    reviewTotals(db, goodsId),
    enterpriseTimeZone(db, entId),
    serviceLinks(db, entId, origin)
  ])
  const imageLink = links.find((l) => l.linkType === 'image')?.url ?? null
  const photos = await reviewPhotoRows({ db, storage, entId, origin }, reviews.flatMap((r) => r.fileIds ?? []))
  return {
    reviews,
    photos,
    total: totals.total,
    avgStars: totals.total === 0 ? '0' : roundHalfUp(new Decimal(totals.stars).dividedBy(totals.total), 1).toFixed(1),
    timeZone,
    imageUrl: imageResolver(imageLink, origin),
    wallClock: (instant) => wallClockText(timeZone, new Date(instant))
  }
}
