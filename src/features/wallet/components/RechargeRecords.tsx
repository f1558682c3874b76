import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { RECHARGE_STATUS, type RechargeRow } from '../../../gateway/member-rows'
import type { MessageKey } from '../../../i18n/catalogues'
import { dateTimeText } from '../../../i18n/dates'
import { useStores } from '../../../stores/context'
import './WalletViews.css'

const STATUS_KEY: Record<number, MessageKey> = {
  [RECHARGE_STATUS.PENDING]: 'wallet.recharge.pending',
  [RECHARGE_STATUS.PAID]: 'wallet.recharge.paid',
  [RECHARGE_STATUS.DECLINED]: 'wallet.recharge.declined'
}

/**
 * One recharge (rechargeRecordList, RechargeRecordList): what was paid and the gift with it, when,
 * and how it stands. One still awaiting payment offers to check it (rechargeResult asks the server).
 */
export const RechargeRecordView = observer(function RechargeRecordView(props: { row: RechargeRow; onCheck(): void }) {
  const { i18n, format } = useStores()
  const r = props.row
  // The gift comes with the payment: a declined recharge gave none.
  const gift = r.Status !== RECHARGE_STATUS.DECLINED && r.GiftAmount && r.GiftAmount.replace(/[0.]/g, '') !== ''
  const pending = r.Status === RECHARGE_STATUS.PENDING
  const date = (r.Status === RECHARGE_STATUS.PAID && r.PaidDate) || r.CreatedDate
  return (
    <View className='so-wallet-record' role='listitem' data-testid='recharge-record' data-status={r.Status}>
      <View className='so-wallet-record__main'>
        <Text className='so-wallet-record__kind'>{i18n.t('wallet.recharge.of', { amount: format.amount(r.Amount) })}</Text>
        {gift && (
          <Text className='so-wallet-record__after' data-testid='recharge-record-gift'>
            {i18n.t('wallet.recharge.gift', { amount: format.amount(r.GiftAmount) })}
          </Text>
        )}
        <Text className='so-wallet-record__date'>{dateTimeText(date, i18n)}</Text>
      </View>
      <View className='so-wallet-record__side'>
        <Text
          className={`so-wallet-record__state${r.Status === RECHARGE_STATUS.PAID ? ' so-wallet-record__state--paid' : ''}`}
          data-testid='recharge-record-status'
        >
          {i18n.t(STATUS_KEY[r.Status] ?? 'wallet.recharge.pending')}
        </Text>
        {pending && (
          <View className='so-wallet-record__check' role='button' tabIndex={0} data-testid='recharge-record-check' onClick={props.onCheck}>
            {i18n.t('wallet.recharge.check')}
          </View>
        )}
      </View>
    </View>
  )
})
