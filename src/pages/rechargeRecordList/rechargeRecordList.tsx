import { View, Text } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { useReshow } from '../../features/orders/components/use-page-watch'
import { RecordList } from '../../features/wallet/components/WalletViews'
import { RechargeRecordView } from '../../features/wallet/components/RechargeRecords'
import '../../features/wallet/components/WalletViews.css'

/**
 * Recharge records (issue 27; RechargeRecordList): the member's recharges, newest first, with
 * what each paid and gave and how it stands; pull down to refresh, up for more. One awaiting
 * payment opens rechargeResult, which asks the provider how it went. Reached from My account.
 */
function RechargeRecordList() {
  const { wallet, i18n, host } = useStores()
  const list = wallet.rechargeRecords
  useSessionPage(() => void list.refresh())
  // Back from checking one: it may have been paid meanwhile.
  useReshow(() => void (list.state === 'ready' && list.refresh()))
  usePullDownRefresh(() => {
    void list.refresh().finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => void list.loadMore())
  usePageTitle(i18n.t('page.rechargeRecordList'))
  return (
    <View className='so-wallet-page' data-testid='recharge-records'>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t('page.rechargeRecordList')}
      </Text>
      <RecordList
        list={list}
        empty={i18n.t('wallet.recharge.empty')}
        render={(row) => <RechargeRecordView key={row.RechargeID} row={row} onCheck={() => host.navigateTo(ROUTES.rechargeResult(row.RechargeID))} />}
      />
    </View>
  )
}

export default observer(RechargeRecordList)
