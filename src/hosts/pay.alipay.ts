/**
 * Payment-app mini-program cashier: my.tradePay with PaySubmit's trade number, or, where the
 * provider gives none (AlipayHK through Antom, docs/alipayhk.md), with the payment's page as its
 * paymentUrl.
 */
import type { HostCashier } from './cashier'
import { tradePayOutcome } from './cashier'

export const alipayCashier: HostCashier = {
  channel: 'alipay-mini',
  pay: (i, payUrl) =>
    new Promise((resolve) => {
      if (!i.TradeNO && !payUrl) return resolve('failed')
      try {
        my.tradePay({
          ...(i.TradeNO ? { tradeNO: i.TradeNO } : { paymentUrl: payUrl }),
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
  tradePay(options: { tradeNO?: string; paymentUrl?: string; success(r: { resultCode?: string }): void; fail(r: { resultCode?: string }): void }): void
}
