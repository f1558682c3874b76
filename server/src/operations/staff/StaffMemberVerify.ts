import { z } from 'zod'
import { DomainError } from '../../domain/errors'
import { appendAudit } from '../../domain/staff/audit-log'
import { verifyMemberCode } from '../../domain/wallet/member-code'
import { memberSummary } from '../../domain/wallet/member-summary'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffMemberVerify',
  auth: 'members.verify',
  input: z.object({ Code: z.string().trim().min(1).max(300).describe('The member code the diner shows (typed or scanned)') }),
  async handler(ctx, input) {
    const checked = await verifyMemberCode(ctx.db, input.Code, ctx.now)
    // Another enterprise's member is no member here: the same answer as a made-up code.
    if (!checked.ok || checked.member.ent_id !== ctx.staff.entId) throw new DomainError('MEMBER_CODE_INVALID')
    await appendAudit(ctx.db, { entId: ctx.staff.entId, actor: ctx.staff, action: 'member.verify', targetType: 'member', targetId: checked.member.vip_id, clientIp: ctx.clientIp, now: ctx.now })
    return { table1: [{ ...(await memberSummary(ctx.db, checked.member, ctx.now)), ExpiresAt: checked.expiresAt.toISOString() }] }
  }
})
