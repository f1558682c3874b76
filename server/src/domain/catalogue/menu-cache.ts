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
 */
import type { Kysely } from 'kysely'
import { listBases } from '../../storage/repositories/base.repository'
import { loadShopMenu } from '../../storage/repositories/menu.repository'
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
   * The answer under `key`, built once per snapshot. Answers are shared between requests:
   * callers must not change them.
   */
  memo<T>(key: string, build: () => T): T
}

/** Answers kept per snapshot; beyond this many (many different keywords) they start over. */
const MEMO_LIMIT = 2000

const goodsNumberOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

export function buildSnapshot(menu: ShopMenu, bases: Base[]): MenuSnapshot {
  const answers = new Map<string, unknown>()
  return {
    memo<T>(key: string, build: () => T): T {
      if (answers.has(key)) return answers.get(key) as T
      const answer = build()
      if (answers.size >= MEMO_LIMIT) answers.clear()
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
}

export class MenuCache {
  private readonly entries = new Map<string, Entry>()
  /** Loads performed (for tests and diagnostics). */
  loads = 0

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The snapshot of a shop at `version` (the stored version the caller just read) or newer.
   * Concurrent requests for the same version share one load.
   */
  get(entId: string, shopId: string, version: number): Promise<MenuSnapshot> {
    const key = `${entId}\n${shopId}`
    const cached = this.entries.get(key)
    if (cached && cached.version >= version) return cached.snapshot
    const entry: Entry = { version, snapshot: this.load(entId, shopId) }
    this.entries.set(key, entry)
    entry.snapshot.then(
      (snapshot) => {
        if (this.entries.get(key) === entry) entry.version = Math.max(entry.version, snapshot.menu.version)
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key)
      }
    )
    return entry.snapshot
  }

  /** The snapshot get() would hand out now for a version it already holds (no load). */
  current(entId: string, shopId: string): Promise<MenuSnapshot> | undefined {
    return this.entries.get(`${entId}\n${shopId}`)?.snapshot
  }

  /** Drops a shop's snapshot (the next read loads it again). */
  invalidate(entId: string, shopId: string): void {
    this.entries.delete(`${entId}\n${shopId}`)
  }

  private async load(entId: string, shopId: string): Promise<MenuSnapshot> {
    this.loads++
    const [menu, bases] = await Promise.all([loadShopMenu(this.db, entId, shopId), listBases(this.db, entId, { shopIds: [shopId] })])
    return buildSnapshot(menu, bases)
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
