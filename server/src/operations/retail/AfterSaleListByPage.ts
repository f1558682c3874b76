import { z } from 'zod'
import { memberAfterSales } from '../../domain/aftersale/aftersale.service'
import { pageWindow } from '../../domain/paging'
import { pagingFields } from '../fields'
import { defineOperation } from '../operation'
import { TOTAL_COLUMNS, totalRow } from '../rows'
import { AFTERSALE_COLUMNS, afterSaleImages, afterSaleRows } from './AfterSaleRows'

export default defineOperation({
  name: 'AfterSaleListByPage',
  group: 'Retail',
  summary:
    "The signed-in member's after-sale requests, newest first, with their photos (table1), and how many there are (table2); AfterSaleDetailGet gives a request's lines. No session → errcode 10010.",
  auth: 'member',
  input: z.object({ ...pagingFields }),
  output: { table1: AFTERSALE_COLUMNS, table2: TOTAL_COLUMNS },
  async handler(ctx, input) {
    const entId = ctx.enterprise.entId
    const { rows, total } = await memberAfterSales(ctx.db, { entId, vipId: ctx.member.vipId, ...pageWindow(input) })
    return { table1: await afterSaleRows(ctx.db, afterSaleImages(ctx.providers.storage), entId, rows, ctx.origin), table2: [totalRow(total)] }
  }
})
