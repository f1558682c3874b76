import { View, Text } from '@tarojs/components'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { PAST_HOME_ROUTES } from '../../features/shell/routes-past-home'
import { useReshow } from '../../features/orders/components/use-page-watch'
import { AccountCard, EntryRow } from '../../features/wallet/components/WalletViews'
import { StateView } from '../../ui/StateView'
import '../../features/orders/components/OrderViews.css'
import '../../features/wallet/components/WalletViews.css'

/**
 * My account (spec §2 vipBalance; pull-to-refresh): the balance and points, recharge, and the
 * ways to the account records, the points records and the member code. Without a session it
 * offers to log in; a member without a phone is asked to bind one before recharging.
 */
function VipBalance() {
  const { wallet, i18n, host, session } = useStores()
  useSessionPage(() => void wallet.loadAccount())
  // Back from a recharge or a payment: the balance has moved.
  useReshow(() => {
    if (session.isReady) void wallet.loadAccount()
  })
  usePullDownRefresh(() => {
    void wallet.loadAccount().finally(() => Taro.stopPullDownRefresh())
  })
  usePageTitle(i18n.t('page.vipBalance'))
  // The page's heading for screen readers (the window's title says it on screen).
  const heading = (
    <Text className='so-sr-only' role='heading' aria-level={1}>
      {i18n.t('page.vipBalance')}
    </Text>
  )

  const state = wallet.accountState
  if (state === 'signedOut') {
    return (
      <View className='so-wallet-page' data-testid='wallet-signed-out'>
        {heading}
        <StateView kind='empty' text={i18n.t('wallet.signedOut')} />
        <View className='so-wallet-notice'>
          <View className='so-btn so-btn--primary' role='button' tabIndex={0} onClick={() => wallet.askLogin()}>
            {i18n.t('wallet.login')}
          </View>
        </View>
      </View>
    )
  }
  if (!wallet.vip) {
    return (
      <View className='so-wallet-page'>
        {heading}
        {state === 'failed' ? (
          <StateView kind='failed' text={i18n.t('wallet.loadFailed')} retryLabel={i18n.t('common.retry')} onRetry={() => void wallet.loadAccount()} />
        ) : (
          <StateView kind='loading' text={i18n.t('shell.loading')} />
        )}
      </View>
    )
  }
  return (
    <View className='so-wallet-page' data-testid='wallet-account'>
      {heading}
      <AccountCard
        onRecharge={() => (wallet.hasPhone ? host.navigateTo(ROUTES.vipBalanceRecharge) : wallet.askBind())}
        onPoints={() => host.navigateTo(ROUTES.vipScoreRecordList)}
      />
      {!wallet.hasPhone && (
        <View className='so-wallet-notice' data-testid='wallet-bind-note'>
          <Text className='so-wallet-notice__text'>{i18n.t('wallet.bindNote')}</Text>
          <View className='so-btn so-btn--secondary so-btn--small' role='button' tabIndex={0} onClick={() => wallet.askBind()}>
            {i18n.t('wallet.bindPhone')}
          </View>
        </View>
      )}
      <View className='so-wallet-entries'>
        <EntryRow label={i18n.t('wallet.records')} testId='entry-balance-records' onClick={() => host.navigateTo(ROUTES.vipBalanceRecordList)} />
        <EntryRow label={i18n.t('wallet.rechargeRecords')} testId='entry-recharge-records' onClick={() => host.navigateTo(PAST_HOME_ROUTES.rechargeRecordList)} />
        <EntryRow label={i18n.t('wallet.scoreRecords')} note={String(wallet.vip.Score)} testId='entry-score-records' onClick={() => host.navigateTo(ROUTES.vipScoreRecordList)} />
        <EntryRow label={i18n.t('wallet.memberCode')} testId='entry-member-code' onClick={() => host.navigateTo(ROUTES.vipQrCode)} />
      </View>
    </View>
  )
}

export default observer(VipBalance)
