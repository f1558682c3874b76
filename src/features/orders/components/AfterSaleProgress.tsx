import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import type { AfterSaleRow } from '../../../gateway/after-rows'
import type { MessageKey } from '../../../i18n/catalogues'
import type { OrderRow } from '../../../gateway/order-rows'
import { useStores } from '../../../stores/context'
import { ROUTES } from '../../shell/routes'
import { focusable } from './OrderViews'
import './AfterSaleProgress.css'

/** Paid, completed, ready: the states an after-sale request can exist in. */
const ASKABLE = new Set<number>([1, 2, 5])

/**
 * issue 17: aftersale — one line on order details when the order has an after-sale request: its
 * state ('After-sale: Refunded'), linking to the after-sale page. Nothing when there is none (or
 * the diner is not signed in). Asked again whenever the order's state or the page shows anew.
 */
export const AfterSaleProgress = observer(function AfterSaleProgress(props: { order: OrderRow }) {
  const { gateway, i18n, host, member } = useStores()
  const { SheetID, Status } = props.order
  const [request, setRequest] = useState<AfterSaleRow | null>(null)
  const signedIn = member.signedIn
  useEffect(() => {
    let live = true
    if (!signedIn || !ASKABLE.has(Status)) {
      setRequest(null)
      return
    }
    gateway.request('AfterSaleDetailGet', [{ SheetID }], { silent: true }).then(
      (out) => live && setRequest(out.table1?.[0] ?? null),
      () => live && setRequest(null)
    )
    return () => {
      live = false
    }
  }, [gateway, SheetID, Status, signedIn])
  if (!request) return null
  const status = i18n.t(`aftersale.status.${request.Status}` as MessageKey)
  return (
    <View className='so-aftersale-block' role='link' {...focusable} data-testid='aftersale-block' onClick={() => host.navigateTo(ROUTES.afterSale(SheetID))}>
      <Text className='so-aftersale-block__text'>{i18n.t('aftersale.block', { status })}</Text>
      <Text className='so-aftersale-block__go' aria-hidden>
        ›
      </Text>
    </View>
  )
})
