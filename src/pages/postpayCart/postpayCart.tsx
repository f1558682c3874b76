import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useOrderingAllowedRedirect, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { CartPage } from '../../features/cart/components/CartPage'

/** Cart, postpay mode (see CartPage). */
function PostpayCart() {
  const { i18n, host } = useStores()
  useSessionPage()
  useOrderingAllowedRedirect()
  usePageTitle(i18n.t('page.cart'))
  return <CartPage mode='postpay' onBrowse={() => host.navigateBack(ROUTES.goodsList)} onCheckout={() => host.navigateTo(ROUTES.confirm('postpay'))} />
}

export default observer(PostpayCart)
