/**
 * The stores the goods list needs beside the first screen's: the cart, the business mode, the
 * dietary filter and the live menu. The H5 build loads this module with the first page past Home;
 * the stores of the pages past the goods list (checkout, orders, payment, the member and the rest)
 * are a module of their own (./past-menu-stores.ts), fetched with the first such page, so a goods
 * list opened from a code does not wait for their code (issue 28 item 2: about 30 KB gzipped).
 * Mini-programs and tests build both with the root store (./feature-loader.ts). Add a store the
 * goods list uses here, any other page's in ./past-menu-stores.ts, with a getter on RootStore.
 */
import { reaction, runInAction } from 'mobx'
import { CartStore } from '../features/cart/cart.store'
import { orderLimits } from '../core/order-limits'
import { cartLabels } from '../compose/cart-labels'
import { BusinessModeStore } from '../features/session/business-mode.store'
import { DietFilterStore } from '../features/menu/diet-filter.store'
import type { RootStore } from './root-store'
import { OPERATIONS } from '../gateway/operation-list'
import { GATEWAY_PATH } from '../gateway/contract'
import { MenuLiveStore } from '../features/menu/menu-live.store'
import { liveSubscribe } from '../hosts/live'
import { knowOperations } from '../gateway/operation-groups'
import { parseGoodsRemarks } from '../core/goods-remarks'
import { BUSINESS_MODE } from '../core/sheet-position'
import { prefetchPastMenuStores } from './past-menu-prefetch'

// The pages past Home call the rest of the gateway: H5's first screen knew only its own operations.
knowOperations(OPERATIONS)

export class FeatureStores {
  readonly cart: CartStore
  /** The diner's business mode (spec §4), kept in local storage. */
  readonly businessMode: BusinessModeStore
  /** The open menu, live: sold out and back while a page showing goods is on screen (docs/live-events.md). */
  readonly menuLive: MenuLiveStore
  /** The diner's dietary filter on the menu (issue 26): what the goods list hides. */
  readonly dietFilter: DietFilterStore

  constructor(private readonly root: RootStore) {
    // Goods details read remarks only past Home: the parser comes with these stores, not the first screen.
    root.menu.useRemarkReader(parseGoodsRemarks)
    this.dietFilter = new DietFilterStore(root.host.storage)
    root.menu.useListFilter((g) => this.dietFilter.allows(g))
    const { session, format } = root
    this.businessMode = new BusinessModeStore(root.host.storage, () =>
      session.isReady && session.baseInfo ? { branchMode: session.baseInfo.BusinessMode, postpay: session.payMode === 'postpay' } : null
    )
    this.cart = new CartStore(root.host.storage, {
      logError: (message) => void root.errors.report(message),
      limits: () => orderLimits(session.shopParams, session.entSysParams)
    })
    // The cart belongs to the enterprise and business mode the session resolved (spec §4); the
    // diner switching the mode clears the other modes' entries (the cart is emptied). A shop's
    // counter before a branch is chosen has no mode of its own: the cart keeps every mode's
    // entries until the branch says which applies (issue 27 item 9: a delivery cart survived
    // only a dine-in round trip through the counter code).
    let storedBefore = this.businessMode.stored
    reaction(
      () => (session.isReady ? `${session.params.EntID}|${this.businessMode.offered.length > 0 ? this.businessMode.current : ''}|${session.params.BusinessMode}` : ''),
      (key) => {
        if (!key) return
        const mode = this.businessMode.offered.length > 0 ? this.businessMode.current : null
        // The session's params carry the diner's mode from here on (spec §3 params.BusinessMode).
        if (mode !== null && session.params.BusinessMode !== mode) runInAction(() => (session.params = { ...session.params, BusinessMode: mode }))
        const chosen = this.businessMode.stored !== storedBefore
        storedBefore = this.businessMode.stored
        if (this.cart.params.EntID !== session.params.EntID) this.cart.initialise(session.params.EntID, mode)
        else if (mode !== null) {
          const dropped = this.cart.setBusinessMode(mode)
          // The place decided, not the diner (whose switch the goods list asked about first): say why the cart emptied.
          if (dropped.length > 0 && !chosen) {
            const label = (m: string) => root.i18n.t(m === BUSINESS_MODE.TAKEAWAY ? 'checkout.service.takeaway' : m === BUSINESS_MODE.DELIVERY ? 'checkout.service.delivery' : session.baseInfo?.CYType === '1' ? 'checkout.service.fastfood' : 'checkout.service.dinein')
            root.host.toast(root.i18n.t('mode.cartEmptied', { was: label(dropped[0]), now: label(mode) }))
          }
        }
      },
      { fireImmediately: true }
    )
    // Cart lines speak the language on screen (issue 12 item 14): names again from the menu
    // whenever the language, the place or the enterprise's stored cart changes.
    reaction(
      () => (session.isReady && this.cart.params.EntID ? `${root.i18n.locale}|${session.params.ShopID}|${session.params.BaseID}|${this.cart.params.EntID}` : ''),
      (key) => void (key && this.relabelCart()),
      { fireImmediately: true }
    )
    reaction(
      () => format.points,
      (p) => this.cart.setPoints({ QuaPoint: p.QuaPoint, PQuaPoint: p.PQuaPoint }),
      { fireImmediately: true, equals: (a, b) => a.QuaPoint === b.QuaPoint && a.PQuaPoint === b.PQuaPoint }
    )
    this.menuLive = new MenuLiveStore(root.menu, {
      // H5 an EventSource, mini-programs a poll (src/hosts/live*.ts), on the gateway's server.
      subscribe: liveSubscribe(root.host),
      base: () => root.gateway.endpoint().slice(0, -GATEWAY_PATH.length),
      where: () => (session.isReady ? { EntID: session.params.EntID, ShopID: session.params.ShopID, BaseID: session.params.BaseID } : null),
      // The sale-status timer runs while a page showing goods is on screen (compose/page-hooks.ts).
      active: () => root.menu.statusTimerRunning
    })
  }

  /**
   * Has the script of the stores past the goods list fetched, neither run nor built (H5; the goods
   * list asks once it has shown and the browser is idle): the next page does not wait for it.
   */
  prefetchPastMenu(): void {
    prefetchPastMenuStores()
  }

  /** Names the cart's lines of this place from the menu's goods details in the language on screen. */
  private async relabelCart(): Promise<void> {
    const { session, menu, i18n } = this.root
    const locale = i18n.locale
    const scope = { ShopID: session.params.ShopID, BaseID: session.params.BaseID }
    const ids = new Set(
      [...this.cart.cartList, ...this.cart.temporaryList]
        .filter((e) => e.goodsDetails.ShopID === scope.ShopID && e.goodsDetails.BaseID === scope.BaseID)
        .map((e) => e.goodsDetails.GoodsID)
    )
    await Promise.all(
      [...ids].map(async (id) => {
        const known = menu.detailState[id] === 'ready' ? menu.details[id] : undefined
        // Details already fetched in this language are reused (the goods page keeps its choice).
        const inLocale = known && (known.goods.GoodsNames?.[locale] || known.goods.GoodsName) === known.goods.GoodsName
        const d = inLocale ? known : await menu.loadDetails(id, true)
        if (d && i18n.locale === locale) this.cart.relabel({ GoodsID: id, ...scope }, cartLabels(d))
      })
    )
  }
}
