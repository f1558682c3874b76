import { autorun } from 'mobx'
import { GoodsChoice } from '../../src/features/menu/goods-choice'
import type { GoodsDetails } from '../../src/features/menu/menu.store'
import type { GoodsDetailRow } from '../../src/gateway/operations'
import { CartStore } from '../../src/features/cart/cart.store'
import { DEFAULT_POINTS, Decimal } from '../../src/core/money'
import type { KeyValueStorage } from '../../src/hosts/host'

const SCOPE = { ShopID: 'S101', BaseID: 'B201' }

function goodsRow(GoodsID: string, over: Partial<GoodsDetailRow> = {}): GoodsDetailRow {
  return {
    GoodsID,
    GoodsCode: GoodsID,
    ShopID: 'S101',
    BaseID: 'B201',
    ClassID: 'C1',
    GoodsName: GoodsID,
    Unit: 'cup',
    GoodsType: 0,
    SkuType: 0,
    Price: '10',
    SalesPrice: '10',
    SaleType: 0,
    PUnitCount: 0,
    HasOptions: 1,
    StepQua: '1',
    OnSaleTime: '',
    OffSaleTime: '',
    SalesQua: 0,
    ImageUrl: '',
    SortNo: 1,
    IsRecommend: 0,
    CommentCount: 0,
    GoodsNames: { 'zh-CN': GoodsID, 'zh-TW': GoodsID, en: GoodsID },
    Description: '',
    GoodsRemarks: '',
    Images: [],
    ...over
  }
}

const empty = (goods: GoodsDetailRow): GoodsDetails => ({
  goods,
  attributes: [],
  values: [],
  skus: [],
  packUnits: [],
  remarks: [],
  addOns: [],
  bomClasses: [],
  bomGoods: []
})

/** Milk tea: Size × Temperature with Medium/Iced missing, a box of 6, two add-ons, two remark groups. */
function milkTea(): GoodsDetails {
  return {
    ...empty(goodsRow('TEA', { GoodsName: 'Milk tea', SkuType: 2, Price: '11.00', SalesPrice: '10.10', PUnitCount: 1 })),
    attributes: [
      { AttrID: 'A-SIZE', AttrName: 'Size', SortNo: 1 },
      { AttrID: 'A-TEMP', AttrName: 'Temperature', SortNo: 2 }
    ],
    values: [
      { AttrID: 'A-SIZE', ValueID: 'V-L', ValueName: 'Large', SortNo: 1 },
      { AttrID: 'A-SIZE', ValueID: 'V-M', ValueName: 'Medium', SortNo: 2 },
      { AttrID: 'A-TEMP', ValueID: 'V-H', ValueName: 'Hot', SortNo: 1 },
      { AttrID: 'A-TEMP', ValueID: 'V-I', ValueName: 'Iced', SortNo: 2 }
    ],
    skus: [
      { SkuID: 'SK-LH', SkuCode: 'LH', SkuItems: 'V-L,V-H', SkuName: 'Large / Hot', Price: '13.00', SalesPrice: '12.10', Qua: -1, PQua: -1, MQua: -1 },
      { SkuID: 'SK-LI', SkuCode: 'LI', SkuItems: 'V-L,V-I', SkuName: 'Large / Iced', Price: '13.50', SalesPrice: '12.60', Qua: -1, PQua: -1, MQua: -1 },
      { SkuID: 'SK-MH', SkuCode: 'MH', SkuItems: 'V-M,V-H', SkuName: 'Medium / Hot', Price: '11.00', SalesPrice: '10.10', Qua: -1, PQua: -1, MQua: -1 }
    ],
    packUnits: [{ PCode: 'P6', PUnit: 'box', Ref: '6', Price: '70.00', SalesPrice: '66.60' }],
    remarks: [
      { name: 'Sugar', options: ['Less', 'Normal'] },
      { name: 'Ice', options: ['Less', 'None'] }
    ],
    addOns: [
      { GoodsID: 'TEA', OptionID: 'O1', Value: 'Pearls', Value2: '0.30', Value3: '0.20', SortNo: 1 },
      { GoodsID: 'TEA', OptionID: 'O2', Value: 'Pudding', Value2: '1.20', Value3: '1.10', SortNo: 2 }
    ]
  }
}

