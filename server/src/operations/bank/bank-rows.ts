/** Rows of the Bank operations (finance accounts, payments with their hosted page); PaymentRow's docs are in retail/OrderRows.ts. */
import type { FinanceAccountRow, PaymentRow } from '../../../../src/gateway/order-rows'
import { PAY_CHANNELS, type PayChannel, type PayInvocationRow } from '../../../../src/gateway/pay-invocation'
import type { PaymentInvocation } from '../../providers/payment/payment-provider'
import { z } from 'zod'
import type { FinanceAccount, PaymentView } from '../../domain/payments/payment.service'
import { paymentRow } from '../../domain/orders/order-view'
import type { ColumnDocs } from '../operation'

export const FINANCE_ACCOUNT_COLUMNS: ColumnDocs<FinanceAccountRow> = {
  ShopID: 'string: the shop',
  Provider: "string: the provider its merchant account is at ('sandbox')",
  AccountName: 'string: merchant name shown on the payment page',
  AccountTail: 'string: last four characters of the merchant account'
}

export const paymentViewRow = (view: PaymentView, timeZone: string): PaymentRow => paymentRow(view.payment, timeZone, view.payUrl)

export const financeAccountRow = (account: FinanceAccount): FinanceAccountRow => ({
  ShopID: account.shopId,
  Provider: account.provider,
  AccountName: account.accountName,
  AccountTail: account.accountNo.slice(-4)
})

/** PaySubmit's and RechargeSubmit's PayChannel field. */
export const PAY_CHANNEL_FIELD = z
  .enum(PAY_CHANNELS as [PayChannel, ...PayChannel[]])
  .optional()
  .describe(
    "The cashier the caller's host opens (docs/hosts.md): 'hosted' (default, PayUrl), 'wechat-mini' (chat-app mini-program requestPayment), 'wechat-jsapi' (chat-app browser getBrandWCPayRequest), 'alipay-mini' (payment-app mini-program tradePay), 'alipay-jsapi' (payment-app browser and its HK variant, AlipayJSBridge tradePay); a channel the provider does not offer → 10007"
  )

export const PAY_INVOCATION_COLUMNS: ColumnDocs<PayInvocationRow> = {
  Channel: "string: the PayChannel asked for ('hosted' when none)",
  AppID: "string: wechat-jsapi / wechat-mini: the app id ('sandbox' from the sandbox); '' otherwise",
  TimeStamp: 'string: wechat-*: seconds since the epoch, as requestPayment / getBrandWCPayRequest take it',
  NonceStr: 'string: wechat-*',
  Package: "string: wechat-*: 'prepay_id=…'",
  SignType: "string: wechat-*: 'HMAC-SHA256' (sandbox), 'RSA' or 'MD5' at a real provider",
  PaySign: 'string: wechat-*: the signature over appId, timeStamp, nonceStr, package, signType',
  TradeNO: 'string: alipay-*: the trade number tradePay opens'
}

/** table2 of PaySubmit / RechargeSubmit: one row while the payment can be paid, none once decided. */
export function invocationRows(invocation: PaymentInvocation | null | undefined): PayInvocationRow[] {
  if (!invocation) return []
  const row: PayInvocationRow = { Channel: invocation.channel, AppID: '', TimeStamp: '', NonceStr: '', Package: '', SignType: '', PaySign: '', TradeNO: '' }
  switch (invocation.channel) {
    case 'hosted':
      return [row]
    case 'wechat-mini':
    case 'wechat-jsapi':
      return [{ ...row, AppID: invocation.appId, TimeStamp: invocation.timeStamp, NonceStr: invocation.nonceStr, Package: invocation.package, SignType: invocation.signType, PaySign: invocation.paySign }]
    case 'alipay-mini':
    case 'alipay-jsapi':
      return [{ ...row, TradeNO: invocation.tradeNO }]
  }
}
