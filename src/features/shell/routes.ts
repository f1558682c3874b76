/** Page paths (spec §2: pages/{name}/{name}), built in one place. */
export const page = (name: string): string => `/pages/${name}/${name}`

export const withQuery = (path: string, query: Record<string, string>): string => {
  const q = Object.entries(query)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&')
  return q ? `${path}?${q}` : path
}

export const ROUTES = {
  entry: page('scanCodeEntry'),
  home: page('home'),
  goodsList: page('goodsList'),
  search: page('search'),
  goodsDetails: (goodsId: string) => withQuery(page('goodsDetails'), { GoodsID: goodsId }),
  goodsComment: (goodsId: string) => withQuery(page('goodsComment'), { GoodsID: goodsId }),
  cart: (mode: 'postpay' | 'prepay') => page(mode === 'postpay' ? 'postpayCart' : 'prepayCart'),
  confirm: (mode: 'postpay' | 'prepay') => page(mode === 'postpay' ? 'postpayOrderConfirm' : 'prepayOrderConfirm'),
  /** Spec §2: the privacy policy and terms of use live under the prepay confirm page. */
  terms: '/pages/prepayOrderConfirm/components/terms',
  orderEntry: page('orderEntry'),
  shopSelect: page('shopSelect'),
  baseSelect: (shopId: string) => withQuery(page('baseSelect'), { ShopID: shopId }),
  orderList: page('orderList'),
  orderDetails: (sheetId: string) => withQuery(page('orderDetails'), { SheetID: sheetId }),
  /** Pay 'balance': pay from the member's balance (BalancePay) instead of the provider's page. */
  paymentTransfer: (sheetId: string, pay?: 'balance') => withQuery(page('paymentTransfer'), { SheetID: sheetId, Pay: pay ?? '' }),
  /** The payment provider sends the diner back here; PayID may be the '{PayID}' the server fills in. */
  paying: (ids: { SheetID?: string; PayID?: string }) => withQuery(page('paying'), { SheetID: ids.SheetID ?? '', PayID: ids.PayID ?? '' }),
  paymentResult: (sheetId: string) => withQuery(page('paymentResult'), { SheetID: sheetId }),
  // members (issue 5)
  mine: page('mine'),
  /**
   * Phone login; mode 'bind' binds a phone to the signed-in member. After it: `back` returns to the
   * page the diner came from (opened again if the history is gone), `next` goes on to a page instead.
   */
  loginByCode: (q: { mode?: 'login' | 'bind'; back?: string; next?: string } = {}) => withQuery(page('loginByCode'), q as Record<string, string>),
  /** `for`: which phone form the chosen area goes to. */
  areaCodeSelect: (target: 'login' | 'change' | 'address') => withQuery(page('areaCodeSelect'), { for: target }),
  changeByCode: page('changeByCode'),
  vipDetailsEdit: page('vipDetailsEdit'),
  // wallet (issue 5; pages by the wallet client)
  vipBalance: page('vipBalance'),
  vipBalanceRecordList: page('vipBalanceRecordList'),
  vipBalanceRecharge: page('vipBalanceRecharge'),
  rechargeResult: (rechargeId: string) => withQuery(page('rechargeResult'), { RechargeID: rechargeId }),
  vipScoreRecordList: page('vipScoreRecordList'),
  vipQrCode: page('vipQrCode'),
  // coupons (issue 15)
  couponsList: page('couponsList'),
  couponDetails: (cardId: string) => withQuery(page('couponDetails'), { CardID: cardId }),
  couponSelect: page('couponSelect'),
  // issue 14: this page needs another browser (host: its login kind); clear cache
  browserPrompt: (host: string, back = '') => withQuery(page('browserPrompt'), { host, back }),
  clear: page('clear'),
  // issue 16: a branch's page and choosing a table (Home links them); the other pages of issues 16–17 are in ./routes-past-home.ts
  baseDetails: (baseId: string) => withQuery(page('baseDetails'), { BaseID: baseId }),
  tableSelect: (baseId: string) => withQuery(page('tableSelect'), { BaseID: baseId })
}

/**
 * The first screen: the entry page hands over to Home at once. Only these pages do without the
 * feature stores (stores/feature-stores.ts, past-menu-stores.ts), which H5 fetches with the first
 * page past them (the goods list: only the first of the two).
 */
const FIRST_SCREEN = [ROUTES.entry, ROUTES.home]

const bareRoute = (path: string): string => `/${path.replace(/^\//, '').split('?')[0]}`

export function isFirstScreenPage(path: string): boolean {
  return FIRST_SCREEN.includes(bareRoute(path))
}

/** The whole menu's page: its menu is asked for while its code downloads (RootStore.beforePage). */
export const isMenuPage = (path: string): boolean => bareRoute(path) === ROUTES.goodsList

/** The pages that resolve a code of their own (the others restore the stored entry). */
export function isEntryPage(path: string): boolean {
  return [ROUTES.entry, ROUTES.orderEntry].includes(bareRoute(path))
}