/** A set meal: one main (required), two sides (required), up to two extras (optional). */
function setMeal(): GoodsDetails {
  const bom = (BOMClassID: string, GoodsID: string, Price: string, IsDefault = 0) => ({
    BOMClassID,
    GoodsID,
    GoodsName: `Name ${GoodsID}`,
    BOMQua: '1',
    BOMGoodsPUnit: 'portion',
    Price,
    ImageUrl: '',
    IsDefault
  })
  return {
    ...empty(goodsRow('SET', { GoodsName: 'Set meal', GoodsType: 3, Price: '38.00', SalesPrice: '35.00' })),
    bomClasses: [
      { BOMClassID: 'K-MAIN', BOMClassName: 'Main', Qua: 1, SelectType: 0, SortNo: 1 },
      { BOMClassID: 'K-SIDE', BOMClassName: 'Sides', Qua: 2, SelectType: 0, SortNo: 2 },
      { BOMClassID: 'K-EXTRA', BOMClassName: 'Extras', Qua: 2, SelectType: 1, SortNo: 3 }
    ],
    bomGoods: [
      bom('K-MAIN', 'B1', '0', 1),
      bom('K-MAIN', 'B2', '2.20', 1),
      bom('K-SIDE', 'B3', '0', 1),
      bom('K-SIDE', 'B4', '1.10'),
      bom('K-SIDE', 'B5', '0.10'),
      bom('K-EXTRA', 'B6', '0.20'),
      bom('K-EXTRA', 'B7', '0.10'),
      bom('K-EXTRA', 'B8', '0.30')
    ]
  }
}

const pork = (): GoodsDetails => empty(goodsRow('PORK', { GoodsName: 'Roast pork', GoodsType: 7, Unit: 'kg', StepQua: '0.5', Price: '88.80', SalesPrice: '88.80' }))

const choiceOf = (details: GoodsDetails) => new GoodsChoice(details, DEFAULT_POINTS)

/** The live price of a choice without its pick choices: what the same picks cost bare. */
function toLinePrice(choice: GoodsChoice): string {
  const bare = new GoodsChoice(choice.details, DEFAULT_POINTS)
  for (const c of choice.details.bomClasses) bare.bom[c.BOMClassID] = [...(choice.bom[c.BOMClassID] ?? [])]
  return bare.amount.toString()
}

function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>()
  return { get: (k) => map.get(k) ?? null, set: (k, v) => void map.set(k, v), remove: (k) => void map.delete(k) }
}

function cartStore(): CartStore {
  let n = 0
  const cart = new CartStore(memoryStorage(), { now: () => 1_700_000_000_000 + n++, random: () => 0.5, logError: () => undefined })
  cart.initialise('E1001', '0')
  return cart
}

const cls = (details: GoodsDetails, id: string) => details.bomClasses.find((c) => c.BOMClassID === id)!

