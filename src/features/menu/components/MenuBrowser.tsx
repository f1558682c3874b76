import { View, Text } from '@tarojs/components'
import { windowSize } from '../../../hosts/window-size'
import { observer } from 'mobx-react-lite'
import { startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { GoodsRow } from '../../../gateway/operations'
import { useStores } from '../../../stores/context'
import { layoutMenu, sectionAt, visibleItems } from '../virtual-layout'
import { GoodsRowView } from './GoodsRowView'
import { ScrollArea } from '../../../hosts/scroll-area'
import './MenuBrowser.css'

/** The goods rows whose pictures the goods list's first screen shows (the page's largest paint). */
const FIRST_ROWS = 3

/** Design sizes (750-wide design px, as in the CSS) of the fixed-height list items. */
const HEADER_DESIGN = 72
// Room for a two-line name, the sales line, the price with its unit and old price, and "Choose"
// beside them or, where they do not fit side by side, below them (issue 27 item 10: at 200 the
// rows cut off '/skewer', the old price and the button's bottom).
const ROW_DESIGN = 256

function screen(): { scale: number; height: number } {
  const { width, height } = windowSize()
  return { scale: width / 750, height }
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
  const { menu, i18n } = useStores()
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
  // The first render draws only the rows on screen: the page's largest paint (the first rows'
  // pictures) comes sooner and its task is shorter on a slow phone. The rows kept ready above and
  // below for scrolling follow in a transition, which React may split into short tasks.
  const [overscan, setOverscan] = useState(0)
  useEffect(() => {
    if (overscan === 0 && layout.items.length > 0) startTransition(() => setOverscan(rowHeight * 4))
  }, [overscan, layout.items.length, rowHeight])
  const items = visibleItems(layout, scrollTop, viewport, overscan)

  // Choosing a class (a tap, or Enter/Space on its tab) moves the list and puts the focus on the
  // class's heading, so the next Tab reaches that class's first goods rather than the rows kept
  // rendered above it. Arrow keys move between the tabs and only move the list (tab pattern).
  const tabRefs = useRef(new Map<number, Focusable>())
  const headerRefs = useRef(new Map<number, Focusable>())
  const [focusHeader, setFocusHeader] = useState<number | null>(null)
  useLayoutEffect(() => {
    if (focusHeader === null) return
    const el = headerRefs.current.get(focusHeader)
    if (el) {
      focusOn(el)
      setFocusHeader(null)
    }
  })

  const goTo = (index: number, focus: 'header' | 'tab') => {
    const top = layout.sectionTops[index]
    const el = listRef.current
    if (el && typeof el.scrollTop === 'number') el.scrollTop = top
    else setTarget(top)
    setScrollTop(top)
    if (focus === 'header') setFocusHeader(index)
    else focusOn(tabRefs.current.get(index))
  }
  const onTabKey = (index: number, key: string): boolean => {
    const last = sections.length - 1
    const to = key === 'ArrowDown' ? Math.min(last, index + 1) : key === 'ArrowUp' ? Math.max(0, index - 1) : key === 'Home' ? 0 : key === 'End' ? last : -1
    if (to < 0) return false
    goTo(to, 'tab')
    return true
  }

  return (
    <View className='so-menu'>
      <ScrollArea
        className='so-menu__classes'
        scrollIntoView={`so-cls-${Math.max(0, active - 2)}`}
        role='tablist'
        aria-orientation='vertical'
        aria-label={i18n.t('menu.classes')}
      >
        {sections.map((s, i) => {
          const badge = props.classBadge?.(s.cls.ClassID)
          return (
            <View
              key={s.cls.ClassID}
              id={`so-cls-${i}`}
              ref={(el: unknown) => keep(tabRefs.current, i, el)}
              className={`so-menu__class${i === active ? ' so-menu__class--active' : ''}`}
              role='tab'
              aria-selected={i === active}
              tabIndex={i === active ? 0 : -1}
              data-testid='class-tab'
              onClick={() => goTo(i, 'header')}
              onKeyDown={(e: { key: string; preventDefault(): void }) => {
                if (onTabKey(i, e.key)) e.preventDefault()
              }}
            >
              <Text className='so-menu__class-name'>{s.cls.ClassName}</Text>
              {badge && (
                <>
                  <Text className='so-menu__class-badge' aria-hidden>
                    {badge}
                  </Text>
                  <Text className='so-sr-only'>{i18n.t('menu.classInCart', { n: badge })}</Text>
                </>
              )}
            </View>
          )
        })}
      </ScrollArea>
      <ScrollArea
        className='so-menu__list'
        ref={listRef as never}
        {...(target !== null ? { scrollTop: target } : {})}
        onScroll={(e) => setScrollTop(e.detail.scrollTop)}
        aria-label={i18n.t('menu.goodsList')}
        data-testid='goods-list'
      >
        <View className='so-menu__canvas' style={{ height: `${layout.height}px` }}>
          {items.map((item) =>
            item.kind === 'header' ? (
              <View
                key={item.key}
                ref={(el: unknown) => keep(headerRefs.current, item.section, el)}
                className='so-menu__header'
                role='heading'
                aria-level={2}
                tabIndex={-1}
                style={{ top: `${item.top}px`, height: `${item.height}px` }}
              >
                <Text>{item.title}</Text>
              </View>
            ) : (
              <GoodsRowView
                key={item.key}
                goods={item.goods}
                action={props.renderAction(item.goods)}
                onOpen={props.onOpen}
                first={item.top < headerHeight + FIRST_ROWS * rowHeight}
                style={{ position: 'absolute', left: 0, right: 0, top: `${item.top}px`, height: `${item.height}px` }}
              />
            )
          )}
        </View>
      </ScrollArea>
    </View>
  )
})

/** An element that can take the focus: on H5 the DOM element; mini-programs have none (no keyboard). */
type Focusable = { focus?(options?: { preventScroll?: boolean }): void }

function keep(map: Map<number, Focusable>, index: number, el: unknown): void {
  if (el) map.set(index, el as Focusable)
  else map.delete(index)
}

function focusOn(el: Focusable | undefined): void {
  if (el && typeof el.focus === 'function') el.focus({ preventScroll: true })
}
