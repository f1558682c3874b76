import { autorun } from 'mobx'
import { CartStore, CART_STORAGE_KEY, type StoredCart } from '../../src/features/cart/cart.store'
import type { CartGoodsDetails, CartLineInput } from '../../src/core/cart'
import type { KeyValueStorage } from '../../src/hosts/host'
import { lineInput as line } from './support/menu-rows'

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map(Object.entries(initial))
  return {
    map,
    get: (k) => map.get(k) ?? null,
    set: (k, v) => void map.set(k, v),
    remove: (k) => void map.delete(k)
  }
}

function goods(over: Partial<CartGoodsDetails> = {}): CartGoodsDetails {
  return { GoodsID: 'G1', ShopID: 'S1', BaseID: 'B1', Ref: '', GoodsName: 'Milk tea', GoodsType: 0, Unit: 'cup', ImageUrl: '', StepQua: '1', ...over }
}


const packLine = (over: Partial<CartLineInput> = {}): CartLineInput =>
  line({ PUnit: 'box', PCode: 'P6', Ref: '6', PSalesPrice: '50', PUnitPrice: '60', pQua: '1', mQua: '0', ...over })

function setup(storage = memoryStorage(), entId = 'E1', mode = '0') {
  let clock = 1_700_000_000_000
  let seed = 0
  const errors: string[] = []
  const cart = new CartStore(storage, {
    now: () => clock,
    // A deterministic but varied random part.
    random: () => ((seed = (seed * 9301 + 49297) % 233280) / 233280),
    logError: (m) => void errors.push(m)
  })
  cart.initialise(entId, mode)
  return { cart, storage, errors, tick: (ms = 1) => (clock += ms) }
}

const stored = (storage: KeyValueStorage): StoredCart => JSON.parse(storage.get(CART_STORAGE_KEY)!)

function storedCart(over: Partial<StoredCart> = {}): string {
  const { cart, storage } = setup(memoryStorage(), 'E1')
  cart.add(goods(), [line()])
  return JSON.stringify({ ...stored(storage), ...over })
}

