/** H5: core/money is a script of its own, fetched when a value first needs rounding (or with the cart). */
export type MoneyModule = typeof import('../core/money')

export function moneyAtHand(): MoneyModule | null {
  return null
}

export function loadMoney(): Promise<MoneyModule> {
  return import('../core/money')
}
