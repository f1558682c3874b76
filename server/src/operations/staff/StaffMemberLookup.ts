import { z } from 'zod'
import { normalisePhone } from '../../domain/members/sms-areas'
import { appendAudit } from '../../domain/staff/audit-log'
import { memberSummary } from '../../domain/wallet/member-summary'
import { areaCodeField, phoneField } from './staff-fields'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffMemberLookup',
  auth: 'members.verify',
  input: z.object({ AreaCode: areaCodeField, Phone: phoneField }),
  async handler(ctx, input) {
    const phone = normalisePhone(input.AreaCode, input.Phone)
    const found = await ctx.db.selectFrom('members').selectAll().where('ent_id', '=', ctx.staff.entId).where('area_no', '=', phone.areaNo).where('phone', '=', phone.phone).execute()
    await appendAudit(ctx.db, { entId: ctx.staff.entId, actor: ctx.staff, action: 'member.lookup', targetType: 'phone', targetId: `+${phone.areaNo} ${phone.phone.slice(0, 1)}***${phone.phone.slice(-4)}`, detail: { found: found.length }, clientIp: ctx.clientIp, now: ctx.now })
    return { table1: await Promise.all(found.map((m) => memberSummary(ctx.db, m, ctx.now))) }
  }
})
