import { Formatter } from '../../src/stores/formatter'
import * as money from '../../src/core/money'
import { Decimal, formatMoney, formatNumber } from '../../src/core/money'
import { formatPlain, withSymbol } from '../../src/core/plain-number'

function formatter(params: Record<string, string> = {}, symbol = 'MOP$') {
  return new Formatter(
    () => params,
    () => symbol
  )
}

describe('formatter (spec §5 number formatting)', () => {
  describe('price', () => {
    it('shows unit prices with the currency as amounts show them: no "MOP$9.5" beside "MOP$9.50" (issue 27 item 19)', () => {
      const f = formatter({ PricePoint: '2', AmoPoint: '2' })
      expect(f.price('38')).toBe('MOP$38.00')
      expect(f.price('38.00')).toBe('MOP$38.00')
      expect(f.price('9.5')).toBe(f.amount('9.5'))
      expect(f.price('12.50')).toBe('MOP$12.50')
      expect(f.price('12.05')).toBe('MOP$12.05')
      expect(f.price('100')).toBe('MOP$100.00')
      expect(f.price('1234.5')).toBe('MOP$1,234.50')
    })

    it('shows a price with more places than amounts only where it has them', () => {
      const f = formatter({ PricePoint: '3', AmoPoint: '2' })
      expect(f.price('12.345')).toBe('MOP$12.345')
      expect(f.price('12.340')).toBe('MOP$12.34')
      expect(f.price('12')).toBe('MOP$12.00')
      expect(formatter({ PricePoint: '0', AmoPoint: '2' }).price('12')).toBe('MOP$12')
    })

    it('rounds half-up at PricePoint', () => {
      expect(formatter({ PricePoint: '2' }).price('12.345')).toBe('MOP$12.35')
      expect(formatter({ PricePoint: '2' }).price('1.005')).toBe('MOP$1.01')
      expect(formatter({ PricePoint: '1', AmoPoint: '1' }).price('12.349')).toBe('MOP$12.3')
      expect(formatter({ PricePoint: '3' }).price('12.3456')).toBe('MOP$12.346')
      expect(formatter({ PricePoint: '0' }).price('12.5')).toBe('MOP$13')
    })

    it('takes decimal values and exact sums', () => {
      const f = formatter()
      expect(f.price(new Decimal('12.10').plus('0.20'))).toBe('MOP$12.30')
    })
  })

  describe('amount', () => {
    it('shows amounts at AmoPoint with fixed decimals and thousands separators', () => {
      const f = formatter({ AmoPoint: '2', PricePoint: '2' })
      expect(f.amount('1234.5')).toBe('MOP$1,234.50')
      expect(f.amount('38')).toBe('MOP$38.00')
      expect(f.amount('1234567.891')).toBe('MOP$1,234,567.89')
      expect(f.amount('2.675')).toBe('MOP$2.68')
      expect(formatter({ AmoPoint: '1' }).amount('1234.55')).toBe('MOP$1,234.6')
      expect(formatter({ AmoPoint: '0' }).amount('1234.5')).toBe('MOP$1,235')
      expect(formatter({ AmoPoint: '3' }).amount('1')).toBe('MOP$1.000')
    })

    it('keeps AmoPoint and PricePoint apart', () => {
      const f = formatter({ AmoPoint: '1', PricePoint: '3' })
      expect(f.amount('12.345')).toBe('MOP$12.3')
      expect(f.price('12.345')).toBe('MOP$12.345')
    })

    it('marks negative amounts before the currency with the minus sign, as every deduction (issue 27 item 19)', () => {
      const f = formatter()
      expect(f.amount('-3')).toBe('\u2212MOP$3.00')
      expect(f.amount('-1234.5')).toBe('\u2212MOP$1,234.50')
      // Half-up away from zero.
      expect(f.amount('-2.345')).toBe('\u2212MOP$2.35')
      expect(f.price('-12.50')).toBe('\u2212MOP$12.50')
      // Nothing left after rounding is not negative.
      expect(f.amount('-0.001')).toBe('MOP$0.00')
    })

    it('shows missing or malformed values as zero', () => {
      const f = formatter()
      expect(f.amount(null)).toBe('MOP$0.00')
      expect(f.amount(undefined)).toBe('MOP$0.00')
      expect(f.amount('')).toBe('MOP$0.00')
      expect(f.amount('abc')).toBe('MOP$0.00')
      expect(f.price(null)).toBe('MOP$0.00')
    })
  })

  describe('enterprise settings', () => {
    it('uses AmoPoint 2 and PricePoint 2 when the params are missing or bad', () => {
      const none = formatter({})
      expect(none.points).toMatchObject({ AmoPoint: 2, PricePoint: 2, QuaPoint: 0 })
      expect(none.amount('5')).toBe('MOP$5.00')
      expect(none.price('5.129')).toBe('MOP$5.13')

      const bad = formatter({ AmoPoint: 'two', PricePoint: '-1', QuaPoint: '' })
      expect(bad.amount('5')).toBe('MOP$5.00')
      expect(bad.price('5.129')).toBe('MOP$5.13')
    })

    it('follows the params and the currency as they arrive', () => {
      let params: Record<string, string> = {}
      let symbol = '¥'
      const f = new Formatter(
        () => params,
        () => symbol
      )
      expect(f.amount('5')).toBe('¥5.00')
      params = { AmoPoint: '1' }
      symbol = 'MOP$'
      expect(f.amount('5')).toBe('MOP$5.0')
    })
  })

  describe('quantity', () => {
    it('shows weights with their decimals and whole counts without', () => {
      const f = formatter({ QuaPoint: '0' })
      expect(f.quantity('0.5')).toBe('0.5')
      expect(f.quantity('1.50')).toBe('1.5')
      expect(f.quantity('2')).toBe('2')
      expect(f.quantity('1234')).toBe('1,234')
      expect(f.quantity(null)).toBe('0')
    })
  })

  describe('without decimal.js-light at hand (the H5 first screen)', () => {
    const values = [
      '0', '-0', '0.0', '-0.00', '7', '007', '38', '38.0', '38.00', '38.000', '12.5', '12.50', '12.05', '12.345', '1.005',
      '1234', '1234.5', '1234567.891', '-3', '-1234.5', '-2.345', '-0.001', '0.5', '999999999999.99', '100', '1000000',
      '12.3456', '5.129', '2.675', '', ' 12', '12.', '.5', '+3', '1e3', 'abc', '1,234', '12.5.1', '0x10'
    ]
    const inputs: (string | number | null | undefined)[] = [...values, null, undefined, 0, 58, 12.5, -3, 0.1 + 0.2, 1e21, NaN, -0]
    const options = [{}, { trimZeros: true }, { thousands: false }, { trimZeros: true, thousands: false }]

    it('writes every value that needs no rounding exactly as core/money does, and leaves the rest to it', () => {
      for (const decimals of [0, 1, 2, 3, 4, 8])
        for (const o of options)
          for (const v of inputs) {
            const plain = formatPlain(v, decimals, o)
            if (plain !== null) expect([v, decimals, o, plain]).toEqual([v, decimals, o, formatNumber(v, decimals, o)])
          }
      expect(formatPlain('38.00', 2, { trimZeros: true })).toBe('38')
      expect(formatPlain('1234.5', 2)).toBe('1,234.50')
      expect(formatPlain('12.345', 2)).toBeNull()
      expect(formatPlain(new Decimal('1'), 2)).toBeNull()
      expect(withSymbol(formatPlain('-3', 2)!, 'MOP$')).toBe(formatMoney('-3', 2, 'MOP$'))
    })

    it("shows gateway prices at once, and a value to round once core/money has arrived", async () => {
      let arrive: (m: typeof money) => void = () => undefined
      const f = new Formatter(
        () => ({ PricePoint: '2', AmoPoint: '2' }),
        () => 'MOP$',
        { moneyAtHand: () => null, loadMoney: () => new Promise((resolve) => (arrive = resolve)) }
      )
      expect([f.price('58.00'), f.amount('1234.5'), f.quantity('1.50')]).toEqual(['MOP$58.00', 'MOP$1,234.50', '1.5'])
      expect(f.price('12.345')).toBe('')
      arrive(money)
      await new Promise((resolve) => setTimeout(resolve, 0))
      expect([f.price('12.345'), f.amount(new Decimal('2.675'))]).toEqual(['MOP$12.35', 'MOP$2.68'])
    })
  })
})
