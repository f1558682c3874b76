import { z } from 'zod'
import { revokeSession } from '../../domain/members/member-session'
import { defineOperation } from '../operation'

export default defineOperation({
  name: 'VipLogout',
  group: 'Members',
  summary: "Ends the session of this request's token (its other sessions, on other devices, go on). The token is refused from then on (10010). No tables.",
  auth: 'member',
  input: z.object({}),
  output: {},
  async handler(ctx) {
    await revokeSession(ctx.db, ctx.member.tokenHash, ctx.now)
    return {}
  }
})
