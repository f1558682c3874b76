import { layoutMenu, sectionAt, visibleItems, type MenuLayout } from '../../src/features/menu/virtual-layout'
import type { MenuSection } from '../../src/features/menu/menu.store'
import { goodsRow as goods } from './support/menu-rows'

const HEADER = 40
const ROW = 100
const CLASSES = 20
const PER_CLASS = 100
const SECTION = HEADER + PER_CLASS * ROW // 10,040
const VIEWPORT = 700
const OVERSCAN = 300


function sections(classes = CLASSES, perClass = PER_CLASS): MenuSection[] {
  return Array.from({ length: classes }, (_, c) => ({
    cls: { ClassID: `C${c}`, ClassCode: `${c}`, ClassName: `Class ${c}`, SortNo: c, GoodsCount: perClass, ImageUrl: '' },
    goods: Array.from({ length: perClass }, (_, i) => goods(`G${c}-${i}`, `C${c}`))
  }))
}

/** What a screen at scrollTop shows, by brute force: every item that overlaps the window. */
function overlapping(layout: MenuLayout, scrollTop: number): string[] {
  const from = scrollTop - OVERSCAN
  const to = scrollTop + VIEWPORT + OVERSCAN
  return layout.items.filter((i) => i.top + i.height > Math.max(0, from) && i.top < to).map((i) => i.key)
}

describe('virtual menu layout', () => {
  const layout = layoutMenu(sections(), HEADER, ROW)

  it('places 2,000 goods under 20 headers, one after another', () => {
    expect(layout.items).toHaveLength(CLASSES + CLASSES * PER_CLASS)
    expect(layout.height).toBe(CLASSES * SECTION)
    expect(layout.sectionTops).toEqual(Array.from({ length: CLASSES }, (_, c) => c * SECTION))

    expect(layout.items[0]).toMatchObject({ kind: 'header', top: 0, height: HEADER, section: 0, title: 'Class 0' })
    expect(layout.items[1]).toMatchObject({ kind: 'goods', top: HEADER, height: ROW, section: 0, key: 'g-G0-0' })
    const header7 = layout.items.find((i) => i.key === 'h-C7')
    expect(header7).toMatchObject({ top: 7 * SECTION, section: 7, title: 'Class 7' })
    const goods7 = layout.items.find((i) => i.key === 'g-G7-42')
    expect(goods7).toMatchObject({ top: 7 * SECTION + HEADER + 42 * ROW, section: 7 })
    const last = layout.items[layout.items.length - 1]
    expect(last).toMatchObject({ key: 'g-G19-99', top: layout.height - ROW })

    // No gaps, no overlaps, keys unique.
    for (let i = 1; i < layout.items.length; i++) {
      expect(layout.items[i].top).toBe(layout.items[i - 1].top + layout.items[i - 1].height)
    }
    expect(new Set(layout.items.map((i) => i.key)).size).toBe(layout.items.length)
  })

  it('renders only about a screenful plus overscan at the top', () => {
    const shown = visibleItems(layout, 0, VIEWPORT, OVERSCAN)
    expect(shown.map((i) => i.key)).toEqual(overlapping(layout, 0))
    expect(shown[0].key).toBe('h-C0')
    // 0 … 1,000 px: the header and 10 rows (the 10th row starts at 940).
    expect(shown).toHaveLength(11)
    expect(shown[shown.length - 1].top).toBeLessThan(VIEWPORT + OVERSCAN)
  })

  it('renders only about a screenful plus overscan in the middle', () => {
    for (const scrollTop of [9 * SECTION + 5000, 10 * SECTION - 350, 10 * SECTION + 10, 123_457]) {
      const shown = visibleItems(layout, scrollTop, VIEWPORT, OVERSCAN)
      expect(shown.map((i) => i.key)).toEqual(overlapping(layout, scrollTop))
      expect(shown.length).toBeGreaterThanOrEqual(Math.floor((VIEWPORT + 2 * OVERSCAN) / ROW))
      expect(shown.length).toBeLessThanOrEqual(Math.ceil((VIEWPORT + 2 * OVERSCAN) / ROW) + 2)
      // What is on screen is among them.
      const onScreen = layout.items.filter((i) => i.top + i.height > scrollTop && i.top < scrollTop + VIEWPORT)
      for (const item of onScreen) expect(shown).toContain(item)
    }
    // Across a class boundary the next header is included.
    const across = visibleItems(layout, 10 * SECTION - 350, VIEWPORT, OVERSCAN)
    expect(across.map((i) => i.key)).toContain('h-C10')
    expect(across.map((i) => i.key)).toContain('g-G9-99')
    expect(across.map((i) => i.key)).toContain('g-G10-0')
  })

  it('renders only about a screenful plus overscan at the end', () => {
    const bottom = layout.height - VIEWPORT
    const shown = visibleItems(layout, bottom, VIEWPORT, OVERSCAN)
    expect(shown.map((i) => i.key)).toEqual(overlapping(layout, bottom))
    expect(shown[shown.length - 1].key).toBe('g-G19-99')
    expect(shown.length).toBeLessThanOrEqual(11)
    // Scrolled past the end (rubber-banding): still the last rows, nothing invented.
    const past = visibleItems(layout, layout.height + 200, VIEWPORT, OVERSCAN)
    expect(past.map((i) => i.key)).toEqual(overlapping(layout, layout.height + 200))
    expect(past.length).toBeGreaterThan(0)
  })

  it('renders nothing for an empty menu', () => {
    const none = layoutMenu([], HEADER, ROW)
    expect(none.height).toBe(0)
    expect(visibleItems(none, 0, VIEWPORT, OVERSCAN)).toEqual([])
    expect(sectionAt(none, 0)).toBe(0)
  })

  it('names the section whose header has reached the top', () => {
    expect(sectionAt(layout, 0)).toBe(0)
    expect(sectionAt(layout, SECTION - 2)).toBe(0)
    expect(sectionAt(layout, SECTION)).toBe(1)
    expect(sectionAt(layout, SECTION + 5)).toBe(1)
    expect(sectionAt(layout, 7 * SECTION - 50)).toBe(6)
    expect(sectionAt(layout, 7 * SECTION)).toBe(7)
    expect(sectionAt(layout, 19 * SECTION)).toBe(19)
    expect(sectionAt(layout, layout.height)).toBe(19)
  })

  it('keeps the class bar in step with the list: tapping a class scrolls to its header, which then names that class', () => {
    for (let c = 0; c < CLASSES; c++) {
      const top = layout.sectionTops[c]
      expect(sectionAt(layout, top)).toBe(c)
      expect(visibleItems(layout, top, VIEWPORT, OVERSCAN).map((i) => i.key)).toContain(`h-C${c}`)
    }
  })

  it('lays out classes of different sizes', () => {
    const mixed = layoutMenu([...sections(1, 3), ...sections(2, 1).slice(1)], HEADER, ROW)
    expect(mixed.sectionTops).toEqual([0, HEADER + 3 * ROW])
    expect(mixed.height).toBe(2 * HEADER + 4 * ROW)
    expect(sectionAt(mixed, HEADER + 3 * ROW)).toBe(1)
    expect(sectionAt(mixed, HEADER + 3 * ROW - 10)).toBe(0)
  })
})
