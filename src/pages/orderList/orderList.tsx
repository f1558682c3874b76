import { View, Text } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { TabBar, TabBarSpacer } from '../../features/shell/components/TabBar'
import { ROUTES } from '../../features/shell/routes'
import { PAST_HOME_ROUTES } from '../../features/shell/routes-past-home'
import { OrderCard, focusable } from '../../features/orders/components/OrderViews'
import { useReshow } from '../../features/orders/components/use-page-watch'
import { listFootKey } from '../../ui/list-foot'
import { StateView } from '../../ui/StateView'
import './orderList.css'

/** Orders (tab 2): this device's orders, newest first; pull down to refresh, pull up for more. */
function OrderList() {
  const { orders, i18n, host, session } = useStores()

  useSessionPage(() => void orders.refreshList())
  // Back from an order or a payment: show what changed.
  useReshow(() => {
    if (session.isReady) void orders.refreshList()
  })
  usePullDownRefresh(() => {
    void orders.refreshList().finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => void orders.loadMore())
  usePageTitle(i18n.t('page.orderList'))

  let body
  if (orders.listState === 'idle' || orders.listState === 'loading') {
    body = <StateView kind='loading' text={i18n.t('shell.loading')} />
  } else if (orders.listState === 'failed') {
    body = <StateView kind='failed' text={i18n.t('orders.loadFailed')} retryLabel={i18n.t('common.retry')} onRetry={() => void orders.refreshList()} />
  } else if (orders.rows.length === 0) {
    body = (
      <View className='so-orders__empty' data-testid='orders-empty'>
        <StateView kind='empty' text={i18n.t('orders.empty')} />
        <Text className='so-orders__empty-note'>{i18n.t('orders.emptyNote')}</Text>
        <View className='so-btn so-btn--primary' role='button' {...focusable} onClick={() => host.navigateTo(ROUTES.goodsList)}>
          {i18n.t('orders.browse')}
        </View>
      </View>
    )
  } else {
    body = (
      <View className='so-orders__list'>
        {orders.refreshing && <Text className='so-orders__refreshing'>{i18n.t('list.refreshing')}</Text>}
        {orders.rows.map((o) => (
          <OrderCard
            key={o.SheetID}
            order={o}
            onOpen={() => host.navigateTo(ROUTES.orderDetails(o.SheetID))}
            onPay={() => host.navigateTo(ROUTES.paymentTransfer(o.SheetID))}
          />
        ))}
        <Text className='so-orders__end' data-testid='orders-end'>
          {i18n.t(listFootKey(orders, 'orders.end'))}
        </Text>
      </View>
    )
  }

  return (
    <View className='so-orders'>
      <Text className='so-sr-only' {...({ role: 'heading', 'aria-level': 1 } as Record<string, unknown>)}>
        {i18n.t('page.orderList')}
      </Text>
      {/* issue 27 item 3: the table sheets this device ordered on (PosSheetListByPage, PosSheetClose). */}
      <View className='so-orders__tables' role='link' {...focusable} data-testid='orders-my-tables' onClick={() => host.navigateTo(PAST_HOME_ROUTES.tableSheetList())}>
        <Text className='so-orders__tables-title'>{i18n.t('tables.link')}</Text>
        <Text className='so-orders__tables-note'>{i18n.t('tables.linkNote')} ›</Text>
      </View>
      {body}
      <TabBarSpacer />
      <TabBar current='orders' />
    </View>
  )
}

export default observer(OrderList)
