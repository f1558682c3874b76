import { z } from 'zod'
import { listPaymentAccounts, savePaymentAccount } from '../../domain/payments/payment-accounts.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { assertWholeShop } from '../../domain/staff/staff-actor'
import { idField, lineText, noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { flagField, requireShop } from './staff-setup'

export default defineStaffOperation({
  name: 'PaymentAccountSave',
  // Owners and the shop's managers: where the shop's money goes (cashiers and the kitchen: 10013).
  auth: 'shops.manage',
  input: z.object({
    ShopID: idField('The shop'),
    Provider: idField("A payment provider this server runs (PaymentAccountList's table2); another → 21500"),
    AccountName: lineText('The merchant name as staff and the payment page show it', 200),
    AccountNo: lineText('The merchant account number (mchid, app id …)', 128),
    Enabled: flagField('1 takes payments, 0 not', 1),
    Default: flagField("1 makes it the shop's default (first) account"),
    Reason: noteText('Why (kept in the audit log)')
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    await requireShop(ctx.db, staff.entId, input.ShopID)
    assertWholeShop(staff, input.ShopID)
    const providers = ctx.providers.payments
    const rows = await ctx.db.transaction().execute(async (trx) => {
      const before = (await listPaymentAccounts(trx, providers, staff.entId, input.ShopID)).find((a) => a.Provider === input.Provider)
      await savePaymentAccount(trx, providers, staff.entId, input.ShopID, {
        provider: input.Provider,
        accountName: input.AccountName,
        accountNo: input.AccountNo,
        enabled: input.Enabled === 1,
        makeDefault: input.Default === 1
      })
      const after = await listPaymentAccounts(trx, providers, staff.entId, input.ShopID)
      const saved = after.find((a) => a.Provider === input.Provider)
      const fields = (a: typeof saved) => (a ? { accountName: a.AccountName, accountNo: a.AccountNo, enabled: a.Enabled === 1, default: a.Default === 1 } : {})
      await appendAudit(trx, {
        entId: staff.entId,
        actor: staff,
        action: 'shop.paymentAccount.save',
        targetType: 'shop',
        targetId: input.ShopID,
        detail: { provider: input.Provider, ...(before ? { before: fields(before) } : { created: true }), after: fields(saved) },
        reason: input.Reason,
        clientIp: ctx.clientIp,
        now: ctx.now
      })
      return after
    })
    return { table1: rows }
  }
})
