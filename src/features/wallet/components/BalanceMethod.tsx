import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../../stores/context'
import './BalanceMethod.css'

// A file of its own, apart from ./WalletViews: the confirm page is in the mini-programs' main
// package and the wallet's pages are not (issue 28), so their views and the QR code maker stay out of it.

/**
 * The balance as a payment method on the confirm page (spec §5; issue 5 §10): shown to a
 * signed-in member; a guest is asked to bind a phone first; a member whose balance does not cover
 * the total sees 'Insufficient balance' with the way to recharge.
 */
export const BalanceMethod = observer(function BalanceMethod(props: { chosen: boolean; amount: string | null; onChoose(): void; onRecharge(): void }) {
  const { wallet, i18n, format } = useStores()
  if (!wallet.signedIn) return null
  const vip = wallet.vip
  const label = vip && wallet.hasPhone ? i18n.t('wallet.payBalance', { amount: format.amount(vip.Balance) }) : i18n.t('wallet.payBalancePlain')
  const problem = props.chosen ? wallet.payProblem(props.amount) : null
  return (
    <>
      <View
        className={`so-co-chip${props.chosen ? ' so-co-chip--on' : ''}`}
        role='radio'
        tabIndex={0}
        aria-checked={props.chosen}
        data-testid='payment-balance'
        onClick={() => {
          if (vip && !wallet.hasPhone) wallet.askBind()
          else props.onChoose()
        }}
      >
        {label}
      </View>
      {problem === 'resultcode.20042' && (
        <View className='so-wallet-short' role='alert' data-testid='balance-insufficient'>
          <Text>{i18n.t('resultcode.20042')}</Text>
          <View className='so-wallet-short__link' role='link' tabIndex={0} data-testid='balance-recharge-link' onClick={props.onRecharge}>
            {i18n.t('wallet.recharge')} ›
          </View>
        </View>
      )}
    </>
  )
})
