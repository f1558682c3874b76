/**
 * issue 17: after — which actions a paid order offers, and reordering into the cart through the
 * compose glue with the real cart and orders stores (scripted gateway, fake host).
 */
import { afterOrderActions, otherPlace, reorderPlan } from '../../src/core/reorder'
import { reorderIntoCart } from '../../src/compose/reorder'
import { CartStore } from '../../src/features/cart/cart.store'
import { OrdersStore } from '../../src/features/orders/orders.store'
import type { ReorderLineRow } from '../../src/gateway/after-rows'
import type { MessageKey } from '../../src/i18n/catalogues'
import { translate } from '../../src/i18n/translate'
import { fakeGateway, lineRow, networkDown, orderRow, paymentRow } from './support/orders-fakes'
import { ConfirmCancelled } from '../../src/hosts/confirm-signal'

const paid = orderRow('O1', { Status: 1, PaidAmount: '64.00', CanPay: 0, CanCancel: 0, PickupNo: '7' })

describe('afterOrderActions', () => {
  const lines = [lineRow('O1', 1), lineRow('O1', 2)]
  it('a paid, ready or completed prepay order offers review, after-sale, reorder and the receipt', () => {
    for (const Status of [1, 2, 5] as const) {
      expect(afterOrderActions({ order: { ...paid, Status }, lines, payments: [paymentRow('P1', 'O1', { Status: 1 })] })).toEqual({
        review: true,
        afterSale: true,
        reorder: true,
        receipt: true
      })
    }
  })
  it('unpaid, cancelled and expired orders and table rounds offer nothing', () => {
    for (const Status of [0, 3, 4] as const) {
      expect(afterOrderActions({ order: { ...paid, Status }, lines, payments: [] })).toEqual({ review: false, afterSale: false, reorder: false, receipt: false })
    }
    expect(afterOrderActions({ order: { ...paid, PayMode: 'postpay' }, lines, payments: [] }).receipt).toBe(false)
  })
  it('no after-sale once everything paid was refunded; no review or reorder with only a coupon line', () => {
    const refunded = afterOrderActions({ order: { ...paid, RefundedAmount: '64.00' }, lines, payments: [paymentRow('P1', 'O1', { Status: 4, Amount: '64.00' })] })
    expect(refunded).toMatchObject({ afterSale: false, review: true, reorder: true, receipt: true })
    const couponOnly = afterOrderActions({ order: paid, lines: [lineRow('O1', 1, { SaleType: 5, GoodsID: '' })], payments: [] })
    expect(couponOnly).toMatchObject({ review: false, reorder: false, afterSale: true, receipt: true })
  })
  it('issue 17: refunds — after-sale while paid less the order\'s RefundedAmount is above 0, whatever state the payments are in', () => {
    // 20 of 64 back through after-sale: the payment is still paid; 44 are left to ask about.
    const partly = { ...paid, RefundedAmount: '20.00' }
    expect(afterOrderActions({ order: partly, lines, payments: [paymentRow('P1', 'O1', { Status: 1, Amount: '64.00' })] }).afterSale).toBe(true)
    // All 64 given back (the server's sum) while the payment row on hand still reads paid: nothing left to ask for.
    const whole = { ...paid, RefundedAmount: '64.00' }
    expect(afterOrderActions({ order: whole, lines, payments: [paymentRow('P1', 'O1', { Status: 1, Amount: '64.00' })] }).afterSale).toBe(false)
    expect(afterOrderActions({ order: { ...paid, RefundedAmount: '63.99' }, lines, payments: [] }).afterSale).toBe(true)
    // An answer without the field (older server): the refunded payments count.
    const { RefundedAmount: _omit, ...older } = paid
    expect(afterOrderActions({ order: older, lines, payments: [paymentRow('P1', 'O1', { Status: 4, Amount: '64.00' })] }).afterSale).toBe(false)
  })
})

const available = (LineNo: number, name: string, BaseID = 'B202'): ReorderLineRow => ({
  LineNo,
  GoodsID: `S101.g.${LineNo}`,
  GoodsName: name,
  Qua: 2,
  Price: '32',
  Unavailable: '',
  Amount: '64',
  Cart: {
    goods: { GoodsID: `S101.g.${LineNo}`, ShopID: 'S101', BaseID, Ref: '', GoodsName: name, GoodsType: 0, Unit: 'bowl', ImageUrl: '', StepQua: '1' },
    line: {
      sku: null,
      Ref: '1',
      PSalesPrice: '0',
      SalesPrice: '32',
      PUnitPrice: '0',
      Price: '32',
      PUnit: '',
      PCode: '',
      mQua: '2',
      pQua: '0',
      remarkList: [{ name: 'Spice', option: 'Mild' }],
      bomList: [],
      attachmentList: []
    }
  }
})
const gone = (LineNo: number, name: string, Unavailable: ReorderLineRow['Unavailable']): ReorderLineRow => ({
  LineNo,
  GoodsID: `S101.g.${LineNo}`,
  GoodsName: name,
  Qua: 1,
  Price: '',
  Unavailable,
  Amount: '',
  Cart: null
})

describe('reorderPlan', () => {
  it('puts back the available lines in line order and names the others with why', () => {
    const plan = reorderPlan([gone(3, 'Egg Tart', 'stock'), available(1, 'Noodles'), gone(2, 'Set', 'off-sale')])
    expect(plan.adds.map((a) => a.goods.GoodsName)).toEqual(['Noodles'])
    expect(plan.missing).toEqual([
      { name: 'Set', reason: 'off-sale' },
      { name: 'Egg Tart', reason: 'stock' }
    ])
  })
  it('otherPlace compares shop and branch', () => {
    expect(otherPlace({ ShopID: 'S101', BaseID: 'B202' }, { ShopID: 'S101', BaseID: 'B202' })).toBe(false)
    expect(otherPlace({ ShopID: 'S101', BaseID: 'B201' }, { ShopID: 'S101', BaseID: 'B202' })).toBe(true)
  })
})

