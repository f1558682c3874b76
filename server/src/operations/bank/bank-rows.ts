/** Rows of the Bank operations (finance accounts, payments with their hosted page); PaymentRow's docs are in retail/OrderRows.ts. */
import type { FinanceAccountRow, PaymentRow } from '../../../../src/gateway/order-rows'
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
