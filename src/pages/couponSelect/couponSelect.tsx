import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { CouponChoice } from '../../features/coupons/components/CouponViews'
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
  useSessionPage(load)
  usePageTitle(i18n.t('page.couponSelect'))
  return (
    <View className='so-coupon-page' data-testid='coupon-select'>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t('page.couponSelect')}
      </Text>
      {/* Opened with nothing to confirm (a reload after the order was sent): no cart to price cards against. */}
      {checkout.placement && checkout.placement.Lines.length > 0 ? (
        <CouponChoice
          chosen={checkout.cardId}
          onRetry={load}
          onChoose={(cardId) => {
            checkout.chooseCard(cardId)
            host.navigateBack(ROUTES.confirm('prepay'))
          }}
        />
      ) : (
        <View data-testid='coupon-select-empty'>
          <StateView kind='empty' text={i18n.t('checkout.cartEmpty')} />
        </View>
      )}
    </View>
  )
}

export default observer(CouponSelect)
