/**
 * The diner's open menu, live (issue 23: sold out reaches every open menu within a second;
 * docs/live-events.md). While a page showing goods is on screen (the menu's sale-status timer
 * runs: goods list, search, goods details, Home), it subscribes to the shop's live stream through
 * the host (H5 EventSource, mini-programs a poll) and applies what it hears to the menu store's
 * rows in place, so the lists and the goods page change without a reload and a diner's choices
 * on the goods page stay as they are:
 *   - goods.soldOut { goodsId, soldOut }: SoldOut on the goods' rows (list, Home, search,
 *     details, combo picks naming it);
 *   - addOn.soldOut { goodsId, optionId, soldOut }: SoldOut on that add-on of the details;
 *   - menu.changed (a menu import) and reset (the stream could not resume: events were missed):
 *     the menu, Home's goods, the search and the details loaded are read again.
 * It resumes from the last id it heard when the page comes back; a new shop starts from now.
 * Built with the stores of the pages past Home (src/stores/feature-stores.ts): the first screen
 * carries none of it.
 */
import { makeAutoObservable, reaction, runInAction, type IReactionDisposer } from 'mobx'
import type { LiveMessage, LiveSubscribe, LiveSubscription } from '../../hosts/host'
import type { MenuStore } from './menu.store'

export const MENU_LIVE_KINDS = ['goods.soldOut', 'addOn.soldOut', 'menu.changed'] as const

export interface MenuLiveWhere {
  EntID: string
  ShopID: string
  BaseID: string
}

export interface MenuLiveDeps {
  subscribe: LiveSubscribe
  /** The server's base URL (no trailing '/'). */
  base: () => string
  /** The diner's enterprise, shop and branch; null before the session is ready. */
  where: () => MenuLiveWhere | null
  /** Whether a page showing the menu is on screen. */
  active: () => boolean
}

export class MenuLiveStore {
  /** Whether the stream is connected (false while retrying or when no menu page shows). */
  connected = false
  /** The last event id applied (per enterprise); null before the first. */
  lastId: number | null = null
  private subscription: LiveSubscription | null = null
  /** The shop the cursor belongs to. */
  private cursorScope = ''
  private readonly dispose: IReactionDisposer

  constructor(
    private readonly menu: MenuStore,
    private readonly deps: MenuLiveDeps
  ) {
    makeAutoObservable<MenuLiveStore, 'menu' | 'deps' | 'subscription' | 'dispose'>(this, { menu: false, deps: false, subscription: false, dispose: false })
    this.dispose = reaction(
      () => {
        const where = deps.where()
        return deps.active() && where ? `ent=${encodeURIComponent(where.EntID)}&shop=${encodeURIComponent(where.ShopID)}&base=${encodeURIComponent(where.BaseID)}` : ''
      },
      (scope) => this.follow(scope),
      { fireImmediately: true }
    )
  }

  private follow(scope: string): void {
    this.subscription?.close()
    this.subscription = null
    this.connected = false
    if (!scope) return
    // Another place: its menu is read anew, so its stream starts from now.
    if (scope !== this.cursorScope) this.lastId = null
    this.cursorScope = scope
    const subscription = this.deps.subscribe(
      { base: this.deps.base(), scope, kinds: MENU_LIVE_KINDS, afterId: this.lastId },
      {
        onMessage: (message) => {
          if (this.subscription === subscription) this.apply(message)
        },
        onStatus: (connected) => {
          if (this.subscription === subscription) runInAction(() => (this.connected = connected))
        }
      }
    )
    this.subscription = subscription
  }

  /** Applies one message of the stream to the menu store. */
  apply(message: LiveMessage): void {
    const { menu } = this
    this.lastId = message.id
    if (message.kind === 'ready') {
      this.connected = true
      return
    }
    const d = message.data
    if (message.kind === 'goods.soldOut' && typeof d.goodsId === 'string') {
      const flag = d.soldOut === true ? 1 : 0
      // The lists' rows are plain (MenuStore): a changed row is a new one in its place.
      for (const rows of [menu.goods, menu.recommended, menu.searchResults]) {
        rows.forEach((row, i) => {
          if (row.GoodsID === d.goodsId && row.SoldOut !== flag) rows[i] = { ...row, SoldOut: flag }
        })
      }
      for (const details of Object.values(menu.details)) {
        if (details.goods.GoodsID === d.goodsId) details.goods.SoldOut = flag
        for (const pick of details.bomGoods) if (pick.GoodsID === d.goodsId) pick.SoldOut = flag
      }
      return
    }
    if (message.kind === 'addOn.soldOut' && typeof d.goodsId === 'string' && typeof d.optionId === 'string') {
      const addOn = menu.details[d.goodsId]?.addOns.find((a) => a.OptionID === d.optionId)
      if (addOn) addOn.SoldOut = d.soldOut === true ? 1 : 0
      return
    }
    if (message.kind === 'menu.changed' || message.kind === 'reset') this.reload()
  }

  /** Reads again everything of the menu the diner may be looking at. */
  private reload(): void {
    const { menu } = this
    if (menu.menuState !== 'idle') void menu.loadMenu(true)
    if (menu.recommendedState !== 'idle') void menu.loadRecommended(true)
    if (menu.searchKeyword.trim()) void menu.search(menu.searchKeyword)
    for (const [goodsId, state] of Object.entries(menu.detailState)) if (state === 'ready') void menu.loadDetails(goodsId, true)
  }

  /** Stops following (tests; the app's stores live as long as the app). */
  close(): void {
    this.dispose()
    this.subscription?.close()
    this.subscription = null
  }
}
