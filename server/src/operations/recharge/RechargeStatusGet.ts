import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { requireMember, vipRow } from '../../domain/members/member.service'
import { rechargeStatus } from '../../domain/wallet/recharge.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { RECHARGE_COLUMNS, VIP_COLUMNS, rechargeRow } from './recharge-rows'

export default defineOperation({
  name: 'RechargeStatusGet',
  group: 'Recharge',
  summary:
    "One of the signed-in member's recharges after asking its payment provider (the 'recharge being checked' page polls it): table1 the recharge, table2 the member (VipRow) with the balance after it. A pending recharge the provider reports settled (its notice was lost) is settled now, by the same rules as a notice. Status 2 (declined): recharge again with a new RechargeSubmit. Unknown, or another member's → 20044. No session → errcode 10010.",
  auth: 'member',
  input: z.object({ RechargeID: requiredId('RechargeID of RechargeSubmit') }),
  output: { table1: RECHARGE_COLUMNS, table2: VIP_COLUMNS },
  async handler(ctx, input) {
    const entId = ctx.enterprise.entId
    const view = await rechargeStatus(
      { db: ctx.db, providers: ctx.providers.payments },
      { entId, member: ctx.member, rechargeId: input.RechargeID, origin: ctx.origin, locale: ctx.locale, now: ctx.now }
    )
    const timeZone = await enterpriseTimeZone(ctx.db, entId)
    const member = await requireMember(ctx.db, entId, ctx.member.vipId)
    return { table1: [rechargeRow(view, timeZone)], table2: [await vipRow(ctx.db, member, timeZone, ctx.now)] }
  }
})
