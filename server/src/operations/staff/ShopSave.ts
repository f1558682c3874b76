import { z } from 'zod'
import type { ShopChanges } from '../../../../src/gateway/setup-contract'
import { EnvelopeError } from '../../domain/errors'
import { readShopSetup, saveShop } from '../../domain/setup/shop-setup.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { assertWholeShop } from '../../domain/staff/staff-actor'
import { idField, noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { assertWholeEnterprise, changesOf, requireShop, setupObjectField } from './staff-setup'

const KEYS = ['code', 'names', 'address', 'phone', 'posType', 'enabled', 'userName', 'userCode', 'minaAppId', 'minaId', 'financeAccount', 'financeAccounts', 'bagFee', 'notice', 'pageConfig', 'params'] as const

export default defineStaffOperation({
  name: 'ShopSave',
  auth: 'shops.manage',
  input: z.object({
    ShopID: idField("The shop to change; '' adds one (owners, and managers of every shop)"),
    Shop: setupObjectField<ShopChanges>(
      'What changes, as saveShop takes it (docs/setup.md): code, names, address, phone, posType, enabled, bagFee, notice, pageConfig (Home’s sections, src/core/shop-page.ts), params; financeAccount owners only'
    ),
    Reason: noteText('Why (kept in the audit log)')
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const { shopId: _ignored, ...changes } = input.Shop as ShopChanges & { shopId?: unknown }
    // Where the money goes is the owner's to say.
    if ((changes.financeAccount !== undefined || changes.financeAccounts !== undefined) && staff.role !== 'owner') throw new EnvelopeError('STAFF_NOT_PERMITTED')
    if (input.ShopID) {
      await requireShop(ctx.db, staff.entId, input.ShopID)
      assertWholeShop(staff, input.ShopID)
    } else {
      assertWholeEnterprise(staff)
    }
    const saved = await ctx.db.transaction().execute(async (trx) => {
      const before = input.ShopID ? await readShopSetup(trx, staff.entId, input.ShopID) : null
      const after = await saveShop(trx, staff.entId, { ...changes, shopId: input.ShopID || undefined })
      const detail = before ? changesOf(before, after, KEYS) : { created: true, after: changesOf({}, after, KEYS).after }
      if (!before || Object.keys(detail.after).length > 0) {
        await appendAudit(trx, { entId: staff.entId, actor: staff, action: 'shop.save', targetType: 'shop', targetId: after.shopId, detail, reason: input.Reason, clientIp: ctx.clientIp, now: ctx.now })
      }
      return after
    })
    return { table1: [saved] }
  }
})
