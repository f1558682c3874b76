/**
 * Builds every store and hands each its dependencies (gateway, host), so tests can build
 * the same graph with a fake host and no module mocks.
 */
import { reaction } from 'mobx'
import type { Host } from '../hosts/host'
import { Gateway } from '../gateway/gateway-client'
import { deviceKey } from '../gateway/device-key'
import { I18nStore } from '../i18n/i18n.store'
import { SessionStore } from '../features/session/session.store'
import { ErrorReporter } from '../features/error-report/error-reporter'
import { MenuStore } from '../features/menu/menu.store'
import { CartStore } from '../features/cart/cart.store'
import { OrdersStore } from '../features/orders/orders.store'
import { PaymentStore } from '../features/orders/payment.store'
import { CheckoutStore } from '../features/checkout/checkout.store'
import { TableSheetStore } from '../features/checkout/table-sheet.store'
import { PlaceStore } from '../features/checkout/place.store'
import { currencySymbol } from '../i18n/i18n.store'
import { Formatter } from './formatter'
import { ROUTES } from '../features/shell/routes'

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
  readonly errors: ErrorReporter
  readonly menu: MenuStore
  readonly cart: CartStore
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
      identity: () => ({ EntID: this.session.params.EntID, UserID: this.session.params.UserID }),
      // Orders and payments made here belong to this device until members sign in.
      deviceKey: () => deviceKey(host.storage)
    })
    this.session = new SessionStore(this.gateway, host)
    this.errors = new ErrorReporter(this.gateway, {
      context: () => `${host.kind}/${host.subHost}`
    })
    this.format = new Formatter(
      () => this.session.entSysParams,
      () => currencySymbol(this.session.entSysParams)
    )
    this.menu = new MenuStore(this.gateway, {
      scope: () => (this.session.isReady ? { ShopID: this.session.params.ShopID, BaseID: this.session.params.BaseID } : null),
      locale: () => this.i18n.locale,
      now: () => this.session.now
    })
    this.cart = new CartStore(host.storage, { logError: (message) => void this.errors.report(message) })
    // The cart belongs to the enterprise and business mode the session resolved (spec §4).
    reaction(
      () => (this.session.isReady ? `${this.session.params.EntID}|${this.session.params.BusinessMode}` : ''),
      (key) => {
        if (!key) return
        this.cart.initialise(this.session.params.EntID, this.session.params.BusinessMode)
      },
      { fireImmediately: true }
    )
    reaction(
      () => this.format.points,
      (p) => this.cart.setPoints({ QuaPoint: p.QuaPoint, PQuaPoint: p.PQuaPoint }),
      { fireImmediately: true, equals: (a, b) => a.QuaPoint === b.QuaPoint && a.PQuaPoint === b.PQuaPoint }
    )
    // The enterprise's AppLanguage decides when no stored choice, host or device does.
    reaction(
      () => this.session.entSysParams.AppLanguage,
      (appLanguage) => this.i18n.applyEnterpriseLanguage(appLanguage)
    )
  }

  // ---------- checkout, table sheet, shop and branch choice: built when a page first asks ----------

  private checkoutStore: CheckoutStore | null = null
  private tableSheetStore: TableSheetStore | null = null
  private placeStore: PlaceStore | null = null

  get checkout(): CheckoutStore {
    const s = this.session
    this.checkoutStore ??= new CheckoutStore(this.gateway, {
      place: () =>
        s.isReady && s.baseInfo
          ? { ShopID: s.params.ShopID, BaseID: s.params.BaseID, TableID: s.params.TableID, SheetID: s.sheet && s.sheet.Status === 0 ? s.sheet.SheetID : '', base: s.baseInfo }
          : null,
      now: () => s.now,
      entries: () => this.cart.entriesFor(s.params.ShopID, s.params.BaseID)
    })
    return this.checkoutStore
  }

  get tableSheet(): TableSheetStore {
    const s = this.session
    this.tableSheetStore ??= new TableSheetStore(this.gateway, {
      now: () => s.now,
      base: () => s.baseInfo,
      onlineCheckout: () => s.isPayLaterOnlineCheckout[s.params.BaseID] === '1'
    })
    return this.tableSheetStore
  }

  get place(): PlaceStore {
    this.placeStore ??= new PlaceStore(this.gateway, { entId: () => this.session.params.EntID })
    return this.placeStore
  }

  // ---------- this device's orders and paying for them: built when a page first asks ----------

  private ordersStore: OrdersStore | null = null
  private paymentStore: PaymentStore | null = null

  get orders(): OrdersStore {
    this.ordersStore ??= new OrdersStore(this.gateway, {})
    return this.ordersStore
  }

  get payment(): PaymentStore {
    const host = this.host
    this.paymentStore ??= new PaymentStore(this.gateway, {
      storage: host.storage,
      // The provider's page sends the diner back to paying; the server fills in {PayID}.
      returnUrl: (sheetId) => host.appUrl(ROUTES.paying({ SheetID: sheetId, PayID: '{PayID}' })),
      leaveTo: (url) => host.leaveTo(url),
      onOrder: (order) => this.ordersStore?.applyOrder(order)
    })
    return this.paymentStore
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
  }
}