describe('cart store (spec §3, §4 Cart)', () => {
  describe('initialising from local storage', () => {
    it('loads the stored cart when the enterprise id and the cart version match (persistence round trip)', () => {
      const first = setup()
      first.cart.add(goods(), [line({ mQua: '2', remarkList: [{ name: 'Ice', option: 'Less' }] })])
      first.cart.add(goods({ GoodsID: 'G2' }), [packLine()])
      first.cart.addTemporary(goods({ GoodsID: 'G3' }), line())
      const again = setup(first.storage)
      expect(again.cart.cartList).toEqual(first.cart.cartList)
      expect(again.cart.temporaryList).toEqual(first.cart.temporaryList)
      expect(again.cart.count('S1', 'B1')).toBe('3')
      expect(stored(first.storage)).toMatchObject({ params: { EntID: 'E1' }, cartVersion: 3 })
    })

    it('ignores a stored cart of another enterprise and overwrites it', () => {
      const storage = memoryStorage({ [CART_STORAGE_KEY]: storedCart() })
      const { cart } = setup(storage, 'E2')
      expect(cart.cartList).toEqual([])
      expect(stored(storage)).toMatchObject({ params: { EntID: 'E2' }, cartList: [], cartVersion: 3 })
    })

    it('ignores a stored cart of another cart version', () => {
      const storage = memoryStorage({ [CART_STORAGE_KEY]: storedCart({ cartVersion: 2 }) })
      const { cart } = setup(storage, 'E1')
      expect(cart.cartList).toEqual([])
      expect(stored(storage).cartVersion).toBe(3)
      // The same value with the right version loads.
      const ok = setup(memoryStorage({ [CART_STORAGE_KEY]: storedCart() }), 'E1')
      expect(ok.cart.cartList).toHaveLength(1)
    })

    it('treats a corrupt stored value as empty and never throws', () => {
      const good = JSON.parse(storedCart())
      const corrupt = [
        '{not json',
        'null',
        '42',
        '[]',
        JSON.stringify({ ...good, params: null }),
        JSON.stringify({ ...good, cartList: 'x' }),
        JSON.stringify({ ...good, cartList: [{ goodsDetails: {}, lines: [] }] }),
        JSON.stringify({ ...good, cartList: [{ ...good.cartList[0], lines: [{ uid: 1 }] }] }),
        JSON.stringify({ ...good, temporaryList: undefined })
      ]
      for (const text of corrupt) {
        const { cart } = setup(memoryStorage({ [CART_STORAGE_KEY]: text }), 'E1')
        expect(cart.cartList).toEqual([])
        expect(cart.temporaryList).toEqual([])
      }
      const throwing: KeyValueStorage = { get: () => { throw new Error('denied') }, set: () => undefined, remove: () => undefined }
      expect(() => setup(throwing as never)).not.toThrow()
    })

    it('empties stored carts of another business mode', () => {
      const storage = memoryStorage({ [CART_STORAGE_KEY]: storedCart() }) // added under mode '0'
      const { cart } = setup(storage, 'E1', '1')
      expect(cart.cartList).toEqual([])
      expect(stored(storage).cartList).toEqual([])
    })
  })

  describe('adding', () => {
    it('adds a line with a uid, its total and isPack', () => {
      const { cart } = setup()
      cart.add(goods(), [packLine({ pQua: '2', mQua: '3' })])
      const [entry] = cart.cartList
      expect(entry.goodsDetails.GoodsID).toBe('G1')
      expect(entry.businessMode).toBe('0')
      expect(entry.lines[0]).toMatchObject({ pQua: '2', mQua: '3', qua: '15', isPack: true })
      expect(entry.lines[0].uid).toMatch(/^1700000000000[a-z0-9]{10}$/)
    })

    it('logs an error and changes nothing without goods details or a line list', () => {
      const { cart, errors, storage } = setup()
      const before = storage.get(CART_STORAGE_KEY)
      cart.add(null, [line()])
      cart.add(goods(), [])
      cart.add(goods(), undefined)
      expect(errors).toHaveLength(3)
      expect(cart.cartList).toEqual([])
      expect(storage.get(CART_STORAGE_KEY)).toBe(before)
    })

    it('leaves out lines without a positive quantity', () => {
      const { cart, errors } = setup()
      cart.add(goods(), [line({ mQua: '0' }), line({ mQua: '-1' })])
      expect(cart.cartList).toEqual([])
      expect(errors).toHaveLength(2)
    })

    it('merges the same goods, shop and branch into one entry and moves it to the front', () => {
      const { cart } = setup()
      cart.add(goods({ GoodsID: 'G1' }), [line()])
      cart.add(goods({ GoodsID: 'G2' }), [line()])
      cart.add(goods({ GoodsID: 'G1', BaseID: 'B2' }), [line()])
      expect(cart.cartList.map((e) => `${e.goodsDetails.GoodsID}/${e.goodsDetails.BaseID}`)).toEqual(['G1/B2', 'G2/B1', 'G1/B1'])
      cart.add(goods({ GoodsID: 'G1' }), [line({ remarkList: [{ name: 'Ice', option: 'None' }] })])
      expect(cart.cartList.map((e) => `${e.goodsDetails.GoodsID}/${e.goodsDetails.BaseID}`)).toEqual(['G1/B1', 'G1/B2', 'G2/B1'])
      expect(cart.cartList[0].lines).toHaveLength(2)
    })

    it('adds the quantities of an equal line (remarks in another order) to it', () => {
      const { cart } = setup()
      const remarks = [
        { name: 'Ice', option: 'Less' },
        { name: 'Sugar', option: 'Half' }
      ]
      cart.add(goods(), [line({ mQua: '1', remarkList: remarks })])
      const uid = cart.cartList[0].lines[0].uid
      cart.add(goods(), [line({ mQua: '2', remarkList: [...remarks].reverse() })])
      expect(cart.cartList[0].lines).toHaveLength(1)
      expect(cart.cartList[0].lines[0]).toMatchObject({ uid, mQua: '3', qua: '3' })
    })

    it('keeps lines apart that differ in sku, pack unit, remarks, combo or add-ons', () => {
      const { cart } = setup()
      const bom = { BOMClassID: 'C1', GoodsID: 'G9', GoodsName: 'Cake', BOMQua: '1', BOMGoodsPUnit: '', Price: '0' }
      cart.add(goods(), [
        line(),
        line({ sku: { SkuID: 'K1', SkuCode: 'K1', SkuItems: 'v', SkuName: 'Large' } }),
        packLine(),
        line({ remarkList: [{ name: 'Ice', option: 'Less' }] }),
        line({ bomList: [bom] }),
        line({ attachmentList: [{ OptionID: 'A1', Value: 'Pearls', Value2: '3', Value3: '2' }] })
      ])
      const lines = cart.cartList[0].lines
      expect(lines).toHaveLength(6)
      expect(new Set(lines.map((l) => l.uid)).size).toBe(6)
    })

    it('adds pack quantities to an equal pack line: Ref 6, pQua 2 + mQua 3 → 15', () => {
      const { cart } = setup()
      cart.add(goods({ Ref: '6' }), [packLine({ pQua: '1', mQua: '1' })])
      cart.add(goods({ Ref: '6' }), [packLine({ pQua: '1', mQua: '2' })])
      expect(cart.cartList[0].lines[0]).toMatchObject({ pQua: '2', mQua: '3', qua: '15' })
    })
  })

  describe('changing quantities', () => {
    it('sets pack and main quantities and recomputes the total', () => {
      const { cart, storage } = setup()
      cart.add(goods(), [packLine()])
      const uid = cart.cartList[0].lines[0].uid
      cart.setLineQuantity(uid, { pQua: '2', mQua: '3' })
      expect(cart.cartList[0].lines[0]).toMatchObject({ pQua: '2', mQua: '3', qua: '15' })
      cart.setLineQuantity(uid, { mQua: '1' })
      expect(cart.cartList[0].lines[0]).toMatchObject({ pQua: '2', mQua: '1', qua: '13' })
      expect(stored(storage).cartList[0].lines[0].qua).toBe('13')
    })

    it('removes the line at a total of 0 or less, and the entry when no lines remain', () => {
      const { cart } = setup()
      cart.add(goods(), [line(), line({ remarkList: [{ name: 'Ice', option: 'Less' }] })])
      const [a, b] = cart.cartList[0].lines.map((l) => l.uid)
      cart.setLineQuantity(a, { mQua: '0' })
      expect(cart.cartList[0].lines.map((l) => l.uid)).toEqual([b])
      cart.setLineQuantity(b, { mQua: '-2' })
      expect(cart.cartList).toEqual([])
      expect(cart.isEmpty('S1', 'B1')).toBe(true)
    })

    it('increases and decreases by one step', () => {
      const { cart } = setup()
      cart.add(goods(), [line({ mQua: '2' })])
      const uid = cart.cartList[0].lines[0].uid
      cart.increaseLine(uid)
      expect(cart.cartList[0].lines[0].mQua).toBe('3')
      cart.decreaseLine(uid)
      cart.decreaseLine(uid)
      expect(cart.cartList[0].lines[0].mQua).toBe('1')
      cart.decreaseLine(uid)
      expect(cart.cartList).toEqual([])
    })

    it('rounds a decrease by the quantity rule (QuaPoint)', () => {
      const { cart } = setup()
      cart.add(goods(), [line({ mQua: '2.6' })])
      const uid = cart.cartList[0].lines[0].uid
      cart.decreaseLine(uid) // 1.6 at QuaPoint 0
      expect(cart.cartList[0].lines[0]).toMatchObject({ mQua: '2', qua: '2' })
      cart.setPoints({ QuaPoint: 1, PQuaPoint: 0 })
      cart.setLineQuantity(uid, { mQua: '2.66' })
      cart.decreaseLine(uid) // 1.66 at QuaPoint 1
      expect(cart.cartList[0].lines[0].mQua).toBe('1.7')
    })

    it("steps weight goods by their StepQua and keeps its decimals at QuaPoint 0", () => {
      const { cart } = setup()
      cart.add(goods({ GoodsType: 7, StepQua: '0.5', Unit: 'kg' }), [line({ mQua: '1' })])
      const uid = cart.cartList[0].lines[0].uid
      cart.increaseLine(uid)
      expect(cart.cartList[0].lines[0].mQua).toBe('1.5')
      cart.decreaseLine(uid)
      cart.decreaseLine(uid)
      expect(cart.cartList[0].lines[0].mQua).toBe('0.5')
      cart.decreaseLine(uid)
      expect(cart.cartList).toEqual([])
    })

    it('steps a pack line in packs, rounded at PQuaPoint', () => {
      const { cart } = setup()
      cart.add(goods({ Ref: '6' }), [packLine({ pQua: '1.4', mQua: '2' })])
      const uid = cart.cartList[0].lines[0].uid
      cart.increaseLine(uid) // 2.4 at PQuaPoint 0
      expect(cart.cartList[0].lines[0]).toMatchObject({ pQua: '2', mQua: '2', qua: '14' })
      cart.decreaseLine(uid)
      cart.decreaseLine(uid)
      // No packs left: the main units step down next.
      expect(cart.cartList[0].lines[0]).toMatchObject({ pQua: '0', mQua: '2', qua: '2' })
      cart.decreaseLine(uid)
      expect(cart.cartList[0].lines[0]).toMatchObject({ pQua: '0', mQua: '1', qua: '1' })
    })

    it('removes a line by uid and goods by id, shop and branch; clears the cart', () => {
      const { cart } = setup()
      cart.add(goods({ GoodsID: 'G1' }), [line(), packLine()])
      cart.add(goods({ GoodsID: 'G2' }), [line()])
      cart.add(goods({ GoodsID: 'G2', ShopID: 'S2' }), [line()])
      cart.removeLine(cart.cartList[2].lines[0].uid)
      expect(cart.cartList[2].lines).toHaveLength(1)
      cart.removeGoods('G2', 'S1', 'B1')
      expect(cart.cartList.map((e) => `${e.goodsDetails.GoodsID}/${e.goodsDetails.ShopID}`)).toEqual(['G2/S2', 'G1/S1'])
      cart.removeLine(cart.cartList[0].lines[0].uid)
      expect(cart.cartList.map((e) => e.goodsDetails.GoodsID)).toEqual(['G1'])
      cart.clear()
      expect(cart.cartList).toEqual([])
    })
  })

  describe('temporary cart', () => {
    it('holds one item: a new one replaces the held one', () => {
      const { cart, storage } = setup()
      cart.addTemporary(goods({ GoodsID: 'G1' }), line())
      cart.addTemporary(goods({ GoodsID: 'G2' }), line({ mQua: '2' }))
      expect(cart.temporaryList).toHaveLength(1)
      expect(cart.temporaryList[0].goodsDetails.GoodsID).toBe('G2')
      expect(cart.temporaryList[0].lines[0]).toMatchObject({ qua: '2' })
      expect(cart.cartList).toEqual([])
      expect(stored(storage).temporaryList).toHaveLength(1)
      cart.clearTemporary()
      expect(cart.temporaryList).toEqual([])
    })

    it('logs an error without goods details or a line', () => {
      const { cart, errors } = setup()
      cart.addTemporary(undefined, line())
      cart.addTemporary(goods(), null)
      expect(errors).toHaveLength(2)
      expect(cart.temporaryList).toEqual([])
    })
  })

  describe('business modes', () => {
    it('switching clears the other modes\' entries, the "buy now" item with them', () => {
      const { cart } = setup(memoryStorage(), 'E1', '0')
      cart.add(goods({ GoodsID: 'G1' }), [line()])
      cart.buyNow(goods({ GoodsID: 'G2' }), line())
      cart.setBusinessMode('2')
      expect(cart.cartList).toEqual([])
      expect(cart.temporaryList).toEqual([])
      cart.add(goods({ GoodsID: 'G3' }), [line()])
      expect(cart.checkoutEntries('S1', 'B1').map((e) => [e.goodsDetails.GoodsID, e.businessMode])).toEqual([['G3', '2']])
    })

    it('empties the cart when the business mode changes, not when it stays', () => {
      const { cart, storage } = setup()
      cart.add(goods(), [line()])
      cart.addTemporary(goods(), line())
      cart.setBusinessMode('0')
      expect(cart.cartList).toHaveLength(1)
      cart.setBusinessMode('1')
      expect(cart.cartList).toEqual([])
      expect(cart.temporaryList).toEqual([])
      expect(stored(storage).cartList).toEqual([])
      cart.add(goods(), [line()])
      expect(cart.cartList[0].businessMode).toBe('1')
    })

    it('clears entries of other business modes', () => {
      const { cart } = setup(memoryStorage(), 'E1', '0')
      cart.add(goods({ GoodsID: 'G1' }), [line()])
      // Entries of two modes side by side (an older cart), then keep mode '1' only.
      cart.businessMode = '1'
      cart.add(goods({ GoodsID: 'G2' }), [line()])
      cart.clearOtherModes('1')
      expect(cart.cartList.map((e) => e.goodsDetails.GoodsID)).toEqual(['G2'])
    })
  })

  describe('buy now (the temporary cart straight to confirm)', () => {
    it('orders just the held goods and leaves the cart as it was; placing it empties only the temporary cart', () => {
      const { cart, storage } = setup()
      cart.add(goods({ GoodsID: 'G1' }), [line({ mQua: '2' })])
      expect(cart.buyNow(goods({ GoodsID: 'G2', GoodsName: 'Egg tart' }), line({ mQua: '3' }))).toBe(true)
      expect(cart.checkoutEntries('S1', 'B1').map((e) => [e.goodsDetails.GoodsID, e.lines[0].qua])).toEqual([['G2', '3']])
      expect(cart.cartList.map((e) => [e.goodsDetails.GoodsID, e.lines[0].qua])).toEqual([['G1', '2']])
      // A reload of the confirm page still orders the held goods.
      const reloaded = setup(storage)
      expect(reloaded.cart.checkoutEntries('S1', 'B1').map((e) => e.goodsDetails.GoodsID)).toEqual(['G2'])
      // The order placed: the confirm page clears what it ordered.
      reloaded.cart.clear()
      expect(reloaded.cart.temporaryList).toEqual([])
      expect(reloaded.cart.cartList.map((e) => e.goodsDetails.GoodsID)).toEqual(['G1'])
      expect(reloaded.cart.checkoutEntries('S1', 'B1').map((e) => e.goodsDetails.GoodsID)).toEqual(['G1'])
    })

    it("the cart's checkout orders the cart again; its Clear empties the cart only", () => {
      const { cart } = setup()
      cart.add(goods({ GoodsID: 'G1' }), [line()])
      cart.buyNow(goods({ GoodsID: 'G2' }), line())
      cart.checkoutCart()
      expect(cart.checkoutEntries('S1', 'B1').map((e) => e.goodsDetails.GoodsID)).toEqual(['G1'])
      cart.clear()
      expect(cart.cartList).toEqual([])
      cart.clearCart()
      expect(cart.cartList).toEqual([])
    })

    it('holds nothing and keeps ordering the cart when the goods has no line to buy', () => {
      const { cart, errors } = setup()
      cart.add(goods({ GoodsID: 'G1' }), [line()])
      expect(cart.buyNow(goods({ GoodsID: 'G2' }), line({ mQua: '0' }))).toBe(false)
      expect(errors).toHaveLength(1)
      expect(cart.checkoutEntries('S1', 'B1').map((e) => e.goodsDetails.GoodsID)).toEqual(['G1'])
    })
  })

  describe('removing an item', () => {
    it('removes one line by its uid and the entry with its last line', () => {
      const { cart, storage } = setup()
      cart.add(goods({ GoodsID: 'G1' }), [line(), line({ remarkList: [{ name: 'Ice', option: 'Less' }] })])
      const [first, second] = cart.cartList[0].lines
      cart.removeLine(first.uid)
      expect(cart.cartList[0].lines.map((l) => l.uid)).toEqual([second.uid])
      cart.removeLine(second.uid)
      expect(cart.cartList).toEqual([])
      expect(stored(storage).cartList).toEqual([])
    })
  })

  describe('names in the language on screen', () => {
    const zhLine = (): CartLineInput =>
      line({
        sku: { SkuID: 'K1', SkuCode: 'K1', SkuItems: 'v1', SkuName: '大杯' },
        PUnit: '盒', PCode: 'P6', Ref: '6', PSalesPrice: '50', PUnitPrice: '60', pQua: '1', mQua: '0',
        remarkList: [{ name: '甜度', option: '少甜', group: 0, index: 1 }],
        bomList: [{ BOMClassID: 'C1', GoodsID: 'G9', GoodsName: '蛋撻', BOMQua: '1', BOMGoodsPUnit: '個', Price: '0' }],
        attachmentList: [{ OptionID: 'O1', Value: '加蛋', Value2: '3', Value3: '3' }]
      })
    const en = {
      GoodsName: 'Pineapple bun',
      Unit: 'piece',
      skus: { K1: 'Large' },
      packs: { P6: 'Box of 6' },
      remarks: [{ name: 'Sweetness', options: ['Normal', 'Less sweet'] }],
      bom: { 'C1|G9': { GoodsName: 'Egg tart', BOMGoodsPUnit: 'piece' } },
      addOns: { O1: 'Extra egg' }
    }

    it('renames every name of a line by its ids, keeping quantities, prices and the persisted cart', () => {
      const { cart, storage } = setup()
      cart.add(goods({ GoodsName: '菠蘿油', Unit: '個' }), [zhLine()])
      cart.relabel({ GoodsID: 'G1', ShopID: 'S1', BaseID: 'B1' }, en)
      const e = cart.cartList[0]
      expect(e.goodsDetails).toMatchObject({ GoodsName: 'Pineapple bun', Unit: 'piece' })
      expect(e.lines[0]).toMatchObject({
        sku: { SkuID: 'K1', SkuName: 'Large' },
        PUnit: 'Box of 6',
        pQua: '1',
        PSalesPrice: '50',
        remarkList: [{ name: 'Sweetness', option: 'Less sweet', group: 0, index: 1 }],
        bomList: [{ GoodsID: 'G9', GoodsName: 'Egg tart', BOMGoodsPUnit: 'piece' }],
        attachmentList: [{ OptionID: 'O1', Value: 'Extra egg', Value3: '3' }]
      })
      expect(setup(storage).cart.cartList[0].goodsDetails.GoodsName).toBe('Pineapple bun')
      // The same choice added again in English merges into the renamed line.
      cart.add(goods(), [{ ...zhLine(), remarkList: [{ name: 'Sweetness', option: 'Less sweet', group: 0, index: 1 }] }])
      expect(cart.cartList[0].lines).toHaveLength(1)
      expect(cart.cartList[0].lines[0].pQua).toBe('2')
    })

    it("renames a combo pick's own choices by their place among its goods' groups (issue 27 item 21)", () => {
      const { cart } = setup()
      const pick = { BOMClassID: 'C1', GoodsID: 'G9', GoodsName: '咖喱魚蛋', BOMQua: '1', BOMGoodsPUnit: '串', Price: '0', remarkList: [{ name: '辣度', option: '大辣', group: 0, index: 2 }] }
      cart.add(goods(), [line({ bomList: [pick] })])
      cart.relabel(
        { GoodsID: 'G1', ShopID: 'S1', BaseID: 'B1' },
        { ...en, bom: { 'C1|G9': { GoodsName: 'Curry fish balls', BOMGoodsPUnit: 'skewer' } }, bomRemarks: { 'C1|G9': [{ name: 'Spice', options: ['None', 'Mild', 'Hot'] }] } }
      )
      expect(cart.cartList[0].lines[0].bomList[0]).toMatchObject({ GoodsName: 'Curry fish balls', remarkList: [{ name: 'Spice', option: 'Hot', group: 0, index: 2 }] })
      // Without the pick's groups the choice keeps its name.
      cart.relabel({ GoodsID: 'G1', ShopID: 'S1', BaseID: 'B1' }, { ...en, bom: {} })
      expect(cart.cartList[0].lines[0].bomList[0].remarkList).toEqual([{ name: 'Spice', option: 'Hot', group: 0, index: 2 }])
    })

    it('loads a cart stored before remarks kept their place, and keeps what it cannot rename', () => {
      const old = line({ remarkList: [{ name: '甜度', option: '少甜' }] })
      const storage = memoryStorage({
        [CART_STORAGE_KEY]: JSON.stringify({
          params: { EntID: 'E1' },
          cartList: [{ goodsDetails: goods({ GoodsName: '菠蘿油' }), businessMode: '0', lines: [{ ...old, uid: 'u1', qua: '1', isPack: false, sku: null }] }],
          temporaryList: [],
          cartVersion: 3
        })
      })
      const { cart } = setup(storage)
      expect(cart.cartList).toHaveLength(1)
      cart.relabel({ GoodsID: 'G1', ShopID: 'S1', BaseID: 'B1' }, en)
      expect(cart.cartList[0].goodsDetails.GoodsName).toBe('Pineapple bun')
      expect(cart.cartList[0].lines[0].remarkList).toEqual([{ name: '甜度', option: '少甜' }])
    })
  })

  describe('views', () => {
    it('counts items per shop and branch, a pack counting as one', () => {
      const { cart } = setup()
      cart.add(goods({ GoodsID: 'G1' }), [line({ mQua: '2' }), packLine({ pQua: '2', mQua: '3' })])
      cart.add(goods({ GoodsID: 'G2' }), [line({ mQua: '1.5' })])
      cart.add(goods({ GoodsID: 'G3', BaseID: 'B2' }), [line({ mQua: '4' })])
      expect(cart.count('S1', 'B1')).toBe('8.5')
      expect(cart.count('S1', 'B2')).toBe('4')
      expect(cart.count('S9', 'B1')).toBe('0')
      expect(cart.goodsQuantity('G1', 'S1', 'B1')).toBe('7')
      expect(cart.goodsQuantity('G3', 'S1', 'B1')).toBe('0')
      expect(cart.entriesFor('S1', 'B2').map((e) => e.goodsDetails.GoodsID)).toEqual(['G3'])
      expect(cart.isEmpty('S1', 'B1')).toBe(false)
      expect(cart.isEmpty('S1', 'B3')).toBe(true)
    })

    it('totals the line amounts exactly', () => {
      const { cart } = setup()
      cart.add(goods({ GoodsID: 'G1' }), [line({ SalesPrice: '0.1', mQua: '3' })])
      cart.add(goods({ GoodsID: 'G2' }), [
        packLine({ PSalesPrice: '50', SalesPrice: '9', pQua: '2', mQua: '1', attachmentList: [{ OptionID: 'A', Value: 'x', Value2: '1', Value3: '0.2' }] })
      ])
      // 0.3 + 2 × 50.2 + 1 × 9.2
      expect(cart.total('S1', 'B1')).toBe('109.9')
      expect(cart.total('S2', 'B1')).toBe('0')
    })

    it('lets observers follow the views', () => {
      const { cart } = setup()
      const seen: string[] = []
      const stop = autorun(() => void seen.push(cart.count('S1', 'B1')))
      cart.add(goods(), [line()])
      cart.increaseLine(cart.cartList[0].lines[0].uid)
      stop()
      expect(seen).toEqual(['0', '1', '2'])
    })
  })
})
