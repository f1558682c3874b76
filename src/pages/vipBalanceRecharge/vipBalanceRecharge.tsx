import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { AccountCard, GiftCoupons, RuleCard } from '../../features/wallet/components/WalletViews'
import { focusSibling, radioStep } from '../../features/wallet/components/radio-keys'
import { StateView } from '../../ui/StateView'
import '../../features/orders/components/OrderViews.css'
import '../../features/wallet/components/WalletViews.css'

/**
 * Balance recharge (spec §2 vipBalanceRecharge): choose an amount (pay X, get X + gift, gift
 * coupons listed), then off to the payment provider's page; rechargeResult checks it afterwards.
 */
function VipBalanceRecharge() {
  const { wallet, i18n, host, format } = useStores()
  useSessionPage(() => {
    void wallet.loadAccount()
    void wallet.loadRules()
  })
  usePageTitle(i18n.t('page.vipBalanceRecharge'))

  // A retry of an attempt already paid: straight to its result.
  useEffect(() => {
    // Or the host's cashier is done: rechargeResult asks the server what happened.
    if ((wallet.submitState === 'paid' || wallet.submitState === 'checking') && wallet.pendingRechargeId) {
      host.redirectTo(ROUTES.rechargeResult(wallet.pendingRechargeId))
      wallet.resultShown()
    }
  }, [wallet.submitState, wallet.pendingRechargeId, host, wallet])

  const rule = wallet.chosenRule
  const busy = wallet.submitState === 'submitting' || wallet.submitState === 'leaving' || wallet.submitState === 'inCashier'
  let body
  if (wallet.rulesState === 'idle' || wallet.rulesState === 'loading') body = <StateView kind='loading' text={i18n.t('shell.loading')} />
  else if (wallet.rulesState === 'failed')
    body = <StateView kind='failed' text={i18n.t('wallet.rulesFailed')} retryLabel={i18n.t('common.retry')} onRetry={() => void wallet.loadRules()} />
  else if (wallet.rules.length === 0) body = <StateView kind='empty' text={i18n.t('wallet.rulesEmpty')} />
  else
    body = (
      <>
        <View className='so-wallet-section'>
          <Text className='so-wallet-section__title' role='heading' aria-level={2}>
            {i18n.t('wallet.chooseAmount')}
          </Text>
          <View
            className='so-wallet-rules'
            role='radiogroup'
            aria-label={i18n.t('wallet.chooseAmount')}
            onKeyDown={(e) => {
              // Arrows choose the next or previous amount; the focus follows.
              const rules = wallet.rules
              const to = radioStep(e.key, rules.findIndex((r) => r.RuleID === wallet.chosenRuleId), rules.length)
              if (to === null) return
              e.preventDefault()
              wallet.chooseRule(rules[to].RuleID)
              focusSibling((e as { target?: unknown }).target, `[data-rule-id="${rules[to].RuleID}"]`)
            }}
          >
            {wallet.rules.map((r, i) => (
              <RuleCard
                key={r.RuleID}
                rule={r}
                chosen={r.RuleID === wallet.chosenRuleId}
                tabbable={wallet.chosenRuleId ? r.RuleID === wallet.chosenRuleId : i === 0}
                onChoose={() => wallet.chooseRule(r.RuleID)}
              />
            ))}
          </View>
        </View>
        {rule && <GiftCoupons rule={rule} />}
      </>
    )

  const problem =
    wallet.submitState === 'unsupported'
      ? i18n.t('wallet.unsupported')
      : wallet.submitState === 'cancelled'
        ? i18n.t('wallet.cashierCancelled')
        : wallet.submitState === 'failed'
          ? wallet.submitError || i18n.t('wallet.submitFailed')
          : wallet.submitState === 'bindPhone'
            ? i18n.t('resultcode.20038')
            : ''

  return (
    <View className='so-wallet-page' data-testid='recharge-page'>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t('page.vipBalanceRecharge')}
      </Text>
      {wallet.vip && <AccountCard />}
      {body}
      <View className='so-wallet-room' />
      {rule && (
        <View className='so-wallet-bar'>
          {problem && (
            <View className='so-wallet-bar__problem' role='alert' data-testid='recharge-problem'>
              {problem}
            </View>
          )}
          <View
            className={`so-btn so-btn--primary${busy ? ' so-btn--off' : ''}`}
            role='button'
            tabIndex={0}
            aria-disabled={busy}
            data-testid='recharge-submit'
            onClick={() => !busy && void wallet.submitRecharge()}
          >
            {busy ? i18n.t(wallet.submitState === 'leaving' ? 'wallet.leaving' : wallet.submitState === 'inCashier' ? 'pay.inCashier' : 'wallet.submitting') : i18n.t('wallet.submit', { amount: format.amount(rule.Amount) })}
          </View>
        </View>
      )}
    </View>
  )
}

export default observer(VipBalanceRecharge)
