/**
 * Numbers as the diner sees them (spec §5): the enterprise's decimals (AmoPoint, PricePoint,
 * QuaPoint …) and currency symbol, rounded half-up with decimal.js. One instance on the root
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

  /** A quantity: at least QuaPoint decimals, more when the value has them (0.5 kg), zeros trimmed. */
  quantity(value: DecimalInput | null | undefined, decimals = this.points.QuaPoint): string {
    return formatNumber(value, Math.max(decimals, 3), { trimZeros: true, thousands: true })
  }
}
