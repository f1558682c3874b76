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

  /** A unit price: PricePoint, trailing zeros trimmed ('MOP$38', 'MOP$12.5'). */
  price(value: DecimalInput | null | undefined): string {
    return this.write(value, this.points.PricePoint, { trimZeros: true }, true)
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

  private write(value: DecimalInput | null | undefined, decimals: number, options: FormatOptions, money: boolean): string {
    const plain = formatPlain(value, decimals, options)
    if (plain !== null) return money ? withSymbol(plain, this.symbol()) : plain
    const m = this.money.get()
    if (!m) {
      this.fetchMoney()
      return ''
    }
    return money ? m.formatMoney(value, decimals, this.symbol(), options) : m.formatNumber(value, decimals, options)
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
