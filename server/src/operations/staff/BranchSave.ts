import { z } from 'zod'
import type { BranchChanges } from '../../../../src/gateway/setup-contract'
import { readBranchSetup, saveBranch } from '../../domain/setup/shop-setup.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { assertBase, assertWholeShop } from '../../domain/staff/staff-actor'
import { idField, noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { changesOf, requireBranch, requireShop, setupObjectField } from './staff-setup'

const KEYS = [
  'code',
  'names',
  'address',
  'phone',
  'lat',
  'lng',
  'hours',
  'weekdays',
  'services',
  'tableService',
  'dtbDuration',
  'cookingTimeDuration',
  'webOrderDuration',
  'openingHoursText',
  'payLaterOnlineCheckout',
  'deliveryRange',
  'deliveryFees',
  'params'
] as const

export default defineStaffOperation({
  name: 'BranchSave',
  auth: 'shops.manage',
  input: z.object({
    BaseID: idField("The branch to change (within the caller's branches); '' adds one to ShopID (the whole shop in the caller's scope)"),
    ShopID: idField("The shop a new branch belongs to ('' when changing one)"),
    Branch: setupObjectField<BranchChanges>(
      'What changes, as saveBranch takes it (docs/setup.md): code, names, address, phone, lat, lng, hours {begin, end} (an end before the begin crosses midnight), weekdays, services, tableService, dtbDuration, cookingTimeDuration, webOrderDuration, openingHoursText, payLaterOnlineCheckout, deliveryRange, deliveryFees [{by, upTo, fee}], params'
    ),
    Reason: noteText('Why (kept in the audit log)')
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    const { baseId: _b, shopId: _s, ...changes } = input.Branch as BranchChanges & { baseId?: unknown; shopId?: unknown }
    if (input.BaseID) {
      const base = await requireBranch(ctx.db, staff.entId, input.BaseID)
      assertBase(staff, base.shop_id, base.base_id)
    } else {
      if (input.ShopID) await requireShop(ctx.db, staff.entId, input.ShopID)
      assertWholeShop(staff, input.ShopID)
    }
    const saved = await ctx.db.transaction().execute(async (trx) => {
      const before = input.BaseID ? await readBranchSetup(trx, staff.entId, input.BaseID) : null
      const after = await saveBranch(trx, staff.entId, input.BaseID ? { ...changes, baseId: input.BaseID } : { ...changes, shopId: input.ShopID || undefined })
      const detail = before ? changesOf(before, after, KEYS) : { created: true, after: changesOf({}, after, KEYS).after }
      if (!before || Object.keys(detail.after).length > 0) {
        await appendAudit(trx, { entId: staff.entId, actor: staff, action: 'branch.save', targetType: 'base', targetId: after.baseId, detail, reason: input.Reason, clientIp: ctx.clientIp, now: ctx.now })
      }
      return after
    })
    return { table1: [saved] }
  }
})
