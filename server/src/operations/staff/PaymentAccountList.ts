import { z } from 'zod'
import type { PaymentProviderRow } from '../../../../src/gateway/staff-contract'
import { listPaymentAccounts, TEST_PROVIDERS } from '../../domain/payments/payment-accounts.service'
import { assertWholeShop } from '../../domain/staff/staff-actor'
import { idField } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { requireShop } from './staff-setup'

export default defineStaffOperation({
  name: 'PaymentAccountList',
  auth: 'shops.manage',
  input: z.object({ ShopID: idField('The shop whose payment accounts are listed') }),
  async handler(ctx, input) {
    const staff = ctx.staff
    await requireShop(ctx.db, staff.entId, input.ShopID)
    assertWholeShop(staff, input.ShopID)
    const providers = ctx.providers.payments
    return {
      table1: await listPaymentAccounts(ctx.db, providers, staff.entId, input.ShopID),
      // Only what this server runs can be chosen.
      table2: providers.names().map((name): PaymentProviderRow => ({ Provider: name, RealMoney: TEST_PROVIDERS.includes(name) ? 0 : 1 }))
    }
  }
})
