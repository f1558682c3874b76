import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { pageWindow } from '../../domain/paging'
import { listLedgerEntries } from '../../domain/wallet/balance.service'
import { pagingFields } from '../fields'
import { defineOperation } from '../operation'
import { BALANCE_RECORD_COLUMNS, balanceRecordRow } from '../recharge/recharge-rows'
import { TOTAL_COLUMNS, totalRow } from '../rows'

export default defineOperation({
  name: 'VipBalanceRecordByPage',
  group: 'Members',
  summary:
    "The signed-in member's balance entries (recharge, gift, spend, refund), newest first, paged: each with its signed amount and the balance after it. The balance is their sum. table2 holds the total. No session → errcode 10010.",
  auth: 'member',
  input: z.object(pagingFields),
  output: { table1: BALANCE_RECORD_COLUMNS, table2: TOTAL_COLUMNS },
  async handler(ctx, input) {
    const { limit, offset } = pageWindow(input)
    const { rows, total } = await listLedgerEntries(ctx.db, 'balance_ledger', ctx.member.vipId, limit, offset)
    const timeZone = await enterpriseTimeZone(ctx.db, ctx.enterprise.entId)
    return { table1: rows.map((r) => balanceRecordRow(r, timeZone)), table2: [totalRow(total)] }
  }
})
