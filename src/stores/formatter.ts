/**
 * Numbers as the diner sees them (spec §5): the enterprise's decimals (AmoPoint, PricePoint,
 * QuaPoint …) and currency symbol, rounded half-up with decimal.js-light. One instance on the root
 * store, read by every page and component.
 *
 * A value that needs no rounding (what the gateway sends) is written out directly
 * (src/core/plain-number.ts), the same text core/money gives; core/money itself comes in for a value to
 * round, at once where it is in the package, else fetched (H5, ./money-loader.h5.ts): until it
 * arrives such a value shows as '' and observers show it once it has.
 */
import { observable, runInAction } from 'mobx'
import type { DecimalInput, DecimalPoints, FormatOptions } from '../core/money'
import { moneyAtHand, loadMoney, type MoneyModule } from './money-loader'
import { decimalPoints } from '../core/decimal-points'
import { formatPlain, withSymbol } from '../core/plain-number'

/** The minus sign of amounts on screen ('−MOP$3.00'), never a hyphen. */
export const MINUS = '\u2212'

/** '12.5' with at least 2 decimals → '12.50'; '38' → '38.00'. */
function padDecimals(text: string, min: number): string {
  if (min <= 0) return text
  const [whole, frac = ''] = text.split('.')
  return frac.length >= min ? text : `${whole}.${frac.padEnd(min, '0')}`
}

export interface MoneySource {
  moneyAtHand(): MoneyModule | null
  loadMoney(): Promise<MoneyModule>
}

export class Formatter {
  private readonly money: { get(): MoneyModule | null; set(m: MoneyModule): void }
  private moneyLoading: Promise<void> | null = null

  constructor(
    private readonly params: () => Record<string, string>,
    private readonly symbol: () => string,
    private readonly source: MoneySource = { moneyAtHand, loadMoney }
  ) {
    this.money = observable.box(source.moneyAtHand(), { deep: false })
  }

  get points(): DecimalPoints {
    return decimalPoints(this.params())
  }

  /**
   * A unit price: at PricePoint, trailing zeros trimmed down to the decimals amounts show
   * ('MOP$38.00', 'MOP$9.50', 'MOP$12.345' at PricePoint 3): one money format beside the amounts
   * (issue 27 item 19: no 'MOP$9.5' beside 'MOP$9.50').
   */
  price(value: DecimalInput | null | undefined): string {
    const { PricePoint, AmoPoint } = this.points
    return this.write(value, PricePoint, { trimZeros: true }, true, Math.min(AmoPoint, PricePoint))
  }

  /** An amount to pay: AmoPoint, fixed decimals ('MOP$1,234.50'). */
  amount(value: DecimalInput | null | undefined): string {
    return this.write(value, this.points.AmoPoint, {}, true)
  }

  /**
   * A quantity with trailing zeros trimmed ('2', '1.5'): quantities are already rounded by the
   * cart's quantity rule (QuaPoint, or the step of weight goods), so this only keeps up to three
   * decimals for display.
   */
  quantity(value: DecimalInput | null | undefined, decimals = this.points.QuaPoint): string {
    return this.write(value, Math.max(decimals, 3), { trimZeros: true, thousands: true }, false)
  }

  /** `minDecimals`: zeros trimmed stop there. Money is signed with the minus sign '−' (U+2212), as every deduction on screen. */
  private write(value: DecimalInput | null | undefined, decimals: number, options: FormatOptions, money: boolean, minDecimals = 0): string {
    let text = formatPlain(value, decimals, options)
    if (text === null) {
      const m = this.money.get()
      if (!m) {
        this.fetchMoney()
        return ''
      }
      text = m.formatNumber(value, decimals, options)
    }
    text = padDecimals(text, minDecimals)
    if (!money) return text
    const signed = withSymbol(text, this.symbol())
    return signed.startsWith('-') ? `${MINUS}${signed.slice(1)}` : signed
  }

  private fetchMoney(): void {
    this.moneyLoading ??= this.source.loadMoney().then(
      (m) => runInAction(() => this.money.set(m)),
      () => {
        this.moneyLoading = null
      }
    )
  }
}