function memoryStorage() {
  const data = new Map<string, string>()
  return { get: (k: string) => data.get(k) ?? null, set: (k: string, v: string) => void data.set(k, v), remove: (k: string) => void data.delete(k) }
}

function setup(rows: ReorderLineRow[] | Error, sessionBase = 'B202', locale: 'en' | 'zh-TW' = 'en') {
  const gateway = fakeGateway({ OrderReorderGet: () => (rows instanceof Error ? rows : { table1: rows }) })
  const orders = new OrdersStore(gateway as never)
  const cart = new CartStore(memoryStorage())
  cart.initialise('E1001', '0')
  const session = {
    params: { ShopID: 'S101', BaseID: sessionBase } as never,
    isReady: true,
    payMode: 'prepay' as const,
    initialise: jest.fn(async (q: Record<string, string>) => {
      session.params = { ShopID: 'S101', BaseID: q.BaseID } as never
    })
  }
  const host = {
    confirm: jest.fn(async (_: { content: string; confirm: string; cancel?: string }): Promise<void> => undefined),
    toast: jest.fn(),
    navigateTo: jest.fn()
  }
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params)
  return { gateway, orders, cart, session, host, deps: { orders, cart, session: session as never, host: host as never, t } }
}

describe('reorderIntoCart', () => {
  it('puts every available line into the cart of the order’s branch with its choices and opens the cart', async () => {
    const s = setup([available(1, 'Noodles'), available(2, 'Tea')])
    expect(await reorderIntoCart(s.deps, paid)).toBe('added')
    expect(s.gateway.callsOf('OrderReorderGet')[0].record).toEqual({ SheetID: 'O1' })
    const entries = s.cart.entriesFor('S101', 'B202')
    expect(entries.map((e) => e.goodsDetails.GoodsName).sort()).toEqual(['Noodles', 'Tea'])
    expect(entries[0].lines[0]).toMatchObject({ mQua: '2', qua: '2', remarkList: [{ name: 'Spice', option: 'Mild' }] })
    expect(s.cart.total('S101', 'B202')).toBe('128')
    expect(s.host.toast).toHaveBeenCalledWith("Added to your cart at today's prices")
    expect(s.host.navigateTo).toHaveBeenCalledWith('/pages/prepayCart/prepayCart')
    // Twice: the same choices add up in one line (the cart's identity), not a second line.
    await reorderIntoCart(s.deps, paid)
    expect(s.cart.entriesFor('S101', 'B202').find((e) => e.goodsDetails.GoodsName === 'Tea')!.lines).toHaveLength(1)
    expect(s.cart.count('S101', 'B202')).toBe('8')
  })

  it('names what cannot come back, in the diner’s language, before opening the cart', async () => {
    const s = setup([available(1, 'Noodles'), gone(2, '蛋撻', 'stock'), gone(3, '早餐', 'off-sale')], 'B202', 'zh-TW')
    expect(await reorderIntoCart(s.deps, paid)).toBe('added')
    expect(s.host.confirm).toHaveBeenCalledWith({ content: '已按今天的價錢把 1 項加入購物車。現在無法點：蛋撻（已售罄）、早餐（現在不在售賣時間）', confirm: '去購物車' })
    expect(s.host.navigateTo).toHaveBeenCalled()
  })

  it('nothing available: says so and leaves the cart and the page alone', async () => {
    const s = setup([gone(1, 'Egg Tart', 'not-in-shop')])
    expect(await reorderIntoCart(s.deps, paid)).toBe('none')
    expect(s.host.confirm.mock.calls[0][0].content).toBe('None of this order can be ordered now: Egg Tart (no longer on the menu)')
    expect(s.cart.entriesFor('S101', 'B202')).toHaveLength(0)
    expect(s.host.navigateTo).not.toHaveBeenCalled()
  })

  it('another branch: asks first; declined changes nothing, accepted switches the session and fills that branch’s cart', async () => {
    const declined = setup([available(1, 'Noodles')], 'B201')
    declined.host.confirm.mockRejectedValueOnce(new ConfirmCancelled())
    expect(await reorderIntoCart(declined.deps, paid)).toBe('declined')
    expect(declined.host.confirm.mock.calls[0][0]).toEqual({
      content: 'This order was placed at Fast food branch. Switch there to order it again?',
      confirm: 'Switch',
      cancel: 'Cancel'
    })
    expect(declined.session.initialise).not.toHaveBeenCalled()
    expect(declined.cart.entriesFor('S101', 'B202')).toHaveLength(0)

    const accepted = setup([available(1, 'Noodles')], 'B201')
    expect(await reorderIntoCart(accepted.deps, paid)).toBe('added')
    expect(accepted.session.initialise).toHaveBeenCalledWith({ BaseID: 'B202' })
    expect(accepted.cart.entriesFor('S101', 'B202')).toHaveLength(1)
  })

  it('a failed answer adds nothing and opens nothing', async () => {
    const s = setup(networkDown('OrderReorderGet'))
    expect(await reorderIntoCart(s.deps, paid)).toBe('failed')
    expect(s.orders.reordering).toBe(false)
    expect(s.host.navigateTo).not.toHaveBeenCalled()
  })
})
