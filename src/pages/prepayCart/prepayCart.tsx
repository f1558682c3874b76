import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { CartPage } from '../../features/cart/components/CartPage'

/** Cart, prepay mode (see CartPage). */
function PrepayCart() {
  const { i18n, host } = useStores()
  useSessionPage()
  usePageTitle(i18n.t('page.cart'))
  return <CartPage mode='prepay' onBrowse={() => host.navigateBack(ROUTES.goodsList)} onCheckout={() => host.navigateTo(ROUTES.confirm('prepay'))} />
}

export default observer(PrepayCart)
