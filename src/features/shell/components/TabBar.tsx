import { View, Image, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useRef } from 'react'
import { useStores } from '../../../stores/context'
import { TABS, TAB_COLOURS, iconUri, type TabEntry } from '../tabs'
import './TabBar.css'

/**
 * The bottom tab bar; hidden when the entry URL said hideTabBar=1. A navigation landmark holding
 * a tab list: named by their labels, the page on screen's selected. Tab reaches the selected tab,
 * the arrow keys (Home, End) the others, Enter and Space open one (src/hosts/index.h5.ts).
 */
export const TabBar = observer(function TabBar({ current }: { current: TabEntry['key'] }) {
  const { session, i18n, host } = useStores()
  const tabs = useRef<Array<{ focus(): void } | null>>([])
  if (session.hideTabBar) return null
  const n = TABS.length
  const onKey = (i: number, e: { key: string; preventDefault(): void }) => {
    const to = ({ ArrowRight: i + 1, ArrowLeft: i + n - 1, Home: 0, End: n - 1 } as Record<string, number>)[e.key]
    if (to === undefined) return
    e.preventDefault()
    tabs.current[to % n]?.focus()
  }
  return (
    <View className='so-tabbar' role='navigation'>
      <View className='so-tabbar__list' role='tablist'>
        {TABS.map((tab, i) => {
          const selected = tab.key === current
          return (
            <View
              key={tab.key}
              className={`so-tabbar__item${selected ? ' so-tabbar__item--selected' : ''}`}
              ref={(el: unknown) => (tabs.current[i] = el as { focus(): void } | null)}
              role='tab'
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              onKeyDown={(e: { key: string; preventDefault(): void }) => onKey(i, e)}
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
