import { z } from 'zod'
import type { LocalizedText } from '../../../../src/gateway/contract'
import { announceMenuChange, saveMenuClass } from '../../domain/catalogue/menu-edit.service'
import { appendAudit } from '../../domain/staff/audit-log'
import { assertWholeShop } from '../../domain/staff/staff-actor'
import { idField, noteText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { afterMenuChange, shopField } from './staff-menu-edit'

export default defineStaffOperation({
  name: 'MenuClassSave',
  auth: 'menu.edit',
  input: z.object({
    ShopID: shopField,
    ClassID: idField("The class to change; '' to add one"),
    Code: z.preprocess((v) => (v == null ? '' : v), z.string().max(64)).describe('Class code (1–32 letters, digits, _ or -; kept once made)'),
    // Checked by the import's class rules (menu-edit.service.ts), which name the empty or missing language.
    Names: z.custom<LocalizedText>((v) => typeof v === 'object' && v !== null && !Array.isArray(v)).describe("Names: { 'zh-CN', 'zh-TW', en }, none empty"),
    Sort: z.preprocess((v) => (v === '' || v == null ? undefined : v), z.coerce.number().int().min(-1_000_000).max(1_000_000_000).optional()).describe("Place (ascending); '' = last for a new class, unchanged otherwise"),
    Reason: noteText('Why (kept in the audit log)')
  }),
  async handler(ctx, input) {
    const staff = ctx.staff
    assertWholeShop(staff, input.ShopID)
    const startedAt = Date.now()
    const saved = await ctx.db.transaction().execute(async (trx) => {
      const saved = await saveMenuClass(trx, {
        entId: staff.entId,
        shopId: input.ShopID,
        classId: input.ClassID,
        item: { code: input.Code, names: input.Names, sort: input.Sort },
        locale: ctx.locale,
        now: ctx.now
      })
      await appendAudit(trx, {
        entId: staff.entId,
        actor: staff,
        action: 'menu.class.save',
        targetType: 'class',
        targetId: saved.after.classId,
        detail: { shopId: input.ShopID, before: saved.before, after: saved.after },
        reason: input.Reason,
        clientIp: ctx.clientIp,
        now: ctx.now
      })
      await announceMenuChange(trx, staff.entId, input.ShopID, saved.version, ctx.now)
      return saved
    })
    await afterMenuChange(ctx.db, ctx.config.filesDir, staff.entId, input.ShopID, startedAt)
    const c = saved.after
    return { table1: [{ ClassID: c.classId, Code: c.code, Names: c.names, Sort: c.sortNo, Version: saved.version }] }
  }
})
