/**
 * Builds every store and hands each its dependencies (gateway, host), so tests can build
 * the same graph with a fake host and no module mocks.
 *
 * The first screen (entry page and Home) needs only the stores built here. The goods list's
 * live in ./feature-stores.ts, those of the pages past it in ./past-menu-stores.ts: the H5 build
 * fetches each with the first page that needs it (beforePage), mini-programs and tests build
 * them here at once. Their getters below hand them over.
 */
import { reaction, when } from 'mobx'
import type { Host } from '../hosts/host'
import { Gateway } from '../gateway/gateway-client'
import { deviceKey } from '../gateway/device-key'
import { readMemberToken } from '../gateway/member-token'
import { I18nStore } from '../i18n/i18n.store'
import { SessionStore } from '../features/session/session.store'
import type { ErrorReporter } from '../features/error-report/error-reporter'
import { loadErrorReporter } from './error-reporter-loader'
import { MenuStore } from '../features/menu/menu.store'
import type { DietFilterStore } from '../features/menu/diet-filter.store'
import type { CartStore } from '../features/cart/cart.store'
import type { OrdersStore } from '../features/orders/orders.store'
import type { ReadyEstimateStore } from '../features/checkout/ready-estimate.store'
import type { PaymentStore } from '../features/orders/payment.store'
import type { CheckoutStore } from '../features/checkout/checkout.store'
import type { TermsAgreementStore } from '../features/checkout/terms-agreement.store'
import type { TableSheetStore } from '../features/checkout/table-sheet.store'
import type { PlaceStore } from '../features/checkout/place.store'
import type { MemberStore } from '../features/member/member.store'
import type { WalletStore } from '../features/wallet/wallet.store'
import type { CouponsStore } from '../features/coupons/coupons.store'
import type { AddressStore } from '../features/addresses/address.store'
import type { BusinessModeStore } from '../features/session/business-mode.store'
import type { BranchStore } from '../features/branch/branch.store'
import type { TablesStore } from '../features/branch/tables.store'
import type { DeliveryStore } from '../features/branch/delivery.store'
import type { CouponPlanStore } from '../features/coupons/coupon-plan.store'
import type { PromotionsStore } from '../features/menu/promotions.store'
import type { GoodsShopsStore } from '../features/menu/goods-shops.store'
import type { GoodsCommentsStore } from '../features/menu/goods-comments.store'
import type { TableSheetsListStore } from '../features/orders/table-sheets-list.store'
import type { BillSplitStore } from '../features/checkout/bill-split.store'
import { currencySymbol } from '../i18n/i18n.store'
import { Formatter } from './formatter'
import { isEntryPage, isFirstScreenPage, isMenuPage } from '../features/shell/routes'
import type { FeatureStores } from './feature-stores'
import type { PastMenuStores } from './past-menu-stores'
import { featureStoresAtHand, loadFeatureStores, loadPastMenuStores } from './feature-loader'

export interface RootStoreConfig {
  authCode: string
  liveUrl: string
  testUrl: string
  appVersion: string
}

export class RootStore {
  readonly i18n: I18nStore
  readonly gateway: Gateway
  readonly session: SessionStore
  /** Client errors to the shop (features/error-report); H5 fetches the reporter with the first one. */
  readonly errors: Pick<ErrorReporter, 'report'>
  readonly menu: MenuStore
  readonly format: Formatter
  readonly appName: string

