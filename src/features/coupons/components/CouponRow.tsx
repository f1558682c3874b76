import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../../stores/context'
import './CouponRow.css'

// A file of its own, apart from ./CouponViews: the confirm page is in the mini-programs' main
// package and the coupon pages are not (issue 28), so their views stay out of it.

/** Views that act as controls take focus (Taro's View props do not list tabIndex; H5 passes it on). */
const focusable = { tabIndex: 0 } as Record<string, unknown>

/**
 * The confirm page's coupon row: the card chosen and what it took off (the server's CouponAmount),
 * else 'Select coupon'; a tap opens couponSelect. Signed out it says a login lets one be used.
 */
export const CouponRow = observer(function CouponRow(props: {
  signedIn: boolean
  cardId: string
  couponName: string
  couponAmount: string | null
  /** Why the chosen card could not be priced (the server's word), in place of its saving. */
  problem?: string
  onOpen(): void
}) {
  const { i18n, format } = useStores()
  const value = !props.signedIn
    ? i18n.t('coupon.loginToUse')
    : props.cardId
      ? props.couponAmount !== null
        ? i18n.t('coupon.off', { amount: format.amount(props.couponAmount) })
        : props.problem || '…'
      : i18n.t('coupon.select')
  return (
    <View className='so-coupon-row' role='button' {...focusable} data-testid='confirm-coupon' onClick={props.onOpen}>
      <Text className='so-coupon-row__title'>{i18n.t('coupon.row')}</Text>
      <View className='so-coupon-row__value'>
        {props.couponName && <Text className='so-coupon-row__name'>{props.couponName}</Text>}
        <Text className={`so-coupon-row__amount${props.cardId ? ' so-coupon-row__amount--on' : ''}`} data-testid='confirm-coupon-value'>
          {value}
        </Text>
      </View>
      <View className='so-coupon-row__chevron' aria-hidden />
    </View>
  )
})
