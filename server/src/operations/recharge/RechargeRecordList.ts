import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { pageWindow } from '../../domain/paging'
import { listRecharges, rechargeView } from '../../domain/wallet/recharge.service'
import { pagingFields } from '../fields'
import { defineOperation } from '../operation'
import { TOTAL_COLUMNS, totalRow } from '../rows'
import { RECHARGE_COLUMNS, rechargeRow } from './recharge-rows'

export default defineOperation({
  name: 'RechargeRecordList',
  group: 'Recharge',
  summary:
    "The signed-in member's recharges, newest first, paged; a pending one carries its PayUrl. table2 holds the total. No session → errcode 10010.",
  auth: 'member',
  input: z.object(pagingFields),
  output: { table1: RECHARGE_COLUMNS, table2: TOTAL_COLUMNS },
  async handler(ctx, input) {
    const { limit, offset } = pageWindow(input)
    const { rows, total } = await listRecharges(ctx.db, ctx.enterprise.entId, ctx.member.vipId, limit, offset)
    const timeZone = await enterpriseTimeZone(ctx.db, ctx.enterprise.entId)
    const deps = { db: ctx.db, providers: ctx.providers.payments }
    const views = await Promise.all(rows.map((r) => rechargeView(deps, r, ctx.origin, ctx.locale, 'hosted', { pageOptional: true })))
    return { table1: views.map((v) => rechargeRow(v, timeZone)), table2: [totalRow(total)] }
  }
})
