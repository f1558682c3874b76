import { z } from 'zod'
import { DomainError } from '../../domain/errors'
import { appendAudit } from '../../domain/staff/audit-log'
import { memberNumberTries, verifyMemberCode } from '../../domain/wallet/member-code'
import { memberSummary } from '../../domain/wallet/member-summary'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffMemberVerify',
  auth: 'members.verify',
  input: z.object({ Code: z.string().trim().min(1).max(300).describe("The member code the diner shows: the QR code's text (scanned) or its 10-digit number (typed; spaces and dashes ignored)") }),
  async handler(ctx, input) {
    // A typed number counts against this person's and this device's wrong numbers (21411 at the limit).
    const checked = await verifyMemberCode(ctx.db, input.Code, ctx.now, { entId: ctx.staff.entId, tries: memberNumberTries(ctx.staff, null) })
    // Another enterprise's member is no member here: the same answer as a made-up code.
    if (!checked.ok || checked.member.ent_id !== ctx.staff.entId) throw new DomainError('MEMBER_CODE_INVALID')
    await appendAudit(ctx.db, { entId: ctx.staff.entId, actor: ctx.staff, action: 'member.verify', targetType: 'member', targetId: checked.member.vip_id, clientIp: ctx.clientIp, now: ctx.now })
    return { table1: [{ ...(await memberSummary(ctx.db, checked.member, ctx.now)), ExpiresAt: checked.expiresAt.toISOString() }] }
  }
})
