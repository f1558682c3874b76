import { View, Text } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { OrderHero, OrderLines, focusable } from '../../features/orders/components/OrderViews'
import { usePageWatch, useReshow } from '../../features/orders/components/use-page-watch'
import { StateView } from '../../ui/StateView'
import { ORDER_STATUS } from '../../gateway/order-rows'
import { tableRoute } from '../../features/orders/table-route'
import './paymentResult.css'

/**
 * The order after payment (spec §2 paymentResult): the pickup number, big; the status; the lines.
 * Kept fresh like orderDetails, so "Ready for Pickup" shows here too.
 */
function PaymentResult() {
  const { orders, i18n, host, session } = useStores()
  const sheetId = useRouter().params.SheetID ?? ''
  const watch = usePageWatch()

  useSessionPage(() => watch.start(() => orders.watchDetail(sheetId)))
  // Back from paying or another page: look again at once.
  useReshow(() => session.isReady && watch.start(() => orders.watchDetail(sheetId)))
  usePageTitle(i18n.t('page.paymentResult'))

  const detail = orders.detailOf(sheetId)
  if (!detail) {
    return orders.detailState[sheetId] === 'failed' ? (
      <StateView kind='failed' text={orders.detailError[sheetId] || i18n.t('order.loadFailed')} retryLabel={i18n.t('common.retry')} onRetry={() => watch.start(() => orders.watchDetail(sheetId))} />
    ) : (
      <StateView kind='loading' text={i18n.t('shell.loading')} />
    )
  }
  const { order, lines } = detail
  const paid = order.Status === ORDER_STATUS.PAID || order.Status === ORDER_STATUS.READY || order.Status === ORDER_STATUS.COMPLETED
  // A table's bill: back to the table's page (its code and sheet in the URL), with the tab bar.
  const tableBill = order.PayMode === 'postpay' && order.RoundNo === 0 && !!order.TableSheetID
  const atTable = session.params.TableID === order.TableID ? session.params.QRCode : ''
  return (
    <View className='so-pay-result' data-testid='payment-result'>
      {!paid && (
        <Text className='so-sr-only' {...({ role: 'heading', 'aria-level': 1 } as Record<string, unknown>)}>
          {i18n.t('page.paymentResult')}
        </Text>
      )}
      <OrderHero order={order} title={paid ? i18n.t('pay.paid') : undefined} pickupTestId='result-pickup-number' focusTitle>
        <View className='so-pay-result__actions'>
          <View className='so-btn so-btn--primary' role='button' {...focusable} data-testid='result-view-order' onClick={() => host.redirectTo(ROUTES.orderDetails(sheetId))}>
            {i18n.t('order.viewOrder')}
          </View>
          {tableBill ? (
            <View className='so-btn so-btn--secondary' role='button' {...focusable} data-testid='result-back-to-table' onClick={() => host.reLaunch(tableRoute(atTable, order.TableSheetID))}>
              {i18n.t('order.backToTable')}
            </View>
          ) : (
            <View className='so-btn so-btn--secondary' role='button' {...focusable} onClick={() => host.reLaunch(ROUTES.home)}>
              {i18n.t('order.orderAgain')}
            </View>
          )}
        </View>
      </OrderHero>
      <OrderLines order={order} lines={lines} />
    </View>
  )
}

export default observer(PaymentResult)
