import { View, Text } from '@tarojs/components'
import Taro, { useLoad } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useStores } from '../../stores/context'
import { ROUTES } from '../../features/shell/routes'
import { CartView } from '../../features/cart/components/CartView'
import '../prepayCart/cart-page.css'

/** Cart for pay-after ordering (spec §1 postpay): dine-in at a table; the order is paid after the meal. */
function PostpayCart() {
  const { session, i18n, host } = useStores()
  useLoad(() => {
    void session.ensureReady().then(() => {
      if (!session.isReady) host.reLaunch(ROUTES.entry)
    })
  })
  useEffect(() => {
    void Taro.setNavigationBarTitle({ title: i18n.t('page.cart') }).catch(() => undefined)
  }, [i18n.locale])
  return (
    <View className='so-cart-page'>
      <View className='so-cart-page__mode'>
        <Text className='so-cart-page__mode-title'>{i18n.t('cart.postpayTitle')}</Text>
        {session.table && <Text className='so-cart-page__table'>{i18n.pick(session.table.TableNames, session.table.TableName)}</Text>}
        <Text className='so-cart-page__mode-note'>{i18n.t('cart.postpayNote')}</Text>
      </View>
      <CartView shopId={session.params.ShopID} baseId={session.params.BaseID} onBrowse={() => host.navigateBack(ROUTES.goodsList)} />
    </View>
  )
}

export default observer(PostpayCart)
