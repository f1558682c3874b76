import { View, Text } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { RecordList, ScoreRecordView } from '../../features/wallet/components/WalletViews'
import '../../features/wallet/components/WalletViews.css'

/** Points records (spec §2): points earned on paid orders and reversed by refunds, with the rule. */
function VipScoreRecordList() {
  const { wallet, i18n } = useStores()
  const list = wallet.scoreRecords
  useSessionPage(() => void list.refresh())
  usePullDownRefresh(() => {
    void list.refresh().finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => void list.loadMore())
  usePageTitle(i18n.t('page.vipScoreRecordList'))
  return (
    <View className='so-wallet-page' data-testid='score-records'>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t('page.vipScoreRecordList')}
      </Text>
      <Text className='so-wallet-rule-note'>{i18n.t('wallet.scoreRule')}</Text>
      <RecordList list={list} empty={i18n.t('wallet.scoreEmpty')} render={(row) => <ScoreRecordView key={row.RecordID} row={row} />} />
    </View>
  )
}

export default observer(VipScoreRecordList)
