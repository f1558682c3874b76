/**
 * The stores of the pages past the goods list: checkout, the table sheet and the bill, orders and
 * payment, the member, wallet, coupons and addresses, the branch's pages and issue 27's. The H5
 * build fetches this module with the first page that needs one (RootStore.beforePage), not with
 * the goods list; mini-programs and tests build it with the root store (./feature-loader.ts).
 * Each store is built when a page first asks for it, except the member (below).
 */
import { reaction } from 'mobx'
import type { RootStore } from './root-store'
import type { FeatureStores } from './feature-stores'
import { OrdersStore } from '../features/orders/orders.store'
import { PaymentStore } from '../features/orders/payment.store'
import { CheckoutStore } from '../features/checkout/checkout.store'
import { ReadyEstimateStore } from '../features/checkout/ready-estimate.store'
import { TableSheetStore } from '../features/checkout/table-sheet.store'
import { BillSplitStore } from '../features/checkout/bill-split.store'
import { PlaceStore } from '../features/checkout/place.store'
import { WalletStore } from '../features/wallet/wallet.store'
import { CouponsStore } from '../features/coupons/coupons.store'
import { AddressStore } from '../features/addresses/address.store'
import { MemberStore } from '../features/member/member.store'
import { ROUTES } from '../features/shell/routes'
import { BranchStore } from '../features/branch/branch.store'
import { TablesStore } from '../features/branch/tables.store'
import { DeliveryStore } from '../features/branch/delivery.store'
import { CouponPlanStore } from '../features/coupons/coupon-plan.store'
import { PromotionsStore } from '../features/menu/promotions.store'
import { GoodsShopsStore } from '../features/menu/goods-shops.store'
import { GoodsCommentsStore } from '../features/menu/goods-comments.store'
import { TableSheetsListStore } from '../features/orders/table-sheets-list.store'
import { GATEWAY_PATH } from '../gateway/contract'
import type { OrderProgressLive } from './order-progress'
import { liveAlert, liveSubscribe } from '../hosts/live'
import { TermsAgreementStore } from '../features/checkout/terms-agreement.store'
import { TERMS_VERSION } from '../features/checkout/terms-version'

export class PastMenuStores {
  constructor(
    private readonly root: RootStore,
    private readonly features: FeatureStores
  ) {
    // Built at once, so its 10010 / 20038 prompts answer on every page past the goods list.
    void this.member
  }

  // ---------- checkout, table sheet, shop and branch choice: built when a page first asks ----------

  private checkoutStore: CheckoutStore | null = null
  private termsStore: TermsAgreementStore | null = null

  /**
   * The privacy policy and terms agreement, kept per member on the server (issue 27): the confirm
   * page's box and the login page's. An agreement made before signing in is sent up once the diner
   * signs in (the reaction in `member`).
   */
  get terms(): TermsAgreementStore {
    this.termsStore ??= new TermsAgreementStore(this.root.gateway, this.root.host.storage, { version: TERMS_VERSION, token: () => this.member.token })
    return this.termsStore
  }
  private tableSheetStore: TableSheetStore | null = null
  private placeStore: PlaceStore | null = null

  get checkout(): CheckoutStore {
    const s = this.root.session
    this.checkoutStore ??= new CheckoutStore(this.root.gateway, {
      place: () =>
        s.isReady && s.baseInfo
          ? {
              ShopID: s.params.ShopID,
              BaseID: s.params.BaseID,
              TableID: s.params.TableID,
              SheetID: s.sheet && s.sheet.Status === 0 ? s.sheet.SheetID : '',
              QRCode: s.params.QRCode,
              // The diner's business mode (spec §4) bounds the service styles offered.
              base: { ...s.baseInfo, BusinessMode: this.features.businessMode.current }
            }
          : null,
      now: () => s.now,
      // The cart, or just the goods of a "buy now" (the temporary cart).
      entries: () => this.features.cart.checkoutEntries(s.params.ShopID, s.params.BaseID),
      locate: () => this.root.host.locate(),
      // Paying from the balance needs a phone-bound member with enough of it (the wallet knows).
      payMethodProblem: (method, amount) => (method === 'balance' ? this.wallet.payProblem(amount) : null),
      // Unsent choices, the last order placed and the terms' agreement survive a reload.
      storage: this.root.host.storage,
      // The terms agreement: the member's, on the server, once signed in.
      terms: this.terms,
      // A signed-in member's delivery goes to one of their saved addresses (issue 16).
      addressBook: {
        signedIn: () => this.member.signedIn,
        load: async () => ((await this.addresses.loadList()) ? this.addresses.rows : null)
      },
      // issue 26: the ready-time estimate follows the branch's kitchen on its live stream.
      live: this.orderProgressLive()
    })
    return this.checkoutStore
  }

  private orderEstimateStore: ReadyEstimateStore | null = null

  /** issue 26: an order's "ready in about N min" on the order page (docs/estimates.md). */
  get orderEstimate(): ReadyEstimateStore {
    this.orderEstimateStore ??= new ReadyEstimateStore(this.root.gateway, { live: this.orderProgressLive() })
    return this.orderEstimateStore
  }

