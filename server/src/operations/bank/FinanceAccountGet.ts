import { z } from 'zod'
import { DomainError } from '../../domain/errors'
import { chooseFinanceAccount, requireFinanceAccount } from '../../domain/payments/payment.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { FINANCE_ACCOUNT_COLUMNS, financeAccountRow, PAY_CHANNEL_FIELD } from './bank-rows'

export default defineOperation({
  name: 'FinanceAccountGet',
  group: 'Bank',
  summary:
    "The shop's merchant account the caller would pay with (table1, one row): a shop may hold one per provider, and PaySubmit pays with the one whose provider opens the caller's PayChannel (given here: that account; absent: the shop's default). A shop without an enabled account this server can pay with → 20020 (payment account not linked to this shop); unknown shop → 20003.",
  auth: 'app',
  input: z.object({ ShopID: requiredId('Shop whose account is read'), PayChannel: PAY_CHANNEL_FIELD }),
  output: { table1: FINANCE_ACCOUNT_COLUMNS },
  async handler(ctx, input) {
    const { entId } = ctx.enterprise
    // No channel (the client asks before it knows its cashier): the shop's default; PaySubmit still chooses by channel.
    if (!input.PayChannel) return { table1: [financeAccountRow(await requireFinanceAccount(ctx.db, entId, input.ShopID))] }
    // An account at a provider this server does not run is still the shop's to show (PaySubmit refuses it).
    const account = await chooseFinanceAccount(ctx.db, ctx.providers.payments, entId, input.ShopID, { channel: input.PayChannel }).catch((e: unknown) => {
      if (e instanceof DomainError && e.code === 'PAYMENT_ACCOUNT_NOT_LINKED') return requireFinanceAccount(ctx.db, entId, input.ShopID)
      throw e
    })
    return { table1: [financeAccountRow(account)] }
  }
})
