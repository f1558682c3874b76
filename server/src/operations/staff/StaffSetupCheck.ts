import { z } from 'zod'
import type { LocalizedText } from '../../../../src/gateway/contract'
import { checkSetupLink } from '../../domain/staff/setup-link.service'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffSetupCheck',
  auth: 'public',
  input: z.object({ SetupToken: z.string().max(200).describe('The token of the setup link') }),
  async handler(ctx, input) {
    const link = await checkSetupLink(ctx.db, input.SetupToken, ctx.now)
    return { table1: [{ Valid: link.valid, EntID: link.entId, EntNames: link.names ? (JSON.parse(link.names) as LocalizedText) : null }] }
  }
})
