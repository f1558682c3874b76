/**
 * The diner's dietary filter (issue 26 item 1): which goods the menu lists, what a choice brings
 * that the diner hides, and that it is kept on the device for the visit (a reload, another page).
 */
import { DietFilterStore, DIET_FILTER_KEY } from '../../src/features/menu/diet-filter.store'
import { MenuStore } from '../../src/features/menu/menu.store'
import type { KeyValueStorage } from '../../src/hosts/host'
import type { GoodsRow } from '../../src/gateway/operations'
import { goodsRow } from './support/menu-rows'

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return { map, get: (k) => map.get(k) ?? null, set: (k, v) => void map.set(k, v), remove: (k) => void map.delete(k) }
}

const satay = { Allergens: 'gluten,peanuts,soy', Diets: 'spicy2' }
const tofu = { Allergens: 'soy', Diets: 'vegetarian,vegan' }
const plain = { Allergens: '', Diets: '' }

describe('the dietary filter', () => {
  it('lets everything through until the diner asks', () => {
    const filter = new DietFilterStore(memoryStorage())
    expect(filter.active).toBe(false)
    expect([satay, tofu, plain, {}].every((g) => filter.allows(g))).toBe(true)
  })

  it('hides goods that contain a hidden allergen, and shows only the marks asked for', () => {
    const filter = new DietFilterStore(memoryStorage())
    filter.toggleHide('peanuts')
    expect([satay, tofu, plain].map((g) => filter.allows(g))).toEqual([false, true, true])
    filter.toggleOnly('vegetarian') // vegan brings vegetarian
    expect([satay, tofu, plain].map((g) => filter.allows(g))).toEqual([false, true, false])
    expect(filter.count).toBe(2)
    filter.toggleHide('peanuts')
    filter.toggleOnly('vegetarian')
    expect(filter.active).toBe(false)
  })

  it('names what a choice brings that the diner hides', () => {
    const filter = new DietFilterStore(memoryStorage())
    filter.toggleHide('sesame')
    filter.toggleHide('peanuts')
    expect(filter.hide).toEqual(['peanuts', 'sesame']) // canonical order
    expect(filter.conflicts({ Allergens: 'peanuts,soy,sesame' })).toEqual(['peanuts', 'sesame'])
    expect(filter.conflicts({ Allergens: 'milk' })).toEqual([])
  })

  it('is kept on the device for the visit, and cleared whole', () => {
    const storage = memoryStorage()
    const first = new DietFilterStore(storage)
    first.toggleHide('peanuts')
    first.toggleOnly('halal')
    const again = new DietFilterStore(storage)
    expect([again.hide, again.only]).toEqual([['peanuts'], ['halal']])
    again.clear()
    expect(storage.map.has(DIET_FILTER_KEY)).toBe(false)
    expect(new DietFilterStore(storage).active).toBe(false)
  })

  it('reads a damaged or foreign stored value as no filter, keeping only known codes', () => {
    const storage = memoryStorage()
    storage.set(DIET_FILTER_KEY, '{not json')
    expect(new DietFilterStore(storage).active).toBe(false)
    storage.set(DIET_FILTER_KEY, JSON.stringify({ hide: ['peanuts', 'kryptonite'], only: ['vegan', 'alcohol'] }))
    const filter = new DietFilterStore(storage)
    expect([filter.hide, filter.only]).toEqual([['peanuts'], ['vegan']])
  })

  it("takes the hidden goods out of the menu's sections, and counts them", () => {
    const menu = new MenuStore({ call: jest.fn() } as never, { scope: () => null, locale: () => 'en', now: () => null })
    const row = (id: string, cls: string, marks: object): GoodsRow => ({ ...goodsRow(id, cls), ...marks })
    menu.classes = [
      { ClassID: 'N', ClassName: 'Noodles', SortNo: 1 } as never,
      { ClassID: 'S', ClassName: 'Snacks', SortNo: 2 } as never
    ]
    menu.goods = [row('G1', 'N', satay), row('G2', 'N', tofu), row('G3', 'S', satay)]
    const filter = new DietFilterStore(memoryStorage())
    menu.useListFilter((g) => filter.allows(g))
    expect(menu.sections.map((s) => s.goods.map((g) => g.GoodsID))).toEqual([['G1', 'G2'], ['G3']])
    filter.toggleHide('peanuts')
    expect(menu.sections.map((s) => [s.cls.ClassID, s.goods.map((g) => g.GoodsID)])).toEqual([['N', ['G2']]])
    expect(menu.filteredOut).toBe(2)
  })
})
