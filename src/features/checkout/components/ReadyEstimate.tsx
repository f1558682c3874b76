import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import type { OrderRow } from '../../../gateway/order-rows'
import { ORDER_STATUS } from '../../../gateway/order-rows'
import { useStores } from '../../../stores/context'
import type { ReadyEstimateStore } from '../ready-estimate.store'
import './ReadyEstimate.css'

/**
 * "Ready in about N minutes" and how many orders are ahead in the kitchen (issue 26 item 3;
 * docs/estimates.md). A polite live region: a screen reader hears the new figure when the kitchen
 * moves, without losing its place. Nothing while there is no estimate (nothing to cook, or it
 * could not be read).
 */
export const ReadyEstimateLine = observer(function ReadyEstimateLine(props: { estimate: ReadyEstimateStore; testId: string }) {
  const { i18n } = useStores()
  const row = props.estimate.row
  const shown = !!row && row.Minutes > 0 && row.Stage !== 'ready' && row.Stage !== 'none'
  return (
    <View className='so-ready-estimate' role='status' aria-live='polite' data-testid={props.testId} data-minutes={shown ? row!.Minutes : 0}>
      {shown && (
        <>
          <Text className='so-ready-estimate__time'>{i18n.t('estimate.readyIn', { n: row!.Minutes })}</Text>
          <Text className='so-ready-estimate__queue'>{row!.TicketsAhead > 0 ? i18n.t('estimate.ahead', { n: row!.TicketsAhead }) : i18n.t('estimate.aheadNone')}</Text>
        </>
      )}
    </View>
  )
})

/** Whether an order's page says when it will be ready: ordered for as soon as possible, paid or about to be, not ready yet. */
export const orderHasEstimate = (order: OrderRow): boolean =>
  order.AppointedTime === '' && (order.Status === ORDER_STATUS.AWAITING_PAYMENT || order.Status === ORDER_STATUS.PAID)

/** The order page's line: watches the order's estimate while the page shows it. */
export const OrderReadyEstimate = observer(function OrderReadyEstimate(props: { order: OrderRow }) {
  const { orderEstimate } = useStores()
  const { SheetID, ShopID, BaseID } = props.order
  const wanted = orderHasEstimate(props.order)
  // Read again when the order itself moves (paid, back from ready): its status is in the key.
  const status = props.order.Status
  useEffect(() => {
    if (!wanted) return undefined
    return orderEstimate.watch(() => ({ input: { SheetID, ShopID, BaseID }, place: { ShopID, BaseID } }))
  }, [orderEstimate, SheetID, ShopID, BaseID, wanted, status])
  if (!wanted) return null
  return <ReadyEstimateLine estimate={orderEstimate} testId='order-estimate' />
})