describe('goods choice', () => {
  describe('defaults', () => {
    it("starts from the first sku's values, the main unit and one step", () => {
      const choice = choiceOf(milkTea())
      expect(choice.values).toEqual({ 'A-SIZE': 'V-L', 'A-TEMP': 'V-H' })
      expect(choice.sku?.SkuID).toBe('SK-LH')
      expect(choice.pack).toBeNull()
      expect(choice.quantity).toBe('1')
      expect(choice.amount.toString()).toBe('12.1')
      expect(choice.complete).toBe(true)
    })

    it("picks the combo's default goods, no more than each class takes", () => {
      const choice = choiceOf(setMeal())
      expect(choice.bom).toEqual({ 'K-MAIN': ['B1'], 'K-SIDE': ['B3'], 'K-EXTRA': [] })
      expect(choice.pickedBom.map((g) => g.GoodsID)).toEqual(['B1', 'B3'])
    })

    it('prices goods without skus at the goods price', () => {
      const choice = choiceOf(pork())
      expect(choice.sku).toBeNull()
      expect(choice.amount.toString()).toBe('44.4')
      expect(choice.originalAmount.toString()).toBe('44.4')
    })
  })

  describe('live price (exact)', () => {
    it('adds add-on now prices to the sku price and multiplies by the quantity', () => {
      const choice = choiceOf(milkTea())
      choice.toggleAddOn('O1')
      choice.toggleAddOn('O2')
      // 12.10 + 0.20 + 1.10 is 13.399999999999999 in floating point.
      expect(choice.unitSalesPrice.toString()).toBe('13.4')
      expect(choice.amount.toString()).toBe('13.4')
      choice.increase()
      choice.increase()
      expect(choice.quantity).toBe('3')
      expect(choice.amount.toString()).toBe('40.2')
      // List prices: 13.00 + 0.30 + 1.20, add-ons at Value2.
      expect(choice.originalAmount.toString()).toBe('43.5')

      choice.toggleAddOn('O2')
      expect(choice.amount.toString()).toBe('36.9')
    })

    it('follows the chosen sku', () => {
      const choice = choiceOf(milkTea())
      choice.chooseValue('A-SIZE', 'V-M')
      expect(choice.sku?.SkuID).toBe('SK-MH')
      choice.toggleAddOn('O1')
      // 10.10 + 0.20
      expect(choice.amount.toString()).toBe('10.3')
      expect(choice.originalAmount.toString()).toBe('11.3')
    })

    it('prices a pack at the pack price, extras per pack', () => {
      const choice = choiceOf(milkTea())
      choice.choosePack('P6')
      choice.toggleAddOn('O1')
      choice.increase()
      expect(choice.pack?.PUnit).toBe('box')
      // (66.60 + 0.20) × 2 and (70.00 + 0.30) × 2
      expect(choice.amount.toString()).toBe('133.6')
      expect(choice.originalAmount.toString()).toBe('140.6')
      choice.choosePack('')
      expect(choice.amount.toString()).toBe('24.6')
    })

    it('adds combo markups of the picked goods', () => {
      const choice = choiceOf(setMeal())
      choice.toggleBom(cls(choice.details, 'K-SIDE'), 'B4')
      expect(choice.amount.toString()).toBe('36.1')
      choice.toggleBom(cls(choice.details, 'K-MAIN'), 'B2')
      choice.toggleBom(cls(choice.details, 'K-EXTRA'), 'B6')
      choice.toggleBom(cls(choice.details, 'K-EXTRA'), 'B7')
      // 35.00 + 2.20 + 1.10 + 0.20 + 0.10 — floating point says 38.60000000000001.
      expect(choice.amount.toString()).toBe('38.6')
      expect(choice.originalAmount.toString()).toBe('41.6')
    })

    it('updates an observer when a choice changes the price', () => {
      const choice = choiceOf(milkTea())
      const seen: string[] = []
      const stop = autorun(() => void seen.push(choice.amount.toString()))
      choice.toggleAddOn('O1')
      choice.chooseValue('A-TEMP', 'V-I')
      stop()
      expect(seen).toEqual(['12.1', '12.3', '12.8'])
    })
  })

  describe('sku values', () => {
    it('offers only values that lead to an existing sku with the other chosen values', () => {
      const choice = choiceOf(milkTea())
      // Large / Hot chosen: every value still leads somewhere.
      expect(choice.valueAvailable('A-TEMP', 'V-I')).toBe(true)
      expect(choice.valueAvailable('A-SIZE', 'V-M')).toBe(true)

      choice.chooseValue('A-TEMP', 'V-I')
      expect(choice.sku?.SkuID).toBe('SK-LI')
      expect(choice.valueAvailable('A-SIZE', 'V-M')).toBe(false)
      expect(choice.valueAvailable('A-SIZE', 'V-L')).toBe(true)

      choice.chooseValue('A-TEMP', 'V-H')
      choice.chooseValue('A-SIZE', 'V-M')
      expect(choice.valueAvailable('A-TEMP', 'V-I')).toBe(false)
      expect(choice.valueAvailable('A-TEMP', 'V-H')).toBe(true)
    })

    it('reports a missing combination as a problem', () => {
      const choice = choiceOf(milkTea())
      choice.chooseValue('A-TEMP', 'V-I')
      choice.chooseValue('A-SIZE', 'V-M')
      expect(choice.sku).toBeNull()
      expect(choice.problems).toEqual([{ kind: 'sku-unavailable' }])
      expect(choice.complete).toBe(false)
      choice.chooseValue('A-TEMP', 'V-H')
      expect(choice.problems).toEqual([])
    })
  })

  describe('combo', () => {
    it('reports a required class short of picks until it is filled', () => {
      const choice = choiceOf(setMeal())
      expect(choice.problems).toEqual([{ kind: 'combo', className: 'Sides', need: 2, picked: 1 }])
      expect(choice.complete).toBe(false)

      choice.toggleBom(cls(choice.details, 'K-SIDE'), 'B4')
      expect(choice.problems).toEqual([])
      expect(choice.complete).toBe(true)

      // Unpicking the main leaves a required class empty.
      choice.toggleBom(cls(choice.details, 'K-MAIN'), 'B1')
      expect(choice.problems).toEqual([{ kind: 'combo', className: 'Main', need: 1, picked: 0 }])
    })

    it('refuses a pick beyond Qua in a multi-pick class', () => {
      const choice = choiceOf(setMeal())
      const extras = cls(choice.details, 'K-EXTRA')
      choice.toggleBom(extras, 'B6')
      expect(choice.bomFull(extras)).toBe(false)
      choice.toggleBom(extras, 'B7')
      expect(choice.bomFull(extras)).toBe(true)
      choice.toggleBom(extras, 'B8')
      expect(choice.bom['K-EXTRA']).toEqual(['B6', 'B7'])
      // An optional class never blocks the order.
      choice.toggleBom(cls(choice.details, 'K-SIDE'), 'B5')
      expect(choice.problems).toEqual([])

      choice.toggleBom(extras, 'B6')
      choice.toggleBom(extras, 'B8')
      expect(choice.bom['K-EXTRA']).toEqual(['B7', 'B8'])
    })

    it('swaps the pick of a single-pick class', () => {
      const choice = choiceOf(setMeal())
      choice.toggleBom(cls(choice.details, 'K-MAIN'), 'B2')
      expect(choice.bom['K-MAIN']).toEqual(['B2'])
      expect(choice.pickedBom.map((g) => g.GoodsID)).toEqual(['B2', 'B3'])
    })
  })

  describe('quantity', () => {
    it('steps weight goods by 0.5 and never goes below one step', () => {
      const choice = choiceOf(pork())
      expect(choice.quantity).toBe('0.5')
      expect(choice.canDecrease).toBe(false)
      choice.decrease()
      expect(choice.quantity).toBe('0.5')

      choice.increase()
      expect(choice.quantity).toBe('1')
      choice.increase()
      expect(choice.quantity).toBe('1.5')
      expect(choice.amount.toString()).toBe('133.2')
      expect(choice.canDecrease).toBe(true)

      choice.decrease()
      choice.decrease()
      expect(choice.quantity).toBe('0.5')
      choice.decrease()
      expect(choice.quantity).toBe('0.5')
    })

    it('counts whole packs after switching a weight goods to its pack unit, and steps by one pack', () => {
      const details = pork()
      details.packUnits = [{ PCode: 'PB', PUnit: 'box', Ref: '2', Price: '170.00', SalesPrice: '168.00' }]
      const choice = choiceOf(details)
      choice.increase()
      choice.increase()
      expect(choice.quantity).toBe('1.5')

      choice.choosePack('PB')
      // Packs have no fractions at PQuaPoint 0: never '1.5' boxes.
      expect(choice.quantity).toBe('2')
      choice.increase()
      expect(choice.quantity).toBe('3')
      choice.decrease()
      choice.decrease()
      expect(choice.quantity).toBe('1')
      choice.decrease()
      expect(choice.quantity).toBe('1')
      expect(choice.toLine()).toMatchObject({ PUnit: 'box', pQua: '1', mQua: '0' })

      // Back to kilograms: the count stays on the 0.5 grid.
      choice.choosePack('')
      expect(choice.quantity).toBe('1')
      choice.increase()
      expect(choice.quantity).toBe('1.5')
    })

    it('steps common goods by 1, not below 1', () => {
      const choice = choiceOf(milkTea())
      choice.decrease()
      expect(choice.quantity).toBe('1')
      choice.increase()
      expect(choice.quantity).toBe('2')
      expect(choice.canDecrease).toBe(true)
      choice.decrease()
      expect(choice.quantity).toBe('1')
    })
  })

  describe('remarks', () => {
    it('keeps one option per group and clears it when tapped again', () => {
      const choice = choiceOf(milkTea())
      choice.toggleRemark('Sugar', 'Less')
      choice.toggleRemark('Sugar', 'Normal')
      choice.toggleRemark('Ice', 'None')
      expect(choice.remarks).toEqual({ Sugar: 'Normal', Ice: 'None' })
      choice.toggleRemark('Ice', 'None')
      expect(choice.remarks).toEqual({ Sugar: 'Normal' })
    })
  })

  describe("a combo pick's own choices (issue 27 item 21)", () => {
    /** The set meal with a main whose spice is required and a side with an optional sauce. */
    const spicySet = (): GoodsDetails => {
      const d = setMeal()
      return {
        ...d,
        bomGoods: d.bomGoods.map((g) =>
          g.GoodsID === 'B2' ? { ...g, GoodsRemarks: '*Spice:None;Mild；Hot' } : g.GoodsID === 'B3' ? { ...g, GoodsRemarks: 'Sauce: Chilli; Soy' } : g
        )
      }
    }

    it("asks for a picked goods' required group, naming the goods, and only while it is picked", () => {
      const choice = choiceOf(spicySet())
      choice.toggleBom(cls(choice.details, 'K-SIDE'), 'B4')
      expect(choice.complete).toBe(true) // B1 is the default main; B3's sauce is optional
      choice.toggleBom(cls(choice.details, 'K-MAIN'), 'B2')
      expect(choice.problems).toEqual([{ kind: 'pick-remark', goodsName: 'Name B2', groupName: 'Spice' }])
      expect(choice.complete).toBe(false)
      choice.togglePickRemark({ BOMClassID: 'K-MAIN', GoodsID: 'B2' }, 'Spice', 'Mild')
      expect(choice.complete).toBe(true)
      // Tapped again it clears; swapping the main away drops the question.
      choice.togglePickRemark({ BOMClassID: 'K-MAIN', GoodsID: 'B2' }, 'Spice', 'Mild')
      expect(choice.complete).toBe(false)
      choice.toggleBom(cls(choice.details, 'K-MAIN'), 'B1')
      expect(choice.complete).toBe(true)
    })

    it('puts each pick’s choices on its own combo item of the line, in group order, and nothing for a pick without', () => {
      const choice = choiceOf(spicySet())
      choice.toggleBom(cls(choice.details, 'K-MAIN'), 'B2')
      choice.toggleBom(cls(choice.details, 'K-SIDE'), 'B4')
      choice.togglePickRemark({ BOMClassID: 'K-MAIN', GoodsID: 'B2' }, 'Spice', 'Hot')
      choice.togglePickRemark({ BOMClassID: 'K-SIDE', GoodsID: 'B3' }, 'Sauce', 'Soy')
      const line = choice.toLine()
      expect(line.bomList.map((b) => [b.GoodsID, b.remarkList])).toEqual([
        ['B2', [{ name: 'Spice', option: 'Hot' }]],
        ['B3', [{ name: 'Sauce', option: 'Soy' }]],
        ['B4', undefined]
      ])
      // The choice costs nothing.
      expect(choice.amount.toString()).toBe(toLinePrice(choice))
    })

    it('makes a different cart line per pick choice, and the same line when chosen alike', () => {
      const cart = cartStore()
      const mild = choiceOf(spicySet())
      mild.toggleBom(cls(mild.details, 'K-MAIN'), 'B2')
      mild.togglePickRemark({ BOMClassID: 'K-MAIN', GoodsID: 'B2' }, 'Spice', 'Mild')
      mild.toggleBom(cls(mild.details, 'K-SIDE'), 'B4')
      const hot = choiceOf(spicySet())
      hot.toggleBom(cls(hot.details, 'K-SIDE'), 'B4')
      hot.toggleBom(cls(hot.details, 'K-MAIN'), 'B2')
      hot.togglePickRemark({ BOMClassID: 'K-MAIN', GoodsID: 'B2' }, 'Spice', 'Hot')
      cart.add(mild.cartGoods(SCOPE), [mild.toLine()])
      cart.add(hot.cartGoods(SCOPE), [hot.toLine()])
      cart.add(mild.cartGoods(SCOPE), [mild.toLine()])
      const lines = cart.entriesFor('S101', 'B201')[0].lines
      expect(lines.map((l) => [l.bomList[0].remarkList?.[0]?.option, l.mQua])).toEqual([
        ['Mild', '2'],
        ['Hot', '1']
      ])
    })
  })

  describe('the cart line', () => {
    it('counts a main-unit line in mQua, with sku, remarks and add-ons', () => {
      const choice = choiceOf(milkTea())
      choice.chooseValue('A-TEMP', 'V-I')
      choice.toggleRemark('Ice', 'Less')
      choice.toggleRemark('Sugar', 'Less')
      choice.toggleAddOn('O1')
      choice.increase()
      expect(choice.toLine()).toEqual({
        sku: { SkuID: 'SK-LI', SkuCode: 'LI', SkuItems: 'V-L,V-I', SkuName: 'Large / Iced' },
        Ref: '1',
        PSalesPrice: '0',
        SalesPrice: '12.6',
        PUnitPrice: '0',
        Price: '13.5',
        PUnit: '',
        PCode: '',
        mQua: '2',
        pQua: '0',
        remarkList: [
          { name: 'Sugar', option: 'Less' },
          { name: 'Ice', option: 'Less' }
        ],
        bomList: [],
        attachmentList: [{ OptionID: 'O1', Value: 'Pearls', Value2: '0.30', Value3: '0.20' }]
      })
    })

    it('counts a pack line in pQua with the pack unit and its prices', () => {
      const choice = choiceOf(milkTea())
      choice.choosePack('P6')
      choice.increase()
      choice.increase()
      const line = choice.toLine()
      expect(line).toMatchObject({ PUnit: 'box', PCode: 'P6', Ref: '6', pQua: '3', mQua: '0', PSalesPrice: '66.60', PUnitPrice: '70.00' })
      expect(line.remarkList).toEqual([])
      expect(line.attachmentList).toEqual([])
    })

    it('lists the combo picks in class order', () => {
      const choice = choiceOf(setMeal())
      choice.toggleBom(cls(choice.details, 'K-EXTRA'), 'B8')
      choice.toggleBom(cls(choice.details, 'K-SIDE'), 'B4')
      const line = choice.toLine()
      expect(line.sku).toBeNull()
      expect(line.bomList).toEqual([
        { BOMClassID: 'K-MAIN', GoodsID: 'B1', GoodsName: 'Name B1', BOMQua: '1', BOMGoodsPUnit: 'portion', Price: '0' },
        { BOMClassID: 'K-SIDE', GoodsID: 'B3', GoodsName: 'Name B3', BOMQua: '1', BOMGoodsPUnit: 'portion', Price: '0' },
        { BOMClassID: 'K-SIDE', GoodsID: 'B4', GoodsName: 'Name B4', BOMQua: '1', BOMGoodsPUnit: 'portion', Price: '1.10' },
        { BOMClassID: 'K-EXTRA', GoodsID: 'B8', GoodsName: 'Name B8', BOMQua: '1', BOMGoodsPUnit: 'portion', Price: '0.30' }
      ])
      expect(line).toMatchObject({ SalesPrice: '35', Price: '38', mQua: '1', pQua: '0', PUnit: '' })
    })

    it('names the goods of the cart entry for the branch', () => {
      expect(choiceOf(milkTea()).cartGoods(SCOPE)).toEqual({
        GoodsID: 'TEA',
        ShopID: 'S101',
        BaseID: 'B201',
        Ref: '6',
        GoodsName: 'Milk tea',
        GoodsType: 0,
        Unit: 'cup',
        ImageUrl: '',
        StepQua: '1'
      })
      expect(choiceOf(pork()).cartGoods(SCOPE)).toMatchObject({ Ref: '1', StepQua: '0.5', GoodsType: 7 })
    })
  })

  describe('in the cart', () => {
    const add = (cart: CartStore, choice: GoodsChoice) => cart.add(choice.cartGoods(SCOPE), [choice.toLine()])
    const total = (cart: CartStore) => new Decimal(cart.total('S101', 'B201'))

    it('costs in the cart what the choice showed', () => {
      const cases: Array<(c: GoodsChoice) => void> = [
        (c) => {
          c.toggleAddOn('O1')
          c.toggleAddOn('O2')
          c.increase()
          c.increase()
        },
        (c) => {
          c.choosePack('P6')
          c.toggleAddOn('O2')
          c.increase()
        },
        (c) => {
          c.chooseValue('A-SIZE', 'V-M')
          c.toggleRemark('Sugar', 'Less')
        }
      ]
      for (const act of cases) {
        const cart = cartStore()
        const choice = choiceOf(milkTea())
        act(choice)
        add(cart, choice)
        expect(total(cart).equals(choice.amount)).toBe(true)
      }

      const cart = cartStore()
      const meal = choiceOf(setMeal())
      meal.toggleBom(cls(meal.details, 'K-SIDE'), 'B5')
      meal.toggleBom(cls(meal.details, 'K-EXTRA'), 'B6')
      meal.increase()
      add(cart, meal)
      expect(total(cart).toString()).toBe(meal.amount.toString())
      expect(meal.amount.toString()).toBe('70.6')

      const weigh = cartStore()
      const p = choiceOf(pork())
      p.increase()
      p.increase()
      add(weigh, p)
      expect(total(weigh).toString()).toBe('133.2')
      expect(weigh.count('S101', 'B201')).toBe('1.5')
    })

    it('merges two identical choices into one line; a different add-on makes a second line', () => {
      const cart = cartStore()
      const pick = (addOn: string) => {
        const c = choiceOf(milkTea())
        c.toggleRemark('Sugar', 'Less')
        c.toggleAddOn(addOn)
        return c
      }
      const first = pick('O1')
      const second = pick('O1')
      const third = pick('O2')
      add(cart, first)
      add(cart, second)
      let lines = cart.entriesFor('S101', 'B201')[0].lines
      expect(lines).toHaveLength(1)
      expect(lines[0].mQua).toBe('2')

      add(cart, third)
      const entries = cart.entriesFor('S101', 'B201')
      expect(entries).toHaveLength(1)
      lines = entries[0].lines
      expect(lines).toHaveLength(2)
      expect(lines.map((l) => l.attachmentList.map((a) => a.OptionID))).toEqual([['O1'], ['O2']])
      expect(total(cart).equals(first.amount.plus(second.amount).plus(third.amount))).toBe(true)
      // 2 × (12.10 + 0.20) + (12.10 + 1.10)
      expect(total(cart).toString()).toBe('37.8')
    })
  })
})
