import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { CodeEntry, CouponChoice } from '../../features/coupons/components/CouponViews'
import { StateView } from '../../ui/StateView'
import '../../features/coupons/components/CouponViews.css'

/**
 * Choose coupon (spec §2 couponSelect), opened from the confirm page: the member's cards for the
 * order being confirmed, usable ones first with what each saves, the others with why, and none.
 * Choosing goes back to the confirm page, whose totals the server prices again with the card.
 */
function CouponSelect() {
  const { coupons, checkout, i18n, host } = useStores()
  const load = () => void coupons.loadForOrder(checkout.placement)
  useSessionPage(() => {
    coupons.resetCode()
    load()
  })
  const choose = (cardId: string) => {
    checkout.chooseCard(cardId)
    host.navigateBack(ROUTES.confirm('prepay'))
  }
  usePageTitle(i18n.t('page.couponSelect'))
  return (
    <View className='so-coupon-page' data-testid='coupon-select'>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t('page.couponSelect')}
      </Text>
      {/* Opened with nothing to confirm (a reload after the order was sent): no cart to price cards against. */}
      {checkout.placement && checkout.placement.Lines.length > 0 ? (
        <>
          <CouponChoice chosen={checkout.cardId} onRetry={load} onChoose={choose} />
          {/* A voucher code typed here goes into the member's cards and, when it applies to this cart, onto the order. */}
          <View className='so-coupon-select__code'>
            <CodeEntry
              onRedeemed={(card) =>
                void coupons.loadForOrder(checkout.placement).then(() => {
                  if (coupons.usableForOrder.some((r) => r.CardID === card.CardID)) choose(card.CardID)
                })
              }
            />
          </View>
        </>
      ) : (
        <View data-testid='coupon-select-empty'>
          <StateView kind='empty' text={i18n.t('checkout.cartEmpty')} />
        </View>
      )}
    </View>
  )
}

export default observer(CouponSelect)
