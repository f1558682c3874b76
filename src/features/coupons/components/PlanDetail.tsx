import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import type { ReactNode } from 'react'
import type { CouponPlanRow, IssueCardRow } from '../../../gateway/coupon-rows'
import type { MessageKey } from '../../../i18n/catalogues'
import { dateText, dateTimeText } from '../../../i18n/dates'
import { useStores } from '../../../stores/context'
import { CouponTicket } from './CouponViews'
import { planValidity, reasonText } from '../coupon-texts'
import './CouponViews.css'
import './PlanDetail.css'

const heading = (level: number) => ({ role: 'heading', 'aria-level': level }) as Record<string, unknown>

/** Where a card came from, named (an unknown source: given by the shop, never the raw key). */
const SOURCE_KEY: Record<string, MessageKey> = {
  claim: 'couponPlan.source.claim',
  issue: 'couponPlan.source.issue',
  recharge: 'couponPlan.source.recharge',
  voucher: 'couponPlan.source.voucher',
  migrated: 'couponPlan.source.migrated'
}

/** One fact of the plan: a label and its value, read as a pair. */
function Fact(props: { label: string; testId: string; children: ReactNode }) {
  return (
    <View className='so-plan-fact' role='listitem'>
      <Text className='so-plan-fact__label'>{props.label}</Text>
      <Text className='so-plan-fact__value' data-testid={props.testId}>
        {props.children}
      </Text>
    </View>
  )
}

/** When claims open and close, in words. */
function claimWindow(p: CouponPlanRow, t: (k: MessageKey, v?: Record<string, string | number>) => string, minute: (d: string) => string): string {
  if (p.ClaimBegin && p.ClaimEnd) return t('couponPlan.claimBetween', { from: minute(p.ClaimBegin), to: minute(p.ClaimEnd) })
  if (p.ClaimBegin) return t('couponPlan.claimFrom', { from: minute(p.ClaimBegin) })
  if (p.ClaimEnd) return t('couponPlan.claimUntil', { to: minute(p.ClaimEnd) })
  return t('couponPlan.claimAlways')
}

/**
 * couponPlan: a plan's value, rules and validity as a ticket; its claim period, cards left, the
 * limit per member, how many the member holds and whether one can be claimed now (or why not);
 * its rules text; for one of the member's cards, how that card was issued. Claim is the page's.
 */
export const PlanDetail = observer(function PlanDetail(props: {
  plan: CouponPlanRow
  issue: IssueCardRow | null
  claiming: boolean
  claimProblem: string
  onClaim?(): void
}) {
  const { i18n, format } = useStores()
  const t = i18n.t
  const p = props.plan
  const amount = (v: string) => format.amount(v)
  const why = p.CanClaim === 1 ? '' : reasonText(p.Reason, t, amount)
  const issue = props.issue
  return (
    <View className='so-plan' data-testid='coupon-plan-detail' data-plan-id={p.PlanID}>
      <View role='list'>
        <CouponTicket terms={p} validity={planValidity(p, t, (d) => dateText(d, i18n))} testId='coupon-plan-ticket' dim={p.Status !== 1} />
      </View>
      {issue && (
        <View className='so-coupon-section' data-testid='coupon-issue'>
          <Text className='so-coupon-section__title' {...heading(2)}>
            {t('couponPlan.issued')}
          </Text>
          <View className='so-plan-facts' role='list'>
            <Fact label={t('couponPlan.source')} testId='coupon-issue-source'>
              {t(SOURCE_KEY[issue.Source] ?? 'couponPlan.source.issue')}
            </Fact>
            {issue.IssuedDate && (
              <Fact label={t('couponPlan.issuedOn')} testId='coupon-issue-date'>
                {dateTimeText(issue.IssuedDate, i18n)}
              </Fact>
            )}
            <Fact label={t('coupon.code')} testId='coupon-issue-code'>
              {issue.CardCode}
            </Fact>
          </View>
        </View>
      )}
      <View className='so-coupon-section' data-testid='coupon-plan-facts'>
        <Text className='so-coupon-section__title' {...heading(2)}>
          {t('couponPlan.about')}
        </Text>
        <View className='so-plan-facts' role='list'>
          <Fact label={t('couponPlan.claimPeriod')} testId='coupon-plan-window'>
            {claimWindow(p, t, (d) => dateTimeText(d, i18n))}
          </Fact>
          <Fact label={t('couponPlan.left')} testId='coupon-plan-left'>
            {p.LeftQua < 0 ? t('couponPlan.unlimited') : t('couponPlan.cards', { n: p.LeftQua })}
          </Fact>
          <Fact label={t('couponPlan.perMember')} testId='coupon-plan-per-member'>
            {p.PerMemberQua > 0 ? t('couponPlan.cards', { n: p.PerMemberQua }) : t('couponPlan.unlimited')}
          </Fact>
          {p.HeldQua > 0 && (
            <Fact label={t('couponPlan.held')} testId='coupon-plan-held'>
              {t('couponPlan.cards', { n: p.HeldQua })}
            </Fact>
          )}
        </View>
        {p.CanClaim === 1 && props.onClaim ? (
          <View
            className={`so-coupon__claim so-coupon__claim--wide${props.claiming ? ' so-coupon__claim--off' : ''}`}
            role='button'
            tabIndex={0}
            aria-disabled={props.claiming}
            aria-label={t('coupon.claimName', { name: p.CouponName })}
            data-testid='coupon-plan-claim'
            onClick={props.onClaim}
          >
            {props.claiming ? t('coupon.claiming') : t('coupon.claim')}
          </View>
        ) : (
          why && (
            <Text className='so-plan__why' data-testid='coupon-plan-why'>
              {t('couponPlan.cannotClaim', { why })}
            </Text>
          )
        )}
        {props.claimProblem && (
          <Text className='so-coupon__problem' role='alert' data-testid='coupon-plan-claim-problem'>
            {props.claimProblem}
          </Text>
        )}
      </View>
      {p.Description && (
        <View className='so-coupon-section'>
          <Text className='so-coupon-section__title' {...heading(2)}>
            {t('coupon.rules')}
          </Text>
          <Text className='so-coupon-section__text' data-testid='coupon-plan-description'>
            {p.Description}
          </Text>
        </View>
      )}
    </View>
  )
})
