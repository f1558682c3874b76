import { View, Image, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../../stores/context'
import { TABS, TAB_COLOURS, iconUri, type TabEntry } from '../tabs'
import './TabBar.css'

/**
 * The bottom tab bar; hidden when the entry URL said hideTabBar=1. A navigation landmark holding
 * a tab list: named by their labels, the page on screen's selected; each takes focus, Enter and
 * Space open one (src/hosts/index.h5.ts). (No arrow-key roving: first-screen bytes, and three tabs.)
 */
export const TabBar = observer(function TabBar({ current }: { current: TabEntry['key'] }) {
  const { session, i18n, host } = useStores()
  if (session.hideTabBar) return null
  return (
    <View className='so-tabbar' role='navigation'>
      <View className='so-tabbar__list' role='tablist'>
        {TABS.map((tab) => {
          const selected = tab.key === current
          return (
            <View
              key={tab.key}
              className={`so-tabbar__item${selected ? ' so-tabbar__item--selected' : ''}`}
              role='tab'
              aria-selected={selected}
              tabIndex={0}
              onClick={() => !selected && host.reLaunch(tab.path)}
            >
              <View className='so-tabbar__pill'>
                <Image className='so-tabbar__icon' src={iconUri(tab.icon, selected ? TAB_COLOURS.selected : TAB_COLOURS.text)} imgProps={{ alt: '' }} />
              </View>
              <Text className='so-tabbar__label'>{i18n.t(tab.label)}</Text>
            </View>
          )
        })}
      </View>
    </View>
  )
})

/** Room at the bottom of a tab page so the fixed bar never covers content. */
export const TabBarSpacer = observer(function TabBarSpacer() {
  const { session } = useStores()
  return session.hideTabBar ? null : <View className='so-tabbar-spacer' />
})
