import {
  decimalPlaces,
  decimalPoints,
  decimalString,
  formatMoney,
  formatNumber,
  plainDecimal,
  roundHalfUp,
  sumDecimals,
  toDecimal
} from '../../src/core/money'

describe('money and number formatting (spec §5)', () => {
  it('rounds half-up with the fix floating point gets wrong: 1.005 → 1.01, 2.345 → 2.35, -2.345 → -2.35', () => {
    expect(roundHalfUp('1.005', 2).toFixed(2)).toBe('1.01')
    expect(roundHalfUp(1.005, 2).toFixed(2)).toBe('1.01')
    expect(roundHalfUp('2.345', 2).toFixed(2)).toBe('2.35')
    expect(roundHalfUp('-2.345', 2).toFixed(2)).toBe('-2.35')
    expect(roundHalfUp('2.344', 2).toFixed(2)).toBe('2.34')
    expect(roundHalfUp('0.5', 0).toFixed(0)).toBe('1')
    expect(formatNumber('1.005', 2)).toBe('1.01')
  })

  it('groups the integer part by thousands', () => {
    expect(formatNumber('1234567.891', 2)).toBe('1,234,567.89')
    expect(formatNumber('999', 2)).toBe('999.00')
    expect(formatNumber('1000', 0)).toBe('1,000')
    expect(formatNumber('1234567.891', 2, { thousands: false })).toBe('1234567.89')
  })

  it('marks negatives with a leading minus, before the currency symbol', () => {
    expect(formatNumber('-1234.5', 2)).toBe('-1,234.50')
    expect(formatMoney('-3', 2, 'MOP$')).toBe('-MOP$3.00')
    expect(formatMoney('1234.5', 2, '￥')).toBe('￥1,234.50')
  })

  it('never shows -0', () => {
    expect(formatNumber('-0.001', 2)).toBe('0.00')
    expect(formatNumber('-0', 0)).toBe('0')
    expect(formatMoney('-0.004', 2, '￥')).toBe('￥0.00')
    expect(plainDecimal('-0')).toBe('0')
  })

  it('trims trailing zeros on request', () => {
    expect(formatNumber('12.50', 2, { trimZeros: true })).toBe('12.5')
    expect(formatNumber('12.00', 2, { trimZeros: true })).toBe('12')
    expect(formatNumber('1200', 2, { trimZeros: true })).toBe('1,200')
    expect(formatNumber('12.50', 2)).toBe('12.50')
  })

  it('takes decimals from AmoPoint / PricePoint / QuaPoint with defaults 2 / 2 / 0', () => {
    expect(decimalPoints({})).toEqual({ AmoPoint: 2, PricePoint: 2, QuaPoint: 0, DiscountPoint: 0, PQuaPoint: 0 })
    expect(decimalPoints({ AmoPoint: '1', PricePoint: '3', QuaPoint: '2', PQuaPoint: '1' })).toMatchObject({
      AmoPoint: 1,
      PricePoint: 3,
      QuaPoint: 2,
      PQuaPoint: 1
    })
    // A bad value falls back per field.
    expect(decimalPoints({ AmoPoint: 'x', PricePoint: '', QuaPoint: '-1' })).toMatchObject({ AmoPoint: 2, PricePoint: 2, QuaPoint: 0 })
    const points = decimalPoints({ AmoPoint: '1' })
    expect(formatNumber('12.35', points.AmoPoint)).toBe('12.4')
    expect(formatNumber('2.5', points.QuaPoint)).toBe('3')
  })

  it('reads empty or malformed values as 0 and never throws', () => {
    expect(toDecimal('').toFixed()).toBe('0')
    expect(toDecimal('abc').toFixed()).toBe('0')
    expect(toDecimal(null).toFixed()).toBe('0')
    expect(toDecimal(Infinity).toFixed()).toBe('0')
    expect(formatNumber(undefined, 2)).toBe('0.00')
  })

  it('writes plain decimal strings, counts decimals and sums exactly', () => {
    expect(decimalString('12.345', 2)).toBe('12.35')
    expect(plainDecimal('02.50')).toBe('2.5')
    expect(decimalPlaces('0.5')).toBe(1)
    expect(decimalPlaces('1.50')).toBe(1)
    expect(decimalPlaces('2')).toBe(0)
    expect(decimalPlaces('bad')).toBe(0)
    expect(sumDecimals(['0.1', '0.2', '', 'x']).toFixed()).toBe('0.3')
  })
})
