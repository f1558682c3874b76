import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { memberDetail } from '../../domain/members/member-profile.service'
import { defineOperation } from '../operation'
import { VIP_COLUMNS } from './member-columns'

export default defineOperation({
  name: 'VipDetailGet',
  group: 'Members',
  summary: 'The signed-in member (table1, one row) with balance, points and the number of coupons usable today. The member comes from the session token only; a VipID in the record is ignored.',
  auth: 'member',
  input: z.object({}),
  output: { table1: VIP_COLUMNS },
  async handler(ctx) {
    const timeZone = await enterpriseTimeZone(ctx.db, ctx.enterprise.entId)
    return { table1: [await memberDetail({ db: ctx.db, member: ctx.member, timeZone, now: ctx.now })] }
  }
})
