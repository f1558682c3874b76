/**
 * The order caps shared by the server and the client's steppers (src/core/order-limits), and the
 * stores that stop at them: the goods choice (cap, and the chosen sku's stock left, in packs on a
 * pack unit) and the cart (a line's + and adding the same choice again).
 */
import { orderLimits, stepperMax, canStepUp, DEFAULT_MAX_LINE_QUANTITY, DEFAULT_MAX_ORDER_LINES } from '../../src/core/order-limits'
import { GoodsChoice } from '../../src/features/menu/goods-choice'
import type { GoodsDetails } from '../../src/features/menu/menu.store'
import type { GoodsDetailRow } from '../../src/gateway/operations'
import { CartStore } from '../../src/features/cart/cart.store'
import { DEFAULT_POINTS } from '../../src/core/money'
import type { KeyValueStorage } from '../../src/hosts/host'

describe('orderLimits', () => {
  it('defaults to 99 per line and 50 lines', () => {
    expect(orderLimits({}, {})).toEqual({ maxLineQuantity: 99, maxOrderLines: 50 })
    expect([DEFAULT_MAX_LINE_QUANTITY, DEFAULT_MAX_ORDER_LINES]).toEqual([99, 50])
  })

  it("takes the shop's params first, then the enterprise's; bad values fall through; a setting cannot pass the hard bounds", () => {
    expect(orderLimits({ MaxLineQuantity: '5' }, { MaxLineQuantity: '10', MaxOrderLines: '8' })).toEqual({ maxLineQuantity: 5, maxOrderLines: 8 })
    expect(orderLimits(new Map([['MaxLineQuantity', 'x']]), new Map([['MaxLineQuantity', '12']]))).toMatchObject({ maxLineQuantity: 12 })
    expect(orderLimits({ MaxLineQuantity: '0', MaxOrderLines: '-3' }, { MaxLineQuantity: '2.5' })).toEqual({ maxLineQuantity: 99, maxOrderLines: 50 })
    expect(orderLimits({ MaxLineQuantity: '1000000', MaxOrderLines: '100000' }, {})).toEqual({ maxLineQuantity: 9999, maxOrderLines: 200 })
  })
})

describe('stepperMax', () => {
  const limits = { maxLineQuantity: 99 }
  it('is the cap without stock, else as many whole steps of the unit as the stock holds', () => {
    expect(stepperMax(limits, null)).toBe(99)
    expect(stepperMax(limits, -1)).toBe(99)
    expect(stepperMax(limits, 40)).toBe(40)
    expect(stepperMax(limits, 400)).toBe(99)
    expect(stepperMax(limits, 40, '6')).toBe(6)
    expect(stepperMax(limits, 7, '0.7')).toBe(10)
    expect(stepperMax(limits, 0)).toBe(0)
  })
  it('canStepUp allows reaching the max exactly, not passing it', () => {
    expect(canStepUp(98, 1, 99)).toBe(true)
    expect(canStepUp(99, 1, 99)).toBe(false)
    expect(canStepUp(2.5, 0.5, 3)).toBe(true)
    expect(canStepUp(3, 0.5, 3)).toBe(false)
  })
})

function teaWithStock(qua: number): GoodsDetails {
  const goods: GoodsDetailRow = {
    GoodsID: 'TEA', GoodsCode: 'H01', ShopID: 'S101', BaseID: 'B201', ClassID: 'C1', GoodsName: 'Milk tea', Unit: 'cup', GoodsType: 5, SkuType: 1,
    Price: '10', SalesPrice: '10', SaleType: 0, PUnitCount: 1, HasOptions: 1, StepQua: '1', OnSaleTime: '', OffSaleTime: '', SalesQua: 0, ImageUrl: '',
    SortNo: 1, IsRecommend: 0, CommentCount: 0, GoodsNames: { 'zh-CN': 'Milk tea', 'zh-TW': 'Milk tea', en: 'Milk tea' }, Description: '', GoodsRemarks: '', Images: []
  }
  return {
    goods,
    attributes: [{ AttrID: 'A', AttrName: 'Size', SortNo: 1 }],
    values: [
      { AttrID: 'A', ValueID: 'M', ValueName: 'Medium', SortNo: 1 },
      { AttrID: 'A', ValueID: 'L', ValueName: 'Large', SortNo: 2 }
    ],
    skus: [
      { SkuID: 'SK-M', SkuCode: 'M', SkuItems: 'M', SkuName: 'Medium', Price: '10', SalesPrice: '10', Qua: -1, PQua: -1, MQua: -1 },
      { SkuID: 'SK-L', SkuCode: 'L', SkuItems: 'L', SkuName: 'Large', Price: '12', SalesPrice: '12', Qua: qua, PQua: 0, MQua: qua }
    ],
    packUnits: [{ PCode: 'P6', PUnit: 'box', Ref: '6', Price: '55', SalesPrice: '55' }],
    remarks: [],
    addOns: [],
    bomClasses: [],
    bomGoods: []
  }
}

describe('GoodsChoice stops at the cap and the stock', () => {
  it('stops at the per-line cap and says so', () => {
    const choice = new GoodsChoice(teaWithStock(-1), DEFAULT_POINTS, { maxLineQuantity: 3 })
    for (let i = 0; i < 5; i++) choice.increase()
    expect(choice.quantity).toBe('3')
    expect(choice.canIncrease).toBe(false)
    expect(choice.quantityLimit).toEqual({ kind: 'cap', max: 3 })
  })

  it("stops at the chosen sku's stock left, in packs on a pack unit, and comes down when another sku allows less", () => {
    const choice = new GoodsChoice(teaWithStock(13), DEFAULT_POINTS, { maxLineQuantity: 99 })
    for (let i = 0; i < 20; i++) choice.increase()
    expect(choice.quantity).toBe('21')
    expect(choice.quantityLimit).toBeNull()
    choice.chooseValue('A', 'L')
    expect(choice.quantity).toBe('13')
    expect(choice.quantityLimit).toEqual({ kind: 'stock', left: 13 })
    choice.choosePack('P6')
    expect(choice.quantity).toBe('2')
    expect(choice.canIncrease).toBe(false)
  })
})

function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>()
  return { get: (k) => map.get(k) ?? null, set: (k, v) => void map.set(k, v), remove: (k) => void map.delete(k) }
}

describe('the cart stops at the per-line cap', () => {
  it("a line's + stops at the cap, and adding the same choice again fills it up to the cap only", () => {
    const cart = new CartStore(memoryStorage(), { logError: () => undefined, limits: () => ({ maxLineQuantity: 4, maxOrderLines: 50 }) })
    cart.initialise('E1001', '0')
    const goods = { GoodsID: 'BUN', ShopID: 'S101', BaseID: 'B201', Ref: '1', GoodsName: 'Bun', GoodsType: 5, Unit: 'pc', ImageUrl: '', StepQua: '1' }
    const line = { sku: null, Ref: '1', PSalesPrice: '0', SalesPrice: '18', PUnitPrice: '0', Price: '18', PUnit: '', PCode: '', mQua: '3', pQua: '0', remarkList: [], bomList: [], attachmentList: [] }
    cart.add(goods, [line])
    const uid = cart.cartList[0].lines[0].uid
    expect(cart.canIncreaseLine(uid)).toBe(true)
    cart.increaseLine(uid)
    cart.increaseLine(uid)
    expect(cart.cartList[0].lines[0].mQua).toBe('4')
    expect(cart.canIncreaseLine(uid)).toBe(false)
    cart.add(goods, [line])
    expect(cart.cartList[0].lines[0].mQua).toBe('4')
  })
})
