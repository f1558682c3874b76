import { View, Text } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { CardDetail } from '../../features/coupons/components/CouponViews'
import { qrImageUri } from '../../features/wallet/qr-image'
import { PAST_HOME_ROUTES } from '../../features/shell/routes-past-home'
import '../../features/coupons/components/CouponViews.css'
import '../../features/coupons/components/PlanDetail.css'

/**
 * Coupon details (spec §2 couponDetails): the card's value, rules and validity, its code as text
 * and as a QR code for the counter (drawn as the member code is), and its history.
 */
function CouponDetails() {
  const { coupons, i18n, host } = useStores()
  const cardId = useRouter().params.CardID ?? ''
  useSessionPage(() => void coupons.loadCard(decodeURIComponent(cardId)))
  usePageTitle(i18n.t('page.couponDetails'))
  return (
    <View className='so-coupon-page'>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t('page.couponDetails')}
      </Text>
      <CardDetail qrUri={(code) => qrImageUri(code)} />
      {coupons.card && (
        // issue 27: how this card was issued and the plan it came from (CouponIssueCardDetail).
        <View
          className='so-coupon-detail__more'
          role='link'
          tabIndex={0}
          data-testid='coupon-plan-link'
          onClick={() => coupons.card && host.navigateTo(PAST_HOME_ROUTES.couponPlan({ CardID: coupons.card.CardID }))}
        >
          <Text>{i18n.t('couponPlan.link')}</Text>
          <View className='so-coupon-detail__chevron' aria-hidden />
        </View>
      )}
    </View>
  )
}

export default observer(CouponDetails)
