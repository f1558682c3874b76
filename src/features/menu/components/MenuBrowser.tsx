import { ScrollView, View, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { GoodsRow } from '../../../gateway/operations'
import { useStores } from '../../../stores/context'
import { layoutMenu, sectionAt, visibleItems } from '../virtual-layout'
import { GoodsRowView } from './GoodsRowView'
import './MenuBrowser.css'

/** Design sizes (750-wide design px, as in the CSS) of the fixed-height list items. */
const HEADER_DESIGN = 72
const ROW_DESIGN = 200

function screen(): { scale: number; height: number } {
  try {
    const info = Taro.getSystemInfoSync()
    return { scale: info.windowWidth / 750, height: info.windowHeight }
  } catch {
    return { scale: 0.5, height: 800 }
  }
}

/**
 * The class side bar and the goods list, kept in step both ways: tapping a class scrolls the
 * list to it, scrolling the list highlights the class being read. Only the rows on screen are
 * rendered (see virtual-layout.ts).
 */
export const MenuBrowser = observer(function MenuBrowser(props: {
  renderAction(goods: GoodsRow): ReactNode
  onOpen(goods: GoodsRow): void
  /** Per class, how many are in the cart (a dot on the side bar). */
  classBadge?(classId: string): string
}) {
  const { menu } = useStores()
  const sections = menu.sections
  const { scale, height: viewport } = useMemo(screen, [])
  const headerHeight = Math.round(HEADER_DESIGN * scale)
  const rowHeight = Math.round(ROW_DESIGN * scale)
  const layout = useMemo(() => layoutMenu(sections, headerHeight, rowHeight), [sections, headerHeight, rowHeight])
  const [scrollTop, setScrollTop] = useState(0)
  // A tap on a class moves the list. On H5 the list's element is scrolled directly: Taro's H5
  // wrapper writes every prop onto the element at each render, so a scrollTop prop would pin
  // the list (and an undefined one sends it to the top). Mini-programs have no element to
  // scroll and take the prop, passed only until the next render.
  const listRef = useRef<{ scrollTop?: number } | null>(null)
  const [target, setTarget] = useState<number | null>(null)
  useEffect(() => {
    if (target !== null) setTarget(null)
  }, [target])
  const active = sectionAt(layout, scrollTop)
  const items = visibleItems(layout, scrollTop, viewport, rowHeight * 4)

  const goTo = (index: number) => {
    const top = layout.sectionTops[index]
    const el = listRef.current
    if (el && typeof el.scrollTop === 'number') el.scrollTop = top
    else setTarget(top)
    setScrollTop(top)
  }

  return (
    <View className='so-menu'>
      <ScrollView className='so-menu__classes' scrollY scrollIntoView={`so-cls-${Math.max(0, active - 2)}`}>
        {sections.map((s, i) => {
          const badge = props.classBadge?.(s.cls.ClassID)
          return (
            <View
              key={s.cls.ClassID}
              id={`so-cls-${i}`}
              className={`so-menu__class${i === active ? ' so-menu__class--active' : ''}`}
              role='tab'
              aria-selected={i === active}
              data-testid='class-tab'
              onClick={() => goTo(i)}
            >
              <Text className='so-menu__class-name'>{s.cls.ClassName}</Text>
              {badge && <Text className='so-menu__class-badge'>{badge}</Text>}
            </View>
          )
        })}
      </ScrollView>
      <ScrollView
        className='so-menu__list'
        ref={listRef as never}
        scrollY
        {...(target !== null ? { scrollTop: target } : {})}
        enhanced
        onScroll={(e) => setScrollTop(e.detail.scrollTop)}
        data-testid='goods-list'
      >
        <View className='so-menu__canvas' style={{ height: `${layout.height}px` }}>
          {items.map((item) =>
            item.kind === 'header' ? (
              <View key={item.key} className='so-menu__header' style={{ top: `${item.top}px`, height: `${item.height}px` }}>
                <Text>{item.title}</Text>
              </View>
            ) : (
              <GoodsRowView
                key={item.key}
                goods={item.goods}
                action={props.renderAction(item.goods)}
                onOpen={props.onOpen}
                style={{ position: 'absolute', left: 0, right: 0, top: `${item.top}px`, height: `${item.height}px` }}
              />
            )
          )}
        </View>
      </ScrollView>
    </View>
  )
})
