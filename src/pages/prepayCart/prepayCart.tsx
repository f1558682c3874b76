import { useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { useOrderingAllowedRedirect } from '../../compose/ordering-redirect'
import { ROUTES } from '../../features/shell/routes'
import { CartPage } from '../../features/cart/components/CartPage'
import { PlacedNotice } from '../../features/checkout/components/PlacedNotice'

/** Cart, prepay mode (see CartPage). */
function PrepayCart() {
  const { i18n, host, session, cart, checkout } = useStores()
  useSessionPage(() => checkout.loadPlaced())
  useOrderingAllowedRedirect()
  // Back from paying (or a reload) after an order was sent: the empty cart says so and leads to it.
  useDidShow(() => {
    if (session.isReady) checkout.loadPlaced()
  })
  const placed = session.isReady && cart.entriesFor(session.params.ShopID, session.params.BaseID).length === 0 ? checkout.placed : null
  usePageTitle(i18n.t('page.cart'))
  return (
    <>
      {placed && <PlacedNotice onOpen={() => host.navigateTo(ROUTES.orderDetails(placed.SheetID))} />}
      <CartPage mode='prepay' onBrowse={() => host.navigateBack(ROUTES.goodsList)} onCheckout={() => host.navigateTo(ROUTES.confirm('prepay'))} />
    </>
  )
}

export default observer(PrepayCart)
