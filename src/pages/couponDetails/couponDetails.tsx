import { View, Text } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { CardDetail } from '../../features/coupons/components/CouponViews'
import { qrImageUri } from '../../features/wallet/qr-image'
import '../../features/coupons/components/CouponViews.css'

/**
 * Coupon details (spec §2 couponDetails): the card's value, rules and validity, its code as text
 * and as a QR code for the counter (drawn as the member code is), and its history.
 */
function CouponDetails() {
  const { coupons, i18n } = useStores()
  const cardId = useRouter().params.CardID ?? ''
  useSessionPage(() => void coupons.loadCard(decodeURIComponent(cardId)))
  usePageTitle(i18n.t('page.couponDetails'))
  return (
    <View className='so-coupon-page'>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t('page.couponDetails')}
      </Text>
      <CardDetail qrUri={(code) => qrImageUri(code)} />
    </View>
  )
}

export default observer(CouponDetails)
