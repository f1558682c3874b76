import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { AFTERSALE_STATUS, type AfterSaleRow } from '../../../gateway/after-rows'
import { toDecimal } from '../../../core/money'
import type { MessageKey } from '../../../i18n/catalogues'
import type { OrderRow } from '../../../gateway/order-rows'
import { useStores } from '../../../stores/context'
import { PAST_HOME_ROUTES } from '../../shell/routes-past-home'
import { focusable } from './OrderViews'
import './AfterSaleProgress.css'

/** Paid, completed, ready: the states an after-sale request can exist in. */
const ASKABLE = new Set<number>([1, 2, 5])

/**
 * issue 17: aftersale — one line on order details when the order has an after-sale request: the
 * latest request's state and, once anything was refunded, how much the order has had back in all
 * ('After-sale: Refunded · refunded MOP$22.00'), linking to the after-sale page. Nothing when there
 * is none (or the diner is not signed in). Asked again whenever the order's state changes.
 */
export const AfterSaleProgress = observer(function AfterSaleProgress(props: { order: OrderRow }) {
  const { gateway, i18n, host, member, format } = useStores()
  const { SheetID, Status } = props.order
  const [found, setFound] = useState<{ latest: AfterSaleRow; refunded: string } | null>(null)
  const signedIn = member.signedIn
  useEffect(() => {
    let live = true
    if (!signedIn || !ASKABLE.has(Status)) {
      setFound(null)
      return
    }
    // The member's requests, newest first: this order's latest, and what its refunded ones gave back.
    gateway.request('AfterSaleListByPage', [{ PageIndex: 1, PageSize: 100 }], { silent: true }).then(
      (out) => {
        if (!live) return
        const mine = (out.table1 ?? []).filter((r) => r.SheetID === SheetID)
        const refunded = mine.filter((r) => r.Status === AFTERSALE_STATUS.REFUNDED).reduce((sum, r) => sum.plus(toDecimal(r.RefundedAmount)), toDecimal('0'))
        setFound(mine[0] ? { latest: mine[0], refunded: refunded.gt(0) ? refunded.toFixed() : '' } : null)
      },
      () => live && setFound(null)
    )
    return () => {
      live = false
    }
  }, [gateway, SheetID, Status, signedIn])
  if (!found) return null
  const status = i18n.t(`aftersale.status.${found.latest.Status}` as MessageKey)
  const text = found.refunded
    ? i18n.t('aftersale.blockRefunded', { status, amount: format.amount(found.refunded) })
    : i18n.t('aftersale.block', { status })
  return (
    <View className='so-aftersale-block' role='link' {...focusable} data-testid='aftersale-block' onClick={() => host.navigateTo(PAST_HOME_ROUTES.afterSale(SheetID))}>
      <Text className='so-aftersale-block__text'>{text}</Text>
      <Text className='so-aftersale-block__go' aria-hidden>
        ›
      </Text>
    </View>
  )
})
