/**
 * Routes pages/{name}/{name} (spec §2). A page is registered only when it does its job:
 * entry, Home, the menu pages and the two carts now; the ordering and member issues add theirs.
 * The tab bar is our own component (features/shell), so it can show only the tabs
 * whose pages exist and hide itself with hideTabBar=1 on every host.
 *
 * Mini-programs (issue 28 item 3): the hosts download the main package before the first screen
 * and refuse one over 2 MB, so only the entry, the tabs (Home, Orders, Mine) and the way from
 * the menu through the cart to the confirm page stay in it. Every other page is a subpackage of
 * its own whose root is the page's own folder, so its route stays pages/{name}/{name} and no
 * navigation, test or H5 URL changes (docs/hosts.md "Mini-program packages"). H5 keeps one flat list: its
 * pages are loaded on demand anyway.
 */
const MINI = process.env.TARO_ENV === 'weapp' || process.env.TARO_ENV === 'alipay'

/** Pages past the first screen, by file name: a subpackage each on the mini-programs. */
const IN_SUBPACKAGES = new Set([
  // menu extras
  'goodsComment', 'promotionGoods', 'goodsShops',
  // the privacy policy and terms (from the confirm pages and the login)
  'terms',
  // paying and after: the order, its payment, receipt, review, after-sale; the table's other pages
  'orderDetails', 'paymentTransfer', 'paying', 'paymentResult', 'receipt', 'reviewEdit', 'afterSale', 'tableSheetList', 'billSplit',
  // the member's account
  'loginByCode', 'areaCodeSelect', 'changeByCode', 'vipDetailsEdit', 'vipBalance', 'vipBalanceRecordList', 'vipBalanceRecharge',
  'rechargeResult', 'rechargeRecordList', 'vipScoreRecordList', 'vipQrCode', 'addressList', 'addressEdit',
  // coupons
  'couponsList', 'couponDetails', 'couponSelect', 'couponPlan',
  // a branch's page and tables (from Home's links), another browser, clearing the cache
  'baseDetails', 'tableSelect', 'browserPrompt', 'clear'
])

/**
 * Where the next page is known, the host downloads its subpackage as this page opens (on any
 * network: they are a few kilobytes each): confirm → pay → paying → result → the order.
 */
const PRELOAD: Record<string, string[]> = {
  prepayOrderConfirm: ['paymentTransfer'],
  paymentTransfer: ['paying', 'paymentResult'],
  paying: ['paymentResult'],
  paymentResult: ['orderDetails'],
  // The Orders tab lists orders: the next page is one of them.
  orderList: ['orderDetails'],
  billSplit: ['paymentTransfer']
}

const fileName = (page: string): string => page.slice(page.lastIndexOf('/') + 1)
const folder = (page: string): string => page.slice(0, page.lastIndexOf('/'))

