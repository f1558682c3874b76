import { z } from 'zod'
import { memberAfterSale } from '../../domain/aftersale/aftersale.service'
import { invalidInput } from '../../domain/errors'
import { optionalId } from '../fields'
import { defineOperation } from '../operation'
import { AFTERSALE_COLUMNS, AFTERSALE_LINE_COLUMNS, afterSaleAnswer, afterSaleImages } from './AfterSaleRows'

export default defineOperation({
  name: 'AfterSaleDetailGet',
  group: 'Retail',
  summary:
    "The signed-in member's after-sale request by AfterSaleID, or the latest request of one of their orders by SheetID: table1 the request with its photos, table2 its lines. Neither given → errcode 10007; none (or another member's) → 20073. No session → errcode 10010.",
  auth: 'member',
  input: z.object({
    AfterSaleID: optionalId('The request'),
    SheetID: optionalId('Or the order: its latest request')
  }),
  output: { table1: AFTERSALE_COLUMNS, table2: AFTERSALE_LINE_COLUMNS },
  async handler(ctx, input) {
    if (!input.AfterSaleID && !input.SheetID) throw invalidInput('AfterSaleID or SheetID')
    const images = afterSaleImages(ctx.providers.storage)
    const entId = ctx.enterprise.entId
    const view = await memberAfterSale(ctx.db, { entId, vipId: ctx.member.vipId, afterSaleId: input.AfterSaleID, sheetId: input.SheetID })
    return afterSaleAnswer(ctx.db, images, entId, view, ctx.origin, ctx.locale)
  }
})
