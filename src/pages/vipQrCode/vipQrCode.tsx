import { View, Text } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { usePageWatch } from '../../features/orders/components/use-page-watch'
import { MemberCodeView } from '../../features/wallet/components/MemberCodeView'
import '../../features/orders/components/OrderViews.css'
import '../../features/wallet/components/WalletViews.css'

/**
 * Member code (spec §2 vipQrCode): a short-lived signed code drawn as a QR image, fetched again
 * every RefreshIn seconds while the page shows, with its countdown. Hiding the page stops it.
 */
function VipQrCode() {
  const { wallet, i18n, session } = useStores()
  const watch = usePageWatch()
  useSessionPage(() => {
    void wallet.loadAccount()
    watch.start(() => wallet.watchMemberCode())
  })
  useDidShow(() => {
    if (session.isReady && watch.started()) watch.start(() => wallet.watchMemberCode())
  })
  usePageTitle(i18n.t('page.vipQrCode'))
  return (
    <View className='so-wallet-page'>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t('page.vipQrCode')}
      </Text>
      <MemberCodeView />
    </View>
  )
}

export default observer(VipQrCode)
