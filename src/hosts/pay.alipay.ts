/** Payment-app mini-program cashier: my.tradePay with PaySubmit's trade number. */
import type { HostCashier } from './cashier'
import { tradePayOutcome } from './cashier'

export const alipayCashier: HostCashier = {
  channel: 'alipay-mini',
  pay: (i) =>
    new Promise((resolve) => {
      try {
        my.tradePay({
          tradeNO: i.TradeNO,
          success: (r) => resolve(tradePayOutcome(r?.resultCode)),
          fail: (r) => resolve(tradePayOutcome(r?.resultCode))
        })
      } catch {
        resolve('failed')
      }
    })
}

/** The payment app's global (alipay builds only). */
declare const my: {
  tradePay(options: { tradeNO: string; success(r: { resultCode?: string }): void; fail(r: { resultCode?: string }): void }): void
}
