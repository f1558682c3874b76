import { View, Text } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { BalanceRecordView, RecordList } from '../../features/wallet/components/WalletViews'
import '../../features/wallet/components/WalletViews.css'

/** Account records (spec §2): every balance entry, newest first; pull down to refresh, up for more. */
function VipBalanceRecordList() {
  const { wallet, i18n } = useStores()
  const list = wallet.balanceRecords
  useSessionPage(() => void list.refresh())
  usePullDownRefresh(() => {
    void list.refresh().finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => void list.loadMore())
  usePageTitle(i18n.t('page.vipBalanceRecordList'))
  return (
    <View className='so-wallet-page' data-testid='balance-records'>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t('page.vipBalanceRecordList')}
      </Text>
      <RecordList list={list} empty={i18n.t('wallet.recordsEmpty')} render={(row) => <BalanceRecordView key={row.RecordID} row={row} />} />
    </View>
  )
}

export default observer(VipBalanceRecordList)
