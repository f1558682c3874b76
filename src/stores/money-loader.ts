/**
 * Where the Formatter gets core/money (and decimal.js-light) for a value that needs rounding.
 * Mini-program packages and the tests carry it; the H5 build fetches it the first time such a
 * value shows (money-loader.h5.ts, picked by Taro's per-host file convention): Home's prices
 * need no rounding, so the first screen goes without it.
 */
import * as money from '../core/money'

export type MoneyModule = typeof money

export function moneyAtHand(): MoneyModule | null {
  return money
}

export function loadMoney(): Promise<MoneyModule> {
  return Promise.resolve(money)
}