  get tableSheet(): TableSheetStore {
    const s = this.root.session
    this.tableSheetStore ??= new TableSheetStore(this.root.gateway, {
      now: () => s.now,
      qrCode: () => s.params.QRCode,
      base: () => s.baseInfo,
      onlineCheckout: () => s.isPayLaterOnlineCheckout[s.params.BaseID] === '1',
      // issue 24: its rounds' kitchen stages are pushed on the branch's live stream, as an order's progress is.
      live: this.orderProgressLive()
    })
    return this.tableSheetStore
  }

  private billSplitStore: BillSplitStore | null = null

  /** issue 26: splitting the table's bill, its balance live on the branch's stream (docs/split-bills.md). */
  get billSplit(): BillSplitStore {
    const s = this.root.session
    this.billSplitStore ??= new BillSplitStore(this.root.gateway, {
      qrCode: () => s.params.QRCode,
      amoPoint: () => this.root.format.points.AmoPoint,
      onlineCheckout: () => s.isPayLaterOnlineCheckout[s.params.BaseID] === '1',
      live: this.orderProgressLive()
    })
    return this.billSplitStore
  }

  /** The branch's live stream orders' progress comes by (the order page, the table's bill): src/stores/order-progress.ts. */
  private orderProgressLive(): OrderProgressLive {
    const { root } = this
    return {
      subscribe: liveSubscribe(root.host),
      base: () => root.gateway.endpoint().slice(0, -GATEWAY_PATH.length),
      entId: () => (root.session.isReady ? root.session.params.EntID : ''),
      alert: liveAlert(root.host)
    }
  }

  get place(): PlaceStore {
    this.placeStore ??= new PlaceStore(this.root.gateway, { entId: () => this.root.session.params.EntID, locate: () => this.root.host.locate() })
    return this.placeStore
  }

  // ---------- this device's orders and paying for them: built when a page first asks ----------

  private ordersStore: OrdersStore | null = null
  private paymentStore: PaymentStore | null = null

  get orders(): OrdersStore {
    const { root } = this
    this.ordersStore ??= new OrdersStore(root.gateway, {
      // issue 24: a watched order's progress is pushed on its branch's live stream (H5 EventSource,
      // mini-programs a poll of /live/poll); details are polled only while that is not connected.
      live: this.orderProgressLive()
    })
    return this.ordersStore
  }

  get payment(): PaymentStore {
    const host = this.root.host
    this.paymentStore ??= new PaymentStore(this.root.gateway, {
      storage: host.storage,
      // The provider's page sends the diner back to paying; the server fills in {PayID}.
      returnUrl: (sheetId) => host.appUrl(ROUTES.paying({ SheetID: sheetId, PayID: '{PayID}' })),
      leaveTo: (url) => host.leaveTo(url),
      cashier: async () => (await host.cashier?.()) ?? null,
      onOrder: (order) => this.ordersStore?.applyOrder(order)
    })
    return this.paymentStore
  }

  // ---------- the member: built with these stores, so its 10010 / 20038 prompts answer on every page past Home ----------

  private memberStore: MemberStore | null = null
  private memberReactions = false

  get member(): MemberStore {
    const { root } = this
    this.memberStore ??= new MemberStore(root.gateway, root.host, {
      t: root.i18n.t,
      confirm: (texts) => root.host.confirm(texts),
      openLogin: (mode, back) => root.host.navigateTo(ROUTES.loginByCode({ mode, back })),
      here: () => root.host.currentRoute(),
      place: () => {
        const shop = root.session.shopInfo
        const base = root.session.baseInfo
        return { ShopName: shop?.ShopName ?? '', ShopCode: shop?.ShopCode ?? '', BaseName: base?.BaseName ?? '', BaseCode: base?.BaseCode ?? '' }
      },
      minaId: () => root.session.shopInfo?.MinaID ?? '',
      entId: () => root.session.params.EntID,
      locale: () => root.i18n.locale,
      openBrowserPrompt: (kind, back) => root.host.navigateTo(ROUTES.browserPrompt(kind, back))
    })
    if (!this.memberReactions) {
      this.memberReactions = true
      const member = this.memberStore
      // Signed in (any way): the member's terms agreement is read, and one made here before sent up.
      reaction(
        () => member.token,
        () => void this.terms.load()
      )
    }
    return this.memberStore
  }

  // ---------- the wallet: balance, records, recharge, member code, balance payment ----------

  private walletStore: WalletStore | null = null