  constructor(
    readonly host: Host,
    config: RootStoreConfig
  ) {
    this.appName = `ScanOrder/${config.appVersion} (${host.clientType})`
    this.i18n = new I18nStore(host)
    this.gateway = new Gateway({
      host,
      appName: this.appName,
      authCode: config.authCode,
      liveUrl: config.liveUrl,
      testUrl: config.testUrl,
      locale: () => this.i18n.locale,
      networkErrorText: () => this.i18n.t('network.error'),
      unavailableText: () => this.i18n.t('network.unavailable'),
      identity: () => ({ EntID: this.session.params.EntID, UserID: this.session.params.UserID }),
      // Orders and payments made here belong to this device until members sign in.
      deviceKey: () => deviceKey(host.storage),
      // A signed-in member's session (features/member writes it); read per request, so a login or logout applies at once.
      token: () => readMemberToken(host.storage)
    })
    this.session = new SessionStore(this.gateway, host)
    let reporter: Promise<ErrorReporter> | null = null
    this.errors = {
      report: (message) => {
        reporter ??= loadErrorReporter().then(
          (m) => new m.ErrorReporter(this.gateway, { context: () => `${host.kind}/${host.subHost}` }),
          (error: unknown) => {
            // Its script did not arrive (the network): the next error tries again.
            reporter = null
            throw error
          }
        )
        return reporter.then((r) => r.report(message), () => false)
      }
    }
    this.format = new Formatter(
      () => this.session.entSysParams,
      () => currencySymbol(this.session.entSysParams)
    )
    this.menu = new MenuStore(this.gateway, {
      scope: () => this.session.menuScope,
      locale: () => this.i18n.locale,
      now: () => this.session.now
    })
    // The enterprise's AppLanguage decides when no stored choice, host or device does.
    reaction(
      () => this.session.entSysParams.AppLanguage,
      (appLanguage) => void this.i18n.applyEnterpriseLanguage(appLanguage)
    )
    const atHand = featureStoresAtHand()
    if (atHand) this.pastMenuStores = new atHand.pastMenu.PastMenuStores(this, (this.featureStores = new atHand.features.FeatureStores(this)))
  }

  // ---------- the stores of the pages past Home (./feature-stores.ts, ./past-menu-stores.ts) ----------

  private featureStores: FeatureStores | null = null
  private pastMenuStores: PastMenuStores | null = null
  private menuPrefetch: (() => void) | undefined
  private menuFeaturesLoading: Promise<FeatureStores> | null = null
  private featuresLoading: Promise<void> | null = null

  // Only the entry page and Home do without the first; only they and the goods list without the
  // second (beforePage loads them). A short message: these bytes are on the first screen.
  private features(): FeatureStores {
    return this.featureStores ?? notLoaded()
  }

  private pastMenu(): PastMenuStores {
    return this.pastMenuStores ?? notLoaded()
  }

  /** Fetches and builds the goods list's stores once (where they are in the package, already built). */
  loadMenuFeatures(): Promise<FeatureStores> {
    return (this.menuFeaturesLoading ??= loadFeatureStores().then(
      (m) => (this.featureStores ??= new m.FeatureStores(this)),
      // Its script did not arrive (the network): the next page tries again.
      forget(() => (this.menuFeaturesLoading = null))
    ))
  }

  /** Fetches and builds every store of the pages past Home once: the goods list's and the rest, both scripts at once. */
  loadFeatures(): Promise<void> {
    return (this.featuresLoading ??= Promise.all([this.loadMenuFeatures(), loadPastMenuStores()]).then(([features, m]) => {
      this.pastMenuStores ??= new m.PastMenuStores(this, features)
    }, forget(() => (this.featuresLoading = null))))
  }

  /**
   * Has the code of the stores past the goods list fetched, neither run nor built (the goods list
   * asks once it has shown and the browser is idle): the next page does not wait for its download,
   * and the goods list's main thread does no more.
   */
  prefetchFeatures(): void {
    if (!this.pastMenuStores) this.featureStores?.prefetchPastMenu()
  }

  /**
   * What a page needs before it mounts, where code arrives on demand (Taro's H5 router asks,
   * see App.beforePage): the first screen's texts in the language on screen; for every page
   * past the first screen all texts and the feature stores.
   */
  beforePage(path: string): Promise<unknown> {
    // The stored session is restored while the page's code downloads: the goods list's menu and
    // first pictures a round trip sooner (Lighthouse's LCP). The entry pages resolve their own code.
    const session = isEntryPage(path) ? null : this.session.ensureReady()
    // The goods list's menu as soon as the code's shop is known (the stored entry's lookup), not
    // after the page's code and the feature stores have come (issue 28 item 2: LCP).
    this.menuPrefetch?.()
    if (isMenuPage(path)) this.menuPrefetch = when(() => this.session.menuScope !== null, () => void this.menu.loadMenu())
    if (isFirstScreenPage(path)) return this.i18n.ready
    // A page past Home mounts with the session restored, as when its code came after it: since a
    // reload preloads the page's code (index.html), it may arrive first, and a page asking the
    // gateway at once would ask without its enterprise (the map page found no tiles).
    // The goods list needs only its own texts beside the first screen's (about a fifth of the
    // catalogue, config/page-texts.js), and only its own stores (./feature-stores.ts): it asks for
    // the rest of the texts once it has shown, and the next page for the rest of the stores.
    const menu = isMenuPage(path)
    return Promise.all([this.i18n.loadPart(menu ? 'menu' : 'all'), menu ? this.loadMenuFeatures() : this.loadFeatures(), session])
  }

