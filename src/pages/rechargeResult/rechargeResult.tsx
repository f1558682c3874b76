import { View, Text } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { usePageWatch, useReshow } from '../../features/orders/components/use-page-watch'
import '../../features/orders/components/OrderViews.css'
import '../../features/wallet/components/WalletViews.css'

/** A RechargeID the provider did not fill in ('{RechargeID}' as sent) counts as none. */
const realId = (id: string | undefined): string => (id && !/^(\{|%7B)RechargeID(\}|%7D)$/i.test(id) ? id : '')

/**
 * Recharge being checked (spec §2 rechargeResult, §4): back from the provider's page, the
 * recharge's status is asked every 2 s until it is paid or declined; then the result and the new
 * balance. Without an id in the URL, the recharge this device last sent to the provider is the one.
 */
function RechargeResult() {
  const { wallet, i18n, host, session, format } = useStores()
  const fromUrl = realId(useRouter().params.RechargeID)
  const watch = usePageWatch()
  const id = () => fromUrl || wallet.pendingRechargeId

  useSessionPage(() => watch.start(() => wallet.watchRecharge(id())))
  useReshow(() => {
    if (session.isReady && wallet.checkState === 'checking') watch.start(() => wallet.watchRecharge(id()))
  })
  const state = wallet.checkState === 'idle' ? 'checking' : wallet.checkState
  usePageTitle(i18n.t(state === 'checking' ? 'page.rechargeResult' : 'page.vipBalanceRecharge'))

  const r = wallet.recharge
  const paid = state === 'paid' && r
  // One live region for the whole page, kept while the state changes, so a screen reader hears the
  // check begin and its outcome (a region that appears with its text is often not read out).
  const announcement =
    state === 'checking'
      ? i18n.t('wallet.checking')
      : paid
        ? `${i18n.t('wallet.paid')}. ${i18n.t('wallet.paidDetail', { amount: format.amount(r.Amount), credit: format.amount(wallet.creditOf(r)) })}`
        : state === 'declined'
          ? `${i18n.t('wallet.declined')}. ${i18n.t('wallet.declinedNote')}`
          : i18n.t('resultcode.20044')
  const toAccount = (
    <View className='so-btn so-btn--secondary' role='button' tabIndex={0} data-testid='recharge-back' onClick={() => host.redirectTo(ROUTES.vipBalance)}>
      {i18n.t('wallet.backToAccount')}
    </View>
  )

  let body
  if (state === 'checking') {
    body = (
      <View className='so-wallet-result' data-testid='recharge-result' data-state={state}>
        <Text className='so-sr-only' role='heading' aria-level={1}>
          {i18n.t('page.rechargeResult')}
        </Text>
        <View className='so-wallet-result__spinner' />
        <Text className='so-wallet-result__title' aria-hidden>
          {i18n.t('wallet.checking')}
        </Text>
        <Text className='so-wallet-result__note'>{i18n.t('wallet.checkingNote')}</Text>
        {wallet.offline && (
          <Text className='so-wallet-result__offline' role='status'>
            {i18n.t('wallet.offline')}
          </Text>
        )}
      </View>
    )
  } else if (paid) {
    body = (
      <View className='so-wallet-result' data-testid='recharge-result' data-state={state}>
        <View className='so-wallet-result__mark' />
        <Text className='so-wallet-result__title' role='heading' aria-level={1}>
          {i18n.t('wallet.paid')}
        </Text>
        <Text className='so-wallet-result__note' data-testid='recharge-detail'>
          {i18n.t('wallet.paidDetail', { amount: format.amount(r.Amount), credit: format.amount(wallet.creditOf(r)) })}
        </Text>
        {wallet.vip && (
          <View className='so-wallet-result__balance'>
            <Text className='so-wallet-result__balance-label'>{i18n.t('wallet.newBalance')}</Text>
            <Text className='so-wallet-result__balance-value' data-testid='recharge-new-balance'>
              {format.amount(wallet.vip.Balance)}
            </Text>
          </View>
        )}
        <View className='so-wallet-result__actions'>{toAccount}</View>
      </View>
    )
  } else {
    body = (
      <View className='so-wallet-result' data-testid='recharge-result' data-state={state}>
        <View className='so-wallet-result__mark so-wallet-result__mark--declined' />
        <Text className='so-wallet-result__title' role='heading' aria-level={1}>
          {state === 'declined' ? i18n.t('wallet.declined') : i18n.t('resultcode.20044')}
        </Text>
        {state === 'declined' && <Text className='so-wallet-result__note'>{i18n.t('wallet.declinedNote')}</Text>}
        <View className='so-wallet-result__actions'>
          {state === 'declined' && (
            <View className='so-btn so-btn--primary' role='button' tabIndex={0} data-testid='recharge-again' onClick={() => host.redirectTo(ROUTES.vipBalanceRecharge)}>
              {i18n.t('wallet.tryAgain')}
            </View>
          )}
          {toAccount}
        </View>
      </View>
    )
  }
  return (
    <>
      <View className='so-sr-only' role='status' data-testid='recharge-announce'>
        {announcement}
      </View>
      {body}
    </>
  )
}

export default observer(RechargeResult)