  get wallet(): WalletStore {
    const { root } = this
    const host = root.host
    this.walletStore ??= new WalletStore(root.gateway, {
      storage: host.storage,
      signedIn: () => this.member.signedIn,
      shopId: () => root.session.params.ShopID,
      // The provider's page sends the member back to rechargeResult; the server puts the new recharge's id
      // in place of '{RechargeID}' (as typed: ROUTES would percent-encode the braces).
      rechargeReturnUrl: () => host.appUrl(`${ROUTES.rechargeResult('')}?RechargeID={RechargeID}`),
      leaveTo: (url) => host.leaveTo(url),
      cashier: async () => (await host.cashier?.()) ?? null,
      askLogin: () => void this.member.promptLogin(),
      askBind: () => void this.member.promptBind(),
      onOrder: (order) => this.ordersStore?.applyOrder(order),
      locale: () => root.i18n.locale
    })
    return this.walletStore
  }

  // ---------- the member's coupons (issue 15): cards, plans to claim, codes, cards for a cart ----------

  private couponsStore: CouponsStore | null = null

  get coupons(): CouponsStore {
    const { root } = this
    this.couponsStore ??= new CouponsStore(root.gateway, {
      signedIn: () => this.member.signedIn,
      shopId: () => root.session.params.ShopID,
      askLogin: () => void this.member.promptLogin()
    })
    return this.couponsStore
  }

  // ---------- the branch's page (issue 16) ----------

  private branchStore: BranchStore | null = null

  get branch(): BranchStore {
    this.branchStore ??= new BranchStore(this.root.gateway, () => this.root.i18n.locale)
    return this.branchStore
  }

  // ---------- choosing a table by hand (issue 16): the branch's tables, switching the session to one ----------

  private tablesStore: TablesStore | null = null

  get tables(): TablesStore {
    const { session } = this.root
    this.tablesStore ??= new TablesStore(this.root.gateway, {
      // As an entry by TableID does; a switch that fails goes back to the entry kept before it.
      switchToTable: async (TableID) => {
        await session.initialise(session.hideTabBar ? { TableID, hideTabBar: '1' } : { TableID })
        if (session.isReady) return true
        await session.initialise({})
        return false
      }
    })
    return this.tablesStore
  }

  // ---------- the member's address book (issue 16): addressList, addressEdit, the confirm page's delivery ----------

  private addressStore: AddressStore | null = null

  get addresses(): AddressStore {
    const { root } = this
    if (!this.addressStore) {
      const store = new AddressStore(root.gateway, {
        signedIn: () => this.member.signedIn,
        askLogin: () => void this.member.promptLogin(),
        confirm: (texts) => root.host.confirm(texts),
        t: root.i18n.t,
        locale: () => root.i18n.locale,
        area: (areaNo) => this.member.areas.find((a) => a.AreaNo === areaNo),
        // A new address starts with the member's own phone's area.
        defaultAreaNo: () => this.member.vip?.AreaNo || this.member.loginForm.areaNo,
        shopId: () => root.session.params.ShopID
      })
      // Signed out (or another member signed in): nothing of the last member's book stays.
      reaction(
        () => this.member.token,
        () => store.clear()
      )
      this.addressStore = store
    }
    return this.addressStore
  }

  // ---------- issue 27: the pages of the calls no page used ----------

  private deliveryStore: DeliveryStore | null = null
  private couponPlanStore: CouponPlanStore | null = null
  private promotionsStore: PromotionsStore | null = null
  private goodsShopsStore: GoodsShopsStore | null = null
  private goodsCommentsStore: GoodsCommentsStore | null = null
  private tableSheetsStore: TableSheetsListStore | null = null

  /** The branch page's delivery terms: fee tiers, and delivering to where the diner is with the cart there. */
  get delivery(): DeliveryStore {
    const { root } = this
    this.deliveryStore ??= new DeliveryStore(root.gateway, {
      locate: () => root.host.locate(),
      goodsAmount: (baseId) => this.features.cart.total(root.session.params.ShopID, baseId)
    })
    return this.deliveryStore
  }

  get couponPlan(): CouponPlanStore {
    this.couponPlanStore ??= new CouponPlanStore(this.root.gateway, () => this.root.i18n.locale)
    return this.couponPlanStore
  }

  get promotions(): PromotionsStore {
    const { root } = this
    this.promotionsStore ??= new PromotionsStore(root.gateway, () => root.session.menuScope, () => root.i18n.locale)
    return this.promotionsStore
  }

  get goodsShops(): GoodsShopsStore {
    this.goodsShopsStore ??= new GoodsShopsStore(this.root.gateway, () => this.root.i18n.locale)
    return this.goodsShopsStore
  }

  /** A goods' reviews (the goodsComment page). */
  get goodsComments(): GoodsCommentsStore {
    this.goodsCommentsStore ??= new GoodsCommentsStore(this.root.gateway)
    return this.goodsCommentsStore
  }

  /** My tables: the table sheets this device ordered on (PosSheetListByPage, PosSheetClose). */
  get tableSheets(): TableSheetsListStore {
    const s = this.root.session
    this.tableSheetsStore ??= new TableSheetsListStore(this.root.gateway, {
      here: () => (s.isReady && s.params.TableID && s.params.QRCode ? { tableId: s.params.TableID, qrCode: s.params.QRCode } : null)
    })
    return this.tableSheetsStore
  }
}
