/**
 * Layout of the goods list for windowed rendering: every class header and goods row has a
 * fixed height, so positions are known without measuring and only the rows on screen (plus a
 * margin) are rendered — 2,000 goods cost the same DOM as 20.
 */
import type { GoodsRow } from '../../gateway/operations'
import type { MenuSection } from './menu.store'

export type LayoutItem =
  | { kind: 'header'; key: string; top: number; height: number; section: number; title: string }
  | { kind: 'goods'; key: string; top: number; height: number; section: number; goods: GoodsRow }

export interface MenuLayout {
  items: LayoutItem[]
  /** Top of each section's header. */
  sectionTops: number[]
  height: number
}

export function layoutMenu(sections: MenuSection[], headerHeight: number, rowHeight: number): MenuLayout {
  const items: LayoutItem[] = []
  const sectionTops: number[] = []
  let top = 0
  sections.forEach((s, section) => {
    sectionTops.push(top)
    items.push({ kind: 'header', key: `h-${s.cls.ClassID}`, top, height: headerHeight, section, title: s.cls.ClassName })
    top += headerHeight
    for (const goods of s.goods) {
      items.push({ kind: 'goods', key: `g-${goods.GoodsID}`, top, height: rowHeight, section, goods })
      top += rowHeight
    }
  })
  return { items, sectionTops, height: top }
}

/** Index of the last item whose top is ≤ y (binary search; items are sorted by top). */
function indexAt(items: LayoutItem[], y: number): number {
  let lo = 0
  let hi = items.length - 1
  let found = 0
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (items[mid].top <= y) {
      found = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  return found
}

/** The items intersecting [scrollTop − overscan, scrollTop + viewport + overscan]. */
export function visibleItems(layout: MenuLayout, scrollTop: number, viewport: number, overscan: number): LayoutItem[] {
  if (layout.items.length === 0) return []
  const from = indexAt(layout.items, Math.max(0, scrollTop - overscan))
  const bottom = scrollTop + viewport + overscan
  const out: LayoutItem[] = []
  for (let i = from; i < layout.items.length && layout.items[i].top < bottom; i++) out.push(layout.items[i])
  return out
}

/** The section the diner is reading: the last one whose header has reached the top. */
export function sectionAt(layout: MenuLayout, scrollTop: number): number {
  let current = 0
  for (let i = 0; i < layout.sectionTops.length; i++) {
    if (layout.sectionTops[i] <= scrollTop + 1) current = i
    else break
  }
  return current
}
