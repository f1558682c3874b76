import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { pageWindow } from '../../domain/paging'
import { listMemberCards, today } from '../../domain/coupons/coupon-cards'
import type { CardStatus } from '../../../../src/gateway/coupon-rows'
import { optionalInteger, pagingFields } from '../fields'
import { defineOperation } from '../operation'
import { TOTAL_COLUMNS, totalRow } from '../rows'
import { plansOf } from './coupon-plans-of'
import { CARD_COLUMNS, CARD_COUNT_COLUMNS, cardCountRows, cardRow } from './coupon-rows'

export default defineOperation({
  name: 'CouponCardList',
  group: 'Coupons',
  summary:
    "The signed-in member's cards in one state (Status 0 available — including ones whose first day is still ahead —, 1 used, 2 expired, 3 returned; absent: all), newest first, paged. An available card past its last day (on the enterprise's clock) is listed as expired. table2 the total of that state, table3 the count of every state (the tabs). No session → errcode 10010.",
  auth: 'member',
  input: z.object({
    Status: optionalInteger('0 available, 1 used, 2 expired, 3 returned; absent: all', 0, 3).transform((v) => v as CardStatus | undefined),
    ...pagingFields
  }),
  output: { table1: CARD_COLUMNS, table2: TOTAL_COLUMNS, table3: CARD_COUNT_COLUMNS },
  async handler(ctx, input) {
    const entId = ctx.enterprise.entId
    const day = await today(ctx.db, entId, ctx.now)
    const { limit, offset } = pageWindow(input)
    const { rows, total, counts } = await listMemberCards(ctx.db, { entId, vipId: ctx.member.vipId, status: input.Status, limit, offset, today: day })
    const { plans, scope } = await plansOf(ctx.db, entId, rows, ctx.locale)
    const timeZone = await enterpriseTimeZone(ctx.db, entId)
    return {
      table1: rows.map((c) => cardRow(c, plans.get(c.plan_id)!, { locale: ctx.locale, timeZone, today: day, scopeNames: scope.get(c.plan_id) })),
      table2: [totalRow(total)],
      table3: cardCountRows(counts)
    }
  }
})
