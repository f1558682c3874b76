/**
 * The menu of the diner's shop and branch (spec §2 goodsList / search / goodsDetails, §4 goods
 * sale status; a goods' reviews are ./goods-comments.store.ts, a store past Home). It knows where
 * the diner is only through the `scope` it is given, so it never imports the session. Sale status is re-evaluated on a 5-second
 * timer that the showing page starts and stops (spec §9), on the enterprise's clock.
 */
import { makeAutoObservable, observable, runInAction } from 'mobx'
import type { Locale } from '../../gateway/contract'
import type { Gateway } from '../../gateway/gateway-client'
import type {
  AttachmentRow,
  BomClassRow,
  BomGoodsRow,
  GoodsClassRow,
  GoodsDetailRow,
  GoodsRow,
  PackUnitRow,
  SkuAttributeRow,
  SkuAttributeValueRow,
  SkuRow
} from '../../gateway/operations'
import type { WallClock } from '../../core/wall-clock'
import { saleStatus } from '../../core/sale-status'
import { GOODS_NOT_FOUND } from '../../gateway/entry-codes'
import type { RemarkGroup } from '../../core/goods-remarks'

export interface MenuScope {
  ShopID: string
  BaseID: string
}

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed'

export interface GoodsSaleState {
  isOnSale: boolean
  /** 'HH:mm' the goods goes on sale, '' while on sale. */
  startsAt: string
}

export interface GoodsDetails {
  goods: GoodsDetailRow
  attributes: SkuAttributeRow[]
  values: SkuAttributeValueRow[]
  skus: SkuRow[]
  packUnits: PackUnitRow[]
  remarks: RemarkGroup[]
  addOns: AttachmentRow[]
  bomClasses: BomClassRow[]
  bomGoods: BomGoodsRow[]
}

export interface MenuSection {
  cls: GoodsClassRow
  goods: GoodsRow[]
}

export const STATUS_REFRESH_MS = 5000
import { HOME_PAGE_SIZE } from '../../core/first-answers'
export { HOME_PAGE_SIZE }

export interface MenuStoreDeps {
  /** Where the diner is; null before the session is ready. */
  scope: () => MenuScope | null
  locale: () => Locale
  /** The enterprise's wall clock now. */
  now: () => WallClock | null
}

export class MenuStore {
  classes: GoodsClassRow[] = []
  goods: GoodsRow[] = []
  menuState: LoadState = 'idle'
  recommended: GoodsRow[] = []
  recommendedState: LoadState = 'idle'
  searchKeyword = ''
  searchResults: GoodsRow[] = []
  searchState: LoadState = 'idle'
  details: Record<string, GoodsDetails> = {}
  detailState: Record<string, LoadState> = {}
  /** Goods this menu has not (an odd link): 'not found', and Retry cannot help. */
  detailMissing: Record<string, boolean> = {}
  /** Bumped by the sale-status timer so `goodsStatus` re-evaluates. */
  private statusTick = 0
  private timer: ReturnType<typeof setInterval> | null = null
  /** The scope + language the loaded data belongs to. */
  private menuKey = ''
  private recommendedKey = ''
  private searchSeq = 0
  /** Latest details request per goods: an older answer (another language) never overwrites a newer one. */
  private detailSeq: Record<string, number> = {}
  /** The language each goods' details were read in. */
  private detailLocale: Record<string, Locale> = {}
  /**
   * Reads a goods' GoodsRemarks into groups (src/core/goods-remarks.ts parseGoodsRemarks). The
   * stores of the pages past Home hand it in (stores/feature-stores.ts): only goods details read
   * remarks, so the parser is not on the first screen. Until then: no groups.
   */
  private readRemarks: (text: string) => RemarkGroup[] = () => []
  /**
   * Which goods the menu lists: the diner's dietary filter (./diet-filter.store.ts), handed in
   * with the stores past Home like the remark reader. Until then: every goods.
   */
  private listFilter: (goods: GoodsRow) => boolean = () => true

  constructor(
    private readonly gateway: Gateway,
    private readonly deps: MenuStoreDeps
  ) {
    // The timer handle is observable (by reference) so `statusTimerRunning` updates its observers.
    // The lists' rows are plain objects in observable arrays: made deeply observable, every field of
    // every goods of a branch became an observable of its own as the menu arrived (about 2 000 for
    // the demo's 72 goods: 15–20 ms of the goods list's first render on this machine, four times
    // that on a slow phone). A row changes by being replaced (MenuLiveStore.apply).
    makeAutoObservable<MenuStore, 'gateway' | 'deps' | 'timer' | 'detailSeq' | 'detailLocale' | 'readRemarks' | 'listFilter'>(this, {
      gateway: false,
      deps: false,
      readRemarks: false,
      goods: observable.shallow,
      recommended: observable.shallow,
      searchResults: observable.shallow,
      listFilter: observable.ref,
      timer: observable.ref,
      detailSeq: false,
      detailLocale: false
    })
  }

