import { z } from 'zod'
import { requireFinanceAccount } from '../../domain/payments/payment.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { FINANCE_ACCOUNT_COLUMNS, financeAccountRow } from './bank-rows'

export default defineOperation({
  name: 'FinanceAccountGet',
  group: 'Bank',
  summary:
    "The shop's merchant account at its payment provider (table1, one row). A shop without an enabled account → 20020 (payment account not linked to this shop); unknown shop → 20003.",
  auth: 'app',
  input: z.object({ ShopID: requiredId('Shop whose account is read') }),
  output: { table1: FINANCE_ACCOUNT_COLUMNS },
  async handler(ctx, input) {
    const account = await requireFinanceAccount(ctx.db, ctx.enterprise.entId, input.ShopID)
    return { table1: [financeAccountRow(account)] }
  }
})
