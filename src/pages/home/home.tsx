import { View } from '@tarojs/components'
import Taro, { useDidHide, useDidShow, useLoad } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useStores } from '../../stores/context'
import { ShopCard } from '../../features/session/components/ShopCard'
import { LanguageSwitch } from '../../features/language/components/LanguageSwitch'
import { TabBar, TabBarSpacer } from '../../features/shell/components/TabBar'
import './home.css'

/** Home (tab 1): the shop, branch and table, open now or not, and the language switch. */
function Home() {
  const { session, i18n, host } = useStores()

  useLoad(() => {
    // Opened directly (a reload or a shared link): resolve the stored entry first.
    void session.ensureReady().then(() => {
      if (!session.isReady) host.reLaunch('/pages/scanCodeEntry/scanCodeEntry')
    })
  })
  useDidShow(() => session.startClock())
  useDidHide(() => session.stopClock())
  useEffect(() => () => session.stopClock(), [session])

  const title = session.shopInfo ? i18n.pick(session.shopInfo.ShopNames, session.shopInfo.ShopName) : i18n.t('tab.home')
  useEffect(() => {
    void Taro.setNavigationBarTitle({ title }).catch(() => undefined)
  }, [title])

  return (
    <View className='so-home'>
      {session.isReady ? <ShopCard /> : <View className='so-home__loading' aria-busy />}
      <LanguageSwitch />
      <TabBarSpacer />
      <TabBar current='home' />
    </View>
  )
}

export default observer(Home)
