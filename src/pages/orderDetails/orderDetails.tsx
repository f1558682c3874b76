import { View, Text } from '@tarojs/components'
import Taro, { usePullDownRefresh, useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { OrderFacts, OrderHero, OrderLines, focusable } from '../../features/orders/components/OrderViews'
import { useFocusReturn, usePageWatch, useReshow } from '../../features/orders/components/use-page-watch'
import { StateView } from '../../ui/StateView'
import { AfterSaleProgress } from '../../features/orders/components/AfterSaleProgress'
// issue 17: after
import { AfterOrderActions } from '../../features/orders/components/AfterOrderActions'
import { reorderIntoCart } from '../../compose/reorder'
import { OrderReadyEstimate } from '../../features/checkout/components/ReadyEstimate'
import './orderDetails.css'

/**
 * Order details (spec §2; pull-to-refresh): status, pickup number, lines, totals, appointed time;
 * cancel while it may be cancelled, pay while it may be paid. Polled while not final, so the
 * shop's "ready for pickup" shows up by itself.
 */
function OrderDetails() {
  const { orders, i18n, host, session, member, cart } = useStores()
  const sheetId = useRouter().params.SheetID ?? ''
  const watch = usePageWatch()
  const back = useFocusReturn()

  useSessionPage(() => watch.start(() => orders.watchDetail(sheetId)))
  // Back from paying or another page: look again at once.
  useReshow(() => session.isReady && watch.start(() => orders.watchDetail(sheetId)))
  usePullDownRefresh(() => {
    void orders.refreshDetail(sheetId).finally(() => Taro.stopPullDownRefresh())
  })
  usePageTitle(i18n.t('page.orderDetails'))

  const detail = orders.detailOf(sheetId)
  const state = orders.detailState[sheetId] ?? 'loading'
  if (!detail) {
    if (state === 'failed') {
      return (
        <StateView
          kind='failed'
          text={orders.detailError[sheetId] || i18n.t(orders.detailMissing[sheetId] ? 'resultcode.20016' : 'order.loadFailed')}
          // An order the server does not know (an odd link): no Retry, the way Home (issue 27 item 12).
          retryLabel={orders.detailMissing[sheetId] ? undefined : i18n.t('common.retry')}
          onRetry={() => watch.start(() => orders.watchDetail(sheetId))}
          wayOnLabel={i18n.t('entryProblem.continue')}
          onWayOn={() => host.reLaunch(ROUTES.home)}
        />
      )
    }
    return <StateView kind='loading' text={i18n.t('shell.loading')} />
  }

  const { order, lines } = detail
  const cancel = async () => {
    const done = await orders.cancel(sheetId, () =>
      host.confirm({ content: i18n.t('order.cancelConfirm'), confirm: i18n.t('order.cancelYes'), cancel: i18n.t('order.cancelNo') })
    )
    if (done) host.toast(i18n.t('order.cancelled'))
  }

  return (
    // A region that takes focus: a paid order has no button, and a keyboard still scrolls its long details.
    <View
      className='so-order-details'
      role='region'
      aria-label={i18n.t('page.orderDetails')}
      {...({ tabIndex: 0 } as Record<string, unknown>)}
      data-testid='order-details'
    >
      <Text className='so-sr-only' {...({ role: 'heading', 'aria-level': 1 } as Record<string, unknown>)}>
        {i18n.t('page.orderDetails')}
      </Text>
      <OrderHero order={order}>
        {(order.CanPay === 1 || order.CanCancel === 1) && (
          <View className='so-order-details__actions'>
            {order.CanCancel === 1 && (
              <View
                className={`so-btn so-btn--secondary${orders.cancelling ? ' so-btn--off' : ''}`}
                role='button'
                {...focusable}
                data-testid='order-cancel'
                onClick={() => void cancel()}
              >
                {i18n.t('order.cancel')}
              </View>
            )}
            {order.CanPay === 1 && member.signedIn && (
              // A member may pay from the balance too (paymentTransfer says when it is not enough).
              <View
                ref={back.ref('balance') as never}
                className='so-btn so-btn--secondary'
                role='button'
                {...focusable}
                data-testid='order-pay-balance'
                onClick={() => {
                  back.opened('balance')
                  host.navigateTo(ROUTES.paymentTransfer(sheetId, 'balance'))
                }}
              >
                {i18n.t('wallet.payFromBalance')}
              </View>
            )}
            {order.CanPay === 1 && (
              <View
                ref={back.ref('pay') as never}
                className='so-btn so-btn--primary'
                role='button'
                {...focusable}
                data-testid='order-pay'
                onClick={() => {
                  back.opened('pay')
                  host.navigateTo(ROUTES.paymentTransfer(sheetId))
                }}
              >
                {i18n.t('order.pay')}
              </View>
            )}
          </View>
        )}
      </OrderHero>
      <OrderReadyEstimate order={order} />
      {/* issue 17: after — review, after-sale, order again, receipt */}
      <AfterOrderActions detail={detail} onReorder={() => void reorderIntoCart({ orders, cart, session, host, t: i18n.t }, order)} />
      <AfterSaleProgress order={order} />
      <OrderLines order={order} lines={lines} />
      <OrderFacts order={order} />
    </View>
  )
}

export default observer(OrderDetails)
