/**
 * Numbers as the diner sees them (spec §5): the enterprise's decimals (AmoPoint, PricePoint,
 * QuaPoint …) and currency symbol, rounded half-up with decimal.js-light. One instance on the root
 * store, read by every page and component.
 */
import { decimalPoints, formatMoney, formatNumber, type DecimalInput, type DecimalPoints } from '../core/money'

export class Formatter {
  constructor(
    private readonly params: () => Record<string, string>,
    private readonly symbol: () => string
  ) {}

  get points(): DecimalPoints {
    return decimalPoints(this.params())
  }

  /** A unit price: PricePoint, trailing zeros trimmed ('MOP$38', 'MOP$12.5'). */
  price(value: DecimalInput | null | undefined): string {
    return formatMoney(value, this.points.PricePoint, this.symbol(), { trimZeros: true })
  }

  /** An amount to pay: AmoPoint, fixed decimals ('MOP$1,234.50'). */
  amount(value: DecimalInput | null | undefined): string {
    return formatMoney(value, this.points.AmoPoint, this.symbol())
  }

  /**
   * A quantity with trailing zeros trimmed ('2', '1.5'): quantities are already rounded by the
   * cart's quantity rule (QuaPoint, or the step of weight goods), so this only keeps up to three
   * decimals for display.
   */
  quantity(value: DecimalInput | null | undefined, decimals = this.points.QuaPoint): string {
    return formatNumber(value, Math.max(decimals, 3), { trimZeros: true, thousands: true })
  }
}
