/**
 * A host's own cashier (docs/hosts.md "Payment per host"): the chat-app's requestPayment or
 * JSAPI bridge, the payment app's tradePay. What it reports is the host's word only: the app
 * then asks the server what happened to the payment.
 */
import type { HostPayOutcome, PayChannel, PayInvocationRow } from '../gateway/pay-invocation'

export type { HostPayOutcome }

export interface HostCashier {
  /** The PayChannel to ask PaySubmit / RechargeSubmit for. */
  readonly channel: Exclude<PayChannel, 'hosted'>
  /**
   * Opens the cashier with PaySubmit's table2 row; never throws. `payUrl` is the payment's page
   * (PayUrl): AlipayHK through Antom gives the mini-program's tradePay a paymentUrl, not a trade number.
   */
  pay(invocation: PayInvocationRow, payUrl?: string): Promise<HostPayOutcome>
}

/**
 * The payment app's tradePay resultCode: 9000 paid, 8000 being processed and 6004 unknown (the
 * server will know), 6001 the payer left the cashier; anything else (4000, 6002 network) failed.
 */
export function tradePayOutcome(resultCode: unknown): HostPayOutcome {
  const code = String(resultCode ?? '')
  if (code === '9000' || code === '8000' || code === '6004') return 'done'
  return code === '6001' ? 'cancelled' : 'failed'
}
