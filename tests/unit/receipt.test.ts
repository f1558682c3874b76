/** issue 17: after — the receipt's rows from an order, its lines and its payments. */
import { receiptModel } from '../../src/core/receipt'
import { lineRow, orderRow, paymentRow } from './support/orders-fakes'

const toNumber = (text: string | null) => (text === null ? NaN : Number(text))

describe('receiptModel', () => {
  it('goods lines without the coupon line; bags, delivery fee and coupon only when there are some', () => {
    const order = orderRow('O1', { Status: 2, GoodsAmount: '96', BagQua: 2, BagFee: '2.00', Freight: '8.00', CouponName: '10 off', CouponAmount: '10.00', Amount: '96.00' })
    const lines = [lineRow('O1', 1), lineRow('O1', 2, { GoodsName: 'Tea' }), lineRow('O1', 3, { SaleType: 5, GoodsID: '', GoodsName: '10 off', Amount: '-10' })]
    const model = receiptModel(order, lines, [paymentRow('P1', 'O1', { Status: 1, Amount: '96.00', PaidDate: '2026-11-22 12:02:00' })])
    expect(model.goods.map((l) => l.LineNo)).toEqual([1, 2])
    expect(model.bags).toEqual({ qua: 2, fee: '2.00' })
    expect(model.freight).toBe('8.00')
    expect(model.coupon).toEqual({ name: '10 off', off: '10.00' })
    expect(model.total).toBe('96.00')
    expect(model.paidBy).toEqual([{ provider: 'sandbox', amount: '96.00', date: '2026-11-22 12:02:00' }])
    expect(model.refunds).toEqual([])
    expect(model.refundTotal).toBeNull()

    const plain = receiptModel(orderRow('O2', { Status: 1 }), [lineRow('O2', 1)], [])
    expect([plain.bags, plain.freight, plain.coupon]).toEqual([null, null, null])
  })

  it('pending and declined payments are not how it was paid; refunded ones are paid and refunded', () => {
    const payments = [
      paymentRow('P1', 'O1', { Status: 2, Amount: '64.00' }),
      paymentRow('P2', 'O1', { Status: 0, Amount: '64.00' }),
      paymentRow('P3', 'O1', { Status: 4, Amount: '30.00', Provider: 'balance', PaidDate: '2026-11-22 12:05:00' }),
      paymentRow('P4', 'O1', { Status: 4, Amount: '34.50', PaidDate: '2026-11-22 12:06:00' })
    ]
    const model = receiptModel(orderRow('O1', { Status: 1 }), [lineRow('O1', 1)], payments)
    expect(model.paidBy.map((p) => p.amount)).toEqual(['30.00', '34.50'])
    expect(model.refunds.map((p) => [p.provider, p.amount])).toEqual([
      ['balance', '30.00'],
      ['sandbox', '34.50']
    ])
    expect(model.refundTotal).toBe('64.5')
  })

  it("after-sale refunds are listed with the payments given back and counted in the refund total", () => {
    const payments = [paymentRow('P1', 'O1', { Status: 1, Amount: '64.00', Provider: 'balance' })]
    const model = receiptModel(orderRow('O1', { Status: 2 }), [lineRow('O1', 1)], payments, [
      { amount: '12.50', date: '2026-11-23 10:00:00' },
      { amount: '7', date: '2026-11-24 09:00:00' }
    ])
    expect(model.paidBy.map((p) => p.amount)).toEqual(['64.00'])
    expect(model.refunds).toEqual([
      { provider: 'aftersale', amount: '12.50', date: '2026-11-23 10:00:00' },
      { provider: 'aftersale', amount: '7', date: '2026-11-24 09:00:00' }
    ])
    expect(model.refundTotal).toBe('19.5')
  })

  it('a payment an after-sale refund used up is not listed again: only what a cancel gave back on top', () => {
    // The whole order back through after-sale: the payment is marked refunded by it (the money went back once).
    const whole = receiptModel(orderRow('O1', { Status: 2 }), [lineRow('O1', 1)], [paymentRow('P1', 'O1', { Status: 4, Amount: '54.00' })], [{ amount: '54.00', date: '2026-11-25 10:54:18' }])
    expect(whole.refunds.map((r) => [r.provider, r.amount])).toEqual([['aftersale', '54.00']])
    expect(whole.refundTotal).toBe('54')
    // 20 back through after-sale, then the shop cancelled: the cancel gave back the other 34.
    const rest = receiptModel(orderRow('O1', { Status: 5 }), [lineRow('O1', 1)], [paymentRow('P1', 'O1', { Status: 4, Amount: '54.00' })], [{ amount: '20.00', date: '2026-11-25 10:00:00' }])
    expect(rest.refunds.map((r) => [r.provider, r.amount])).toEqual([
      ['sandbox', '34.00'],
      ['aftersale', '20.00']
    ])
    expect(rest.refundTotal).toBe('54')
  })

  it('issue 17: refunds — without the after-sale requests (a guest), the order\'s RefundedAmount still shows: what the payments do not show is one after-sale row', () => {
    // 20 back through after-sale; the payment is still paid; the requests could not be read.
    const guest = receiptModel(orderRow('O1', { Status: 2, PaidAmount: '54.00', RefundedAmount: '20.00' }), [lineRow('O1', 1)], [paymentRow('P1', 'O1', { Status: 1, Amount: '54.00' })])
    expect(guest.refunds.map((r) => [r.provider, r.amount])).toEqual([['aftersale', '20.00']])
    expect(guest.refundTotal).toBe('20.00')
    // The whole order back through after-sale: the used-up payment is the one row, never twice.
    const whole = receiptModel(orderRow('O1', { Status: 2, PaidAmount: '54.00', RefundedAmount: '54.00' }), [lineRow('O1', 1)], [paymentRow('P1', 'O1', { Status: 4, Amount: '54.00' })])
    expect(whole.refunds.map((r) => [r.provider, r.amount])).toEqual([['sandbox', '54.00']])
    expect(toNumber(whole.refundTotal)).toBe(54)
    // A member's requests read: they are listed, nothing added on top.
    const member = receiptModel(orderRow('O1', { Status: 2, PaidAmount: '54.00', RefundedAmount: '20.00' }), [lineRow('O1', 1)], [paymentRow('P1', 'O1', { Status: 1, Amount: '54.00' })], [
      { amount: '20.00', date: '2026-11-25 10:00:00' }
    ])
    expect(member.refunds).toEqual([{ provider: 'aftersale', amount: '20.00', date: '2026-11-25 10:00:00' }])
    expect(toNumber(member.refundTotal)).toBe(20)
  })
})
