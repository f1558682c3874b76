import { observer } from 'mobx-react-lite'
import { useDidShow } from '@tarojs/taro'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { useOrderingAllowedRedirect } from '../../compose/ordering-redirect'
import { ROUTES } from '../../features/shell/routes'
import { ConfirmPage } from '../../features/checkout/components/ConfirmPage'
import { useConfirmPage } from '../../features/checkout/components/use-confirm-page'
import { BalanceMethod } from '../../features/wallet/components/BalanceMethod'
import { CouponRow } from '../../features/coupons/components/CouponRow'

/**
 * Confirm order, prepay (spec §2): on success the cart is emptied and the diner goes to pay,
 * online or, for a member who chose it, from the balance.
 */
function PrepayOrderConfirm() {
  const { i18n, host, cart, checkout, wallet, session, member } = useStores()
  useSessionPage(() => void wallet.loadAccount(true))
  // Back from recharging or logging in: the balance (or the member) may have changed.
  useDidShow(() => {
    if (session.isReady) void wallet.loadAccount(true)
  })
  useOrderingAllowedRedirect()
  useConfirmPage('prepay')
  usePageTitle(i18n.t('page.confirm'))
  return (
    <ConfirmPage
      mode='prepay'
      onBackToCart={() => host.navigateBack(ROUTES.cart('prepay'))}
      onChooseBranch={() => host.redirectTo(`${ROUTES.baseSelect(session.params.ShopID)}&next=order`)}
      onOpenOrder={(sheetId) => host.redirectTo(ROUTES.orderDetails(sheetId))}
      onOpenTerms={() => host.navigateTo(ROUTES.terms)}
      couponRow={
        <CouponRow
          signedIn={member.signedIn}
          cardId={checkout.cardId}
          couponName={checkout.cardId && checkout.preview?.CardID === checkout.cardId ? checkout.preview.CouponName : ''}
          couponAmount={checkout.cardId && checkout.preview?.CardID === checkout.cardId ? checkout.preview.CouponAmount : null}
          problem={checkout.previewState === 'failed' ? checkout.previewProblem?.message : ''}
          onOpen={() => (member.signedIn ? host.navigateTo(ROUTES.couponSelect) : void member.promptLogin())}
        />
      }
      extraPayMethods={
        <BalanceMethod
          chosen={checkout.payMethod === 'balance'}
          amount={checkout.preview?.Amount ?? null}
          onChoose={() => checkout.choosePayment('balance')}
          onRecharge={() => host.navigateTo(ROUTES.vipBalanceRecharge)}
        />
      }
      onPlaced={(result) => {
        if (result.mode !== 'prepay') return
        cart.clear()
        host.redirectTo(ROUTES.paymentTransfer(result.order.SheetID, checkout.payMethod === 'balance' ? 'balance' : undefined))
      }}
    />
  )
}

export default observer(PrepayOrderConfirm)