  get cart(): CartStore {
    return this.features().cart
  }

  /** The diner's dietary filter on the menu (issue 26). */
  get dietFilter(): DietFilterStore {
    return this.features().dietFilter
  }

  get checkout(): CheckoutStore {
    return this.pastMenu().checkout
  }

  /** The terms agreement, per member on the server (issue 27). */
  get terms(): TermsAgreementStore {
    return this.pastMenu().terms
  }

  get tableSheet(): TableSheetStore {
    return this.pastMenu().tableSheet
  }

  get place(): PlaceStore {
    return this.pastMenu().place
  }

  get orders(): OrdersStore {
    return this.pastMenu().orders
  }

  /** issue 26: the order page's ready-time estimate. */
  get orderEstimate(): ReadyEstimateStore {
    return this.pastMenu().orderEstimate
  }

  get payment(): PaymentStore {
    return this.pastMenu().payment
  }

  get member(): MemberStore {
    return this.pastMenu().member
  }

  get wallet(): WalletStore {
    return this.pastMenu().wallet
  }

  get coupons(): CouponsStore {
    return this.pastMenu().coupons
  }

  get addresses(): AddressStore {
    return this.pastMenu().addresses
  }

  get businessMode(): BusinessModeStore {
    return this.features().businessMode
  }

  get tables(): TablesStore {
    return this.pastMenu().tables
  }

  /** The branch's page (issue 16). */
  get branch(): BranchStore {
    return this.pastMenu().branch
  }

  // issue 27: pages for the calls no page used
  /** The branch page's delivery terms (FreightRuleGet, DispatchInfoGet). */
  get delivery(): DeliveryStore {
    return this.pastMenu().delivery
  }

  /** A coupon plan, or how one's card was issued (CouponPlanDetail, CouponIssueCardDetail). */
  get couponPlan(): CouponPlanStore {
    return this.pastMenu().couponPlan
  }

  /** The goods on promotion now (AvailablePromotionGoods). */
  get promotions(): PromotionsStore {
    return this.pastMenu().promotions
  }

  /** The branches selling a goods (GroundingShopList). */
  get goodsShops(): GoodsShopsStore {
    return this.pastMenu().goodsShops
  }

  get goodsComments(): GoodsCommentsStore {
    return this.pastMenu().goodsComments
  }

  /** My tables: the table sheets this device ordered on (PosSheetListByPage, PosSheetClose). */
  get tableSheets(): TableSheetsListStore {
    return this.pastMenu().tableSheets
  }

  /** issue 26: splitting the table's bill (BillSplitGet, BillShareStart), its balance live. */
  get billSplit(): BillSplitStore {
    return this.pastMenu().billSplit
  }

  /** Wires the global error handler and the app-shell behaviours of the host. */
  start(): void {
    reaction(() => this.i18n.locale, (locale) => this.host.applyLocale(locale), { fireImmediately: true })
    this.host.onGlobalError((message) => void this.errors.report(message))
    this.host.installShell({
      loading: () => this.i18n.t('shell.loading'),
      loadFailed: () => this.i18n.t('shell.loadFailed'),
      reload: () => this.i18n.t('shell.reload')
    })
    // Spec §4: the launch timer runs from launch (the app stops it while hidden: src/app.tsx).
    this.session.startLaunchTimer()
  }
}

function notLoaded(): never {
  throw new Error('stores not loaded (RootStore.beforePage)')
}

/** A rejection handler that forgets a failed load (so the next asks again) and fails as it did. */
function forget(clear: () => void): (error: unknown) => never {
  return (error) => {
    clear()
    throw error
  }
}
