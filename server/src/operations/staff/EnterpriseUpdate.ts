import { z } from 'zod'
import type { EnterpriseChanges } from '../../../../src/gateway/setup-contract'
import { readEnterpriseSetup, updateEnterprise } from '../../domain/setup/enterprise-setup.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { changesOf, setupObjectField } from './staff-setup'

const KEYS = ['names', 'currency', 'timeZone', 'languages', 'amoPoint', 'pricePoint', 'quantityEditAllowed', 'lowerSentAllowed', 'settings', 'serviceLinks'] as const

export default defineStaffOperation({
  name: 'EnterpriseUpdate',
  auth: 'enterprise.manage',
  input: z.object({
    Changes: setupObjectField<EnterpriseChanges>(
      'What changes, as updateEnterprise takes it (docs/setup.md): names, currency, timeZone, languages, amoPoint, pricePoint, quantityEditAllowed, lowerSentAllowed, settings (a setting null is removed), serviceLinks'
    ),
    Reason: noteText('Why (kept in the audit log)')
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const before = await readEnterpriseSetup(ctx.db, staff.entId)
    const after = await ctx.db.transaction().execute(async (trx) => {
      await updateEnterprise(trx, staff.entId, input.Changes)
      const now = await readEnterpriseSetup(trx, staff.entId)
      const detail = changesOf(before, now, KEYS)
      if (Object.keys(detail.after).length > 0) {
        await appendAudit(trx, { entId: staff.entId, actor: staff, action: 'enterprise.update', targetType: 'enterprise', targetId: staff.entId, detail, reason: input.Reason, clientIp: ctx.clientIp, now: ctx.now })
      }
      return now
    })
    return { table1: [{ entId: staff.entId, ...after }] }
  }
})
