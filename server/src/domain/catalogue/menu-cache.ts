/**
 * Per-shop menu snapshots in this process. Menu reads (classes, goods lists, detail, BOM,
 * add-ons, home goods, promotions) are the hottest calls a diner makes, and a menu changes
 * only when it is imported, so each process keeps one parsed copy per shop, keyed by
 * EntID + ShopID. The answers built from it are kept with it too (MenuSnapshot.memo), keyed
 * by everything they depend on besides the menu: operation and input, language, branch,
 * picture origin, PricePoint and the promotions running now; they go with the snapshot.
 *
 * Invalidation is by the stored per-shop menu version (table `menus`), checked on every
 * request: several server processes may share one PostgreSQL and the import CLI runs in a
 * process of its own, so an in-process event could never reach them all. The check rides on
 * the query a menu read must make anyway (is the shop there and enabled? its TimeZone and
 * PricePoint?): one primary-key lookup with a few left joins, so it costs no extra round
 * trip, and a diner sees a new menu on the first request after the import commits, never a
 * mix of two versions. A check interval instead would save nothing on that query and would
 * serve a stale menu for up to the interval after an import.
 *
 * The cache is per database handle (a WeakMap on the Kysely instance), so two apps in one
 * process on different databases never share entries, and two on the same database stay
 * consistent through the version like two processes do.
 *
 * Snapshots and answers share one bound in bytes (MENU_CACHE_MB), least recently used out
 * first: a count bound let reads over many shops, branches, pages and languages hold hundreds
 * of megabytes. Sizes are estimates (approximate-size.ts). A snapshot larger than the whole
 * bound is used for its request and not kept.
 */
import type { Kysely } from 'kysely'
import { LRUCache } from 'lru-cache'
import { approximateSize } from '../approximate-size'
import { sweepIdle } from '../idle-sweep'
import { listBases } from '../../storage/repositories/base.repository'
import { listShopStock, loadShopMenu } from '../../storage/repositories/menu.repository'
import type { Database } from '../../storage/schema'
import type { Base } from '../records'
import type { CatalogueClass, CatalogueGoods, ShopMenu } from './records'

/** A shop's menu with the lookups reads need, built once per version. */
export interface MenuSnapshot {
  menu: ShopMenu
  /** The shop's branches when the snapshot was loaded. */
  bases: Base[]
  classById: Map<string, CatalogueClass>
  goodsById: Map<string, CatalogueGoods>
  /** Goods ordered by goods number (natural order: A2 before A10). */
  byCode: CatalogueGoods[]
  /** Lower-cased names in all three languages, for keyword search. */
  searchNames: Map<string, string[]>
  /**
   * The answer under `key`, built once per snapshot while the cache keeps it. Answers are
   * shared between requests: callers must not change them.
   */
  memo<T>(key: string, build: () => T): T
}

/** Where a snapshot keeps its answers. */
export interface AnswerStore {
  get(key: string): unknown
  set(key: string, answer: unknown): void
}

/** The defaults of MENU_CACHE_MB (64) and CACHE_IDLE_SECONDS (30). */
export const DEFAULT_MENU_CACHE_BYTES = 64 * 1024 * 1024
const DEFAULT_IDLE_MS = 30_000

const goodsNumberOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/** Answers kept by a snapshot made outside a cache (none are). */
const NO_STORE: AnswerStore = { get: () => undefined, set: () => {} }

export function buildSnapshot(menu: ShopMenu, bases: Base[], answers: AnswerStore = NO_STORE): MenuSnapshot {
  return {
    memo<T>(key: string, build: () => T): T {
      const kept = answers.get(key)
      if (kept !== undefined) return kept as T
      const answer = build()
      answers.set(key, answer)
      return answer
    },
    menu,
    bases,
    classById: new Map(menu.classes.map((c) => [c.classId, c])),
    goodsById: new Map(menu.goods.map((g) => [g.goodsId, g])),
    byCode: [...menu.goods].sort((a, b) => goodsNumberOrder.compare(a.code, b.code) || a.code.localeCompare(b.code)),
    searchNames: new Map(menu.goods.map((g) => [g.goodsId, [g.names['zh-CN'], g.names['zh-TW'], g.names.en].map((n) => n.toLowerCase())]))
  }
}