const PAGES = [
  'pages/scanCodeEntry/scanCodeEntry',
  'pages/home/home',
  'pages/goodsList/goodsList',
  'pages/search/search',
  'pages/goodsDetails/goodsDetails',
  'pages/goodsComment/goodsComment',
  'pages/postpayCart/postpayCart',
  'pages/prepayCart/prepayCart',
  'pages/prepayOrderConfirm/prepayOrderConfirm',
  'pages/prepayOrderConfirm/components/terms',
  'pages/postpayOrderConfirm/postpayOrderConfirm',
  'pages/orderEntry/orderEntry',
  'pages/shopSelect/shopSelect',
  'pages/baseSelect/baseSelect',
  'pages/orderList/orderList',
  'pages/orderDetails/orderDetails',
  'pages/paymentTransfer/paymentTransfer',
  'pages/paying/paying',
  'pages/paymentResult/paymentResult',
  'pages/mine/mine',
  'pages/loginByCode/loginByCode',
  'pages/areaCodeSelect/areaCodeSelect',
  'pages/changeByCode/changeByCode',
  'pages/vipDetailsEdit/vipDetailsEdit',
  'pages/vipBalance/vipBalance',
  'pages/vipBalanceRecordList/vipBalanceRecordList',
  'pages/vipBalanceRecharge/vipBalanceRecharge',
  'pages/rechargeResult/rechargeResult',
  'pages/vipScoreRecordList/vipScoreRecordList',
  'pages/vipQrCode/vipQrCode',
  'pages/couponsList/couponsList',
  'pages/couponDetails/couponDetails',
  'pages/couponSelect/couponSelect',
  'pages/browserPrompt/browserPrompt',
  'pages/clear/clear',
  // issue 16: branch — a branch's page (address, hours, phone, map) and choosing a table by hand
  'pages/baseDetails/baseDetails',
  'pages/tableSelect/tableSelect',
  // issue 16: address book — the member's addresses and one address (region picker, map pin)
  'pages/addressList/addressList',
  'pages/addressEdit/addressEdit',
  // issue 17: after — an order as a receipt to screenshot or print
  'pages/receipt/receipt',
  // issue 17: reviews — review an order's goods (stars, text, photos), edit for 7 days
  'pages/reviewEdit/reviewEdit',
  // issue 17: aftersale — an order's after-sale request: the form, then its progress
  'pages/afterSale/afterSale',
  // issue 27: pages for the calls no page used — recharge records, goods on promotion, the shops
  // selling a goods, a coupon plan / how a card was issued (delivery terms are on baseDetails)
  'pages/rechargeRecordList/rechargeRecordList',
  'pages/promotionGoods/promotionGoods',
  'pages/goodsShops/goodsShops',
  'pages/couponPlan/couponPlan',
  'pages/tableSheetList/tableSheetList',
  // issue 26: split the table's bill — by dishes, equal shares, an amount or the rest, the balance live
  'pages/billSplit/billSplit',
  // issue 16: map — the app's own map page on H5 only (mini-programs use their hosts' place picker and map).
  ...(process.env.TARO_ENV === 'h5' ? ['pages/location/location'] : [])
]

const inSubpackage = (page: string): boolean => MINI && IN_SUBPACKAGES.has(fileName(page))
const pageNamed = (name: string): string => {
  const found = PAGES.find((p) => fileName(p) === name)
  if (!found) throw new Error(`app.config.ts: no page named ${name}`)
  return found
}

// A name that is no page would leave nothing out of the main package: say so at build time.
for (const name of [...IN_SUBPACKAGES, ...Object.keys(PRELOAD), ...Object.values(PRELOAD).flat()]) pageNamed(name)

export default defineAppConfig({
  entryPagePath: 'pages/scanCodeEntry/scanCodeEntry',
  pages: PAGES.filter((p) => !inSubpackage(p)),
  ...(MINI
    ? {
        subPackages: PAGES.filter(inSubpackage).map((p) => ({ root: folder(p), pages: [fileName(p)] })),
        preloadRule: Object.fromEntries(
          Object.entries(PRELOAD).map(([from, to]) => [pageNamed(from), { network: 'all' as const, packages: to.map((name) => folder(pageNamed(name))) }])
        )
      }
    : {}),
  window: {
    backgroundTextStyle: 'dark',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: '',
    navigationBarTextStyle: 'black',
    backgroundColor: '#f6f6f6'
  },
  // issue 16: map — the chat-app asks the diner before its location APIs (getLocation, chooseLocation) answer.
  ...(process.env.TARO_ENV === 'weapp'
    ? {
        requiredPrivateInfos: ['getLocation', 'chooseLocation'],
        permission: { 'scope.userLocation': { desc: '用于推荐附近门店、计算配送距离 / Nearby branches and delivery distance' } }
      }
    : {}),
  // H5: about 0.3 s slide/fade between pages (spec §2).
  animation: { duration: 300, delay: 0 }
})
