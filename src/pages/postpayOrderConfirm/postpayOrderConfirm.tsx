import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { useOrderingAllowedRedirect } from '../../compose/ordering-redirect'
import { ROUTES } from '../../features/shell/routes'
import { ConfirmPage } from '../../features/checkout/components/ConfirmPage'
import { useConfirmPage } from '../../features/checkout/components/use-confirm-page'

/**
 * Confirm order, postpay (spec §2): the round goes to the table's sheet (merged into the open
 * one, or a new sheet); the cart is emptied and the diner goes back to the table's order entry.
 */
function PostpayOrderConfirm() {
  const { i18n, host, cart, session } = useStores()
  useSessionPage()
  useOrderingAllowedRedirect()
  useConfirmPage('postpay')
  usePageTitle(i18n.t('page.confirm'))
  return (
    <ConfirmPage
      mode='postpay'
      onBackToCart={() => host.navigateBack(ROUTES.cart('postpay'))}
      onChooseBranch={() => host.redirectTo(`${ROUTES.baseSelect(session.params.ShopID)}&next=order`)}
      onOpenOrder={() => host.redirectTo(ROUTES.orderEntry)}
      onOpenTerms={() => host.navigateTo(ROUTES.terms)}
      onPlaced={(result) => {
        if (result.mode !== 'postpay') return
        session.setSheet({ SheetID: result.sheet.SheetID, CreatedDate: result.sheet.CreatedDate, Status: result.sheet.Status })
        cart.clear()
        host.toast(i18n.t('checkout.sent'))
        host.redirectTo(ROUTES.orderEntry)
      }}
    />
  )
}

export default observer(PostpayOrderConfirm)