  /** Hands in the goods list's filter (see listFilter). */
  useListFilter(allows: (goods: GoodsRow) => boolean): void {
    this.listFilter = allows
  }

  /** Goods of the loaded menu the filter leaves out. */
  get filteredOut(): number {
    return this.goods.filter((g) => !this.listFilter(g)).length
  }

  /** Search results and Home's recommendations the filter leaves on show (what the list hides, they hide). */
  get searchShown(): GoodsRow[] {
    return this.searchResults.filter(this.listFilter)
  }

  get recommendedShown(): GoodsRow[] {
    return this.recommended.filter(this.listFilter)
  }

  /** Hands in the remark parser (see readRemarks). */
  useRemarkReader(read: (text: string) => RemarkGroup[]): void {
    this.readRemarks = read
  }

  private key(scope: MenuScope): string {
    return `${scope.ShopID}|${scope.BaseID}|${this.deps.locale()}`
  }

  private scopeRecord(scope: MenuScope): { ShopID: string; BaseID: string } {
    return { ShopID: scope.ShopID, BaseID: scope.BaseID }
  }

  // ---------- sale status ----------

  /** Sale status of every loaded goods (spec §3 goodsStatus per GoodsID). */
  get goodsStatus(): Record<string, GoodsSaleState> {
    void this.statusTick
    const now = this.deps.now()
    const out: Record<string, GoodsSaleState> = {}
    const all = [...this.goods, ...this.recommended, ...this.searchResults, ...Object.values(this.details).map((d) => d.goods)]
    for (const g of all) {
      if (out[g.GoodsID]) continue
      // Without the enterprise's clock yet, nothing is held back.
      out[g.GoodsID] = now ? saleStatus(g.OnSaleTime, g.OffSaleTime, now.secondsOfDay) : { isOnSale: true, startsAt: '' }
    }
    return out
  }

  statusOf(goodsId: string): GoodsSaleState {
    return this.goodsStatus[goodsId] ?? { isOnSale: true, startsAt: '' }
  }

  startStatusTimer(intervalMs = STATUS_REFRESH_MS): void {
    this.stopStatusTimer()
    this.timer = setInterval(() => this.bumpStatus(), intervalMs)
  }

