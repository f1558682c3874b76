import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { pageWindow } from '../../domain/paging'
import { listLedgerEntries } from '../../domain/wallet/balance.service'
import { pagingFields } from '../fields'
import { defineOperation } from '../operation'
import { SCORE_RECORD_COLUMNS, scoreRecordRow } from '../recharge/recharge-rows'
import { TOTAL_COLUMNS, totalRow } from '../rows'

export default defineOperation({
  name: 'VipScoreRecordByPage',
  group: 'Members',
  summary:
    "The signed-in member's points entries, newest first, paged: 'earn' when an order was paid (1 point per whole currency unit paid), 'reverse' when that order was refunded. table2 holds the total. No session → errcode 10010.",
  auth: 'member',
  input: z.object(pagingFields),
  output: { table1: SCORE_RECORD_COLUMNS, table2: TOTAL_COLUMNS },
  async handler(ctx, input) {
    const { limit, offset } = pageWindow(input)
    const { rows, total } = await listLedgerEntries(ctx.db, 'score_ledger', ctx.member.vipId, limit, offset)
    const timeZone = await enterpriseTimeZone(ctx.db, ctx.enterprise.entId)
    return { table1: rows.map((r) => scoreRecordRow(r, timeZone)), table2: [totalRow(total)] }
  }
})
