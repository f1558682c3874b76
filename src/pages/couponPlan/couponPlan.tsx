import { View, Text } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { PlanDetail } from '../../features/coupons/components/PlanDetail'
import { StateView } from '../../ui/StateView'
import '../../features/coupons/components/CouponViews.css'

/**
 * A coupon plan (issue 27): opened from a plan on My coupons (PlanID: CouponPlanDetail) or from a
 * card's details (CardID: CouponIssueCardDetail, how the card was issued and its plan). Shows the
 * plan's terms, claim period, stock and limits, and Claim where the diner could claim one now.
 */
function CouponPlan() {
  const { couponPlan, coupons, member, i18n, host, session } = useStores()
  const params = useRouter().params
  const planId = decodeURIComponent(params.PlanID ?? '')
  const cardId = decodeURIComponent(params.CardID ?? '')
  useSessionPage()
  usePageTitle(i18n.t('page.couponPlan'))
  const signedIn = member.signedIn
  useEffect(() => {
    if (session.isReady && (signedIn || !cardId)) void couponPlan.load({ PlanID: planId, CardID: cardId })
  }, [session.isReady, planId, cardId, signedIn, i18n.locale, couponPlan])

  const heading = (
    <Text className='so-sr-only' role='heading' aria-level={1}>
      {i18n.t('page.couponPlan')}
    </Text>
  )
  let body
  // A link with neither id (cut short) names nothing to load or retry.
  if (!planId && !cardId)
    body = <StateView kind='empty' text={i18n.t('couponPlan.notFound')} wayOnLabel={i18n.t('page.couponsList')} onWayOn={() => host.redirectTo(ROUTES.couponsList)} />
  else if (cardId && !signedIn) {
    body = (
      <View className='so-coupon-signed-out' data-testid='coupon-plan-signed-out'>
        <StateView kind='empty' text={i18n.t('coupon.signedOut')} />
        <View className='so-btn so-btn--primary' role='button' tabIndex={0} onClick={() => void member.promptLogin()}>
          {i18n.t('coupon.login')}
        </View>
      </View>
    )
  } else if (couponPlan.plan) {
    const plan = couponPlan.plan
    const problem = coupons.claimProblem[plan.PlanID]
    body = (
      <PlanDetail
        plan={plan}
        issue={cardId ? couponPlan.issue : null}
        claiming={coupons.claimingId === plan.PlanID}
        claimProblem={problem ? problem.message || i18n.t('network.error') : ''}
        onClaim={() =>
          void coupons.claim(plan.PlanID).then((ok) => {
            if (!ok) return
            host.toast(i18n.t('coupon.claimedToast'))
            const updated = coupons.plans.find((p) => p.PlanID === plan.PlanID)
            if (updated) couponPlan.applyPlan(updated)
            void couponPlan.load({ PlanID: planId, CardID: cardId })
          })
        }
      />
    )
  } else if (couponPlan.state === 'failed') {
    const p = couponPlan.problem
    // An unknown plan or card (20054) is not there to retry: say so and offer the coupons.
    body =
      p && p.code === '20054' ? (
        <StateView kind='empty' text={i18n.t('couponPlan.notFound')} wayOnLabel={i18n.t('page.couponsList')} onWayOn={() => host.redirectTo(ROUTES.couponsList)} />
      ) : (
        <StateView
          kind='failed'
          text={p?.message || i18n.t('couponPlan.loadFailed')}
          retryLabel={i18n.t('common.retry')}
          onRetry={() => void couponPlan.load({ PlanID: planId, CardID: cardId })}
        />
      )
  } else body = <StateView kind='loading' text={i18n.t('shell.loading')} />
  return (
    <View className='so-coupon-page' data-testid='coupon-plan-page'>
      {heading}
      {body}
    </View>
  )
}

export default observer(CouponPlan)