interface Entry {
  /** The version asked for, then the version actually loaded (never lower). */
  version: number
  snapshot: Promise<MenuSnapshot>
  /** The snapshot once loaded. */
  loaded?: MenuSnapshot
  /** When the stock of the snapshot was last read (ms), and what it was. */
  stockReadAt: number
  stockStamp: string
}

/**
 * How long a snapshot's stock is trusted (ms). Orders change stock without a new menu version,
 * in any process, so the stock of limited skus is read again (one indexed query per shop) when
 * older than this; a changed stock makes a new snapshot. A diner sees stock at most this old.
 */
export const STOCK_FRESH_MS = 2000

/** The stock of a menu's limited skus as one text, to compare. */
function stockStampOf(stock: { skuId: string; stock: number }[]): string {
  return stock
    .map((s) => `${s.skuId}:${s.stock}`)
    .sort()
    .join(',')
}

function menuStock(menu: ShopMenu): { skuId: string; stock: number }[] {
  return menu.goods.flatMap((g) => g.skus.flatMap((s) => (s.stock === null ? [] : [{ skuId: s.skuId, stock: s.stock }])))
}

/** The menu with the stock given (skus not named are unlimited); unchanged goods are shared. */
function withStock(menu: ShopMenu, stock: { skuId: string; stock: number }[]): ShopMenu {
  const left = new Map(stock.map((s) => [s.skuId, s.stock]))
  const goods = menu.goods.map((g) =>
    g.skus.every((s) => s.stock === (left.get(s.skuId) ?? null))
      ? g
      : { ...g, skus: g.skus.map((s) => (s.stock === (left.get(s.skuId) ?? null) ? s : { ...s, stock: left.get(s.skuId) ?? null })) }
  )
  return { ...menu, goods }
}

/** What the one LRU holds: a shop's snapshot, or one answer built from a snapshot. */
type Cached = { entry: Entry; bytes: number } | { answer: unknown; bytes: number }

/** The entry, key and node of the LRU, about. */
const ENTRY_OVERHEAD = 200

export class MenuCache {
  /** Snapshots ('m' + shop key) and answers ('a' + snapshot serial + answer key). */
  private readonly cached: LRUCache<string, Cached>
  /** Loads under way, until their snapshot is measured and cached. */
  private readonly loading = new Map<string, Entry>()
  private serials = 0
  /** Loads performed (for tests and diagnostics). */
  loads = 0

