import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { ConfirmPage } from '../../features/checkout/components/ConfirmPage'
import { useConfirmPage } from '../../features/checkout/components/use-confirm-page'

/** Confirm order, prepay (spec §2): on success the cart is emptied and the diner goes to pay. */
function PrepayOrderConfirm() {
  const { i18n, host, cart } = useStores()
  useSessionPage()
  useConfirmPage('prepay')
  usePageTitle(i18n.t('page.confirm'))
  return (
    <ConfirmPage
      mode='prepay'
      onBackToCart={() => host.navigateBack(ROUTES.cart('prepay'))}
      onOpenTerms={() => host.navigateTo(ROUTES.terms)}
      onPlaced={(result) => {
        if (result.mode !== 'prepay') return
        cart.clear()
        host.redirectTo(ROUTES.paymentTransfer(result.order.SheetID))
      }}
    />
  )
}

export default observer(PrepayOrderConfirm)
