import {
  CART_VERSION,
  completeLine,
  isCartEntry,
  isPackLine,
  lineAmount,
  lineCount,
  lineOriginalAmount,
  lineTotalQua,
  lineUnitExtras,
  makeUid,
  roundQuantity,
  sameLine,
  withQuantities,
  withRemarkRefs,
  type CartLineInput
} from '../../src/core/cart'
import { lineInput } from './support/menu-rows'


const sequence = (values: number[]): (() => number) => {
  let i = 0
  return () => values[i++ % values.length]
}

describe('cart line rules (spec §3, §4)', () => {
  it('has cart version 3', () => {
    expect(CART_VERSION).toBe(3)
  })

  it('makes a uid of the timestamp and 10 random characters [a-z0-9]', () => {
    const uid = makeUid(1710000000000, Math.random)
    expect(uid).toMatch(/^1710000000000[a-z0-9]{10}$/)
    expect(makeUid(5, sequence([0, 0.999999, 0.75]))).toBe('5a91a91a91a')
    expect(makeUid(5, () => 1)).toBe('59999999999') // out-of-range randoms stay inside the alphabet
  })

  it('counts a line in packs when PUnit is non-empty', () => {
    expect(isPackLine({ PUnit: 'box' })).toBe(true)
    expect(isPackLine({ PUnit: '' })).toBe(false)
    expect(isPackLine({ PUnit: '  ' })).toBe(false)
  })

  it('totals pQua × Ref + mQua: Ref 6, pQua 2 + mQua 3 → 15', () => {
    expect(lineTotalQua('2', '3', '6')).toBe('15')
    expect(lineTotalQua('0.5', '0', '12')).toBe('6')
    expect(lineTotalQua('0', '1.5', '')).toBe('1.5')
    const line = completeLine(lineInput({ PUnit: 'box', PCode: 'P6', Ref: '6', pQua: '2', mQua: '3' }), 'u')
    expect(line).toMatchObject({ isPack: true, pQua: '2', mQua: '3', qua: '15', uid: 'u' })
  })

  it('keeps no packs on a main-unit line', () => {
    const line = completeLine(lineInput({ Ref: '6', pQua: '2', mQua: '3' }), 'u')
    expect(line).toMatchObject({ isPack: false, pQua: '0', mQua: '3', qua: '3' })
    expect(withQuantities(line, '4', '1')).toMatchObject({ pQua: '0', mQua: '1', qua: '1' })
  })

  it('counts a pack as one in the badge', () => {
    expect(lineCount({ pQua: '2', mQua: '3' })).toBe('5')
    expect(lineCount({ pQua: '0', mQua: '1.5' })).toBe('1.5')
  })

  describe('line identity (option identity comparison)', () => {
    const base = lineInput({
      sku: { SkuID: 'K1', SkuCode: 'C1', SkuItems: 'v1', SkuName: 'Large' },
      PUnit: 'box',
      PCode: 'P6',
      remarkList: [
        { name: 'Spice', option: 'Hot' },
        { name: 'Ice', option: 'Less' }
      ],
      bomList: [
        { BOMClassID: 'C1', GoodsID: 'G7', GoodsName: 'Tea', BOMQua: '1', BOMGoodsPUnit: '', Price: '0' },
        { BOMClassID: 'C2', GoodsID: 'G8', GoodsName: 'Cake', BOMQua: '1', BOMGoodsPUnit: '', Price: '2' }
      ],
      attachmentList: [
        { OptionID: 'A1', Value: 'Egg', Value2: '3', Value3: '2' },
        { OptionID: 'A2', Value: 'Ham', Value2: '5', Value3: '4' }
      ]
    })

    it('is the same line when every choice matches, whatever the prices and quantities', () => {
      const pricier: CartLineInput = { ...base, SalesPrice: '99', mQua: '7', pQua: '3' }
      expect(sameLine(base, pricier)).toBe(true)
    })

    it("differs by a combo pick's own choices (issue 27 item 21), not by their order or language place", () => {
      const withSpice = (options: string[]): CartLineInput => ({
        ...base,
        bomList: [{ ...base.bomList[0], remarkList: options.map((option, i) => ({ name: i === 0 ? 'Spice' : 'Sauce', option })) }, base.bomList[1]]
      })
      expect(sameLine(withSpice(['Hot']), withSpice(['Mild']))).toBe(false)
      expect(sameLine(withSpice(['Hot']), base)).toBe(false)
      expect(sameLine(withSpice(['Hot']), withSpice(['Hot']))).toBe(true)
      const twoGroups = withSpice(['Hot', 'Soy'])
      const reversed: CartLineInput = { ...twoGroups, bomList: [{ ...twoGroups.bomList[0], remarkList: [...twoGroups.bomList[0].remarkList!].reverse() }, base.bomList[1]] }
      expect(sameLine(twoGroups, reversed)).toBe(true)
    })

    it('differs by sku', () => {
      expect(sameLine(base, { ...base, sku: { SkuID: 'K2', SkuCode: 'C1', SkuItems: 'v1', SkuName: 'Large' } })).toBe(false)
      expect(sameLine(base, { ...base, sku: null })).toBe(false)
      expect(sameLine({ ...base, sku: null }, { ...base, sku: null })).toBe(true)
    })

    it('differs by pack unit', () => {
      expect(sameLine(base, { ...base, PCode: 'P12' })).toBe(false)
      expect(sameLine(base, { ...base, PUnit: '', PCode: '' })).toBe(false)
      // Without a PCode the name tells the pack unit.
      expect(sameLine({ ...base, PCode: '' }, { ...base, PCode: '', PUnit: 'case' })).toBe(false)
    })

    it('knows a pack unit by its PCode, whatever language its name is in', () => {
      expect(sameLine(base, { ...base, PUnit: '盒' })).toBe(true)
    })

    it('compares remarks by their place among the goods\' remarks where both lines keep it', () => {
      const zh = { ...base, remarkList: [{ name: '辣度', option: '小辣', group: 0, index: 1 }] }
      const en = { ...base, remarkList: [{ name: 'Spice', option: 'Mild', group: 0, index: 1 }] }
      expect(sameLine(zh, en)).toBe(true)
      expect(sameLine(zh, { ...en, remarkList: [{ name: 'Spice', option: 'Hot', group: 0, index: 2 }] })).toBe(false)
    })

    it('finds where chosen remarks sit among the goods\' remark groups', () => {
      const groups = [
        { name: 'Spice', options: ['None', 'Mild', 'Hot'] },
        { name: 'Ice', options: ['Less', 'Normal'] }
      ]
      expect(
        withRemarkRefs({ remarkList: [{ name: 'Ice', option: 'Normal' }, { name: 'Spice', option: 'Hot' }, { name: 'Gone', option: 'x' }] }, groups).remarkList
      ).toEqual([
        { name: 'Ice', option: 'Normal', group: 1, index: 1 },
        { name: 'Spice', option: 'Hot', group: 0, index: 2 },
        { name: 'Gone', option: 'x' }
      ])
    })

    it('compares remarks by name and option, in any order', () => {
      expect(sameLine(base, { ...base, remarkList: [...base.remarkList].reverse() })).toBe(true)
      expect(sameLine(base, { ...base, remarkList: [{ name: 'Spice', option: 'Hot' }] })).toBe(false)
      expect(sameLine(base, { ...base, remarkList: [{ name: 'Spice', option: 'Mild' }, { name: 'Ice', option: 'Less' }] })).toBe(false)
      // Same option under another group name.
      expect(sameLine(base, { ...base, remarkList: [{ name: 'Heat', option: 'Hot' }, { name: 'Ice', option: 'Less' }] })).toBe(false)
    })

    it('compares combo picks as a multiset of class and goods', () => {
      expect(sameLine(base, { ...base, bomList: [...base.bomList].reverse() })).toBe(true)
      expect(sameLine(base, { ...base, bomList: [base.bomList[0]] })).toBe(false)
      expect(sameLine(base, { ...base, bomList: [base.bomList[0], base.bomList[0]] })).toBe(false)
      expect(sameLine(base, { ...base, bomList: [{ ...base.bomList[0], BOMClassID: 'C9' }, base.bomList[1]] })).toBe(false)
    })

    it('compares add-ons by OptionID, in any order', () => {
      expect(sameLine(base, { ...base, attachmentList: [...base.attachmentList].reverse() })).toBe(true)
      expect(sameLine(base, { ...base, attachmentList: [base.attachmentList[0]] })).toBe(false)
      expect(sameLine(base, { ...base, attachmentList: [] })).toBe(false)
    })
  })

  describe('amounts (exact)', () => {
    const line = lineInput({
      PUnit: 'box',
      Ref: '6',
      PSalesPrice: '55.5',
      PUnitPrice: '60',
      SalesPrice: '9.9',
      Price: '10.5',
      pQua: '2',
      mQua: '3',
      attachmentList: [{ OptionID: 'A1', Value: 'Egg', Value2: '3', Value3: '2.2' }],
      bomList: [{ BOMClassID: 'C1', GoodsID: 'G7', GoodsName: 'Tea', BOMQua: '1', BOMGoodsPUnit: '', Price: '0.1' }]
    })

    it('adds add-on now prices and combo markups to each unit', () => {
      expect(lineUnitExtras(line)).toBe('2.3')
    })

    it('is pQua × (PSalesPrice + extras) + mQua × (SalesPrice + extras)', () => {
      // 2 × 57.8 + 3 × 12.2 = 115.6 + 36.6
      expect(lineAmount(line)).toBe('152.2')
      expect(lineAmount(lineInput({ SalesPrice: '0.1', mQua: '3' }))).toBe('0.3')
    })

    it('prices the original amount at list prices with add-ons at Value2', () => {
      // 2 × (60 + 3.1) + 3 × (10.5 + 3.1) = 126.2 + 40.8
      expect(lineOriginalAmount(line)).toBe('167')
    })
  })

  describe('the quantity rule', () => {
    it('rounds half-up at the given decimals (QuaPoint or PQuaPoint)', () => {
      expect(roundQuantity('1.5', 0)).toBe('2')
      expect(roundQuantity('1.49', 0)).toBe('1')
      expect(roundQuantity('1.25', 1)).toBe('1.3')
    })

    it("never rounds to fewer decimals than the goods' step has (weight goods step 0.5)", () => {
      expect(roundQuantity('1.5', 0, '0.5')).toBe('1.5')
      expect(roundQuantity('1.55', 0, '0.5')).toBe('1.6')
      expect(roundQuantity('2', 0, '1')).toBe('2')
      expect(roundQuantity('0.125', 0, '0.25')).toBe('0.13')
    })
  })

  it('recognises well-formed stored entries and rejects wrong shapes', () => {
    const entry = {
      goodsDetails: { GoodsID: 'G1', ShopID: 'S', BaseID: 'B', Ref: '', GoodsName: 'Tea', GoodsType: 0, Unit: 'cup', ImageUrl: '', StepQua: '1' },
      lines: [completeLine(lineInput(), 'u1')],
      businessMode: '0'
    }
    expect(isCartEntry(entry)).toBe(true)
    expect(isCartEntry({ ...entry, lines: [] })).toBe(false)
    expect(isCartEntry({ ...entry, lines: [{ ...entry.lines[0], mQua: 1 }] })).toBe(false)
    expect(isCartEntry({ ...entry, goodsDetails: { ...entry.goodsDetails, GoodsID: null } })).toBe(false)
    expect(isCartEntry(null)).toBe(false)
    expect(isCartEntry('x')).toBe(false)
  })
})