  stopStatusTimer(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  get statusTimerRunning(): boolean {
    return this.timer !== null
  }

  private bumpStatus(): void {
    this.statusTick++
  }

  // ---------- the whole menu (goodsList) ----------

  /** Classes with their goods, in menu order (the diner's filter applied); classes without goods are left out. */
  get sections(): MenuSection[] {
    const byClass = new Map<string, GoodsRow[]>()
    for (const g of this.goods) {
      if (!this.listFilter(g)) continue
      const list = byClass.get(g.ClassID)
      if (list) list.push(g)
      else byClass.set(g.ClassID, [g])
    }
    return this.classes.filter((c) => byClass.has(c.ClassID)).map((cls) => ({ cls, goods: byClass.get(cls.ClassID)! }))
  }

  goodsById(goodsId: string): GoodsRow | undefined {
    return (
      this.goods.find((g) => g.GoodsID === goodsId) ??
      this.recommended.find((g) => g.GoodsID === goodsId) ??
      this.searchResults.find((g) => g.GoodsID === goodsId) ??
      this.details[goodsId]?.goods
    )
  }

  /** Loads classes and every goods of the branch in two calls; again only when scope or language changed. */
  async loadMenu(force = false): Promise<void> {
    const scope = this.deps.scope()
    if (!scope) return
    const key = this.key(scope)
    if (!force && this.menuKey === key && (this.menuState === 'ready' || this.menuState === 'loading')) return
    this.menuKey = key
    this.menuState = 'loading'
    try {
      const [classes, goods] = await Promise.all([
        this.gateway.request('GoodsClassAllGet', [this.scopeRecord(scope)]),
        this.gateway.request('GoodsListByClass', [{ ...this.scopeRecord(scope), ClassID: '' }])
      ])
      runInAction(() => {
        if (this.menuKey !== key) return
        this.classes = [...(classes.table1 ?? [])].sort((a, b) => a.SortNo - b.SortNo)
        this.goods = goods.table1 ?? []
        this.menuState = 'ready'
      })
    } catch {
      runInAction(() => {
        if (this.menuKey === key) this.menuState = 'failed'
      })
    }
  }

  // ---------- Home: recommended goods ----------

  async loadRecommended(force = false): Promise<void> {
    const scope = this.deps.scope()
    if (!scope) return
    const key = this.key(scope)
    if (!force && this.recommendedKey === key && this.recommendedState !== 'failed') return
    this.recommendedKey = key
    this.recommendedState = 'loading'
    try {
      const res = await this.gateway.request(
        'ShopHomeGoodsByPage',
        [{ ...this.scopeRecord(scope), PageIndex: 1, PageSize: HOME_PAGE_SIZE }],
        { silent: true }
      )
      runInAction(() => {
        if (this.recommendedKey !== key) return
        this.recommended = res.table1 ?? []
        this.recommendedState = 'ready'
      })
    } catch {
      runInAction(() => {
        if (this.recommendedKey === key) this.recommendedState = 'failed'
      })
    }
  }

  // ---------- search by goods number ----------

  /** Searches the branch's menu; the server orders by goods number. Older answers are dropped. */
  async search(keyword: string): Promise<void> {
    const scope = this.deps.scope()
    this.searchKeyword = keyword
    const text = keyword.trim()
    const seq = ++this.searchSeq
    if (!scope || !text) {
      this.searchResults = []
      this.searchState = 'idle'
      return
    }
    this.searchState = 'loading'
    try {
      const res = await this.gateway.request('GoodsListByClass', [{ ...this.scopeRecord(scope), ClassID: '', Keyword: text }])
      runInAction(() => {
        if (seq !== this.searchSeq) return
        this.searchResults = res.table1 ?? []
        this.searchState = 'ready'
      })
    } catch {
      runInAction(() => {
        if (seq === this.searchSeq) this.searchState = 'failed'
      })
    }
  }

  // ---------- goods details ----------

  /** Goods, skus and pack units, plus combo and add-ons when the goods has them. */
  async loadDetails(goodsId: string, force = false): Promise<GoodsDetails | null> {
    const scope = this.deps.scope()
    if (!scope || !goodsId) return null
    // Details read in another language are read again (the names on screen follow a switch).
    const locale = this.deps.locale()
    if (!force && this.details[goodsId] && this.detailState[goodsId] === 'ready' && this.detailLocale[goodsId] === locale) return this.details[goodsId]
    const seq = (this.detailSeq[goodsId] ?? 0) + 1
    this.detailSeq[goodsId] = seq
    const latest = (): boolean => this.detailSeq[goodsId] === seq
    this.detailState[goodsId] = 'loading'
    try {
      const where = { ...this.scopeRecord(scope), GoodsID: goodsId }
      const [detail, addOns] = await Promise.all([
        this.gateway.request('GoodsDetailGet', [where]),
        this.gateway.request('AttachmentChargingList', [where])
      ])
      const goods = detail.table1?.[0]
      if (!goods) throw Object.assign(new Error(`goods ${goodsId} missing`), { resultcode: GOODS_NOT_FOUND })
      const bom = goods.GoodsType === 3 ? await this.gateway.request('GoodsBOMListGet', [where]) : null
      const details: GoodsDetails = {
        goods,
        attributes: [...(detail.table2 ?? [])].sort((a, b) => a.SortNo - b.SortNo),
        values: [...(detail.table3 ?? [])].sort((a, b) => a.SortNo - b.SortNo),
        skus: detail.table4 ?? [],
        packUnits: detail.table5 ?? [],
        remarks: this.readRemarks(goods.GoodsRemarks),
        addOns: [...(addOns.table1 ?? [])].sort((a, b) => a.SortNo - b.SortNo),
        bomClasses: [...(bom?.table1 ?? [])].sort((a, b) => a.SortNo - b.SortNo),
        bomGoods: bom?.table2 ?? []
      }
      if (!latest()) return null
      runInAction(() => {
        this.details[goodsId] = details
        this.detailLocale[goodsId] = locale
        this.detailState[goodsId] = 'ready'
      })
      return details
    } catch (e) {
      if (latest()) {
        runInAction(() => {
          this.detailState[goodsId] = 'failed'
          // A GatewayError's resultcode (read, not imported: this store is first-screen code).
          this.detailMissing[goodsId] = (e as { resultcode?: string } | null)?.resultcode === GOODS_NOT_FOUND
        })
      }
      return null
    }
  }
}