  constructor(
    private readonly db: Kysely<Database>,
    readonly maxBytes: number = DEFAULT_MENU_CACHE_BYTES,
    readonly idleMs: number = DEFAULT_IDLE_MS
  ) {
    this.cached = new LRUCache<string, Cached>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (value, key) => ENTRY_OVERHEAD + 2 * key.length + value.bytes,
      // Unused this long (a shop nobody reads, a page asked once): dropped by sweepIdle.
      ttl: idleMs,
      updateAgeOnGet: true
    })
    sweepIdle(this.cached, Math.ceil(idleMs / 3))
  }

  /** Bytes held, by the estimates above. */
  get bytes(): number {
    return this.cached.calculatedSize
  }

  private entry(key: string): Entry | undefined {
    const cached = this.cached.get(`m${key}`)
    return cached && 'entry' in cached ? cached.entry : this.loading.get(key)
  }

  /**
   * The snapshot of a shop at `version` (the stored version the caller just read) or newer,
   * with stock read at most STOCK_FRESH_MS before `now` (any time, `freshStock` false: for reads
   * that show no stock). Concurrent requests for the same version share one load.
   */
  get(entId: string, shopId: string, version: number, now: number = Date.now(), freshStock = true): Promise<MenuSnapshot> {
    const key = `${entId}\n${shopId}`
    const cached = this.entry(key)
    if (cached && cached.version >= version) {
      if (!freshStock || now - cached.stockReadAt < STOCK_FRESH_MS) return cached.snapshot
      return this.restock(key, shopId, cached, now)
    }
    const serial = ++this.serials
    const entry: Entry = { version, snapshot: this.load(entId, shopId, serial), stockReadAt: now, stockStamp: '' }
    this.cached.delete(`m${key}`)
    this.loading.set(key, entry)
    entry.snapshot.then(
      (snapshot) => {
        if (this.loading.get(key) !== entry) return
        this.loading.delete(key)
        entry.version = Math.max(entry.version, snapshot.menu.version)
        entry.stockStamp = stockStampOf(menuStock(snapshot.menu))
        entry.loaded = snapshot
        const { memo: _memo, ...parts } = snapshot
        this.cached.set(`m${key}`, { entry, bytes: approximateSize(parts) })
      },
      () => {
        if (this.loading.get(key) === entry) this.loading.delete(key)
      }
    )
    return entry.snapshot
  }

  /** Whether the shop's snapshot holds stock read less than STOCK_FRESH_MS before `now`. */
  stockFresh(entId: string, shopId: string, now: number): boolean {
    const entry = this.entry(`${entId}\n${shopId}`)
    return entry !== undefined && now - entry.stockReadAt < STOCK_FRESH_MS
  }

  /**
   * Reads the stock again; the same snapshot when unchanged, else a new one (new answers) from
   * the same menu. Requests meanwhile keep the entry's snapshot: it is marked read at once.
   */
  private async restock(key: string, shopId: string, entry: Entry, now: number): Promise<MenuSnapshot> {
    entry.stockReadAt = now
    const [stock, snapshot] = await Promise.all([listShopStock(this.db, shopId), entry.snapshot])
    const stamp = stockStampOf(stock)
    if (stamp === entry.stockStamp) return snapshot
    const current = this.entry(key)
    // Another request restocked or reloaded the shop meanwhile: take what it made.
    if (current !== entry) return current ? current.snapshot : snapshot
    const restocked = this.snapshotOf(withStock(snapshot.menu, stock), snapshot.bases, ++this.serials)
    const next: Entry = { version: entry.version, snapshot: Promise.resolve(restocked), loaded: restocked, stockReadAt: now, stockStamp: stamp }
    const { memo: _memo, ...parts } = restocked
    this.cached.set(`m${key}`, { entry: next, bytes: approximateSize(parts) })
    return restocked
  }

  /** The loaded snapshot get() would hand out now for a version it already holds (no load). */
  current(entId: string, shopId: string): MenuSnapshot | undefined {
    return this.entry(`${entId}\n${shopId}`)?.loaded
  }

  /** Drops a shop's snapshot (the next read loads it again; its answers age out). */
  invalidate(entId: string, shopId: string): void {
    const key = `${entId}\n${shopId}`
    this.cached.delete(`m${key}`)
    this.loading.delete(key)
  }

  private async load(entId: string, shopId: string, serial: number): Promise<MenuSnapshot> {
    this.loads++
    const [menu, bases] = await Promise.all([loadShopMenu(this.db, entId, shopId), listBases(this.db, entId, { shopIds: [shopId] })])
    return this.snapshotOf(menu, bases, serial)
  }

  private snapshotOf(menu: ShopMenu, bases: Base[], serial: number): MenuSnapshot {
    // Answers are keyed by the snapshot's serial: a new version or stock never meets an old answer.
    const prefix = `a${serial}\u0003`
    return buildSnapshot(menu, bases, {
      get: (key) => {
        const cached = this.cached.get(prefix + key)
        return cached && 'answer' in cached ? cached.answer : undefined
      },
      set: (key, answer) => {
        this.cached.set(prefix + key, { answer, bytes: approximateSize(answer) })
      }
    })
  }
}

const caches = new WeakMap<Kysely<Database>, MenuCache>()

/** The menu cache of a database handle. */
export function menuCache(db: Kysely<Database>): MenuCache {
  let cache = caches.get(db)
  if (!cache) {
    cache = new MenuCache(db)
    caches.set(db, cache)
  }
  return cache
}

/** Sets the bounds of a database handle's menu cache (MENU_CACHE_MB, CACHE_IDLE_SECONDS); new bounds start it empty. */
export function configureMenuCache(db: Kysely<Database>, maxBytes: number, idleMs: number): void {
  const cache = caches.get(db)
  if (cache?.maxBytes !== maxBytes || cache.idleMs !== idleMs) caches.set(db, new MenuCache(db, maxBytes, idleMs))
}
