import { View, Image, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../../stores/context'
import { TABS, TAB_COLOURS, iconUri, type TabEntry } from '../tabs'
import './TabBar.css'

/** The bottom tab bar; hidden when the entry URL said hideTabBar=1. */
export const TabBar = observer(function TabBar({ current }: { current: TabEntry['key'] }) {
  const { session, i18n, host } = useStores()
  if (session.hideTabBar) return null
  return (
    <View className='so-tabbar' role='navigation'>
      {TABS.map((tab) => {
        const selected = tab.key === current
        const colour = selected ? TAB_COLOURS.selected : TAB_COLOURS.text
        return (
          <View
            key={tab.key}
            className={`so-tabbar__item${selected ? ' so-tabbar__item--selected' : ''}`}
            aria-selected={selected}
            role='tab'
            onClick={() => !selected && host.reLaunch(tab.path)}
          >
            <Image className='so-tabbar__icon' src={iconUri(tab.icon, colour)} />
            <Text className='so-tabbar__label' style={{ color: colour }}>
              {i18n.t(tab.label)}
            </Text>
          </View>
        )
      })}
    </View>
  )
})

/** Room at the bottom of a tab page so the fixed bar never covers content. */
export const TabBarSpacer = observer(function TabBarSpacer() {
  const { session } = useStores()
  return session.hideTabBar ? null : <View className='so-tabbar-spacer' />
})
