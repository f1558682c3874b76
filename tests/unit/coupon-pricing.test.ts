import { priceCoupon, type CouponOrder, type CouponTerms } from '../../src/core/coupon-pricing'

const points = { AmoPoint: 2, DiscountPoint: 0 }

const cash = (amount: string, minSpend = '0', scope: Partial<CouponTerms> = {}): CouponTerms => ({
  kind: 'cash',
  amount,
  percent: '',
  minSpend,
  maxOff: '0',
  shopIds: [],
  baseIds: [],
  serviceTypes: [],
  goodsIds: [],
  classIds: [],
  ...scope
})

const discount = (percent: string, scope: Partial<CouponTerms> = {}): CouponTerms => ({ ...cash('', '0', scope), kind: 'discount', percent })

const order = (amounts: Array<[string, string, string]>, extra: Partial<CouponOrder> = {}): CouponOrder => ({
  shopId: 'S101',
  baseId: 'B201',
  serviceType: 'takeaway',
  lines: amounts.map(([goodsId, classId, amount]) => ({ goodsId, classIds: [classId], amount })),
  ...extra
})

describe('coupon pricing (issue 15)', () => {
  it('takes a cash voucher off once the spend reaches its minimum, and refuses below it naming the minimum', () => {
    expect(priceCoupon(cash('10', '50'), order([['soup', 'C1', '44'], ['tea', 'C2', '18']]), points)).toEqual({ applies: true, eligible: '62.00', off: '10.00' })
    expect(priceCoupon(cash('10', '50'), order([['soup', 'C1', '44']]), points)).toEqual({ applies: false, eligible: '44.00', reason: 'min-spend', needed: '50.00' })
    // Exactly the minimum is enough.
    expect(priceCoupon(cash('10', '50'), order([['soup', 'C1', '50']]), points)).toMatchObject({ applies: true, off: '10.00' })
  })

  it('never takes more than the spend: a voucher worth more than the order is refused (the consumption amount rule)', () => {
    expect(priceCoupon(cash('30'), order([['soup', 'C1', '22']]), points)).toEqual({ applies: false, eligible: '22.00', reason: 'min-spend', needed: '30.00' })
    // The larger of the minimum and the value is what the spend must reach.
    expect(priceCoupon(cash('30', '25'), order([['soup', 'C1', '26']]), points)).toMatchObject({ applies: false, reason: 'min-spend', needed: '30.00' })
    expect(priceCoupon(cash('22'), order([['soup', 'C1', '22']]), points)).toMatchObject({ applies: true, off: '22.00' })
  })

  it('counts only the lines of the goods or classes the plan names', () => {
    const drinks = cash('5', '10', { classIds: ['DRINKS'] })
    // 44 of soup does not count towards the drinks' minimum.
    expect(priceCoupon(drinks, order([['soup', 'FOOD', '44'], ['tea', 'DRINKS', '9']]), points)).toMatchObject({ applies: false, reason: 'min-spend', eligible: '9.00' })
    expect(priceCoupon(drinks, order([['soup', 'FOOD', '44'], ['tea', 'DRINKS', '18']]), points)).toMatchObject({ applies: true, off: '5.00', eligible: '18.00' })
    expect(priceCoupon(drinks, order([['soup', 'FOOD', '44']]), points)).toMatchObject({ applies: false, reason: 'goods' })
    // Goods or classes: either one makes the line eligible.
    const either = cash('5', '0', { classIds: ['DRINKS'], goodsIds: ['soup'] })
    expect(priceCoupon(either, order([['soup', 'FOOD', '44'], ['tea', 'DRINKS', '18'], ['rice', 'FOOD', '10']]), points)).toMatchObject({ eligible: '62.00' })
  })

  it('refuses another shop, branch or service style', () => {
    expect(priceCoupon(cash('5', '0', { shopIds: ['S102'] }), order([['soup', 'C1', '44']]), points)).toMatchObject({ applies: false, reason: 'shop' })
    expect(priceCoupon(cash('5', '0', { baseIds: ['B202'] }), order([['soup', 'C1', '44']]), points)).toMatchObject({ applies: false, reason: 'branch' })
    expect(priceCoupon(cash('5', '0', { serviceTypes: ['dinein', 'delivery'] }), order([['soup', 'C1', '44']]), points)).toMatchObject({ applies: false, reason: 'service-type' })
    expect(priceCoupon(cash('5', '0', { shopIds: ['S101'], baseIds: ['B201'], serviceTypes: ['takeaway'] }), order([['soup', 'C1', '44']]), points)).toMatchObject({ applies: true })
  })

  it('rounds a discount half-up at DiscountPoint, exactly (no floating point)', () => {
    // 15 % of 44.30 = 6.645: whole units at DiscountPoint 0, 6.65 at 2 (half-up), 6.6 at 1.
    const lines = order([['soup', 'C1', '44.3']])
    expect(priceCoupon(discount('15'), lines, points)).toEqual({ applies: true, eligible: '44.30', off: '7.00' })
    expect(priceCoupon(discount('15'), lines, { AmoPoint: 2, DiscountPoint: 2 })).toMatchObject({ off: '6.65' })
    expect(priceCoupon(discount('15'), lines, { AmoPoint: 2, DiscountPoint: 1 })).toMatchObject({ off: '6.60' })
    // Never finer than AmoPoint: 12.5 % of 0.10 = 0.0125 at DiscountPoint 4 is 0.01.
    expect(priceCoupon(discount('12.5'), order([['tea', 'C2', '0.1']]), { AmoPoint: 2, DiscountPoint: 4 })).toMatchObject({ off: '0.01' })
    // The famous floating-point case: 10 % of 1.05 = 0.105 → 0.11 at two places.
    expect(priceCoupon(discount('10'), order([['tea', 'C2', '1.05']]), { AmoPoint: 2, DiscountPoint: 2 })).toMatchObject({ off: '0.11' })
  })

  it('takes a discount only off the eligible lines, and never more than them', () => {
    const drinks = discount('20', { classIds: ['DRINKS'] })
    expect(priceCoupon(drinks, order([['soup', 'FOOD', '44'], ['tea', 'DRINKS', '18']]), { AmoPoint: 2, DiscountPoint: 2 })).toMatchObject({ off: '3.60', eligible: '18.00' })
    expect(priceCoupon(discount('100'), order([['tea', 'C2', '18']]), points)).toMatchObject({ off: '18.00' })
    expect(priceCoupon(discount('150'), order([['tea', 'C2', '18']]), points)).toMatchObject({ off: '18.00' })
    // A capped discount: 50 % of 62 is 31, the plan caps it at 20.
    expect(priceCoupon({ ...discount('50'), maxOff: '20' }, order([['soup', 'FOOD', '44'], ['tea', 'DRINKS', '18']]), points)).toMatchObject({ off: '20.00' })
    // A discount's own minimum spend.
    expect(priceCoupon({ ...discount('10'), minSpend: '100' }, order([['tea', 'C2', '18']]), points)).toMatchObject({ applies: false, reason: 'min-spend', needed: '100.00' })
  })
})
