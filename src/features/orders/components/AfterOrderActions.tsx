import { View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { afterOrderActions } from '../../../core/reorder'
import { useStores } from '../../../stores/context'
import { PAST_HOME_ROUTES } from '../../shell/routes-past-home'
import type { OrderDetail } from '../orders.store'
import { focusable } from './OrderViews'
import './AfterOrderActions.css'

/**
 * issue 17: after — what a paid or completed order offers (src/core/reorder afterOrderActions):
 * Review (when a line can be reviewed), After-sale (while something paid is not refunded),
 * Order again (the page puts the lines back into the cart through compose), Receipt. Nothing for
 * an unpaid, cancelled or expired order.
 */
export const AfterOrderActions = observer(function AfterOrderActions(props: { detail: OrderDetail; onReorder(): void }) {
  const { i18n, host, orders } = useStores()
  const { order } = props.detail
  const can = afterOrderActions(props.detail)
  if (!can.receipt) return null
  const button = (key: 'review' | 'afterSale' | 'reorder' | 'receipt', label: string, onClick: () => void, busy = false) => (
    <View
      key={key}
      className={`so-btn so-btn--secondary so-after-actions__btn${busy ? ' so-btn--off' : ''}`}
      role='button'
      aria-disabled={busy ? 'true' : undefined}
      {...focusable}
      data-testid={`after-${key}`}
      onClick={() => !busy && onClick()}
    >
      {label}
    </View>
  )
  return (
    <View className='so-after-actions' role='group' aria-label={i18n.t('after.actions')} data-testid='after-actions'>
      {can.review && button('review', i18n.t('after.review'), () => host.navigateTo(PAST_HOME_ROUTES.reviewEdit(order.SheetID)))}
      {can.afterSale && button('afterSale', i18n.t('after.afterSale'), () => host.navigateTo(PAST_HOME_ROUTES.afterSale(order.SheetID)))}
      {can.reorder && button('reorder', orders.reordering ? i18n.t('reorder.busy') : i18n.t('after.reorder'), props.onReorder, orders.reordering)}
      {button('receipt', i18n.t('after.receipt'), () => host.navigateTo(PAST_HOME_ROUTES.receipt(order.SheetID)))}
    </View>
  )
})
