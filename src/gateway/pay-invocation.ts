/**
 * Per-host payment invocation (docs/hosts.md "Payment per host"), shared by the server's PaySubmit /
 * RechargeSubmit and the client's host adapters: which cashier a host can open, and the row the
 * server answers with what that cashier needs.
 */

/**
 * What the client's host can open: 'hosted' the provider's web page (PayUrl); 'wechat-mini' the
 * chat-app mini-program's requestPayment; 'wechat-jsapi' the chat-app browser's
 * WeixinJSBridge getBrandWCPayRequest; 'alipay-mini' the payment-app mini-program's tradePay;
 * 'alipay-jsapi' the payment-app browser's (and its HK variant's) AlipayJSBridge tradePay.
 */
export type PayChannel = 'hosted' | 'wechat-mini' | 'wechat-jsapi' | 'alipay-mini' | 'alipay-jsapi'

export const PAY_CHANNELS: readonly PayChannel[] = ['hosted', 'wechat-mini', 'wechat-jsapi', 'alipay-mini', 'alipay-jsapi']

/** table2 of PaySubmit / RechargeSubmit: the fields a channel does not use are ''. */
export interface PayInvocationRow {
  Channel: PayChannel
  /** wechat-jsapi: the official account's app id. */
  AppID: string
  /** wechat-*: seconds since the epoch, as text. */
  TimeStamp: string
  NonceStr: string
  /** wechat-*: 'prepay_id=…'. */
  Package: string
  SignType: string
  PaySign: string
  /** alipay-*: the trade number tradePay opens. */
  TradeNO: string
}

/** How a host's cashier ended, as the host reported it: never proof of payment (the server is asked). */
export type HostPayOutcome = 'done' | 'cancelled' | 'failed'
