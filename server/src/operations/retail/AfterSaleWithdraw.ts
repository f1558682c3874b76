import { z } from 'zod'
import { withdrawAfterSale } from '../../domain/aftersale/aftersale.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { AFTERSALE_COLUMNS, afterSaleImages, afterSaleRows } from './AfterSaleRows'

export default defineOperation({
  name: 'AfterSaleWithdraw',
  group: 'Retail',
  summary:
    "The signed-in member withdraws their request while the shop has not decided it (status 0 → 4); the answer is the request. Withdrawing again answers the same; approved, rejected or refunded → 20074; unknown or another member's → 20073. No session → errcode 10010.",
  auth: 'member',
  input: z.object({ AfterSaleID: requiredId('The request') }),
  output: { table1: AFTERSALE_COLUMNS },
  async handler(ctx, input) {
    const entId = ctx.enterprise.entId
    const view = await withdrawAfterSale(ctx.db, { entId, vipId: ctx.member.vipId, afterSaleId: input.AfterSaleID, now: ctx.now })
    return { table1: await afterSaleRows(ctx.db, afterSaleImages(ctx.providers.storage), entId, [view.request], ctx.origin) }
  }
})
