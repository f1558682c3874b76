import { View, Text } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { PAST_HOME_ROUTES } from '../../features/shell/routes-past-home'
import { useReshow } from '../../features/orders/components/use-page-watch'
import { CardList, CardTabs, CodeEntry, PlanList } from '../../features/coupons/components/CouponViews'
import { StateView } from '../../ui/StateView'
import '../../features/orders/components/OrderViews.css'
import '../../features/coupons/components/CouponViews.css'

/**
 * My coupons (spec §2 couponsList; pull-to-refresh): the member's cards by state (tabs with
 * counts), 'Enter coupon code' to redeem a voucher, and the coupons this shop offers to claim.
 * A visitor without a member session sees the plans and is asked to log in to claim.
 */
function CouponsList() {
  const { coupons, member, i18n, host } = useStores()
  useSessionPage(() => void coupons.refresh())
  // Back from a card's details, a login or an order: states and counts may have moved.
  useReshow(() => void coupons.refresh())
  usePullDownRefresh(() => {
    void coupons.refresh().finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => void coupons.list.loadMore())
  usePageTitle(i18n.t('page.couponsList'))
  return (
    <View className='so-coupon-page' data-testid='coupons-list'>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t('page.couponsList')}
      </Text>
      {member.signedIn ? (
        <>
          <CodeEntry />
          <CardTabs />
          <CardList onOpen={(card) => host.navigateTo(ROUTES.couponDetails(card.CardID))} />
        </>
      ) : (
        <View className='so-coupon-signed-out' data-testid='coupons-signed-out'>
          <StateView kind='empty' text={i18n.t('coupon.signedOut')} />
          <View className='so-btn so-btn--primary' role='button' tabIndex={0} onClick={() => void member.promptLogin()}>
            {i18n.t('coupon.login')}
          </View>
        </View>
      )}
      <PlanList onClaimed={() => host.toast(i18n.t('coupon.claimedToast'))} onOpen={(plan) => host.navigateTo(PAST_HOME_ROUTES.couponPlan({ PlanID: plan.PlanID }))} />
    </View>
  )
}

export default observer(CouponsList)
