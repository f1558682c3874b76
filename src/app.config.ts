/**
 * Routes pages/{name}/{name} (spec §2). A page is registered only when it does its job:
 * entry, Home, the menu pages and the two carts now; the ordering and member issues add theirs.
 * The tab bar is our own component (features/shell), so it can show only the tabs
 * whose pages exist and hide itself with hideTabBar=1 on every host.
 */
export default defineAppConfig({
  entryPagePath: 'pages/scanCodeEntry/scanCodeEntry',
  pages: [
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
    'pages/clear/clear'
  ],
  window: {
    backgroundTextStyle: 'dark',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: '',
    navigationBarTextStyle: 'black',
    backgroundColor: '#f6f6f6'
  },
  // H5: about 0.3 s slide/fade between pages (spec §2).
  animation: { duration: 300, delay: 0 }
})
